"""The signal wakeup pipe never writes to the player's screen.

asyncio (under prompt_toolkit) wakes its loop for a signal through a pipe: Python's C
handler writes one byte to it for each signal. When the loop cannot empty the pipe as fast
as signals come (a flood of window-size changes while it draws), the pipe fills, and Python
reports each byte it could not write as "Exception ignored when trying to write to the
signal wakeup fd", with a traceback, on standard error: the terminal, read aloud. A full
pipe loses nothing: the loop is woken already, and reads the signals that are in it.

So every wakeup pipe the prompt's loop sets is set with warn_on_full_buffer=False
(`quiet_wakeup`), and, as the last line of defence for a pipe set by anyone else, that one
report is dropped wherever it comes from (`drop_full_pipe_reports`); every other report
goes on to the hook that was there before.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress

if TYPE_CHECKING:
    from asyncio import AbstractEventLoop
    from typing import Any

FULL_PIPE = "when trying to write to the signal wakeup fd"  # CPython's words for it


def quiet_wakeup(loop: AbstractEventLoop) -> None:
    """The loop's wakeup pipe, now and each time the loop adds a signal handler (asyncio
    sets the pipe again each time, with the warning), set so that a full pipe says
    nothing. A loop without a pipe of its own (not a Unix selector loop) is left alone."""
    add = loop.add_signal_handler

    def add_quietly(signum: int, callback: Callable[..., object], *args: Any) -> None:
        add(signum, callback, *args)
        _quiet(loop)

    loop.add_signal_handler = add_quietly  # type: ignore[method-assign,assignment]
    _quiet(loop)


def _quiet(loop: AbstractEventLoop) -> None:
    pipe = getattr(loop, "_csock", None)  # asyncio's own end of its wakeup pipe
    if pipe is None or not getattr(loop, "_signal_handlers", None):
        return  # no handler yet: asyncio sets no pipe until it adds one
    with suppress(ValueError, OSError):  # not the main thread, or the pipe is closed
        signal.set_wakeup_fd(pipe.fileno(), warn_on_full_buffer=False)


def drop_full_pipe_reports() -> None:
    """From now on, Python's report of a full wakeup pipe is dropped; any other report
    goes where it went before. Once: a second call changes nothing."""
    before = sys.unraisablehook
    if getattr(before, "drops_full_pipe", False):
        return

    def hook(unraisable: Any) -> None:
        if FULL_PIPE in str(getattr(unraisable, "err_msg", "") or ""):
            return
        before(unraisable)

    hook.drops_full_pipe = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook
