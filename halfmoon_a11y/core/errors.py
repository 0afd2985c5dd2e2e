"""Errors of the rules, by cause. Each carries its fields; the presenter words it in the
player's language."""

from __future__ import annotations

from enum import StrEnum


class HalfMoonError(ValueError):
    """Anything the game refuses. `code` is a stable English identifier."""

    code = "error"


class BadCardError(HalfMoonError):
    code = "bad_card"

    def __init__(self, text: str) -> None:
        super().__init__(f"not a card: {text!r}")
        self.text = text


class CodeProblem(StrEnum):
    EMPTY = "empty"
    MISSING_DASH = "missing_dash"
    WRONG_VERSION = "wrong_version"
    WRONG_KIND = "wrong_kind"
    WRONG_LENGTH = "wrong_length"
    BAD_CHARACTER = "bad_character"


class BadDealCodeError(HalfMoonError):
    code = "bad_deal_code"

    def __init__(self, text: str, problem: CodeProblem) -> None:
        super().__init__(f"bad deal code {text!r}: {problem}")
        self.text = text
        self.problem = problem


class BadLocationError(HalfMoonError):
    code = "bad_location"

    def __init__(self, text: str, command: str | None = None) -> None:
        super().__init__(f"no such location: {text!r}")
        self.text = text
        self.command = command  # the command it was given to, when known


class NothingToUndoError(HalfMoonError):
    code = "nothing_to_undo"

    def __init__(self) -> None:
        super().__init__("nothing to undo")


class NothingToRedoError(HalfMoonError):
    """Redo with no undone removal to make again: none undone, or a new move made since."""

    code = "nothing_to_redo"

    def __init__(self) -> None:
        super().__init__("nothing to redo")


class NotARemovalError(ValueError):
    """Saved places that make no removal on the game as it stands (a damaged save or
    journal line): never said to a player, the store sets the line aside."""

    def __init__(self, locations: tuple[object, ...]) -> None:
        super().__init__(f"no removal: {locations!r}")
        self.locations = locations
