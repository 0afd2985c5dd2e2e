"""The commands as values: what a line means, made by the parser and run by the
handlers. A command never parses and never acts: parse, then apply.

>>> Pick((Location.parse('1'), Location.parse('R8')))
Pick(locations=(Location.parse('1'), Location.parse('R8')))
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record

if TYPE_CHECKING:
    from typing import Any


@record
class Pick:
    locations: tuple[Location, ...]


@record
class Undo:
    pass


@record
class Redo:
    pass


@record
class New:
    code: DealCode | None = None


@record
class Quit:
    pass


@record
class Board:
    pass


@record
class ShowPile:
    location: Location


@record
class ShowReserve:
    pass


@record
class Info:
    pass


@record
class ShowCode:
    pass


@record
class ShowSelection:
    pass


@record
class Repeat:
    back: int = 1  # `repeat 3`: the answer three answers back


@record
class ShowHidden:
    """`hidden`: how many cards of each value are still face down."""


@record
class ShowMoves:
    """`moves`: the removals of this game, in order; `count`: how many of the last to say
    (`moves 20`), None for the usual ten."""

    count: int | None = None


@record
class Help:
    topic: str | None = None  # a command's canonical name


@record
class Change:
    """`set NAME VALUE`, or a setting's own command (`lang CODE`): one setting changes."""

    setting: str  # a key of play.settings.SETTINGS
    value: Any  # already parsed and checked by the setting's kind


@record
class Stats:
    pass


@record
class ShowTops:
    """`tops`: the playable cards grouped by value."""


@record
class ShowSettings:
    """`set` alone: every setting with its value."""


@record
class Blank:
    """An empty line: nothing to do."""


@record
class DropSelection:
    """Let go of what is selected (Escape at the prompt); no word is typed for it."""


Command = (
    Pick
    | Undo
    | Redo
    | New
    | Quit
    | Board
    | ShowPile
    | ShowReserve
    | Info
    | ShowCode
    | ShowSelection
    | Repeat
    | ShowHidden
    | ShowMoves
    | Help
    | Change
    | Stats
    | ShowTops
    | ShowSettings
    | Blank
    | DropSelection
)
