"""Writing a file whole or not at all: the one routine the store (the saved game, the
settings) and the voice (the sounds) both use.

The only I/O in this layer. It sits here because the store and the voice may not
import each other, and the layers below both are play and core; core stays free of
I/O (issue 17, docs/decisions.md). Only os and contextlib: no tempfile, which loads
random and shutil at every start.
"""

from __future__ import annotations

import contextlib
import os
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from typing import TypeAlias

    # A file's path: a str here, a pathlib.Path where the tests make one. The store and
    # the voice work with os and os.path only: loading pathlib (with urllib.parse and
    # ipaddress) took 4 ms of every start (issue 12).
    StrPath: TypeAlias = str | os.PathLike[str]

LEFTOVER_AGE = 60.0  # seconds: a temporary file this old belongs to no running write


def _temporary_beside(path: str) -> tuple[int, str]:
    """A new file `.NAME.RANDOM` beside `path`, open for writing, only its owner may read
    it: what tempfile.mkstemp makes, without loading tempfile. The name cannot be
    guessed, and O_EXCL never opens a file or a symlink that is already there."""
    folder, name = os.path.split(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temporary = os.path.join(folder, f".{name}.{os.urandom(6).hex()}")
        try:
            return os.open(temporary, flags, 0o600), temporary
        except FileExistsError:  # 48 random bits: someone else's, or planted
            continue


def atomic_write(
    path: StrPath, data: bytes, *, durable: bool = True, follow_link: bool = True
) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`.

    A crash at any moment leaves either the old file or the new one, never a mix.
    `durable`: the file and the rename reach the disk (fsync) before this returns; a
    file that can be made again (a sound) may skip it. `follow_link`: a symlink at
    `path` is followed, so the file it names is replaced and the link stays (a
    player's settings file linked from elsewhere); otherwise the link itself is
    replaced by the file.
    """
    path = os.fspath(path)
    if follow_link and os.path.islink(path):
        path = os.path.realpath(path)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle, temporary = _temporary_beside(path)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if not durable:
        return
    with contextlib.suppress(OSError):  # make the rename itself durable
        folder_handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_handle)
        finally:
            os.close(folder_handle)


def remove_leftovers(path: StrPath, now: float | None = None) -> int:
    """Remove the temporary files a kill in the middle of a write left beside `path`."""
    now = time.time() if now is None else now
    folder, name = os.path.split(os.fspath(path))
    removed = 0
    with contextlib.suppress(OSError), os.scandir(folder or ".") as entries:
        for leftover in entries:
            if not leftover.name.startswith(f".{name}."):
                continue
            with contextlib.suppress(OSError):
                old = now - leftover.stat(follow_symlinks=False).st_mtime > LEFTOVER_AGE
                if old and leftover.is_file():
                    os.unlink(leftover.path)
                    removed += 1
    return removed
