"""Ctrl-C never ends the game (issue 26): it silences the voice, and gives up the line
being typed.

A player presses Ctrl-C to stop the voice, or to give up a line; never to lose the window.
From the moment the command line starts (`quiet`), a Ctrl-C outside a line being read
silences the game's voice (once a front end has said how, `silence_with`) and does nothing
more: no KeyboardInterrupt can reach a command half done, the opening, or the loading of
the prompt. While plain mode reads a line (`clears_line`), Ctrl-C gives the line up, as
readline does, and the front end says so. At the prompt, prompt_toolkit takes Ctrl-C as a
key of its own (and restores this handler after each line).

Before the game's own code runs (Python's own start, some 20 to 40 ms), nothing can be
done: the package's `__init__` ignores Ctrl-C as its first act when started as the program.
The JSON mode is for programs, for which SIGINT means stop: there it is left as Python has
it (the game is saved on the way out).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator

_silencers: list[Callable[[], None]] = []  # what a Ctrl-C silences: the front end's voice


def quiet() -> None:
    """From now on a Ctrl-C outside a line being read silences the voice, nothing more."""
    with contextlib.suppress(ValueError, OSError, AttributeError):  # not the main thread
        signal.signal(signal.SIGINT, _pressed)


def silence_with(silence: Callable[[], None]) -> None:
    """The one way a Ctrl-C silences the voice from now on (the front end's)."""
    _silencers[:] = [silence]


def _pressed(signum: int, frame: object) -> None:
    """Ctrl-C outside a line being read: the voice silenced. Nothing here may fail."""
    for silence in list(_silencers):
        with contextlib.suppress(Exception):
            silence()


@contextlib.contextmanager
def clears_line() -> Iterator[None]:
    """While a line is read (plain mode's `input`): Ctrl-C raises KeyboardInterrupt there,
    and the line is given up; the quiet handler is back after."""
    try:
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ValueError, OSError, AttributeError):  # not the main thread: as it is
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(signal.SIGINT, previous)
