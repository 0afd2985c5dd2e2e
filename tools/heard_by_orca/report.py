"""The report: what Orca said at each step, then a short verdict per typed line.

The report is read by ear as much as by eye, so each line says in words what it is, and
texts are quoted as Python writes them, where a line break shows as backslash n.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

from .analysis import LineVerdict, StartVerdict, Words, judge_line, judge_start
from .logs import Heard, Said, StepTime, read_heard, read_orca, read_steps
from .scenario import TYPED_VERBS

# The label of the first step, from the terminal's start until the first key.
START_LABEL = "start: terminal opened, game started, window focused"
Timed = TypeVar("Timed", Said, Heard)
# Utterances longer than this are cut short in the summary; the steps show them whole.
LONGEST_QUOTE = 80
# The label of the last mark, when the tool stopped listening.
END_LABEL = "END"


def offset(moment: datetime.datetime, start: datetime.datetime) -> str:
    """Milliseconds from the step's first key, aligned so the times read as a column."""
    return f"{(moment - start).total_seconds() * 1000:6.0f} ms"


def step_lines(
    start: datetime.datetime, said: list[Said], heard: list[Heard], verbose: bool
) -> Iterator[str]:
    """One line per utterance of Orca and per message speech-dispatcher got, by time."""
    events: list[tuple[datetime.datetime, str]] = []
    for entry in said:
        if entry.kind == "orca":
            events.append((entry.at, f"Orca said {entry.text!r}"))
        elif verbose:
            events.append((entry.at, f"  (Orca's note: {entry.text[:160]!r})"))
    for message in heard:
        fate = "done" if message.done else "cut"
        events.append((message.at, f"  speech-dispatcher got {message.text!r}, {fate}"))
    for moment, text in sorted(events, key=lambda event: event[0]):
        yield f"  {offset(moment, start)}  {text}"


def within(items: list[Timed], start: datetime.datetime, end: datetime.datetime) -> list[Timed]:
    """The items from start until end."""
    return [item for item in items if start <= item.at < end]


def windows(steps: list[StepTime]) -> list[tuple[StepTime, datetime.datetime]]:
    """Each step with the moment the next one began: what is said meanwhile is the step's.

    A run that stopped early has no END mark; its last step then lasts to the logs' end.
    """
    ends = [step.at for step in steps[1:]] + [datetime.datetime.max]
    return [(step, end) for step, end in zip(steps, ends, strict=True) if step.label != END_LABEL]


def brief(text: str) -> str:
    """A long utterance cut to its start, so a summary line stays short to listen to."""
    if len(text) <= LONGEST_QUOTE:
        return repr(text)
    return f"{text[:LONGEST_QUOTE]!r}, and so on, {len(text)} characters"


def start_summary(verdict: StartVerdict) -> Iterator[str]:
    """The verdict on the game's start, in sentences."""
    if verdict.opening is None:
        yield "Start: the opening was not spoken."
    else:
        pieces = verdict.pieces_done + verdict.pieces_cut
        yield (
            f"Start: the opening was spoken, one utterance of {len(verdict.opening)} characters."
            f" Speech-dispatcher got {pieces} pieces of it before the first key:"
            f" {verdict.pieces_done} done, {verdict.pieces_cut} cut."
        )
    after = ", ".join(brief(text) for text in verdict.said_after) or "nothing"
    yield f"  After the opening, before the first key, Orca said: {after}."
    if not verdict.prompt_alone:
        yield "  The prompt alone said as a character name: no, no '?' alone."
    elif verdict.prompt_heard_as is None:
        yield (
            "  The prompt alone said as a character name: no, Orca said '?' alone but"
            " speech-dispatcher got nothing of its own for it."
        )
    else:
        yield (
            "  The prompt alone said as a character name: yes, Orca said '?' alone and"
            f" speech-dispatcher got {verdict.prompt_heard_as!r}."
        )


def line_summary(number: int, verdict: LineVerdict) -> str:
    """The verdict on one typed line, in one sentence per question."""
    if verdict.answer_times is None:
        answer = "no answer was spoken"
    elif verdict.answer_times == 1:
        answer = "answer spoken once: yes"
    else:
        answer = f"answer spoken once: no, {verdict.answer_times} times"
    return (
        f"Line {number}, {verdict.typed!r}: read-back with the answer: "
        f"{'yes' if verdict.read_back else 'no'}; {answer}; "
        f"'?' spoken alone: {'no' if not verdict.question_alone else verdict.question_alone};"
        f" answer ends with the prompt: {'yes' if verdict.prompt_in_answer else 'no'};"
        f" keys echoed before Enter: {verdict.echoes}."
    )


def totals(verdicts: list[LineVerdict]) -> str:
    """The counts over all typed lines, the numbers to compare between runs."""
    read_back = sum(1 for verdict in verdicts if verdict.read_back)
    once = sum(1 for verdict in verdicts if verdict.answer_times == 1)
    alone = sum(1 for verdict in verdicts if verdict.question_alone)
    return (
        f"Typed lines: {len(verdicts)}. Read back with the answer: {read_back}."
        f" Answer spoken once: {once}. '?' spoken alone: {alone}."
    )


def report(folder: Path, words: Words, verbose: bool = False) -> Iterator[str]:
    """The whole report of a run folder: the steps, then the summary."""
    steps = read_steps(folder)
    day = steps[0].at.date()
    said, heard = read_orca(folder, day), read_heard(folder, day)
    for number, (step, end) in enumerate(windows(steps)):
        yield f"Step {number}: {step.label}"
        yield from step_lines(
            step.at, within(said, step.at, end), within(heard, step.at, end), verbose
        )
    yield ""
    yield "Summary"
    yield from summary(steps, said, heard, words)


def summary(
    steps: list[StepTime], said: list[Said], heard: list[Heard], words: Words
) -> Iterator[str]:
    """The start's verdict, each typed line's, what each other step brought, and the totals."""
    verdicts = []
    for number, (step, end) in enumerate(windows(steps)):
        spoken = [entry for entry in within(said, step.at, end) if entry.kind == "orca"]
        if number == 0:
            verdict = judge_start(spoken, within(heard, step.at, end), words)
            yield from start_summary(verdict)
            continue
        verb, _, text = step.label.partition(" ")
        if verb in TYPED_VERBS:
            verdicts.append(judge_line(text, [entry.text for entry in spoken], words))
            yield line_summary(len(verdicts), verdicts[-1])
        else:
            heard_texts = ", ".join(brief(entry.text) for entry in spoken) or "nothing"
            yield f"Step {number}, {step.label}: Orca said {heard_texts}."
    yield totals(verdicts)
