"""What happened, as values. The engine and the session return these; front ends render them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.places import Location


class Kind(StrEnum):
    PAIR = "pair"
    TRIO = "trio"


class Reason(StrEnum):
    """Which of the seed's two move-error messages explains a failed combination."""

    SUM = "sum"  # the card selected first was a number card
    TRIO = "trio"  # the card selected first was a face card


class Status(StrEnum):
    PLAYING = "playing"
    BLOCKED = "blocked"
    WON = "won"


@dataclass(frozen=True, slots=True)
class Placed:
    location: Location
    card: Card


@dataclass(frozen=True, slots=True)
class Selected:
    placed: Placed
    selection: tuple[Placed, ...] = ()  # everything selected after this tap, in tap order


@dataclass(frozen=True, slots=True)
class Deselected:
    placed: Placed


@dataclass(frozen=True, slots=True)
class SelectionDropped:
    """A selection left from before is let go: a new pick of two or three places, or undo."""

    dropped: tuple[Placed, ...]


@dataclass(frozen=True, slots=True)
class SelectionCleared:
    """A failed combination: nothing removed, nothing selected any more."""

    cleared: tuple[Placed, ...]  # the cards that were selected, in tap order
    tapped: Placed
    reason: Reason


@dataclass(frozen=True, slots=True)
class SelectionReplaced:
    """A face card of a rank already selected: it becomes the only selected card."""

    previous: tuple[Placed, ...]
    selected: Placed
    reason: Reason = Reason.TRIO


@dataclass(frozen=True, slots=True)
class EmptyTapped:
    location: Location


@dataclass(frozen=True, slots=True)
class Removed:
    kind: Kind
    cards: tuple[Placed, ...]
    points: int
    score: int = 0  # the total after the removal
    left: int = 0  # cards left on the table after it, hidden ones included


@dataclass(frozen=True, slots=True)
class Revealed:
    """After a removal or an undo: what a pile shows now, and how many cards it holds."""

    placed: Placed
    count: int


@dataclass(frozen=True, slots=True)
class Emptied:
    location: Location


@dataclass(frozen=True, slots=True)
class Undone:
    kind: Kind
    cards: tuple[Placed, ...]  # back where they came from
    points: int
    score: int = 0  # the total after the undo
    left: int = 0  # cards on the table after it


@dataclass(frozen=True, slots=True)
class Blocked:
    pass


@dataclass(frozen=True, slots=True)
class Unblocked:
    """An undo took the game out of a block: play goes on."""


@dataclass(frozen=True, slots=True)
class Won:
    score: int
    moves: int
    elapsed: int = 0


Event = (
    Selected
    | Deselected
    | SelectionDropped
    | SelectionCleared
    | SelectionReplaced
    | EmptyTapped
    | Removed
    | Revealed
    | Emptied
    | Undone
    | Blocked
    | Unblocked
    | Won
)
