"""espeak-ng driven directly (Linux), each sentence a WAV file the game plays itself.

pyttsx3 2.99's espeak driver runs espeak-ng asynchronously (AUDIO_OUTPUT_RETRIEVAL) and
polls it every 10 ms; now and then it writes the WAV before the last samples came
(only its 44-byte header), and it sets the voice before every sentence, so espeak-ng
reads the voice's files again each time. Here espeak-ng runs synchronously
on the speech thread (AUDIO_OUTPUT_SYNCHRONOUS): `espeak_Synth` returns when every
sample has been handed to the callback, so the file is written whole, once, from
memory: about 1 ms a sentence, against 11 to 14 ms through pyttsx3. The voice and the
rate are set only when they change. pyttsx3 stays the engine of Windows and macOS
(voice/synth.py).

espeak-ng can be initialised once a process and keeps one voice and one callback for
the whole process: one `Espeak` object holds it, and a lock makes each sentence whole.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools
import threading
import wave
from pathlib import Path

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.voice.synth import SynthesisError, choose_voice, voice_names

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

LIBRARIES = ("espeak-ng", "espeak")  # espeak-ng first; the older espeak has the same calls
AUDIO_OUTPUT_SYNCHRONOUS = 2
INITIALIZE_DONT_EXIT = 0x8000  # an error is returned, never the process ended
CHARS_UTF8 = 1
ENDPAUSE = 0x1000  # the pause at the end of a sentence, as pyttsx3 asked for it
RATE = 1  # espeak_PARAMETER: words a minute
EE_OK = 0


class EspeakVoice:
    """A voice as espeak-ng lists it: its identifier (`roa/ca`), name and languages."""

    def __init__(self, id: str, name: str, languages: list[str]) -> None:
        self.id = id
        self.name = name
        self.languages = languages


class _Voice(ctypes.Structure):
    _fields_ = (
        ("name", ctypes.c_char_p),
        ("languages", ctypes.c_void_p),  # priority byte, language, NUL; ... ; a 0 byte
        ("identifier", ctypes.c_char_p),
        ("gender", ctypes.c_ubyte),
        ("age", ctypes.c_ubyte),
        ("variant", ctypes.c_ubyte),
        ("xx1", ctypes.c_ubyte),
        ("score", ctypes.c_int),
        ("spare", ctypes.c_void_p),
    )


_CALLBACK = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p
)


def find_library() -> str | None:
    """The espeak-ng (or espeak) shared library's name on this machine, or None."""
    for name in LIBRARIES:
        found = ctypes.util.find_library(name)
        if found:
            return found
    return None


class Espeak:
    """espeak-ng in this process: initialised once, synchronous, one sentence at a time.
    The `_raw_*` methods are the only calls into the library (a test replaces them)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sample_rate: int | None = None
        self._voice: str | None = None  # the voice and rate espeak-ng holds now
        self._rate: int | None = None
        self._chunks: list[bytes] = []
        self._dll: ctypes.CDLL | None = None
        self._callback: object = None  # kept alive as long as espeak-ng may call it

    # -- the library's calls ----------------------------------------------------------

    def _raw_initialise(self) -> int:
        name = find_library()
        if name is None:
            raise OSError("no espeak-ng library")
        dll = ctypes.CDLL(name)
        dll.espeak_Initialize.restype = ctypes.c_int
        dll.espeak_Initialize.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int)
        dll.espeak_SetVoiceByName.restype = ctypes.c_int
        dll.espeak_SetVoiceByName.argtypes = (ctypes.c_char_p,)
        dll.espeak_SetParameter.restype = ctypes.c_int
        dll.espeak_SetParameter.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_int)
        dll.espeak_ListVoices.restype = ctypes.POINTER(ctypes.POINTER(_Voice))
        dll.espeak_ListVoices.argtypes = (ctypes.c_void_p,)
        dll.espeak_SetSynthCallback.restype = None
        dll.espeak_SetSynthCallback.argtypes = (_CALLBACK,)
        dll.espeak_Synth.restype = ctypes.c_int
        dll.espeak_Synth.argtypes = (
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_void_p,
            ctypes.c_void_p,
        )
        rate = dll.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, None, INITIALIZE_DONT_EXIT)
        if rate <= 0:
            raise OSError("espeak-ng could not start")
        self._callback = _CALLBACK(self._collect)
        dll.espeak_SetSynthCallback(self._callback)
        self._dll = dll
        return int(rate)

    def _collect(self, samples: Any, count: int, events: Any) -> int:
        if count > 0:
            self._chunks.append(ctypes.string_at(samples, count * 2))
        return 0  # go on

    def _raw_voices(self) -> list[EspeakVoice]:
        assert self._dll is not None
        found = self._dll.espeak_ListVoices(None)
        voices = []
        for index in itertools.count():
            entry = found[index]
            if not entry:
                break
            voice = entry.contents
            voices.append(
                EspeakVoice(
                    (voice.identifier or b"").decode("utf-8", "replace").lower(),
                    (voice.name or b"").decode("utf-8", "replace"),
                    _languages(voice.languages),
                )
            )
        return voices

    def _raw_set_voice(self, voice: str) -> int:
        assert self._dll is not None
        return int(self._dll.espeak_SetVoiceByName(voice.encode("utf-8")))

    def _raw_set_rate(self, rate: int) -> int:
        assert self._dll is not None
        return int(self._dll.espeak_SetParameter(RATE, rate, 0))

    def _raw_synth(self, text: str) -> bytes:
        """The sentence's samples (16-bit mono at the sample rate)."""
        assert self._dll is not None
        self._chunks = []
        data = text.encode("utf-8") + b"\0"
        result = self._dll.espeak_Synth(data, len(data), 0, 0, 0, CHARS_UTF8 | ENDPAUSE, None, None)
        if result != EE_OK:
            raise SynthesisError(f"espeak-ng failed ({result}) on {text!r}")
        samples, self._chunks = b"".join(self._chunks), []
        return samples

    # -- what the synthesiser uses ----------------------------------------------------

    def start(self) -> int:
        """espeak-ng started (once a process); its sample rate."""
        with self._lock:
            if self._sample_rate is None:
                self._sample_rate = self._raw_initialise()
            return self._sample_rate

    def voices(self) -> list[EspeakVoice]:
        self.start()
        with self._lock:
            return self._raw_voices()

    def speak(self, text: str, voice: str | None, rate: int) -> tuple[bytes, int]:
        """The sentence's samples in `voice` (its identifier; None: espeak-ng's default) at
        `rate`, and their sample rate. The voice and the rate are set only when they
        change; a new voice gets the rate again."""
        sample_rate = self.start()
        text = speakable(text)
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


def _languages(pointer: int | None) -> list[str]:
    """A voice's languages: pairs of a priority byte and a NUL-ended name, until a 0."""
    languages: list[str] = []
    if not pointer:
        return languages
    at = pointer
    while len(languages) < 32:
        if ctypes.string_at(at, 1) == b"\0":
            break
        name = ctypes.string_at(at + 1)
        languages.append(name.decode("utf-8", "replace"))
        at += 2 + len(name)
    return languages


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
