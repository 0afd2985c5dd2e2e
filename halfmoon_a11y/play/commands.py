"""The command language every front end shares: text is parsed into command objects first.

>>> parse("PICK 1 r8")
Pick(locations=(Location.parse('1'), Location.parse('R8')))
>>> parse("desfés")
Undo()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.errors import (
    BadArgumentError,
    MissingArgumentError,
    TooManyArgumentsError,
    UnknownCommandError,
)
from halfmoon_a11y.play.lexicon import LEXICONS, Lexicon, command_aliases, fold, lexicon
from halfmoon_a11y.play.messages import N_
from halfmoon_a11y.play.settings import SETTINGS, find_setting

# -- the commands ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pick:
    locations: tuple[Location, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    pass


@dataclass(frozen=True, slots=True)
class New:
    code: DealCode | None = None


@dataclass(frozen=True, slots=True)
class Quit:
    pass


@dataclass(frozen=True, slots=True)
class Board:
    pass


@dataclass(frozen=True, slots=True)
class ShowPile:
    location: Location


@dataclass(frozen=True, slots=True)
class ShowReserve:
    pass


@dataclass(frozen=True, slots=True)
class Info:
    pass


@dataclass(frozen=True, slots=True)
class ShowCode:
    pass


@dataclass(frozen=True, slots=True)
class ShowSelection:
    pass


@dataclass(frozen=True, slots=True)
class Repeat:
    pass


@dataclass(frozen=True, slots=True)
class Help:
    topic: str | None = None  # a command's canonical name


@dataclass(frozen=True, slots=True)
class Change:
    """`set NAME VALUE`, or a setting's own command (`lang CODE`): one setting changes."""

    setting: str  # a key of play.settings.SETTINGS
    value: Any  # already parsed and checked by the setting's kind


@dataclass(frozen=True, slots=True)
class Stats:
    pass


@dataclass(frozen=True, slots=True)
class Blank:
    """An empty line: nothing to do."""


Command = (
    Pick
    | Undo
    | New
    | Quit
    | Board
    | ShowPile
    | ShowReserve
    | Info
    | ShowCode
    | ShowSelection
    | Repeat
    | Help
    | Change
    | Stats
    | Blank
)


# -- the table -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: its English name (its names in each language are in play.lexicon),
    its arguments and summary for help (translated), and how its arguments are parsed."""

    name: str
    usage: str  # arguments, in the source language (translated); "" when it takes none
    summary: str  # one-line help (translated)
    build: Callable[[str, Sequence[str]], Command]
    setting: str | None = None  # the setting this command changes; its values are the usage

    @property
    def aliases(self) -> tuple[str, ...]:
        """Every other name it answers to, in every language."""
        return command_aliases(self.name)[1:]

    def local_name(self, language: str) -> str:
        return lexicon(language).command(self.name) or self.name


def _no_args(factory: Callable[[], Command]) -> Callable[[str, Sequence[str]], Command]:
    def build(name: str, args: Sequence[str]) -> Command:
        _count(name, args, 0, 0)
        return factory()

    return build


def _count(name: str, args: Sequence[str], least: int, most: int) -> None:
    if len(args) < least:
        raise MissingArgumentError(name)
    if len(args) > most:
        raise TooManyArgumentsError(name)


def _pick(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 1, 3)
    return Pick(tuple(Location.parse(arg) for arg in args))


def _new(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 0, 1)
    return New(DealCode.parse(args[0]) if args else None)


def _pile(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 1, 1)
    location = Location.parse(args[0])
    if location.reserve:
        raise BadArgumentError(name, args[0])
    return ShowPile(location)


def _help(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 0, 1)
    if not args:
        return Help()
    return Help(find(args[0]).name)


def _change(name: str, key: str, text: str) -> Change:
    try:
        return Change(key, SETTINGS[key].parse(text))
    except ValueError:
        raise BadArgumentError(name, text) from None


def _own_command(key: str) -> Callable[[str, Sequence[str]], Command]:
    """The command of one setting: `lang da`, `speech off`."""

    def build(name: str, args: Sequence[str]) -> Command:
        _count(name, args, 1, 1)
        return _change(name, key, args[0])

    return build


def _set(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 2, 2)
    spec = find_setting(args[0])
    if spec is None:
        raise BadArgumentError(name, args[0])
    return _change(name, spec.key, args[1])


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "pick",
        N_("LOCATION [LOCATION [LOCATION]]"),
        N_("Tap cards: piles 1 to 12, reserve R1 to R8."),
        _pick,
    ),
    CommandSpec("undo", "", N_("Take back the last move."), _no_args(Undo)),
    CommandSpec("new", N_("[CODE]"), N_("Start a new game, or the deal with this code."), _new),
    CommandSpec("board", "", N_("Read the whole table: piles, then reserve."), _no_args(Board)),
    CommandSpec("pile", N_("NUMBER"), N_("Read one pile."), _pile),
    CommandSpec("reserve", "", N_("Read the reserve."), _no_args(ShowReserve)),
    CommandSpec("info", "", N_("Time, score, moves and deal code."), _no_args(Info)),
    CommandSpec("code", "", N_("The deal code of this game."), _no_args(ShowCode)),
    CommandSpec("selection", "", N_("What is selected now."), _no_args(ShowSelection)),
    CommandSpec("repeat", "", N_("Say the last announcement again."), _no_args(Repeat)),
    CommandSpec("help", N_("[COMMAND]"), N_("List the commands, or explain one."), _help),
    CommandSpec("lang", "", N_("Change the language."), _own_command("lang"), setting="lang"),
    CommandSpec(
        "set",
        N_("SETTING VALUE"),
        N_("Change a setting: {settings}."),  # each setting without a command of its own
        _set,
    ),
    CommandSpec(
        "speech",
        "",
        N_("The game's own voice. Auto: it speaks only when no screen reader does."),
        _own_command("speech"),
        setting="speech",
    ),
    CommandSpec(
        "stats",
        "",
        N_("Games played, won and blocked, win rate, best time and winning streaks."),
        _no_args(Stats),
    ),
    CommandSpec("quit", "", N_("Leave the game."), _no_args(Quit)),
)


def settings_of_set() -> list[str]:
    """The settings that `set` lists: those without a command of their own."""
    own = {spec.setting for spec in COMMANDS}
    return [key for key in SETTINGS if key not in own]


@cache
def _by_name(lexicons: tuple[Lexicon, ...]) -> dict[str, CommandSpec]:
    """Every folded name of every command, for the languages registered now."""
    table: dict[str, CommandSpec] = {}
    for spec in COMMANDS:
        for word in (spec.name, *spec.aliases):
            table[fold(word)] = spec
    return table


def find(word: str) -> CommandSpec:
    spec = _by_name(tuple(LEXICONS.values())).get(fold(word))
    if spec is None:
        raise UnknownCommandError(word)
    return spec


def command_words() -> list[str]:
    """Every name a command answers to, for completion."""
    return sorted(_by_name(tuple(LEXICONS.values())))


def parse(line: str) -> Command:
    """Turn one line into a command, or raise a HalfMoonError saying why not."""
    words = line.split()
    if not words:
        return Blank()
    spec = find(words[0])
    return spec.build(spec.name, words[1:])
