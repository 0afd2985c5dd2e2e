"""One routine writes every file whole or not at all (host/owned.py): the saved game, the
settings and the sounds. Its temporary name cannot be guessed, and a name already taken,
by a file or a symlink, is never opened."""

from __future__ import annotations

import os
import stat

import pytest

from halfmoon_a11y.host import owned as atomic
from halfmoon_a11y.store import files
from halfmoon_a11y.voice import earcons


def test_the_store_and_the_sounds_write_through_the_same_routine():
    # the name earcons calls: imported for itself, not re-exported
    assert files.atomic_write is atomic.atomic_write is vars(earcons)["atomic_write"]


@pytest.mark.parametrize("planted", ["file", "symlink"])
def test_a_temporary_name_already_taken_is_never_opened(planted, tmp_path, monkeypatch):
    folder = tmp_path / "state"
    folder.mkdir()
    target = folder / "saved-game.json"
    victim = folder / "victim"
    victim.write_bytes(b"keep")
    draws = iter([b"\x00" * 6, b"\x01" * 6])  # the first name drawn is taken
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    taken = folder / f".saved-game.json.{'00' * 6}"
    if planted == "symlink":
        taken.symlink_to(victim)
    else:
        taken.write_bytes(b"someone else's")
    atomic.atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert victim.read_bytes() == b"keep"
    if planted == "symlink":
        assert taken.is_symlink() and os.readlink(taken) == str(victim)
    else:
        assert taken.read_bytes() == b"someone else's"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [target.name, victim.name, taken.name]
    )


@pytest.mark.parametrize("durable", [True, False])
def test_the_temporary_file_is_the_owner_s_alone_and_gone_after(durable, tmp_path, monkeypatch):
    seen: list[int] = []
    replace = os.replace

    def watch(source, destination):
        seen.append(stat.S_IMODE(os.stat(source).st_mode))
        replace(source, destination)

    monkeypatch.setattr(os, "replace", watch)
    folder = tmp_path / "config"
    atomic.atomic_write(folder / "settings.toml", b"x", durable=durable)
    assert seen == [0o600]
    assert [p.name for p in folder.iterdir()] == ["settings.toml"]


def test_a_link_is_followed_only_when_asked(tmp_path):
    real = tmp_path / "real.toml"
    real.write_bytes(b"old")
    link = tmp_path / "settings.toml"
    link.symlink_to(real)
    atomic.atomic_write(link, b"followed")
    assert link.is_symlink() and real.read_bytes() == b"followed"
    atomic.atomic_write(link, b"replaced", follow_link=False)
    assert not link.is_symlink() and link.read_bytes() == b"replaced"
    assert real.read_bytes() == b"followed"
