"""The player's settings, as one value. Every front end shares them through the session."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

LANGUAGES = ("ca", "da", "en")
RATE_MIN = 80
RATE_MAX = 400
RATE_DEFAULT = 175


class Setting(StrEnum):
    LANGUAGE = "lang"
    MOVE_ERRORS = "move-errors"
    PLACEMENT_HELP = "placement-help"
    CARDS = "cards"  # full names or the seeds' short forms
    SPEECH = "speech"
    RATE = "rate"


class CardNames(StrEnum):
    FULL = "full"
    SHORT = "short"


FIELDS = {  # each setting's name in Settings and in the settings file
    Setting.LANGUAGE: "language",
    Setting.MOVE_ERRORS: "move_errors",
    Setting.PLACEMENT_HELP: "placement_help",
    Setting.CARDS: "cards",
    Setting.SPEECH: "speech",
    Setting.RATE: "rate",
}


@dataclass(frozen=True, slots=True)
class Settings:
    language: str = "en"
    move_errors: bool = False
    placement_help: bool = False
    cards: CardNames = CardNames.FULL
    speech: bool = True
    rate: int = RATE_DEFAULT
