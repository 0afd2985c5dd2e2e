"""The one way to open a file the game owns: the store (the save, the journal,
the lock, kept games, settings, statistics, history) and the voice (the sounds, the
speech files) both go through it.

- Folders are made 0700 and files 0600, whatever the umask (`make_folder`).
- Only the player's own: another user's folder or file raises `NotOwned`;
  `own_folder` checks the game's folders at start and closes one others may enter.
- Only regular files are read or written: a FIFO, a device or a folder raises
  `NotARegularFile`; nothing ever blocks on opening (O_NONBLOCK).
- A write never follows a symlink (O_NOFOLLOW, or a rename over the link), unless a
  caller asks for it (`follow_link`).
- Reads are bounded (`read_bounded`: `TooLarge` past the limit), and every write checks
  the count written (`write_all`: `ShortWrite` when the disk took less).
- `atomic_write` writes a file whole or not at all.

It sits in the host layer because the store and the voice both need it and may not
import each other; core and play stay free of I/O (docs/architecture.md). Only os, stat and
contextlib: no tempfile, which loads random and shutil at every start.

On Windows (host/system.py) there is no O_NOFOLLOW, O_NONBLOCK, O_CLOEXEC nor O_NOCTTY,
and mode bits mean only "read-only": a symlink at the path is refused before the file
is opened; nothing can block (no FIFO can sit in a folder there); every file is opened
O_BINARY, or the C runtime reads it as text (\\r\\n turned into \\n, and the end at the
first Ctrl-Z); folders are not chmod-ed (Python 3.13 and later make a 0700 folder the
player's alone) and not fsync-ed (Windows cannot open a folder). The flags are read at
each open, so a test can take them away.
"""

from __future__ import annotations

import os
import stat
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system

if TYPE_CHECKING:
    from typing import TypeAlias

    # A file's path: a str here, a pathlib.Path where the tests make one. The store and
    # the voice work with os and os.path only: loading pathlib (with urllib.parse and
    # ipaddress) took 4 ms of every start.
    StrPath: TypeAlias = str | os.PathLike[str]

LEFTOVER_AGE = 60.0  # seconds: a temporary file this old belongs to no running write
FOLDER_MODE = 0o700  # only the player: another local user may not plant a link in them
FILE_MODE = 0o600


def flag(name: str) -> int:
    """os.O_NAME where this system has it, else 0."""
    return int(getattr(os, name, 0))


def read_flags() -> int:
    """How a file the game owns is opened for reading: never blocking on a FIFO, never
    becoming the controlling terminal; on Windows, in binary."""
    if system.is_windows():
        return os.O_RDONLY | flag("O_BINARY")
    return os.O_RDONLY | flag("O_NONBLOCK") | flag("O_CLOEXEC") | flag("O_NOCTTY")


def write_flags() -> int:
    """What every open for writing adds: never through a symlink, never blocking; on
    Windows, binary (links are refused before opening: `refuse_link`)."""
    if system.is_windows():
        return flag("O_BINARY")
    return flag("O_NOFOLLOW") | flag("O_NONBLOCK") | flag("O_CLOEXEC")


def refuse_link(path: StrPath) -> None:
    """Windows, which has no O_NOFOLLOW: anything but a plain file at `path` (a symlink
    above all) raises NotARegularFile before it is opened. Elsewhere the open refuses."""
    if system.is_windows() and not_plain(path):
        raise NotARegularFile(str(path))


class NotARegularFile(OSError):
    """A FIFO, a device, a folder, a symlink where none may be, or anything else that is
    not a plain file."""


class TooLarge(OSError):
    """A file larger than any the game writes."""


class ShortWrite(OSError):
    """The disk took fewer bytes than were written (full, or a quota)."""


class NotOwned(PermissionError):
    """Another user's folder or file where the game keeps its own (a shared, sticky
    XDG_STATE_HOME where someone made `halfmoon-a11y/` first; root's file after a sudo
    run), or a link another user made to one: nothing of the game's is read from it or
    written to it. Its errno is None: no system call refused anything."""


def user() -> int | None:
    """The player's user id; None on Windows, which has none (st_uid is always 0 there)."""
    if system.is_windows() or not hasattr(os, "geteuid"):
        return None
    return os.geteuid()


