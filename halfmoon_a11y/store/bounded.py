"""What the game asks of its statistics database, bounded in time.

A database is a program as much as a file: a trigger another program put there, or a
view in place of a table, runs inside SQLite for as long as it likes, and Python runs
no signal handler until SQLite returns. So every connection the game opens answers to
a progress handler: every STEPS instructions of SQLite's machine it looks at the clock,
and a statement still running past the connection's deadline is stopped (SQLite's
"interrupted"). Waiting for another program's lock is bounded apart, by the
connection's busy timeout.

While the game's own thread waits on the database, a Ctrl-C, SIGTERM or SIGHUP is
noted and stops the statement at once; once the database is closed the signal is
raised again, and does what it always does (Ctrl-C silences the voice, SIGTERM leaves
with the game saved). A handler that raised inside SQLite's callback would be lost:
sqlite3 clears an exception raised there.
"""

from __future__ import annotations

import signal
import sqlite3
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType, TracebackType

# The most one use of the database may take: reading the totals, or recording a game
# with its totals, takes 1 to 5 ms; summing up 100,000 games anew (once, after an
# upgrade or a change by hand) some 0.2 s. A player waits this long at most.
WORK_SECONDS = 1.0
STEPS = 1000  # SQLite instructions between two looks at the clock (some 10 to 50 us)
NOTED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
INTERRUPTED = 9  # SQLITE_INTERRUPT: the statement was stopped by the progress handler


def limit(
    connection: sqlite3.Connection,
    seconds: float = WORK_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """From now on, no statement on `connection` runs past `seconds` from now, nor past
    a leaving signal noted by `Signals`."""
    deadline = clock() + seconds

    def progress() -> int:
        return 1 if _noted or clock() > deadline else 0

    connection.set_progress_handler(progress, STEPS)


def stopped(error: BaseException) -> bool:
    """Whether an sqlite3 error is a statement stopped by its bound."""
    return getattr(error, "sqlite_errorcode", None) == INTERRUPTED


_noted: list[int] = []  # leaving signals that came while the database was asked


def _note(signum: int, frame: FrameType | None) -> None:
    _noted.append(signum)


class Signals:
    """A `with` block in which the leaving signals stop the database's statement and
    are raised again at its end. Outside the main thread (the result written once the
    answer is out) nothing is changed: there the main thread takes the signals."""

    def __init__(self) -> None:
        self._kept: dict[int, Callable[[int, FrameType | None], object] | int] = {}

    def __enter__(self) -> None:
        for name in NOTED:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            with suppress(ValueError, OSError, TypeError):  # not the main thread
                before = signal.getsignal(signum)
                if before is None or before is signal.SIG_IGN:
                    continue  # not set from Python, or ignored: left as it is
                signal.signal(signum, _note)
                self._kept[signum] = before

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for signum, before in self._kept.items():
            with suppress(ValueError, OSError, TypeError):
                signal.signal(signum, before)
        noted, _noted[:] = list(_noted), []
        for signum in dict.fromkeys(noted):  # each once, in the order they came
            signal.raise_signal(signum)
