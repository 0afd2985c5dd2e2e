"""Whole text transcripts, one per language, pinned as plain text snapshots."""

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from tests.support import make_deal, play, session_with, transcript

EXAMPLE_GAME = [
    "pile 1",
    "pick 1 8",  # the seeds' first move: a pair, pile 8 shows the jack of clubs
    "pick 8 5 3",  # the seeds' second move: a trio
    "info",
    "repeat",
    "pick 3",  # a king selected, then forgotten
    "selection",
    "pick 1 6",  # a whole move: the king is dropped first, and the pair removed
    "pick 5",
    "undo",  # the seven of hearts is let go, and the pair comes back
    "pick R8 R1",  # a half-built trio, named whole
    "selection",
    "info",
    "pick R1",
    "pick R8",
    "pick 1 2",  # two number cards that do not add up to 11: cleared, no explanation
    "set move-errors on",
    "pick 1 2",  # now with the sum message
    "pick 3 1",  # a face card then a number card: the trio message
    "pick 3 R6",  # two kings in one whole move: it fails, nothing stays selected
    "pick 3",
    "pick R6",  # two kings tap by tap: the second stays selected, the trio message
    "pick R6",  # deselect
    "set placement-help on",
    "pick 6",
    "board",
    "pick 6",
    "set placement-help off",
    "set move-errors off",
    "pick 4 4",
    "pick 13",
    "pick R2 1 99",
    "pile R1",
    "reserve",
    "undo",
    "undo",
    "undo",
    "code",
    "set cards short",
    "pile 3",
    "set cards letters",  # for braille: a suit letter of the player's language
    "pile 3",
    "board",
    "set cards full",
    "help",
    "help pick",
    "new HM1-N-AAAA",
    "frobnicate",
    "pick",
    "undo",
    "redo",  # the undone move made again, as it was (pinned nowhere else)
]

# Only 5S + 6D can be played; after it, the king of hearts is alone with the king of spades.
BLOCKING = make_deal(
    ["KH 5S", "6D", "KS", "", "", "", "", "", "", "", "", ""],
    ["-", "-", "-", "-", "-", "-", "-", "-"],
)
LAST_PAIR = make_deal(
    ["", "", "", "", "", "", "", "", "", "", "", "5S"],
    ["-", "-", "-", "6D", "-", "-", "-", "-"],
)


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_transcript(language, snapshot_text, clock):
    settings = Settings(language=language)
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), settings=settings, now=clock)
    text = transcript(session, EXAMPLE_GAME)
    blocked = session_with(BLOCKING, code=DealCode(0), settings=settings, now=clock)
    text += "\n" + transcript(blocked, ["pick 1 2", "info", "undo", "info"], start=False)
    won = session_with(LAST_PAIR, code=DealCode(0), settings=settings, now=clock)
    play(won, "pick 12")
    clock.advance(3725)
    text += "\n" + transcript(won, ["board", "pick R4", "pick 12", "quit"], start=False)
    assert text == snapshot_text


def test_switching_language_keeps_the_game(clock):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), now=clock)
    text = transcript(session, ["pick 1 8", "lang ca", "info", "idioma da", "info", "sprog en"])
    assert "Idioma, català." in text
    assert "Puntuació 10. 1 jugada." in text
    assert "Sprog, dansk." in text
    assert "Language, English." in text
    assert "Score 10. 1 træk." in text
    assert session.game.score == 10


TYPING = {  # places alone, short forms, did you mean, and the refusals, in each language
    "en": [
        "1 8",
        "8, 5 and 3",
        "i",
        "pik 1",
        "13 1",
        "set move errors on",
        "set rate 500",
        "set colour red",
        "speech loud",
        "pile r3",
        "pile 13",
        "h",
        "help p",
        "help rules",
        "help keys",
        "help arc",
        "n",  # the game has moves: asked first
        "i",  # anything else, and the game goes on
        "u",
        "pick",
        "undo now",
        "set cards",
    ],
    "ca": [
        "1 8",
        "8, 5 i 3",
        "i",
        "tira 1",
        "13 1",
        "ajusta errors de moviment sí",
        "ajusta velocitat 500",
        "ajusta color vermell",
        "veu fort",
        "pila r3",
        "pila 13",
        "a",
        "ajuda t",
        "ajuda regles",
        "ajuda tecles",
        "ajuda arc",
        "n",
        "i",
        "d",
        "tria",
        "desfés ara",
        "ajusta cartes",
    ],
    "da": [
        "1 8",
        "8, 5 og 3",
        "i",
        "vælj 1",
        "13 1",
        "indstil træk fejl til",
        "indstil hastighed 500",
        "indstil farve rød",
        "tale højt",
        "bunke r3",
        "bunke 13",
        "h",
        "hjælp v",
        "hjælp regler",
        "hjælp taster",
        "hjælp bue",
        "n",
        "i",
        "f",
        "vælg",
        "fortryd nu",
        "indstil kort",
    ],
}


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_typing(language, snapshot_text, clock):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language), now=clock)
    assert transcript(session, TYPING[language], start=False) == snapshot_text
