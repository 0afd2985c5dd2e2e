"""Issue 29, items 8 to 12: pile heights in `tops`, the hidden cards by value, earlier
answers and the moves of this game, the screen-reader help topic, and the small ones.
Each aid says what is known, never what to play: no pair, trio or outcome is named."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.dealcode import Deal, DealCode, deal
from halfmoon_a11y.play.answers import HiddenShown, MovesShown, Refused, RepeatAsked
from halfmoon_a11y.play.commands import REPEAT_DEPTH, Help, Repeat, ShowHidden, parse
from halfmoon_a11y.play.errors import BadArgumentError, TooManyArgumentsError, UnknownTopicError
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.support import play, session_with, transcript

CODE = DealCode.parse("HM1-N-EMQPNCT")
SEED_MOVES = ["pick 1 8", "pick 8 5 3"]  # the seeds' first two moves on this deal

AIDS = {  # the aids in each language's words, with the refusals of item 12
    "en": ["hidden", "moves", *SEED_MOVES, "moves", "hidden", "set heights on", "tops",
           "info", "repeat", "repeat 3", "repeat 10", "repeat 11", "help xyz", "help pik",
           ".", "help screen reader", "set heights off", "tops"],
    "ca": ["amagades", "jugades", *SEED_MOVES, "historial", "am", "ajusta altures sí", "sobre",
           "info", "repeteix", "repeteix 3", "repeteix 10", "repeteix 11", "ajuda xyz",
           "ajuda tira", ".", "ajuda lector de pantalla", "ajusta altures no", "sobre"],
    "da": ["skjulte", "træk", *SEED_MOVES, "historik", "sk", "indstil højder til", "øverste",
           "info", "gentag", "gentag 3", "gentag 10", "gentag 11", "hjælp xyz", "hjælp vælj",
           ".", "hjælp skærmlæser", "indstil højder fra", "øverste"],
}  # fmt: skip


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_memory_aids(language, snapshot_text, clock):
    session = Session(CODE, Settings(language=language), now=clock)
    assert transcript(session, AIDS[language], start=False) == snapshot_text


# -- 9: what is still hidden, from public knowledge only ---------------------------------


def hidden_under(table: Deal, seed: int, keep: int = 3) -> Deal:
    """The same table but for the cards under the top `keep` of each pile, dealt again at
    random among themselves: what a player sees is the same until one of them comes up."""
    chance = random.Random(seed)
    under = [card for pile in table.piles for card in pile[:-keep]]
    chance.shuffle(under)
    piles, start = [], 0
    for pile in table.piles:
        low = len(pile) - keep
        piles.append((*under[start : start + low], *pile[-keep:]))
        start += low
    return Deal(tuple(piles), table.reserve)


def true_hidden(session: Session) -> dict[Rank, int]:
    """The ranks really under the tops (the truth, which the answer must not read)."""
    found = Counter(card.rank for pile in session.game._piles for card in pile[:-1])
    return {rank: found[rank] for rank in Rank}


def peeking(session: Session) -> tuple[tuple[Rank, ...], ...]:
    """What an aid that peeked would say: the values under each top, in order."""
    return tuple(tuple(card.rank for card in pile[:-1]) for pile in session.game._piles)


@pytest.mark.parametrize("seed", range(5))
def test_two_tables_that_differ_only_in_hidden_cards_give_the_same_answer(seed):
    truth = deal(CODE)
    other = hidden_under(truth, seed)
    assert other != truth  # the hidden cards differ
    one, two = session_with(truth, code=CODE), session_with(other, code=CODE)
    for line in ["hidden", *SEED_MOVES, "hidden"]:  # each pile uncovers two cards at most
        assert play(one, line) == play(two, line)
    assert peeking(one) != peeking(two)  # an aid that peeked would tell them apart...
    assert one.hidden() == two.hidden()  # ...this one cannot


def test_the_hidden_counts_are_the_cards_under_the_tops():
    session = Session(CODE)
    for line in ["hidden", *SEED_MOVES, "undo", "pick 1 2"]:
        play(session, line)
        assert dict(session.hidden()) == true_hidden(session)
    (event,) = play(session, "hidden")
    heights = [len(pile) for pile in session.game._piles]
    assert isinstance(event, HiddenShown) and event.total == sum(h - 1 for h in heights if h)


def test_hidden_names_no_move():
    session = Session(CODE)
    said = transcript(session, ["hidden"], start=False)
    assert "Still hidden, 84 cards. 8 aces, 6 twos" in said
    for word in ("pair", "trio", "play", "win", "blocked"):
        assert word not in said.lower()


# -- 8: pile heights in tops --------------------------------------------------------------


def test_tops_says_heights_only_with_the_setting():
    session = Session(CODE)
    play(session, "pick 1 8")
    plain = transcript(session, ["tops"], start=False)
    assert "with" not in plain and "Twos, piles 1, 4 and 7." in plain
    heights = transcript(session, ["set heights on", "tops"], start=False)
    assert "Twos, pile 1 with 7 cards, pile 4 with 8 cards and pile 7 with 8 cards." in heights
    assert "R2" in heights and "R2 with" not in heights  # a reserve slot holds one card


# -- 10: earlier answers and the moves of this game ----------------------------------------


def test_repeat_takes_a_number_up_to_the_depth():
    assert parse("repeat") == Repeat()
    assert parse("repeat 3") == Repeat(3)
    assert parse(f"gentag {REPEAT_DEPTH}") == Repeat(REPEAT_DEPTH)
    for bad in ("0", "11", "x", "-1", "٣"):
        with pytest.raises(BadArgumentError):
            parse(f"repeat {bad}")


def test_repeat_goes_back_and_says_how_far(clock):
    session = Session(CODE, now=clock)
    said = transcript(session, ["code", "info", "repeat 2", "repeat 2", "repeat 4"])
    assert said.count("\nDeal HM1-N-EMQPNCT.\n") == 3  # `code`, then twice two answers back
    assert said.count("2 answers back.") == 2  # a repeat is not kept: the same answer
    assert "Nothing that far back. Only 3 answers to repeat." in said  # the opening counts


def test_the_front_end_keeps_only_the_last_answers(clock):
    session = Session(CODE, now=clock)
    said = transcript(session, [*["code"] * REPEAT_DEPTH, "info", f"repeat {REPEAT_DEPTH}"])
    assert said.endswith(f"{REPEAT_DEPTH} answers back.\nDeal HM1-N-EMQPNCT.\n")


def test_moves_lists_the_last_ten_in_order():
    session = Session(CODE)
    (none,) = play(session, "moves")
    assert none == MovesShown((), 0)
    play(session, "pick 1 8")
    play(session, "pick 8 5 3")
    (shown,) = play(session, "moves")
    assert isinstance(shown, MovesShown)
    assert shown.total == 2 and shown.first == 1
    assert [len(move.cards) for move in shown.moves] == [2, 3]
    play(session, "undo")
    (shown,) = play(session, "moves")
    assert isinstance(shown, MovesShown)
    assert shown.total == 1  # an undone move is no longer one of this game's


def test_moves_is_bounded():
    from halfmoon_a11y.play.commands import MOVES_SAID

    session = Session(CODE)
    for _ in range(MOVES_SAID + 2):
        pair = next(p for p in _pairs(session))
        play(session, "pick " + " ".join(str(place) for place in pair))
    (shown,) = play(session, "moves")
    assert isinstance(shown, MovesShown)
    assert shown.total == MOVES_SAID + 2
    assert len(shown.moves) == MOVES_SAID and shown.first == 3
    assert shown.moves == session.game.history[2:]


def test_moves_with_a_number_says_that_many_of_the_last(clock):
    """Issue 41: a long answer in parts. `moves 3` says the last three, `moves 999` all,
    in any language; a number that is no count is refused, and nothing changes."""
    from halfmoon_a11y.play.commands import MOVES_SAID, ShowMoves

    assert parse("moves") == ShowMoves()
    assert parse("jugades 20") == ShowMoves(20)
    assert parse("træk 3") == ShowMoves(3)
    for bad in ("0", "x", "-1", "٣", "1000"):
        with pytest.raises(BadArgumentError):
            parse(f"moves {bad}")
    with pytest.raises(TooManyArgumentsError):
        parse("moves 1 2")
    session = Session(CODE, now=clock)
    for _ in range(MOVES_SAID + 2):
        pair = next(p for p in _pairs(session))
        play(session, "pick " + " ".join(str(place) for place in pair))
    (three,) = play(session, "moves 3")
    assert isinstance(three, MovesShown)
    assert three.moves == session.game.history[-3:] and three.first == MOVES_SAID
    (every,) = play(session, "moves 999")
    assert isinstance(every, MovesShown)
    assert every.moves == session.game.history and every.first == 1
    said = transcript(session, ["moves 2", "repeat", "moves 0"])
    assert said.count("12 moves. The last 2, oldest first.") == 2  # repeat: the part said
    assert "Not understood, 0. Type moves, or moves and a number, for example moves 20." in said
    assert len(session.game.history) == MOVES_SAID + 2


def _pairs(session: Session):
    from halfmoon_a11y.core.engine import can_pair

    cards = session.game.playable()
    for index, first in enumerate(cards):
        for second in cards[index + 1 :]:
            if can_pair(first.card, second.card):
                yield (first.location, second.location)


# -- 11 and 12: the help topic, an unknown topic, punctuation alone -------------------------


@pytest.mark.parametrize(
    ("line", "language"),
    [
        ("help screen-reader", "en"),
        ("help screen reader", "en"),
        ("h reader", "en"),
        ("ajuda lector de pantalla", "ca"),
        ("hjælp skærmlæser", "da"),
        ("hjælp punktskrift", "da"),
    ],
)
def test_the_screen_reader_topic_answers_to_its_words(line, language):
    assert parse(line, language) == Help("screen-reader")


def test_an_unknown_help_topic_names_the_topics():
    with pytest.raises(UnknownTopicError):
        parse("help xyz")
    session = Session(CODE)
    said = transcript(session, ["help xyz", "hjælp xyz"], start=False)
    topics = "No help on xyz. The topics are rules, keys, table and screen reader. Type help"
    assert said.count(topics) == 2
    assert "Unknown command" not in said


@pytest.mark.parametrize("line", [".", ",", "..", ";"])
def test_punctuation_alone_is_said_in_words(line):
    session = Session(CODE, Settings(language="da"))
    said = transcript(session, [line], start=False)
    assert "Der blev kun skrevet tegnsætning." in said
    assert ".." not in said.replace("> ..", "")


def test_new_answers_in_the_json_mode():
    mode = JsonMode(Session(CODE))
    mode.opened()
    (hidden,) = mode.reply("hidden")["events"]
    assert hidden["type"] == "hidden" and hidden["total"] == 84
    assert hidden["counts"][0] == {"rank": "A", "count": 8}
    assert hidden["message"].startswith("Still hidden, 84 cards.")
    mode.reply("pick 1 8")
    (moves,) = mode.reply("moves")["events"]
    assert moves["total"] == 1 and moves["moves"][0]["kind"] == "pair"
    events = mode.reply("repeat 2")["events"]
    assert events[0] == {"type": "repeat", "back": 2, "kept": 4, "message": "2 answers back."}
    assert events[1]["type"] == "removed"
    (refused,) = mode.reply("help xyz")["events"]
    assert refused["code"] == "unknown_topic"
    assert parse("hidden") == ShowHidden()
    assert RepeatAsked().back == 1 and isinstance(Refused(UnknownTopicError("x")), Refused)
