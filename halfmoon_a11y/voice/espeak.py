"""espeak-ng driven directly (Linux), each sentence a WAV file the game plays itself.

pyttsx3 2.99's espeak driver runs espeak-ng asynchronously (AUDIO_OUTPUT_RETRIEVAL) and
polls it every 10 ms; now and then it writes the WAV before the last samples came
(only its 44-byte header), and it sets the voice before every sentence, so espeak-ng
reads the voice's files again each time. Here espeak-ng runs synchronously
(AUDIO_OUTPUT_SYNCHRONOUS): `espeak_Synth` returns when every
sample has been handed to the callback, so the file is written whole, once, from
memory: about 1 ms a sentence, against 11 to 14 ms through pyttsx3. The voice and the
rate are set only when they change. pyttsx3 stays the engine of Windows and macOS
(voice/synth.py).

espeak-ng runs in a process of its own (voice/espeak_child.py, voice/espeak_process.py):
a crash in its C code costs the voice, never the game. One `Espeak` object holds it
for the whole game, and a lock makes each sentence whole.
"""

from __future__ import annotations

import itertools
import threading
import wave
from pathlib import Path

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.voice import espeak_child as wire
from halfmoon_a11y.voice.espeak_process import EspeakProcess
from halfmoon_a11y.voice.synth import EngineCrashed, SynthesisError, choose_voice, voice_names

if TYPE_CHECKING:
    from collections.abc import Sequence

EE_OK = 0


class EspeakVoice:
    """A voice as espeak-ng lists it: its identifier (`roa/ca`), name and languages."""

    def __init__(self, id: str, name: str, languages: list[str]) -> None:
        self.id = id
        self.name = name
        self.languages = languages


class Espeak:
    """espeak-ng in its process (`process`: a new EspeakProcess by default): initialised
    once, synchronous, one sentence at a time. The `_raw_*` methods are the only calls
    into the library (a test replaces them)."""

    def __init__(self, process: EspeakProcess | None = None) -> None:
        self._lock = threading.Lock()
        self._sample_rate: int | None = None
        self._voice: str | None = None  # the voice and rate espeak-ng holds now
        self._rate: int | None = None
        self._process = process if process is not None else EspeakProcess()

    # -- the library's calls ----------------------------------------------------------

    def _raw_initialise(self) -> int:
        return self._process.start()

    def _raw_voices(self) -> list[EspeakVoice]:
        _status, data = self._process.ask(wire.VOICES)  # listing voices has no status
        voices = []
        for line in data.decode("utf-8", "replace").splitlines():
            identifier, name, languages = [*line.split("\t"), "", ""][:3]
            voices.append(EspeakVoice(identifier.lower(), name, languages.split(",")))
        return voices

    def _raw_set_voice(self, voice: str) -> int:
        return self._process.ask(wire.SET_VOICE + voice.encode("utf-8"))[0]

    def _raw_set_rate(self, rate: int) -> int:
        return self._process.ask(wire.SET_RATE + str(rate).encode("ascii"))[0]

    def _raw_synth(self, text: str) -> bytes:
        """The sentence's samples (16-bit mono at the sample rate)."""
        result, samples = self._process.ask(wire.SYNTH + text.encode("utf-8"))
        if result != EE_OK:
            raise SynthesisError(f"espeak-ng failed ({result}) on {text!r}")
        return samples

    # -- what the synthesiser uses ----------------------------------------------------

    def prepare(self) -> None:
        """espeak-ng's process started now, not waited for: it loads beside the opening."""
        self._process.prepare()

    def start(self) -> int:
        """espeak-ng started (once, and again after a crash); its sample rate."""
        with self._lock:
            if self._sample_rate is None:
                self._sample_rate = self._raw_initialise()
            return self._sample_rate

    def close(self) -> None:
        self._process.close()

    def voices(self) -> list[EspeakVoice]:
        try:
            self.start()
            with self._lock:
                return self._raw_voices()
        except EngineCrashed:
            self._forget()
            raise

    def speak(self, text: str, voice: str | None, rate: int) -> tuple[bytes, int]:
        """The sentence's samples in `voice` (its identifier; None: espeak-ng's default) at
        `rate`, and their sample rate. The voice and the rate are set only when they
        change; a new voice gets the rate again."""
        try:
            return self._speak(speakable(text), voice, rate)
        except EngineCrashed:
            self._forget()
            raise

    def _forget(self) -> None:
        """espeak-ng's process crashed: what it held is gone, and the next one is told
        again."""
        with self._lock:
            self._sample_rate = self._voice = self._rate = None

    def _speak(self, text: str, voice: str | None, rate: int) -> tuple[bytes, int]:
        sample_rate = self.start()
        with self._lock:
            if voice is not None and voice != self._voice:
                self._voice = None  # not known until it is set
                if self._raw_set_voice(voice) != EE_OK:
                    raise SynthesisError(f"espeak-ng has no voice {voice!r}")
                self._voice, self._rate = voice, None
            if rate != self._rate:
                self._rate = None
                if self._raw_set_rate(rate) != EE_OK:
                    raise SynthesisError(f"espeak-ng cannot speak at {rate}")
                self._rate = rate
            return self._raw_synth(text), sample_rate


def speakable(text: str) -> str:
    """`text` as espeak-ng can take it whole: a NUL ended the sentence there (the rest
    was never heard), and a character UTF-8 cannot encode (a lone surrogate: a path
    under a home whose name is not UTF-8, held by Python with surrogateescape) failed
    the whole sentence, and three such in a row stopped the voice. The first becomes a
    space, the second a question mark, as the written line shows it."""
    if "\0" in text:
        text = text.replace("\0", " ")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


_ENGINE: Espeak | None = None
_ENGINE_LOCK = threading.Lock()


def engine() -> Espeak:
    """This process's espeak-ng."""
    global _ENGINE
    with _ENGINE_LOCK:
        if _ENGINE is None:
            _ENGINE = Espeak()
        return _ENGINE


class EspeakSynthesizer:
    """Sentences to WAV files in `folder`, through this process's espeak-ng."""

    def __init__(self, folder: Path, espeak: Espeak | None = None) -> None:
        self.folder = folder
        self.espeak = espeak if espeak is not None else engine()
        self._voices: dict[str, str | None] = {}
        self._listed: Sequence[EspeakVoice] | None = None
        self._counter = itertools.count()

    def start(self) -> None:
        """espeak-ng started now (on the speech thread), not at the first sentence."""
        self.espeak.start()

    def _list(self) -> Sequence[EspeakVoice]:
        if self._listed is None:
            self._listed = self.espeak.voices()
        return self._listed

    def voice_names(self) -> dict[str, str]:
        """The voice for each of the game's languages that has one."""
        return voice_names(list(self._list()))

    def synthesize(self, text: str, language: str, rate: int) -> Path:
        if language not in self._voices:
            self._voices[language] = choose_voice(list(self._list()), language)
        samples, sample_rate = self.espeak.speak(text, self._voices[language], rate)
        if not samples:  # never seen here; a file with its header alone is never written
            raise SynthesisError(f"no audio for {text!r}")
        path = self.folder / f"utterance-{next(self._counter)}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(sample_rate)
            out.writeframes(samples)
        return path
