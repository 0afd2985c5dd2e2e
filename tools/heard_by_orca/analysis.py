"""Judging what Orca said for each typed line, and at the start of the game.

The questions are the ones a player by ear cares about: is the line just typed read back
glued to the answer, is the answer said once, is the prompt's `?` said alone, and at the
start, is the opening said, and is the prompt drawn after it said as a character name
("pregunta") that cuts the opening short.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass

from .logs import Heard, Said

# Debian's Orca installs its translations here, not under the Python running this tool.
ORCA_LOCALES = "/usr/share/locale"
# Orca's own names, as its catalog spells them, for the keys a scenario presses.
ECHOED_KEYS = ("space", "return", "comma", "tab", "backspace", "up", "down")
# The same keys as X names them, which Orca could fall back to.
X_KEY_NAMES = ("Return", "space", "comma", "Tab", "BackSpace", "Up", "Down")
# An answer shorter than this is a stray character, not the game's answer.
SHORTEST_ANSWER = 4
# The answer is found again elsewhere by this much of its first line.
ANSWER_PREFIX = 40


@dataclass(frozen=True)
class Words:
    """Orca's own words in the run's language: the key names it echoes and its name for `?`."""

    echoed: frozenset[str]
    enter: frozenset[str]
    question: str


def orca_words(language: str) -> Words:
    """Orca's words for the keys, from Orca's own catalog, so any language it has works."""
    catalog = gettext.translation(
        "orca", localedir=ORCA_LOCALES, languages=[language], fallback=True
    )
    echoed = {catalog.gettext(name) for name in ECHOED_KEYS} | set(ECHOED_KEYS) | set(X_KEY_NAMES)
    enter = {catalog.gettext("return"), "return", "Return"}
    return Words(frozenset(echoed), frozenset(enter), catalog.gettext("question"))


def is_echo(text: str, words: Words) -> bool:
    """Whether an utterance is Orca's echo of one key: a character or a key name, then a blank.

    Orca's key echo always ends in a blank; the same character read from the screen does not.
    """
    return text.endswith(" ") and (len(text.strip()) == 1 or text.strip() in words.echoed)


def normal(text: str) -> str:
    """Text compared loosely: blanks and line breaks as one space, lower case."""
    return re.sub(r"\s+", " ", text).strip().lower()


@dataclass(frozen=True)
class LineVerdict:
    """What was heard for one typed line.

    answer_times is how many utterances held the answer's first line; None when Orca
    said no answer at all.
    """

    typed: str
    echoes: int
    read_back: bool
    answer_times: int | None
    question_alone: int
    prompt_in_answer: bool


def split_at_enter(said: list[str], words: Words) -> tuple[list[str], list[str]]:
    """The utterances before Orca's echo of Enter, and those after it."""
    for index, text in enumerate(said):
        if text.strip() in words.enter:
            return said[:index], said[index + 1 :]
    return said, []


def is_read_back(typed: str, before: list[str], after: list[str], words: Words) -> bool:
    """Whether the typed line was read again besides the echo of its keys.

    After Enter, the answer starts on the line below the typed one, so the typed text on an
    utterance's first line means the line was read back. Before Enter, any utterance that
    is not a key echo and holds the whole line counts. One character is too short to tell.
    """
    wanted = normal(typed)
    if len(wanted) <= 1:
        return False
    after_enter = any(
        not is_echo(text, words) and wanted in normal(text.split("\n")[0]) for text in after
    )
    before_enter = any(not is_echo(text, words) and wanted in normal(text) for text in before)
    return after_enter or before_enter


def judge_line(typed: str, said: list[str], words: Words) -> LineVerdict:
    """The verdict on a typed line, from what Orca said during its step."""
    before, after = split_at_enter(said, words)
    answers = [
        text for text in after if len(text.strip()) >= SHORTEST_ANSWER and not is_echo(text, words)
    ]
    answer_times = None
    if answers:
        first_line = normal(answers[0].strip().split("\n")[0])[:ANSWER_PREFIX]
        answer_times = sum(1 for text in said if first_line and first_line in normal(text))
    return LineVerdict(
        typed=typed,
        echoes=sum(1 for text in before if is_echo(text, words)),
        read_back=is_read_back(typed, before, after, words),
        answer_times=answer_times,
        question_alone=sum(1 for text in said if text.strip() == "?"),
        prompt_in_answer=bool(answers) and answers[-1].rstrip().endswith("?"),
    )


@dataclass(frozen=True)
class StartVerdict:
    """What was heard from the game's start until the first key.

    pieces_done and pieces_cut count the pieces of the opening that reached
    speech-dispatcher, which splits a long text at its sentences; a cut piece was
    cancelled by what Orca said next, or by the first key. prompt_heard_as is what
    speech-dispatcher got for a `?` said alone, None if nothing of its own.
    """

    opening: str | None
    pieces_done: int
    pieces_cut: int
    said_after: list[str]
    prompt_alone: bool
    prompt_heard_as: str | None


def find_opening(said: list[Said], words: Words) -> int | None:
    """The index of the opening: the longest utterance of the start.

    Orca may first say the window's title, or a line break, before the game's text.
    """
    candidates = [
        index
        for index, entry in enumerate(said)
        if len(entry.text.strip()) >= SHORTEST_ANSWER and not is_echo(entry.text, words)
    ]
    return max(candidates, key=lambda index: len(said[index].text), default=None)


def pieces_of(text: str, heard: list[Heard], since: Said) -> list[Heard]:
    """The messages speech-dispatcher got, from an utterance on, that are parts of its text."""
    whole = normal(text)
    return [h for h in heard if h.at >= since.at and normal(h.text) and normal(h.text) in whole]


def lone_prompt_heard(said: list[Said], heard: list[Heard], words: Words) -> str | None:
    """What speech-dispatcher got for the first `?` said alone: `?` or Orca's name for it.

    None when Orca said no `?` alone, or when nothing of the kind reached speech-dispatcher
    (Orca may drop it when the opening is still being spoken).
    """
    lone = [entry for entry in said if entry.text.strip() == "?"]
    if not lone:
        return None
    names = {"?", normal(words.question)}
    for message in heard:
        if message.at >= lone[0].at and normal(message.text) in names:
            return message.text
    return None


def judge_start(said: list[Said], heard: list[Heard], words: Words) -> StartVerdict:
    """The verdict on the start, from Orca's utterances and the messages of its step."""
    prompt_alone = any(entry.text.strip() == "?" for entry in said)
    prompt_heard_as = lone_prompt_heard(said, heard, words)
    index = find_opening(said, words)
    if index is None:
        return StartVerdict(None, 0, 0, [], prompt_alone, prompt_heard_as)
    pieces = pieces_of(said[index].text, heard, said[index])
    return StartVerdict(
        opening=said[index].text,
        pieces_done=sum(1 for piece in pieces if piece.done),
        pieces_cut=sum(1 for piece in pieces if not piece.done),
        said_after=[entry.text for entry in said[index + 1 :]],
        prompt_alone=prompt_alone,
        prompt_heard_as=prompt_heard_as,
    )
