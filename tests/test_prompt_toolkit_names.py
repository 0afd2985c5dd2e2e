"""The private names of prompt_toolkit that ui/ reads, checked on the real objects and
modules: a release that renames or drops one fails here, naming it, before a player
meets a prompt that draws wrong or a parser whose cache grows without end.
pyproject.toml holds prompt_toolkit below its next major for the same reason.

- `Renderer._last_screen` and `Renderer._cursor_pos`: where the prompt's drawing ends
  (ui/one_write.py `below`, ui/prompt.py's render);
- `_IS_PREFIX_OF_LONGER_MATCH_CACHE` in the VT100 parser's module: the cache ui/escapes.py
  keeps small;
- `Vt100ConsoleInputReader._vt100_parser` on Windows, `vt100_parser` of the POSIX inputs:
  the parser ui/escapes.py feeds through its cap.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.renderer import Renderer
from prompt_toolkit.styles import Style

from halfmoon_a11y.ui.escapes import PARSERS, PREFIX_CACHE


def test_the_renderer_still_has_its_last_screen_and_cursor_position():
    renderer = Renderer(Style([]), DummyOutput(), full_screen=False)
    for name in ("_last_screen", "_cursor_pos"):
        assert hasattr(renderer, name), f"prompt_toolkit's Renderer has no {name} any more"
    assert hasattr(renderer._cursor_pos, "y"), "Renderer._cursor_pos has no y any more"


def test_the_parser_s_module_still_has_its_prefix_cache():
    module = sys.modules[Vt100Parser.__module__]
    cache = getattr(module, PREFIX_CACHE, None)
    assert isinstance(cache, dict), f"{module.__name__} has no dict {PREFIX_CACHE} any more"


def test_the_posix_input_still_keeps_its_parser_where_the_cap_looks():
    (holder, name), _ = PARSERS
    assert holder == ""  # on the input itself
    with create_pipe_input() as terminal:
        parser = getattr(terminal, name, None)
        assert isinstance(parser, Vt100Parser), f"the pipe input has no {name} any more"


def assigned_in_init(source: str, class_name: str) -> set[str]:
    """The `self.X` names a class's __init__ assigns."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return {
                        target.attr
                        for each in ast.walk(item)
                        if isinstance(each, ast.Assign | ast.AnnAssign)
                        for target in (
                            each.targets if isinstance(each, ast.Assign) else [each.target]
                        )
                        if isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == "self"
                    }
    return set()


def test_the_windows_reader_still_keeps_its_parser_where_the_cap_looks():
    """prompt_toolkit.input.win32 imports only on Windows: its source is read instead."""
    _, (holder, name) = PARSERS
    assert holder == "console_input_reader"
    spec = importlib.util.find_spec("prompt_toolkit.input.win32")
    assert spec is not None and spec.origin is not None, "prompt_toolkit.input.win32 is gone"
    source = Path(spec.origin).read_text(encoding="utf-8")
    assert name in assigned_in_init(source, "Vt100ConsoleInputReader"), (
        f"prompt_toolkit's Vt100ConsoleInputReader sets no {name} any more"
    )
    assert holder in assigned_in_init(source, "Win32Input"), (
        f"prompt_toolkit's Win32Input sets no {holder} any more"
    )
