"""Issue 20, point 4: signals Windows lacks are never assumed. Under
pretend_system("windows"), with SIGHUP and pthread_sigmask taken away and SIGBREAK given,
the game leaves like quit on SIGTERM and SIGBREAK, ignores Ctrl-C and Ctrl-Break while
it leaves (no signal mask there), and waits for its last words with msvcrt.kbhit and
getwch (a fake, tests/fakes/msvcrt.py), never termios nor select on the console."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import signal
import sys
import time

import pytest

from halfmoon_a11y.ui import cli
from halfmoon_a11y.ui.loop import closing_signals
from halfmoon_a11y.ui.world import Leaving
from halfmoon_a11y.voice.leaving import let_finish
from halfmoon_a11y.voice.speaker import SilentSpeaker
from tests.fakes_loader import fresh

SIGBREAK = 21  # Windows' number; never installed here: signal.signal is a recorder


@pytest.fixture
def windows_signals(pretend_system):
    """signal as Windows has it; what is installed is recorded, not done. (A patch of its
    own, undone before conftest's signals_as_they_were asks for pthread_sigmask.)"""
    installed: list[tuple[int, object]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(signal, "SIGHUP", raising=False)
        patch.delattr(signal, "pthread_sigmask", raising=False)
        patch.setattr(signal, "SIGBREAK", SIGBREAK, raising=False)
        patch.setattr(signal, "signal", lambda number, handler: installed.append((number, handler)))
        patch.setitem(sys.modules, "termios", None)
        patch.setitem(sys.modules, "fcntl", None)
        pretend_system("windows")
        yield installed


def test_the_leaving_signals_of_each_system(windows_signals, pretend_system):
    assert closing_signals() == [signal.SIGTERM, SIGBREAK]
    pretend_system("linux")
    assert SIGBREAK not in closing_signals() and signal.SIGTERM in closing_signals()


def test_a_json_game_on_windows_leaves_on_sigterm_and_sigbreak(
    windows_signals, monkeypatch, tmp_path
):
    """Before: only SIGTERM was caught on Windows (Ctrl-Break, and a closed console
    window, ended the game unsaved), and nothing was held while leaving."""
    monkeypatch.setitem(sys.modules, "msvcrt", fresh("msvcrt"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    out = Kept()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"pick 1\nquit\n")))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8"))
    assert cli.main(["--json", "--code", "HM1-N-EMQPNCT"]) == 0
    answers = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert len(answers) == 3  # the opening, pick 1, quit
    leaving = [
        number
        for number, handler in windows_signals
        if getattr(handler, "__func__", None) is Leaving.on_signal
    ]
    assert leaving == [signal.SIGTERM, SIGBREAK]
    held = [number for number, handler in windows_signals if handler is signal.SIG_IGN]
    assert set(held) == {SIGBREAK, signal.SIGINT}
    assert os.path.exists(tmp_path / "Local" / "halfmoon-a11y" / "game.json")


class Kept(io.BytesIO):
    """Standard output's bytes, kept when the game's UTF-8 writer around them is closed."""

    def close(self) -> None:
        pass


class Finishing(SilentSpeaker):
    """A voice that has said everything `seconds` after it was asked (a speaker: the
    rest of what a speaker does, it does silently)."""

    def __init__(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds
        self.interrupted = False

    def drain(self, timeout: float) -> bool:
        if self.interrupted or time.monotonic() >= self.until:
            return True
        time.sleep(min(timeout, max(0.0, self.until - time.monotonic())))
        return time.monotonic() >= self.until

    def interrupt(self) -> None:
        self.interrupted = True


@pytest.fixture
def console(windows_signals, monkeypatch):
    """A console (a pseudo-terminal here) whose keys come from the fake msvcrt; select()
    refuses it, as Windows' select() refuses anything but a socket."""

    def sockets_only(*args, **kwargs):
        raise OSError(10038, "An operation was attempted on something that is not a socket")

    monkeypatch.setattr(select, "select", sockets_only)
    msvcrt = fresh("msvcrt")
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    controller, terminal = pty.openpty()
    keys = os.fdopen(terminal, "r")
    yield msvcrt, keys
    keys.close()
    os.close(controller)


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_the_last_words_are_waited_for_on_windows(console):
    """Before: select() on the console failed, which counted as a key: the voice was cut
    at once and the player heard nothing of quit's answer."""
    _, keys = console
    voice = Finishing(0.3)
    before = time.monotonic()
    assert let_finish([voice], 5.0, keys)
    assert 0.25 < time.monotonic() - before < 2.0
    assert not voice.interrupted


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_a_key_cuts_the_wait_on_windows(console):
    msvcrt, keys = console
    msvcrt.keys.extend(["x", "y"])
    voice = Finishing(30.0)
    before = time.monotonic()
    assert not let_finish([voice], 5.0, keys)
    assert time.monotonic() - before < 1.0
    assert voice.interrupted and msvcrt.keys == []  # read: they do not reach the shell
