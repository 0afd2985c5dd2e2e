"""Statistics: every finished or abandoned game, in an SQLite database in the data folder.

Each write is one transaction; SQLite's locking keeps concurrent runs of the game
from corrupting it (WAL journal, and a short busy timeout: a database busy longer is
`StatisticsBusy`, and the result waits in `results.py`'s queue). A file that
is not a database is `StatisticsGarbage`. The file is made 0600 in a 0700 folder
(`host/owned.py`) before SQLite opens it; its -wal and -shm files take its mode.
Rows are read defensively: a row of the wrong type never stops `stats`.

Every use of the database is bounded in time (`bounded.py`), and a database holding
anything the game did not make (a trigger, a view, an index of another program) is
`StatisticsForeign`, set aside as garbage is: such an object runs inside every read or
write, for as long as it likes.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from contextlib import closing

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import (
    FILE_MODE,
    NotARegularFile,
    make_folder,
    not_plain,
    open_owned,
)
from halfmoon_a11y.play.answers import Summary
from halfmoon_a11y.store import bounded
from halfmoon_a11y.store.files import keep_aside
from halfmoon_a11y.store.notices import Problem
from halfmoon_a11y.store.result import ENDINGS, Ending, Result
from halfmoon_a11y.store.stats_failures import (
    QUICK_TIMEOUT as QUICK_TIMEOUT,
)
from halfmoon_a11y.store.stats_failures import (
    StatisticsBusy,
    StatisticsFailed,
    StatisticsForeign,
    StatisticsGarbage,
    StatisticsSlow,
)
from halfmoon_a11y.store.unsaid import Unsaid

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

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
# The totals so far, one row, kept with each game recorded: `stats` reads this
# row and the last game's id, so it costs the same at 100,000 games as at 10. `last` is
# the id of the last game summed up, `rows` how many rows were. Any row of `games`
# added, changed or removed empties the table (`STALE`): the game stores its totals
# again in the same transaction, while totals another program left stale are not there
# and are summed up anew from the games, as are totals that cannot be true (a damaged
# row). Counting the rows instead cost 4 ms at 100,000 games.
TOTALS = """
CREATE TABLE IF NOT EXISTS totals (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    last INTEGER NOT NULL,
    rows INTEGER NOT NULL,
    played INTEGER NOT NULL,
    won INTEGER NOT NULL,
    blocked INTEGER NOT NULL,
    abandoned INTEGER NOT NULL,
    best_seconds INTEGER,
    current_streak INTEGER NOT NULL,
    longest_streak INTEGER NOT NULL
)
"""
STALE = {
    f"totals_stale_on_{change.lower()}": (
        f"CREATE TRIGGER totals_stale_on_{change.lower()} AFTER {change} ON games"
        " BEGIN DELETE FROM totals; END"
    )
    for change in ("INSERT", "UPDATE", "DELETE")
}
BUSY_TIMEOUT = 5.0  # seconds a write waits for another run's transaction, by default
SCHEMA_VERSION = 5  # 2: each game's identity, recorded once; 4: the totals kept; 5: STALE
READ_TIMEOUT = 1.0  # seconds `stats` waits: the player is listening


def _migrate(connection: sqlite3.Connection) -> None:
    """Create the table, or bring an older one up to date, in one transaction."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if connection.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            connection.execute(SCHEMA)
            columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
            if "game" not in columns:  # a database from before games had an identity
                connection.execute("ALTER TABLE games ADD COLUMN game TEXT")
            connection.execute(INDEX.replace("INDEX", "INDEX IF NOT EXISTS", 1))
            connection.execute("DROP TABLE IF EXISTS totals")  # 3's, without `rows`
            _watch(connection)
            _store(connection, _tally_all(connection))  # once: from here each game adds
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


@record(frozen=False)
class Tally:
    """The totals of a run of games, one game added at a time, oldest first."""

    last: int = 0  # the id of the last game added
    rows: int = 0  # the rows added, games of the wrong kind included
    played: int = 0
    won: int = 0
    blocked: int = 0
    abandoned: int = 0
    best_seconds: int | None = None
    current_streak: int = 0
    longest_streak: int = 0

    def add(self, result: object, seconds: object, game_id: int | None = None) -> None:
        """One game; a row of the wrong kind is not counted (it never stops `stats`)."""
        if game_id is not None:
            self.last = game_id
            self.rows += 1
        if not isinstance(result, str) or result not in ENDINGS:
            return
        self.played += 1
        if result == Ending.WON:
            self.won += 1
            self.current_streak += 1
            self.longest_streak = max(self.longest_streak, self.current_streak)
            time = _seconds(seconds)
            if time is not None and (self.best_seconds is None or time < self.best_seconds):
                self.best_seconds = time
            return
        self.current_streak = 0
        if result == Ending.BLOCKED:
            self.blocked += 1
        else:
            self.abandoned += 1

    def summary(self) -> Summary:
        return Summary(
            played=self.played,
            won=self.won,
            blocked=self.blocked,
            abandoned=self.abandoned,
            best_seconds=self.best_seconds,
            current_streak=self.current_streak,
            longest_streak=self.longest_streak,
        )