def check_owner(status: os.stat_result, path: StrPath) -> None:
    """NotOwned unless the player owns what `status` describes."""
    me = user()
    if me is not None and status.st_uid != me:
        raise NotOwned(f"{os.fspath(path)} belongs to another user")


def own_folder(path: StrPath) -> bool:
    """Whether a folder where the game keeps its files may be used: False when nothing is
    there; NotOwned when it (or a link at its path) is another user's. One of the
    player's own that others may write in or enter is closed (0700), as the speech
    folder's root is (voice/folder.py): another user may neither read the moves in its
    files nor put a file of theirs among them. A folder the player linked there (a
    dotfile manager's) keeps the mode the player gave it."""
    try:
        link = os.lstat(path)
        status = os.stat(path)
    except FileNotFoundError:
        return False
    check_owner(link, path)
    check_owner(status, path)
    linked = stat.S_ISLNK(link.st_mode)  # the player's own link to a folder of theirs: as is
    if stat.S_IMODE(status.st_mode) & 0o077 and user() is not None and not linked:
        with suppress(OSError):  # a read-only folder: its writes fail anyway
            os.chmod(path, FOLDER_MODE)
    return True


def _own_file(handle: int, status: os.stat_result, path: StrPath) -> None:
    """A file the game opened in its folders: NotOwned when it is another user's; one of
    the player's own that others may write is made theirs alone to write."""
    check_owner(status, path)
    loose = stat.S_IMODE(status.st_mode) & 0o022
    if loose and user() is not None:
        with suppress(OSError):
            os.fchmod(handle, stat.S_IMODE(status.st_mode) & ~0o022)


def make_folder(path: StrPath) -> None:
    """A folder and its missing parents, each made 0700 whatever the umask. Folders that
    are already there are left as they are (the player's own ~/.config, say), but the
    folder itself must be the player's own: another user's raises NotOwned.
    The folders above it are not asked (a shared XDG_STATE_HOME is root's)."""
    path = os.fspath(path)
    if path:
        _make(path)
        _owned_leaf(path)


def _make(path: str) -> None:
    if os.path.isdir(path):
        return
    parent = os.path.dirname(path.rstrip(os.sep))
    if parent and parent != path:
        _make(parent)
    try:
        os.mkdir(path, FOLDER_MODE)
    except FileExistsError:
        if not os.path.isdir(path):
            raise
        return
    if system.is_windows():
        return  # mode bits there are only "read-only"; %LOCALAPPDATA% is the player's own
    with suppress(OSError):
        os.chmod(path, FOLDER_MODE)  # the umask took bits off, or added none: exactly 0700


def _owned_leaf(path: str) -> None:
    """NotOwned when the folder at `path` (or a link at it) is another user's; its mode
    is left as it is (a player's own folder a link leads to, say)."""
    check_owner(os.lstat(path), path)
    check_owner(os.stat(path), path)


def _open_plain(path: StrPath, owned: bool) -> tuple[int, os.stat_result]:
    """A handle on a plain file, opened as every bounded read opens one, and its status:
    never blocking, never a FIFO, a device or a folder (NotARegularFile), and with
    `owned` never another user's file (NotOwned). FileNotFoundError passes through."""
    try:
        handle = os.open(path, read_flags())
    except IsADirectoryError:
        raise NotARegularFile(str(path)) from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise NotARegularFile(str(path))
        if owned:
            _own_file(handle, status, path)
    except BaseException:
        os.close(handle)
        raise
    return handle, status


def read_bounded(path: StrPath, limit: int, *, owned: bool = False) -> bytes | None:
    """A plain file's bytes, or None when there is no file. Never blocks, never reads more
    than `limit` bytes: a FIFO, a device, a folder or a symlink to one raises
    NotARegularFile, a larger file TooLarge. Other failures raise OSError. `owned`: a
    file of the game's own, which another user's is not (NotOwned)."""
    try:
        handle, status = _open_plain(path, owned)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        if status.st_size > limit:
            raise TooLarge(str(path))
        data = read_at_most(handle, limit + 1)
        if len(data) > limit:
            raise TooLarge(str(path))
        return data
    finally:
        os.close(handle)


def read_head(path: StrPath, limit: int, *, owned: bool = False) -> bytes:
    """The first `limit` bytes of a plain file (all of it when it is shorter), read as
    `read_bounded` reads: never through a FIFO or a device (NotARegularFile)."""
    handle, _ = _open_plain(path, owned)
    try:
        return read_at_most(handle, limit)
    finally:
        os.close(handle)


