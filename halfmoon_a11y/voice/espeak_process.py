"""The game's side of the synthesis process (voice/espeak_child.py): started ahead,
asked one call at a time, and started again after a crash, within bounds.

How a crash is met (docs/decisions.md):
- The sentence it crashed on is skipped and never sent again: the same words would
  crash espeak-ng again.
- A crash while espeak-ng is asked to say a sentence starts a new process at once,
  so the next sentence finds it ready; at most RESTARTS times a game. The crash after
  that stops the voice for the rest of the game: never a crash loop.
- A crash before espeak-ng is ready (its library or its data cannot even start) stops
  the voice at once: starting it again would crash the same way.
- A call that does not answer within its bound (ANSWER_SECONDS, STARTING_SECONDS) is
  met as a crash: the process is killed. espeak-ng takes about 1 ms a sentence; a
  hang would otherwise silence the voice with nothing said and hold the way out.
- The process is killed when the game ends (atexit): one stuck in espeak-ng's code
  never reads that its pipe closed.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.voice import espeak_child as wire
from halfmoon_a11y.voice.espeak_library import find_library
from halfmoon_a11y.voice.synth import EngineCrashed, SynthesisError

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

RESTARTS = 2  # new processes after a crash on a sentence, in a whole game
ANSWER_SECONDS = 2.0  # a sentence's answer; espeak-ng takes about 1 ms
STARTING_SECONDS = 10.0  # the library and its voice data loaded: about 30 ms
CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "espeak_child.py")


class EspeakProcess:
    """espeak-ng in a process of its own, its library at `library` (found on this
    machine by default). Its calls answer as the library's own do; a crash raises
    EngineCrashed. `command`: the program to run in place of the usual one (tests)."""

    def __init__(self, library: str | None = None, command: Sequence[str] | None = None) -> None:
        self._library = library
        self._command = list(command) if command is not None else None
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._sample_rate: int | None = None
        self._crashes = 0
        self._final: str | None = None  # why no process is started again
        self._crashed_on: set[bytes] = set()
        atexit.register(self._kill_at_exit)

    # -- the process ------------------------------------------------------------------

    def _spawn(self) -> subprocess.Popen[bytes]:
        library = self._library or find_library()
        if library is None:
            raise OSError("no espeak-ng library")
        self._library = library
        command = self._command or [sys.executable, "-I", "-S", CHILD]
        self._sample_rate = None
        return subprocess.Popen(
            [*command, library],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # espeak-ng's warnings are never on the player's screen
            start_new_session=True,  # a Ctrl-C or a hang-up at the terminal is the game's alone
            close_fds=True,
        )

    def prepare(self) -> None:
        """The process started now, without waiting for it: it loads while the game opens.
        A failure here is met again, and said, at `start`."""
        with self._lock, suppress(OSError):
            if self._process is None and self._final is None:
                self._process = self._spawn()

    def start(self) -> int:
        """The process ready (started if need be); espeak-ng's sample rate."""
        with self._lock:
            return self._ready()

    def _ready(self) -> int:
        if self._final is not None:
            raise EngineCrashed(self._final, final=True)
        if self._process is None:
            self._process = self._spawn()
        if self._sample_rate is None:
            assert self._process.stdout is not None
            frame = bounded_read(self._process, STARTING_SECONDS)
            if frame is None or len(frame) != wire.STATUS.size:
                return self._stop(f"espeak-ng ended as it started ({self._end()})")
            (rate,) = wire.STATUS.unpack(frame)
            if rate <= 0:
                self._stop("espeak-ng could not start")
            self._sample_rate = rate
        return self._sample_rate

    def _stop(self, why: str) -> NoReturn:
        self._final = why
        self._close()
        raise EngineCrashed(why, final=True)

    def ask(self, request: bytes) -> tuple[int, bytes]:
        """The library's status and data for one request. A sentence that crashed
        espeak-ng once raises SynthesisError without being sent."""
        with self._lock:
            if request[:1] == wire.SYNTH and request in self._crashed_on:
                raise SynthesisError("this sentence crashed espeak-ng before")
            self._ready()
            process = self._process
            assert process is not None and process.stdin is not None and process.stdout is not None
            try:
                wire.write_frame(process.stdin, request)
                frame = bounded_read(process, ANSWER_SECONDS)
            except OSError:  # the pipe broke: it is gone
                frame = None
            if frame is None or len(frame) < wire.STATUS.size:
                self._crashed(request)
            (status,) = wire.STATUS.unpack_from(frame)
            return status, frame[wire.STATUS.size :]

    def _crashed(self, request: bytes) -> NoReturn:
        """The process ended on `request`: a new one started (ahead of the next sentence)
        while restarts are left; EngineCrashed either way."""
        why = f"espeak-ng crashed ({self._end()})"
        self._close()
        if request[:1] == wire.SYNTH:
            self._crashed_on.add(request)
        self._crashes += 1
        if self._crashes > RESTARTS:
            self._stop(why)
        with suppress(OSError):
            self._process = self._spawn()
        raise EngineCrashed(why, final=False)

    def _end(self) -> str:
        """How the process ended, for the error log: its signal or its exit status."""
        if self._process is None:
            return "not started"
        try:
            code = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "not answering"
        return f"signal {-code}" if code < 0 else f"exit status {code}"

    def _close(self) -> None:
        process, self._process = self._process, None
        self._sample_rate = None
        if process is None:
            return
        for stream in (process.stdin, process.stdout):
            with suppress(OSError):
                if stream is not None:
                    stream.close()
        with suppress(OSError):
            process.kill()
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1.0)

    def close(self) -> None:
        """The process ended (its end of the pipe closed, then killed)."""
        with self._lock:
            self._close()

    def _kill_at_exit(self) -> None:
        """Without the lock, which a call stuck in the process may hold."""
        process = self._process
        if process is not None:
            with suppress(OSError):
                process.kill()


def bounded_read(process: subprocess.Popen[bytes], seconds: float) -> bytes | None:
    """The process's next frame, or None if it ended or did not answer within `seconds`
    (then it is killed, which ends the read)."""
    assert process.stdout is not None
    watchdog = threading.Timer(seconds, _kill, (process,))
    watchdog.daemon = True
    watchdog.start()
    try:
        return wire.read_frame(process.stdout)
    finally:
        watchdog.cancel()


def _kill(process: subprocess.Popen[bytes]) -> None:
    with suppress(OSError):
        process.kill()
