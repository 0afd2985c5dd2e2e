"""Whether a process runs, asked of Windows itself (kernel32, through ctypes).

On Windows `os.kill(pid, 0)` is no probe: any signal but the two Ctrl events calls
TerminateProcess, so it would end the other window. The lock (`store/lock.py`) asks
here instead, and only on Windows (host/system.py). ctypes is loaded only then.
"""

from __future__ import annotations

import ctypes

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from typing import Any

QUERY_LIMITED_INFORMATION = 0x1000  # PROCESS_QUERY_LIMITED_INFORMATION: any user's process
STILL_ACTIVE = 259  # GetExitCodeProcess's answer while the process runs
INVALID_PARAMETER = 87  # OpenProcess: no process has that number
FILETIME_PER_SECOND = 10_000_000  # FILETIME counts 100 ns
FILETIME_TO_UNIX = 11_644_473_600  # seconds from 1601-01-01 to 1970-01-01
LARGEST_PROCESS = 2**32 - 1  # a process id is a DWORD; ctypes refuses a larger number


def kernel32() -> Any:
    """The kernel32 library (replaced by a fake in the tests)."""
    return ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]


def last_error() -> int:
    """The error of the last call into kernel32 (replaced by a fake in the tests)."""
    return int(ctypes.get_last_error())  # type: ignore[attr-defined,unused-ignore]


def process_state(process: int) -> tuple[bool, float | None]:
    """(whether it runs, when it started as time.time() where Windows says). A process
    another user owns, that may not be asked, runs: nobody can tell otherwise. A number
    beyond a DWORD (a lock file's garbage) is no process's."""
    if not 0 < process <= LARGEST_PROCESS:
        return False, None
    try:
        library = kernel32()
    except (AttributeError, OSError):  # no kernel32: nobody can tell, so it runs
        return True, None
    handle = library.OpenProcess(QUERY_LIMITED_INFORMATION, False, process)
    if not handle:
        return last_error() != INVALID_PARAMETER, None
    try:
        code = ctypes.c_ulong()
        if library.GetExitCodeProcess(handle, ctypes.byref(code)) and code.value != STILL_ACTIVE:
            return False, None
        times = [ctypes.c_ulonglong() for _ in range(4)]  # created, exited, kernel, user
        if not library.GetProcessTimes(handle, *(ctypes.byref(each) for each in times)):
            return True, None
        return True, times[0].value / FILETIME_PER_SECOND - FILETIME_TO_UNIX
    finally:
        library.CloseHandle(handle)