def read_at_most(handle: int, limit: int) -> bytes:
    """At most `limit` bytes from an open file, from where it stands: the one read loop
    of every bounded read (a device or a growing file never makes it read more)."""
    chunks = []
    left = limit
    while left > 0:
        chunk = os.read(handle, min(left, 65536))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def open_owned(path: StrPath, flags: int) -> int:
    """Open (and create, 0600) a file the game owns, for writing: never through a
    symlink, never blocking, only a regular file, the player's own. The
    descriptor, or NotARegularFile, or NotOwned."""
    refuse_link(path)
    try:
        handle = os.open(path, flags | os.O_CREAT | write_flags(), FILE_MODE)
    except OSError as error:
        if not_plain(path):  # ELOOP (a link), EISDIR, ENXIO (a FIFO with no reader)…
            raise NotARegularFile(str(path)) from error
        raise
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise NotARegularFile(str(path))
        _own_file(handle, status, path)  # another user's: NotOwned
    except BaseException:
        os.close(handle)
        raise
    return handle


def not_plain(path: StrPath) -> bool:
    """Whether something other than a plain file is at `path` (a symlink counts, whatever
    it names). Nothing there is not "not plain"."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


def open_append(path: StrPath) -> int:
    """A file the game owns, opened to add to its end (the journal, a log)."""
    return open_owned(path, os.O_WRONLY | os.O_APPEND)


def write_all(handle: int, data: bytes) -> None:
    """Write every byte, or raise: a write the disk took only part of is a failure."""
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        if written <= 0:
            raise ShortWrite(f"wrote {len(data) - len(view)} of {len(data)} bytes")
        view = view[written:]


def _temporary_beside(path: str) -> tuple[int, str]:
    """A new file `.NAME.RANDOM` beside `path`, open for writing, only its owner may read
    it: what tempfile.mkstemp makes, without loading tempfile. The name cannot be
    guessed, and O_EXCL never opens a file or a symlink that is already there."""
    folder, name = os.path.split(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | write_flags()
    while True:
        temporary = os.path.join(folder, f".{name}.{os.urandom(6).hex()}")
        try:
            return os.open(temporary, flags, FILE_MODE), temporary
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
    make_folder(folder)
    handle, temporary = _temporary_beside(path)
    try:
        try:
            write_all(handle, data)
            if durable:
                os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    if not durable or system.is_windows():  # Windows cannot open a folder to fsync it
        return
    with suppress(OSError):  # make the rename itself durable
        folder_handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_handle)
        finally:
            os.close(folder_handle)


def remove_leftovers_in(folder: StrPath, now: float | None = None) -> int:
    """Remove the temporary files a killed write left anywhere in `folder` (the kept
    games, the sounds): every `.NAME.RANDOM` file, RANDOM being the 12 hex digits
    `atomic_write` gives it, older than a minute."""
    now = time.time() if now is None else now
    removed = 0
    with suppress(OSError), os.scandir(folder) as entries:
        for leftover in entries:
            name = leftover.name
            stem, dot, tail = name.rpartition(".")
            if not (name.startswith(".") and dot and len(stem) > 1 and len(tail) == 12):
                continue
            if any(c not in "0123456789abcdef" for c in tail):
                continue
            with suppress(OSError):
                old = now - leftover.stat(follow_symlinks=False).st_mtime > LEFTOVER_AGE
                if old and leftover.is_file(follow_symlinks=False):
                    os.unlink(leftover.path)
                    removed += 1
    return removed


def remove_leftovers(path: StrPath, now: float | None = None) -> int:
    """Remove the temporary files a kill in the middle of a write left beside `path`."""
    now = time.time() if now is None else now
    folder, name = os.path.split(os.fspath(path))
    removed = 0
    with suppress(OSError), os.scandir(folder or ".") as entries:
        for leftover in entries:
            if not leftover.name.startswith(f".{name}."):
                continue
            with suppress(OSError):
                old = now - leftover.stat(follow_symlinks=False).st_mtime > LEFTOVER_AGE
                if old and leftover.is_file():
                    os.unlink(leftover.path)
                    removed += 1
    return removed
