"""What the session asks of the files, behind one port: a game kept aside, the
statistics, and whether this window saves nothing. The store layer implements it
(`store.keeper.Keeper`); a session without files (tests, scripts) has `NoStore`.

Writing is not asked here: the read loop gives each answer to the store itself, through
its own port (`play.loop_port.Store`), so nothing below calls up into it. The two are
apart because the loop's names the session (it saves a session's game) and this one is
what the session holds: one port holding both would make the session and its port
import each other, if only for their types.
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.errors import StatisticsUnavailableError

if TYPE_CHECKING:
    from typing import Protocol

    from halfmoon_a11y.play.answers import Answer, Summary
    from halfmoon_a11y.play.start import Start

    class SessionStore(Protocol):
        """The files, as the session sees them."""

        def kept(self, code: DealCode) -> Start | None:
            """The game kept aside for this deal, taken back; None if there is none."""

        def summary(self) -> Summary:
            """Every recorded game; raises StatisticsUnavailableError."""

        @property
        def saves_nothing(self) -> bool:
            """This window saves and records nothing (another window owns the files, or
            their folder cannot be written): leaving a game counts as nothing."""


class NoStore:
    """No files: nothing kept aside, no statistics, nothing written. Both ports in one:
    a session and a loop without files share it."""

    def kept(self, code: DealCode) -> Start | None:
        return None

    def summary(self) -> Summary:
        raise StatisticsUnavailableError()

    def persist(self, session: object, answer: Answer) -> Answer:
        return answer

    waiting = False  # nothing waits for an answer to be out

    def after(self) -> None:
        return  # nothing waits

    def rescue(self, session: object) -> bool:
        return False  # nothing is ever saved

    saves_nothing = False  # no files at all (tests, scripts): the rules as they are
