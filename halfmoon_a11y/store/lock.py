"""One window owns the files: a lock taken at start and held until the game ends.

The operating system releases the lock when the process ends, however it ends,
so a lock left by a killed game never blocks the next one. (filelock would do
the same, but its import alone took 48 ms here; these few lines take none.)
"""

from __future__ import annotations

import contextlib
import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from halfmoon_a11y.store.files import StrPath


class FilesLock:
    def __init__(self, path: StrPath) -> None:
        self.path = path
        self._handle: int | None = None

    def acquire(self) -> bool:
        """Whether this process now owns the files; False when another game holds them.
        A lock that cannot be made at all (no folder can be written) is no reason to stop
        anyone: the game plays as owner and its own saves report what fails."""
        try:
            os.makedirs(os.path.dirname(os.fspath(self.path)) or ".", exist_ok=True)
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return True
        if _try_lock(handle):
            self._handle = handle
            return True
        os.close(handle)
        return False

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)  # closing releases the lock
            self._handle = None


def _try_lock(handle: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
