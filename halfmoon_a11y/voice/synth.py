"""pyttsx3 as a synthesiser only: each utterance becomes a WAV file we play ourselves.

pyttsx3's own playback cannot be interrupted and returns before the audio
ends, so the project keeps only what pyttsx3 does well: voices, rate, and
espeak-ng's synthesis. One instance belongs to one thread.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from halfmoon_a11y.play.lexicon import LEXICONS

FILE_WAIT = 2.0  # seconds: the file may appear a little after runAndWait returns


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
        deadline = time.monotonic() + FILE_WAIT
        while not (path.exists() and path.stat().st_size > 44):
            if time.monotonic() > deadline:
                raise SynthesisError(f"no audio file for {text!r}")
            time.sleep(0.005)
        return path
