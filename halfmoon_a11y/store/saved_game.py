"""The unfinished game on disk: its deal code, every removal still on the undo stack,
and the time on the clock. Replayed through the engine on resume, so undo still works.

Format 1 (JSON):

    {"format": 1, "code": "HM1-N-EMQPNCT", "moves": [["1", "8"], ["8", "5", "3"]],
     "elapsed": 42.5, "game": "3f9c0a1e7b2d4c58"}

`game` identifies the game, so that its result is recorded once (older saves
have none and get one when resumed).
"""

from __future__ import annotations

import contextlib
import json
import os
from enum import StrEnum

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.play.session import ReplayError, Session, Start, replay
from halfmoon_a11y.store.files import atomic_write, read_small

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath

FORMAT = 1


class SaveProblem(StrEnum):
    UNREADABLE = "unreadable"  # not JSON, wrong shape, or a move that does not replay
    NEWER = "newer"  # written by a later release, in a format this one does not know


class SaveError(ValueError):
    def __init__(self, problem: SaveProblem, version: object = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.version = version


@record
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
        """The saved game, to resume, already replayed: the session plays the game this
        check made, so a resumed game is replayed once. Raises SaveError when a removal
        does not replay."""
        start = Start(self.code, self.moves, self.elapsed, resumed=True)
        try:
            game = replay(start)
        except ReplayError:
            raise SaveError(SaveProblem.UNREADABLE) from None
        return replace(start, game=game)


def write(path: StrPath, saved: SavedGame) -> None:
    write_bytes(path, saved.to_bytes())


def write_bytes(path: StrPath, data: bytes) -> None:
    """A saved game's bytes (`SavedGame.to_bytes`), written atomically."""
    atomic_write(path, data)


MAX_BYTES = 64 * 1024  # a saved game of 48 removals takes about 700 bytes


def read(path: StrPath) -> SavedGame | None:
    """The saved game with the moves its journal adds, or None if there is none. Raises
    SaveError or OSError."""
    raw = read_small(path, MAX_BYTES)
    if raw is None:
        return None
    saved = SavedGame.from_bytes(raw)
    try:
        journal = read_small(journal_path(path), JOURNAL_BYTES)
    except OSError:
        journal = None  # a journal that cannot be read adds nothing; the save still counts
    return with_journal(saved, journal) if journal else saved


# -- the journal: each move as it is made, between two full saves ----------------------

JOURNAL_BYTES = 256 * 1024


def journal_path(path: StrPath) -> str:
    return os.fspath(path) + ".journal"


def with_journal(saved: SavedGame, raw: bytes) -> SavedGame:
    """The save with the moves of its journal. The journal counts only when its first line
    names this save's game and its number of moves; a line cut short by a kill, and
    anything after it, is left out."""
    lines = raw.split(b"\n")
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        return saved
    if header != ["game", saved.game, len(saved.moves)] or not saved.game:
        return saved  # the journal of an earlier save: everything in it is in the save
    moves, elapsed = list(saved.moves), saved.elapsed
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            kind, seconds = entry[0], float(entry[1])
            if kind == "r":
                move = tuple(Location.parse(text) for text in entry[2:])
                if len(move) not in (2, 3):
                    break
                moves.append(move)
            elif kind == "u" and moves:
                moves.pop()
            else:
                break
        except (ValueError, RecursionError, TypeError, IndexError, OverflowError, HalfMoonError):
            break  # cut short by a kill: what came before counts
        if 0 <= seconds < 10**9:
            elapsed = seconds
    return SavedGame(saved.code, tuple(moves), elapsed, saved.game)


class Journal:
    """Moves appended one line each as they are made: a line reaches the kernel at once,
    so a kill loses nothing, for the cost of one small write (no rename, no fsync). The
    full save that follows a new deal, quit or leaving is what is fsynced."""

    def __init__(self, path: StrPath) -> None:
        self.path = journal_path(path)
        self._handle: int | None = None

    def restart(self, game: str, moves: int) -> None:
        """After a full save: the journal starts again, naming the save it adds to."""
        self.close()
        self._handle = os.open(
            self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644
        )
        self._write(["game", game, moves])

    def removal(self, move: tuple[Location, ...], elapsed: float) -> None:
        self._write(["r", round(elapsed, 3), *(str(location) for location in move)])

    def undo(self, elapsed: float) -> None:
        self._write(["u", round(elapsed, 3)])

    def _write(self, entry: list[object]) -> None:
        if self._handle is None:
            raise OSError(f"{self.path} is not open")
        os.write(self._handle, (json.dumps(entry) + "\n").encode("utf-8"))

    def close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None

    def remove(self) -> None:
        self.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
