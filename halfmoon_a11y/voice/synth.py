"""pyttsx3 as a synthesiser only: each utterance becomes a file we play ourselves.

pyttsx3's own playback cannot be interrupted and returns before the audio
ends, so the project keeps only what pyttsx3 does well: voices, rate, and
the synthesis of espeak-ng (Linux), SAPI5 (Windows) or NSSpeechSynthesizer (macOS,
which writes AIFF whatever the file is called, so the file is named .aiff). One
instance belongs to one thread. docs/speech.md says what pyttsx3 2.99 does on each.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.host import system
from halfmoon_a11y.play.lexicon import LEXICONS
from halfmoon_a11y.voice.wav import WAV_HEADER

if TYPE_CHECKING:
    from typing import Any

FILE_WAIT = 2.0  # seconds: the file may appear a little after runAndWait returns


class SynthesisError(RuntimeError):
    pass


class EngineCrashed(SynthesisError):
    """The speech engine's own process ended (a crash in its C code) while it was asked
    for something: that sentence is lost. `final`: the engine is not started again,
    and the voice stops."""

    def __init__(self, message: str, final: bool) -> None:
        super().__init__(message)
        self.final = final


# pyttsx3's driver on each system; on Linux pyttsx3 picks espeak itself.
DRIVERS = {system.WINDOWS: "sapi5", system.MACOS: "nsss"}
# The drivers whose every sentence must be queued while the driver is busy (see
# `_queue_inside_the_loop`); espeak's loop works as it is.
QUEUED_DRIVERS = frozenset(DRIVERS.values())


def driver_name() -> str | None:
    """The pyttsx3 driver for this system (`host.system`, so a test can pretend)."""
    return DRIVERS.get(system.name())


def load_engine(driver: str | None = None) -> Any:
    """A pyttsx3 engine, with the espeak driver's chatter on standard output silenced."""
    if driver == "sapi5":
        _start_com()
    import pyttsx3

    engine = pyttsx3.init(driver) if driver is not None else pyttsx3.init()
    if driver is not None:
        return engine
    try:
        from pyttsx3.drivers import espeak
    except (ImportError, OSError):
        return engine
    # The espeak driver prints "Audio saved to ..." after each file; a module-level
    # name shadows the builtin for that module only, and only that message.
    espeak.print = lambda *args, **kwargs: None
    return engine


def _start_com() -> None:
    """COM on this thread, before SAPI5 is asked for anything. comtypes initialises it on
    the thread that first imports comtypes only; a voice started again (speech off, then
    on) runs on a new speech thread, which must do it itself. pythoncom is pywin32's,
    which pyttsx3's SAPI5 driver imports anyway."""
    import pythoncom

    pythoncom.CoInitialize()


def find_voice(voices: list[Any], language: str) -> Any:
    """The first voice that speaks the language, by its declared languages; or None."""
    wanted_voices = LEXICONS[language].voices if language in LEXICONS else (language,)
    for wanted in wanted_voices:
        for voice in voices:
            spoken = [str(code).lower().replace("_", "-") for code in (voice.languages or [])]
            if any(code == wanted or code.startswith(wanted + "-") for code in spoken):
                return voice
    return None


def choose_voice(voices: list[Any], language: str) -> str | None:
    """The id of the first voice that speaks the language, by its declared languages."""
    voice = find_voice(voices, language)
    return None if voice is None else str(voice.id)


def voice_names(voices: list[Any]) -> dict[str, str]:
    """The name of the voice that speaks each of the game's languages, for those that
    have one."""
    names = {}
    for language in LEXICONS:
        voice = find_voice(voices, language)
        if voice is not None:
            names[language] = str(voice.name or voice.id)
    return names


class Pyttsx3Synthesizer:
    def __init__(self, folder: Path, driver: str | None = None) -> None:
        self.folder = folder
        self.driver = driver
        self.suffix = ".aiff" if driver == "nsss" else ".wav"  # NSSpeechSynthesizer: AIFF
        self._engine: Any = None
        self._voices: dict[str, str | None] = {}
        self._counter = itertools.count()

    def _ready(self) -> Any:
        if self._engine is None:
            self._engine = load_engine(self.driver)
        return self._engine

    def start(self) -> None:
        """Load the engine now (on the thread that will use it), not at the first sentence."""
        self._ready()

    def voice_names(self) -> dict[str, str]:
        """The voice for each of the game's languages that has one (`voice_names`)."""
        return voice_names(self._ready().getProperty("voices"))

    def synthesize(self, text: str, language: str, rate: int) -> Path:
        engine = self._ready()
        if language not in self._voices:
            try:
                voices = engine.getProperty("voices")
            except Exception:  # 2.99 on a SAPI5 voice of two languages ("409;9")
                voices = []  # the engine's default voice, as before
            self._voices[language] = choose_voice(voices, language)
        voice = self._voices[language]
        path = self.folder / f"utterance-{next(self._counter)}{self.suffix}"
        if self.driver in QUEUED_DRIVERS:
            _queue_inside_the_loop(engine)
        if voice is not None:
            engine.setProperty("voice", voice)
        engine.setProperty("rate", rate)
        engine.save_to_file(text, str(path))
        engine.runAndWait()
        if not _audio_arrives(path):
            path.unlink(missing_ok=True)
            raise SynthesisError(f"no audio for {text!r}")
        return path


def _queue_inside_the_loop(engine: Any) -> None:
    """Mark the driver busy, so that the sentence's commands wait for `runAndWait`'s loop.

    pyttsx3 2.99's `runAndWait` ends by marking the driver idle (commit f9bd477, "This
    MAY BREAK OTHER ENGINES!"); the commands of the next sentence then run at once,
    outside any loop, and the next loop's first turn runs its `endLoop`, which stops
    the driver. That is issues #402, #419 and #440 (only the first utterance is
    heard). With NSSpeechSynthesizer, whose `save_to_file` is asynchronous, that stop
    cuts the second file and every later one. Busy again, every sentence takes the
    path the first one takes, which works in 2.98 and 2.99 alike (2.98 left the driver
    busy after each loop, so this changes nothing there)."""
    proxy = getattr(engine, "proxy", None)
    set_busy = getattr(proxy, "setBusy", None)
    if set_busy is not None:
        set_busy(True)


def audio_header(path: Path) -> int | None:
    """Bytes before the samples: a WAV file's 44; an AIFF file's, after its SSND chunk's
    header (NSSpeechSynthesizer's), when it is there yet."""
    if path.suffix != ".aiff":
        return WAV_HEADER
    try:
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return None
    found = head.find(b"SSND") if head.startswith(b"FORM") else -1
    return None if found < 0 else found + 16  # id, size, offset, block size


def _audio_arrives(path: Path) -> bool:
    """Whether the file has audio after its header. pyttsx3 now and then writes the
    header alone: that sentence is given up at once, and the worker tries it again at
    once (it used to wait 0.1 s for the file to grow, which it never did). Only a
    file not there yet, or not yet holding its whole header, is waited for (FILE_WAIT)."""
    start = time.monotonic()
    while True:
        size = path.stat().st_size if path.exists() else -1
        header = audio_header(path) if size > 0 else None
        if header is not None and size > header:
            return True
        if header is not None and size >= header:  # the header alone: no audio to come
            return False
        if time.monotonic() - start > FILE_WAIT:
            return False
        time.sleep(0.005)
