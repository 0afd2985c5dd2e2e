"""Issue 26, finding 3: a signal during the goodbye. SIGTERM, SIGHUP or a closed window
while the voice says the answer to `quit` ended the game at once, and the audio player
played on (for good, if it hung) with the speech folder left behind: the signals were
held in the main thread only, and a voice thread took them. Now they wait for the end of
leaving, whichever thread takes them: the goodbye is heard (bounded, as always), the
voice is closed, its player ended and its folder removed, and the game exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from halfmoon_a11y.voice.choose import engine_available
from halfmoon_a11y.voice.leaving import FINISH_SECONDS
from tests.screen_model import expect_prompt, expect_typed
from tests.support import wait_for
from tests.test_leaving import after, spawn


def test_a_signal_another_thread_takes_while_leaving_waits():
    """The voice's thread is started before leaving, as the game's is: the signal sent to
    the process goes to it, not to the main thread that holds it."""
    code = (
        "import os, signal, threading, time\n"
        "from halfmoon_a11y.ui.world import Leaving\n"
        "leaving = Leaving()\n"
        "from halfmoon_a11y.ui.loop import hold_signals\n"
        "signal.signal(signal.SIGTERM, leaving.on_signal)\n"
        "threading.Thread(target=time.sleep, args=(5,), daemon=True).start()\n"
        "hold_signals()\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "time.sleep(0.3)  # leaving takes a while: the SIGTERM waits for its end\n"
        "print('closed cleanly')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=20, check=False
    )
    assert done.stdout == "closed cleanly\n" and done.returncode == 0


def players_running(tmp_path: Path) -> list[int]:
    """The stand-in players of this test still running: this test's own children, read
    from /proc (Linux), never another process of the machine."""
    mine = str(tmp_path / "played.log")
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            words = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if mine.encode() in words:
            found.append(int(entry))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")
@pytest.mark.parametrize("signum", [15, 1])
def test_a_signal_during_the_goodbye_ends_nothing_too_soon_and_leaves_nothing(tmp_path, signum):
    child = spawn(tmp_path, "--speech", "--lang", "ca", rate=80)
    expect_prompt(child)
    child.send("quit")
    expect_typed(child, "quit")
    asked = time.time()
    child.send("\r")
    assert wait_for(lambda: after(tmp_path, asked), 30)  # the goodbye begins
    time.sleep(0.6)
    child.kill(signum)
    sent = time.monotonic()
    child.expect(pexpect.EOF, timeout=FINISH_SECONDS + 10)
    child.close()
    waited = time.monotonic() - sent
    assert child.exitstatus == 0, (child.exitstatus, child.signalstatus)
    assert waited > 0.3  # the goodbye went on: the signal waited (it ended in 0.6 to 0.75 s)
    assert wait_for(lambda: not players_running(tmp_path), 5), players_running(tmp_path)
    speech = tmp_path / "xdg_cache_home" / "halfmoon-a11y" / "speech"
    assert not list(speech.glob("speech-*")) if speech.exists() else True
    said = after(tmp_path, asked)
    assert said and said[0][0] == "start"


def test_a_signal_during_the_import_of_threading_still_ends_the_game_after_its_save():
    """Red team, issue 39 (seen in CI): a kill came while the main thread was importing
    `threading` for a result's first wait; the handler's own `import threading` got the
    half-made module, its watchdog failed, and the game wrote a bug. The watchdog now
    uses the built-in `_thread`: with `threading` half made, the last save still runs and
    the process still ends by the watchdog's deadline."""
    code = (
        "import os, signal, sys, time, types\n"
        "from halfmoon_a11y.ui import world\n"
        "world.WATCHDOG_SECONDS = 0.05\n"
        "sys.modules['threading'] = types.ModuleType('threading')  # half made: no Thread\n"
        "leaving = world.Leaving()\n"
        "leaving.last_words.append(lambda: print('saved', flush=True))\n"
        "signal.signal(signal.SIGTERM, leaving.on_signal)\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    time.sleep(5)\n"
        "except SystemExit:\n"
        "    time.sleep(5)  # the watchdog ends the process before this does\n"
        "print('not ended', flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=20, check=False
    )
    assert done.stdout == "saved\n", done.stderr
    assert done.returncode == 0
