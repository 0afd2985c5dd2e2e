"""The import guard for runs that pretend to be on Windows or macOS (issue 20, point 5).

Python runs this file at start-up when tests/fakes is on PYTHONPATH. It does nothing
unless HALFMOON_A11Y_IMPORT_GUARD=1; then, for the system HALFMOON_A11Y_PLATFORM names
(play/system.py), any import by the game's own code (a module named halfmoon_a11y...) of
a module that system lacks ends the run at once: a message on standard error, exit
status GUARD_STATUS. Imports made by the standard library or prompt_toolkit on their own
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


if os.environ.get("HALFMOON_A11Y_IMPORT_GUARD") == "1":
    install(os.environ.get("HALFMOON_A11Y_PLATFORM", "").strip().lower() or "linux")
