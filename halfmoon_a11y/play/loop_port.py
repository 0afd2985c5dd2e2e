"""What the read loop asks of the files: write what an answer asks, finish what could
wait for the answer, and save a game after a bug. The store layer implements it
(`store.keeper.Keeper`), beside the session's own port (`play.port`); a loop without
files has `play.port.NoStore`.

The session never sees this port: it names the session (the game it saves), so it
sits above it, and only the loop, which holds both, imports it.
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from typing import Protocol

    from halfmoon_a11y.play.answers import Answer
    from halfmoon_a11y.play.session import Session

    class Store(Protocol):
        """The files, as the read loop sees them."""

        def persist(self, session: Session, answer: Answer) -> Answer:
            """Write what the answer asks; the answer with what went wrong, if anything."""

        @property
        def waiting(self) -> bool:
            """Whether `after` has anything to do (a result to record)."""

        def after(self) -> None:
            """Once the answer is out: what could wait for it (the results recorded)."""

        def rescue(self, session: Session) -> bool:
            """After a bug: save the game as it stands, whatever the answer was. Whether it
            reached the disk."""
