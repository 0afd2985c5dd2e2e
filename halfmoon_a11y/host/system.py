"""Which operating system the game runs on: one answer, asked for in one place.

Every Windows or macOS branch asks `system.name()` (or `is_windows`, `is_macos`),
never `sys.platform`, so that the branches can run here, on Linux, with fakes of
what those systems have (a `winsound` module, a `say` command, `tasklist`):
`docs/platforms.md` says what was verified that way and what never ran.

`HALFMOON_A11Y_PLATFORM` (windows, macos or linux) sets the answer for a whole run;
it exists for those tests, which start the real program with it. In a test's own
process, `pretend` sets it and `pretend(None)` goes back to the real answer.
"""

from __future__ import annotations

import os
import sys

WINDOWS = "windows"
MACOS = "macos"
LINUX = "linux"  # and every other Unix: the BSDs behave as Linux does here
NAMES = (WINDOWS, MACOS, LINUX)
ENVIRONMENT_VARIABLE = "HALFMOON_A11Y_PLATFORM"

_chosen: str | None = None


def from_sys_platform(platform: str) -> str:
    """The system a `sys.platform` value names (cygwin is a Unix)."""
    if platform == "win32":
        return WINDOWS
    if platform in ("darwin", "ios"):
        return MACOS
    return LINUX


def name() -> str:
    """windows, macos or linux; read once."""
    global _chosen
    if _chosen is None:
        wanted = os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower()
        _chosen = wanted if wanted in NAMES else from_sys_platform(sys.platform)
    return _chosen


def is_windows() -> bool:
    return name() == WINDOWS


def is_macos() -> bool:
    return name() == MACOS


def pretend(system: str | None) -> None:
    """For tests: behave as `system` from now on; None goes back to the real one."""
    global _chosen
    if system is not None and system not in NAMES:
        raise ValueError(f"no such system: {system!r}")
    _chosen = system
