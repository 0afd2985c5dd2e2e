"""Files made to break the start: every one is kept aside or ignored, never a crash or a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store.files import Paths
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from tests.support import play, private_device, said

GOOD = {"format": 1, "code": "HM1-N-EMQPNCT", "moves": [["1", "8"]], "elapsed": 12.0}


def open_game(paths):
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file)
    session = keeper.open(None, settings_file.settings(Settings()), now=lambda: 0.0)
    return session, [e for e in said(session.opening()) if isinstance(e, StorageProblem)]


@pytest.mark.parametrize(
    "content",
    [
        b'{"format": 1, "code": "HM1-N-EMQPNCT", "moves": [], "elapsed": 1' + b"0" * 400 + b"}",
        b'{"format": 1, "code": "HM1-N-EMQPNCT", "moves": [], "elapsed": ' + b"9" * 5000 + b"}",
        b'{"format": 1, "code": "HM1-N-EMQPNCT", "moves": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b', "elapsed": 1}',
        json.dumps({**GOOD, "format": True}).encode(),
        b"[" * 100_000,
    ],
    ids=["huge-float", "5000-digits", "nested-100000", "format-true", "brackets"],
)
def test_a_hostile_save_is_kept_aside(paths, content):
    """Before: OverflowError, ValueError and RecursionError crashed every start, and
    a format of true was read as format 1."""
    paths.saved_game.parent.mkdir(parents=True)
    paths.saved_game.write_bytes(content)
    session, problems = open_game(paths)
    assert [p.problem for p in problems] == [Problem.SAVE_UNREADABLE]
    assert not session.resumed


@pytest.mark.parametrize(
    "content",
    [b"rate = " + b"9" * 5000, b"x = " + b"[" * 100_000, b"speech = " + b"{a=" * 50_000],
    ids=["5000-digit-rate", "nested-brackets", "nested-tables"],
)
def test_a_hostile_settings_file_is_kept_aside(paths, content):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_bytes(content)
    _, problems = open_game(paths)
    assert [p.problem for p in problems] == [Problem.SETTINGS_UNREADABLE]


def test_a_fifo_or_a_device_is_never_read(paths):
    """Before: a FIFO at the save path hung the start forever; a symlink to /dev/zero
    read until memory ran out."""
    paths.saved_game.parent.mkdir(parents=True)
    os.mkfifo(paths.saved_game)
    paths.settings.parent.mkdir(parents=True)
    paths.settings.symlink_to(private_device(paths.settings.parent.parent))
    session, problems = open_game(paths)
    assert {p.problem for p in problems} == {
        Problem.SETTINGS_UNREADABLE,
        Problem.SAVE_UNREADABLE,
    }
    assert play(session, "pick 1")


def test_a_symlinked_save_stays_a_symlink(paths, tmp_path):
    real = tmp_path / "elsewhere" / "game.json"
    real.parent.mkdir()
    real.write_text(json.dumps(GOOD))
    paths.saved_game.parent.mkdir(parents=True)
    paths.saved_game.symlink_to(real)
    session, _ = open_game(paths)
    assert session.resumed
    play(session, "pick 8 5 3")
    play(session, "quit")  # the full save, through the link
    assert paths.saved_game.is_symlink()
    assert json.loads(real.read_text())["moves"] == [["1", "8"], ["8", "5", "3"]]


def test_help_and_json_start_with_a_hostile_settings_file(isolated_folders):
    folder = isolated_folders / "xdg_config_home" / "halfmoon-a11y"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_bytes(b"x = " + b"[" * 100_000)
    for args in (["--help"], ["--json", "--code", "HM1-N-EMQPNCT"]):
        done = subprocess.run(
            [sys.executable, "-m", "halfmoon_a11y", *args],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
save_like = st.fixed_dictionaries(
    {},
    optional={
        "format": json_values | st.just(1),
        "code": json_values | st.just("HM1-N-EMQPNCT"),
        "moves": json_values | st.just([["1", "8"]]),
        "elapsed": json_values | st.just(3.5),
    },
)
toml_lines = st.lists(
    st.sampled_from(["language", "move_errors", "cards", "speech", "rate", "player", "x"]).flatmap(
        lambda key: st.sampled_from(
            [f"{key} = 1", f'{key} = "ca"', f"{key} = true", f"{key} = [", f"{key} = 1e999"]
        )
    ),
    max_size=6,
).map("\n".join)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(save=json_values | save_like, settings_text=toml_lines | st.text(max_size=60))
def test_any_save_and_settings_file_never_crash_the_start(tmp_path_factory, save, settings_text):
    folder = tmp_path_factory.mktemp("files")
    settings_path, save_path = folder / "settings.toml", folder / "game.json"
    paths = Paths(settings_path, save_path, folder / "stats.sqlite3")
    save_path.write_text(json.dumps(save))
    settings_path.write_text(settings_text)
    session, _ = open_game(paths)
    assert play(session, "info")


def test_temporary_files_left_by_kills_are_removed_at_start(paths):
    """Before: a SIGKILL during a save left .game.json.XXXXXXXX behind, forever."""
    paths.saved_game.parent.mkdir(parents=True)
    old = [paths.saved_game.parent / f".game.json.abc{n}" for n in range(3)]
    for leftover in old:
        leftover.write_text("{")
        os.utime(leftover, (0, 0))
    fresh = paths.saved_game.parent / ".game.json.fresh"  # maybe another save, right now
    fresh.write_text("{")
    open_game(paths)
    assert not any(leftover.exists() for leftover in old) and fresh.exists()


def run(args, **options):
    return subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", *args],
        capture_output=True,
        timeout=60,
        check=False,
        **options,
    )


def test_a_latin1_terminal_and_the_json_stream(isolated_folders):
    """Before: the '…' that shortens a refused word crashed a Latin-1 terminal, and the
    JSON stream came out in Latin-1."""
    latin1 = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = run(
        ["--plain", "--lang", "ca", "--code", "HM1-N-EMQPNCT"],
        input=("x" * 40 + "\npick 1 8\nquit\n").encode(),
        env=latin1,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "Parella retirada, cinc de piques i sis de diamants.".encode("latin-1") in done.stdout
    done = run(["--json", "--lang", "ca"], input=b"pick 1\n", env=latin1)
    assert done.returncode == 0
    answer = json.loads(done.stdout.decode("utf-8").splitlines()[1])  # UTF-8, or this fails
    assert "trèvols" in answer["events"][0]["message"]


def test_an_unknown_option_never_echoes_an_escape_sequence(isolated_folders):
    done = run(["\x1b]0;PWNED\x07"], input=b"")
    assert done.returncode == 2
    assert b"\x1b" not in done.stderr and b"\x07" not in done.stderr


def test_a_ligature_is_no_deal_code(isolated_folders):
    done = run(["--code", "hm1-n-\ufb00aaaaa"], input=b"")
    assert done.returncode == 2 and b"HM1-N-" in done.stderr


def test_a_full_disk_is_one_line_not_a_traceback(isolated_folders):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", "HM1-N-EMQPNCT"],
            input=b"info\n",
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr and done.stderr.count(b"\n") == 1


def test_a_closed_output_is_no_traceback(isolated_folders):
    done = subprocess.run(
        f"{sys.executable} -m halfmoon_a11y --plain --code HM1-N-EMQPNCT >&-",
        shell=True,
        input=b"info\n",
        capture_output=False,
        stderr=subprocess.PIPE,
        timeout=60,
        check=False,
    )
    assert b"Traceback" not in done.stderr


def test_the_journal_brings_back_every_move_after_a_kill(paths):
    """Each move is one line appended to the journal: a kill right after it loses nothing,
    a line cut short is left out, and a journal of an earlier save adds nothing."""
    from halfmoon_a11y.store import saved_game as savegame

    session, _ = open_game(paths)  # a fresh game: a full save and an empty journal
    code = str(session.code)
    from tests.solver import playable_moves

    made = []
    for _ in range(3):
        move = playable_moves(session.game)[0]
        play(session, "pick " + " ".join(move))
        made.append(list(move))
    play(session, "undo")
    made.pop()  # the process is killed here: nothing more is written
    saved = savegame.read(paths.saved_game)
    assert saved is not None and str(saved.code) == code
    assert [[str(p) for p in move] for move in saved.moves] == made
    journal = Path(savegame.journal_path(paths.saved_game))
    with journal.open("ab") as cut:
        cut.write(b'["r", 9.0, "1"')  # a line the kill cut short
    cut_short = savegame.read(paths.saved_game)
    assert cut_short is not None and cut_short.moves == saved.moves
    again, _ = open_game(paths)
    assert again.resumed and again.game.moves == len(made)
    header = json.loads(journal.read_bytes().splitlines()[0])
    assert header[0] == "game" and header[2] == len(made)  # a new full save, a new journal
    stale = journal.read_bytes().replace(b'"game"', b'"other"', 1)
    journal.write_bytes(stale + b'["u", 1.0]\n')
    stale_read = savegame.read(paths.saved_game)
    assert stale_read is not None and stale_read.moves == saved.moves  # not this save's journal


@pytest.mark.parametrize("delay", [0.0, 0.005, 0.01, 0.02, 0.05])
def test_ctrl_c_while_the_game_loads_is_no_traceback(delay, isolated_folders):
    """Before: SIGINT during the start-up imports printed a KeyboardInterrupt traceback.
    The signal is sent once Python has begun loading the package (a line on standard
    error says so): what comes before, Python's own start, is not the game's."""
    import signal
    import time

    launcher = (
        "import sys\n"
        "sys.argv[0] = '-m'  # as python -m sets it while it loads the package\n"
        "import runpy, halfmoon_a11y\n"
        "sys.stderr.write('loading\\n'); sys.stderr.flush()\n"
        "runpy.run_module('halfmoon_a11y', run_name='__main__', alter_sys=True)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", launcher, "--plain", "--code", "HM1-N-EMQPNCT"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None and process.stderr.readline() == b"loading\n"
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(b"", timeout=20)
    assert b"Traceback" not in errors
