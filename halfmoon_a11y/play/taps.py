"""The events of the taps of one pick, each with what the session says beside it, and
what a whole move keeps of them.

A tap gives the engine's events; the session adds the explanation of a failed
combination (when move errors are on). Each `Step` holds an event and its
explanation together from the start, so that a whole move keeps or drops them together
and asks a step what it did, never the position of an event in a list.
"""

from __future__ import annotations

from collections.abc import Sequence

from halfmoon_a11y.core.events import (
    Deselected,
    Event,
    Removed,
    Selected,
    SelectionCleared,
    SelectionDropped,
    SelectionReplaced,
)
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import MoveError, SessionEvent

_SELECTION_CHANGES = (Selected, Deselected, SelectionReplaced)
_SELECTION_ENDS = (*_SELECTION_CHANGES, SelectionCleared, Removed)
_OVERTAKEN = (Selected, Deselected)  # a second card of a rank is said: it is a failure


@record
class Step:
    """One event of a tap, and the explanation said after it, if any."""

    event: Event
    explained: MoveError | None = None

    @property
    def said(self) -> tuple[SessionEvent, ...]:
        """What is said for this step, in order: the event, then its explanation."""
        return (self.event,) if self.explained is None else (self.event, self.explained)

    @property
    def ends_selection(self) -> bool:
        """The selection stands as this step left it: a card selected, let go, replaced, a
        failure or a removal (not a drop, nor an empty place tapped)."""
        return isinstance(self.event, _SELECTION_ENDS)

    @property
    def changes_selection(self) -> bool:
        """What is selected changed and stays: a card selected, deselected or replaced."""
        return isinstance(self.event, _SELECTION_CHANGES)

    @property
    def overtakable(self) -> bool:
        """A later step of the same move says it better: a card selected or let go on the
        way to a removal, or to a trio said whole."""
        return isinstance(self.event, _OVERTAKEN)


def outcome_only(steps: Sequence[Step]) -> list[Step]:
    """The steps of one whole move, without the selection changes a later step overtook:
    a pair removed is not first "selected", and a half-built trio is said once, whole."""
    ends = [index for index, step in enumerate(steps) if step.ends_selection]
    last = ends[-1] if ends else -1
    return [step for index, step in enumerate(steps) if index >= last or not step.overtakable]


def selection_changed(steps: Sequence[Step]) -> bool:
    """The last step that settled the selection changed it (placement help follows)."""
    ends = [step for step in steps if step.ends_selection]
    return bool(ends) and ends[-1].changes_selection


def let_go(dropped: Sequence[Event], locations: Sequence[Location]) -> list[SessionEvent]:
    """The cards a whole move lets go of first, said only for those it does not name again:
    `pick 9`, then `pick 9 12 R7`, used the queen on 9 and never let it go."""
    said: list[SessionEvent] = []
    for event in dropped:
        if isinstance(event, SelectionDropped):
            outside = tuple(p for p in event.dropped if p.location not in locations)
            if outside:
                said.append(SelectionDropped(outside))
        else:
            said.append(event)
    return said
