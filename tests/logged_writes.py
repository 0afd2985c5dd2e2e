"""Runs the game as `python -m halfmoon_a11y` does, with every write the game makes to
its standard output noted in a file, one record a system call (issue 29: what reaches
the terminal in one write is what VTE reads in one pass). For tests only.

    python tests/logged_writes.py LOG [the game's arguments]
"""

from __future__ import annotations

import io
import os
import runpy
import struct
import sys
import time

# Each record: the length written and the game's monotonic clock as it wrote (the clock
# every process of the machine shares), then the bytes.
HEADER = struct.Struct(">Id")


class NotedStdout(io.RawIOBase):
    """File descriptor 1, each write also appended to the log."""

    def __init__(self, log: str) -> None:
        self.log = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1

    def isatty(self) -> bool:
        return os.isatty(1)

    def write(self, data: bytes) -> int:  # type: ignore[override]
        """Noted first, then written whole: a test that sees the bytes on the terminal
        finds them in the log already."""
        data = bytes(data)
        os.write(self.log, HEADER.pack(len(data), time.monotonic()) + data)
        view = memoryview(data)
        while view:
            view = view[os.write(1, view) :]
        return len(data)


def read_log(path: str) -> list[bytes]:
    """The writes noted in `path`, in order."""
    return [data for _, data in read_timed_log(path)]


def read_timed_log(path: str) -> list[tuple[float, bytes]]:
    """The writes noted in `path`, in order, each with the game's time.monotonic() as it
    made it."""
    with open(path, "rb") as log:
        data = log.read()
    writes, at = [], 0
    while at + HEADER.size <= len(data):
        size, when = HEADER.unpack_from(data, at)
        at += HEADER.size
        if at + size > len(data):
            break  # a record being written as this reads
        writes.append((when, data[at : at + size]))
        at += size
    return writes


if __name__ == "__main__":
    log, *arguments = sys.argv[1:]
    raw = NotedStdout(log)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", line_buffering=True)
    sys.argv = ["halfmoon_a11y", *arguments]
    runpy.run_module("halfmoon_a11y", run_name="__main__", alter_sys=True)
