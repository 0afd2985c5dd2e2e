"""The game survives its own bugs (issue 17): a command that raises something unexpected
is answered with one short sentence in the player's language, its details go to a log
file in the state folder (its path said once), the game is saved, and play goes on. In
the prompt, in plain mode and in the JSON mode, with the real program.

The bug is planted in a child process: `info`'s handler raises. Before issue 17 each of
these runs ended with a traceback and lost the line's answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.store import saved_game as savegame

pytestmark = pytest.mark.expects_bug  # every test here plants a bug (tests/loud.py)

CODE = "HM1-N-EMQPNCT"
PLANT = (
    "import sys\n"
    "from halfmoon_a11y.play import commands\n"
    "def broken(session, command):\n"
    "    raise RuntimeError('planted bug')\n"
    "commands._HANDLERS[commands.Info] = broken\n"
    "from halfmoon_a11y.ui.cli import run\n"
    "run()\n"
)
SAID = {
    "en": "Something went wrong with that command. The game is saved and goes on.",
    "ca": "Alguna cosa ha fallat amb aquesta ordre. La partida està desada i continua.",
    "da": "Noget gik galt med den kommando. Spillet er gemt og fortsætter.",
}


def state_folder(root: Path) -> Path:
    return root / "xdg_state_home" / "halfmoon-a11y"


def run_piped(args: list[str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PLANT, *args, "--code", CODE],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def assert_logged_once(root: Path) -> Path:
    log = state_folder(root) / "errors.log"
    text = log.read_text()
    assert text.count("RuntimeError: planted bug") == 2  # both failures, in full
    assert "Traceback (most recent call last)" in text
    assert (log.stat().st_mode & 0o777) == 0o600
    return log


def test_plain_mode_says_one_sentence_and_goes_on(isolated_folders):
    done = run_piped(["--plain", "--lang", "ca"], ["pick 1 8", "info", "info", "board", "quit"])
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    log = assert_logged_once(isolated_folders)
    out = done.stdout
    assert out.count(SAID["ca"]) == 2
    assert out.count(f"Els detalls són a {log}.") == 1  # the path, the first time only
    after = out.split(SAID["ca"])[-1]
    assert "Pila 1," in after and "Adeu." in after  # the game went on to the end
    saved = savegame.read(state_folder(isolated_folders) / "game.json")
    assert saved is not None and saved.code == DealCode.parse(CODE) and len(saved.moves) == 1


def test_the_json_mode_sends_an_internal_error(isolated_folders):
    done = run_piped(["--json", "--lang", "da"], ["pick 1 8", "info", "info", "quit"])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    log = str(assert_logged_once(isolated_folders))
    first, second = objects[2]["events"], objects[3]["events"]
    assert first == [
        {
            "type": "error",
            "code": "internal",
            "log": log,
            "saved": True,
            "message": SAID["da"] + f" Detaljerne står i {log}.",
        }
    ]
    assert second == [
        {"type": "error", "code": "internal", "log": None, "saved": True, "message": SAID["da"]}
    ]
    assert objects[3]["state"]["moves"] == 1  # nothing was changed or lost
    assert objects[-1]["events"][-1]["type"] == "quit"


def test_the_prompt_says_one_sentence_and_goes_on(isolated_folders):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(
        sys.executable,
        ["-c", PLANT, "--code", CODE, "--no-speech", "--no-sounds"],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 200),
    )
    child.expect("Reserve R8")
    child.sendline("pick 1 8")
    child.expect("Pair removed")
    child.sendline("info")
    child.expect_exact(SAID["en"])
    log = state_folder(isolated_folders) / "errors.log"
    child.expect_exact(f"The details are in {log}.")
    child.sendline("info")
    child.expect_exact(SAID["en"])
    child.sendline("pile 1")
    child.expect("Pile 1,")
    child.sendline("quit")
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
    assert_logged_once(isolated_folders)


# -- each step of a turn, in process (the helper's attack after the first version) --------


def front_end(paths, lines: list[str], report=None):
    """A text front end on a real store, writing into `lines`."""
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.ui.frontend import TextFrontEnd

    keeper = Keeper(paths, SettingsFile.load(paths.settings))
    session = keeper.open(DealCode.parse(CODE))
    logged: list[BaseException] = []

    def write_down(error: BaseException) -> str:
        logged.append(error)
        return "LOG"

    front = TextFrontEnd(session, lines.extend, store=keeper, report=report or write_down)
    return front, keeper, logged


def test_a_bug_after_the_move_is_said_after_it(paths, monkeypatch):
    """The move stands and is said; the failure of its save follows it."""
    from halfmoon_a11y.store.game_file import GameFile

    def broken(self, events, seconds):
        raise RuntimeError("planted bug")

    monkeypatch.setattr(GameFile, "journal", broken)
    lines: list[str] = []
    front, keeper, logged = front_end(paths, lines)
    front.line("pick 1 8")
    assert lines[0].startswith("Pair removed, five of spades and six of diamonds.")
    assert lines[-2:] == [SAID["en"], "The details are in LOG."]
    assert len(logged) == 1
    lines.clear()
    front.line("repeat")  # the same answer, but the path is said once
    assert lines[-1] == SAID["en"] and not any("LOG" in line for line in lines)
    keeper.close()
    saved = savegame.read(paths.saved_game)
    assert saved is not None and len(saved.moves) == 1  # saved as it stood


def test_quit_leaves_even_when_saving_fails(paths, monkeypatch):
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.ui.loop import serve

    def broken(self, session, answer):
        raise RuntimeError("planted bug")

    lines: list[str] = []
    front, _keeper, _ = front_end(paths, lines)
    monkeypatch.setattr(Keeper, "persist", broken)
    serve(front, ["quit", "board", "board"])
    assert lines[-3:] == [SAID["en"], "The details are in LOG.", "Goodbye."]
    assert front.leaving


def test_a_bug_in_a_cursor_answer_is_caught(paths, monkeypatch):
    from halfmoon_a11y.play import prompt_events as pe
    from halfmoon_a11y.text import presenter

    def broken(self, event):
        raise RuntimeError("planted bug")

    monkeypatch.setitem(presenter._RENDERERS, pe.CursorMoved, broken)
    lines: list[str] = []
    front, _, logged = front_end(paths, lines)
    front.key("next")
    assert lines == [SAID["en"], "The details are in LOG."] and len(logged) == 1


def test_a_presenter_that_fails_for_everything_still_says_something(paths, monkeypatch):
    from halfmoon_a11y.text.presenter import Presenter

    def broken(self, events, skip=None):
        raise RuntimeError("planted bug")

    monkeypatch.setattr(Presenter, "parts", broken)  # every answer is worded by it
    lines: list[str] = []
    front, _, logged = front_end(paths, lines)
    front.line("pick 1 8")
    assert lines == [SAID["en"]] and len(logged) == 2  # the answer, then the failure's


def test_the_json_mode_says_a_failing_answer_plainly(paths, monkeypatch):
    from halfmoon_a11y.text.presenter import Presenter
    from halfmoon_a11y.ui.jsonmode import JsonMode

    def broken(self, event):
        raise RuntimeError("planted bug")

    monkeypatch.setattr(Presenter, "removal", broken)  # a removal's words
    mode = JsonMode(Session(DealCode.parse(CODE)), report=lambda error: None)
    reply = mode.reply("pick 1 8")
    unsaved = "Something went wrong with that command. The game goes on."
    assert reply["events"] == [  # no store here: nothing was saved, and it is not said
        {"type": "error", "code": "internal", "log": None, "saved": False, "message": unsaved}
    ]
    assert reply["state"]["moves"] == 1  # the move stands


def test_the_error_log_is_opened_as_every_file_the_game_owns(tmp_path):
    """A link planted at the log is never followed, a FIFO never waited on: the bug is
    then said without a path, and the victim file is untouched."""
    from halfmoon_a11y.store.error_log import write_error

    victim = tmp_path / "victim"
    victim.write_text("the player's own file")
    (tmp_path / "linked").mkdir()
    (tmp_path / "linked" / "errors.log").symlink_to(victim)
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / "errors.log")
    error = RuntimeError("planted bug")
    assert write_error(str(tmp_path / "linked" / "errors.log"), error) is None
    assert write_error(str(tmp_path / "fifo" / "errors.log"), error) is None
    assert victim.read_text() == "the player's own file"
    fresh = tmp_path / "new" / "errors.log"
    assert write_error(str(fresh), error) == str(fresh)
    assert (fresh.stat().st_mode & 0o777, fresh.parent.stat().st_mode & 0o777) == (0o600, 0o700)


def test_a_window_that_saves_nothing_does_not_say_the_game_is_saved(paths, monkeypatch):
    """Review of issue 18's words: a second window (or a full disk) heard "the game is
    saved" after a bug, though nothing was saved."""
    from halfmoon_a11y.play import commands
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.ui.frontend import TextFrontEnd

    def broken(session, command):
        raise RuntimeError("planted bug")

    monkeypatch.setitem(commands._HANDLERS, commands.Info, broken)
    keeper = Keeper(paths, SettingsFile.load(paths.settings), owner=False)
    session = keeper.open(DealCode.parse(CODE))
    lines: list[str] = []
    front = TextFrontEnd(session, lines.extend, store=keeper, report=lambda error: None)
    front.line("info")
    assert lines == ["Something went wrong with that command. The game goes on."]


@pytest.mark.expects_bug
def test_a_new_removal_after_an_undo_that_meets_a_bug_is_not_said_as_a_redo(paths, monkeypatch):
    """since.done_since takes any removal that empties the redo list for a redo: a new
    removal after an undo empties it too. The player hears "Redone, pair removed again"
    for a pair never removed before."""
    from halfmoon_a11y.play.session import Session as PlaySession
    from tests.test_survives_bugs import SAID, front_end

    lines: list[str] = []
    front, keeper, _ = front_end(paths, lines)
    front.line("pick 1 8")  # five of spades and six of diamonds
    front.line("undo")
    lines.clear()

    def broken(self, events):
        raise RuntimeError("planted bug after the change")

    monkeypatch.setattr(PlaySession, "_settled", broken)
    front.line("pick 2 9")  # four of clubs and seven of clubs: a new removal, not a redo
    assert front.session.game.moves == 1 and front.session.game.redo_available == 0
    assert lines[-2] == SAID["en"]
    assert not lines[0].startswith("Redone"), lines[0]
    assert lines[0].startswith("Pair removed, four of clubs and seven of clubs."), lines[0]
    keeper.close()
