"""Issue 19: answers say the news first (the cards uncovered before the totals), and
`set answers short` says only the outcome and the cards uncovered; and `tops` reviews
the playable cards grouped by value."""

from __future__ import annotations

import io
import json

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import AnswerLength, Settings
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.support import transcript

SEED = "HM1-N-EMQPNCT"  # the seeds' deal: pick 1 8 is a pair, pile 8 then shows a jack


def said(commands: list[str], **settings: object) -> list[str]:
    session = Session(DealCode.parse(SEED), settings=Settings(**settings))
    return transcript(session, commands, start=False).splitlines()


def test_full_answers_say_the_uncovered_cards_before_the_totals():
    lines = said(["pick 1 8"])
    assert lines == [
        "> pick 1 8",
        "Pair removed: five of spades and six of diamonds. "
        "Pile 1: two of clubs, 7 cards. Pile 8: jack of clubs, 7 cards.",
        "Score 10, 102 cards left.",
    ]


def test_short_answers_say_the_outcome_and_the_cards_uncovered_then_nothing():
    lines = said(["pick 1 8", "pick 8 5 3", "undo", "info"], answers=AnswerLength.SHORT)
    assert lines == [
        "> pick 1 8",
        "Pair removed: five of spades and six of diamonds. "
        "Pile 1: two of clubs. Pile 8: jack of clubs.",
        "> pick 8 5 3",
        "Trio removed: jack of clubs, queen of hearts and king of hearts. "
        "Pile 8: eight of hearts. Pile 5: seven of hearts. Pile 3: king of clubs.",
        "> undo",
        "Undone: trio back in place: jack of clubs, pile 8; queen of hearts, pile 5; "
        "king of hearts, pile 3.",
        "> info",  # the totals are here
        "Time 0 seconds. Score 10. 1 move. 102 cards left. Deal HM1-N-EMQPNCT.",
    ]
    assert len(lines[1].split()) < 24  # the issue counted 24 to 28 words in full


@pytest.mark.parametrize(
    ("language", "line", "announced", "answer"),
    [
        ("en", "set answers short", "Answers: short.", "Pile 1: two of clubs."),
        ("ca", "ajusta respostes curtes", "Respostes: curtes.", "Pila 1: dos de trèvols."),
        ("da", "indstil svar korte", "Svar: korte.", "Bunke 1: klør to."),
    ],
)
def test_each_language_sets_short_answers_in_its_own_words(language, line, announced, answer):
    lines = said([line, "pick 1 8"], language=language)
    assert lines[1].startswith(announced)
    assert answer in lines[3]
    assert len(lines) == 4  # one line for the move: no totals


@pytest.mark.parametrize("length", list(AnswerLength))
def test_json_messages_follow_the_setting_and_the_order(length):
    session = Session(DealCode.parse(SEED), settings=Settings(answers=length))
    mode = JsonMode(session, io.StringIO())
    events = mode.reply("pick 1 8")["events"]
    assert [event["type"] for event in events] == ["removed", "revealed", "revealed"]
    assert events[0]["score"] == 10 and events[0]["left"] == 102  # the events are unchanged
    messages = [event["message"] for event in events]
    counts = ", 7 cards" if length is AnswerLength.FULL else ""
    totals = " Score 10, 102 cards left." if length is AnswerLength.FULL else ""
    assert messages == [
        "Pair removed: five of spades and six of diamonds.",
        f"Pile 1: two of clubs{counts}.",
        f"Pile 8: jack of clubs{counts}.{totals}",
    ]
    json.dumps(events)
