"""Issue 19, point 6: leaving is heard. After `quit` the game's voice says its last
answer to the end, waiting at most FINISH_SECONDS, and any key cuts the wait short;
Ctrl-C at the prompt says the line was cleared."""

from __future__ import annotations

import os
import pty
import sys
import threading
import time
from pathlib import Path

import pexpect
import pytest

from halfmoon_a11y.voice.choose import engine_available
from halfmoon_a11y.voice.leaving import FINISH_SECONDS, let_finish
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.screen_model import expect_prompt, expect_typed
from tests.support import wait_for
from tests.test_speech import silence

pytestmark = pytest.mark.slow  # the real program in a terminal, with its voice

PLAYER = Path(__file__).parent / "players" / "finishing_player.py"


def player_command(tmp_path: Path) -> list[str]:
    return [sys.executable, str(PLAYER), str(tmp_path / "played.log")]


def entries(tmp_path: Path) -> list[list[str]]:
    log = tmp_path / "played.log"
    return [line.split() for line in log.read_text().splitlines()] if log.exists() else []


def speaker_of(tmp_path: Path, seconds: float) -> ThreadedSpeaker:
    """A voice whose every sentence lasts `seconds`, played by the finishing stand-in."""
    return ThreadedSpeaker(
        lambda folder: lambda text, lang, rate: silence(folder, seconds), player_command(tmp_path)
    )


def test_the_last_answer_is_said_to_its_end(tmp_path):
    speaker = speaker_of(tmp_path, 0.6)
    speaker.speak(["The game is saved.", "Goodbye."])
    before = time.monotonic()
    assert let_finish([speaker], 5.0)
    waited = time.monotonic() - before
    speaker.close()
    log = entries(tmp_path)
    assert [entry[0] for entry in log] == ["start", "end", "start", "end"], log
    # both sentences played whole (0.6 s each), and the wait ended with them: well before
    # the 5 s bound (the stand-in player's own start adds some 50 ms a sentence)
    assert 1.2 <= waited < 3.5


def test_closing_never_waits_more_than_the_bound(tmp_path):
    speaker = speaker_of(tmp_path, 30.0)
    speaker.speak(["A very long goodbye."])
    before = time.monotonic()
    assert not let_finish([speaker], 1.0)
    waited = time.monotonic() - before
    speaker.close()
    assert 0.9 < waited < 1.5
    assert time.monotonic() - before < 2.5  # closing stops the player at once
    log = entries(tmp_path)
    assert [entry[0] for entry in log] == ["start"]  # cut off: no end


def test_a_key_cuts_the_wait(tmp_path):
    speaker = speaker_of(tmp_path, 30.0)
    started = threading.Event()
    speaker.on_play = lambda text: started.set()
    speaker.speak(["A very long goodbye."])
    assert started.wait(10)
    controller, terminal = pty.openpty()
    try:
        with os.fdopen(os.dup(terminal), "r") as keys:
            threading.Timer(0.3, os.write, (controller, b"x")).start()
            before = time.monotonic()
            assert not let_finish([speaker], 10.0, keys)
            waited = time.monotonic() - before
            # the key was read: it does not reach the shell after the game
            os.set_blocking(terminal, False)
            with pytest.raises(BlockingIOError):
                os.read(terminal, 10)
    finally:
        os.close(controller)
        os.close(terminal)
    speaker.close()
    assert 0.2 < waited < 1.5
    assert [entry[0] for entry in entries(tmp_path)] == ["start"]


def test_a_silent_voice_is_not_waited_for():
    from halfmoon_a11y.voice.speaker import SilentSpeaker

    before = time.monotonic()
    assert let_finish([SilentSpeaker()])
    assert time.monotonic() - before < 0.1


