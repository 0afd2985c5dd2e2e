"""Ctrl-C never ends the game: it silences the voice, and gives up the line
being typed.

A player presses Ctrl-C to stop the voice, or to give up a line; never to lose the window.
From the moment the command line starts (`quiet`), a Ctrl-C outside a line being read
is counted, and the game's voice is silenced at the next place that looks (`heard`: the
start of each line read, the pieces of a long answer), once a front end has said how
(`silence_with`). No KeyboardInterrupt can reach a command half done, the opening, or the
loading of the prompt. While plain mode reads a line (`clears_line`), Ctrl-C gives the
line up, as readline does, and the front end says so. At the prompt, Ctrl-C is a key
(`ui.keys`); a SIGINT sent there by a program is passed on to the prompt (`prompting`).
This handler stays in place for the whole game: prompt_toolkit's own swapped it in and
out around each line, and a SIGINT in between met Python's own, which raised
KeyboardInterrupt wherever the game was (a flood of them ended it).

The handler itself only counts, and raises at most once for a line read: a signal handler
runs between any two steps of the main thread, inside a lock, a write or a `finally`,
and can run again inside itself when Ctrl-C comes faster than it returns. Silencing the
voice there could wait for a lock the interrupted code holds; a second KeyboardInterrupt
raised while CPython was making the first ended plain mode with a SystemError.

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
_looked = [0]  # the presses `heard` has acted on
_prompting: list[Callable[[], object]] = []  # while a prompt reads keys: how it is told


def quiet() -> None:
    """From now on a Ctrl-C outside a line being read silences the voice, nothing more.
    One handler for the whole game: `clears_line` only raises a flag, so no Ctrl-C can
    land between two handlers and leave the wrong one in place."""
    with suppress(ValueError, OSError, AttributeError):  # not the main thread
        signal.signal(signal.SIGINT, _pressed)


def silence_with(silence: Callable[[], None]) -> None:
    """The one way a Ctrl-C silences the voice from now on (the front end's). It runs
    where the game looks (`heard`), between two of its steps: it must only silence, and
    keep what went wrong for the next turn."""
    _silencers[:] = [silence]


def prompting(tell: Callable[[], object] | None) -> None:
    """While the prompt reads keys (`tell` given; None when it stops), a SIGINT is passed
    on to it with `tell`, which only schedules the clearing of the line in the prompt's
    own loop. A Ctrl-C typed at the prompt is a key, not a signal: this is a SIGINT
    another program sent."""
    _prompting[:] = [tell] if tell is not None else []


def _pressed(signum: int, frame: object) -> None:
    """Ctrl-C: counted; while a line is read, that line given up, once; while the prompt
    reads keys, the prompt told. Nothing else is done here (see the module's docstring)."""
    presses[0] += 1
    if _reading[0]:
        _reading[0] = False  # a Ctrl-C while this one is being raised is only counted
        raise KeyboardInterrupt
    for tell in list(_prompting):
        with suppress(Exception):  # the prompt's loop has closed: nothing to tell
            tell()


def heard() -> bool:
    """Whether Ctrl-C was pressed since the last look; if so, the voice is silenced
    here, outside the signal. Asked where the game can stop what it does: before each
    line is read, before each prompt."""
    if presses[0] == _looked[0]:
        return False
    _looked[0] = presses[0]
    for silence in list(_silencers):
        with suppress(Exception):
            silence()
    return True


class clears_line:
    """While a line is read (plain mode's `input`): Ctrl-C raises KeyboardInterrupt there,
    and the line is given up. A Ctrl-C pressed before the reading began silences the
    voice first (`heard`). Where the game's handler is not installed (a library's use),
    Python's own raises it all the same. A class, not contextlib's decorator: contextlib
    costs every start about 0.5 ms to load."""

    def __enter__(self) -> None:
        heard()
        _reading[0] = True

    def __exit__(self, *raised: object) -> None:
        _reading[0] = False
