"""The results of games, recorded once each: a win as it happens; a game replaced by
another deal as blocked or abandoned, if it was played.

Nothing waits on the database (issue 18). A database busy past its short timeout
leaves the result in a queue, kept in `statistics.sqlite3.pending` (JSON, written
whole, 0600), and written at the next chance: the next result, `stats`, leaving, or
the next run. A result of a move (a win, a game replaced by `new`) goes into that queue
first and into the database only once the answer is out (`settle`, issue 28): the
winning move says "Victory" at once, and a kill between the two loses nothing. Each
result carries its game's identity, so writing it twice records it once. A file that
is not a database is set aside once a run, and a new one started.
"""

from __future__ import annotations

import json
import os
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import Summary
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store.files import atomic_write, keep_aside, read_small
from halfmoon_a11y.store.statistics import (
    QUICK_TIMEOUT,
    Result,
    Statistics,
    StatisticsBusy,
    StatisticsFailed,
    StatisticsGarbage,
)

if TYPE_CHECKING:
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.store.files import StrPath


@record
class Standing:
    """How the current game stands, kept so a replaced game can be recorded."""

    code: str
    status: Status
    score: int
    moves: int
    seconds: int
    recorded: bool
    game: str = ""  # the game's identity: its result is recorded once


@record
class Pending:
    """A result the database was too busy to take: written at the next chance."""

    code: str
    result: Result
    score: int
    moves: int
    seconds: int
    game: str
    stamp: str

    def to_json(self) -> list[object]:
        return [
            self.code,
            str(self.result),
            self.score,
            self.moves,
            self.seconds,
            self.game,
            self.stamp,
        ]

    @classmethod
    def from_json(cls, item: object) -> Pending | None:
        """One queued result, or None for anything else (a hand-edited file)."""
        if not isinstance(item, list) or len(item) != 7:
            return None
        code, result, score, moves, seconds, game, stamp = item
        numbers = (score, moves, seconds)
        if not all(type(n) is int and 0 <= n < 10**9 for n in numbers):
            return None
        texts = (code, result, game, stamp)
        if not all(isinstance(t, str) and len(t) < 100 for t in texts):
            return None
        if result not in {str(r) for r in Result}:
            return None
        return cls(code, Result(result), score, moves, seconds, game, stamp)


PENDING_BYTES = 64 * 1024  # a queued result takes about 100 bytes
RETRY_SECONDS = 10.0  # a busy database is asked again after this long, not at every move


def new_identity() -> str:
    return os.urandom(8).hex()  # as secrets.token_hex(8), without loading hashlib


