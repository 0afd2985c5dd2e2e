"""Where the game keeps its files, and how it writes them without ever losing one."""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Mapping

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import NotARegularFile as NotARegularFile
from halfmoon_a11y.host.owned import NotOwned as NotOwned
from halfmoon_a11y.host.owned import TooLarge as TooLarge

# Writing whole or not at all is shared with the voice (the sounds), which may not import
# the store: the routine lives in host/owned.py, and the store's modules find it here.
from halfmoon_a11y.host.owned import atomic_write as atomic_write
from halfmoon_a11y.host.owned import make_folder as make_folder
from halfmoon_a11y.host.owned import not_plain as not_plain
from halfmoon_a11y.host.owned import open_owned as open_owned
from halfmoon_a11y.host.owned import own_folder as own_folder
from halfmoon_a11y.host.owned import read_bounded as read_bounded
from halfmoon_a11y.host.owned import read_head as read_head
from halfmoon_a11y.host.owned import remove_leftovers as remove_leftovers
from halfmoon_a11y.host.owned import remove_leftovers_in as remove_leftovers_in
from halfmoon_a11y.host.owned import user
from halfmoon_a11y.host.owned import write_all as write_all

if TYPE_CHECKING:
    from platformdirs.windows import Windows

    from halfmoon_a11y.host.owned import StrPath as StrPath

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
    def errors(self) -> str:
        """The details of the game's own bugs, for whoever mends them."""
        return os.path.join(self._state, "errors.log")

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
        """The platform's folders: XDG on Linux; %LOCALAPPDATA%\\halfmoon-a11y on Windows;
        ~/Library/Application Support/halfmoon-a11y on macOS (the sounds in
        ~/Library/Caches), as platformdirs gives them."""
        folders = _xdg_folders(os.environ if environ is None else environ)
        if folders is None:
            config, state, data, cache = _platform_folders()
        else:
            config, state, data, cache = folders
        return cls(
            settings=os.path.join(config, "settings.toml"),
            saved_game=os.path.join(state, "game.json"),
            statistics=os.path.join(data, "statistics.sqlite3"),
            cache=cache,
        )


def _platform_folders() -> tuple[str, str, str, str]:
    """Configuration, state, data and cache, from platformdirs' class for the system the
    seam names (host/system.py): platformdirs itself decides by sys.platform, so its
    Windows and macOS classes are asked directly."""
    if system.is_windows():
        return _windows_folders()
    import platformdirs.macos  # the package, and its macOS class: both pure Python

    if system.is_macos():
        mac = platformdirs.macos.MacOS(APP)
        return mac.user_config_dir, mac.user_state_dir, mac.user_data_dir, mac.user_cache_dir
    return (
        platformdirs.user_config_dir(APP),
        platformdirs.user_state_dir(APP),
        platformdirs.user_data_dir(APP),
        platformdirs.user_cache_dir(APP),
    )


def _windows_folders() -> tuple[str, str, str, str]:
    """%LOCALAPPDATA%\\halfmoon-a11y for the settings, the game and the statistics, its
    Cache folder for the sounds: not roaming, no author folder (docs/decisions.md). Where
    the shell cannot say where %LOCALAPPDATA% is (no ctypes.windll), platformdirs' own
    fallback, the environment variable, answers; without it (or when it is relative, as
    Linux ignores a relative XDG folder), the home folder's AppData\\Local."""
    from platformdirs import windows

    asked = _windows_shell_folders(windows.Windows(APP, appauthor=False))
    if asked is not None:
        return asked
    try:
        local = windows.get_win_folder_from_env_vars("CSIDL_LOCAL_APPDATA")
    except ValueError:  # LOCALAPPDATA unset
        local = ""
    if not os.path.isabs(local):  # a relative one would follow the current folder
        local = os.path.join(os.path.expanduser("~"), "AppData", "Local")
    own = os.path.join(os.path.normpath(local), APP)
    return own, own, own, os.path.join(own, "Cache")