def spawn(tmp_path: Path, *args: str, rate: int = 175) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env["HALFMOON_A11Y_RATE"] = str(rate)
    env.update(
        {"TERM": "xterm-256color", "HALFMOON_A11Y_PLAYER": " ".join(player_command(tmp_path))}
    )
    return pexpect.spawn(
        sys.executable,
        ["-m", "halfmoon_a11y", "--code", "HM1-N-EMQPNCT", "--no-sounds", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 120),
    )


def after(tmp_path: Path, moment: float) -> list[list[str]]:
    return [entry for entry in entries(tmp_path) if float(entry[1]) >= moment]


@pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")
@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_quit_with_the_games_voice_is_heard_to_the_end(tmp_path, language):
    """The real program, its own voice (espeak-ng) and the finishing stand-in player: the
    answer to `quit` (the game is saved, goodbye) is played to its end before the game
    ends. Before, closing the voice cut it off: nothing of it was heard."""
    child = spawn(tmp_path, "--speech", "--lang", language)
    expect_prompt(child)
    child.send("quit")
    expect_typed(child, "quit")  # its first key silenced the opening
    asked = time.time()
    child.send("\r")
    child.expect(pexpect.EOF, timeout=FINISH_SECONDS + 5)
    ended = time.time()
    child.close()
    said = after(tmp_path, asked)
    starts = [entry[3] for entry in said if entry[0] == "start"]
    ends = [entry[2] for entry in said if entry[0] == "end"]
    assert len(starts) == 2, said  # "The game is saved…" and "Goodbye."
    assert ends == starts, said  # each played to its end
    assert ended - asked < FINISH_SECONDS + 2


@pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")
def test_a_key_after_quit_leaves_at_once(tmp_path):
    child = spawn(tmp_path, "--speech", "--lang", "ca", rate=80)
    expect_prompt(child)
    child.send("quit")
    expect_typed(child, "quit")  # its first key silenced the opening
    asked = time.time()
    child.send("\r")
    assert wait_for(lambda: after(tmp_path, asked), 30)  # the goodbye begins
    child.send(" ")
    pressed = time.time()
    child.expect(pexpect.EOF, timeout=5)
    child.close()
    assert time.time() - pressed < 1.5
    said = after(tmp_path, asked)
    assert [entry[0] for entry in said] == ["start"], said  # cut off by the key


def test_sigterm_does_not_wait_for_the_voice(tmp_path):
    """Only `quit` waits: a SIGTERM leaves at once, even while the voice speaks."""
    if not engine_available():
        pytest.skip("espeak-ng is not installed")
    child = spawn(tmp_path, "--speech", "--lang", "da", rate=80)
    expect_prompt(child)
    child.sendline("board")  # about 40 s of speech at rate 80
    assert wait_for(lambda: entries(tmp_path), 30)  # the voice speaks
    before = time.monotonic()
    child.kill(15)
    child.expect(pexpect.EOF, timeout=5)
    child.close()
    assert time.monotonic() - before < 1.5


@pytest.mark.parametrize(
    ("language", "cleared"),
    [("en", "Line cleared."), ("ca", "Línia esborrada."), ("da", "Linjen er slettet.")],
)
def test_ctrl_c_at_the_prompt_says_the_line_is_cleared(tmp_path, language, cleared):
    # Each key is sent at a drawn prompt, as a person types: between two prompts the
    # terminal is not in raw mode, and a Ctrl-C there is a signal, not a key.
    child = spawn(tmp_path, "--no-speech", "--lang", language)
    expect_prompt(child)
    child.send("pick 1")
    expect_typed(child, "pick 1")
    child.sendcontrol("c")
    child.expect_exact(cleared)
    expect_prompt(child)
    child.sendcontrol("c")  # on an empty line too
    child.expect_exact(cleared)
    expect_prompt(child)
    child.sendline("repeat")  # the last answer is still the table, not the cleared line
    child.expect_exact("R8")
    expect_prompt(child)
    child.sendline("info")
    child.expect("HM1 N, E, M, Q, P, N, C, T")
    expect_prompt(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