class Results:
    """Records each game's result in the statistics. Raises StatisticsFailed."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self.statistics = Statistics(path)
        self.standing: Standing | None = None
        self.pending_path = os.fspath(path) + ".pending"
        self._pending: list[Pending] | None = None  # read from its file at first need
        self._retry_at = 0.0  # time.monotonic() before which a busy database is left be
        self._set_aside = False  # a garbage database is set aside once a run
        self.unsaid: list[se.SessionEvent] = []  # what the player is told next
        self.due = False  # results queued by `record(later=True)`, for `settle`

    def stand(self, session: Session, game: str, recorded: bool) -> None:
        """Note how the session's game stands now (`recorded`: its result is in)."""
        g = session.game
        self.standing = Standing(
            str(session.code), g.status, g.score, g.moves, session.clock.elapsed, recorded, game
        )

    @property
    def recorded(self) -> bool:
        return self.standing.recorded if self.standing is not None else False

    def record(
        self,
        result: Result,
        code: object,
        score: int,
        moves: int,
        seconds: int,
        game: str,
        later: bool = False,
    ) -> None:
        """Record one result, or queue it if the database is busy. `later`: kept in the
        queue on disk only, the database written by `settle` once the answer is out; a
        queue that cannot be written leaves it to the database at once. Raises
        StatisticsFailed when it can be neither written nor queued."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        pending = Pending(str(code), result, score, moves, seconds, game, stamp)
        if later and self._keep(pending):
            return
        self._write(pending)

    def _keep(self, pending: Pending) -> bool:
        """`pending` in the queue on disk, for `settle`: whether it is there (fsynced)."""
        queue = self._queued()
        queue.append(pending)
        try:
            self._store_queue()
        except StatisticsFailed:
            queue.remove(pending)  # not on disk: the database takes it at once instead
            with suppress(StatisticsFailed):
                self._store_queue()  # the file as it was, if it can be
            return False
        self.due = True
        return True

    def settle(self) -> None:
        """After the answer is out: the results `record(later=True)` queued, written to
        the database if it takes them now (a database busy a moment ago is not asked
        again yet: they wait in the queue). Raises StatisticsFailed."""
        if not self.due:
            return
        self.due = False
        self.flush()

    def finish(self, later: bool = False) -> None:
        """The game being replaced: recorded as blocked or abandoned, if it was played."""
        old, self.standing = self.standing, None
        if old is None or old.recorded or old.status is Status.WON:
            return
        if old.status is Status.BLOCKED:
            result = Result.BLOCKED
        elif old.moves > 0:
            result = Result.ABANDONED
        else:
            return  # a deal looked at and passed over is not a game played
        self.record(result, old.code, old.score, old.moves, old.seconds, old.game, later)

    def _write(self, pending: Pending) -> None:
        """Into the database, else into the queue: a busy database is not waited on (the
        winning move answers at once), and a result that cannot be written now is kept
        for later all the same. Raises StatisticsFailed for anything but busy."""
        try:
            self.flush()  # the older ones first, so the statistics keep their order
            if not self._queued():  # else the database was busy a moment ago: no wait
                self._insert(pending)
                return
        except StatisticsBusy:
            pass
        except StatisticsFailed:
            with suppress(StatisticsFailed):
                self._queue(pending)
            raise
        self._queue(pending)

    def _insert(self, pending: Pending) -> None:
        """One result into the database; a garbage database is set aside once, and the
        result goes into a new one. Raises StatisticsFailed."""
        p = pending
        row = (p.code, p.result, p.score, p.moves, p.seconds, p.game, p.stamp, QUICK_TIMEOUT)
        try:
            self.statistics.record(*row)
        except StatisticsGarbage:
            if not self._set_garbage_aside():
                raise
            self.statistics.record(*row)

    def _set_garbage_aside(self) -> bool:
        """A file that is not a database: kept aside (with its -wal and -shm) and said,
        once a run. Whether a new database may be tried."""
        if self._set_aside:
            return False
        self._set_aside = True
        path = os.fspath(self.path)
        aside = keep_aside(path)
        self.unsaid.append(sn.StorageProblem(sn.Problem.STATS_UNREADABLE, path, aside))
        if aside is None:
            return False
        for suffix in ("-wal", "-shm"):  # never applied to the new database
            with suppress(OSError):
                os.rename(path + suffix, aside + suffix)
        return True

    # -- the queue ----------------------------------------------------------------------

    def _queued(self) -> list[Pending]:
        if self._pending is None:
            self._pending = self._read_pending()
        return self._pending

    def _read_pending(self) -> list[Pending]:
        try:
            raw = read_small(self.pending_path, PENDING_BYTES)
            items = json.loads(raw.decode("utf-8")) if raw else []
        except (OSError, ValueError, RecursionError):
            return []  # nothing queued that can be read: the file is replaced at the next
        if not isinstance(items, list):
            return []
        return [p for item in items if (p := Pending.from_json(item)) is not None]

    def _queue(self, pending: Pending) -> None:
        """Keep a result for later, on disk. Raises StatisticsFailed if it cannot be."""
        queue = self._queued()
        queue.append(pending)
        self._retry_at = time.monotonic() + RETRY_SECONDS
        self._store_queue()

    def _store_queue(self) -> None:
        queue = self._queued()
        try:
            if not queue:
                with suppress(FileNotFoundError):
                    os.unlink(self.pending_path)
                return
            items = [p.to_json() for p in queue]
            atomic_write(self.pending_path, (json.dumps(items) + "\n").encode("utf-8"))
        except OSError as error:
            raise StatisticsFailed(str(error)) from error

    def flush(self, force: bool = False) -> None:
        """Write the queued results, if the database takes them now. `force`: even if
        it was busy a moment ago (leaving, `stats`). Raises StatisticsFailed."""
        if self._pending is not None and not self._pending:
            return  # the common case: nothing queued, and the file already looked at
        if not force and time.monotonic() < self._retry_at:
            return
        queue = self._queued()
        written = 0
        try:
            for pending in queue:
                self._insert(pending)
                written += 1
        except StatisticsBusy:
            self._retry_at = time.monotonic() + RETRY_SECONDS
        finally:
            if written:
                del queue[:written]
                self._store_queue()

    def summary(self, writes: bool = True) -> Summary:
        """Every game recorded, and those still queued. `writes` False (another window
        owns the files): the queue is not written, nor a garbage database set aside.
        Raises StatisticsUnavailableError."""
        if writes:
            with suppress(StatisticsFailed):
                self.flush(force=True)
        more = [(str(p.result), p.seconds) for p in self._queued()]
        try:
            return self.statistics.summary(more)
        except StatisticsGarbage:
            if not writes or not self._set_garbage_aside():
                raise StatisticsUnavailableError(str(self.path)) from None
        except StatisticsFailed:
            raise StatisticsUnavailableError(str(self.path)) from None
        try:
            return self.statistics.summary(more)  # a new database
        except StatisticsFailed:
            raise StatisticsUnavailableError(str(self.path)) from None
