"""Issue 19: answers say the news first (the cards uncovered before the totals), and
`set answers short` says only the outcome and the cards uncovered; and `tops` reviews
the playable cards grouped by value."""

from __future__ import annotations

import io
import json

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import TopsShown
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import AnswerLength, Settings
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.ui.jsonmode import JsonMode
from halfmoon_a11y.voice import earcons
from tests.support import Clock, make_deal, play, session_with, transcript

SEED = "HM1-N-EMQPNCT"  # the seeds' deal: pick 1 8 is a pair, pile 8 then shows a jack


def said(commands: list[str], **settings: object) -> list[str]:
    session = Session(DealCode.parse(SEED), settings=Settings(**settings), now=Clock())
    return transcript(session, commands, start=False).splitlines()


def test_full_answers_say_the_uncovered_cards_before_the_totals():
    lines = said(["pick 1 8"])
    assert lines == [
        "> pick 1 8",
        "Pair removed, five of spades and six of diamonds. "
        "Pile 1, two of clubs, 7 cards. Pile 8, jack of clubs, 7 cards.",
        "Score 10, 102 cards left.",
    ]


def test_short_answers_say_the_outcome_and_the_cards_uncovered_then_nothing():
    lines = said(["pick 1 8", "pick 8 5 3", "undo", "info"], answers=AnswerLength.SHORT)
    assert lines == [
        "> pick 1 8",
        "Pair removed, five of spades and six of diamonds. "
        "Pile 1, two of clubs. Pile 8, jack of clubs.",
        "> pick 8 5 3",
        "Trio removed, jack of clubs, queen of hearts and king of hearts. "
        "Pile 8, eight of hearts. Pile 5, seven of hearts. Pile 3, king of clubs.",
        "> undo",
        "Undone, trio back in place, jack of clubs in pile 8, queen of hearts in pile 5 and "
        "king of hearts in pile 3.",
        "> info",  # the totals are here
        "Time 0 seconds. Score 10. 1 move. 102 cards left. Deal HM1 N, E, M, Q, P, N, C, T.",
    ]
    assert len(lines[1].split()) < 24  # the issue counted 24 to 28 words in full


@pytest.mark.parametrize(
    ("language", "line", "announced", "answer"),
    [
        ("en", "set answers short", "Answers, short.", "Pile 1, two of clubs."),
        ("ca", "ajusta respostes curtes", "Respostes, curtes.", "Pila 1, dos de trèvols."),
        ("da", "indstil svar korte", "Svar, korte.", "Bunke 1, klør to."),
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
    assert [event["type"] for event in events] == ["removed"]  # one removal, one value
    assert events[0]["score"] == 10 and events[0]["left"] == 102
    assert events[0]["uncovered"] == [
        {"type": "revealed", "location": "1", "card": "2C", "count": 7},
        {"type": "revealed", "location": "8", "card": "JC", "count": 7},
    ]
    counts = ", 7 cards" if length is AnswerLength.FULL else ""
    totals = " Score 10, 102 cards left." if length is AnswerLength.FULL else ""
    assert [event["message"] for event in events] == [
        "Pair removed, five of spades and six of diamonds. "
        f"Pile 1, two of clubs{counts}. Pile 8, jack of clubs{counts}.{totals}"
    ]
    json.dumps(events)


# -- tops: the playable cards by value ---------------------------------------------------

# Tops: 1 5S, 2 6D, 3 AH, 4 KH, 5 KS, 6 QH, 7 JC, 8 empty, 9 2H, 10 8S, 11 3D, 12 7D.
# Reserve: 4C, empty, 10S, AS, QD, 6H, JD, KD.
TOPS_TABLE = make_deal(
    ["9D 5S", "6D", "AH", "2C KH", "KS", "QH", "9C JC", "", "2H", "9S 8S", "3D", "7D"],
    ["4C", "-", "10S", "AS", "QD", "6H", "JD", "KD"],
)
TOPS_SAID = {
    "en": [
        "Aces, pile 3 and R4. Twos, pile 9. Threes, pile 11. Fours, R1. Fives, pile 1. "
        "Sixes, pile 2 and R6. Sevens, pile 12. Eights, pile 10. Tens, R3. Jacks, pile 7 and R7. "
        "Queens, pile 6 and R5. Kings, piles 4 and 5, R8.",
        "Empty, pile 8 and reserve R2.",
    ],
    "ca": [
        "Asos, pila 3 i R4. Dosos, pila 9. Tresos, pila 11. Quatres, R1. Cincs, pila 1. "
        "Sisos, pila 2 i R6. Sets, pila 12. Vuits, pila 10. Deus, R3. Sotes, pila 7 i R7. "
        "Dames, pila 6 i R5. Reis, piles 4 i 5, R8.",
    ],
    "da": [
        "Esser, bunke 3 og R4. Toere, bunke 9. Treere, bunke 11. Firere, R1. Femmere, bunke 1. "
        "Seksere, bunke 2 og R6. Syvere, bunke 12. Ottere, bunke 10. Tiere, R3. "
        "Knægte, bunke 7 og R7. Damer, bunke 6 og R5. Konger, bunker 4 og 5, R8.",
    ],
}


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("en", "tops"),
        ("en", "t"),
        ("ca", "jugables"),
        ("ca", "j"),
        ("ca", "sobre"),
        ("da", "øverste"),
        ("da", "ø"),
    ],
)
def test_tops_says_the_playable_cards_by_value_in_each_language(language, typed):
    session = session_with(TOPS_TABLE, settings=Settings(language=language))
    lines = transcript(session, [typed], start=False).splitlines()[1:]
    assert lines[0] == TOPS_SAID[language][0]  # ace first, king last; no nine is shown
    assert len(lines) == 2 and lines[1].startswith(("Empty,", "Buides,", "Buida", "Tom"))


def test_tops_names_no_move_and_changes_nothing():
    session = session_with(TOPS_TABLE)
    play(session, "pick 1")
    before = session.view()
    [event] = play(session, "tops")
    assert isinstance(event, TopsShown) and session.view() == before
    said = " ".join(Presenter().render(event))
    assert "combine" not in said and "pair" not in said.lower() and "trio" not in said.lower()


def test_tops_in_json_groups_the_places_by_rank():
    mode = JsonMode(session_with(TOPS_TABLE), io.StringIO())
    [event] = mode.reply("tops")["events"]
    assert event["type"] == "tops"
    assert event["groups"][0] == {"rank": "A", "places": ["3", "R4"]}
    assert event["groups"][-1] == {"rank": "K", "places": ["4", "5", "R8"]}
    assert [group["rank"] for group in event["groups"]] == [
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "10",
        "J",
        "Q",
        "K",
    ]
    assert event["empty"] == ["8", "R2"]
    assert event["message"] == " ".join(TOPS_SAID["en"])


@pytest.mark.parametrize(
    ("language", "listed"),
    [("en", "tops or t."), ("ca", "jugables o j."), ("da", "øverste eller ø.")],
)
def test_help_tops_names_it_with_its_short_form(language, listed):
    session = session_with(TOPS_TABLE, settings=Settings(language=language))
    local = listed.split()[0]
    assert listed in transcript(session, [f"help {local}"], start=False)


def test_tops_has_no_sound():
    assert earcons.for_events([TopsShown(())]) is None
