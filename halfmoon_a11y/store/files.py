"""Where the game keeps its files, and how it writes them without ever losing one."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from halfmoon_a11y.core.values import record

APP = "halfmoon-a11y"


@record
class Paths:
    settings: Path
    saved_game: Path
    statistics: Path

    @property
    def kept_games(self) -> Path:
        """Unfinished games put aside by starting another deal with --code, one per code."""
        return self.saved_game.parent / "kept"

    @property
    def lock(self) -> Path:
        """Held by the one game that owns these files."""
        return self.saved_game.parent / "lock"

    @property
    def history(self) -> Path:
        """The commands typed at the prompt, for Up and Down across runs."""
        return self.saved_game.parent / "history"

    @property
    def plain_history(self) -> Path:
        """The same for plain mode at a terminal, in the readline module's own format."""
        return self.saved_game.parent / "history-plain"

    @classmethod
    def for_user(cls, environ: Mapping[str, str] | None = None) -> Paths:
        """The platform's folders (XDG on Linux): configuration, state and data, as
        platformdirs gives them."""
        folders = _xdg_folders(os.environ if environ is None else environ)
        if folders is None:
            import platformdirs

            config = platformdirs.user_config_path(APP)
            state = platformdirs.user_state_path(APP)
            data = platformdirs.user_data_path(APP)
        else:
            config, state, data = folders
        return cls(
            settings=config / "settings.toml",
            saved_game=state / "game.json",
            statistics=data / "statistics.sqlite3",
        )


XDG_FOLDERS = (
    ("XDG_CONFIG_HOME", ".config"),
    ("XDG_STATE_HOME", ".local/state"),
    ("XDG_DATA_HOME", ".local/share"),
)


def _xdg_folders(environ: Mapping[str, str]) -> tuple[Path, Path, Path] | None:
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
    config, state, data = (
        Path(
            value if os.path.isabs(value := environ.get(name, "")) else f"{home.rstrip('/')}/{rest}"
        )
        / APP
        for name, rest in XDG_FOLDERS
    )
    return config, state, data


class NotARegularFile(OSError):
    """A FIFO, a device, a folder or anything else that is not a plain file."""


class TooLarge(OSError):
    """A file larger than any the game writes."""


def read_small(path: Path, limit: int) -> bytes | None:
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


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new file `.NAME.RANDOM` beside `path`, open for writing, only its owner may read
    it: what tempfile.mkstemp makes, without loading tempfile (with shutil and random)
    at every start. O_EXCL makes sure no other file is reused."""
    while True:
        temporary = str(path.parent / f".{path.name}.{os.urandom(6).hex()}")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            return os.open(temporary, flags, 0o600), temporary
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, flush, fsync, then rename over it.

    A crash at any moment leaves either the old file or the new one, never a mix. A
    symlink to a file is followed: the file it names is replaced, the link stays.
    """
    if path.is_symlink():
        path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
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
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def keep_aside(path: Path) -> Path | None:
    """Rename a file that cannot be used to `NAME.bad-TIMESTAMP`, so nothing is lost."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while aside.exists():
        counter += 1
        aside = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


LEFTOVER_AGE = 60.0  # seconds: a temporary file this old belongs to no running save


def remove_leftovers(path: Path, now: float | None = None) -> int:
    """Remove the temporary files a kill in the middle of a save left beside `path`."""
    now = time.time() if now is None else now
    removed = 0
    with contextlib.suppress(OSError):
        for leftover in path.parent.glob(f".{path.name}.*"):
            with contextlib.suppress(OSError):
                if now - leftover.lstat().st_mtime > LEFTOVER_AGE and leftover.is_file():
                    leftover.unlink()
                    removed += 1
    return removed
