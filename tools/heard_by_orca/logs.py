"""Reading what was said: Orca's debug log, the speech log and the steps' times.

Orca's debug log and the speech log give clock times without a date; the steps are
written with full dates. The times are placed on the day the run started, a day later
once the clock goes back past midnight, so that a run across midnight still sorts.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ORCA_LOG = "orca-debug.log"
SPOKEN_LOG = "spoken.log"
STEPS_FILE = "steps.json"

# A new entry of Orca's debug log: its clock time, then " - ", then the message.
ENTRY = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - (.*)$")
# Orca indents the further lines of a long message by this many blanks.
CONTINUATION = " " * 18
# "SPEECH OUTPUT: 'text'" and then the voice, as a dictionary or a list of them. The
# text may hold quotes itself, so it ends at the quote the voice follows.
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)'((?:\s*\[?\{|\s+voice=|\s*$).*)$", re.S)
# One line of the speech log written by textlog.sh.
HEARD = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) (START|END)(?: \[(\w*)\] (.*))?$")
HALF_A_DAY = datetime.timedelta(hours=12)


@dataclass(frozen=True)
class StepTime:
    """A step's label and the moment its first key was sent."""

    label: str
    at: datetime.datetime


@dataclass(frozen=True)
class Said:
    """One thing Orca sent to be spoken (kind "orca"), or one of its diagnostics ("note")."""

    at: datetime.datetime
    text: str
    kind: str = "orca"


@dataclass(frozen=True)
class Heard:
    """One message that reached speech-dispatcher's output module, and whether it ended.

    A message without an end was cancelled by Orca before the simulated voice finished.
    """

    at: datetime.datetime
    text: str
    done: bool


class Dater:
    """Gives clock times their date, moving to the next day when the clock goes back."""

    def __init__(self, day: datetime.date) -> None:
        self.day = day
        self.last: datetime.datetime | None = None

    def __call__(self, clock: str) -> datetime.datetime:
        """The full moment of a clock time read in order."""
        moment = datetime.datetime.combine(self.day, datetime.time.fromisoformat(clock))
        if self.last is not None and moment < self.last - HALF_A_DAY:
            self.day += datetime.timedelta(days=1)
            moment += datetime.timedelta(days=1)
        self.last = moment
        return moment


def write_steps(folder: Path, steps: list[StepTime]) -> None:
    """Keep the steps' times beside the logs, so a run can be reported again later."""
    rows = [{"step": step.label, "t": step.at.isoformat()} for step in steps]
    (folder / STEPS_FILE).write_text(json.dumps(rows, indent=1), encoding="utf-8")


def read_steps(folder: Path) -> list[StepTime]:
    """The steps' times as written by write_steps."""
    rows = json.loads((folder / STEPS_FILE).read_text(encoding="utf-8"))
    return [StepTime(row["step"], datetime.datetime.fromisoformat(row["t"])) for row in rows]


def is_note(message: str) -> bool:
    """Whether a log message is one of the terminal diagnostics shown with --verbose."""
    return message.startswith("TERMINAL:") or "text-changed:insert" in message[:60]


def log_entries(lines: Iterable[str], dater: Dater) -> list[Said]:
    """Orca's log messages of interest, in order, a message over several lines joined whole.

    The text of a SPEECH OUTPUT is only known once its last line is read, so each one is
    kept as a list of lines until the next entry starts.
    """
    entries: list[tuple[datetime.datetime, str, list[str]]] = []
    current: list[str] | None = None
    for line in lines:
        line = line.rstrip("\n")
        match = ENTRY.match(line)
        if match:
            moment, message = dater(match.group(1)), match.group(2)
            current = None
            if message.startswith("SPEECH OUTPUT:"):
                current = [message]
                entries.append((moment, "orca", current))
            elif is_note(message):
                entries.append((moment, "note", [message]))
        elif current is not None and line.startswith(CONTINUATION):
            current.append(line[len(CONTINUATION) :])
    return [said(moment, kind, "\n".join(parts)) for moment, kind, parts in entries]


def said(moment: datetime.datetime, kind: str, message: str) -> Said:
    """An entry of the log as a value: a SPEECH OUTPUT keeps only its text."""
    if kind != "orca":
        return Said(moment, message, kind)
    match = SPEECH.match(message)
    return Said(moment, match.group(1) if match else message, kind)


def read_orca(folder: Path, day: datetime.date) -> list[Said]:
    """Everything Orca sent to be spoken, and its terminal diagnostics, in order."""
    path = folder / ORCA_LOG
    if not path.exists():
        return []
    with path.open(encoding="utf-8", errors="replace") as lines:
        return log_entries(lines, Dater(day))


def read_heard(folder: Path, day: datetime.date) -> list[Heard]:
    """What reached speech-dispatcher's output module, each with whether it ended."""
    path = folder / SPOKEN_LOG
    if not path.exists():
        return []
    dater = Dater(day)
    heard: list[Heard] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        match = HEARD.match(line)
        if not match:
            continue
        moment = dater(match.group(1))
        if match.group(2) == "START":
            heard.append(Heard(moment, match.group(4) or "", done=False))
        elif heard:
            last = heard[-1]
            heard[-1] = Heard(last.at, last.text, done=True)
    return heard
