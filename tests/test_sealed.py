"""The tests never read the machine's own processes (issue 25, "sealed").

A blind contributor runs the tests with a screen reader on. Before, the game's check
found the contributor's real Orca and went silent in the tests that wanted its own
voice, and one test planted a real process named orca, seen by every other process on
the machine. Now each test has its own process list (tests/processes.py), read in place
of /proc and listed by the stand-in `ps` and `tasklist`; the programs a test starts
read the same list.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from halfmoon_a11y.voice import screen_reader as check
from tests.processes import VARIABLE


def test_each_test_has_its_own_empty_process_list(processes, tmp_path):
    assert Path(os.environ[VARIABLE]) == processes.folder
    assert processes.folder.is_relative_to(tmp_path)
    assert processes.names() == []
    assert check.screen_reader() is None


def test_a_screen_reader_started_in_the_list_is_found_and_stopped_is_gone(processes):
    orca = processes.start("orca")
    assert check.screen_reader() == "Orca"
    processes.stop(orca)
    assert check.screen_reader() is None


def test_a_reader_run_as_a_script_is_found_by_its_script(processes):
    processes.start("python3", "/usr/bin/orca", "--replace")
    assert check.screen_reader() == "Orca"


@pytest.mark.parametrize(
    ("system", "name", "reader"),
    [
        ("windows", "nvda.exe", "NVDA"),
        ("windows", "jfw.exe", "JAWS"),
        (
            "macos",
            "/System/Library/CoreServices/VoiceOver.app/Contents/MacOS/VoiceOver",
            "VoiceOver",
        ),
        ("linux", "nvda.exe", None),  # another system's reader is not this one's
    ],
)
def test_the_stand_in_ps_and_tasklist_list_the_same_processes(
    system, name, reader, processes, pretend_system
):
    """Where the game runs `ps` or `tasklist` (macOS, Windows), it gets the test's list,
    parsed as the real commands' output is (macOS's `ps` gives whole paths)."""
    pretend_system(system)
    processes.start("explorer.exe")
    processes.start(name)
    assert check.screen_reader() == reader


def test_no_real_process_list_is_read_even_where_there_is_no_proc(processes, monkeypatch):
    """With no /proc, Linux asks `ps`: the stand-in's answer, never the machine's."""
    processes.start("fenrir")
    assert check.screen_reader(Path("/nonexistent")) == "Fenrir"


def test_the_real_program_sees_the_tests_screen_reader(processes, tmp_path):
    """A program a test starts reads the same list: with Orca in it, the real game at a
    terminal says that the screen reader speaks."""
    processes.start("orca")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "halfmoon_a11y", "--code", "HM1-N-EMQPNCT", "--lang", "en"],
        env={**os.environ, "TERM": "xterm-256color"},
        timeout=60,
        dimensions=(40, 200),
        encoding="utf-8",
    )
    try:
        child.expect("Voice, your screen reader, Orca. The game stays silent.")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
