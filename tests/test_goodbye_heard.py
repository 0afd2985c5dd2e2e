"""The goodbye heard whole under a terminal screen reader: a reader reads the screen a
moment after it is written, and when the program ended at once, the window closed (or
the shell wrote its prompt) first. At a terminal the program stays up to LINGER_SECONDS
after its goodbye, and a key ends that at once; in a pipe it leaves at once."""

from __future__ import annotations

import io
import os
import random
import sys
import time

import pexpect
import pytest

from halfmoon_a11y.voice.leaving import LINGER_SECONDS
from tests.screen_model import expect_prompt

pytestmark = pytest.mark.slow  # the real program in a terminal

GOODBYE = b"Goodbye."
READER_PERIOD = 0.1  # a reader that looks at the screen every tenth of a second


def spawned() -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "halfmoon_a11y", "--code", "HM1-N-EMQPNCT", "--no-speech", "--no-sounds"],
        env={**env, "HALFMOON_A11Y_LANG": "en"},
        timeout=20,
        dimensions=(24, 80),
    )
    child.delaybeforesend = None
    return child


def goodbye_to_end(child: pexpect.spawn, key: str | None = None) -> float:
    """Seconds from the goodbye on the screen to the program's end (its terminal closed)."""
    expect_prompt(child)
    child.send("quit\r")
    child.expect(GOODBYE)
    written = time.monotonic()
    if key is not None:
        child.send(key)
    child.expect(pexpect.EOF)
    return time.monotonic() - written


def test_a_reader_that_looks_now_and_then_hears_the_goodbye_20_times_of_20():
    heard = 0
    for _ in range(20):
        child = spawned()
        try:
            stays = goodbye_to_end(child)
        finally:
            child.close(force=True)
        first_look = random.uniform(0, READER_PERIOD)  # the reader's own rhythm
        heard += first_look < stays
        assert stays < LINGER_SECONDS + 1.0  # bounded: leaving is not slow
    assert heard == 20


def test_a_key_ends_the_linger_at_once():
    child = spawned()
    try:
        assert goodbye_to_end(child, key="x") < LINGER_SECONDS * 0.8
    finally:
        child.close(force=True)


def test_in_a_pipe_nothing_lingers():
    from halfmoon_a11y.voice.leaving import linger

    began = time.monotonic()
    linger(5.0, out=io.StringIO())  # a pipe or a file: no reader reads it later
    assert time.monotonic() - began < 0.5
