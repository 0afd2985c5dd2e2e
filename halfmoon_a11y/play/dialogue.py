"""What every front end does around the session, in one place:

- a new deal is followed by the table, so the player knows what is there
  (for front ends that show no table of their own: the JSON mode sends the
  state with every line instead);
- `repeat` answers with the last answer again, exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from halfmoon_a11y.play.answers import (
    BoardShown,
    Dealt,
    GameKept,
    InfoShown,
    RepeatAsked,
    SessionEvent,
    SpeechProblem,
    StorageProblem,
    VoiceChosen,
)
from halfmoon_a11y.play.commands import Command
from halfmoon_a11y.play.session import Session

Follow = Callable[[list[SessionEvent]], list[SessionEvent]]


class Dialogue:
    def __init__(self, session: Session, table_after_deal: bool = True) -> None:
        self.session = session
        self.table_after_deal = table_after_deal
        self.last: list[SessionEvent] = []
        self.repeated = False  # the last answer was a repeat of the one before

    def opening(self, notes: Sequence[SessionEvent] = ()) -> list[SessionEvent]:
        """The deal being played (and the score of a resumed game), then `notes` (which
        voice speaks), then the table, then the session's notices."""
        events = self.session.opening()
        after = _after_the_deal(events)
        return self._remember(self._with_table([*events[:after], *notes, *events[after:]]))

    def answer(self, line: str, follow: Follow | None = None) -> list[SessionEvent]:
        """The answer to one line. `follow` sees the session's events first (to apply
        setting changes) and may add notes of its own at the end."""
        return self._answered(self.session.handle(line), follow)

    def run(self, command: Command, follow: Follow | None = None) -> list[SessionEvent]:
        """The answer to a command given without words: a key at the prompt."""
        return self._answered(self.session.execute(command), follow)

    def _answered(self, events: list[SessionEvent], follow: Follow | None) -> list[SessionEvent]:
        notes = follow(events) if follow is not None else []
        self.repeated = any(isinstance(event, RepeatAsked) for event in events)
        if self.repeated:
            kept = [event for event in events if not isinstance(event, RepeatAsked)]
            return self._remember([*kept, *self.last])
        return self._remember([*self._with_table(events), *notes])

    def said(self, events: list[SessionEvent]) -> list[SessionEvent]:
        """Events the front end makes itself (the cursor's): `repeat` says them again."""
        return self._remember(events)

    def _remember(self, events: list[SessionEvent]) -> list[SessionEvent]:
        if events:
            self.last = events
        return events

    def _with_table(self, events: list[SessionEvent]) -> list[SessionEvent]:
        """The table comes right after the deal (and the score of a resumed game),
        before a block or a notice, which say what to do next."""
        if not self.table_after_deal or not any(isinstance(e, Dealt) for e in events):
            return events
        after = _after_the_deal(events)
        while after < len(events) and isinstance(events[after], _SAID_BEFORE_THE_TABLE):
            after += 1
        return [*events[:after], BoardShown(self.session.view()), *events[after:]]


# What the deal's first lines say before the table: which voice speaks, and the
# notices about files and other windows.
_SAID_BEFORE_THE_TABLE = (VoiceChosen, SpeechProblem, StorageProblem, GameKept)


def _after_the_deal(events: Sequence[SessionEvent]) -> int:
    """Where the deal's own lines end: after `Dealt`, and the score of a resumed game."""
    for index, event in enumerate(events):
        if isinstance(event, Dealt):
            after = index + 1
            if after < len(events) and isinstance(events[after], InfoShown):
                after += 1
            return after
    return 0
