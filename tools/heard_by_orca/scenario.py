"""The scenario files: one step a line, read into values before anything starts.

A mistake in a scenario is reported with its line number before any program is started,
so that a run of several minutes never ends on a typo halfway through.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# The verbs a step can start with, and what each one does (the README repeats this).
VERBS = {
    "cmd": "type the text at the typing speed, wait one character's time, press Enter",
    "fast": "type the text, but send its last character and Enter in one xdotool call",
    "text": "type the text, no Enter",
    "key": "press the xdotool keys named, one character's time apart",
    "wait": "wait this many seconds; what Orca says meanwhile belongs to this step",
}
# The verbs whose step is a typed line, which the summary judges.
TYPED_VERBS = frozenset({"cmd", "fast"})


class ScenarioError(ValueError):
    """A line of a scenario file that is not a step, with where it is."""


@dataclass(frozen=True)
class Step:
    """One line of a scenario: a verb and the text after it."""

    verb: str
    text: str

    @property
    def label(self) -> str:
        """The step as written, the name it has in the report."""
        return f"{self.verb} {self.text}"


def parse_line(line: str, number: int) -> Step | None:
    """One line into a step; None for a blank line or a comment."""
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    verb, _, text = line.partition(" ")
    if verb not in VERBS:
        raise ScenarioError(f"line {number}: unknown verb {verb!r}, expected one of {list(VERBS)}")
    if not text:
        raise ScenarioError(f"line {number}: {verb} needs something after it")
    if verb == "wait":
        try:
            float(text)
        except ValueError:
            raise ScenarioError(f"line {number}: wait needs seconds, not {text!r}") from None
    return Step(verb, text)


def read_scenario(path: Path) -> list[Step]:
    """Every step of a scenario file, in order."""
    steps = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        step = parse_line(line, number)
        if step is not None:
            steps.append(step)
    if not steps:
        raise ScenarioError(f"{path}: no steps")
    return steps
