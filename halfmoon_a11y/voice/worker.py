"""The game's own voice: a worker thread synthesises and plays, the player never waits.

Each line is one utterance. The first is played as soon as it is synthesised, with
the answer's sound (earcon) mixed into its start (voice/mixing.py): the sound
never delays the words;
while a sentence plays, the next one is synthesised (espeak-ng takes 10 to 15
ms a sentence), so the next starts the moment the player ends: no silence
between the lines of a long answer beyond the voice's own. An interruption
kills the playing process and drops everything queued or synthesised ahead,
at once. A sentence that cannot be synthesised (tried
twice) or played is skipped and said once; the voice stops only when three
sentences in a row fail the same way.

It plays through a backend (voice/playback.py: a player process, or winsound on
Windows) and knows nothing of processes.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress
from halfmoon_a11y.play.settings import SETTINGS
from halfmoon_a11y.voice import mixing
from halfmoon_a11y.voice.folder import make_speech_folder
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.player import ProcessBackend
from halfmoon_a11y.voice.synth import EngineCrashed

if TYPE_CHECKING:
    from halfmoon_a11y.voice.playback import Backend, Playback

Synthesize = Callable[[str, str, int], Path]
Ready = tuple[int, str, Path, bool]  # generation, what it says, its audio, whose file to remove
Item = tuple[int, str, bool, tuple[str, ...]]  # generation, text or file, file?, sounds with it
ENGINE_START_TIMEOUT = 5.0  # seconds the engine may take to load before it is given up
GIVE_UP_AFTER = 3  # sentences in a row that fail the same way before the voice stops


class ThreadedSpeaker:
    """Speaks through `synthesize` (text, language, rate -> WAV) and a player, and plays
    sound files (earcons) through the same player, in the same queue. `player`: a
    backend (voice/playback.py), or a player command, which plays through a process. With
    `speaks=False` it plays sounds only: the game's voice is off, a screen reader
    speaks, and the sounds go on; it needs no folder then.

    `folder`: where the sentences' audio is written; by default a private folder of its
    own (voice/folder.py), which it removes when it closes. Making it raises OSError
    (NoSpeechFolder) when there is no private place for it: the caller goes on silent."""

    def __init__(
        self,
        synthesize_factory: Callable[[Path], Synthesize],
        player: Backend | Sequence[str],
        language: str = "en",
        rate: int = SETTINGS["rate"].default,
        speaks: bool = True,
        folder: str | None = None,
    ) -> None:
        self.speaks = speaks
        if folder is None and speaks:
            folder = make_speech_folder()
        self._folder = folder
        self._factory = synthesize_factory
        self._backend = ProcessBackend(player) if isinstance(player, Sequence) else player
        self._language = language
        self._rate = rate
        self._queue: deque[Item] = deque()
        self._generation = 0
        self._playing: Playback | None = None
        self._lock = threading.Condition()
        self._closed = False
        self._waiting = False  # the worker waits for work: nothing queued, made or playing
        self._failure: SpeechTrouble | None = None
        self._said: set[SpeechTrouble] = set()
        self._broken = False
        self._started = threading.Event()  # the engine is up: it made its first sentence
        self._asked_at: float | None = None  # when the first sentence was asked for
        self._engine_failures = 0  # sentences in a row that could not be synthesised
        self._player_failures = 0  # sentences in a row the player failed on
        self.on_play: Callable[[str], None] | None = None  # for measurements: a player starts
        self.on_end: Callable[[], None] | None = None  # and a player has ended
        self._thread = threading.Thread(target=self._work, name="halfmoon-speech", daemon=True)
        self._thread.start()

    # -- what the front end calls ---------------------------------------------------

    def speak(self, lines: Sequence[str], sounds: Sequence[str] = ()) -> None:
        """Lines to say; `sounds`, the answer's sound files, heard with the first line
        (mixed into its start), or alone when there is no line to say."""
        if not self.speaks:
            return
        said = [line for line in lines if line.strip()]
        with self._lock:
            if self._broken or self._closed:
                return
            if not said:
                self._queue.extend((self._generation, file, True, ()) for file in sounds)
                self._lock.notify_all()
                return
            if self._asked_at is None:
                self._asked_at = time.monotonic()
            self._queue.append((self._generation, said[0], False, tuple(sounds)))
            self._queue.extend((self._generation, line, False, ()) for line in said[1:])
            self._lock.notify_all()

    def play(self, files: Sequence[str]) -> None:
        """Sound files to play, in the queue's order: an answer's sound goes in before its
        words. An interruption drops them as it drops the words."""
        with self._lock:
            if self._broken or self._closed:
                return
            self._queue.extend((self._generation, file, True, ()) for file in files)
            self._lock.notify_all()

    def interrupt(self) -> None:
        with self._lock:
            self._generation += 1
            self._queue.clear()
            playing = self._playing
        if playing is not None:
            playing.stop()

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
            waited = time.monotonic() - self._asked_at if self._asked_at is not None else 0.0
            if not self._started.is_set() and waited > ENGINE_START_TIMEOUT:
                self._break_locked(SpeechTrouble.NO_ENGINE)  # an engine that hangs at load
            failure, self._failure = self._failure, None
            return failure

    def drain(self, seconds: float) -> bool:
        """Wait until everything asked for has been said and played, at most `seconds`:
        on leaving, the last answer is heard to its end. True when it was; False when
        time ran out first (it goes on playing until `interrupt` or `close`). A voice
        that stopped, or closed, has nothing left to say."""
        deadline = time.monotonic() + seconds
        with self._lock:
            while not self._idle_locked():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
            return True

    def _idle_locked(self) -> bool:
        alive = self._thread.is_alive() and not self._broken and not self._closed
        return not alive or (self._waiting and not self._queue)

    def close(self) -> None:
        """Silence, stop the worker and remove the speech folder: all of it, even when
        silencing meets a bug (which is raised after)."""
        try:
            self.interrupt()
        finally:
            with self._lock:
                self._closed = True
                self._queue.clear()
                self._lock.notify_all()
            self._thread.join(timeout=2)
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)

    # -- the worker -----------------------------------------------------------------

    def _next(self, wait: bool = True) -> tuple[Item, str, int] | None:
        """The next sentence to say or file to play; None when closed, or (wait=False)
        when none is queued."""
        with self._lock:
            while wait and not self._queue and not self._closed:
                self._waiting = True  # all is said: a `drain` may end
                self._lock.notify_all()
                self._lock.wait()
            self._waiting = False
            if self._closed or not self._queue:
                return None
            return self._queue.popleft(), self._language, self._rate

    def _work(self) -> None:
        try:
            synthesize = self._factory(Path(self._folder)) if self._folder else _no_sentences
        except EngineCrashed:  # espeak-ng's process crashed as it started
            self._break(SpeechTrouble.ENGINE_CRASHED)
            return
        except BaseException:  # pyttsx3.init can even raise SystemExit: said, never silent
            self._break(SpeechTrouble.NO_ENGINE)
            return
        ready: deque[Ready] = deque()  # made ready while the last one played
        while True:
            if not ready:
                ready.extend(self._prepare(synthesize, wait=True))
                if not ready:
                    if self._closed:
                        return
                    continue
            generation, text, wav, owned = ready.popleft()
            try:
                playback = self._start(generation, text, wav)
                if playback is not None:
                    # While this one plays, the next one is made ready.
                    if not ready:
                        ready.extend(self._prepare(synthesize, wait=False))
                    self._finish(generation, playback)
            finally:
                if owned:  # a sentence's audio; a sound file belongs to the cache
                    _remove(wav)
            while ready and ready[0][0] != self._generation:  # interrupted meanwhile
                dropped = ready.popleft()
                if dropped[3]:
                    _remove(dropped[2])

    def _prepare(self, synthesize: Synthesize, wait: bool) -> list[Ready]:
        """The next queued item, ready to play: a sentence synthesised, its answer's sound
        mixed into its start, or a sound file as it is. Empty if there is none (or the
        sentence could not be made). A sound that cannot be mixed into its sentence (not
        16-bit PCM WAV: macOS's AIFF) plays before it; a
        sentence that cannot be made leaves its sound to play alone."""
        taken = self._next(wait)
        if taken is None:
            return []
        (generation, text, is_file, sounds), language, rate = taken
        if is_file:
            return [(generation, text, Path(text), False)]
        alone = [(generation, sound, Path(sound), False) for sound in sounds]
        wav = self._synthesize(synthesize, text, language, rate)
        if wav is None:
            return alone
        if sounds:
            mixed = _mixed(sounds, wav)
            if mixed is not None:
                _remove(wav)
                return [(generation, text, mixed, True)]
        return [*alone, (generation, text, wav, True)]

    def _synthesize(
        self, synthesize: Synthesize, text: str, language: str, rate: int
    ) -> Path | None:
        """The sentence's audio, tried twice; None when it could not be made. A sentence
        the engine crashed on is not tried again (it would crash it again)."""
        for _ in range(2):  # pyttsx3 now and then writes an empty file: once more is enough
            try:
                wav = synthesize(text, language, rate)
            except EngineCrashed as crash:
                self._crashed(crash.final)
                return None
            except BaseException:  # the engine's own SystemExit too: this sentence only
                continue
            self._engine_failures = 0
            self._started.set()  # pyttsx3 loads its engine on the first sentence
            return wav
        self._engine_failures += 1
        if self._engine_failures >= GIVE_UP_AFTER:
            self._break(SpeechTrouble.ENGINE_FAILED)
        else:
            self._report(SpeechTrouble.SENTENCE_NOT_SYNTHESISED)
        return None

    def _crashed(self, final: bool) -> None:
        """The engine crashed on a sentence: said once while it starts again; the voice
        stops when it is not started again."""
        self._started.set()  # it had started: its crash is said, not a hang at load
        if final:
            self._break(SpeechTrouble.ENGINE_CRASHED)
        else:
            self._report(SpeechTrouble.ENGINE_RESTARTED)

    def _start(self, generation: int, text: str, wav: Path) -> Playback | None:
        """The player started on `wav`; None if it was interrupted meanwhile or failed."""
        with self._lock:
            if generation != self._generation or self._closed:
                return None
            try:
                playback = self._backend.start(wav)
            except OSError:
                self._break_locked(SpeechTrouble.PLAYER_FAILED)
                return None
            self._playing = playback
        if self.on_play is not None:
            self.on_play(text)
        return playback

    def _finish(self, generation: int, playback: Playback) -> None:
        """Wait for the sentence to end (or be stopped), and count a player's failure."""
        playback.wait()
        if self.on_end is not None:
            self.on_end()
        with self._lock:
            self._playing = None
            interrupted = generation != self._generation or self._closed
        if interrupted:
            return
        if not playback.failed:
            self._player_failures = 0
            return
        self._player_failures += 1
        if self._player_failures >= GIVE_UP_AFTER:
            self._break(SpeechTrouble.PLAYER_FAILED)
        else:
            self._report(SpeechTrouble.SENTENCE_NOT_PLAYED)

    def _report(self, trouble: SpeechTrouble) -> None:
        """Say a skipped sentence once a run; never over a trouble that stops the voice."""
        with self._lock:
            if trouble in self._said or self._broken:
                return
            self._said.add(trouble)
            self._failure = trouble

    def _break(self, reason: SpeechTrouble) -> None:
        with self._lock:
            self._break_locked(reason)

    def _break_locked(self, reason: SpeechTrouble) -> None:
        if not self._broken:
            self._broken = True
            self._failure = reason
            self._queue.clear()
            self._lock.notify_all()  # a `drain` has nothing left to wait for


def _mixed(sounds: Sequence[str], wav: Path) -> Path | None:
    """The sentence's audio with its sounds over its start, in a file beside it; None
    when they cannot be mixed (voice/mixing.py)."""
    mixed = wav.with_name(f"{wav.stem}-with-{Path(sounds[0]).name}")  # the sound, by name
    try:
        if mixing.mix(sounds, wav, mixed):
            return mixed
    except Exception:  # a bug here costs the sound's place, never the words or the sound
        pass
    _remove(mixed)
    return None


def _remove(wav: Path) -> None:
    """Remove a sentence's audio. A file the system still holds open cannot be removed
    on Windows: it goes with the speech folder when the voice closes."""
    with suppress(OSError):
        wav.unlink(missing_ok=True)


def _no_sentences(text: str, language: str, rate: int) -> Path:
    raise RuntimeError("this speaker plays sounds only")
