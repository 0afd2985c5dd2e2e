"""The unfinished game on disk: its deal code, every removal still on the undo stack,
and the time on the clock. Replayed through the engine on resume, so undo still works.

Format 1 (JSON):

    {"format": 1, "code": "HM1-N-EMQPNCT", "moves": [["1", "8"], ["8", "5", "3"]],
     "elapsed": 42.5, "game": "3f9c0a1e7b2d4c58"}

`game` identifies the game, so that its result is recorded once (older saves
have none and get one when resumed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.session import ReplayError, Session, Start, replay
from halfmoon_a11y.store.files import atomic_write, read_small

FORMAT = 1


class SaveProblem(StrEnum):
    UNREADABLE = "unreadable"  # not JSON, wrong shape, or a move that does not replay
    NEWER = "newer"  # written by a later release, in a format this one does not know


class SaveError(ValueError):
    def __init__(self, problem: SaveProblem, version: object = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.version = version


@dataclass(frozen=True, slots=True)
class SavedGame:
    code: DealCode
    moves: tuple[tuple[Location, ...], ...]
    elapsed: float
    game: str = ""  # the game's identity: its result is recorded once, whatever happens

    @classmethod
    def of(cls, session: Session, game: str = "") -> SavedGame:
        moves = tuple(tuple(p.location for p in move.cards) for move in session.game.history)
        return cls(session.code, moves, session.clock.seconds, game)

    def to_bytes(self) -> bytes:
        data = {
            "format": FORMAT,
            "code": str(self.code),
            "moves": [[str(location) for location in move] for move in self.moves],
            "elapsed": round(self.elapsed, 3),
            "game": self.game,
        }
        return (json.dumps(data) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, raw: bytes) -> SavedGame:
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):  # not UTF-8, not JSON, nested past reason
            raise SaveError(SaveProblem.UNREADABLE) from None
        if not isinstance(data, dict):
            raise SaveError(SaveProblem.UNREADABLE)
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool):  # true is no format
            raise SaveError(SaveProblem.UNREADABLE, version)
        if version > FORMAT:
            raise SaveError(SaveProblem.NEWER, version)
        if version != FORMAT:
            raise SaveError(SaveProblem.UNREADABLE, version)
        try:
            code = DealCode.parse(data["code"])
            moves = tuple(tuple(Location.parse(text) for text in move) for move in data["moves"])
            elapsed = float(data["elapsed"])
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError, HalfMoonError):
            raise SaveError(SaveProblem.UNREADABLE) from None
        if not 0 <= elapsed < 10**9 or any(len(move) not in (2, 3) for move in moves):
            raise SaveError(SaveProblem.UNREADABLE)
        game = data.get("game")  # saves from before games had an identity have none
        return cls(code, moves, elapsed, game if isinstance(game, str) and game.isalnum() else "")

    def start(self) -> Start:
        """The saved game, to resume. Raises SaveError when a removal does not replay."""
        start = Start(self.code, self.moves, self.elapsed, resumed=True)
        try:
            replay(start)
        except ReplayError:
            raise SaveError(SaveProblem.UNREADABLE) from None
        return start


def write(path: Path, saved: SavedGame) -> None:
    atomic_write(path, saved.to_bytes())


MAX_BYTES = 64 * 1024  # a saved game of 48 removals takes about 700 bytes


def read(path: Path) -> SavedGame | None:
    """The saved game, or None if there is none. Raises SaveError or OSError."""
    raw = read_small(path, MAX_BYTES)
    return None if raw is None else SavedGame.from_bytes(raw)
