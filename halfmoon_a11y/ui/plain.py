"""Plain mode: lines from standard input, sentences on standard output, nothing else.

Used for pipes, with `--plain`, and with `TERM=dumb`. Never imports prompt_toolkit.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO, TextIO

from halfmoon_a11y.play.session import Session
from halfmoon_a11y.ui.frontend import SpeakerFactory, TextFrontEnd, printer
from halfmoon_a11y.ui.loop import serve


def lines_from(stream: BinaryIO) -> Iterator[str]:
    """Input lines as text; bytes that are not UTF-8 become replacement characters."""
    for raw in stream:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def wants_plain(plain: bool) -> bool:
    return (
        plain
        or os.environ.get("TERM") == "dumb"
        or not sys.stdin.isatty()
        or not sys.stdout.isatty()
    )


def run_plain(
    session: Session,
    lines: Iterable[str],
    out: TextIO,
    speaker_factory: SpeakerFactory | None = None,
    announce_voice: bool = False,
) -> int:
    front = TextFrontEnd(session, printer(out), speaker_factory, announce_voice)
    return serve(front, lines)
