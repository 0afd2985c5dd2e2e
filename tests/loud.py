"""A bug the game's safety net catches fails the test (issue 25, "loud").

The game turns a bug in a command into one polite sentence, and goes on: right for a
player, and a trap for the tests, which then pass over the bug (with every command's
handler made to raise, the Hypothesis test of hostile input still passed: each answer
was an `internal` error of the same shape). So every test watches the nets:

- in this process, `Failures.failed` (a bug in a turn), the prompt's `_report` (a bug in a
  key's handler or the event loop) and the command line's `_bug_outside_play` (a bug
  before the game opened or while it closed);
- in the programs a test starts, the errors.log they write (their state folder is in
  the test's temporary folder, tests/conftest.py).

A test that plants a bug on purpose says so: `@pytest.mark.expects_bug`. Such a test
fails when no bug was caught at all, so the mark is never left behind by mistake.
"""

from __future__ import annotations

import contextlib
import os
import stat
import traceback
from pathlib import Path

import pytest

from halfmoon_a11y.core.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from halfmoon_a11y.ui.loop import Report

MARK = "expects_bug"


class Nets:
    """What the safety nets caught during one test."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.caught: list[BaseException] = []

    def logs(self) -> list[Path]:
        """The errors.log files the programs a test started wrote: regular files only (a
        test may plant a FIFO, a device or a link by that name), links not followed."""
        found = []
        for folder, _, names in os.walk(self.folder):
            if "errors.log" in names:
                path = Path(folder) / "errors.log"
                with contextlib.suppress(OSError):  # a folder a test made unreadable
                    if stat.S_ISREG(path.lstat().st_mode):
                        found.append(path)
        return sorted(found)

    def any(self) -> bool:
        return bool(self.caught or self.logs())

    def describe(self) -> str:
        parts = []
        for error in self.caught:
            parts.append("".join(traceback.format_exception(error)).rstrip())
        for log in self.logs():
            try:
                with open(log, "rb") as file:  # the last bugs, if it is long
                    text = file.read()[-20_000:].decode(errors="replace").rstrip()
            except OSError as error:
                text = f"(not readable: {error})"
            parts.append(f"{log}:\n{text}")
        return "\n\n".join(parts)


def watch(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Nets:
    """Every net of the game's, watched from here to the test's end."""
    from halfmoon_a11y.ui import cli, loop, prompt

    nets = Nets(folder)
    failed = loop.Failures.failed

    def watched_failed(self: loop.Failures, error: BaseException) -> object:
        nets.caught.append(error)
        return failed(self, error)

    monkeypatch.setattr(loop.Failures, "failed", watched_failed)
    outside = cli._bug_outside_play

    def watched_outside(error: Exception, argv: object, opened: bool) -> int:
        nets.caught.append(error)
        return outside(error, argv, opened)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "_bug_outside_play", watched_outside)
    report = prompt._report

    def watched_report(given: Report | None, error: BaseException) -> None:
        nets.caught.append(error)
        report(given, error)

    monkeypatch.setattr(prompt, "_report", watched_report)
    return nets


def judge(nets: Nets, expected: bool) -> None:
    """Fail the test whose bug the nets caught, unless it expected one; and the test
    that expected one and had none."""
    if nets.any() and not expected:
        pytest.fail(
            "The game's safety net caught a bug in this test (mark the test "
            f"@pytest.mark.{MARK} if it plants one on purpose):\n\n{nets.describe()}",
            pytrace=False,
        )
    if expected and not nets.any():
        pytest.fail(f"Marked {MARK}, but no bug was caught.", pytrace=False)
