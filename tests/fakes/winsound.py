"""A stand-in for Windows' `winsound` module, for tests on Linux (issue 20).

Put in `sys.modules` by `install(monkeypatch)`, or found as `winsound` by a
subprocess with this folder on PYTHONPATH. It records every call (`calls`) and
"plays" in real time by the clock: each sound heard (`heard`) has its start, its
length read from the WAV file at the call, and when it stopped. As Windows does:

- a new sound replaces the one playing, and `PlaySound(None, 0)` silences it;
- without SND_ASYNC, PlaySound returns only at the sound's end;
- a file it cannot play raises RuntimeError("Failed to play sound") with
  SND_NODEFAULT, and plays the default sound without it;
- flag combinations Windows or winsound refuse raise RuntimeError: SND_MEMORY with
  SND_ASYNC (winsound's own refusal) and SND_PURGE (unsupported on modern Windows).

With `HALFMOON_FAKE_WINSOUND_LOG` set (a subprocess), each call is also appended to
that file: `play TIME SECONDS FLAGS NAME` or `stop TIME`.
"""

from __future__ import annotations

import io
import os
import sys
import threading
import time
import wave
from dataclasses import dataclass

SND_SYNC = 0x0000
SND_ASYNC = 0x0001
SND_NODEFAULT = 0x0002
SND_MEMORY = 0x0004
SND_LOOP = 0x0008
SND_NOSTOP = 0x0010
SND_PURGE = 0x0040
SND_APPLICATION = 0x0080
SND_NOWAIT = 0x2000
SND_ALIAS = 0x10000
SND_FILENAME = 0x20000
DEFAULT_SOUND = 0.25  # seconds of the system's default sound
LOG_VARIABLE = "HALFMOON_FAKE_WINSOUND_LOG"


@dataclass
class Heard:
    """A sound started: its file (None: the default sound), flags, start and length on
    the monotonic clock, and when it was stopped (None: it played, or plays, on)."""

    name: str | None
    flags: int
    started: float
    length: float
    stopped: float | None = None

    @property
    def ends(self) -> float:
        full = self.started + self.length
        return full if self.stopped is None else min(self.stopped, full)

    @property
    def cut(self) -> bool:
        """Whether it was silenced before its end."""
        return self.stopped is not None and self.stopped < self.started + self.length


calls: list[tuple[float, object, int]] = []
heard: list[Heard] = []
refused: set[str] = set()  # files Windows fails to play, though they are WAV files
_lock = threading.Lock()


def reset() -> None:
    with _lock:
        calls.clear()
        heard.clear()
        refused.clear()


def install(monkeypatch) -> object:
    """This module as `winsound`, reset, for one test."""
    reset()
    module = sys.modules[__name__]
    monkeypatch.setitem(sys.modules, "winsound", module)
    return module


def playing(now: float | None = None) -> Heard | None:
    """The sound that sounds now, if any."""
    now = time.monotonic() if now is None else now
    with _lock:
        if heard and heard[-1].stopped is None and now < heard[-1].ends:
            return heard[-1]
    return None


def PlaySound(sound: str | bytes | None, flags: int) -> None:  # winsound's name
    now = time.monotonic()
    with _lock:
        calls.append((now, sound, flags))
    if flags & SND_PURGE:
        raise RuntimeError("SND_PURGE is not supported on this Windows")
    if flags & SND_MEMORY and flags & SND_ASYNC:
        raise RuntimeError("Cannot play asynchronously from memory")
    if sound is None:
        with _lock:
            _silence(now)
        _log(f"stop {time.time():.6f}")
        return
    name: str | None
    if flags & SND_MEMORY:
        if not isinstance(sound, bytes):
            raise TypeError("SND_MEMORY needs bytes")
        name, length = "(memory)", _length(io.BytesIO(sound))
    else:
        if not isinstance(sound, str):
            raise TypeError("a sound's name is a str")
        name, length = sound, None if sound in refused else _length(sound)
    if length is None:
        if flags & SND_NODEFAULT:
            raise RuntimeError("Failed to play sound")
        name, length = None, DEFAULT_SOUND
    with _lock:
        _silence(now)
        heard.append(Heard(name, flags, now, length))
    _log(f"play {time.time():.6f} {length:.3f} {flags} {os.path.basename(name or '-')}")
    if not flags & SND_ASYNC:
        time.sleep(length)


def _silence(now: float) -> None:
    """Stop the sound playing, if one is (the lock held)."""
    if heard and heard[-1].stopped is None and now < heard[-1].ends:
        heard[-1].stopped = now


def _length(source: str | io.BytesIO) -> float | None:
    try:
        with wave.open(source, "rb") as audio:
            return audio.getnframes() / audio.getframerate()
    except (OSError, EOFError, wave.Error):
        return None


def _log(line: str) -> None:
    path = os.environ.get(LOG_VARIABLE)
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(line + "\n")
