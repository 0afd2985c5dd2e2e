"""The unfinished game on disk: its deal code, every removal still on the undo stack,
and the time on the clock. Replayed through the engine on resume, so undo still works.

Format 1 (JSON):

    {"format": 1, "code": "HM1-N-EMQPNCT", "moves": [["1", "8"], ["8", "5", "3"]],
     "elapsed": 42.5, "game": "3f9c0a1e7b2d4c58"}

`game` identifies the game, so that its result is recorded once (older saves
have none and get one when resumed). `"won": true` is written only for a deal won
and then taken back by undo: `new` then says it counts as won; older
releases ignore it. With it, `"won_elapsed"`: the seconds on the clock when the deal
was won, the time its win was counted with, so that winning it again says that time;
a save without it (or with a value that is no time) wins again in the time
on the clock, as before.

`"redo"`, the removals redo can make again, the next one first, is written only by a
full save that folds the journal in (during play, or the start's save after a kill), so
that a kill loses nothing a player could redo: the reader makes them, then takes them
back. Older releases ignore the key: they resume the same moves, with nothing to redo.
A value that is not such a list is ignored the same way.
"""

from __future__ import annotations

import json
import os
from enum import StrEnum

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import HalfMoonError, NotARemovalError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.core.values import record, replace
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.start import ReplayError, Start, replay
from halfmoon_a11y.store import shallow
from halfmoon_a11y.store.files import (
    NotOwned,
    TooLarge,
    atomic_write,
    honoured_link,
    not_plain,
    open_owned,
    read_head,
    read_small,
    unusable,
    write_all,
)

if TYPE_CHECKING:
    from halfmoon_a11y.core.engine import Game
    from halfmoon_a11y.store.files import StrPath

FORMAT = 1
Moves = tuple[tuple[Location, ...], ...]


class SaveProblem(StrEnum):
    UNREADABLE = "unreadable"  # not JSON, wrong shape, or a move that does not replay
    NEWER = "newer"  # written by a later release, in a format this one does not know


class SaveError(ValueError):
    def __init__(
        self, problem: SaveProblem, version: object = None, saved: SavedGame | None = None
    ) -> None:
        super().__init__(problem)
        self.problem = problem
        self.version = version
        self.saved = saved  # a save read whole whose removals do not replay: its deal


@record
class SavedGame:
    code: DealCode
    moves: tuple[tuple[Location, ...], ...]
    elapsed: float
    game: str = ""  # the game's identity: its result is recorded once, whatever happens
    won: bool = False  # the deal was won, then a removal undone (`new` says it counts as won)
    won_elapsed: float | None = None  # the clock when it was won: the time the win counts
    redo: Moves = ()  # what redo makes again, the next first: kept only by a fold

    @classmethod
    def of(cls, session: Session, game: str = "", folds: bool = False) -> SavedGame:
        """The session as it would be saved; `folds`: the save stands for journal lines,
        so it keeps what redo could make again, as those lines did."""
        moves = tuple(tuple(p.location for p in move.cards) for move in session.game.history)
        seconds, won, won_elapsed = session.clock.seconds, session.won_once, session.won_elapsed
        redo = redo_of(session.game) if folds else ()
        return cls(session.code, moves, seconds, game, won, won_elapsed=won_elapsed, redo=redo)

    @classmethod
    def of_start(cls, start: Start, game: str, folds: bool = False) -> SavedGame:
        """A start as it would be saved, under the game's identity `game`; `folds`: with
        what its game, resumed, can redo (the journal a kill left, folded in)."""
        code, moves, seconds, won = start.code, start.moves, start.elapsed, start.won
        redo = redo_of(start.game) if folds and start.game is not None else ()
        return cls(code, moves, seconds, game, won, won_elapsed=start.won_elapsed, redo=redo)

    def to_bytes(self) -> bytes:
        data = {
            "format": FORMAT,
            "code": str(self.code),
            "moves": [[str(location) for location in move] for move in self.moves],
            "elapsed": round(self.elapsed, 3),
            "game": self.game,
        }
        if self.won:  # only then: saves of games never won stay as they were
            data["won"] = True
            if self.won_elapsed is not None:
                data["won_elapsed"] = round(self.won_elapsed, 3)
        if self.redo:  # only at a fold: other saves stay as they were
            data["redo"] = [[str(location) for location in move] for move in self.redo]
        return (json.dumps(data) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, raw: bytes) -> SavedGame:
        try:
            data = shallow.loads(raw.decode("utf-8"))
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
        identity = game if isinstance(game, str) and game.isalnum() else ""
        won = data.get("won") is True
        won_elapsed = _won_elapsed(data) if won else None  # a time without the win: none
        redo = _redo(data.get("redo", []))
        return cls(code, moves, elapsed, identity, won, won_elapsed=won_elapsed, redo=redo)

    def start(self) -> Start:
        """The saved game, to resume, already replayed: the session plays the game this
        check made, so a resumed game is replayed once. Raises SaveError when a removal
        does not replay."""
        start = Start(
            self.code,
            self.moves,
            self.elapsed,
            resumed=True,
            won=self.won,
            won_elapsed=self.won_elapsed,
        )
        try:
            game = replay(start)
        except ReplayError:
            raise SaveError(SaveProblem.UNREADABLE) from None
        with_redo(game, self.redo)
        return replace(start, game=game)


