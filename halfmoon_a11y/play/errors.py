"""Errors of the command language, by cause. Each carries its fields; the presenter words
it in the player's language."""

from __future__ import annotations

from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.places import Location


class UnknownCommandError(HalfMoonError):
    code = "unknown_command"

    def __init__(self, word: str, suggestion: str | None = None) -> None:
        super().__init__(f"unknown command: {word!r}")
        self.word = word
        self.suggestion = suggestion  # a close command of the player's language


class UnknownTopicError(HalfMoonError):
    """`help xyz`: neither a command nor a help topic."""

    code = "unknown_topic"

    def __init__(self, word: str, suggestion: str | None = None) -> None:
        super().__init__(f"unknown help topic: {word!r}")
        self.word = word
        self.suggestion = suggestion  # a close command of the player's language


class MissingArgumentError(HalfMoonError):
    code = "missing_argument"

    def __init__(self, command: str, setting: str | None = None) -> None:
        super().__init__(f"{command}: missing argument")
        self.command = command
        self.setting = setting  # `set cards`: the setting named, whose value is missing


class TooManyArgumentsError(HalfMoonError):
    code = "too_many_arguments"

    def __init__(self, command: str) -> None:
        super().__init__(f"{command}: too many arguments")
        self.command = command


class BadArgumentError(HalfMoonError):
    """An argument of the wrong kind, such as `pile x` or `set move-errors maybe`."""

    code = "bad_argument"

    def __init__(self, command: str, text: str, setting: str | None = None) -> None:
        super().__init__(f"{command}: bad argument {text!r}")
        self.command = command
        self.text = text
        self.setting = setting  # the setting whose value was not understood


class StatisticsUnavailableError(HalfMoonError):
    """No statistics: this front end keeps none, or the database at `path` could not be read."""

    code = "statistics_unavailable"

    def __init__(self, path: str | None = None) -> None:
        super().__init__("statistics are not available")
        self.path = path


class RepeatedPlaceError(HalfMoonError):
    """`pick 1 1`: one place named twice in a move. Nothing is tapped."""

    code = "repeated_place"

    def __init__(self, command: str, text: str) -> None:
        super().__init__(f"{command}: {text!r} named twice")
        self.command = command
        self.text = text


class PlaceLeftOverError(HalfMoonError):
    """`pick 1 3 5` where piles 1 and 3 make a pair: a whole move ends with its removal,
    so the third place would be left over. Refused whole, before anything is tapped or
    dropped: a selection the player never asked for is never left."""

    code = "place_left_over"

    def __init__(self, pair: tuple[Location, Location], extra: Location) -> None:
        super().__init__(f"one place too many: {extra} after the pair {pair[0]} {pair[1]}")
        self.pair = pair
        self.extra = extra


class LineTooLongError(HalfMoonError):
    """A line longer than any command (`commands.LINE_LIMIT` characters): refused whole,
    before a word of it is read. Nothing is done."""

    code = "line_too_long"

    def __init__(self, limit: int) -> None:
        super().__init__(f"line longer than {limit} characters")
        self.limit = limit