def _windows_shell_folders(folders: Windows) -> tuple[str, str, str, str] | None:
    """The folders as Windows' shell tells platformdirs; None when it cannot tell (no
    ctypes.windll: platformdirs raises NotImplementedError, as off Windows) or tells a
    relative path."""
    try:
        own = folders.user_data_dir  # the configuration and the state are the same folder
        cache = folders.user_cache_dir
    except (AttributeError, OSError, ValueError, NotImplementedError):
        return None
    return (own, own, own, cache) if os.path.isabs(own) else None


XDG_FOLDERS = (
    ("XDG_CONFIG_HOME", "/.config"),
    ("XDG_STATE_HOME", "/.local/state"),
    ("XDG_DATA_HOME", "/.local/share"),
    ("XDG_CACHE_HOME", "/.cache"),
)


def _xdg_folders(environ: Mapping[str, str]) -> tuple[str, str, str, str] | None:
    """platformdirs' answer in the common case, without loading it: loading it loads
    tempfile, shutil and random, about 6 ms of every start. The common case
    is Linux or a BSD (not Android) with an absolute HOME: each folder is its XDG
    variable when that is an absolute path, else its place under HOME.
    `tests/test_files.py` checks the answers against platformdirs' own. Anything else
    (Windows, macOS, no usable HOME) returns None, and platformdirs answers."""
    home = environ.get("HOME", "")
    if (
        system.name() != system.LINUX
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


def read_small(path: StrPath, limit: int) -> bytes | None:
    """A plain file of the player's own: its bytes, or None when there is no file
    (`host.owned.read_bounded`; another user's raises NotOwned)."""
    return read_bounded(path, limit, owned=True)


def _aside_name(path: str) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = f"{path}.bad-{stamp}"
    counter = 1
    while os.path.lexists(aside):
        counter += 1
        aside = f"{path}.bad-{stamp}-{counter}"
    return aside


def keep_aside(path: StrPath) -> str | None:
    """Rename a file that cannot be used to `NAME.bad-TIMESTAMP`, so nothing is lost. A
    symlink is renamed itself: what it names is never touched."""
    try:
        return set_aside(path)
    except OSError:
        return None


def set_aside(path: StrPath) -> str:
    """`keep_aside`, raising OSError when the rename fails (the folder cannot be written:
    its errno tells the lock why)."""
    path = os.fspath(path)
    aside = _aside_name(path)
    os.rename(path, aside)
    return aside


def keep_copy(path: StrPath, data: bytes) -> str | None:
    """Keep `data`, the bytes `path` holds now, beside it as `NAME.bad-TIMESTAMP` (the
    full save a journal that did not replay belongs to); `path` itself stays."""
    aside = _aside_name(os.fspath(path))
    try:
        atomic_write(aside, data, follow_link=False)
    except OSError:
        return None
    return aside


def honoured_link(path: StrPath) -> bool:
    """Whether `path` is a symlink the player made on purpose and the game may write
    through (a dotfile manager links settings.toml): the link and the regular file it
    names are both the player's own. A link another user planted, a dangling link, or a
    link to a FIFO, a device or a folder is not."""
    # Windows has no user ids (st_uid is always 0 there): the folder, in %LOCALAPPDATA%,
    # is the player's own, and a link needs the right to make one. Nor has the browser's
    # Python (Emscripten: no os.geteuid): `user` answers None for both.
    uid = user()
    try:
        link = os.lstat(path)
        target = os.stat(path)
    except (OSError, ValueError):
        return False
    if not stat.S_ISLNK(link.st_mode) or not stat.S_ISREG(target.st_mode):
        return False
    return uid is None or (link.st_uid == uid and target.st_uid == uid)


def unusable(path: StrPath) -> bool:
    """Something is at `path` that the game will not read nor write through: a FIFO, a
    device, a folder, or a symlink it does not honour (`honoured_link`)."""
    return not_plain(path) and not honoured_link(path)