def redo_of(game: Game) -> Moves:
    """What redo would make again on `game`, the next one first."""
    return tuple(tuple(p.location for p in move.cards) for move in reversed(game.undone))


def with_redo(game: Game, redo: Moves) -> None:
    """The removals of a save's `redo` made, then taken back: redo makes them again, the
    first first, as it would have before the save. Those that do not replay (a file
    edited by hand) are left out, with every one after them: the moves stay whole."""
    made = 0
    for move in redo:
        if not _made(game, move):
            break
        made += 1
    for _ in range(made):
        game.unmake()


def _redo(value: object) -> Moves:
    """A save's `redo`, or nothing when it is not a list of removals' places."""
    try:
        if not isinstance(value, list) or not all(isinstance(move, list) for move in value):
            return ()
        redo = tuple(tuple(Location.parse(text) for text in move) for move in value)
    except (TypeError, ValueError, AttributeError, HalfMoonError):
        return ()
    return redo if all(len(move) in (2, 3) for move in redo) else ()


def _won_elapsed(data: dict[str, object]) -> float | None:
    """The time a won deal's win was counted with, or None when the save has none that
    is a time: the deal is then won again in the time on the clock."""
    seconds = data.get("won_elapsed")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        return None
    return float(seconds) if 0 <= seconds < 10**9 else None


def write(path: StrPath, saved: SavedGame) -> None:
    write_bytes(path, saved.to_bytes())


def write_bytes(path: StrPath, data: bytes) -> None:
    """A saved game's bytes (`SavedGame.to_bytes`), written atomically. A symlink at
    `path` is written through only when it is the player's own link to a file of theirs
    (`honoured_link`); any other is replaced, never followed."""
    atomic_write(path, data, follow_link=honoured_link(path))


MAX_BYTES = 64 * 1024  # a saved game of 48 removals takes about 700 bytes


class JournalProblem(StrEnum):
    """Why a journal was not applied whole. Each is told to the player, and the journal
    is kept aside (with a copy of the full save it adds to), never dropped unsaid."""

    NOT_PLAIN = "not_plain"  # a folder, a FIFO, a device or a symlink: nothing read
    UNREADABLE = "unreadable"  # too large, or a first line that names no save
    STOPPED = "stopped"  # a line that is no move or does not replay: those before count
    TOO_LONG = "too_long"  # past the most ever read: the lines of its start count


@record
class Reading:
    """A saved game as read at start: the full save with the journal lines that replay,
    already replayed, and what was wrong with the journal, if anything."""

    saved: SavedGame
    game: Game
    raw: bytes  # the full save's bytes, to keep a copy beside a journal set aside
    applied: int = 0  # journal lines (removals and undos) that came back
    problem: JournalProblem | None = None

    def start(self) -> Start:
        saved = self.saved
        return Start(
            saved.code,
            saved.moves,
            saved.elapsed,
            resumed=True,
            game=self.game,
            won=saved.won,
            won_elapsed=saved.won_elapsed,
        )


def read(path: StrPath) -> SavedGame | None:
    """The saved game with the moves its journal adds that replay, or None if there is
    none. Raises SaveError or OSError. Changes nothing on disk."""
    reading = read_game(path)
    return reading.saved if reading is not None else None


