"""What the session asks of the files, behind one port: a game kept aside, and the
statistics. The store layer implements it (`store.keeper.Keeper`); a session without
files (tests, scripts) has `NoStore`. Writing is not asked here: the read loop gives
each answer to the store itself (`ui.loop`), so nothing below calls up into it."""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.errors import StatisticsUnavailableError

if TYPE_CHECKING:
    from typing import Protocol

    from halfmoon_a11y.play.answers import Answer, Summary
    from halfmoon_a11y.play.session import Session, Start

    class Store(Protocol):
        """The files, as the session and the read loop see them."""

        def kept(self, code: DealCode) -> Start | None:
            """The game kept aside for this deal, taken back; None if there is none."""

        def summary(self) -> Summary:
            """Every recorded game; raises StatisticsUnavailableError."""

        def persist(self, session: Session, answer: Answer) -> Answer:
            """Write what the answer asks; the answer with what went wrong, if anything."""

        def after(self) -> None:
            """Once the answer is out: what could wait for it (the results recorded)."""

        @property
        def saves_nothing(self) -> bool:
            """This window saves and records nothing (another window owns the files, or
            their folder cannot be written): leaving a game counts as nothing."""

        def rescue(self, session: Session) -> bool:
            """After a bug: save the game as it stands, whatever the answer was. Whether it
            reached the disk."""


class NoStore:
    """No files: nothing kept aside, no statistics, nothing written."""

    def kept(self, code: DealCode) -> Start | None:
        return None

    def summary(self) -> Summary:
        raise StatisticsUnavailableError()

    def persist(self, session: Session, answer: Answer) -> Answer:
        return answer

    def after(self) -> None:
        return  # nothing waits

    def rescue(self, session: Session) -> bool:
        return False  # nothing is ever saved

    saves_nothing = False  # no files at all (tests, scripts): the rules as they are
