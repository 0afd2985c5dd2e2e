"""Issue 18, point 1, for the saved game, its journal and the settings file: each bad
kind of thing planted at each path (a symlink to a victim file, a dangling symlink, a
FIFO, a folder, a symlink to a device) and the whole game run over it. No crash, no
hang, the victim untouched, one clear sentence naming the path, and the game saved (or
said not saved) truthfully."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import private_device

CODE = "HM1-N-EMQPNCT"
SECRET = b"the player's own file: never written by the game\n"
PATHS = {
    "game.json": ("xdg_state_home", "game.json"),
    "journal": ("xdg_state_home", "game.json.journal"),
    "settings.toml": ("xdg_config_home", "settings.toml"),
    "lock": ("xdg_state_home", "lock"),  # issue 26, finding 7: set aside, a fresh lock made
}


def where(root: Path, name: str) -> Path:
    folder, file = PATHS[name]
    return root / folder / "halfmoon-a11y" / file


def plant(kind: str, path: Path, root: Path) -> Path | None:
    """The bad thing at `path`; what must stay untouched (or stay absent), if anything."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "symlink to a victim":
        victim = root / "home" / "victim.txt"
        victim.parent.mkdir(parents=True, exist_ok=True)
        victim.write_bytes(SECRET)
        path.symlink_to(victim)
        return victim
    if kind == "dangling symlink":
        target = root / "nowhere" / "target"
        target.parent.mkdir()
        path.symlink_to(target)
        return target
    if kind == "FIFO":
        os.mkfifo(path)
        return None
    if kind == "folder":
        path.mkdir()
        (path / "inside").write_bytes(SECRET)
        return None
    if kind == "symlink to a device":
        path.symlink_to(private_device(root, "null"))
        return None
    raise AssertionError(kind)


def run(lines: bytes, env: dict[str, str]) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", CODE],
        input=lines,
        capture_output=True,
        timeout=30,  # a hang is a failure, not a stuck suite
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def events_of(objects: list[dict]) -> list[dict]:
    return [event for each in objects for event in each["events"]]


KINDS = ["symlink to a victim", "dangling symlink", "FIFO", "folder", "symlink to a device"]


@pytest.mark.parametrize("name", list(PATHS))
@pytest.mark.parametrize("kind", KINDS)
def test_each_bad_kind_at_each_path(isolated_folders, name, kind):
    root = isolated_folders
    env = dict(os.environ)
    path = where(root, name)
    untouched = plant(kind, path, root)
    objects = run(b"pick 1 8\nset move-errors on\nquit\n", env)
    problems = [e for e in events_of(objects) if e["type"] == "storage_problem"]
    about = [p for p in problems if p["path"] == str(path)]
    assert len(about) == 1, problems  # one clear sentence about that path
    assert problems == about, problems  # and nothing else is wrong
    assert about[0]["message"] and about[0]["aside"]  # kept aside, named
    aside = Path(about[0]["aside"])
    assert os.path.lexists(aside)
    if kind == "folder":
        assert (aside / "inside").read_bytes() == SECRET
    if kind == "symlink to a victim":
        assert untouched is not None and untouched.read_bytes() == SECRET
        assert aside.is_symlink()
    if kind == "dangling symlink":
        assert untouched is not None and not untouched.exists()
    # the game is saved, truthfully: every move and the setting are there
    assert not any(p["problem"] == "game_not_saved" for p in problems)
    state = where(root, "game.json")
    assert state.is_file() and not state.is_symlink()
    assert json.loads(state.read_bytes())["moves"] == [["1", "8"]]
    settings = where(root, "settings.toml")
    assert settings.is_file() and b"move-errors = true" in settings.read_bytes()
    again = run(b"", env)
    first = again[0]["events"][0]
    assert first["type"] == "dealt" and first["resumed"] is True
    assert not [e for e in events_of(again) if e["type"] == "storage_problem"]
    assert again[0]["state"]["piles"][0]["count"] == 7  # the move came back


def test_a_settings_link_the_player_made_is_honoured(isolated_folders):
    """A dotfile manager links settings.toml to the player's own file: it is read, and a
    changed setting is written into that file, the link kept (docs/decisions.md)."""
    root = isolated_folders
    dotfiles = root / "home" / "dotfiles" / "halfmoon.toml"
    dotfiles.parent.mkdir(parents=True)
    dotfiles.write_text("# mine\nplacement-help = false\n")
    link = where(root, "settings.toml")
    link.parent.mkdir(parents=True)
    link.symlink_to(dotfiles)
    objects = run(b"set move-errors on\nquit\n", dict(os.environ))
    assert not [e for e in events_of(objects) if e["type"] == "storage_problem"]
    assert link.is_symlink()
    text = dotfiles.read_text()
    assert "# mine" in text and "move-errors = true" in text


