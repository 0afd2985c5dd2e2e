"""Every setting, declared once: its name, its kind of value and range, its default, how it
is announced, who follows it, and its command-line option.

The command language (`set`, and a command of its own), the settings file,
the presenter, completion, help, the command line, the front ends and the JSON
state all read `SETTINGS`; none repeats it. The names players type in each
language are in `play.lexicon`; the sentences in the catalogs.

>>> SETTINGS["rate"].parse("220"), SETTINGS["move-errors"].parse("SÍ")
(220, True)
>>> chosen = Settings(rate=200).replace(language="da")
>>> chosen.language, chosen.rate, chosen == Settings(language="da", rate=200)
('da', 200, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Flag, StrEnum, auto

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.lexicon import (
    fold,
    language_code,
    languages,
    setting_aliases,
    value_aliases,
)
from halfmoon_a11y.play.messages import N_, BySurface

if TYPE_CHECKING:
    from typing import Any


class CardNames(StrEnum):
    FULL = "full"
    SHORT = "short"  # the seeds' short forms, with suit symbols
    LETTERS = "letters"  # rank and a suit letter of the player's language, for braille


class AnswerLength(StrEnum):
    FULL = "full"  # a move's outcome, the cards it uncovered, then the score and cards left
    SHORT = "short"  # the outcome and the cards uncovered only: the totals are on `info`


class SpeechMode(StrEnum):
    AUTO = "auto"  # the game's own voice only when no screen reader is running
    ON = "on"
    OFF = "off"


class Audience(Flag):
    """Who must follow a change of the setting, besides the session that holds it."""

    SESSION = auto()  # the session reads it when it plays (move errors, placement help)
    WORDS = auto()  # the presenter's words (the language, card names)
    VOICE = auto()  # a parameter of the game's own voice, by the setting's field name
    SPEAKER = auto()  # the game's own voice itself, on or off


# -- kinds of value ---------------------------------------------------------------------
# Each kind parses what a player types (in any language), checks what the settings
# file holds, turns a value into what the file and JSON hold, and lists its
# canonical words for completion.


@record
class Switch:
    """On or off, in every language's words."""

    def parse(self, text: str) -> bool:
        word = fold(text)
        for value, canonical in ((True, "on"), (False, "off")):
            if word in {fold(alias) for alias in value_aliases(canonical)}:
                return value
        raise ValueError(text)

    def check(self, stored: object) -> bool:
        if not isinstance(stored, bool):
            raise ValueError(stored)
        return stored

    def words(self) -> tuple[str, ...]:
        return ("on", "off")


@record
class Choice:
    """One of the members of a `StrEnum`, typed as the member's value or its words."""

    values: type[StrEnum]
    older: tuple[tuple[object, str], ...] = ()  # values older files hold, and what they mean

    def parse(self, text: str) -> StrEnum:
        word = fold(text)
        for member in self.values:
            if word in {fold(alias) for alias in value_aliases(member.value)}:
                return member
        raise ValueError(text)

    def check(self, stored: object) -> StrEnum:
        for value, meaning in self.older:
            if stored is value or (type(stored) is type(value) and stored == value):
                return self.values(meaning)
        if not isinstance(stored, str) or stored not in tuple(self.values):
            raise ValueError(stored)
        return self.values(stored)

    def words(self) -> tuple[str, ...]:
        return tuple(member.value for member in self.values)


@record
class Number:
    """A whole number from `low` to `high`, in ASCII digits."""

    low: int
    high: int

    def parse(self, text: str) -> int:
        if not (text.isascii() and text.isdigit()):
            raise ValueError(text)
        return self.check(int(text))

    def check(self, stored: object) -> int:
        if isinstance(stored, bool) or not isinstance(stored, int):
            raise ValueError(stored)
        if not self.low <= stored <= self.high:
            raise ValueError(stored)
        return stored

    def words(self) -> tuple[str, ...]:
        return ()


@record
class Language:
    """One of the languages of `play.lexicon`: typed as its code or its name in any of
    them ("da", "dansk", "danès", "Danish"), held as its code."""

    def parse(self, text: str) -> str:
        code = language_code(text)
        if code is None:
            raise ValueError(text)
        return code

    def check(self, stored: object) -> str:
        if not isinstance(stored, str) or stored not in languages():
            raise ValueError(stored)
        return stored

    def words(self) -> tuple[str, ...]:
        return languages()


Kind = Switch | Choice | Number | Language


@record
class SettingSpec:
    # its one name: typed after `set` in English, the option --KEY, the settings file's
    # key, the environment's HALFMOON_A11Y_KEY (upper case, - as _), its name in JSON
    key: str
    field: str  # its attribute in `Settings` (a Python name)
    kind: Kind
    default: Any
    announce: (
        str | Mapping[Any, str | BySurface]
    )  # a message with {value}, or one message per value
    audience: Audience
    option_help: tuple[str, ...] = ()  # --KEY (a switch: --KEY, then --no-KEY); none if empty
    # said with the deal of a resumed game while it is on ("Move errors, on."), so that the
    # player knows the game will add to what it says; an audience never implies it
    said_on_resume: bool = False

    def parse(self, text: str) -> Any:
        """A typed value, in any language; raises ValueError when it is not one."""
        return self.kind.parse(text)

    def check(self, stored: object) -> Any:
        """A value read from the settings file; raises ValueError when it is not one."""
        return self.kind.check(stored)

    def to_file(self, value: Any) -> bool | int | str:
        """The value as TOML and JSON hold it."""
        return str(value) if isinstance(value, StrEnum) else value

    def older_names(self) -> tuple[str, ...]:
        """Its name in the settings file and the environment of older releases,
        which used the field: still read, and a file is rewritten with the key."""
        return (self.field,) if self.field != self.key else ()


def _switch(
    key: str,
    field: str,
    default: bool,
    announce: str | Mapping[Any, str | BySurface],
    audience: Audience,
    *helps: str,
    said_on_resume: bool = False,
) -> SettingSpec:
    return SettingSpec(key, field, Switch(), default, announce, audience, helps, said_on_resume)


SETTINGS: dict[str, SettingSpec] = {
    spec.key: spec
    for spec in (
        SettingSpec(
            "lang",
            "language",
            Language(),
            "en",
            N_("Language, {value}."),
            Audience.WORDS | Audience.VOICE,
            (N_("the language, {choices}"),),
        ),
        _switch(  # one sentence for each value: Catalan agrees the word with the setting
            "move-errors",
            "move_errors",
            False,
            {True: N_("Move errors, on."), False: N_("Move errors, off.")},
            Audience.SESSION,
            said_on_resume=True,
        ),
        _switch(
            "placement-help",
            "placement_help",
            False,
            {True: N_("Placement help, on."), False: N_("Placement help, off.")},
            Audience.SESSION,
            said_on_resume=True,
        ),
        SettingSpec(
            "cards",
            "cards",
            Choice(CardNames),
            CardNames.FULL,
            {
                CardNames.FULL: N_("Card names, full."),
                CardNames.SHORT: N_("Card names, short."),
                CardNames.LETTERS: N_("Card names, letters."),
            },
            Audience.WORDS,
        ),
        SettingSpec(
            "speech",
            "speech",
            Choice(SpeechMode, older=((True, "on"), (False, "off"))),
            SpeechMode.AUTO,
            {
                SpeechMode.AUTO: BySurface(
                    N_("Speech, automatic. The game speaks when no screen reader does."),
                    N_(
                        "Speech, automatic. In the browser this means silent, since a page "
                        "cannot tell whether a screen reader is running. Type {set} {speech} "
                        "{on} to hear the browser's voice."
                    ),
                    ("set", "speech", "on"),
                ),
                SpeechMode.ON: N_("Speech, on."),
                SpeechMode.OFF: N_("Speech, off."),
            },
            Audience.SPEAKER,
            (
                N_("the game speaks, even with a screen reader running"),
                N_("the game stays silent, your screen reader speaks"),
            ),
        ),
        SettingSpec(
            "rate",
            "rate",
            Number(80, 400),
            175,
            N_("Speech rate, {value} words a minute."),
            Audience.VOICE,
        ),
        _switch(  # short sounds for moves and places; with a screen reader too
            "sounds",
            "sounds",
            True,
            {True: N_("Sounds, on."), False: N_("Sounds, off.")},
            Audience.SPEAKER,
            N_("short sounds for moves and places, with or without speech"),
            N_("no sounds"),
        ),
        SettingSpec(
            "answers",
            "answers",
            Choice(AnswerLength),
            AnswerLength.FULL,
            {
                AnswerLength.FULL: N_("Answers, full."),
                AnswerLength.SHORT: N_(
                    "Answers, short. A move says what it removed and uncovered. "
                    "Type info for the score."
                ),
            },
            Audience.WORDS,
        ),
        _switch(  # the strategy guide's habit (take from tall piles) needs them
            "heights",
            "heights",
            False,
            {
                True: N_("Heights on. Tops says how many cards each pile has."),
                False: N_("Heights off."),
            },
            Audience.SESSION,
        ),
    )
}


