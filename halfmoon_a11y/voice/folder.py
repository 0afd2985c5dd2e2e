"""The speech folder: where the sentences' audio is written while the game speaks.

Private and per user. The root is `$XDG_RUNTIME_DIR/halfmoon-a11y` when
`XDG_RUNTIME_DIR` is a folder owned by the player and closed to everyone else (0700),
else `speech` in the game's cache folder (the state folder where there is none), made
0700. Each voice makes its own folder in the root,
`speech-HOST-PID-RANDOM`, 0700, and removes it when it closes.

A game killed before it could remove its folder leaves it behind; the next voice removes
it, but only a folder that is provably the game's own and dead: a real folder (not a
link), owned by this user, its name exactly that pattern, made on this machine, and its
process gone. Anything else in the root is left alone, and nothing found there can stop
the voice. The shared temporary folder (/tmp) is never read: anyone can write there.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import zlib
from collections.abc import Mapping

from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import FOLDER_MODE, make_folder

APP = "halfmoon-a11y"
# speech-HOST-PID-RANDOM: the host's checksum (8 hex digits), a process id written as
# the kernel does (no sign, no leading zero, ASCII digits only), 12 random hex digits.
NAME = re.compile(r"speech-([0-9a-f]{8})-([1-9][0-9]{0,9})-[0-9a-f]{12}", re.ASCII)
LARGEST_PID = 2**31 - 1  # a pid_t: a larger number is no process's


class NoSpeechFolder(OSError):
    """Neither the runtime folder nor the cache folder can hold the speech files."""


def make_speech_folder(
    environ: Mapping[str, str] | None = None, fallback: str | None = None
) -> str:
    """A new private folder for this voice's audio, after removing the dead games' ones.
    `fallback`: the game's cache (or state) folder, where the runtime folder cannot be
    used. NoSpeechFolder (an OSError) when no root can be made or trusted."""
    root = speech_root(os.environ if environ is None else environ, fallback)
    remove_dead_folders(root)
    while True:
        path = os.path.join(root, f"speech-{host()}-{os.getpid()}-{os.urandom(6).hex()}")
        try:
            os.mkdir(path, FOLDER_MODE)  # the root is 0700 already; the umask can only take
        except FileExistsError:  # 48 random bits: practically never
            continue
        except OSError as error:
            raise NoSpeechFolder(f"cannot make a folder in {root}: {error}") from error
        return path


def speech_root(environ: Mapping[str, str], fallback: str | None = None) -> str:
    """The first of the runtime folder and `speech` in the fallback folder (by default
    the cache folder the XDG variables name) that is, or can be made, a folder of the
    player's own that no one else may enter."""
    candidates = []
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if os.path.isabs(runtime) and _runtime_is_private(runtime):
        candidates.append(os.path.join(runtime, APP))
    fallback = fallback if fallback else cache_folder(environ)
    if fallback:
        candidates.append(os.path.join(fallback, "speech"))
    for root in candidates:
        try:
            make_folder(root)
            if _own_private_folder(root):
                return root
        except OSError:
            continue
    raise NoSpeechFolder("no private folder for the speech files: " + ", ".join(candidates))


def cache_folder(environ: Mapping[str, str]) -> str | None:
    """The game's cache folder as the store finds it on Linux and the BSDs
    (store/files.py): `$XDG_CACHE_HOME/halfmoon-a11y`, else `~/.cache/halfmoon-a11y`.
    None where neither is an absolute path; the game itself passes its own folder."""
    cache = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(cache):
        return os.path.join(cache, APP)
    home = environ.get("HOME", "")
    if os.path.isabs(home):
        return os.path.join(home.rstrip("/"), ".cache", APP)
    return None


def _runtime_is_private(folder: str) -> bool:
    """What the XDG specification promises of XDG_RUNTIME_DIR: a folder owned by the
    user, and only the user may enter it. Anything else is not used (and not changed)."""
    try:
        status = os.stat(folder)
    except (OSError, ValueError):
        return False
    return (
        stat.S_ISDIR(status.st_mode)
        and status.st_uid == _user()
        and not status.st_mode & 0o077
        and os.access(folder, os.W_OK | os.X_OK)
    )


def _own_private_folder(folder: str) -> bool:
    """Whether `folder` is itself a folder (not a link to one) owned by this user; a
    folder of the player's own that others may enter is closed (0700)."""
    status = os.lstat(folder)
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != _user():
        return False
    if status.st_mode & 0o077:
        os.chmod(folder, FOLDER_MODE)
    return True


def remove_dead_folders(root: str) -> int:
    """Remove the speech folders of this machine's games that were killed; the count."""
    here, me = host(), os.getpid()
    removed = 0
    with suppress(OSError), os.scandir(root) as entries:
        for entry in entries:
            match = NAME.fullmatch(entry.name)
            if match is None or match[1] != here:
                continue
            pid = int(match[2])
            if pid == me or not _dead(pid):
                continue
            try:
                status = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(status.st_mode) and status.st_uid == _user():
                shutil.rmtree(entry.path, ignore_errors=True)  # never follows a link
                removed += 1
    return removed


def _dead(pid: int) -> bool:
    """Whether no process has this id: only a clear 'no such process' says so. On Windows
    Windows itself is asked: there kill(pid, 0) would end the process it names."""
    if pid > LARGEST_PID:
        return False
    if system.is_windows():
        from halfmoon_a11y.host.windows_process import process_state

        runs, _started = process_state(pid)
        return not runs
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False  # someone else's process, or no way to tell: leave it
    return False


def host() -> str:
    """This machine, as 8 hex digits: a cache folder shared by several machines (a home
    on a network) holds folders whose processes run elsewhere."""
    try:
        node = os.uname().nodename
    except AttributeError:  # Windows
        node = os.environ.get("COMPUTERNAME", "")
    return f"{zlib.crc32(node.encode('utf-8', 'replace')):08x}"


def _user() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0