def test_a_save_link_to_a_save_of_the_player_is_honoured(isolated_folders, tmp_path):
    root = isolated_folders
    real = tmp_path / "elsewhere" / "game.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"format": 1, "code": CODE, "moves": [], "elapsed": 1.0}))
    link = where(root, "game.json")
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    run(b"pick 1 8\nquit\n", dict(os.environ))
    assert link.is_symlink() and json.loads(real.read_text())["moves"] == [["1", "8"]]


def test_a_link_to_a_file_of_another_user_is_not_honoured(tmp_path, monkeypatch):
    from halfmoon_a11y.store.files import honoured_link

    target = tmp_path / "file"
    target.write_bytes(b"x")
    link = tmp_path / "link"
    link.symlink_to(target)
    assert honoured_link(link)
    monkeypatch.setattr(os, "geteuid", lambda: os.getuid() + 1)
    assert not honoured_link(link)


def test_leftovers_of_a_killed_save_are_removed_in_subfolders(paths):
    """Point 8: a kill during a kept game's or a sound's write left `.NAME.RANDOM` files
    there for good; they go at the next start, as the top level's do."""
    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile

    kept = Path(paths.kept_games)
    sounds = Path(paths.sounds)
    for folder in (kept, sounds, paths.settings.parent):
        folder.mkdir(parents=True, exist_ok=True)
    old = [kept / ".HM1-N-EMQPNCT.json.0123456789ab", sounds / ".pair.wav.ba9876543210"]
    old.append(paths.settings.parent / ".settings.toml.00112233aabb")
    young = kept / ".HM1-N-AAAAAAC.json.0123456789ab"
    mine = [kept / "HM1-N-EMQPNCT.json", sounds / ".hidden-by-player", kept / ".x.notrandomhex"]
    for file in (*old, young, *mine):
        file.write_bytes(b"{")
    for file in old:
        os.utime(file, (1, 1))
    for file in mine:
        os.utime(file, (1, 1))
    settings_file = SettingsFile.load(paths.settings)
    Keeper(paths, settings_file).open(None, Settings(), now=lambda: 0.0)
    assert not any(file.exists() for file in old)
    assert young.exists() and all(file.exists() for file in mine)


def test_remove_leftovers_in_never_follows_a_link(tmp_path):
    from halfmoon_a11y.host.owned import remove_leftovers_in

    victim = tmp_path / "victim"
    victim.write_bytes(SECRET)
    folder = tmp_path / "kept"
    folder.mkdir()
    link = folder / ".a.json.0123456789ab"
    link.symlink_to(victim)
    os.utime(link, (1, 1), follow_symlinks=False)
    assert remove_leftovers_in(folder) == 0
    assert victim.read_bytes() == SECRET


# Issue 26, finding 6: folders and files another user made first.

OTHER_USER = 12345  # the tests run as root, who may give a file to anyone
FOLDERS = {  # each folder, a file planted in it, and the sentence's problem
    "xdg_state_home": ("game.json", "state_not_own"),
    "xdg_config_home": ("settings.toml", "settings_folder_not_own"),
    "xdg_data_home": ("statistics.sqlite3", "stats_folder_not_own"),
}
PLANTED = {
    "game.json": json.dumps({"format": 1, "code": CODE, "moves": [], "elapsed": 5.0}).encode(),
    "settings.toml": b'lang = "da"\n',
    "statistics.sqlite3": b"",
}


