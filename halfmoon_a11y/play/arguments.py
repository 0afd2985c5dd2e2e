"""How each command's arguments are read: the words after its name, into the command
value it makes. Each builder takes the command's name (for its refusals) and its words,
and raises a HalfMoonError saying why they will not do.

Apart from the table (`play.commands`) so that the table reads as the list of commands
and this module as the grammar of their arguments. `help`'s arguments are read in the
table's module: they may name a command, which only the table knows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import LETTERS, DealCode
from halfmoon_a11y.core.errors import BadLocationError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.command_values import Change, New, Pick, Repeat, ShowMoves, ShowPile
from halfmoon_a11y.play.errors import (
    BadArgumentError,
    MissingArgumentError,
    RepeatedPlaceError,
    TooManyArgumentsError,
)
from halfmoon_a11y.play.lexicon import LEXICONS, Lexicon, fold
from halfmoon_a11y.play.settings import SETTINGS, find_setting

if TYPE_CHECKING:
    from typing import TypeVar

    C = TypeVar("C")  # the command value a builder makes

CODE_PARTS = 3  # HM1, N and the letters
CODE_WORDS = CODE_PARTS - 1 + LETTERS  # HM1, N and each letter apart, as sentences say it
REPEAT_DEPTH = 10  # `repeat 10` is the furthest back: the front ends keep this many answers
RULES = "rules"  # the help topic that reads the rules
KEYS = "keys"  # the help topic that lists the prompt's keys
TABLE = "table"  # the help topic that says the shape of the table
READER_TOPIC = "screen-reader"  # the help topic for screen-reader users
TOPICS = (RULES, KEYS, TABLE, READER_TOPIC)


def no_args(factory: Callable[[], C]) -> Callable[[str, Sequence[str]], C]:
    """The builder of a command typed alone: its value, and no word after its name."""

    def build(name: str, args: Sequence[str]) -> C:
        count(name, args, 0, 0)
        return factory()

    return build


def count(name: str, args: Sequence[str], least: int, most: int) -> None:
    if len(args) < least:
        raise MissingArgumentError(name)
    if len(args) > most:
        raise TooManyArgumentsError(name)


def place(name: str, text: str) -> Location:
    """A place, refused with the command's name."""
    try:
        return Location.parse(text)
    except BadLocationError:
        raise BadLocationError(text, name) from None


def build_pick(name: str, args: Sequence[str]) -> Pick:
    """One to three places, never one twice; the words that join them ("and") dropped."""
    places = [arg for arg in args if fold(arg) not in joiners()]
    count(name, places, 1, 3)
    locations = tuple(place(name, arg) for arg in places)
    for index, location in enumerate(locations):
        if location in locations[:index]:  # one card cannot be used twice in a move
            raise RepeatedPlaceError(name, places[index])
    return Pick(locations)


def build_new(name: str, args: Sequence[str]) -> New:
    """`new`, or `new` and a code, its parts joined by dashes (HM1-N-ABCDEFG) or spaces
    (HM1 N ABCDEFG), or its letters apart (HM1 N, A, B, C, D, E, F, G: the form the game
    says, which a screen reader spells; the line's commas are gone by now)."""
    if not 1 < len(args) <= CODE_WORDS:
        count(name, args, 0, 1)
    return New(DealCode.parse(" ".join(args)) if args else None)


def build_pile(name: str, args: Sequence[str]) -> ShowPile:
    count(name, args, 1, 1)
    return ShowPile(place(name, args[0]))


MOVES_ASKED_DIGITS = 3  # `moves 20`: a game has at most 52 moves; 999 says them all


def build_moves(name: str, args: Sequence[str]) -> ShowMoves:
    """`moves`, or `moves N`: the last N moves, N a whole number from 1, in ASCII digits
    (a number past the game's moves says them all)."""
    count(name, args, 0, 1)
    if not args:
        return ShowMoves()
    text = args[0]
    if not (text.isascii() and text.isdigit() and len(text) <= MOVES_ASKED_DIGITS):
        raise BadArgumentError(name, text)
    if int(text) < 1:
        raise BadArgumentError(name, text)
    return ShowMoves(int(text))


def build_repeat(name: str, args: Sequence[str]) -> Repeat:
    """`repeat`, or `repeat N` with N from 1 to REPEAT_DEPTH, in ASCII digits."""
    count(name, args, 0, 1)
    if not args:
        return Repeat()
    text = args[0]
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= REPEAT_DEPTH):
        raise BadArgumentError(name, text)
    return Repeat(int(text))


def change(name: str, key: str, text: str) -> Change:
    try:
        return Change(key, SETTINGS[key].parse(text))
    except ValueError:
        raise BadArgumentError(name, text, key) from None


def build_setting(key: str) -> Callable[[str, Sequence[str]], Change]:
    """The builder of one setting's own command: `lang da`, `speech off`."""

    def build(name: str, args: Sequence[str]) -> Change:
        if not args:  # `lang` alone: its value is missing, and the values are said
            raise MissingArgumentError(name, key)
        count(name, args, 1, 1)
        return change(name, key, args[0])

    return build


def build_set(name: str, args: Sequence[str]) -> Change:
    """`set move-errors on`, and as forgiving as a player: `set move errors on`."""
    if len(args) < 2:
        named = find_setting(" ".join(args)) if args else None
        raise MissingArgumentError(name, named.key if named else None)
    spec = find_setting(" ".join(args[:-1]))
    if spec is None:
        raise BadArgumentError(name, " ".join(args[:-1]))
    return change(name, spec.key, args[-1])


def topic(word: str) -> str | None:
    """The help topic a word names (rules, keys, table), in any language; else None."""
    return _topics_of(tuple(LEXICONS.values())).get(fold(word))


@cache
def _topics_of(lexicons: tuple[Lexicon, ...]) -> dict[str, str]:
    """Every folded name of every help topic, for the languages registered now (checked
    for every one-word line: `rules` alone reads the rules)."""
    names = {each: each for each in TOPICS}
    for lex in lexicons:
        for each in TOPICS:
            names.update((fold(name), each) for name in lex.topics.get(each, ()))
    return names


def joiners() -> frozenset[str]:
    """The words that join places ("and", "i", "og"), for the languages registered now."""
    return _joiners_of(tuple(LEXICONS.values()))


@cache
def _joiners_of(lexicons: tuple[Lexicon, ...]) -> frozenset[str]:
    return frozenset(fold(word) for lex in lexicons for word in lex.joiners)
