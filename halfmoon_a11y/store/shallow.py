"""JSON read from the game's own files, refused when nested deeper than the game ever
writes. Python's json parser recurses in C for each level: CPython stops it with a
RecursionError, but in the browser's Python (Pyodide) a few thousand levels overflow
WebAssembly's stack first, and that kills the interpreter, page and all. The game's
files nest four levels at most."""

from __future__ import annotations

import json
import re

DEPTH = 32  # levels of arrays and objects allowed, far above the game's own four
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(rb"[\[\]{}]")


def loads(raw: bytes | str) -> object:
    """`json.loads(raw)`, raising ValueError for JSON nested past DEPTH."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") > DEPTH and too_deep(data):
        raise ValueError(f"JSON nested deeper than {DEPTH} levels")
    return json.loads(raw)


def too_deep(data: bytes) -> bool:
    """Whether `data` opens more than DEPTH arrays or objects at once (strings skipped)."""
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', data)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            if depth > DEPTH:
                return True
        else:
            depth -= 1
    return False
