"""A bound in wall-clock seconds only in a test marked slow.

A test that asserts that something took less than so many seconds fails when the
machine is busy, not when the game is wrong. Such bounds stay (a freeze is a bug a
player meets), but only in tests marked slow, so that `pytest -m "not slow"` answers
the same on a loaded machine as on a quiet one. Waiting for something with a deadline
(`while time.monotonic() < deadline`) is no bound: only an elapsed time compared with
a number is.

The scan reads the test modules' syntax: an assertion compares a time measured with a
clock (`time.monotonic() - before`, a name holding one, or a helper of the module that
returns one) with `<`, `<=`, `>` or `>=`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).parent
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns"}
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# Names this suite gives a time measured elsewhere (in a child process, say): a name, or a
# key of what a child reported, so called counts as a measured time. (`seconds` alone is
# also how long a sound lasts.)
TIMES = {"took", "elapsed", "stays"}
KEYS = TIMES | {"seconds"}
# Words without which a module holds no measured time: it is not parsed.
SIGNS = ("monotonic", "perf_counter", "time()", "time_ns()", *KEYS)


def is_clock(node: ast.AST) -> bool:
    """`time.monotonic()` and its kin, or `monotonic()` imported bare."""
    if not isinstance(node, ast.Call):
        return False
    called = node.func
    if isinstance(called, ast.Attribute):
        return called.attr in CLOCKS and isinstance(called.value, ast.Name)
    return isinstance(called, ast.Name) and called.id in CLOCKS - {"time"}


class Module:
    """What in one module holds a measured time: names and helpers."""

    def __init__(self, tree: ast.Module) -> None:
        self.helpers: set[str] = set()
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        # A helper returns a measured time: found again until nothing new is found,
        # for a helper that returns another's.
        while True:
            found = {
                f.name
                for f in functions
                if f.name not in self.helpers
                and any(
                    isinstance(n, ast.Return)
                    and n.value is not None
                    and self.elapsed(n.value, *self.names(f))
                    for n in ast.walk(f)
                )
            }
            if not found:
                return
            self.helpers |= found

    def names(self, function: ast.FunctionDef) -> tuple[set[str], set[str]]:
        """The names a function binds to a clock's reading (`before = time.monotonic()`),
        and those it binds to a measured time (or a helper's result)."""
        assigned = [n for n in ast.walk(function) if isinstance(n, ast.Assign)]
        readings = {
            t.id
            for n in assigned
            if is_clock(n.value)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        held: set[str] = set()
        while True:
            more = {
                target.id
                for n in assigned
                if self.elapsed(n.value, readings, held)
                for t in n.targets
                for target in ast.walk(t)
                if isinstance(target, ast.Name) and target.id not in held
            }
            if not more:
                return readings, held
            held |= more

    def elapsed(self, node: ast.AST, readings: set[str], held: set[str]) -> bool:
        """A clock read less another time, a name holding such, or a helper's result."""

        def clock(side: ast.AST) -> bool:
            return is_clock(side) or (isinstance(side, ast.Name) and side.id in readings)

        for n in ast.walk(node):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub):
                found = clock(n.left) or clock(n.right)
            elif isinstance(n, ast.Name):
                found = n.id in held or n.id in TIMES
            elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant):
                found = n.slice.value in KEYS
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                found = n.func.id in self.helpers
            else:
                found = False
            if found:
                return True
        return False

    def bounds(self, function: ast.FunctionDef) -> Iterator[int]:
        """The lines of `function` that assert a bound on a measured time."""
        readings, held = self.names(function)
        for n in ast.walk(function):
            if not isinstance(n, ast.Assert):
                continue
            for compare in ast.walk(n.test):
                if (
                    isinstance(compare, ast.Compare)
                    and any(isinstance(op, ORDER) for op in compare.ops)
                    and any(
                        self.elapsed(side, readings, held)
                        for side in (compare.left, *compare.comparators)
                    )
                ):
                    yield n.lineno
                    break


def slow(decorators: list[ast.expr]) -> bool:
    return any("slow" in ast.unparse(d) for d in decorators)


def module_slow(tree: ast.Module) -> bool:
    return any(
        isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in n.targets)
        and "slow" in ast.unparse(n.value)
        for n in tree.body
    )


def unmarked_bounds(source: str, name: str = "module") -> list[str]:
    if not any(word in source for word in SIGNS):  # no clock, no time: nothing to read
        return []
    tree = ast.parse(source)
    if module_slow(tree):
        return []
    module = Module(tree)
    found: list[str] = []

    def visit(body: list[ast.stmt], marked: bool) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, marked or slow(node.decorator_list))
            elif isinstance(node, ast.FunctionDef):
                if marked or slow(node.decorator_list):
                    continue
                found.extend(f"{name}:{line} {node.name}" for line in module.bounds(node))

    visit(tree.body, False)
    return found


def test_every_bound_in_seconds_is_in_a_test_marked_slow():
    found = [
        bound
        for path in sorted(TESTS.glob("*.py"))
        for bound in unmarked_bounds(path.read_text(encoding="utf-8"), path.name)
    ]
    assert found == []


# -- the scan itself: what it finds, and what it leaves -----------------------------------

FOUND = {
    "elapsed in the assertion": """
def test_quick():
    before = time.monotonic()
    run()
    assert time.monotonic() - before < 0.5
""",
    "a name holding it": """
def test_quick():
    began = time.perf_counter()
    run()
    took = time.perf_counter() - began
    assert took < 2, took
""",
    "a helper returning it": """
def answered():
    sent = time.monotonic()
    wait()
    return time.monotonic() - sent

def test_quick():
    took, written = answered(), 3
    assert took < 5
""",
    "a time measured elsewhere, by its name": """
def test_quick():
    result = json.loads(run())
    assert result["seconds"] < 30
""",
    "a helper's result in the assertion": """
def answered():
    sent = time.monotonic()
    return time.monotonic() - sent, []

def test_quick():
    assert answered()[0] < 5
""",
}

LEFT = {
    "a deadline waited for": """
def test_waits():
    deadline = time.monotonic() + 10
    while not done():
        assert time.monotonic() < deadline, "never started"
""",
    "marked slow": """
@pytest.mark.slow
def test_quick():
    before = time.monotonic()
    assert time.monotonic() - before < 0.5
""",
    "a module marked slow": """
pytestmark = pytest.mark.slow

def test_quick():
    before = time.monotonic()
    assert time.monotonic() - before < 0.5
""",
    "a class marked slow": """
@pytest.mark.slow
class TestQuick:
    def test_quick(self):
        before = time.monotonic()
        assert time.monotonic() - before < 0.5
""",
    "a count, not a time": """
def test_counts():
    before = len(items)
    assert len(items) - before < 3
""",
}


def test_the_scan_finds_a_bound_in_every_form():
    for form, source in FOUND.items():
        assert unmarked_bounds(source), form


def test_the_scan_leaves_deadlines_marked_tests_and_counts():
    for form, source in LEFT.items():
        assert unmarked_bounds(source) == [], form
