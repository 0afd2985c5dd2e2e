"""Opening the lock file, and setting aside what stands at its path.

A folder, a FIFO, a link (to /dev/null, to nothing, to a file of the player's) or a file
the game may not open at the lock's path is set aside, renamed `lock.bad-DATE-TIME` as
any damaged file is, and a fresh lock is made: the game saves as ever. Before, no window
owned the files, and a game played meanwhile was lost at quit.

Two windows starting at once may both find the bad thing. Each sets it aside only while
it holds a lock on the folder itself (flock on the folder), and looks at the path again
once it has it: so neither sets aside the fresh lock the other made, and only one window
owns the files. Where a folder cannot be locked (Windows; some network folders) the
second look is all there is.

Only a folder that cannot be written (read-only, or 555 for a player who is not root)
stops this: its OSError, with an errno of READ_ONLY, is raised, and the lock tells the
keeper, which resumes the saved game without saving (`store/lock.py`).
"""

from __future__ import annotations

import errno
import os
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import NotARegularFile, flag, open_owned
from halfmoon_a11y.store.files import set_aside

if TYPE_CHECKING:
    pass

READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}  # the folder refused a change
FOLDER_WAIT = 2.0  # seconds: another window holds the folder only while it mends the lock
FOLDER_HELD = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}
UNUSABLE = (NotARegularFile, PermissionError)  # what open_owned raises for a bad thing


def open_lock(path: str) -> tuple[int, str | None]:
    """The lock file open read-write (made 0600 when there is none), and where a bad
    thing at its path was set aside, if one was. Raises OSError: NotARegularFile when it
    could be neither opened nor set aside; an errno of READ_ONLY when the folder cannot
    be written."""
    try:
        return open_owned(path, os.O_RDWR), None
    except UNUSABLE:
        if not os.path.lexists(path):  # nothing there: the folder refused the new file
            raise
    with _folder_locked(os.path.dirname(path) or "."):
        try:  # again: another window may have mended it meanwhile
            return open_owned(path, os.O_RDWR), None
        except UNUSABLE:
            pass
        aside = None
        with suppress(FileNotFoundError):  # gone meanwhile: nothing to keep
            aside = set_aside(path)
        try:
            return open_owned(path, os.O_RDWR | os.O_EXCL), aside
        except FileExistsError:  # a window where the folder has no lock made it: shared
            return open_owned(path, os.O_RDWR), aside


class _folder_locked:
    """Hold the folder's own flock while the lock is mended, as far as this system and
    folder allow; never longer than FOLDER_WAIT waiting for another window. A class, not
    contextlib's decorator, which costs every start about 0.5 ms to load."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.handle: int | None = None

    def __enter__(self) -> None:
        if not system.is_windows():  # Windows cannot open a folder
            with suppress(OSError):
                flags = os.O_RDONLY | flag("O_DIRECTORY") | flag("O_CLOEXEC")
                self.handle = os.open(self.folder, flags)
        if self.handle is not None:
            try:
                _wait_for(self.handle)
            except BaseException:
                os.close(self.handle)
                raise

    def __exit__(self, *raised: object) -> None:
        if self.handle is not None:
            os.close(self.handle)  # closing lets the folder's lock go


def _wait_for(handle: int) -> None:
    if system.is_windows():  # no flock(), nor a folder to open (above)
        return
    deadline = time.monotonic() + FOLDER_WAIT
    while True:
        error = try_flock(handle)
        if error is None:
            return
        if error.errno not in FOLDER_HELD or time.monotonic() > deadline:
            return  # no locks in this folder, or held too long: look again all the same
        time.sleep(0.01)


def try_flock(handle: int) -> OSError | None:
    """An exclusive flock on the handle, taken at once: None when it is had, else why not
    (FOLDER_HELD: another process has it; anything else: this folder has no locks, as on
    Windows, which has no flock)."""
    if system.is_windows():
        return OSError(errno.ENOSYS, "Windows has no flock")
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        return error
    return None
