"""The command language every front end shares: text is parsed into command objects first.

>>> parse("PICK 1 r8")
Pick(locations=(Location.parse('1'), Location.parse('R8')))
>>> parse("desfés")
Undo()
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.errors import (
    BadArgumentError,
    MissingArgumentError,
    TooManyArgumentsError,
    UnknownCommandError,
)
from halfmoon_a11y.play.settings import LANGUAGES, RATE_MAX, RATE_MIN, CardNames, Setting


def N_(message: str) -> str:
    """Marks a message for translation; the presenter translates it."""
    return message


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
class Repeat:
    pass


@dataclass(frozen=True, slots=True)
class Help:
    topic: str | None = None  # a command's canonical name


@dataclass(frozen=True, slots=True)
class Change:
    """`set NAME VALUE`, `lang CODE` and `speech on|off`: one setting changes."""

    setting: Setting
    value: str | bool | int | CardNames


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
    | Repeat
    | Help
    | Change
    | Stats
    | Blank
)


# -- the table -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str  # canonical English name
    ca: str  # the Catalan name
    da: str  # the Danish name
    usage: str  # arguments, in the source language (translated)
    summary: str  # one-line help (translated)
    build: Callable[[str, Sequence[str]], Command]
    extra: tuple[str, ...] = ()  # variants: without accents, synonyms

    @property
    def aliases(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((self.ca, self.da, *self.extra)))

    def local_name(self, language: str) -> str:
        return {"ca": self.ca, "da": self.da}.get(language, self.name)


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


def _lang(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 1, 1)
    value = _fold(args[0])
    if value not in LANGUAGES:
        raise BadArgumentError(name, args[0])
    return Change(Setting.LANGUAGE, value)


ON_WORDS = frozenset({"on", "yes", "si", "sí", "til", "ja", "1"})
OFF_WORDS = frozenset({"off", "no", "fra", "nej", "0"})


def parse_switch(name: str, text: str) -> bool:
    value = _fold(text)
    if value in ON_WORDS:
        return True
    if value in OFF_WORDS:
        return False
    raise BadArgumentError(name, text)


def _speech(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 1, 1)
    return Change(Setting.SPEECH, parse_switch(name, args[0]))


SETTING_NAMES: dict[str, Setting] = {
    "move-errors": Setting.MOVE_ERRORS,
    "errors-de-moviment": Setting.MOVE_ERRORS,
    "errors": Setting.MOVE_ERRORS,
    "trækfejl": Setting.MOVE_ERRORS,
    "placement-help": Setting.PLACEMENT_HELP,
    "ajuda-per-col·locar": Setting.PLACEMENT_HELP,
    "ajuda-per-collocar": Setting.PLACEMENT_HELP,
    "col·locar": Setting.PLACEMENT_HELP,
    "placeringshjælp": Setting.PLACEMENT_HELP,
    "cards": Setting.CARDS,
    "cartes": Setting.CARDS,
    "kort": Setting.CARDS,
    "speech": Setting.SPEECH,
    "veu": Setting.SPEECH,
    "tale": Setting.SPEECH,
    "rate": Setting.RATE,
    "velocitat": Setting.RATE,
    "hastighed": Setting.RATE,
    "lang": Setting.LANGUAGE,
    "idioma": Setting.LANGUAGE,
    "sprog": Setting.LANGUAGE,
}
CARD_NAME_WORDS = {
    "full": CardNames.FULL,
    "complets": CardNames.FULL,
    "completes": CardNames.FULL,
    "fulde": CardNames.FULL,
    "short": CardNames.SHORT,
    "curts": CardNames.SHORT,
    "curtes": CardNames.SHORT,
    "korte": CardNames.SHORT,
}


def _set(name: str, args: Sequence[str]) -> Command:
    _count(name, args, 2, 2)
    setting = SETTING_NAMES.get(_fold(args[0]))
    if setting is None:
        raise BadArgumentError(name, args[0])
    text = args[1]
    if setting is Setting.LANGUAGE:
        return _lang(name, [text])
    if setting is Setting.CARDS:
        names = CARD_NAME_WORDS.get(_fold(text))
        if names is None:
            raise BadArgumentError(name, text)
        return Change(setting, names)
    if setting is Setting.RATE:
        if not (text.isascii() and text.isdigit()) or not RATE_MIN <= int(text) <= RATE_MAX:
            raise BadArgumentError(name, text)
        return Change(setting, int(text))
    return Change(setting, parse_switch(name, text))


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "pick",
        "tria",
        "vælg",
        N_("LOCATION [LOCATION [LOCATION]]"),
        N_("Tap cards: piles 1 to 12, reserve R1 to R8."),
        _pick,
        ("toca", "tryk"),
    ),
    CommandSpec(
        "undo", "desfés", "fortryd", "", N_("Take back the last move."), _no_args(Undo), ("desfer",)
    ),
    CommandSpec(
        "new",
        "nova",
        "nyt",
        N_("[CODE]"),
        N_("Start a new game, or the deal with this code."),
        _new,
    ),
    CommandSpec(
        "board",
        "taula",
        "bord",
        "",
        N_("Read the whole table: piles, then reserve."),
        _no_args(Board),
    ),
    CommandSpec("pile", "pila", "bunke", N_("NUMBER"), N_("Read one pile."), _pile),
    CommandSpec(
        "reserve", "reserva", "reserve", "", N_("Read the reserve."), _no_args(ShowReserve)
    ),
    CommandSpec(
        "info",
        "info",
        "info",
        "",
        N_("Time, score, moves and deal code."),
        _no_args(Info),
        ("informació",),
    ),
    CommandSpec("code", "codi", "kode", "", N_("The deal code of this game."), _no_args(ShowCode)),
    CommandSpec(
        "repeat", "repeteix", "gentag", "", N_("Say the last announcement again."), _no_args(Repeat)
    ),
    CommandSpec(
        "help", "ajuda", "hjælp", N_("[COMMAND]"), N_("List the commands, or explain one."), _help
    ),
    CommandSpec("lang", "idioma", "sprog", N_("ca, da or en"), N_("Change the language."), _lang),
    CommandSpec(
        "set",
        "ajusta",
        "indstil",
        N_("SETTING VALUE"),
        N_(
            "Change a setting: move-errors on or off, placement-help on or off, "
            "cards full or short, rate 80 to 400."
        ),
        _set,
    ),
    CommandSpec(
        "speech",
        "veu",
        "tale",
        N_("on or off"),
        N_("Turn the game's own voice on or off."),
        _speech,
    ),
    CommandSpec(
        "stats",
        "estadístiques",
        "statistik",
        "",
        N_("Games played, won and blocked, win rate, best time and winning streaks."),
        _no_args(Stats),
        ("estadistiques",),
    ),
    CommandSpec("quit", "surt", "afslut", "", N_("Leave the game."), _no_args(Quit), ("exit",)),
)


def _fold(word: str) -> str:
    """Case- and accent-insensitive form of a word, keeping letters such as æ and ·."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped)


_BY_NAME: dict[str, CommandSpec] = {}
for _spec in COMMANDS:
    for _word in (_spec.name, *_spec.aliases):
        _BY_NAME[_fold(_word)] = _spec
SETTING_NAMES = {_fold(key): value for key, value in SETTING_NAMES.items()}
CARD_NAME_WORDS = {_fold(key): value for key, value in CARD_NAME_WORDS.items()}
ON_WORDS = frozenset(_fold(word) for word in ON_WORDS)
OFF_WORDS = frozenset(_fold(word) for word in OFF_WORDS)


def find(word: str) -> CommandSpec:
    spec = _BY_NAME.get(_fold(word))
    if spec is None:
        raise UnknownCommandError(word)
    return spec


def command_words() -> list[str]:
    """Every name a command answers to, for completion."""
    return sorted(_BY_NAME)


def parse(line: str) -> Command:
    """Turn one line into a command, or raise a HalfMoonError saying why not."""
    words = line.split()
    if not words:
        return Blank()
    spec = find(words[0])
    return spec.build(spec.name, words[1:])
