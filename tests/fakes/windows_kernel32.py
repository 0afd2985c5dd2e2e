"""A fake of Windows' kernel32 as ctypes gives it, for `host/windows_process.py`:
OpenProcess, GetExitCodeProcess, GetProcessTimes and CloseHandle over a table of
processes the test sets (`processes`: number -> (running, started as time.time()));
`denied` holds the numbers another user owns (OpenProcess fails with access denied).

As the real functions, called without argtypes, each argument goes through ctypes'
default conversion to a C int, which takes what fits a C long or unsigned long, 32 bits
on Windows, and refuses more with ctypes.ArgumentError ("int too long to convert",
CPython's Modules/_ctypes/callproc.c, ConvParam)."""

from __future__ import annotations

import ctypes

ACCESS_DENIED = 5
WINDOWS_LONG = (-(2**31), 2**32)  # what ctypes converts to a C int there: long or unsigned long
INVALID_PARAMETER = 87
STILL_ACTIVE = 259


class FakeKernel32:
    def __init__(self) -> None:
        self.processes: dict[int, tuple[bool, float]] = {}
        self.denied: set[int] = set()
        self.error = 0
        self.open_handles: set[int] = set()
        self._handles: dict[int, int] = {}  # handle -> process
        self._next = 100

    def last_error(self) -> int:
        return self.error

    def OpenProcess(self, access: int, inherit: bool, process: int) -> int:
        assert access == 0x1000 and inherit is False
        if not WINDOWS_LONG[0] <= process < WINDOWS_LONG[1]:
            raise ctypes.ArgumentError("argument 3: OverflowError: int too long to convert")
        if process in self.denied:
            self.error = ACCESS_DENIED
            return 0
        if process not in self.processes:
            self.error = INVALID_PARAMETER
            return 0
        self._next += 4
        self.open_handles.add(self._next)
        self._handles[self._next] = process
        return self._next

    def GetExitCodeProcess(self, handle: int, code: object) -> int:
        running, _ = self.processes[self._handles[handle]]
        code._obj.value = STILL_ACTIVE if running else 0  # type: ignore[attr-defined]
        return 1

    def GetProcessTimes(self, handle: int, *times: object) -> int:
        _, started = self.processes[self._handles[handle]]
        filetime = round((started + 11_644_473_600) * 10_000_000)
        times[0]._obj.value = filetime  # type: ignore[attr-defined]
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.open_handles.remove(handle)
        return 1
