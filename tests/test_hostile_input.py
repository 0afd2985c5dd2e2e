"""No line, however malformed, raises or changes the game when refused."""

import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import Refused
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.engine_state import hidden_snapshot
from tests.support import play

words = st.sampled_from(
    [
        "pick",
        "PICK",
        "undo",
        "new",
        "pile",
        "set",
        "lang",
        "help",
        "tria",
        "vælg",
        "speech",
        "stats",
        "info",
        "board",
        "r1",
        "12",
        "hm1-n-",
    ]
)
lines = st.one_of(
    st.text(),  # any Unicode, control characters and NUL included
    st.text(alphabet=st.characters(codec="utf-8"), max_size=2000),
    st.lists(st.one_of(words, st.text(max_size=6)), max_size=6).map(" ".join),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, min_size=1, max_size=12))
def test_any_line_gets_an_answer_and_a_refusal_changes_nothing(script):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0)
    play(session, "pick 1")
    presenters = [Presenter(Words(language)) for language in ("ca", "da", "en")]
    for line in script:
        before = (hidden_snapshot(session.game), session.settings, str(session.code))
        events = play(session, line)
        if line.split():
            assert events, repr(line)
        for presenter in presenters:
            for text in presenter.render_all(events):
                assert isinstance(text, str)
                assert len(text) < 2000
        if events and all(isinstance(e, Refused) for e in events):
            assert (hidden_snapshot(session.game), session.settings, str(session.code)) == before


@settings(max_examples=100, deadline=None)
@given(st.lists(lines, max_size=8))
def test_the_json_mode_answers_every_line(script):
    mode = JsonMode(Session(DealCode.parse("HM1-N-AAAAAAB"), now=lambda: 0.0))
    mode.start()
    for line in script:
        answer = mode.reply(line)
        assert set(answer) == {"events", "state"}
        # a bug caught by the safety net is an answer too: not one of these
        assert not [e for e in answer["events"] if e.get("code") == "internal"], (line, answer)


def test_invalid_utf8_and_nul_bytes_in_plain_mode():
    data = b"\xff\xfe\n\x00\x00pick 1\x00\npick 1\n" + b"x" * 1_000_000 + b"\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", "HM1-N-EMQPNCT"],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == b""
    out = done.stdout.decode()
    assert "Selected, five of spades in pile 1." in out
    assert out.count("Unknown command") == 2
    assert out.count("Too long. A command has at most 1000 characters.") == 1  # the 1 MB line
    assert max(len(line) for line in out.splitlines()) < 300


# Issue 26, finding 9: `pick 4 7` and carriage returns up to the cut (LINE_BYTES in all),
# then more of the line. Every trailing "\r" of the cut line was stripped, leaving
# `pick 4 7`, and it was played.
CUT_LINE = b"pick 4 7" + b"\r" * 3998 + b" and more after the cut\n"


def run_program(mode: str, data: bytes) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", mode, "--code", "HM1-N-EMQPNCT", "--lang", "en"],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == b""
    return done.stdout.decode()


def test_a_cut_line_is_refused_whole_in_plain_mode_whatever_stripping_leaves():
    out = run_program("--plain", CUT_LINE + b"pile 5\nquit\n")
    assert out.count("Too long. A command has at most 1000 characters. Nothing was done.") == 1
    assert "Selected" not in out and "Removed" not in out
    assert "Pile 5, queen of hearts, 8 cards." in out  # the next line is read as ever


def test_a_cut_line_is_refused_whole_in_the_json_mode_whatever_stripping_leaves():
    import json

    out = run_program("--json", CUT_LINE + b"pile 5\nquit\n")
    opening, refusal, pile, _ = (json.loads(line) for line in out.splitlines())
    assert [(e["type"], e["code"]) for e in refusal["events"]] == [("error", "line_too_long")]
    assert refusal["state"] == opening["state"]  # nothing picked
    assert pile["events"][0]["type"] == "pile"


def test_the_json_mode_takes_one_line_end_off_and_no_more():
    mode = JsonMode(Session(DealCode.parse("HM1-N-EMQPNCT"), now=lambda: 0.0))
    mode.start()
    refused = mode.reply("pick 4 7" + "\r" * 3998 + "\r\n")
    assert [e["code"] for e in refused["events"]] == ["line_too_long"]
    assert mode.reply("pile 5\r\n")["events"][0]["type"] == "pile"