def read_game(path: StrPath) -> Reading | None:
    """The saved game and its journal, replayed, or None if there is no save. Raises
    SaveError (the save itself is unreadable or does not replay) or OSError. Changes
    nothing on disk: the keeper sets aside what the reading found wrong."""
    if unusable(path):  # a FIFO, a folder, a device, a link that is not the player's
        raise SaveError(SaveProblem.UNREADABLE)
    raw = read_small(path, MAX_BYTES)
    if raw is None:
        return None
    saved = SavedGame.from_bytes(raw)
    try:
        game = replay(Start(saved.code, saved.moves))
    except ReplayError:
        raise SaveError(SaveProblem.UNREADABLE, saved=saved) from None
    with_redo(game, saved.redo)
    saved = replace(saved, redo=redo_of(game))  # those that replay
    journal = journal_path(path)
    if not_plain(journal):  # never read, never followed: set aside by the keeper
        return Reading(saved, game, raw, problem=JournalProblem.NOT_PLAIN)
    too_long = False
    try:
        lines = read_small(journal, JOURNAL_BYTES)
    except TooLarge:  # never written so long (it is folded first): its start is read
        too_long = True
        try:
            lines = read_head(journal, JOURNAL_BYTES, owned=True)
        except OSError:
            return Reading(saved, game, raw, problem=JournalProblem.NOT_PLAIN)
    except NotOwned:  # another user's: never read, kept aside
        return Reading(saved, game, raw, problem=JournalProblem.UNREADABLE)
    except OSError:  # raced into something else since: as if it were not plain
        return Reading(saved, game, raw, problem=JournalProblem.NOT_PLAIN)
    if not lines:
        return Reading(saved, game, raw)
    reading = with_journal(saved, game, raw, lines)
    if too_long and reading.problem is None:
        return replace(reading, problem=JournalProblem.TOO_LONG)
    return reading


# -- the journal: each move as it is made, between two full saves ----------------------

JOURNAL_BYTES = 256 * 1024  # the most of a journal ever read
# A journal this long is folded into a full save before its next line (about 900
# removals and undos since the last save), so that a resume after a kill replays at most
# about that many lines: 10,000 lines, 192 KiB, made a resume 2.3 times a start even
# with the status computed once. The fold keeps what redo could make again (`redo`), so
# it need not wait for a moment with nothing to redo, which a player listening back and
# forth never reaches. A fold is one full save (two fsyncs) every thousand commands or so.
JOURNAL_FOLD = 16 * 1024


def journal_path(path: StrPath) -> str:
    return os.fspath(path) + ".journal"


def journal_adds(path: StrPath, raw: bytes) -> bool:
    """Whether the journal beside a save whose bytes are `raw` may add anything to it: a
    first line naming this save, then at least one line. Nothing is replayed. Raises
    SaveError or OSError."""
    saved = SavedGame.from_bytes(raw)
    journal = read_small(journal_path(path), JOURNAL_BYTES)
    if not journal:
        return False
    lines = journal.split(b"\n")[:-1]
    if len(lines) < 2 or not saved.game:
        return False
    return _header(lines[0]) == ["game", saved.game, len(saved.moves)]


def _header(line: bytes) -> list[object] | None:
    """A journal's first line, `["game", IDENTITY, MOVES]`, or None if it is not one."""
    try:
        header = shallow.loads(line)
    except (ValueError, RecursionError):
        return None
    if (
        isinstance(header, list)
        and len(header) == 3
        and header[0] == "game"
        and isinstance(header[1], str)
        and isinstance(header[2], int)
        and not isinstance(header[2], bool)
    ):
        return header
    return None


def _entry(line: bytes) -> tuple[str, float, tuple[Location, ...]] | None:
    """A journal line as (kind, seconds, move), or None when it is no journal line."""
    try:
        entry = shallow.loads(line)
        if not isinstance(entry, list) or len(entry) < 2 or entry[0] not in ("r", "u"):
            return None
        kind, seconds = entry[0], entry[1]
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            return None
        seconds = float(seconds)
        texts = entry[2:]
        if not all(isinstance(text, str) for text in texts):
            return None
        move = tuple(Location.parse(text) for text in texts)
    except (ValueError, RecursionError, OverflowError, HalfMoonError):
        return None
    if (kind == "r" and len(move) not in (2, 3)) or (kind == "u" and move):
        return None
    if not 0 <= seconds < 10**9:
        return None
    return kind, seconds, move


def _made(game: Game, move: tuple[Location, ...]) -> bool:
    """Make one journal removal on the game, as `replay` does: True when those places make
    a removal; on False the game is unchanged."""
    try:
        game.remake(move)  # the status settled once, at the end: a long replay is quick
    except NotARemovalError:
        return False
    return True


