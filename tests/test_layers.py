"""The layers of the package, checked: no upward imports, heavy libraries only where
they belong (no import circles: tests/test_import_circles.py). docs/architecture.md
explains the rules."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from halfmoon_a11y.core.values import SWITCH

PACKAGE = Path(__file__).resolve().parent.parent / "halfmoon_a11y"
LAYERS = ("core", "host", "play", "store", "text", "voice", "ui")  # lowest first
# A layer may import the layers below it, and itself; these may import no more. Playing
# and its words are pure: neither play nor text imports the host (files, the system).
ALLOWED = {
    "core": {"core"},
    "host": {"core", "host"},
    "play": {"core", "play"},
    "store": {"core", "host", "play", "store"},
    "text": {"core", "play", "text"},
    "voice": {"core", "host", "play", "text", "voice"},
    "ui": set(LAYERS),
}
# The words know the store's notices (plain values: issue 27), and nothing else of it.
STORE_NOTICES = {"halfmoon_a11y.store", "halfmoon_a11y.store.notices"}
# Third-party and heavy standard-library modules, and the only layers that may import them.
OWNERS = {
    "prompt_toolkit": {"ui"},
    "pyttsx3": {"voice"},
    "sqlite3": {"store"},
    "polib": {"text"},
    "platformdirs": {"store"},
    "tomlkit": {"store"},
    "tomllib": {"store"},
}


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_only(tree: ast.Module) -> set[ast.AST]:
    """The nodes under `if TYPE_CHECKING:`: imports for type checkers, never run."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for child in node.body:
                found.update(ast.walk(child))
    return found


