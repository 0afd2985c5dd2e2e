"""What happened, as values. The engine and the session return these; front ends render them."""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import KW_ONLY, record


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


@record
class Placed:
    location: Location
    card: Card


@record
class Selected:
    placed: Placed
    selection: tuple[Placed, ...] = ()  # everything selected after this tap, in tap order


@record
class Deselected:
    placed: Placed


@record
class SelectionDropped:
    """A selection left from before is let go: a new pick of two or three places, or undo."""

    dropped: tuple[Placed, ...]


@record
class SelectionCleared:
    """A failed combination: nothing removed, nothing selected any more."""

    cleared: tuple[Placed, ...]  # the cards that were selected, in tap order
    tapped: Placed
    reason: Reason


@record
class SelectionReplaced:
    """A face card of a rank already selected: it becomes the only selected card."""

    previous: tuple[Placed, ...]
    selected: Placed
    reason: Reason = Reason.TRIO


@record
class EmptyTapped:
    location: Location


@record
class Revealed:
    """A place a removal uncovered: the card it shows now, and how many cards it holds."""

    placed: Placed
    count: int


@record
class Emptied:
    """A place a removal left empty."""

    location: Location


Uncovered = Revealed | Emptied  # what a removal leaves at each place it took from


@record
class Removed:
    """One removal, whole: what it took, its points, the totals after it, and what each
    place it took from shows now. A win or a block it caused follows as its own event."""

    kind: Kind
    cards: tuple[Placed, ...]
    points: int
    _: KW_ONLY  # the numbers after the move are named: Removed(kind, cards, 10, score=…)
    score: int = 0  # the total after the removal
    left: int = 0  # cards left on the table after it, hidden ones included
    uncovered: tuple[Uncovered, ...] = ()  # each place it took from, in the order taken


@record
class Undone:
    kind: Kind
    cards: tuple[Placed, ...]  # back where they came from
    points: int
    _: KW_ONLY
    score: int = 0  # the total after the undo
    left: int = 0  # cards on the table after it


@record
class Redone:
    """Redo: an undone removal made again, as it was (the same cards, the same points)."""

    kind: Kind
    cards: tuple[Placed, ...]
    points: int
    _: KW_ONLY
    score: int = 0  # the total after it
    left: int = 0  # cards left on the table after it
    uncovered: tuple[Uncovered, ...] = ()  # each place it took from, as for Removed


@record
class Blocked:
    pass


@record
class Unblocked:
    """An undo took the game out of a block: play goes on."""


@record
class Won:
    """All 104 cards removed. The time it took is the session's (`GameWon`): the engine
    keeps no clock."""

    _: KW_ONLY  # two numbers: each named, Won(score=…, moves=…)
    score: int
    moves: int


Event = (
    Selected
    | Deselected
    | SelectionDropped
    | SelectionCleared
    | SelectionReplaced
    | EmptyTapped
    | Removed
    | Undone
    | Redone
    | Blocked
    | Unblocked
    | Won
)
