"""Statistics: every finished or abandoned game, in an SQLite database in the data folder.

Each write is one transaction; SQLite's locking keeps concurrent runs of the game
from corrupting it (WAL journal, and a busy timeout instead of failing at once).
"""

from __future__ import annotations

import time
from contextlib import closing
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from halfmoon_a11y.play.answers import Summary

if TYPE_CHECKING:
    import sqlite3

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
BUSY_TIMEOUT = 2.0  # seconds a write waits for another run's transaction
READ_TIMEOUT = 1.0  # seconds `stats` waits: the player is listening


class Result(StrEnum):
    WON = "won"
    BLOCKED = "blocked"
    ABANDONED = "abandoned"


class StatisticsFailed(Exception):
    """The database could not be opened, read or written (sqlite3.Error or OSError)."""


class Statistics:
    """sqlite3 is imported when statistics are first written or read, not at start-up."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _connect(self, timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
        import sqlite3

        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(SCHEMA)
        return connection

    def record(self, code: str, result: Result, score: int, moves: int, seconds: int) -> None:
        """Add one game, in its own transaction. Raises StatisticsFailed."""
        import sqlite3

        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        try:
            self._insert(code, result, score, moves, seconds, stamp)
        except (sqlite3.Error, OSError) as error:
            raise StatisticsFailed(str(error)) from error

    def _insert(
        self, code: str, result: Result, score: int, moves: int, seconds: int, stamp: str
    ) -> None:
        with closing(self._connect()) as connection:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute(
                "INSERT INTO games (code, result, score, moves, seconds, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (code, str(result), score, moves, seconds, stamp),
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
