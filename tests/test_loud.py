"""A bug the game's safety net catches fails the test that met it (tests/loud.py).

Before, a bug in a command became one polite sentence in every front end, and the
tests that drive one passed over it: with every command's handler made to raise, the
Hypothesis test of the JSON mode still passed. Now the nets are watched in every test,
and each command's handler, made to raise, fails at least one test of the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.loud import Nets, judge
from tests.plant import VARIABLE, handlers

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.expects_bug
def test_a_bug_in_a_turn_is_caught_and_seen_by_the_test(loud, monkeypatch):
    from halfmoon_a11y.play import commands

    def broken(session, command):
        raise RuntimeError("a bug in info")

    monkeypatch.setitem(commands._HANDLERS, commands.Info, broken)
    mode = JsonMode(Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0))
    mode.start()
    [event] = mode.reply("info")["events"]
    assert event["code"] == "internal"  # the player hears one sentence; the game goes on
    assert [str(error) for error in loud.caught] == ["a bug in info"]


def test_a_caught_bug_fails_a_test_that_did_not_expect_one(tmp_path):
    nets = Nets(tmp_path)
    nets.caught.append(RuntimeError("a bug"))
    with pytest.raises(pytest.fail.Exception, match="safety net caught a bug"):
        judge(nets, expected=False)
    judge(nets, expected=True)


def test_an_errors_log_a_program_wrote_fails_the_test(tmp_path):
    log = tmp_path / "xdg_state_home" / "halfmoon-a11y" / "errors.log"
    log.parent.mkdir(parents=True)
    log.write_text("Traceback (most recent call last):\nRuntimeError: a bug\n")
    with pytest.raises(pytest.fail.Exception, match="RuntimeError: a bug"):
        judge(Nets(tmp_path), expected=False)
    log.unlink()  # this test's own net: nothing left for it to catch


def test_a_test_marked_for_a_bug_that_meets_none_fails(tmp_path):
    with pytest.raises(pytest.fail.Exception, match="no bug was caught"):
        judge(Nets(tmp_path), expected=True)


# The files whose tests, between them, run every handler in this process; quick ones.
CANARIES = [  # quick ones first: -x stops at the first failure
    "tests/test_answers.py",  # tops: no transcript says it, and Hypothesis need not type it
    "tests/test_redo.py",  # redo in each language
    "tests/test_won_games.py",  # stats, with a store of its own
    "tests/test_wording.py",  # with test_redo and test_tab_completion, once one file
    "tests/test_tab_completion.py",
    "tests/test_memory_aids.py",  # hidden and moves (issue 29)
    "tests/test_transcripts.py",
    "tests/test_keys.py",
    "tests/test_hostile_input.py",
]


# The canary that meets each handler first (found by running them all, in the order
# above): tried alone, it is caught in a second or two, where the whole list took up to
# 12 s (an empty line is met only by test_hostile_input's Hypothesis test). Should the
# canary stop meeting its handler, the whole list runs: the test is slower, not weaker.
MEETS = {
    "blank": "tests/test_hostile_input.py",
    "board": "tests/test_transcripts.py",
    "code": "tests/test_memory_aids.py",
    "drop": "tests/test_keys.py",
    "help": "tests/test_answers.py",
    "hidden": "tests/test_memory_aids.py",
    "info": "tests/test_answers.py",
    "lang": "tests/test_answers.py",
    "moves": "tests/test_memory_aids.py",
    "new": "tests/test_won_games.py",
    "pick": "tests/test_answers.py",
    "pile": "tests/test_transcripts.py",
    "quit": "tests/test_won_games.py",
    "redo": "tests/test_redo.py",
    "repeat": "tests/test_memory_aids.py",
    "reserve": "tests/test_transcripts.py",
    "selection": "tests/test_transcripts.py",
    "set": "tests/test_answers.py",
    "speech": "tests/test_answers.py",
    "stats": "tests/test_won_games.py",
    "tops": "tests/test_answers.py",
    "undo": "tests/test_answers.py",
}


def planted_run(name: str, files: list[str]) -> subprocess.CompletedProcess[str]:
    """pytest on `files` with the handler of `name` made to raise, to the first failure."""
    pytest = [sys.executable, "-m", "pytest", "-p", "tests.plant", "-p", "no:cacheprovider"]
    return subprocess.run(
        [*pytest, "-x", "-q", "-n", "0", *files],
        cwd=ROOT,
        env={**os.environ, VARIABLE: name},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_each_handler_has_its_canary():
    assert sorted(MEETS) == sorted(handlers())
    assert set(MEETS.values()) <= set(CANARIES)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(handlers()))
def test_a_bug_planted_in_any_handler_fails_the_suite(name, tmp_path):
    """The suite's own test: each handler in turn made to raise (tests/plant.py), some
    test fails, and says which bug."""
    caught = f"a bug planted in the handler of {name}"
    done = planted_run(name, [MEETS[name]])
    if caught not in done.stdout:  # the canary no longer meets it: every canary, then
        done = planted_run(name, CANARIES)
    assert done.returncode == 1, done.stdout[-3000:]
    assert caught in done.stdout, done.stdout[-3000:]
