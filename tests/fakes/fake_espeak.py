"""A fake espeak-ng library behind `voice.espeak.Espeak`, for tests only: its `_raw_*`
calls replaced, everything above them (the voice and the rate set only when they
change, the lock, the files written) the game's own.

`said` lists (text, voice, rate) as espeak-ng held them for each sentence; `calls`
every call into the "library", in order; `empty` is how many of the next sentences come
back with no samples (as pyttsx3's driver sometimes wrote a header-only file)."""

from __future__ import annotations

from halfmoon_a11y.voice.espeak import Espeak, EspeakVoice

VOICES = [
    EspeakVoice("gmw/en", "English (Great Britain)", ["en-gb", "en"]),
    EspeakVoice("gmq/da", "Danish", ["da"]),
]  # no Catalan, as on a machine that lacks espeak-ng's Catalan voice
SAMPLE_RATE = 22050


class FakeEspeak(Espeak):
    def __init__(self, voices: list[EspeakVoice] | None = None) -> None:
        super().__init__()
        self.listed = VOICES if voices is None else voices
        self.said: list[tuple[str, str | None, int | None]] = []
        self.calls: list[tuple[str, object]] = []
        self.empty = 0
        self.held_voice: str | None = None
        self.held_rate: int | None = None
        self.prepared = False

    def prepare(self) -> None:
        self.prepared = True  # no process: the "library" is this object

    def _raw_initialise(self) -> int:
        self.calls.append(("initialise", None))
        return SAMPLE_RATE

    def _raw_voices(self) -> list[EspeakVoice]:
        self.calls.append(("voices", None))
        return list(self.listed)

    def _raw_set_voice(self, voice: str) -> int:
        self.calls.append(("voice", voice))
        if voice not in [known.id for known in self.listed]:
            return 2  # EE_NOT_FOUND
        self.held_voice = voice
        return 0

    def _raw_set_rate(self, rate: int) -> int:
        self.calls.append(("rate", rate))
        self.held_rate = rate
        return 0

    def _raw_synth(self, text: str) -> bytes:
        self.calls.append(("synth", text))
        self.said.append((text, self.held_voice, self.held_rate))
        if self.empty > 0:
            self.empty -= 1
            return b""
        frames = max(1, 40_000 // max(self.held_rate or 175, 1)) * 100  # faster: shorter
        return b"\x10\x00" * frames
