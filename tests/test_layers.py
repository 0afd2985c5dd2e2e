"""The layers of the package, checked: no cycles, no upward imports, heavy libraries
only where they belong. docs/architecture.md explains the rules."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.core.values import SWITCH

PACKAGE = Path(__file__).resolve().parent.parent / "halfmoon_a11y"
LAYERS = ("core", "play", "text", "voice", "store", "ui")  # lowest first
# A layer may import the layers below it, and itself; these may import no more.
ALLOWED = {
    "core": {"core"},
    "play": {"core", "play"},
    "text": {"core", "play", "text"},
    "voice": {"core", "play", "text", "voice"},
    "store": {"core", "play", "store"},
    "ui": set(LAYERS),
}
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


def imports_of(path: Path, name: str) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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


GRAPH = {
    name: {m for m in imports_of(path, name) if m in modules() and m != name}
    for name, path in modules().items()
}


@pytest.mark.parametrize("name", sorted(n for n in GRAPH if layer_of(n)))
def test_no_upward_import(name):
    layer = layer_of(name)
    upward = {m for m in GRAPH[name] if layer_of(m) not in ALLOWED[layer]}
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


def test_no_import_cycles():
    done: set[str] = set()
    trail: list[str] = []

    def visit(name: str) -> None:
        if name in trail:
            raise AssertionError("cycle: " + " -> ".join([*trail[trail.index(name) :], name]))
        if name in done:
            return
        trail.append(name)
        for target in sorted(GRAPH[name]):
            if target.startswith(name + "."):
                continue  # a package's __init__ naming its own modules is no cycle
            visit(target)
        trail.pop()
        done.add(name)

    for name in sorted(GRAPH):
        visit(name)


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


def test_nothing_outside_the_session_assigns_its_state():
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.session import Session

    session = Session(DealCode(0))
    for name in ("settings", "code", "game", "clock", "resumed", "finished"):
        with pytest.raises(AttributeError):
            setattr(session, name, None)


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
    assert "HM1-N-EMQPNCT" in done.stdout  # it really started and answered
    loaded = {name.split(".")[0] for name in json.loads(done.stderr)}
    assert not loaded & HEAVY