def _tally_all(connection: sqlite3.Connection) -> Tally:
    """Every recorded game summed up, oldest first: once, at the upgrade to the kept
    totals, or when they do not match the games."""
    tally = Tally()
    for game_id, result, seconds in connection.execute(
        "SELECT id, result, seconds FROM games ORDER BY id"
    ):
        tally.add(result, seconds, game_id)
    return tally


def _kept(connection: sqlite3.Connection) -> Tally | None:
    """The totals kept, if they match the games: their last game is the last one."""

    try:
        row = connection.execute(
            "SELECT last, rows, played, won, blocked, abandoned, best_seconds,"
            " current_streak, longest_streak FROM totals WHERE one = 1"
        ).fetchone()
    except sqlite3.OperationalError:  # no such table: another program dropped it
        return None
    if row is None or not _watched(connection):
        return None
    newest = connection.execute("SELECT max(id) FROM games").fetchone()[0]
    if row[0] != (newest or 0):  # a game added with the triggers dropped, say
        return None
    numbers = [value for value in row if value is not None]
    if any(isinstance(value, bool) or not isinstance(value, int) for value in numbers):
        return None  # a damaged row: summed up anew
    tally = Tally(*row)
    return tally if _consistent(tally) else None


def _watched(connection: sqlite3.Connection) -> bool:
    """Whether every change to the games still marks the totals stale: the triggers are
    there as they were made (another program may drop or replace one)."""
    found = connection.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'games'"
    )
    return set(STALE.values()) <= {sql for (sql,) in found}


def _consistent(tally: Tally) -> bool:
    """Whether kept totals could be true: no count below 0, the results adding up to the
    games played, no more played than rows, streaks within the games won, a best time
    not below 0 (totals edited to set `played` to -5 were once said by stats)."""
    counts = (tally.played, tally.won, tally.blocked, tally.abandoned)
    return (
        min(counts) >= 0
        and tally.won + tally.blocked + tally.abandoned == tally.played <= tally.rows
        and 0 <= tally.current_streak <= tally.longest_streak <= tally.won
        and (tally.best_seconds is None or tally.best_seconds >= 0)
    )


def _store(connection: sqlite3.Connection, tally: Tally) -> None:
    connection.execute(
        "INSERT OR REPLACE INTO totals (one, last, rows, played, won, blocked, abandoned,"
        " best_seconds, current_streak, longest_streak) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            tally.last,
            tally.rows,
            tally.played,
            tally.won,
            tally.blocked,
            tally.abandoned,
            tally.best_seconds,
            tally.current_streak,
            tally.longest_streak,
        ),
    )


def _watch(connection: sqlite3.Connection) -> None:
    """The totals' table and the triggers that mark it stale, made again if another
    program dropped them (a trigger would fail on a table that is not there)."""
    connection.execute(TOTALS)
    for name, sql in STALE.items():
        if not _watched_by(connection, name, sql):
            connection.execute(f"DROP TRIGGER IF EXISTS {name}")
            connection.execute(sql)


def _watched_by(connection: sqlite3.Connection, name: str, sql: str) -> bool:
    found = connection.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", (name,)
    ).fetchone()
    return found is not None and found[0] == sql


def _foreign(connection: sqlite3.Connection) -> str | None:
    """The first object of the database the game did not make, or None. The game's
    triggers are remade before each write when another program changed them (`_watch`),
    so only their names are asked; SQLite's own tables (`sqlite_stat1`) are let be."""
    for kind, name, table, sql in connection.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master"
    ):
        if kind == "table" and str(name).startswith("sqlite_"):
            continue
        if OURS.get(name) != (kind, table) or (name == INDEX_NAME and sql != INDEX):
            return f"{kind} {name}"
    return None


INDEX_NAME = "one_row_a_game"
INDEX = f"CREATE UNIQUE INDEX {INDEX_NAME} ON games(game)"
OURS = {
    "games": ("table", "games"),
    "totals": ("table", "totals"),
    INDEX_NAME: ("index", "games"),
    **{name: ("trigger", "games") for name in STALE},
}
BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
GARBAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


