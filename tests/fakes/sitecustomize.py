"""The import guard for runs that pretend to be on Windows or macOS (issue 20, point 5),
and the fakes of Windows' own modules kept for the game alone.

Python runs this file at start-up when tests/fakes is on PYTHONPATH.

The fakes of Windows' own modules here (msvcrt, winsound: FOR_THE_GAME) are found by
the game's own code (a module named halfmoon_a11y...) when HALFMOON_A11Y_PLATFORM is
windows, and by nothing else: the standard library is this machine's, Linux's, and
takes its Windows paths when it finds msvcrt (subprocess then imports _winapi, which
Linux lacks, and the run ends). So an import statement of one of them by any other
module, or by the game on another system, finds no such module, as on Linux; even
when the game has loaded it already. On whenever this folder is on sys.path, guard or
not; loaded by the test run itself (to read LACKS), where it is not, it changes nothing.

The guard does nothing unless HALFMOON_A11Y_IMPORT_GUARD=1; then, for the system
HALFMOON_A11Y_PLATFORM names (host/system.py), any import by the game's own code of a
module that system lacks ends the run at once: a message on standard error, exit status
GUARD_STATUS. Imports made by the standard library or prompt_toolkit on their own
account do not count: the importer is the module whose code runs the import statement
(the globals `__import__` is given), or, for importlib.import_module, the first frame
outside importlib.

Both ways are watched: `builtins.__import__` (every import statement, even of a module
loaded already) and a finder first on sys.meta_path (a module's first loading, however
asked for).
"""

from __future__ import annotations

import builtins
import os
import sys

GUARD_STATUS = 86
LACKS = {
    "windows": frozenset({"fcntl", "termios", "pwd", "grp", "resource"}),
    "macos": frozenset({"winsound", "msvcrt", "winreg", "_winapi"}),
    "linux": frozenset({"winsound", "msvcrt", "winreg", "_winapi"}),
}
GAME = "halfmoon_a11y"
FOR_THE_GAME = frozenset({"msvcrt", "winsound"})  # fakes in this folder: the game's alone


def _is_game(module: object) -> bool:
    return isinstance(module, str) and (module == GAME or module.startswith(GAME + "."))


def _caught(importer: str, module: str, system: str) -> None:
    message = f"import guard: {importer} imported {module}, which {system} lacks\n"
    try:
        sys.stderr.write(message)
        sys.stderr.flush()
    finally:
        os._exit(GUARD_STATUS)


def _importer_outside_importlib() -> str:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        own = frame.f_code.co_filename == __file__
        if not own and not str(name).startswith(("importlib", "_frozen_importlib")):
            return str(name)
        frame = frame.f_back  # type: ignore[assignment]
    return ""


def install(system: str) -> None:
    lacking = LACKS.get(system, frozenset())
    original = builtins.__import__

    def guarded(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name.partition(".")[0] in lacking:
            importer = (globals or {}).get("__name__", "")
            if _is_game(importer):
                _caught(importer, name, system)
        return original(name, globals, locals, fromlist, level)

    class Finder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] in lacking:
                importer = _importer_outside_importlib()
                if _is_game(importer):
                    _caught(importer, name, system)
            return None  # the other finders load it

    builtins.__import__ = guarded
    sys.meta_path.insert(0, Finder())


def keep_for_the_game(system: str) -> None:
    """Import statements of FOR_THE_GAME's modules find them only when the game's own
    code asks, on Windows; any other asker gets ModuleNotFoundError, as on Linux."""
    original = builtins.__import__

    def kept(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name.partition(".")[0] in FOR_THE_GAME:
            importer = (globals or {}).get("__name__", "")
            if system != "windows" or not _is_game(importer):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return original(name, globals, locals, fromlist, level)

    builtins.__import__ = kept


def on_the_path() -> bool:
    """Whether this folder is on sys.path, so that anyone could find its fakes (never in
    the test run itself, which loads this file only to read GUARD_STATUS and LACKS)."""
    here = os.path.dirname(os.path.abspath(__file__))
    return any(os.path.abspath(entry or os.curdir) == here for entry in sys.path)


SYSTEM = os.environ.get("HALFMOON_A11Y_PLATFORM", "").strip().lower() or "linux"
if on_the_path():
    keep_for_the_game(SYSTEM)  # first: the guard, put around it, sees the game's imports first
if os.environ.get("HALFMOON_A11Y_IMPORT_GUARD") == "1":
    install(SYSTEM)
