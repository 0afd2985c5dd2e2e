"""The results of games, recorded once each: a win as it happens; a game replaced by
another deal as blocked or abandoned, if it was played.

Nothing waits on the database. A database busy past its short timeout
leaves the result in a queue, kept in `statistics.sqlite3.pending` (JSON, written
whole, 0600), and written at the next chance: the next result, `stats`, leaving, or
the next run. A result of a move (a win, a game replaced by `new`) goes into that queue
first and into the database only once the answer is out (`settle`): the
winning move says "Victory" at once, and a kill between the two loses nothing. Each
result carries its game's identity, so writing it twice records it once. A file that
is not a database, or a database holding what the game did not make, is set aside once
a run, and a new one started. A database too slow to answer within its bound is said
once, and asked again only after RETRY_SECONDS.
"""

from __future__ import annotations

import json
import os
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import replace
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store import shallow
from halfmoon_a11y.store.files import atomic_write, keep_aside, read_small
from halfmoon_a11y.store.result import Result
from halfmoon_a11y.store.stats_failures import (
    QUICK_TIMEOUT,
    StatisticsBusy,
    StatisticsFailed,
    StatisticsGarbage,
    StatisticsSlow,
)
from halfmoon_a11y.store.unsaid import Unsaid

if TYPE_CHECKING:
    from halfmoon_a11y.play.answers import Summary
    from halfmoon_a11y.store.files import StrPath
    from halfmoon_a11y.store.statistics import Statistics


PENDING_BYTES = 64 * 1024  # a queued result takes about 100 bytes
RETRY_SECONDS = 10.0  # a busy database is asked again after this long, not at every move


def new_identity() -> str:
    return os.urandom(8).hex()  # as secrets.token_hex(8), without loading hashlib


class Results:
    """Records each game's result in the statistics. Raises StatisticsFailed."""

    def __init__(self, path: StrPath, unsaid: Unsaid | None = None) -> None:
        self.path = path
        self.unsaid = unsaid or Unsaid()  # a garbage database set aside is said there
        self._statistics: Statistics | None = None  # the database, when first used
        self.pending_path = os.fspath(path) + ".pending"
        self._pending: list[Result] | None = None  # read from its file at first need
        self._retry_at = 0.0  # time.monotonic() before which a busy database is left be
        self._set_aside = False  # a garbage database is set aside once a run
        self.due = False  # results queued by `record(later=True)`, for `settle`

    @property
    def statistics(self) -> Statistics:
        """The database, its module loaded at first use (sqlite3 is not loaded at start)."""
        if self._statistics is None:
            from halfmoon_a11y.store.statistics import Statistics

            self._statistics = Statistics(self.path, self.unsaid)
        return self._statistics

    def record(self, result: Result, later: bool = False) -> None:
        """Record one result, or queue it if the database is busy. `later`: kept in the
        queue on disk only, the database written by `settle` once the answer is out; a
        queue that cannot be written leaves it to the database at once. Raises
        StatisticsFailed when it can be neither written nor queued."""
        if not result.stamp:  # it ended now, whenever it reaches the database
            result = replace(result, stamp=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
        if later and self._keep(result):
            return
        self._write(result)

    def _keep(self, pending: Result) -> bool:
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

    def _write(self, pending: Result) -> None:
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

    def _insert(self, pending: Result) -> None:
        """One result into the database; a garbage database is set aside once, and the
        result goes into a new one. Raises StatisticsFailed."""
        try:
            self.statistics.write(pending, QUICK_TIMEOUT)
        except StatisticsGarbage:
            if not self._set_garbage_aside():
                raise
            self.statistics.write(pending, QUICK_TIMEOUT)

    def _set_garbage_aside(self) -> bool:
        """A file that is not a database: kept aside (with its -wal and -shm) and said,
        once a run. Whether a new database may be tried."""
        if self._set_aside:
            return False
        self._set_aside = True
        path = os.fspath(self.path)
        aside = keep_aside(path)
        self.unsaid.problem(sn.Problem.STATS_UNREADABLE, path, aside)
        if aside is None:
            return False
        for suffix in ("-wal", "-shm"):  # never applied to the new database
            with suppress(OSError):
                os.rename(path + suffix, aside + suffix)
        return True

    # -- the queue ----------------------------------------------------------------------

    def _queued(self) -> list[Result]:
        if self._pending is None:
            self._pending = self._read_pending()
        return self._pending

    def _read_pending(self) -> list[Result]:
        try:
            raw = read_small(self.pending_path, PENDING_BYTES)
            items = shallow.loads(raw.decode("utf-8")) if raw else []
        except (OSError, ValueError, RecursionError):
            return []  # nothing queued that can be read: the file is replaced at the next
        if not isinstance(items, list):
            return []
        return [p for item in items if (p := Result.from_json(item)) is not None]

    def _queue(self, pending: Result) -> None:
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
        except StatisticsSlow:  # said once; not asked again at every answer
            self._retry_at = time.monotonic() + RETRY_SECONDS
            raise
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
        more = [(str(p.ending), p.seconds) for p in self._queued()]
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
