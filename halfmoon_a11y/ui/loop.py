"""The read loop every front end shares: open, answer each line until the player quits,
close. Plain mode reads a stream, the prompt reads typed lines, the JSON mode reads
JSON lines' commands; all of them go through `serve`."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterable

from halfmoon_a11y.play.session import Session

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from typing import Any, Protocol

    class FrontEnd(Protocol):
        """What `serve` needs of a front end (for type checkers only)."""

        session: Session

        def start(self) -> Any: ...

        def line(self, text: str) -> Any: ...

        def close(self) -> None: ...


def serve(front: FrontEnd, lines: Iterable[str], started: bool = False) -> int:
    """The exit status: 0, whether the lines ran out or the player quit. `started`: the
    front end has said its opening already."""
    try:
        if not started:
            front.start()
        for text in lines:
            front.line(text)
            if front.session.finished:
                break
    finally:
        hold_signals()  # closing is not interrupted: the voice and the save end cleanly
        front.close()
    return 0


LEAVING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")


def hold_signals() -> None:
    """From here to the end, SIGTERM, SIGHUP and Ctrl-C wait: the game is already leaving.
    They are never let through again; the process ends without them."""
    wanted = {getattr(signal, name) for name in LEAVING_SIGNALS if hasattr(signal, name)}
    with contextlib.suppress(AttributeError, ValueError, OSError):  # Windows: nothing to hold
        signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
