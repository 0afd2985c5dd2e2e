"""espeak-ng driven directly on Linux (issue 28, part 2): no header-only wait, the
voice and the rate set only when they change, a new rate heard at once. With a fake
library (tests/fakes/fake_espeak.py) for the driver's logic, and the real espeak-ng
where it is installed."""

from __future__ import annotations

import time
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import espeak, synth
from halfmoon_a11y.voice.choose import engine_available, make_synthesizer
from halfmoon_a11y.voice.espeak import Espeak, EspeakSynthesizer, EspeakVoice
from halfmoon_a11y.voice.speaker import Voice, VoiceNames
from halfmoon_a11y.voice.synth import SynthesisError
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.fakes.fake_espeak import FakeEspeak
from tests.support import wait_for

ALL_VOICES = [
    EspeakVoice("gmw/en", "English (Great Britain)", ["en-gb", "en"]),
    EspeakVoice("roa/ca", "Catalan", ["ca"]),
    EspeakVoice("gmq/da", "Danish", ["da"]),
]
needs_espeak = pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")


def frames(path: Path) -> int:
    with wave.open(str(path), "rb") as audio:
        return audio.getnframes()


def test_the_voice_and_the_rate_are_set_only_when_they_change(tmp_path):
    """Before: pyttsx3 set the voice before every sentence, and espeak-ng read the voice's
    files again each time (strace)."""
    fake = FakeEspeak(ALL_VOICES)
    synthesizer = EspeakSynthesizer(tmp_path, fake)
    for text in ("Un.", "Dos.", "Tres."):
        synthesizer.synthesize(text, "ca", 175)
    synthesizer.synthesize("Fire.", "da", 175)
    synthesizer.synthesize("Fem.", "da", 300)
    synthesizer.synthesize("Seks.", "da", 300)
    settings = [call for call in fake.calls if call[0] in ("voice", "rate")]
    # a new voice gets the rate again; nothing is set for a sentence that changes nothing
    assert settings == [
        ("voice", "roa/ca"),
        ("rate", 175),
        ("voice", "gmq/da"),
        ("rate", 175),
        ("rate", 300),
    ]
    assert [said[1:] for said in fake.said] == [("roa/ca", 175)] * 3 + [("gmq/da", 175)] + [
        ("gmq/da", 300)
    ] * 2


def test_a_voice_that_cannot_be_set_is_set_again_at_the_next_sentence(tmp_path):
    fake = FakeEspeak(ALL_VOICES)
    synthesizer = EspeakSynthesizer(tmp_path, fake)
    synthesizer.synthesize("Un.", "ca", 175)
    fake.listed = []  # the voice went away: espeak-ng refuses it
    fake._voice = "something else"  # what espeak-ng held is not roa/ca any more
    with pytest.raises(SynthesisError):
        synthesizer.synthesize("Dos.", "ca", 175)
    fake.listed = ALL_VOICES
    synthesizer.synthesize("Tres.", "ca", 175)
    assert [call for call in fake.calls if call[0] == "voice"][-2:] == [
        ("voice", "roa/ca"),
        ("voice", "roa/ca"),
    ]
    assert fake.said[-1] == ("Tres.", "roa/ca", 175)


def test_a_sentence_with_no_samples_is_no_file_and_is_tried_again_at_once(tmp_path):
    """The direct driver never writes a header-only file: no samples is an error, and the
    worker tries the sentence once more, at once."""
    fake = FakeEspeak(ALL_VOICES)
    audio = tmp_path / "audio"
    audio.mkdir()
    synthesizer = EspeakSynthesizer(audio, fake)
    fake.empty = 1
    with pytest.raises(SynthesisError):
        synthesizer.synthesize("Res.", "ca", 175)
    assert list(audio.iterdir()) == []
    fake.empty = 1
    played: list[str] = []
    speaker = ThreadedSpeaker(
        lambda folder: EspeakSynthesizer(folder, fake).synthesize, _Backend(played)
    )
    speaker.speak(["Parella retirada."])
    assert wait_for(lambda: played)
    speaker.close()
    assert [text for text, _v, _r in fake.said] == [
        "Res.",
        "Parella retirada.",
        "Parella retirada.",
    ]
    assert speaker.failure is None  # the second try made it: nothing skipped, nothing said