def imports_of(path: Path, name: str, typing: bool = True) -> set[str]:
    """Every module a file imports, at the top or inside a function; with `typing` False,
    not those for type checkers only (they make no cycle at run time)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(), str(path))
    skipped = set() if typing else _type_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


_MODULES = modules()  # read once: walking the package for each import took 10 s
GRAPH = {
    name: {m for m in imports_of(path, name) if m in _MODULES and m != name}
    for name, path in _MODULES.items()
}


@pytest.mark.parametrize("name", sorted(n for n in GRAPH if layer_of(n)))
def test_no_upward_import(name):
    layer = layer_of(name)
    assert layer is not None  # the names taken are those in a layer
    upward = {m for m in GRAPH[name] if layer_of(m) not in ALLOWED[layer]}
    if layer == "text":
        upward -= STORE_NOTICES
    assert not upward, f"{name} ({layer}) imports {sorted(upward)}"


def test_every_module_sits_in_a_layer():
    top = {"halfmoon_a11y", "halfmoon_a11y.__main__"}
    loose = [n for n in GRAPH if layer_of(n) is None and n not in top]
    assert not loose, f"modules outside the layers: {loose}"


def test_heavy_libraries_only_where_they_belong():
    wrong = []
    for name, path in modules().items():
        for imported in imports_of(path, name):
            top = imported.split(".")[0]
            if top in OWNERS and layer_of(name) not in OWNERS[top]:
                wrong.append(f"{name} imports {top}")
    assert not wrong


def loaded_after(code: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport json, sys; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_engine_loads_only_the_standard_library():
    loaded = loaded_after("import halfmoon_a11y.core.engine")
    ours = {m for m in loaded if m.startswith("halfmoon_a11y")}
    others = {m.split(".")[0] for m in loaded - ours} - set(sys.stdlib_module_names)
    assert not others - {"__main__", "_distutils_hack", "sitecustomize", "usercustomize"}
    assert all(m == "halfmoon_a11y" or m.startswith("halfmoon_a11y.core") for m in ours)


def session_writes(source: str, name: str) -> list[str]:
    """Where a module assigns an attribute of a session, calls setattr or delattr on one,
    or touches its private state (`session._game`)."""
    wrong = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and _names_a_session(target.value):
                wrong.append(f"{name}:{target.lineno} assigns {ast.unparse(target)}")
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) in {"setattr", "delattr"}
            and node.args
            and _names_a_session(node.args[0])
        ):
            wrong.append(f"{name}:{node.lineno} {ast.unparse(node)}")
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and _names_a_session(node.value)
        ):
            wrong.append(f"{name}:{node.lineno} reads {ast.unparse(node)}")
    return wrong


def _names_a_session(node: ast.expr) -> bool:
    """`session`, `self.session`, `front.session`: an expression that names a session."""
    text = ast.unparse(node)
    return text == "session" or text.endswith(".session")


def test_nothing_outside_the_session_assigns_its_state():
    own = PACKAGE / "play" / "session.py"
    wrong = [
        found
        for name, path in modules().items()
        if path != own
        for found in session_writes(path.read_text(), name)
    ]
    assert not wrong


def test_the_session_check_finds_each_kind_of_write():
    planted = (
        "session.game = None\n"
        "self.session.x += 1\n"
        "setattr(front.session, 'a', 1)\n"
        "print(session._game)\n"
        "other.game = None\n"  # not a session: not reported
    )
    assert [line.split()[0] for line in session_writes(planted, "m")] == [
        "m:1",
        "m:2",
        "m:3",
        "m:4",
    ]


# What a start must not pay for (issue 12): the prompt, statistics and speech until they
# are used; dataclasses (the game's value classes are core.values records); a random deal's
# secrets when a code is given; the settings file's readers and writers when there is none.
HEAVY = {
    "prompt_toolkit",
    "sqlite3",
    "_sqlite3",
    "pyttsx3",
    "dataclasses",
    "secrets",
    "tomllib",
    "tomlkit",
    # what a start with a code and no settings file never needs: each cost 1 to 6 ms
    "pathlib",
    "platformdirs",
    "typing",
    "tempfile",
    "subprocess",
    "polib",
    "difflib",
    # issue 27: contextlib (0.5 to 1 ms) for `suppress` alone: core.quiet does it
    "contextlib",
    # threads are made only where the game's own voice may speak (issue 20 once loaded it
    # at every start, for the voice's names: 0.5 ms)
    "threading",
}


@pytest.mark.parametrize("mode", [["--json"], ["--plain", "--no-speech"]])
def test_a_start_loads_only_what_it_uses(mode):
    """The JSON mode and plain mode never load prompt_toolkit; nothing loads sqlite3
    before statistics are used, nor pyttsx3 before a sentence is synthesised."""
    code = (
        "import io, json, sys\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b'pick 1\\nquit\\n'))\n"
        "from halfmoon_a11y.ui.cli import main\n"
        f"status = main({[*mode, '--code', 'HM1-N-EMQPNCT']!r})\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
        "sys.exit(status)\n"
    )
    # a real start: records are not dataclasses (the CI run with the switch loads them)
    environ = {name: value for name, value in os.environ.items() if name != SWITCH}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=environ,
    )
    assert done.returncode == 0, done.stderr
    assert "HM1 N, E, M, Q, P, N, C, T" in done.stdout  # it really started and answered
    modules_loaded = json.loads(done.stderr)
    loaded = {name.split(".")[0] for name in modules_loaded}
    assert not loaded & HEAVY, sorted(loaded & HEAVY)
    if mode == ["--json"]:  # it never speaks: nothing of the voice (issue 27)
        assert not [name for name in modules_loaded if name.startswith("halfmoon_a11y.voice")]


# -- a turn goes down once and comes up once -------------------------------------------

RANK = {layer: rank for rank, layer in enumerate(LAYERS)}
# The one sanctioned way up: the session asks the store behind its port (play/port.py).
PORT = {"kept", "summary", "saves_nothing"}


def upward_calls(run) -> list[str]:
    """Every call from a lower layer into a higher one made while `run()` runs: a frame
    of the game whose callers (outward, up to a call through the port) include a frame
    of a lower layer. In a straight line each layer calls only the layers below it."""
    found: set[str] = set()

    def layer(frame) -> str | None:
        module = frame.f_globals.get("__name__", "")
        return layer_of(module) if module.startswith("halfmoon_a11y.") else None

    def profile(frame, event, arg):
        if event != "call":
            return
        callee = layer(frame)
        if callee is None or (callee == "store" and frame.f_code.co_name in PORT):
            return
        caller = frame.f_back
        while caller is not None:
            if caller.f_code.co_name in PORT and layer(caller) == "store":
                return  # asked through the port: the store answers from here
            below = layer(caller)
            if below is not None and RANK[below] < RANK[callee]:
                name = f"{frame.f_globals['__name__']}.{frame.f_code.co_qualname}"
                found.add(f"{name} called from {below}")
                return
            caller = caller.f_back

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return sorted(found)


SCRIPT = [
    "pick 1 8",
    "undo",
    "pick 1 8",
    "set move-errors on",
    "pick 1 2",
    "lang ca",
    "ajuda",
    "repetir",
    "xyz",
    "estadístiques",
    "nova HM1-N-AAAAAAB",
    "nova HM1-N-AAAAAAB",
    "info",
    "surt",
]


def test_a_turn_goes_down_once_and_up_once(paths):
    """The text front end and the JSON mode, with the real store, playing every kind of
    command: no function of a higher layer is ever called from a lower one."""
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.ui.jsonmode import JsonMode
    from halfmoon_a11y.ui.loop import serve

    def game(front_end) -> None:
        keeper = Keeper(paths, SettingsFile.load(paths.settings))
        session = keeper.open(DealCode.parse("HM1-N-EMQPNCT"))
        serve(front_end(session, keeper), SCRIPT)
        keeper.close()

    out: list[str] = []
    assert upward_calls(lambda: game(lambda s, k: TextFrontEnd(s, out.extend, store=k))) == []
    assert "Adeu." in out
    assert upward_calls(lambda: game(lambda s, k: JsonMode(s, store=k))) == []


def test_a_callback_passed_down_is_found():
    """The check above finds a function of the ui layer called from the session, as the
    observers and Dialogue's `follow` were before issue 17."""
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.dispatch import handle
    from halfmoon_a11y.play.session import Session

    scope: dict[str, Any] = {"__name__": "halfmoon_a11y.ui.planted"}
    exec("def clock():\n    return 0.0\n", scope)  # a function of the ui layer
    session = Session(DealCode(0), now=scope["clock"])  # ... passed down, called by play
    assert upward_calls(lambda: handle(session, "pick 1")) == [
        "halfmoon_a11y.ui.planted.clock called from play"
    ]


