"""Issue 18, point 7: no input line, terminal report or history file can stall, grow or
crash the game."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play import commands
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.commands import LINE_LIMIT, ShowPile, parse
from halfmoon_a11y.play.errors import LineTooLongError
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.plain import LINE_BYTES, lines_from
from tests.engine_state import hidden_snapshot
from tests.support import play

HUNDRED_MB = 100 * 1024 * 1024

# -- a line too long -------------------------------------------------------------------


def test_a_line_over_the_limit_is_refused_whole():
    with pytest.raises(LineTooLongError) as refused:
        parse("pile 5" + " " * LINE_LIMIT)
    assert refused.value.code == "line_too_long"
    assert refused.value.limit == LINE_LIMIT


def test_a_line_at_the_limit_is_still_a_command():
    assert parse("pile 5".ljust(LINE_LIMIT)) == ShowPile(Location.parse("5"))


def test_a_refused_long_line_changes_nothing_and_is_said_in_every_language():
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0)
    play(session, "pick 1")
    before = (hidden_snapshot(session.game), session.settings)
    events = play(session, "1 " * LINE_LIMIT)
    assert [type(event) for event in events] == [Refused]
    assert (hidden_snapshot(session.game), session.settings) == before
    said = {lang: Presenter(Words(lang)).render_all(events) for lang in ("en", "ca", "da")}
    assert said["en"] == ["Too long: a command has at most 1000 characters. Nothing was done."]
    assert said["ca"][0].startswith("Massa llarg")
    assert said["da"][0].startswith("For lang")


def test_did_you_mean_never_hands_a_long_word_to_difflib(monkeypatch):
    import difflib

    def refuse(*args, **kwargs):
        raise AssertionError("difflib was asked about a word no name can be close to")

    monkeypatch.setattr(difflib, "get_close_matches", refuse)
    assert commands._close_to("x" * 900, "en") is None


def test_did_you_mean_still_suggests_a_close_name():
    assert commands._close_to("undp", "en") == "undo"
    assert commands._close_to("hepl", "en") == "help"


class Endless(io.RawIOBase):
    """`size` bytes of one line, then the lines after it: made as they are read, so the
    test itself never holds the long line. `largest`: the most bytes asked at once."""

    def __init__(self, size: int, after: bytes) -> None:
        self.left = size
        self.after = after
        self.largest = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        self.largest = max(self.largest, len(buffer))
        if self.left > 0:
            count = min(len(buffer), self.left)
            buffer[:count] = b"x" * count
            self.left -= count
            return count
        count = min(len(buffer), len(self.after))
        buffer[:count] = self.after[:count]
        self.after = self.after[count:]
        return count


def test_an_over_long_line_is_read_bounded_and_the_lines_after_it_come_through():
    raw = Endless(20 * 1024 * 1024, b"\npick 1\nquit\n")
    lines = list(lines_from(io.BufferedReader(raw)))
    assert len(lines) == 3
    assert LINE_LIMIT < len(lines[0]) <= LINE_BYTES
    assert lines[1:] == ["pick 1", "quit"]
    with pytest.raises(LineTooLongError):
        parse(lines[0])


def test_a_cut_line_of_wide_characters_is_still_too_long():
    """The first LINE_BYTES of a long line decode to more than LINE_LIMIT characters,
    even when every character takes 4 bytes and the cut falls inside one."""
    line = ("\U0001f0a1" * 5000).encode() + b"\nquit\n"
    for skip in range(4):  # the cut at each byte of a character
        lines = list(lines_from(io.BytesIO(line[skip:])))
        assert len(lines[0]) > LINE_LIMIT
        assert lines[1] == "quit"


def test_a_line_of_exactly_the_limit_in_wide_characters_is_read_whole():
    line = "\U0001f0a1" * LINE_LIMIT
    assert list(lines_from(io.BytesIO(line.encode() + b"\r\nquit\n"))) == [line, "quit"]


# Runs the game and feeds it. A process's peak memory counts the memory of the process it
# was forked from (Linux keeps the high-water mark across exec): the game is started by
# this small process, not by pytest, whose own size would be counted.
FEEDER = """
import json, os, resource, subprocess, sys, threading, time
size, after, args = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3:]
read_end, write_end = os.pipe()
started = time.monotonic()
game = subprocess.Popen([sys.executable, "-m", "halfmoon_a11y", *args], stdin=read_end,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(read_end)

def feed():
    chunk = b"y" * (1024 * 1024)
    try:
        with os.fdopen(write_end, "wb") as pipe:
            for _ in range(size // len(chunk)):
                pipe.write(chunk)
            pipe.write(after)
    except BrokenPipeError:
        pass

threading.Thread(target=feed, daemon=True).start()
try:
    out, err = game.communicate(timeout=30)
except subprocess.TimeoutExpired:
    game.kill()
    out, err = game.communicate()
seconds = time.monotonic() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"out": out.decode(), "err": err.decode(), "status": game.returncode,
                  "seconds": seconds, "peak": peak}))
"""


def run_with_a_huge_line(args: list[str], after: str) -> tuple[str, float, int]:
    """The real program fed 100 MB of one line, then `after`: its output, the seconds it
    took and its peak memory in bytes. Killed after 30 s."""
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run(
        [sys.executable, "-c", FEEDER, str(HUNDRED_MB), after, *args],
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["seconds"] < 30, "a 100 MB line held the game more than 30 s"
    assert result["status"] == 0, result["err"]
    assert result["err"] == ""
    return result["out"], result["seconds"], result["peak"]


def test_a_100_mb_line_in_plain_mode_is_refused_at_once_and_the_game_goes_on():
    out, elapsed, peak = run_with_a_huge_line(
        ["--plain", "--code", "HM1-N-EMQPNCT", "--lang", "en"], "\npick 1\nquit\n"
    )
    assert "Too long: a command has at most 1000 characters. Nothing was done." in out
    assert "Selected: five of spades, pile 1." in out
    assert elapsed < 10, elapsed
    assert peak < 100 * 1024 * 1024, peak
    print(f"plain: {elapsed:.2f} s, peak {peak / 2**20:.0f} MB")


def test_a_100_mb_line_in_the_json_mode_is_refused_at_once_and_the_game_goes_on():
    out, elapsed, peak = run_with_a_huge_line(
        ["--json", "--code", "HM1-N-EMQPNCT", "--lang", "en"], "\npick 1\nquit\n"
    )
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == 4  # the opening, the refusal, pick 1, quit
    refusal = objects[1]["events"]
    assert [(e["type"], e["code"]) for e in refusal] == [("error", "line_too_long")]
    assert refusal[0]["message"].startswith("Too long")
    assert objects[2]["events"][0]["type"] == "selected"
    assert elapsed < 10, elapsed
    assert peak < 100 * 1024 * 1024, peak
    print(f"json: {elapsed:.2f} s, peak {peak / 2**20:.0f} MB")
