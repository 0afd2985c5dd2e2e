"""The one way to open a file the game owns (issue 18, point 1): its guarantees, each
shown to hold with a hostile umask and a planted file of each bad kind."""

from __future__ import annotations

import os
import stat

import pytest

from halfmoon_a11y.host import owned


@pytest.fixture
def wide_umask():
    before = os.umask(0)  # umask 000: before issue 18 every folder came out 0777
    yield
    os.umask(before)


def test_folders_are_0700_and_files_0600_whatever_the_umask(tmp_path, wide_umask):
    target = tmp_path / "a" / "b" / "game.json"
    owned.atomic_write(target, b"{}")
    for folder in (tmp_path / "a", tmp_path / "a" / "b"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    handle = owned.open_append(tmp_path / "a" / "journal")
    os.close(handle)
    assert stat.S_IMODE((tmp_path / "a" / "journal").stat().st_mode) == 0o600


def test_a_folder_already_there_is_left_as_it_is(tmp_path):
    tmp_path.chmod(0o755)
    owned.make_folder(tmp_path / "new")
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755


def test_appending_never_follows_a_link(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"the player's own file")
    (tmp_path / "journal").symlink_to(victim)
    with pytest.raises(owned.NotARegularFile):
        owned.open_append(tmp_path / "journal")
    assert victim.read_bytes() == b"the player's own file"


def test_a_fifo_or_a_folder_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    for name in ("fifo", "folder"):
        with pytest.raises(owned.NotARegularFile):
            owned.read_bounded(tmp_path / name, 100)
    with pytest.raises(OSError):  # a FIFO with no reader: refused at once, never waited on
        owned.open_append(tmp_path / "fifo")
    with pytest.raises(owned.NotARegularFile):
        owned.open_append(tmp_path / "folder")


def test_reads_are_bounded(tmp_path):
    (tmp_path / "big").write_bytes(b"x" * 101)
    with pytest.raises(owned.TooLarge):
        owned.read_bounded(tmp_path / "big", 100)
    with pytest.raises(owned.NotARegularFile):  # a device: never read (it never ends)
        owned.read_bounded("/dev/zero", 100)
    assert owned.read_bounded(tmp_path / "none", 100) is None
    (tmp_path / "exact").write_bytes(b"x" * 100)
    assert owned.read_bounded(tmp_path / "exact", 100) == b"x" * 100


def test_a_short_write_is_a_failure(tmp_path, monkeypatch):
    taken: list[int] = []

    def partial(handle, data):  # the disk takes 3 bytes, then nothing
        taken.append(len(data))
        return 3 if len(taken) == 1 else 0

    monkeypatch.setattr(os, "write", partial)
    with pytest.raises(owned.ShortWrite):
        owned.write_all(0, b"0123456789")
    assert taken == [10, 7]  # the rest was tried again before giving up
    folder = tmp_path / "state"
    with pytest.raises(owned.ShortWrite):
        owned.atomic_write(folder / "game.json", b"{}")
    assert list(folder.iterdir()) == []  # no game.json, and no temporary left behind


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_another_users_folder_or_link_is_refused_and_the_players_own_is_closed(tmp_path):
    """Issue 26, finding 6: the game's folders are the player's own."""
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 12345, 12345)
    with pytest.raises(owned.NotOwned):
        owned.make_folder(theirs)
    with pytest.raises(owned.NotOwned):
        owned.own_folder(theirs)
    mine = tmp_path / "mine"
    mine.mkdir()
    mine.chmod(0o777)
    assert owned.own_folder(mine)
    assert stat.S_IMODE(mine.stat().st_mode) == 0o700
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    dotfiles.chmod(0o755)
    link = tmp_path / "linked"
    link.symlink_to(dotfiles)
    assert owned.own_folder(link)  # the player's own link: used, its folder left as it is
    assert stat.S_IMODE(dotfiles.stat().st_mode) == 0o755
    os.lchown(link, 12345, 12345)
    with pytest.raises(owned.NotOwned):
        owned.own_folder(link)  # a link another user made, even to the player's folder
    assert not owned.own_folder(tmp_path / "absent")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_file_of_another_user_is_refused_and_the_players_own_closed_to_writes(tmp_path):
    """Issue 26, finding 6: the files the game opens in its folders are the player's own,
    and no one else may write them."""
    for name in ("read", "opened"):
        (tmp_path / name).write_bytes(b"{}")
        (tmp_path / name).chmod(0o666)
    assert owned.read_bounded(tmp_path / "read", 10, owned=True) == b"{}"
    os.close(owned.open_owned(tmp_path / "opened", os.O_RDWR))
    for name in ("read", "opened"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644
        os.chown(tmp_path / name, 12345, 12345)
    with pytest.raises(owned.NotOwned):
        owned.read_bounded(tmp_path / "read", 10, owned=True)
    with pytest.raises(owned.NotOwned):
        owned.open_owned(tmp_path / "opened", os.O_RDWR)
    assert owned.read_bounded(tmp_path / "read", 10) == b"{}"  # /proc's files are root's