def test_a_header_only_file_from_pyttsx3_is_given_up_without_waiting(tmp_path, monkeypatch):
    """Before: a file holding its WAV header alone was waited on for HEADER_ONLY_WAIT
    (0.1 s) before the sentence was tried again."""
    header_only = tmp_path / "empty.wav"
    with wave.open(str(header_only), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
    assert header_only.stat().st_size == 44

    def no_waiting(seconds: float) -> None:
        raise AssertionError("waited for a file that holds its header alone")

    monkeypatch.setattr(synth, "time", _Clock(no_waiting))
    assert synth._audio_arrives(header_only) is False


def test_a_file_not_there_yet_is_still_waited_for(tmp_path, monkeypatch):
    """NSSpeechSynthesizer's file may appear a little after runAndWait returns."""
    late = tmp_path / "late.wav"
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            late.write_bytes(b"RIFF" + b"\0" * 40 + b"\x01\x02" * 10)

    monkeypatch.setattr(synth, "time", _Clock(sleep))
    assert synth._audio_arrives(late) is True
    assert len(waits) == 3


def test_the_confirmation_of_a_new_rate_is_spoken_at_that_rate(tmp_path, monkeypatch):
    """`set rate 300`: its confirmation is synthesised at 300, and every sentence after."""
    fake = FakeEspeak(ALL_VOICES)
    monkeypatch.setattr(espeak, "_ENGINE", fake)
    played: list[str] = []

    def factory(settings: Settings) -> Voice:
        names = VoiceNames()
        speaker = ThreadedSpeaker(
            lambda audio: make_synthesizer(audio, names),
            _Backend(played),
            settings.language,
            settings.rate,
        )
        return Voice(speaker, names=names)

    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", rate=175))
    front = TextFrontEnd(session, lambda lines: None, factory)
    front.start()
    front.settle()
    assert wait_for(lambda: fake.said)
    front.line("set rate 300")
    assert wait_for(lambda: any(rate == 300 for _t, _v, rate in fake.said))
    before = len(fake.said)
    front.line("info")
    assert wait_for(lambda: len(fake.said) > before)
    front.close()
    after = [said for said in fake.said if said[2] == 300]
    first_at_300 = fake.said.index(after[0])
    assert "300" in after[0][0]  # the confirmation itself is the first sentence at 300
    assert all(rate == 300 for _t, _v, rate in fake.said[first_at_300:])


class _Clock:
    """synth.py's `time`, its sleeps given to `sleep` (the real clock otherwise)."""

    def __init__(self, sleep: Callable[[float], None]) -> None:
        self.sleep = sleep
        self.monotonic = time.monotonic


class _Backend:
    """A player that plays at once and ends at once, noting each file's name."""

    def __init__(self, played: list[str]) -> None:
        self.played = played

    def start(self, path: Path) -> _Playback:
        self.played.append(path.name)
        return _Playback()


class _Playback:
    failed = False

    def playing(self) -> bool:
        return False

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def stop(self) -> None:
        pass


# -- the real espeak-ng ------------------------------------------------------------------


@needs_espeak
def test_real_espeak_ng_writes_whole_sentences_in_each_language(tmp_path):
    names = VoiceNames()
    synthesize = make_synthesizer(tmp_path, names)
    assert names.wait(0)
    for language in ("ca", "da", "en"):
        assert names.speaks(language)[0] == language
        path = synthesize("Pila 1.", language, 175)
        assert path.stat().st_size > 44 and frames(path) > 2205  # a tenth of a second


@needs_espeak
def test_real_espeak_ng_speaks_a_new_rate_at_the_next_sentence(tmp_path, monkeypatch):
    engine = espeak.engine()
    voices_set: list[str] = []
    set_voice = engine._raw_set_voice

    def counting(voice: str) -> int:
        voices_set.append(voice)
        return set_voice(voice)

    monkeypatch.setattr(engine, "_raw_set_voice", counting)
    monkeypatch.setattr(engine, "_voice", None)  # as if no voice had been set yet
    synthesizer = EspeakSynthesizer(tmp_path, engine)
    text = "Seleccionat el set de cors, a la pila 1."
    slow = frames(synthesizer.synthesize(text, "ca", 175))
    fast = frames(synthesizer.synthesize(text, "ca", 400))
    slow_again = frames(synthesizer.synthesize(text, "ca", 175))
    assert fast < slow * 0.7 and abs(slow_again - slow) < slow * 0.05
    assert voices_set == ["roa/ca"]  # once, not before each sentence


SURROGATE = "The details are in /home/jos\udce9/.local/state/halfmoon-a11y/errors.log."


def test_a_sentence_with_a_lone_surrogate_reaches_espeak_as_utf8(tmp_path):
    """Before: a path under a home whose name is not UTF-8 (Python holds it with
    surrogateescape) failed the sentence's encoding: never spoken, tried twice, and three
    such sentences in a row stopped the voice."""
    fake = FakeEspeak()
    EspeakSynthesizer(tmp_path, fake).synthesize(SURROGATE, "en", 175)
    text = fake.said[0][0]
    text.encode("utf-8")  # what _raw_synth does: no UnicodeEncodeError
    assert text.startswith("The details are in /home/jos") and text.endswith("errors.log.")


def test_a_nul_in_a_sentence_does_not_end_it(tmp_path):
    """Before: espeak-ng read the sentence up to its first NUL; the rest was never said."""
    fake = FakeEspeak()
    EspeakSynthesizer(tmp_path, fake).synthesize("One\0two three.", "en", 175)
    assert fake.said[0][0] == "One two three."


@needs_espeak
def test_the_real_espeak_says_a_sentence_with_a_surrogate_and_a_nul():
    engine = Espeak()
    whole, _ = engine.speak("One two three four five six.", None, 175)
    cut, _ = engine.speak("One\0two three four five six.", None, 175)
    assert len(cut) > len(whole) * 0.8  # not cut at the NUL
    samples, _ = engine.speak(SURROGATE, None, 175)
    assert samples
