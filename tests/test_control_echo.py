"""Issue 41, item 7: `^C` was echoed and spoken (a Ctrl-C in the first 0.1 s, or during a
long answer). Between two lines the terminal is its own, and showed a Ctrl-C typed there
as `^C`, which a terminal reader said. From the game's first act to its last, the
terminal shows no control key; after it, the shell's terminal is as it was."""

from __future__ import annotations

import sys
import termios
import time

import pexpect
import pytest

from tests.test_ctrl_c import GOODBYE, read_all, spawn


def hides_control_keys(child: pexpect.spawn) -> bool:
    """Whether the game's terminal shows no control key now (its ECHOCTL off, read through
    the terminal's other end: Linux gives the terminal's modes there)."""
    return not termios.tcgetattr(child.child_fd)[3] & termios.ECHOCTL


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("mode", [(), ("--plain",)], ids=["prompt", "plain"])
def test_ctrl_c_typed_while_the_game_loads_and_answers_is_never_shown(mode):
    child = spawn("--lang", "da", *mode)
    deadline = time.monotonic() + 20
    seen = ""
    while not hides_control_keys(child):  # the package's first acts: from here, no ^C
        assert time.monotonic() < deadline, "the game never started"
        seen += read_all(child)
    ends = time.monotonic() + 1.5  # the opening, the prompt's loading, the first answers
    typed = 0
    while time.monotonic() < ends:
        child.sendcontrol("c")  # typed at the terminal, as a hurried player does
        child.send("board\r" if typed % 5 == 4 else "")  # long answers, written between lines
        typed += 1
        seen += read_all(child)
        time.sleep(0.03)
    child.send("quit\r")
    child.expect(pexpect.EOF, timeout=20)
    seen += child.before or ""
    child.close()
    assert child.exitstatus == 0, seen
    assert GOODBYE["da"] in seen and typed > 10
    assert "^C" not in seen, seen


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a POSIX terminal")
def test_the_terminal_shows_control_keys_again_after_the_game(tmp_path):
    """The shell's terminal after the game: `stty -a` says echoctl, as before it."""
    shell = (
        f"stty echoctl; {sys.executable} -m halfmoon_a11y --no-speech --no-sounds "
        "--code HM1-N-EMQPNCT --plain < /dev/tty; stty -a"
    )
    child = pexpect.spawn("bash", ["-c", shell], encoding="utf-8", timeout=30)
    child.expect("R8, ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    flags = (child.before or "").split()
    child.close()
    assert "echoctl" in flags and "-echoctl" not in flags


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a POSIX terminal")
def test_while_the_game_runs_the_terminal_shows_no_control_keys(tmp_path):
    program = (
        "import sys, termios; sys.argv[0] = 'halfmoon-a11y'; import halfmoon_a11y\n"
        "print('echoctl', bool(termios.tcgetattr(0)[3] & termios.ECHOCTL))\n"
        "from halfmoon_a11y.host import control_echo; control_echo.show()\n"
        "print('after', bool(termios.tcgetattr(0)[3] & termios.ECHOCTL))\n"
    )
    child = pexpect.spawn(
        "bash",
        ["-c", f'stty echoctl; {sys.executable} -c "{program}"'],
        encoding="utf-8",
        timeout=30,
    )
    child.expect(pexpect.EOF)
    said = child.before or ""
    child.close()
    assert "echoctl False" in said and "after True" in said, said