def test_only_core_values_imports_dataclasses_or_typing_at_run_time():
    """The game's value classes are core.values records (or, when a test run asks, the
    dataclasses of core.standard_records), and typing is for type checkers:
    `dataclasses` imports `typing` and `inspect`, which take time at start, and imported on
    a voice thread while the prompt imported typing beside it, a class was made from a
    half-loaded typing ("partially initialized module 'typing' has no attribute
    'ClassVar'"): speech auto's choice failed at random (found in issue 27's runs)."""
    wrong = [
        f"{name} imports {imported}"
        for name, path in modules().items()
        if name not in ("halfmoon_a11y.core.values", "halfmoon_a11y.core.standard_records")
        for imported in imports_of(path, name, typing=False)
        if imported.split(".")[0] in ("dataclasses", "typing")
    ]
    assert not wrong


def test_the_words_contract_names_every_module_of_the_store_but_its_notices():
    """pyproject.toml's contract "The words know the store's notices…" lists the store's
    modules one by one (import-linter takes no "all but one"): a new one is listed too."""
    import tomllib

    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())
    [contract] = [
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c["name"].startswith("The words know the store's notices")
    ]
    store = {n for n in modules() if n.startswith("halfmoon_a11y.store.")}
    assert set(contract["forbidden_modules"]) == store - {"halfmoon_a11y.store.notices"}
