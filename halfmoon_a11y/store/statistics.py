"""Statistics: every finished or abandoned game, in an SQLite database in the data folder.

Each write is one transaction; SQLite's locking keeps concurrent runs of the game
from corrupting it (WAL journal, and a busy timeout instead of failing at once).
"""

from __future__ import annotations

import os
import time
from contextlib import closing
from enum import StrEnum

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.answers import Summary

if TYPE_CHECKING:
    import sqlite3

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
BUSY_TIMEOUT = 5.0  # seconds a write waits for another run's transaction
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


class Statistics:
    """sqlite3 is imported when statistics are first written or read, not at start-up."""

    def __init__(self, path: StrPath) -> None:
        self.path = path

    def _connect(self, timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
        import sqlite3

        os.makedirs(os.path.dirname(os.fspath(self.path)) or ".", exist_ok=True)
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
    ) -> None:
        """Add one game, in its own transaction, once: a game already recorded under the
        same identity is left as it is. Raises StatisticsFailed."""
        import sqlite3

        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        try:
            self._insert(code, result, score, moves, seconds, stamp, game or None)
        except (sqlite3.Error, OSError) as error:
            raise StatisticsFailed(str(error)) from error

    def _insert(
        self,
        code: str,
        result: Result,
        score: int,
        moves: int,
        seconds: int,
        stamp: str,
        game: str | None,
    ) -> None:
        with closing(self._connect()) as connection:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute(
                "INSERT OR IGNORE INTO games"
                " (code, result, score, moves, seconds, finished_at, game)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, str(result), score, moves, seconds, stamp, game),
            )
            connection.execute("COMMIT")

    def summary(self) -> Summary:
        """Every recorded game, summed up. Raises StatisticsFailed."""
        import sqlite3

        try:
            with closing(self._connect(READ_TIMEOUT)) as connection:
                query = "SELECT result, seconds FROM games ORDER BY id"
                rows = connection.execute(query).fetchall()
        except (sqlite3.Error, OSError) as error:
            raise StatisticsFailed(str(error)) from error
        results = [row[0] for row in rows]
        won_times = [row[1] for row in rows if row[0] == Result.WON]
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
