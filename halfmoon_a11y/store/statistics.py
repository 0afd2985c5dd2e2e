"""Statistics: every finished or abandoned game, in an SQLite database in the data folder.

Each write is one transaction; SQLite's locking keeps concurrent runs of the game
from corrupting it (WAL journal, and a short busy timeout: a database busy longer is
`StatisticsBusy`, and the result waits in `results.py`'s queue, issue 18). A file that
is not a database is `StatisticsGarbage`. The file is made 0600 in a 0700 folder
(`host/owned.py`) before SQLite opens it; its -wal and -shm files take its mode.
Rows are read defensively: a row of the wrong type never stops `stats`.
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import closing
from enum import StrEnum

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import (
    FILE_MODE,
    NotARegularFile,
    make_folder,
    not_plain,
    open_owned,
)
from halfmoon_a11y.play.answers import Summary
from halfmoon_a11y.store.files import keep_aside

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Sequence

    from halfmoon_a11y.store.files import StrPath

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'blocked', 'abandoned')),
    score INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seconds INTEGER NOT NULL,
    finished_at TEXT NOT NULL
)
"""
BUSY_TIMEOUT = 5.0  # seconds a write waits for another run's transaction, by default
QUICK_TIMEOUT = 0.25  # seconds the game's own writes wait: the winning move answers at once
SCHEMA_VERSION = 2  # 2: each game's identity, recorded once
READ_TIMEOUT = 1.0  # seconds `stats` waits: the player is listening


class Result(StrEnum):
    WON = "won"
    BLOCKED = "blocked"
    ABANDONED = "abandoned"


def _migrate(connection: sqlite3.Connection) -> None:
    """Create the table, or bring an older one up to date, in one transaction."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if connection.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            connection.execute(SCHEMA)
            columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
            if "game" not in columns:  # a database from before games had an identity
                connection.execute("ALTER TABLE games ADD COLUMN game TEXT")
            connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS one_row_a_game ON games(game)")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


class StatisticsFailed(Exception):
    """The database could not be opened, read or written (sqlite3.Error or OSError)."""


class StatisticsBusy(StatisticsFailed):
    """Another connection held the database longer than the busy timeout."""


class StatisticsGarbage(StatisticsFailed):
    """The file is not an SQLite database, or a damaged one."""


BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
GARBAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


def _failure(error: Exception) -> StatisticsFailed:
    """The StatisticsFailed for an sqlite3.Error or OSError, by its cause."""
    if isinstance(error, NotARegularFile):  # a FIFO, a folder: set aside like garbage
        return StatisticsGarbage(str(error))
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in BUSY_CODES:
        return StatisticsBusy(str(error))
    if isinstance(code, int) and code & 0xFF in GARBAGE_CODES:
        return StatisticsGarbage(str(error))
    return StatisticsFailed(str(error))


def _seconds(value: object) -> int | None:
    """A row's time, if it is one: a whole number of seconds, not negative."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not 0 <= value < 10**9:  # NaN and infinities too (math costs 0.7 ms at start)
        return None
    return int(value)


class Statistics:
    """sqlite3 is imported when statistics are first written or read, not at start-up."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self.sides_aside: list[tuple[str, str | None]] = []  # -wal, -shm kept aside, to say

    def _clear_sides(self) -> None:
        """SQLite's -wal and -shm beside the database: a link, a folder, a FIFO or a device
        there makes every later connection fail (red team, issue 18). Kept aside, to be
        said; one that cannot be moved raises NotARegularFile."""
        for suffix in ("-wal", "-shm"):
            side = os.fspath(self.path) + suffix
            if not_plain(side):
                aside = keep_aside(side)
                self.sides_aside.append((side, aside))
                if aside is None:
                    raise NotARegularFile(side)

    def _connect(self, timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
        import sqlite3

        make_folder(os.path.dirname(os.fspath(self.path)) or ".")
        handle = open_owned(self.path, os.O_RDWR)  # 0600, a plain file, never a link
        try:
            # Windows: mode bits mean only read-only, and os.fchmod came in Python 3.13.
            loose = stat.S_IMODE(os.fstat(handle).st_mode) & ~FILE_MODE
            if loose and not system.is_windows():
                os.fchmod(handle, FILE_MODE)  # made by an older release under its umask
        finally:
            os.close(handle)
        self._clear_sides()
        connection = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        if connection.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            _migrate(connection)
        return connection

    def record(
        self,
        code: str,
        result: Result,
        score: int,
        moves: int,
        seconds: int,
        game: str | None = None,
        stamp: str | None = None,
        timeout: float = BUSY_TIMEOUT,
    ) -> None:
        """Add one game, in its own transaction, once: a game already recorded under the
        same identity is left as it is. `stamp`: when it ended, if not now. Raises
        StatisticsBusy, StatisticsGarbage or StatisticsFailed."""
        import sqlite3

        stamp = stamp or time.strftime("%Y-%m-%dT%H:%M:%S%z")
        try:
            self._insert(code, result, score, moves, seconds, stamp, game or None, timeout)
        except (sqlite3.Error, OSError) as error:
            raise _failure(error) from error

    def _insert(
        self,
        code: str,
        result: Result,
        score: int,
        moves: int,
        seconds: int,
        stamp: str,
        game: str | None,
        timeout: float,
    ) -> None:
        with closing(self._connect(timeout)) as connection:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute(
                "INSERT OR IGNORE INTO games"
                " (code, result, score, moves, seconds, finished_at, game)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, str(result), score, moves, seconds, stamp, game),
            )
            connection.execute("COMMIT")

    def summary(self, more: Sequence[tuple[object, object]] = ()) -> Summary:
        """Every recorded game, summed up, with `more` (result, seconds) rows not yet
        written. Raises StatisticsFailed."""
        import sqlite3

        try:
            with closing(self._connect(READ_TIMEOUT)) as connection:
                query = "SELECT result, seconds FROM games ORDER BY id"
                rows = connection.execute(query).fetchall()
        except (sqlite3.Error, OSError) as error:
            raise _failure(error) from error
        known = {str(result) for result in Result}
        rows = [(r, s) for r, s in [*rows, *more] if isinstance(r, str) and r in known]
        results = [row[0] for row in rows]
        won_times = [t for r, s in rows if r == Result.WON and (t := _seconds(s)) is not None]
        current = longest = 0
        for result in results:
            current = current + 1 if result == Result.WON else 0
            longest = max(longest, current)
        return Summary(
            played=len(results),
            won=results.count(Result.WON),
            blocked=results.count(Result.BLOCKED),
            abandoned=results.count(Result.ABANDONED),
            best_seconds=min(won_times) if won_times else None,
            current_streak=current,
            longest_streak=longest,
        )
