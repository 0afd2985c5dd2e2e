"""Fresh copies of the fake modules in tests/fakes (each test gets its own state)."""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")


def fresh(name: str) -> ModuleType:
    """tests/fakes/NAME.py, loaded anew under the name NAME (not put in sys.modules)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(FAKES, f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
