"""The game's own voice: a worker thread synthesises and plays, the player never waits.

Each line is one utterance, synthesised when its turn comes (espeak-ng takes a
few milliseconds a sentence). An interruption kills the playing process and
drops everything queued, at once.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

from halfmoon_a11y.play.answers import SpeechTrouble
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.voice import player

Synthesize = Callable[[str, str, int], Path]
NO_ENGINE = SpeechTrouble.NO_ENGINE
NO_PLAYER = SpeechTrouble.NO_PLAYER
PLAYER_FAILED = SpeechTrouble.PLAYER_FAILED


class ThreadedSpeaker:
    """Speaks through `synthesize` (text, language, rate -> WAV) and a player command."""

    def __init__(
        self,
        synthesize_factory: Callable[[Path], Synthesize],
        player_command: Sequence[str],
        language: str = "en",
        rate: int = SETTINGS["rate"].default,
    ) -> None:
        self._folder = Path(tempfile.mkdtemp(prefix="halfmoon-speech-"))
        self._factory = synthesize_factory
        self._command = list(player_command)
        self._language = language
        self._rate = rate
        self._queue: deque[tuple[int, str]] = deque()
        self._generation = 0
        self._playing: player.subprocess.Popen[bytes] | None = None
        self._lock = threading.Condition()
        self._closed = False
        self._failure: SpeechTrouble | None = None
        self._broken = False
        self.on_play: Callable[[str], None] | None = None  # for measurements
        self._thread = threading.Thread(target=self._work, name="halfmoon-speech", daemon=True)
        self._thread.start()

    # -- what the front end calls ---------------------------------------------------

    def speak(self, lines: Sequence[str]) -> None:
        with self._lock:
            if self._broken or self._closed:
                return
            self._queue.extend((self._generation, line) for line in lines if line.strip())
            self._lock.notify()

    def interrupt(self) -> None:
        with self._lock:
            self._generation += 1
            self._queue.clear()
            playing = self._playing
        if playing is not None:
            player.stop(playing)

    def adjust(self, field: str, value: object) -> None:
        """The voice follows the language and rate settings; it has no other parameter."""
        with self._lock:
            if field == "language":
                self._language = str(value)
            elif field == "rate" and isinstance(value, int):
                self._rate = value

    @property
    def failure(self) -> SpeechTrouble | None:
        with self._lock:
            failure, self._failure = self._failure, None
            return failure

    def close(self) -> None:
        self.interrupt()
        with self._lock:
            self._closed = True
            self._lock.notify()
        self._thread.join(timeout=2)
        shutil.rmtree(self._folder, ignore_errors=True)

    # -- the worker -----------------------------------------------------------------

    def _next(self) -> tuple[int, str, str, int] | None:
        with self._lock:
            while not self._queue and not self._closed:
                self._lock.wait()
            if self._closed:
                return None
            generation, text = self._queue.popleft()
            return generation, text, self._language, self._rate

    def _current(self, generation: int) -> bool:
        with self._lock:
            return generation == self._generation and not self._closed

    def _work(self) -> None:
        try:
            synthesize = self._factory(self._folder)
        except Exception:
            self._break(NO_ENGINE)
            return
        while (item := self._next()) is not None:
            generation, text, language, rate = item
            try:
                wav = synthesize(text, language, rate)
            except Exception:
                self._break(NO_ENGINE)
                return
            try:
                self._play(generation, text, wav)
            finally:
                wav.unlink(missing_ok=True)

    def _play(self, generation: int, text: str, wav: Path) -> None:
        with self._lock:
            if generation != self._generation or self._closed:
                return
            try:
                process = player.start(self._command, wav)
            except OSError:
                self._break_locked(PLAYER_FAILED)
                return
            self._playing = process
        if self.on_play is not None:
            self.on_play(text)
        process.communicate()
        with self._lock:
            self._playing = None
            interrupted = generation != self._generation or self._closed
        if process.returncode != 0 and not interrupted:
            self._break(PLAYER_FAILED)

    def _break(self, reason: SpeechTrouble) -> None:
        with self._lock:
            self._break_locked(reason)

    def _break_locked(self, reason: SpeechTrouble) -> None:
        if not self._broken:
            self._broken = True
            self._failure = reason
            self._queue.clear()
