"""The history files (the prompt's, and plain mode's at a terminal), opened as every file
the game owns is (`host/owned.py`).

A history is a convenience: whatever is wrong with its file, the game starts at once and
plays on, and Up and Down keep the commands of this run.

- Read bounded and never blocking: only a regular file is read, never through a symlink
  (a FIFO there hung the game before its prompt; a link to /dev/zero grew it by
  gigabytes). Of a file larger than READ_LIMIT, only the last READ_LIMIT bytes are read.
- Written only as a regular file of the game's own: appended without following a
  symlink (`open_append`), every byte counted (`write_all`), and rewritten whole or not
  at all (`atomic_write`, the link itself never followed), in a folder made 0700, the
  file 0600.
- A path that is not a regular file (a FIFO, a device, a folder, a symlink), or a file
  of another user's, is left as it is, neither read nor written.
"""

from __future__ import annotations

import os
import stat

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host.owned import (
    atomic_write,
    check_owner,
    flag,
    make_folder,
    open_append,
    read_at_most,
    read_flags,
    refuse_link,
    write_all,
)

if TYPE_CHECKING:
    from halfmoon_a11y.host.owned import StrPath

# The most bytes of a history file read: 500 commands (HISTORY_SIZE) of the prompt's
# format take about 25 KB, and even at the longest line the game reads (1,000
# characters) the last 250 or so fit.
READ_LIMIT = 1024 * 1024


def read_history(path: StrPath, limit: int = READ_LIMIT) -> bytes | None:
    """The file's bytes, at most its last `limit` (from the start of a line); b"" when
    there is no file; None when the path is not a regular file or cannot be read (the
    history is then neither read nor written this run)."""
    try:
        refuse_link(path)  # Windows: no O_NOFOLLOW
        handle = os.open(path, read_flags() | flag("O_NOFOLLOW"))
    except (FileNotFoundError, NotADirectoryError):
        return b""
    except OSError:  # a symlink (ELOOP), a folder, a FIFO's ENXIO, no permission
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            return None
        check_owner(status, path)  # another user's: NotOwned, never read
        size = status.st_size
        cut = size > limit
        if cut:
            os.lseek(handle, size - limit, os.SEEK_SET)
        data = read_at_most(handle, limit)
    except OSError:
        return None
    finally:
        os.close(handle)
    if cut:  # the first line was cut: it starts after the first line's end
        data = data[data.find(b"\n") + 1 :] if b"\n" in data else b""
    return data


def append_history(path: StrPath, text: str) -> bool:
    """Add `text` at the end of the file; False when it could not be (the game goes on)."""
    try:
        make_folder(os.path.dirname(os.fspath(path)))
        handle = open_append(path)
        try:
            write_all(handle, text.encode("utf-8", errors="replace"))
        finally:
            os.close(handle)
    except OSError:  # NotARegularFile among them: a symlink, a FIFO, a folder
        return False
    return True


def rewrite_history(path: StrPath, text: str) -> bool:
    """Replace the file whole (kept to its last commands); False when it could not be."""
    try:
        data = text.encode("utf-8", errors="replace")
        atomic_write(path, data, durable=False, follow_link=False)  # can be made again
    except OSError:
        return False
    return True
