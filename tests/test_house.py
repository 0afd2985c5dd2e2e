"""The shape of the house, held: what the front ends, the store and the root promise.

- No front end derives its behaviour by overriding a template: a class of the
  package overrides at most three methods of a base class of the package, and the
  text front end's class stays small.
- The keeper stays small: it carries out the store's plan, it does not decide.
- An import waits inside a function only where that module is named below, with
  the reason: the composition root's factories, this system's own modules (taken
  only inside that system's branch: tests/test_platform_imports.py), or a library
  that only the first use of a feature pays for. A new one elsewhere fails here, so
  that its reason is written down.
- Code comments give reasons, not the project's history: no issue numbers.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import pkgutil
import re
import tokenize
from collections import Counter
from pathlib import Path

import halfmoon_a11y
from halfmoon_a11y.ui.frontend import TextFrontEnd

PACKAGE = Path(halfmoon_a11y.__file__).parent

ROOT = "the composition root: a start loads only what its mode uses (ui/world.py)"
SYSTEM = "a module only this system has, taken inside its branch"
FIRST_USE = "a library only the first use of a feature pays for"
# Where an import may wait inside a function, how many, and why.
WAITING: dict[str, tuple[int, str]] = {
    "ui/world.py": (6, ROOT),
    "store/results.py": (
        1,
        FIRST_USE + ": the database module and sqlite3, when statistics are used",
    ),
    "ui/cli.py": (1, ROOT + ": argparse, for an option the quick reading does not know"),
    "play/suggest.py": (1, FIRST_USE + ": difflib, to suggest a command"),
    "store/files.py": (2, FIRST_USE + ": platformdirs, outside Linux"),
    "store/lock.py": (2, SYSTEM),
    "store/lock_file.py": (1, SYSTEM),
    "store/settings_file.py": (2, FIRST_USE + ": tomllib and tomlkit, for a settings file"),
    "text/catalog.py": (2, FIRST_USE + ": polib for another language, locale for none"),
    "ui/plain.py": (1, SYSTEM + ": readline"),
    "voice/choosing.py": (1, FIRST_USE + ": threading, when a voice is chosen"),
    "voice/speaker.py": (1, FIRST_USE + ": threading, when a voice is made"),
    "voice/speech.py": (1, FIRST_USE + ": the sounds, at the first sound"),
    "voice/folder.py": (1, SYSTEM),
    "voice/leaving.py": (2, SYSTEM),
    "voice/synth.py": (3, SYSTEM + ": pyttsx3 and COM, on Windows and macOS"),
    "voice/winsound_player.py": (1, SYSTEM),
}


def package_modules() -> list[str]:
    return [
        module.name
        for module in pkgutil.walk_packages([str(PACKAGE)], "halfmoon_a11y.")
        if not module.name.endswith("__main__")
    ]


def test_no_class_overrides_more_than_three_methods_of_a_base():
    found = {}
    for name in package_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != name:
                continue
            for base in cls.__mro__[1:]:
                if not base.__module__.startswith("halfmoon_a11y") or base is cls:
                    continue
                mine = {n for n, v in vars(cls).items() if callable(v) and not n.startswith("__")}
                overridden = mine & {n for n in vars(base) if not n.startswith("__")}
                if len(overridden) > 3:
                    found[f"{name}.{cls.__name__}"] = sorted(overridden)
    assert not found


def test_the_text_front_end_only_composes():
    lines, _ = inspect.getsourcelines(TextFrontEnd)
    assert len(lines) < 100
    assert TextFrontEnd.__mro__ == (TextFrontEnd, object)


def imports_in_functions() -> Counter[str]:
    found: set[tuple[str, int]] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        found.add((path.relative_to(PACKAGE).as_posix(), inner.lineno))
    return Counter(module for module, _ in found)


def test_an_import_waits_inside_a_function_only_for_a_stated_reason():
    counted = imports_in_functions()
    beyond = {
        module: count
        for module, count in counted.items()
        if count > WAITING.get(module, (0, ""))[0]
    }
    assert not beyond, "say why in WAITING, or import at the top"
    assert sum(counted.values()) == sum(counted[module] for module in WAITING)
    assert sum(counted.values()) < 30


def test_code_comments_name_no_issue():
    named = []
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            commented = token.type in (tokenize.COMMENT, tokenize.STRING)
            if commented and re.search(r"\bissues? \d+", token.string, re.IGNORECASE):
                named.append(f"{path.relative_to(PACKAGE)}:{token.start[0]}")
    assert len(named) < 10, named


def test_the_keeper_carries_out_and_stays_small():
    """The keeper runs the store's plan; what to open, write, record and say is decided
    in pure functions (store/turn.py, choosing.py, result.py)."""
    from halfmoon_a11y.store.keeper import Keeper

    lines, _ = inspect.getsourcelines(Keeper)
    assert len(lines) <= 150
    tree = ast.parse(inspect.getsource(Keeper))
    attributes = {
        target.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    }
    assert len(attributes) <= 8, sorted(attributes)
