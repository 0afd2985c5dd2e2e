"""Issue 20, point 4: the game's files on Windows. Under pretend_system("windows") the
os module loses what Windows lacks (O_NOFOLLOW, O_NONBLOCK, O_CLOEXEC, O_NOCTTY, fchmod,
getuid, geteuid, killpg, mknod, mkfifo, uname, sysconf...), gains O_BINARY, and its open
refuses what Windows' C runtime would get wrong or refuse: a file opened without
O_BINARY (read as text: "\\r\\n" turned into "\\n", the end at the first Ctrl-Z) and a
folder (Windows cannot open one). Every file the store and the voice keep goes through
host/owned.py and store/history_file.py, so a whole game saved, resumed and counted shows
that each POSIX-only call has its Windows path."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.host import owned
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store import files, lock
from halfmoon_a11y.store.history_file import append_history, read_history
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.lock import FilesLock
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.store.statistics import Statistics
from halfmoon_a11y.ui.jsonmode import state_json
from tests.fakes_loader import fake_kernel32, fresh
from tests.support import play

CODE = "HM1-N-AAAAAAC"
WINDOWS_LACKS = (
    "O_NOFOLLOW",
    "O_NONBLOCK",
    "O_CLOEXEC",
    "O_NOCTTY",
    "fchmod",
    "fchown",
    "chown",
    "getuid",
    "geteuid",
    "killpg",
    "getpgid",
    "setsid",
    "mknod",
    "mkfifo",
    "uname",
    "sysconf",
)
O_BINARY = 1 << 30  # a bit no Linux flag uses, taken off again before the real open


@pytest.fixture
def windows_os(monkeypatch, pretend_system):
    """os as Windows has it, as far as the game's files go; chmod calls are counted."""
    real_open = os.open
    chmods: list[str] = []

    def windows_open(path, flags, mode=0o777, *, dir_fd=None):
        if os.path.isdir(path):
            raise PermissionError(13, "Permission denied", str(path))
        if not flags & O_BINARY:
            raise AssertionError(f"{path} opened without O_BINARY: Windows reads it as text")
        return real_open(path, flags & ~O_BINARY, mode, dir_fd=dir_fd)

    for name in WINDOWS_LACKS:
        monkeypatch.delattr(os, name, raising=False)
    monkeypatch.setattr(os, "O_BINARY", O_BINARY, raising=False)
    monkeypatch.setattr(os, "open", windows_open)
    monkeypatch.setattr(os, "chmod", lambda path, mode, **kw: chmods.append(str(path)))
    monkeypatch.setattr(os, "kill", lambda *a: pytest.fail("os.kill ends a process on Windows"))
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", fresh("msvcrt"))
    fake_kernel32(monkeypatch)
    monkeypatch.setenv("COMPUTERNAME", "ANNA-PC")
    pretend_system("windows")
    return chmods


def test_a_whole_game_is_saved_resumed_and_counted(paths, clock, windows_os):
    """Before: the save and the journal were read without O_BINARY (as text, on Windows),
    and every new folder was chmod-ed, as if Windows had Unix modes."""
    owner = FilesLock(paths.lock)
    keeper = Keeper(paths, SettingsFile.load(paths.settings), owner=owner.acquire())
    assert keeper.owner
    session = keeper.open(DealCode.parse(CODE), now=clock)
    play(session, "pick 1")
    play(session, "set sounds off")
    play(session, "quit")
    keeper.close()
    expected = state_json(session)
    owner.release()
    settings_file = SettingsFile.load(paths.settings)
    assert not settings_file.settings(Settings()).sounds
    again = Keeper(paths, settings_file, owner=FilesLock(paths.lock).acquire()).open(
        None, now=clock
    )
    resumed = state_json(again)
    assert resumed["code"] == expected["code"] and resumed["piles"] == expected["piles"]
    assert windows_os == []  # no mode set on any folder or file


def test_statistics_made_by_an_older_release_open_without_fchmod(paths, windows_os):
    os.makedirs(os.path.dirname(paths.statistics))
    with open(paths.statistics, "wb"):
        pass

    stat_mode = os.stat(paths.statistics).st_mode
    assert stat.S_IMODE(stat_mode) & 0o077  # loose, as Windows always reports (0o666)
    statistics = Statistics(paths.statistics)
    assert statistics.summary() is not None


def test_a_symlink_is_refused_before_opening(tmp_path, windows_os):
    """Windows has no O_NOFOLLOW: a link at the path is refused before the open. Before,
    the open followed it and wrote into the file it names."""
    target = tmp_path / "precious"
    target.write_bytes(b"the player's own file")
    link = tmp_path / "journal"
    link.symlink_to(target)
    with pytest.raises(owned.NotARegularFile):
        owned.open_append(link)
    assert read_history(link) is None
    assert not append_history(link, "pick 1\n")
    assert target.read_bytes() == b"the player's own file"


def test_a_link_the_player_made_is_honoured_without_user_ids(tmp_path, windows_os):
    target = tmp_path / "dotfiles" / "settings.toml"
    target.parent.mkdir()
    target.write_text("")
    link = tmp_path / "settings.toml"
    link.symlink_to(target)
    assert files.honoured_link(link)


def test_the_host_is_the_computer_name(windows_os):
    assert lock._host() == "ANNA-PC"


def test_reads_keep_carriage_returns_and_ctrl_z(tmp_path, windows_os):
    data = b'{"a": 1}\r\n\x1a{"b": 2}\n'
    path = tmp_path / "journal"
    owned.atomic_write(path, data)
    assert owned.read_bounded(path, 1000) == data
    assert owned.read_head(path, 5) == data[:5]
    assert read_history(path) == data
