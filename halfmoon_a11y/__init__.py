"""Half Moon, a two-deck solitaire of the Elevens family, made for play by ear."""

import signal as _signal
import sys as _sys

# Started as the program (python -m halfmoon_a11y, or the halfmoon-a11y command), a
# Ctrl-C while it is still loading is ignored rather than a traceback, and not shown as
# ^C; the command line (ui.cli.main) gives Ctrl-C its meaning back once the game is
# loaded. The cyclic garbage collector waits too: a start makes some hundred classes and
# their tables, which it would go over again and again, about 3 ms for nothing;
# `ui.cli.started` turns it on again, with what the start made set aside (gc.freeze).
# Imported as a library (tests, other programs), nothing changes.
if _sys.argv[:1] == ["-m"] or _sys.argv[0].endswith("halfmoon-a11y"):
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    if _sys.stdin is not None and _sys.stdin.isatty():  # no `^C` shown: host/control_echo.py
        from halfmoon_a11y.host import control_echo as _control_echo

        _control_echo.hide()
    import gc as _gc

    _gc.disable()

__version__ = "0.1.0"
