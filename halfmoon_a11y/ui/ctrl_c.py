"""Ctrl-C never ends the game: it silences the voice, and gives up the line
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

import signal
from collections.abc import Callable

from halfmoon_a11y.core.quiet import suppress

_silencers: list[Callable[[], None]] = []  # what a Ctrl-C silences: the front end's voice
_reading = [False]  # a line is being read (plain mode's `input`): Ctrl-C gives it up
presses = [0]  # Ctrl-C's pressed so far: a long answer's pieces stop waiting (ui.prompt)


def quiet() -> None:
    """From now on a Ctrl-C outside a line being read silences the voice, nothing more.
    One handler for the whole game: `clears_line` only raises a flag, so no Ctrl-C can
    land between two handlers and leave the wrong one in place."""
    with suppress(ValueError, OSError, AttributeError):  # not the main thread
        signal.signal(signal.SIGINT, _pressed)


def silence_with(silence: Callable[[], None]) -> None:
    """The one way a Ctrl-C silences the voice from now on (the front end's). It runs
    inside a signal handler, between any two steps of the game: it must only silence,
    and keep what went wrong for the next turn."""
    _silencers[:] = [silence]


def _pressed(signum: int, frame: object) -> None:
    """Ctrl-C: the line given up while one is read, else the voice silenced. Nothing
    here may fail."""
    presses[0] += 1
    if _reading[0]:
        raise KeyboardInterrupt
    for silence in list(_silencers):
        with suppress(Exception):
            silence()


class clears_line:
    """While a line is read (plain mode's `input`): Ctrl-C raises KeyboardInterrupt there,
    and the line is given up. Where the game's handler is not installed (a library's
    use), Python's own raises it all the same. A class, not contextlib's decorator:
    contextlib costs every start about 0.5 ms to load."""

    def __enter__(self) -> None:
        _reading[0] = True

    def __exit__(self, *raised: object) -> None:
        _reading[0] = False