def _failure(error: Exception) -> StatisticsFailed:
    """The StatisticsFailed for an sqlite3.Error or OSError, by its cause."""
    if isinstance(error, NotARegularFile):  # a FIFO, a folder: set aside like garbage
        return StatisticsGarbage(str(error))
    code = getattr(error, "sqlite_errorcode", None)
    if bounded.stopped(error):
        return StatisticsSlow(str(error))
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
    """The database. This module is loaded when statistics are first written or read
    (`Results.statistics`), not at start-up: sqlite3 costs a start several ms."""

    def __init__(self, path: StrPath, unsaid: Unsaid | None = None) -> None:
        self.path = path
        self.unsaid = unsaid or Unsaid()  # -wal and -shm kept aside are said there
        self.seconds = bounded.WORK_SECONDS  # the most one use of the database takes

    def _clear_sides(self) -> None:
        """SQLite's -wal and -shm beside the database: a link, a folder, a FIFO or a device
        there makes every later connection fail (found by an attack on the files). Kept aside, to be
        said; one that cannot be moved raises NotARegularFile."""
        for suffix in ("-wal", "-shm"):
            side = os.fspath(self.path) + suffix
            if not_plain(side):
                aside = keep_aside(side)
                self.unsaid.problem(Problem.STATS_SIDE_FILE, side, aside)
                if aside is None:
                    raise NotARegularFile(side)

    def _absent(self) -> bool:
        """Whether there is plainly no database: neither it nor SQLite's -wal and -shm,
        in a folder that can be looked in (the first `stats` of a home once made a
        database, 0.1 s, only to say there were no games). Anything else, a folder that
        is a file say, is opened as before, and said."""
        for suffix in ("", "-wal", "-shm"):
            try:
                os.lstat(os.fspath(self.path) + suffix)
            except FileNotFoundError:
                continue
            except OSError:
                return False
            return False
        return True

    def _connect(self, timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:

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
        try:
            bounded.limit(connection, self.seconds)
            _write_ahead(connection, timeout)
            found = _foreign(connection)
            if found is not None:
                raise StatisticsForeign(found)
            if connection.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                _migrate(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    def record(self, *fields: Any, timeout: float = BUSY_TIMEOUT, **named: Any) -> None:
        """`write` with the fields of a `Result` given one by one (for scripts)."""
        self.write(Result(*fields, **named), timeout)

    def write(self, result: Result, timeout: float = BUSY_TIMEOUT) -> None:
        """Add one game, in its own transaction, once: a game already recorded under the
        same identity is left as it is. A result without a stamp ended now. Raises
        StatisticsBusy, StatisticsGarbage or StatisticsFailed."""

        stamp = result.stamp or time.strftime("%Y-%m-%dT%H:%M:%S%z")
        try:
            with bounded.Signals():
                self._insert(replace(result, stamp=stamp), timeout)
        except (sqlite3.Error, OSError) as error:
            raise _failure(error) from error

    def _insert(self, result: Result, timeout: float) -> None:

        *row, game = result.to_json()[:6]
        with closing(self._connect(timeout)) as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                tally = _kept(connection)
                if tally is None:  # perhaps no table, which the insert's trigger needs
                    _watch(connection)
                added = connection.execute(
                    "INSERT OR IGNORE INTO games"
                    " (code, result, score, moves, seconds, game, finished_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (*row, game or None, result.stamp),
                )
                if added.rowcount == 1:  # a game not recorded before: the totals follow
                    if tally is None:
                        tally = _tally_all(connection)
                    else:
                        tally.add(str(result.ending), result.seconds, added.lastrowid)
                    _store(connection, tally)
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise

    def summary(self, more: Sequence[tuple[object, object]] = ()) -> Summary:
        """Every recorded game, summed up, with `more` (result, seconds) rows not yet
        written. Raises StatisticsFailed."""
        if self._absent():  # no game recorded yet: said without making a database
            tally = Tally()
        else:
            try:
                with bounded.Signals(), closing(self._connect(READ_TIMEOUT)) as connection:
                    tally = _kept(connection) or _tally_all(connection)
            except (sqlite3.Error, OSError) as error:
                raise _failure(error) from error
        for result, seconds in more:
            tally.add(result, seconds)
        return tally.summary()


def _write_ahead(connection: sqlite3.Connection, timeout: float) -> None:
    """The WAL journal. Two runs that open a database in the old journal at once both
    hold a read lock and both ask for the write lock the change needs: SQLite refuses one
    at once, without its busy wait, so that neither waits for the other forever. That
    one asks again, within the same busy timeout."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            busy = getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY
            if not busy or time.monotonic() >= deadline:
                raise
        time.sleep(0.01)
