"""The signal wakeup pipe's "Exception ignored" never reaches the screen (`ui.wakeup`);
the whole flood, in a terminal, is tests/test_signal_floods.py."""

from __future__ import annotations

import subprocess
import sys
import types

import pytest

from halfmoon_a11y.ui.wakeup import drop_full_pipe_reports


def test_only_the_full_pipe_report_is_dropped(monkeypatch):
    passed: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda found: passed.append(found.err_msg))
    drop_full_pipe_reports()
    drop_full_pipe_reports()  # once: not wrapped twice
    full = "Exception ignored when trying to write to the signal wakeup fd"
    sys.unraisablehook(types.SimpleNamespace(err_msg=full))
    sys.unraisablehook(types.SimpleNamespace(err_msg="Exception ignored in: <x>"))
    assert passed == ["Exception ignored in: <x>"]


FLOOD = """
import asyncio, os, signal, sys
from halfmoon_a11y.ui.wakeup import quiet_wakeup

def flood():
    for _ in range(3000):  # the loop is busy: nothing empties its pipe meanwhile
        os.kill(os.getpid(), signal.SIGWINCH)

async def main():
    loop = asyncio.get_running_loop()
    if sys.argv[1] == "quiet":
        quiet_wakeup(loop)
    loop.add_signal_handler(signal.SIGWINCH, lambda: None)  # asyncio sets the pipe here
    flood()
    await asyncio.sleep(0.05)
    loop.remove_signal_handler(signal.SIGWINCH)

asyncio.run(main())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGWINCH, no signal handlers in asyncio")
@pytest.mark.parametrize("how", ["quiet", "as_asyncio_has_it"])
def test_a_full_pipe_writes_nothing(how):
    done = subprocess.run(
        [sys.executable, "-c", FLOOD, how], capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    if how == "quiet":
        assert done.stderr == ""
    else:  # the test can fail: asyncio's own pipe says so, many times
        assert done.stderr.count("signal wakeup fd") > 10
