"""No two modules of the package import each other, through any chain, even for types.

Every import is read from the source, as a type checker and a reader see it: at the top
of a module, inside a function, and under `if TYPE_CHECKING:`. An import for types only
loads nothing, but it still ties the two modules: neither can be read, moved or tested
without the other. docs/architecture.md gives the layers these circles would cross.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "halfmoon_a11y"

# Circles known today, each with the change that removes it. Nothing else may be added.
KNOWN: set[frozenset[str]] = set()  # none: a circle found here is a new one


def module_names() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(path: Path, name: str) -> set[str]:
    """Every module a file names in an import statement, wherever the statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)  # `from a.b import c`: c may be a module of a.b, or a name in it
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package, and the modules of the package it imports (a
    package's `__init__` among them, as `from halfmoon_a11y.play import answers` names
    it)."""
    names = module_names()
    return {
        name: {m for m in imported(path, name) if m in names and m != name}
        for name, path in names.items()
    }


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm):
    each a set of modules that all reach one another."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in sorted(graph[name]):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == name:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_no_module_imports_itself_through_a_circle():
    found = set(circles(import_graph()))
    unknown = sorted(sorted(circle) for circle in found - KNOWN)
    assert not unknown, f"import circles: {unknown}"


def test_the_known_circles_are_still_there():
    """A circle that went must leave KNOWN too, so that it cannot come back unseen."""
    assert set(circles(import_graph())) >= KNOWN


def test_a_circle_through_types_only_is_found():
    graph = {
        "a": {"b"},  # at the top
        "b": {"c"},  # inside a function
        "c": {"a"},  # under `if TYPE_CHECKING:`
        "d": {"a"},
    }
    assert circles(graph) == [frozenset({"a", "b", "c"})]


def test_every_kind_of_import_is_read(tmp_path):
    source = tmp_path / "mod.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import halfmoon_a11y.core.cards\n"
        "if TYPE_CHECKING:\n"
        "    from halfmoon_a11y.play.session import Session\n"
        "def late():\n"
        "    from . import answers\n",
        encoding="utf-8",
    )
    found = imported(source, "halfmoon_a11y.play.mod")
    assert {
        "halfmoon_a11y.core.cards",
        "halfmoon_a11y.play.session",
        "halfmoon_a11y.play.answers",
    } <= found