def with_journal(saved: SavedGame, game: Game, raw: bytes, journal: bytes) -> Reading:
    """The save with the lines of its journal that replay, made on `game` (the save
    replayed). The journal counts only when its first line names this save's game and
    its number of moves (else it belongs to an earlier save, whose moves are all in this
    one). A last line cut short by a kill is left out silently. Any other line that is no
    move, or a move that does not replay on this deal (duplicated, swapped, illegal,
    another deal's), stops the reading: every move before it counts, and the reading
    says so.

    A removal that is the next one redo would make is replayed as that redo, keeping
    what is left to redo: the journal writes a redo as its removal, and never writes a
    new removal while a resume could redo something (`GameFile.journal`), so the two
    cannot be taken one for the other. What is left to redo is followed beside the game
    and given to it once, at the end (`with_redo`), so that no line computes the status."""
    lines = journal.split(b"\n")[:-1]  # the last piece has no newline: a kill cut it
    if not lines:  # only a first line cut short: the restart was killed mid-line
        return Reading(saved, game, raw)
    header = _header(lines[0])
    if header is None:
        return Reading(saved, game, raw, problem=JournalProblem.UNREADABLE)
    if header != ["game", saved.game, len(saved.moves)] or not saved.game:
        return Reading(saved, game, raw)  # an earlier save's: everything in it is in the save
    moves, elapsed = list(saved.moves), saved.elapsed
    undone = list(reversed(saved.redo))  # what redo makes again, the next one last
    applied = 0
    problem = None
    for line in lines[1:]:
        entry = _entry(line)
        if entry is None:
            problem = JournalProblem.STOPPED
            break
        kind, seconds, move = entry
        if kind == "r":
            if not _made(game, move):  # the game as it was before the line
                problem = JournalProblem.STOPPED
                break
            if undone and undone[-1] == move:  # a redo: the rest is still to redo
                undone.pop()
            else:
                undone.clear()
            moves.append(move)
        else:
            if not game.undo_available:
                problem = JournalProblem.STOPPED
                break
            game.unmake()
            undone.append(moves.pop())
        applied += 1
        elapsed = seconds
    with_redo(game, tuple(reversed(undone)))  # a removal made empties the game's own
    game.drop_selection()
    game.resettle()  # once, not after every line, which slowed a long replay
    return Reading(
        replace(saved, moves=tuple(moves), elapsed=elapsed, redo=redo_of(game)),
        game,
        raw,
        applied,
        problem,
    )


class Journal:
    """Moves appended one line each as they are made: a line reaches the kernel at once,
    so a kill loses nothing, for the cost of one small write (no rename, no fsync). The
    full save that follows a new deal, quit or leaving is what is fsynced.

    Opened as every file the game owns (`host/owned.py`): never through a symlink, never
    blocking on a FIFO, only a regular file (else NotARegularFile); every write whole or
    ShortWrite."""

    def __init__(self, path: StrPath) -> None:
        self.path = journal_path(path)
        self._handle: int | None = None
        self.game = ""  # the identity of the game whose save this journal adds to
        self.size = 0  # bytes written since the last restart
        self.lines = 0  # moves and undos written since the last restart

    def restart(self, game: str, moves: int) -> None:
        """After a full save: the journal starts again, naming the save it adds to."""
        self.close()
        self._handle = open_owned(self.path, os.O_WRONLY | os.O_TRUNC | os.O_APPEND)
        self.game = game
        self.size = self.lines = 0
        self._write(["game", game, moves])
        self.lines = 0

    def removal(self, move: tuple[Location, ...], elapsed: float) -> None:
        self._write(["r", round(elapsed, 3), *(str(location) for location in move)])

    def undo(self, elapsed: float) -> None:
        self._write(["u", round(elapsed, 3)])

    def _write(self, entry: list[object]) -> None:
        if self._handle is None:
            raise OSError(f"{self.path} is not open")
        if not self._still_at_its_path():
            self.close()  # removed or replaced since: a line written now would be lost
            raise OSError(f"{self.path} was removed or replaced")
        data = (json.dumps(entry) + "\n").encode("utf-8")
        try:
            write_all(self._handle, data)
        except OSError:
            self.close()  # a line may be torn: nothing more goes after it
            raise
        self.size += len(data)
        self.lines += 1

    def _still_at_its_path(self) -> bool:
        """Whether the open journal is still the file at its path (a tool may have
        removed it, or put something else there: appending would then save nothing)."""
        assert self._handle is not None
        try:
            opened, there = os.fstat(self._handle), os.lstat(self.path)
        except OSError:
            return False
        return (opened.st_dev, opened.st_ino) == (there.st_dev, there.st_ino)

    @property
    def is_open(self) -> bool:
        return self._handle is not None

    def close(self) -> None:
        if self._handle is not None:
            with suppress(OSError):
                os.close(self._handle)
            self._handle = None

    def remove(self) -> None:
        self.close()
        with suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
            os.unlink(self.path)
