"""Run Debian's Orca unchanged, except that its debug log is written line by line.

    /usr/bin/python3 orca_line_buffered.py /usr/bin/orca --debug-file=PATH [ORCA OPTIONS]

Orca opens its debug log with Python's default buffering, so the log only grows in
blocks of several kilobytes, and the end of it may never be written when Orca is
stopped. The run reads the log while Orca runs (to know when Orca is ready), so this
wrapper opens that one file line-buffered. Nothing else about Orca changes: its own
script is run as it is, by the Python in its first line, with the same options.
This file runs under Debian's Python, never the game's.
"""

from __future__ import annotations

import builtins
import runpy
import sys
from typing import Any

DEBUG_OPTION = "--debug-file="
LINE_BUFFERED = 1


def debug_log(options: list[str]) -> str | None:
    """The path given to Orca's --debug-file option, as Orca will open it."""
    for option in options:
        if option.startswith(DEBUG_OPTION):
            return option[len(DEBUG_OPTION) :]
    return None


def line_buffered_open(path: str | None) -> Any:
    """Python's open, but line-buffered for the one path written to."""
    plain_open = builtins.open

    def opener(file: Any, mode: str = "r", buffering: int = -1, *args: Any, **kwargs: Any) -> Any:
        if path is not None and file == path and "w" in mode:
            buffering = LINE_BUFFERED
        return plain_open(file, mode, buffering, *args, **kwargs)

    return opener


def main() -> None:
    """Run the Orca script given first, with the options after it."""
    orca, options = sys.argv[1], sys.argv[2:]
    setattr(builtins, "open", line_buffered_open(debug_log(options)))  # noqa: B010
    sys.argv = [orca, *options]
    runpy.run_path(orca, run_name="__main__")


if __name__ == "__main__":
    main()
