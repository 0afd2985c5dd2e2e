"""Windows: sound files played with the standard library's `winsound`.

`PlaySound(path, SND_FILENAME | SND_ASYNC | SND_NODEFAULT)` starts a file and returns;
`PlaySound(None, 0)` silences it; a new sound replaces the one playing. Not used:
SND_MEMORY, which winsound refuses with SND_ASYNC, and SND_PURGE, which modern Windows
does not support. An asynchronous sound sends no notice when it ends, so its end is
its length, read from the WAV file's header (bounded, never blocking) and counted in
real time from its start; `stop` ends that wait at once. The sounds are already panned
in their files, so nothing of the arc is lost.

`winsound` is imported only here, and only on Windows (host/system.py); the tests put
a fake in its place (tests/fakes/winsound.py).
"""

from __future__ import annotations

import os
import threading
import time

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.host import system
from halfmoon_a11y.host.owned import read_head
from halfmoon_a11y.voice.wav import HEAD_LIMIT, seconds

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

# winsound's flags, as Windows defines them (the module's own names are read when present)
SND_ASYNC = 0x0001
SND_NODEFAULT = 0x0002
SND_FILENAME = 0x20000

# One sound plays at a time in a process: whichever backend started it, a stop silences
# only the sound it started, never a later one.
_lock = threading.Lock()
_current: WinsoundPlayback | None = None


def find_winsound() -> WinsoundBackend | None:
    """The backend on Windows, when this Python has winsound (every CPython there does);
    None on any other system, whatever module of that name it may find."""
    if not system.is_windows():
        return None
    try:
        import winsound
    except ImportError:
        return None
    return WinsoundBackend(winsound)


def length(path: Path) -> float | None:
    """How long the file sounds, from its header; None when it is no WAV file it can
    read (missing, not a regular file, or no WAV header)."""
    try:
        head = read_head(path, HEAD_LIMIT)
        size = os.stat(path).st_size
    except (OSError, ValueError):
        return None
    return seconds(head, size)


class WinsoundBackend:
    def __init__(self, module: Any) -> None:
        self._winsound = module
        self._flags = (
            getattr(module, "SND_FILENAME", SND_FILENAME)
            | getattr(module, "SND_ASYNC", SND_ASYNC)
            | getattr(module, "SND_NODEFAULT", SND_NODEFAULT)
        )

    def start(self, path: Path) -> WinsoundPlayback:
        """The file playing. A file Windows cannot play is a playback that failed at
        once (as a player that exits with an error): one sentence skipped, said once."""
        global _current
        sound = length(path)
        if sound is None:
            return WinsoundPlayback(self, 0.0, failed=True)
        with _lock:
            try:
                self._winsound.PlaySound(str(path), self._flags)
            except RuntimeError:  # "Failed to play sound"
                return WinsoundPlayback(self, 0.0, failed=True)
            _current = WinsoundPlayback(self, sound)
            return _current

    def silence(self, playback: WinsoundPlayback) -> None:
        """Silence `playback` if it is still the sound playing."""
        global _current
        with _lock:
            if _current is not playback:
                return
            _current = None
            with suppress(RuntimeError):
                self._winsound.PlaySound(None, 0)


class WinsoundPlayback:
    """A sound playing until its length has passed or it is stopped."""

    def __init__(self, backend: WinsoundBackend, sound: float, failed: bool = False) -> None:
        self._backend = backend
        self._ends = time.monotonic() + sound
        self._stopped = threading.Event()
        self.failed = failed
        if failed:
            self._stopped.set()

    def playing(self) -> bool:
        return not self._stopped.is_set() and time.monotonic() < self._ends

    def wait(self, timeout: float | None = None) -> bool:
        left = self._ends - time.monotonic()
        if timeout is not None and timeout < left:
            return self._stopped.wait(max(timeout, 0.0))
        self._stopped.wait(max(left, 0.0))
        return True

    def stop(self) -> None:
        self._stopped.set()
        self._backend.silence(self)
