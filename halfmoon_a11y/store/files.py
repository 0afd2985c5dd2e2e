"""Where the game keeps its files, and how it writes them without ever losing one."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Mapping

from halfmoon_a11y.core.values import record

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from typing import TypeAlias

    # A file's path: a str here, a pathlib.Path where the tests make one. The store works
    # with os and os.path only: loading pathlib (with urllib.parse and ipaddress) took 4
    # ms of every start (issue 12).
    StrPath: TypeAlias = str | os.PathLike[str]

APP = "halfmoon-a11y"
HISTORY_SIZE = 500  # commands each history file keeps across runs (the prompt's, plain mode's)


@record
class Paths:
    settings: StrPath
    saved_game: StrPath
    statistics: StrPath
    cache: StrPath | None = None  # what can be made again (the sounds); else beside the game

    @property
    def _state(self) -> str:
        return os.path.dirname(os.fspath(self.saved_game))

    @property
    def kept_games(self) -> str:
        """Unfinished games put aside by starting another deal with --code, one per code."""
        return os.path.join(self._state, "kept")

    @property
    def lock(self) -> str:
        """Held by the one game that owns these files."""
        return os.path.join(self._state, "lock")

    @property
    def history(self) -> str:
        """The commands typed at the prompt, for Up and Down across runs."""
        return os.path.join(self._state, "history")

    @property
    def sounds(self) -> str:
        """The earcons, made at first use."""
        return os.path.join(os.fspath(self.cache) if self.cache else self._state, "sounds")

    @property
    def plain_history(self) -> str:
        """The same for plain mode at a terminal, in the readline module's own format."""
        return os.path.join(self._state, "history-plain")

    @classmethod
    def for_user(cls, environ: Mapping[str, str] | None = None) -> Paths:
        """The platform's folders (XDG on Linux): configuration, state and data, as
        platformdirs gives them."""
        folders = _xdg_folders(os.environ if environ is None else environ)
        if folders is None:
            import platformdirs

            config = platformdirs.user_config_dir(APP)
            state = platformdirs.user_state_dir(APP)
            data = platformdirs.user_data_dir(APP)
            cache = platformdirs.user_cache_dir(APP)
        else:
            config, state, data, cache = folders
        return cls(
            settings=os.path.join(config, "settings.toml"),
            saved_game=os.path.join(state, "game.json"),
            statistics=os.path.join(data, "statistics.sqlite3"),
            cache=cache,
        )


XDG_FOLDERS = (
    ("XDG_CONFIG_HOME", "/.config"),
    ("XDG_STATE_HOME", "/.local/state"),
    ("XDG_DATA_HOME", "/.local/share"),
    ("XDG_CACHE_HOME", "/.cache"),
)


def _xdg_folders(environ: Mapping[str, str]) -> tuple[str, str, str, str] | None:
    """platformdirs' answer in the common case, without loading it: loading it loads
    tempfile, shutil and random, about 6 ms of every start (issue 12). The common case
    is Linux or a BSD (not Android) with an absolute HOME: each folder is its XDG
    variable when that is an absolute path, else its place under HOME.
    `tests/test_files.py` checks the answers against platformdirs' own. Anything else
    (Windows, macOS, no usable HOME) returns None, and platformdirs answers."""
    home = environ.get("HOME", "")
    if (
        sys.platform in ("win32", "darwin", "ios")
        or hasattr(sys, "getandroidapilevel")
        or "ANDROID_DATA" in environ
        or not os.path.isabs(home)
    ):
        return None
    root = home.rstrip("/")
    config, state, data, cache = (
        os.path.join(value if os.path.isabs(value := environ.get(name, "")) else root + rest, APP)
        for name, rest in XDG_FOLDERS
    )
    return config, state, data, cache


class NotARegularFile(OSError):
    """A FIFO, a device, a folder or anything else that is not a plain file."""


class TooLarge(OSError):
    """A file larger than any the game writes."""


def read_small(path: StrPath, limit: int) -> bytes | None:
    """A plain file's bytes, or None when there is no file. Never blocks, never reads more
    than `limit` bytes: a FIFO, a device or a symlink to one raises NotARegularFile, a
    larger file TooLarge. Other failures raise OSError."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise NotARegularFile(str(path))
        if status.st_size > limit:
            raise TooLarge(str(path))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
        if len(data) > limit:
            raise TooLarge(str(path))
        return data
    finally:
        os.close(handle)


def _temporary_beside(path: str) -> tuple[int, str]:
    """A new file `.NAME.RANDOM` beside `path`, open for writing, only its owner may read
    it: what tempfile.mkstemp makes, without loading tempfile (with shutil and random)
    at every start. O_EXCL makes sure no other file is reused."""
    while True:
        folder, name = os.path.split(path)
        temporary = os.path.join(folder, f".{name}.{os.urandom(6).hex()}")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            return os.open(temporary, flags, 0o600), temporary
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue


def atomic_write(path: StrPath, data: bytes) -> None:
    """Write to a temporary file beside `path`, flush, fsync, then rename over it.

    A crash at any moment leaves either the old file or the new one, never a mix. A
    symlink to a file is followed: the file it names is replaced, the link stays.
    """
    path = os.fspath(path)
    if os.path.islink(path):
        path = os.path.realpath(path)
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle, temporary = _temporary_beside(path)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        folder_handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_handle)
        finally:
            os.close(folder_handle)


def keep_aside(path: StrPath) -> str | None:
    """Rename a file that cannot be used to `NAME.bad-TIMESTAMP`, so nothing is lost."""
    path = os.fspath(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = f"{path}.bad-{stamp}"
    counter = 1
    while os.path.lexists(aside):
        counter += 1
        aside = f"{path}.bad-{stamp}-{counter}"
    try:
        os.rename(path, aside)
    except OSError:
        return None
    return aside


LEFTOVER_AGE = 60.0  # seconds: a temporary file this old belongs to no running save


def remove_leftovers(path: StrPath, now: float | None = None) -> int:
    """Remove the temporary files a kill in the middle of a save left beside `path`."""
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
