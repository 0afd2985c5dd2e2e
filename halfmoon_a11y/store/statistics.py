"""Statistics: every finished or abandoned game, in an SQLite database in the data folder.

Each write is one transaction; SQLite's locking keeps concurrent runs of the game
from corrupting it (WAL journal, and a busy timeout instead of failing at once).
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from enum import StrEnum
from pathlib import Path

from halfmoon_a11y.play.answers import Summary

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
BUSY_TIMEOUT = 10.0  # seconds to wait for another run's transaction


class Result(StrEnum):
    WON = "won"
    BLOCKED = "blocked"
    ABANDONED = "abandoned"


class Statistics:
    def __init__(self, path: Path) -> None:
        self.path = path

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(SCHEMA)
        return connection

    def record(self, code: str, result: Result, score: int, moves: int, seconds: int) -> None:
        """Add one game, in its own transaction. Raises sqlite3.Error or OSError."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        with closing(self._connect()) as connection:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute(
                "INSERT INTO games (code, result, score, moves, seconds, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (code, str(result), score, moves, seconds, stamp),
            )
            connection.execute("COMMIT")

    def summary(self) -> Summary:
        with closing(self._connect()) as connection:
            rows = connection.execute("SELECT result, seconds FROM games ORDER BY id").fetchall()
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
