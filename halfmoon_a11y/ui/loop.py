"""The read loop every front end shares: open, answer each line until the player quits,
close. Plain mode reads a stream, the prompt reads typed lines, the JSON mode reads
JSON lines' commands; all of them go through `serve`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from halfmoon_a11y.play.session import Session


class FrontEnd(Protocol):
    session: Session

    def start(self) -> Any: ...

    def line(self, text: str) -> Any: ...

    def close(self) -> None: ...


def serve(front: FrontEnd, lines: Iterable[str]) -> int:
    """The exit status: 0, whether the lines ran out or the player quit."""
    try:
        front.start()
        for text in lines:
            front.line(text)
            if front.session.finished:
                break
    finally:
        front.close()
    return 0
