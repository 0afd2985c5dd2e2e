"""Fresh copies of the fake modules in tests/fakes (each test gets its own state)."""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType
from typing import Any

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")


def fresh(name: str) -> ModuleType:
    """tests/fakes/NAME.py, loaded anew under the name NAME (not put in sys.modules)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(FAKES, f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_kernel32(monkeypatch: Any) -> Any:
    """A fresh fake kernel32 (tests/fakes/windows_kernel32.py) in place of Windows' own,
    for host/windows_process.py; the fake, to set its processes."""
    from halfmoon_a11y.host import windows_process

    kernel = fresh("windows_kernel32").FakeKernel32()
    monkeypatch.setattr(windows_process, "kernel32", lambda: kernel)
    monkeypatch.setattr(windows_process, "last_error", kernel.last_error)
    return kernel