def find_setting(word: str) -> SettingSpec | None:
    """The setting a player named, in any language, with or without accents."""
    folded = _squeezed(word)
    for spec in SETTINGS.values():
        if folded in {_squeezed(name) for name in setting_aliases(spec.key)}:
            return spec
    return None


def _squeezed(name: str) -> str:
    """A setting name with its hyphens and spaces left out: "move errors" is "move-errors"."""
    return fold(name).replace("-", "").replace(" ", "")


def by_field(field: str) -> SettingSpec:
    for spec in SETTINGS.values():
        if spec.field == field:
            return spec
    raise KeyError(field)


class Settings:
    """The player's settings, as one immutable value: `settings.rate`, `settings.replace(…)`.

    A setting not given has its declared default.
    """

    __slots__ = ("_values",)
    _values: dict[str, Any]

    # Each setting's attribute and its type, for type checkers: `settings.rtae` is an
    # error. One line for each entry of SETTINGS (tests/test_settings_names.py holds it).
    language: str
    move_errors: bool
    placement_help: bool
    cards: CardNames
    speech: SpeechMode
    rate: int
    sounds: bool
    answers: AnswerLength
    heights: bool

    def __init__(self, **values: Any) -> None:
        known = {spec.field for spec in SETTINGS.values()}
        unknown = set(values) - known
        if unknown:
            raise TypeError(f"unknown settings: {sorted(unknown)}")
        defaults = {spec.field: spec.default for spec in SETTINGS.values()}
        object.__setattr__(self, "_values", {**defaults, **values})  # one lookup a read

    if not TYPE_CHECKING:  # type checkers read the declarations above instead

        def __getattr__(self, field: str) -> Any:
            try:
                return self._values[field]
            except KeyError:
                pass
            try:
                return by_field(field).default
            except KeyError:
                raise AttributeError(field) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Settings are immutable: use replace()")

    def replace(self, **changes: Any) -> Settings:
        return Settings(**{**self._values, **changes})

    def value(self, spec: SettingSpec) -> Any:
        return getattr(self, spec.field)

    def as_dict(self) -> dict[str, Any]:
        """Every declared setting's value, by field name, in declaration order."""
        return {spec.field: self.value(spec) for spec in SETTINGS.values()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and self.as_dict() == other.as_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.as_dict().items()))

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{spec.field}={spec.to_file(self.value(spec))!r}" for spec in SETTINGS.values()
        )
        return f"Settings({fields})"
