"""Issue 27, point 1: what a player hears and what a program reads come from one place.
The JSON mode's messages, read in order, are the text front end's sentences, the same and
in the same order, answer after answer, in every language: a braille or web client built on
the JSON mode says what the terminal says without re-implementing the presenter. Before,
at a win the messages added "Pile 12, empty." and "Reserve R4, empty.", which the text never
says, and at a block their order differed."""

from __future__ import annotations

import io

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import AnswerLength, Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.jsonmode import JsonMode
from tests.support import session_with
from tests.test_transcripts import BLOCKING, EXAMPLE_GAME, LAST_PAIR

# Answers the text front end says with the table after a deal (the JSON mode sends the
# state instead), and `repeat`, which the text front end says again from its own memory.
TEXT_ONLY = ("new", "repeat")


def twins(make: object) -> tuple[TextFrontEnd, list[str], JsonMode]:
    said: list[str] = []
    text = TextFrontEnd(make(), said.extend)  # type: ignore[operator]
    return text, said, JsonMode(make(), io.StringIO())  # type: ignore[operator]


def compare(make: object, commands: list[str]) -> int:
    """Each command to both twins; their words compared. How many were compared."""
    text, said, json_mode = twins(make)
    compared = 0
    for command in commands:
        said.clear()
        text.line(command)
        messages = [event["message"] for event in json_mode.reply(command)["events"]]
        if command.split()[0] in TEXT_ONLY:
            continue
        assert " ".join(m for m in messages if m) == " ".join(said), (command, messages, said)
        compared += 1
    return compared


@pytest.mark.parametrize("answers", list(AnswerLength))
@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_the_messages_are_the_text(language, answers, clock):
    settings = Settings(language=language, answers=answers)
    code = DealCode.parse("HM1-N-EMQPNCT")
    assert compare(lambda: Session(code, settings=settings, now=clock), EXAMPLE_GAME) > 40
    blocked = ["pick 1 2", "info", "undo", "info", "redo"]
    assert compare(lambda: session_with(BLOCKING, settings=settings, now=clock), blocked) == 5
    won = ["pick 12", "board", "pick R4", "pick 12", "undo", "redo", "quit"]
    assert compare(lambda: session_with(LAST_PAIR, settings=settings, now=clock), won) == 7
