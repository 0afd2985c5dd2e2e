"""The store's one queue of notices: what the player is told next about the files.

Every part of the store that has something to say puts it here, in the order it
happened, and the keeper takes the whole queue with each answer; nothing else holds a
notice back. The queue also remembers which failures were said this run, so that each
kind is said once, not after every move.
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.store.notices import Problem, StorageProblem

if TYPE_CHECKING:
    from halfmoon_a11y.play.answers import SessionEvent
    from halfmoon_a11y.store.files import StrPath


class Unsaid:
    """The notices waiting for the next answer, and the failures already said."""

    def __init__(self) -> None:
        self._waiting: list[SessionEvent] = []
        self._said: set[Problem] = set()

    def add(self, notice: SessionEvent) -> None:
        self._waiting.append(notice)

    def problem(
        self,
        problem: Problem,
        path: StrPath,
        aside: StrPath | None = None,
        *,
        count: int | None = None,
    ) -> None:
        """A file the player is told about, whether or not it was said before."""
        named = str(aside) if aside is not None else None
        self.add(StorageProblem(problem, str(path), named, count=count))

    def once(self, problem: Problem, path: StrPath) -> None:
        """A failure said once a run: a disk that stays full is not said at every move."""
        if problem not in self._said:
            self._said.add(problem)
            self.add(StorageProblem(problem, str(path)))

    def said(self, problem: Problem) -> bool:
        return problem in self._said

    def mark_said(self, problem: Problem) -> None:
        """Another sentence already says this failure: it is not said again."""
        self._said.add(problem)

    def forget(self, problem: Problem) -> None:
        """The failure may be said again (it ended, or what said it was taken back)."""
        self._said.discard(problem)

    def take(self) -> list[SessionEvent]:
        """Every notice waiting, oldest first; the queue is empty after."""
        waiting, self._waiting = self._waiting, []
        return waiting

    def count(self) -> int:
        return len(self._waiting)

    def drop_from(self, mark: int) -> list[SessionEvent]:
        """The notices added since `count()` was `mark`, taken out of the queue."""
        dropped, self._waiting[mark:] = self._waiting[mark:], []
        return dropped