def others_folder(root: Path, xdg: str) -> Path:
    """XDG_..._HOME shared and sticky, where another user made `halfmoon-a11y/` first
    (0777) with 0666 files in it: a journal and a history as well, in the state folder."""
    shared = root / xdg
    shared.chmod(0o1777)
    folder = shared / "halfmoon-a11y"
    folder.mkdir()
    name, _ = FOLDERS[xdg]
    files = [name, "game.json.journal", "history-plain"] if xdg == "xdg_state_home" else [name]
    for file in files:
        (folder / file).write_bytes(PLANTED.get(file, b""))
    for path in (folder, *(folder / file for file in files)):
        os.chown(path, OTHER_USER, OTHER_USER)
        path.chmod(0o777 if path == folder else 0o666)
    return folder


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_uid) for p in sorted(folder.iterdir())}


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
@pytest.mark.parametrize("xdg", list(FOLDERS))
def test_a_folder_another_user_made_first_is_never_used(isolated_folders, xdg):
    """Before: the game wrote its journal and history into another user's folder (who
    read the moves and the commands as they were played, and could replace game.json),
    read settings from it, and kept statistics there. Now nothing is read from it or
    written to it, and one sentence names it."""
    folder = others_folder(isolated_folders, xdg)
    before = snapshot(folder)
    lines = b"pick 1 8\nset move-errors on\nnew HM1-N-AAAAAAC\nnew HM1-N-AAAAAAC\nquit\n"
    objects = run(lines, dict(os.environ))
    problems = [e for e in events_of(objects) if e["type"] == "storage_problem"]
    _, problem = FOLDERS[xdg]
    assert [(p["problem"], p["path"]) for p in problems] == [(problem, str(folder))]
    assert "another user" in problems[0]["message"]
    assert snapshot(folder) == before  # nothing read into play, nothing written
    first = objects[0]["events"][0]
    assert first["type"] == "dealt" and not first["resumed"]  # not the planted game
    assert "New game" in json.dumps(objects[0])  # the planted settings (Danish) not read


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_the_players_own_folder_open_to_others_is_closed(isolated_folders):
    """A state folder of the player's own that others may write in: closed (0700) before
    anything is written, and the game plays and saves as ever."""
    folder = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    folder.mkdir()
    folder.chmod(0o777)
    objects = run(b"pick 1 8\nquit\n", dict(os.environ))
    assert not [e for e in events_of(objects) if e["type"] == "storage_problem"]
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert json.loads((folder / "game.json").read_bytes())["moves"] == [["1", "8"]]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
@pytest.mark.parametrize("name", ["game.json", "settings.toml", "lock"])
def test_a_file_of_another_user_in_the_players_folder_is_set_aside(isolated_folders, name):
    """Another user's file in the player's own folder (root's after a sudo run, or one
    planted while the folder was open to others) is never read: it is set aside, named,
    and the game goes on with its own."""
    folder, _ = PATHS.get(name, ("xdg_state_home", name))
    path = isolated_folders / folder / "halfmoon-a11y" / name
    path.parent.mkdir()
    path.write_bytes(PLANTED.get(name, b""))
    os.chown(path, OTHER_USER, OTHER_USER)
    path.chmod(0o666)
    objects = run(b"pick 1 8\nset move-errors on\nquit\n", dict(os.environ))
    problems = [e for e in events_of(objects) if e["type"] == "storage_problem"]
    assert [p["path"] for p in problems] == [str(path)]
    aside = Path(problems[0]["aside"])
    assert aside.stat().st_uid == OTHER_USER and aside.read_bytes() == PLANTED.get(name, b"")
    assert path.stat().st_uid == os.geteuid()  # the game's own file now
    assert not objects[0]["events"][0]["resumed"]  # not the planted game
    assert "New game" in json.dumps(objects[0])  # English: the planted settings not read


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_history_file_of_another_user_is_neither_read_nor_written(tmp_path):
    """Issue 26, finding 6: the typed commands went into another user's file."""
    from halfmoon_a11y.store.history_file import append_history, read_history

    path = tmp_path / "history-plain"
    path.write_bytes(b"pile 5\n")
    os.chown(path, OTHER_USER, OTHER_USER)
    path.chmod(0o666)
    assert read_history(path) is None
    assert not append_history(path, "pile 6\n")
    assert path.read_bytes() == b"pile 5\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_a_journal_of_another_user_beside_the_save_is_set_aside_unread(isolated_folders):
    """Issue 26, finding 6: its lines were replayed into the player's game, and the
    player's moves appended to it."""
    folder = isolated_folders / "xdg_state_home" / "halfmoon-a11y"
    folder.mkdir()
    save = {"format": 1, "code": CODE, "moves": [], "elapsed": 5.0, "game": "abcd"}
    (folder / "game.json").write_text(json.dumps(save))
    journal = folder / "game.json.journal"
    journal.write_text('["game", "abcd", 0]\n["r", 1.0, "1", "8"]\n')
    os.chown(journal, OTHER_USER, OTHER_USER)
    objects = run(b"quit\n", dict(os.environ))
    problems = [e for e in events_of(objects) if e["type"] == "storage_problem"]
    assert [(p["problem"], p["path"]) for p in problems] == [("journal_unreadable", str(journal))]
    assert Path(problems[0]["aside"]).stat().st_uid == OTHER_USER
    assert objects[0]["state"]["piles"][0]["count"] == 8  # its move was not replayed
    assert journal.stat().st_uid == os.geteuid()  # the game's own journal now
