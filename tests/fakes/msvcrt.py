"""A fake of Windows' `msvcrt`, for tests on Linux (put in sys.modules with monkeypatch,
or found on PYTHONPATH by a subprocess). Only what the game uses:

- `locking(fd, mode, nbytes)` locks `nbytes` from the file's current position, as the C
  runtime's _locking does. A range that overlaps one already locked, through any
  descriptor, is refused with EACCES (LK_NBLCK), as Windows refuses it to another
  handle. LK_UNLCK lets go only of a range locked exactly so (Windows' UnlockFile).
  `held` lists the ranges locked now, `calls` every call; `end_process()` lets go of all,
  as Windows does when the process ends.
- `kbhit()` and `getwch()` read the keys a test put in `keys`.
"""

from __future__ import annotations

import errno
import os

LK_UNLCK = 0
LK_LOCK = 1
LK_NBLCK = 2
LK_RLCK = 3
LK_NBRLCK = 4

held: list[tuple[tuple[int, int], int, int]] = []  # ((device, inode), start, end)
calls: list[tuple[int, int, int]] = []  # (mode, position, nbytes)
keys: list[str] = []


def locking(fd: int, mode: int, nbytes: int) -> None:
    status = os.fstat(fd)
    file = (status.st_dev, status.st_ino)
    start = os.lseek(fd, 0, os.SEEK_CUR)
    calls.append((mode, start, nbytes))
    region = (file, start, start + nbytes)
    if mode == LK_UNLCK:
        if region not in held:
            raise PermissionError(errno.EACCES, "Permission denied")
        held.remove(region)
        return
    if any(f == file and s < start + nbytes and start < e for f, s, e in held):
        code = errno.EDEADLK if mode in (LK_LOCK, LK_RLCK) else errno.EACCES
        raise OSError(code, os.strerror(code))
    held.append(region)


def end_process() -> None:
    held.clear()


def kbhit() -> bool:
    return bool(keys)


def getwch() -> str:
    if not keys:
        raise AssertionError("getwch() with no key waiting would block")
    return keys.pop(0)
