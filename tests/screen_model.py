"""A screen model of the interactive game, as a terminal screen reader sees it.

The real program runs in a pseudo-terminal; everything it writes goes through
pyte, a terminal emulator, whose screen is tall enough never to scroll. After
each Enter, `changed()` tells which screen lines were written to (pyte's dirty
lines) and what they hold: a screen reader that speaks new text speaks those.
"""

from __future__ import annotations

import os
import sys
import time

import pexpect
import pyte

ROWS, COLUMNS = 400, 120


class ScreenModel:
    def __init__(
        self, *args: str, extra_env: dict[str, str] | None = None, cwd: str | None = None
    ) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
        env["TERM"] = "xterm-256color"
        env.update(extra_env or {})
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.traffic = b""  # everything written since the last Enter
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "halfmoon_a11y", *args],
            env=env,
            timeout=20,
            dimensions=(ROWS, COLUMNS),
            cwd=cwd,
        )

    def settle(self, quiet: float = 0.3, limit: float = 10.0) -> bytes:
        """Read until the program writes nothing for `quiet` seconds."""
        got = b""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                chunk = self.child.read_nonblocking(65536, timeout=quiet)
            except pexpect.TIMEOUT:
                break
            except pexpect.EOF:
                break
            got += chunk
            self.stream.feed(chunk)
        return got

    def type(self, text: str) -> None:
        for ch in text:
            self.child.send(ch)
            time.sleep(0.01)
        self.settle(0.2)

    def enter(self) -> list[str]:
        """Press Enter; the text of every screen line written to until the game is quiet
        (blank lines left out: a screen reader has nothing to say of them)."""
        self.screen.dirty.clear()
        self.child.send("\r")
        self.traffic = self.settle()
        display = self.screen.display  # computed once: each call renders every line
        lines = [display[y].rstrip() for y in sorted(self.screen.dirty)]
        return [line for line in lines if line]

    def close(self) -> None:
        self.child.close(force=True)
