"""Issue 18, point 1, across the whole program: every path a game run opens, with each
bad kind planted there, in the real program; and every folder and file a fresh start
makes, under umask 000.

The paths a terminal alone opens (the two history files, the sounds, the speech
folder) are walked the same way in tests/test_input_safety.py and
tests/test_voice_safety.py; errors.log in tests/test_survives_bugs.py."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.store.files import Paths
from tests.support import private_device

CODE = "HM1-N-EMQPNCT"  # pick 1 8 removes a pair
OTHER = "HM1-N-AAAAAAC"  # pick 1 6 removes a pair
SCRIPTS = {
    CODE: "pick 1 8\nstats\nset move-errors on\nquit\n",
    OTHER: "pick 1 6\nstats\nquit\n",
}


def run(root: Path, code: str, umask: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env["HOME"] = str(root / "home")
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[name] = str(root / name.lower())
    return subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--lang", "en", "--code", code],
        input=SCRIPTS[code],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        preexec_fn=(lambda: os.umask(umask)) if umask is not None else None,
        check=False,
    )


def paths_of(root: Path) -> Paths:
    return Paths(
        root / "xdg_config_home" / "halfmoon-a11y" / "settings.toml",
        root / "xdg_state_home" / "halfmoon-a11y" / "game.json",
        root / "xdg_data_home" / "halfmoon-a11y" / "statistics.sqlite3",
        root / "xdg_cache_home" / "halfmoon-a11y",
    )


def opened_paths(paths: Paths) -> dict[str, Path]:
    """Every file a piped game with `--code` over another deal's saved game opens."""
    return {
        "settings": Path(paths.settings),
        "save": Path(paths.saved_game),
        "journal": Path(f"{paths.saved_game}.journal"),
        "statistics": Path(paths.statistics),
        "pending results": Path(f"{paths.statistics}.pending"),
        "lock": Path(paths.lock),
        "kept game": Path(paths.kept_games) / f"{OTHER}.json",
    }


def plant(kind: str, where: Path, victim: Path) -> None:
    where.parent.mkdir(parents=True, exist_ok=True)
    if kind == "link to a file of the player's":
        where.symlink_to(victim)
    elif kind == "dangling link":
        where.symlink_to(where.parent / "nowhere" / "at-all")
    elif kind == "fifo":
        os.mkfifo(where)
    elif kind == "folder":
        where.mkdir()
    elif kind == "link to a device":
        where.symlink_to(private_device(victim.parent))


KINDS = ["link to a file of the player's", "dangling link", "fifo", "folder", "link to a device"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", list(opened_paths(paths_of(Path("/x")))))
def test_each_bad_kind_at_each_path(tmp_path, name, kind):
    """No crash, no hang, the victim untouched, the game played; and a game played with
    moves is on disk afterwards, unless the save itself was the bad path."""
    (tmp_path / "home").mkdir()
    victim = tmp_path / "home" / "victim.txt"
    victim.write_text("the player's own words")
    first = run(tmp_path, OTHER)  # a saved game of another deal, with a move
    assert first.returncode == 0 and "Pair removed" in first.stdout, first.stdout
    where = opened_paths(paths_of(tmp_path))[name]
    if where.exists() or where.is_symlink():
        if where.is_dir() and not where.is_symlink():
            where.rename(where.with_name(where.name + ".moved"))
        else:
            where.unlink()
    plant(kind, where, victim)
    done = run(tmp_path, CODE)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Traceback" not in said
    assert "Pair removed" in done.stdout and "Goodbye." in done.stdout  # the game was played
    assert victim.read_text() == "the player's own words"
    device = private_device(victim.parent)
    assert stat.S_ISCHR(os.stat(device).st_mode)  # never replaced by a file


def test_a_fresh_start_makes_every_folder_0700_and_every_file_0600(tmp_path):
    (tmp_path / "home").mkdir()
    for code in (OTHER, CODE):  # the second keeps the first aside
        done = run(tmp_path, code, umask=0)
        assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr
    made = [
        entry
        for root in ("xdg_config_home", "xdg_state_home", "xdg_data_home")
        for entry in (tmp_path / root).rglob("*")
    ]
    assert any(entry.name == "kept" for entry in made)  # a kept game's folder was made
    wrong = [
        f"{entry.relative_to(tmp_path)}: {oct(stat.S_IMODE(entry.lstat().st_mode))}"
        for entry in made
        if stat.S_IMODE(entry.lstat().st_mode) != (0o700 if entry.is_dir() else 0o600)
    ]
    assert wrong == []
