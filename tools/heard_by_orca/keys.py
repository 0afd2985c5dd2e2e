"""Typing the scenario's keys with xdotool, and waiting for the speech to end between steps.

The keys go through the X server's XTEST extension, so the terminal and Orca see them as a
keyboard's: Orca's key echo works as for a person typing.
"""

from __future__ import annotations

import datetime
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .logs import StepTime
from .scenario import Step

# X's names for the characters that xdotool's key command cannot take as they are.
KEY_NAMES = {
    " ": "space",
    ",": "comma",
    ".": "period",
    "-": "minus",
    "?": "question",
    "à": "agrave",
    "è": "egrave",
    "é": "eacute",
    "í": "iacute",
    "ï": "idiaeresis",
    "ò": "ograve",
    "ó": "oacute",
    "ú": "uacute",
    "ü": "udiaeresis",
    "ç": "ccedilla",
}


def key_name(char: str) -> str:
    """The X name of a character, for xdotool's key command."""
    if char in KEY_NAMES:
        return KEY_NAMES[char]
    if char.isascii() and char.isalnum():
        return char
    return f"U{ord(char):04X}"


@dataclass(frozen=True)
class Keyboard:
    """Sends keys at a person's pace: cps characters a second.

    enter_gap is the pause between a line's last character and Enter, in seconds; a
    person's is about one character's time.
    """

    env: dict[str, str]
    cps: float
    enter_gap: float

    @property
    def period(self) -> float:
        """Seconds from one character to the next."""
        return 1.0 / self.cps

    def xdotool(self, *args: str) -> None:
        """Run xdotool on the run's screen."""
        subprocess.run(["xdotool", *args], env=self.env, check=False)

    def type(self, text: str) -> None:
        """Type text at the pace.

        xdotool 3.20160805 waits its delay twice per character, after the press and after
        the release, so the delay given is twice the wanted period.
        """
        self.xdotool("type", "--delay", str(round(2000 * self.period)), text)

    def keys(self, names: list[str]) -> None:
        """Press the named keys, one period apart."""
        delay = str(round(1000 * self.period))
        self.xdotool("key", "--clearmodifiers", "--delay", delay, *names)

    def line(self, text: str) -> None:
        """Type a line and press Enter after a person's pause."""
        self.type(text)
        time.sleep(self.enter_gap)
        self.xdotool("key", "--clearmodifiers", "Return")

    def fast_line(self, text: str) -> None:
        """Type a line but send its last character and Enter in one call, 0 ms apart.

        This is the fastest a keyboard can be: the last character's echo and the answer may
        reach Orca in one change of the screen.
        """
        self.type(text[:-1])
        time.sleep(self.period)
        self.xdotool("key", "--delay", "0", key_name(text[-1]), "Return")


def perform(step: Step, keyboard: Keyboard) -> None:
    """Send the keys of one step; a wait step sends none."""
    if step.verb == "cmd":
        keyboard.line(step.text)
    elif step.verb == "fast":
        keyboard.fast_line(step.text)
    elif step.verb == "text":
        keyboard.type(step.text)
    elif step.verb == "key":
        keyboard.keys(step.text.split())
    elif step.verb == "wait":
        time.sleep(float(step.text))


def speech_idle(spoken_log: Path) -> bool:
    """Whether the simulated voice is silent: its last message has ended, or none came.

    Each message writes a START line and, once spoken, an END line; a cancelled one never
    ends, but the next message's START follows it.
    """
    try:
        lines = spoken_log.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return True
    return not lines or lines[-1].endswith(" END")


def wait_for_silence(spoken_log: Path, seconds: float) -> None:
    """Wait until the voice is silent and stays so briefly, or the time is up.

    Orca sends a long text in pieces, one after the other, so a moment's silence between
    two pieces is not the end.
    """
    deadline = time.monotonic() + max(0.0, seconds)
    while time.monotonic() < deadline:
        if speech_idle(spoken_log):
            size = spoken_log.stat().st_size if spoken_log.exists() else 0
            time.sleep(0.4)
            same = (spoken_log.stat().st_size if spoken_log.exists() else 0) == size
            if same and speech_idle(spoken_log):
                return
        time.sleep(0.2)


@dataclass(frozen=True)
class Pace:
    """How long to let Orca speak after each step.

    settle is always waited; then up to max_wait in all, until the voice is silent.
    """

    settle: float
    max_wait: float


def play(
    steps: list[Step], keyboard: Keyboard, pace: Pace, spoken_log: Path, times: list[StepTime]
) -> None:
    """Perform every step, noting in times the moment each began, and let Orca finish.

    The moments are added as the steps go, so a run stopped halfway keeps them.
    """
    for step in steps:
        times.append(StepTime(step.label, datetime.datetime.now()))
        perform(step, keyboard)
        if step.verb == "wait":
            continue
        time.sleep(pace.settle)
        wait_for_silence(spoken_log, pace.max_wait - pace.settle)
    wait_for_silence(spoken_log, pace.max_wait)
    time.sleep(1.0)
