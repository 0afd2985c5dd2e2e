"""pyttsx3 as a synthesiser only: each utterance becomes a WAV file we play ourselves.

pyttsx3's own playback cannot be interrupted and returns before the audio
ends, so the project keeps only what pyttsx3 does well: voices, rate, and
espeak-ng's synthesis. One instance belongs to one thread.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.lexicon import LEXICONS
from halfmoon_a11y.voice.wav import WAV_HEADER

if TYPE_CHECKING:
    from typing import Any

FILE_WAIT = 2.0  # seconds: the file may appear a little after runAndWait returns
HEADER_ONLY_WAIT = 0.1  # seconds a file holding only its WAV header may take to grow


class SynthesisError(RuntimeError):
    pass


def load_engine() -> Any:
    """A pyttsx3 engine, with the espeak driver's chatter on standard output silenced."""
    import pyttsx3

    engine = pyttsx3.init()
    try:
        from pyttsx3.drivers import espeak
    except (ImportError, OSError):
        return engine
    # The espeak driver prints "Audio saved to ..." after each file; a module-level
    # name shadows the builtin for that module only, and only that message.
    espeak.print = lambda *args, **kwargs: None
    return engine


def choose_voice(voices: list[Any], language: str) -> str | None:
    """The id of the first voice that speaks the language, by its declared languages."""
    wanted_voices = LEXICONS[language].voices if language in LEXICONS else (language,)
    for wanted in wanted_voices:
        for voice in voices:
            spoken = [str(code).lower().replace("_", "-") for code in (voice.languages or [])]
            if any(code == wanted or code.startswith(wanted + "-") for code in spoken):
                return str(voice.id)
    return None


class Pyttsx3Synthesizer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._engine: Any = None
        self._voices: dict[str, str | None] = {}
        self._counter = itertools.count()

    def _ready(self) -> Any:
        if self._engine is None:
            self._engine = load_engine()
        return self._engine

    def synthesize(self, text: str, language: str, rate: int) -> Path:
        engine = self._ready()
        if language not in self._voices:
            self._voices[language] = choose_voice(engine.getProperty("voices"), language)
        voice = self._voices[language]
        if voice is not None:
            engine.setProperty("voice", voice)
        engine.setProperty("rate", rate)
        path = self.folder / f"utterance-{next(self._counter)}.wav"
        engine.save_to_file(text, str(path))
        engine.runAndWait()
        if not _audio_arrives(path):
            path.unlink(missing_ok=True)
            raise SynthesisError(f"no audio for {text!r}")
        return path


def _audio_arrives(path: Path) -> bool:
    """Whether the file gets audio after its header. pyttsx3 now and then writes the
    header alone; such a file is given up after a short wait, not the full one."""
    start = time.monotonic()
    header_since: float | None = None
    while True:
        size = path.stat().st_size if path.exists() else -1
        now = time.monotonic()
        if size > WAV_HEADER:
            return True
        if size >= 0:
            header_since = header_since if header_since is not None else now
            if now - header_since > HEADER_ONLY_WAIT:
                return False
        if now - start > FILE_WAIT:
            return False
        time.sleep(0.005)
