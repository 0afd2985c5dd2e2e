"""Issue 20, point 5: no code path of the game imports a module its system lacks
(fcntl, termios, pwd, grp, resource on Windows; winsound, msvcrt on macOS and Linux)
outside that system's own branch.

- Dynamically: the whole JSON mode and the whole plain mode (every kind of command, a
  game won, kept and resumed) run in the real program with HALFMOON_A11Y_PLATFORM set
  to windows and to macos, under the import guard of tests/fakes/sitecustomize.py, with
  tests/fakes (the fake msvcrt, among others) on PYTHONPATH. The guard ends the run when
  halfmoon_a11y's own code imports what that system lacks; a planted import shows it
  does.
- Statically: every import of those modules in halfmoon_a11y sits in a branch on the
  seam (host/system.py) that only that system reaches: inside `if system.is_windows():`
  (or its else), or after `if system.is_windows(): ... return` in the same block.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.play.commands import COMMANDS, settings_of_set
from tests.fakes_loader import FAKES, fresh
from tests.solver import solve

PACKAGE = Path(__file__).resolve().parent.parent / "halfmoon_a11y"
GUARD = fresh("sitecustomize")  # inert here: HALFMOON_A11Y_IMPORT_GUARD is not set
CODE = "HM1-N-AAAAAAC"  # winnable: tests.solver finds a line for it
OTHER = "HM1-N-EMQPNCT"

COMMON = [
    "board",
    "pile 1",
    "reserve 1",
    "tops",
    "info",
    "code",
    "selection",
    "pick 1",
    "selection",
    "pick 1",
    "repeat",
    "help",
    "help keys",
    "help rules",
    "help table",
    "help pick",
    "nonsense",
    "pick 99",
    "set move-errors on",
    "set placement-help on",
    "set cards short",
    "set answers short",
    "set answers full",
    "set cards full",
    "set sounds off",
    "set rate 200",
    "set heights on",
    "tops",  # with the piles' heights
    "lang ca",
    "ajuda",
    "lang da",
    "hjælp",
    "lang en",
    "stats",
    "hidden",
    "moves",
    f"new {OTHER}",  # the unfinished game is kept aside
    "pick 1 8",
    "undo",
    "redo",
    f"new {CODE}",  # this game has a move: asked to confirm
    f"new {CODE}",  # back to the first game, resumed from its kept copy
]


def script(json_mode: bool) -> list[str]:
    line = solve(deal(DealCode.parse(CODE)))
    assert line is not None
    moves = ["pick " + " ".join(move) for move in line]
    speech = ["speech on", "speech off"] if json_mode else []  # JSON never speaks
    return [*COMMON, *speech, *moves, "stats", "quit"]


def test_the_script_types_every_command_and_sets_every_setting():
    """Derived from the tables: a new command or setting is in the guarded runs below, or
    this test names it."""
    lines = script(json_mode=True)
    typed = {line.split()[0] for line in lines if line.strip()}
    assert [spec.name for spec in COMMANDS if spec.name not in typed] == []
    set_lines = {line.split()[1] for line in lines if line.startswith("set ")}
    assert [key for key in settings_of_set() if key not in set_lines] == []


def guarded_run(system: str, root: Path, *args: str, lines: list[str]):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HALFMOON"))}
    env.update(
        HOME=str(root / "home"),
        LOCALAPPDATA=str(root / "AppData" / "Local"),
        PYTHONPATH=os.pathsep.join([FAKES, str(PACKAGE.parent)]),
        HALFMOON_A11Y_PLATFORM=system,
        HALFMOON_A11Y_IMPORT_GUARD="1",
    )
    return subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def folder_of(system: str, root: Path) -> Path:
    if system == "windows":
        return root / "AppData" / "Local" / "halfmoon-a11y"
    return root / "home" / "Library" / "Application Support" / "halfmoon-a11y"


@pytest.mark.parametrize("system", ["windows", "macos"])
def test_the_whole_json_mode_imports_only_what_the_system_has(system, tmp_path):
    """Before issue 20: on Windows the lock imported fcntl first (try, then msvcrt on
    ImportError): the guard ended the run at its start (status 86)."""
    lines = script(json_mode=True)
    done = guarded_run(system, tmp_path, "--json", "--code", CODE, lines=lines)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    answers = [json.loads(text) for text in done.stdout.splitlines()]
    assert len(answers) == 1 + len(lines)
    kinds = {event["type"] for answer in answers for event in answer["events"]}
    assert "won" in kinds
    assert (folder_of(system, tmp_path) / "statistics.sqlite3").exists()


@pytest.mark.parametrize("system", ["windows", "macos"])
def test_the_whole_plain_mode_imports_only_what_the_system_has(system, tmp_path):
    lines = script(json_mode=False)
    done = guarded_run(system, tmp_path, "--plain", "--code", CODE, lines=lines)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Goodbye" in done.stdout.splitlines()[-1]
    assert "won" in done.stdout.lower()
    assert (folder_of(system, tmp_path) / "statistics.sqlite3").exists()


def planted(system: str, module: str, how: str) -> subprocess.CompletedProcess[str]:
    """A module of the game's (by its name) that imports `module`, run under the guard."""
    source = (
        f"import {module}"
        if how == "statement"
        else f"__import__('importlib').import_module('{module}')"
    )
    program = (
        "import halfmoon_a11y\n"
        f"exec(compile({source!r}, 'planted.py', 'exec'),"
        " {'__name__': 'halfmoon_a11y.planted'})\n"
        "print('not caught')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([FAKES, str(PACKAGE.parent)])}
    env.update(HALFMOON_A11Y_PLATFORM=system, HALFMOON_A11Y_IMPORT_GUARD="1")
    return subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize(
    ("system", "module"), [("windows", "fcntl"), ("windows", "termios"), ("macos", "msvcrt")]
)
@pytest.mark.parametrize("how", ["statement", "import_module"])
def test_the_guard_catches_a_planted_import(system, module, how):
    done = planted(system, module, how)
    assert done.returncode == GUARD.GUARD_STATUS, done.stdout + done.stderr
    assert f"halfmoon_a11y.planted imported {module}, which {system} lacks" in done.stderr
    assert "not caught" not in done.stdout


def test_the_guard_lets_the_standard_library_import_on_its_own_account():
    """tty imports termios, and a module of the game imports tty: not the game's import."""
    program = (
        "exec(compile('import tty', 'planted.py', 'exec'), {'__name__': 'halfmoon_a11y.x'})\n"
        "import sys; print('termios' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": FAKES}
    env.update(HALFMOON_A11Y_PLATFORM="windows", HALFMOON_A11Y_IMPORT_GUARD="1")
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr


FAKES_ARE_THE_GAMES = """\
import subprocess, sys
found = {}
for importer in ("halfmoon_a11y.planted", "someone_else"):
    try:
        exec(compile("import msvcrt, winsound", "planted.py", "exec"), {"__name__": importer})
        found[importer] = True
    except ModuleNotFoundError:
        found[importer] = False
import getpass
done = subprocess.run([sys.executable, "-c", "print(7)"], capture_output=True, text=True)
print(found["halfmoon_a11y.planted"], found["someone_else"], subprocess._mswindows,
      getpass.getpass is getpass.unix_getpass, done.stdout.strip())
"""


@pytest.mark.parametrize(("system", "game"), [("windows", "True"), ("macos", "False")])
def test_the_fakes_of_windows_modules_are_the_game_s_alone(system, game):
    """The standard library is Linux's: once it found the fake msvcrt on the path, it took
    its Windows paths (subprocess imported _winapi, and the run ended). The game finds
    the fakes on Windows only; nobody else ever does, even after the game loaded them."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([FAKES, str(PACKAGE.parent)])}
    env.update(HALFMOON_A11Y_PLATFORM=system)
    env.pop("HALFMOON_A11Y_IMPORT_GUARD", None)
    done = subprocess.run(
        [sys.executable, "-c", FAKES_ARE_THE_GAMES],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [game, "False", "False", "True", "7"]


# The static half.

ALL = frozenset({"windows", "macos", "linux"})
SEAM = {"is_windows": frozenset({"windows"}), "is_macos": frozenset({"macos"})}
NAMES = {"WINDOWS": "windows", "MACOS": "macos", "LINUX": "linux"}
LACKING = {  # module -> the systems that lack it
    module: frozenset(system for system, lacks in GUARD.LACKS.items() if module in lacks)
    for lacks in GUARD.LACKS.values()
    for module in lacks
}


def possible(test: ast.expr) -> tuple[frozenset[str], frozenset[str]]:
    """(the systems on which `test` may be true, those on which it may be false)."""
    if isinstance(test, ast.Call) and not test.args:
        func = test.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in SEAM:
            return SEAM[name], ALL - SEAM[name]
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        true, false = possible(test.operand)
        return false, true
    if isinstance(test, ast.BoolOp):
        parts = [possible(value) for value in test.values]
        if isinstance(test.op, ast.And):
            return frozenset.intersection(*(p[0] for p in parts)), frozenset.union(
                *(p[1] for p in parts)
            )
        return frozenset.union(*(p[0] for p in parts)), frozenset.intersection(
            *(p[1] for p in parts)
        )
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq | ast.NotEq)
        and isinstance(test.left, ast.Call)
        and getattr(test.left.func, "attr", getattr(test.left.func, "id", "")) == "name"
    ):
        right = test.comparators[0]
        value = right.value if isinstance(right, ast.Constant) else None
        value = NAMES.get(getattr(right, "attr", ""), value)
        if value in ALL:
            same = frozenset({value})
            pair = (same, ALL - same)
            return pair if isinstance(test.ops[0], ast.Eq) else (pair[1], pair[0])
    return ALL, ALL


def _leaves(statements: list[ast.stmt]) -> bool:
    return bool(statements) and isinstance(statements[-1], ast.Return | ast.Raise)


def reachable_on(tree: ast.Module, target: ast.stmt) -> frozenset[str]:
    """The systems on which the import `target` can run, from the seam's branches around
    it and the guard clauses before it, within its function."""

    def walk(body: list[ast.stmt], systems: frozenset[str]) -> frozenset[str] | None:
        for statement in body:
            if statement is target:
                return systems
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found = walk(statement.body, ALL)  # a new scope: its own branches
            elif isinstance(statement, ast.If):
                true, false = possible(statement.test)
                found = walk(statement.body, systems & true)
                if found is None:
                    found = walk(statement.orelse, systems & false)
                if found is None and _leaves(statement.body) and not statement.orelse:
                    systems = systems & false  # a guard clause: what follows is the rest
            else:
                found = None
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(statement, field, None)
                    if isinstance(inner, list) and found is None:
                        blocks = [h.body for h in inner] if field == "handlers" else [inner]
                        for block in blocks:
                            found = found or walk(block, systems)
            if found is not None:
                return found
        return None

    found = walk(tree.body, ALL)
    assert found is not None
    return found


def misplaced_imports(source: str) -> list[str]:
    tree = ast.parse(source)
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name.partition(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module.partition(".")[0]]
        else:
            continue
        for module in modules:
            lacking = LACKING.get(module, frozenset())
            if lacking & reachable_on(tree, node):
                wrong.append(f"line {node.lineno}: {module}")
    return wrong


def test_every_import_of_a_module_a_system_lacks_sits_in_its_branch():
    wrong = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found = misplaced_imports(path.read_text(encoding="utf-8"))
        if found:
            wrong[str(path.relative_to(PACKAGE.parent))] = found
    assert wrong == {}


@pytest.mark.parametrize(
    ("source", "wrong"),
    [
        ("import fcntl\n", ["line 1: fcntl"]),
        (
            "try:\n    import fcntl\nexcept ImportError:\n    import msvcrt\n",
            ["line 2: fcntl", "line 4: msvcrt"],
        ),
        ("if system.is_windows():\n    import msvcrt\nelse:\n    import fcntl\n", []),
        ("if not system.is_windows():\n    import termios\n", []),
        (
            "if system.is_macos():\n    import termios\nelse:\n    import msvcrt\n",
            ["line 4: msvcrt"],
        ),
        (
            "def f(fd):\n    if fd is None or system.is_windows():\n"
            "        return\n    import termios\n",
            [],
        ),
        (
            "def f(fd):\n    if fd is None and system.is_windows():\n"
            "        return\n    import termios\n",
            ["line 4: termios"],
        ),
        ("def f():\n    if system.name() == system.WINDOWS:\n        import winsound\n", []),
        (
            "def f():\n    if system.is_windows():\n        pass\n    import fcntl\n",
            ["line 4: fcntl"],
        ),
        ("if system.is_windows():\n    def f():\n        import msvcrt\n", ["line 3: msvcrt"]),
    ],
)
def test_the_static_check_tells_a_branch_from_none(source, wrong):
    assert misplaced_imports(source) == wrong
