"""Control keys are never echoed as `^C`: a terminal reader said "caret C".

Between two lines the terminal is its own (cooked): while the game loads, and while it
writes a long answer. There a Ctrl-C was shown as `^C` (the terminal's ECHOCTL) and a
terminal screen reader spoke it, four times in one session, though the game ignores or
counts that Ctrl-C and says what it did. Started as the program at a terminal, the game
turns ECHOCTL off as its first act (the package's `__init__`) and back on as its last
(`ui.cli.run`); the prompt's own raw mode keeps it as it finds it. A kill leaves it off,
which only hides `^C` in the shell until the shell sets its own modes again. Windows'
console echoes no control keys.
"""

from __future__ import annotations

from halfmoon_a11y.host import system

if not system.is_windows():
    import termios

_before: list[int] = []  # the terminal's modes as the game found them


def hide(fd: int = 0) -> None:
    """At a terminal, control keys are no longer shown as `^C` from now on."""
    if system.is_windows():
        return
    try:
        found = termios.tcgetattr(fd)
        changed = termios.tcgetattr(fd)
        changed[3] &= ~termios.ECHOCTL
        termios.tcsetattr(fd, termios.TCSANOW, changed)
    except (termios.error, OSError, ValueError):  # not a terminal, or closed
        return
    _before[:] = [fd, found[3]]


def show() -> None:
    """ECHOCTL as the game found it: the shell after it shows `^C` as before."""
    if system.is_windows() or not _before:
        return
    fd, flags = _before
    try:
        modes = termios.tcgetattr(fd)
        modes[3] = (modes[3] & ~termios.ECHOCTL) | (flags & termios.ECHOCTL)
        termios.tcsetattr(fd, termios.TCSANOW, modes)
    except (termios.error, OSError, ValueError):
        return
    _before.clear()
