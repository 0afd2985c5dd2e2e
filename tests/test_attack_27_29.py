"""The attack on issues 27 to 29's code (one write an answer, espeak-ng driven
directly, the win after the answer, the collector at start): each finding's test,
failing before its fix. docs/decisions.md, "Issue 29 attack", says what was found."""

from __future__ import annotations

import signal
from types import SimpleNamespace

import pytest

from halfmoon_a11y.ui import ctrl_c, prompt
from halfmoon_a11y.voice.choose import engine_available
from halfmoon_a11y.voice.espeak import Espeak, EspeakSynthesizer
from tests.fakes.fake_espeak import FakeEspeak

needs_espeak = pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")


# -- long answers in pieces (ui/prompt.py hold_answers) ------------------------------------


class HeldOutput:
    """A stand-in for `OneWrite` over a window of `rows` rows: what went out, write by
    write."""

    def __init__(self, rows: int) -> None:
        size = SimpleNamespace(rows=rows, columns=80)
        self.output = SimpleNamespace(stdout=object(), get_size=lambda: size)
        self.held = ""
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.held += text
        return len(text)

    def hold(self) -> None:
        pass

    def release(self) -> None:
        if self.held:
            self.writes.append(self.held)
        self.held = ""


def _front() -> SimpleNamespace:
    return SimpleNamespace(leaving=False, write=None)


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
def test_a_window_too_low_for_a_piece_gets_the_answer_at_once(monkeypatch, rows):
    """Before: a window of 1 to 4 rows cut a 40-line answer in pieces of 4 rows, which
    did not fit it anyway, 0.25 s apart: ten pieces, 2.5 s in which the game answered
    no key."""
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    one, front = HeldOutput(rows), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(40)])
    one.release()  # the prompt drawn
    assert pauses == []
    assert len(one.writes) == 1 and one.writes[0].count("\n") == 40


def test_a_ctrl_c_during_the_pieces_sends_the_rest_at_once(monkeypatch):
    """Before: a Ctrl-C during a long answer's pieces silenced the voice and the pieces
    went on, 0.25 s each: the game could not be hurried."""
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        ctrl_c._pressed(signal.SIGINT, None)  # pressed while the first piece is read

    monkeypatch.setattr("time.sleep", pause)
    monkeypatch.setattr(ctrl_c, "_silencers", [])
    one, front = HeldOutput(10), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(60)])  # seven pieces of 9
    one.release()
    assert len(pauses) == 1
    assert len(one.writes) == 2
    assert one.writes[0].count("\n") == 9 and one.writes[1].count("\n") == 51


def test_pieces_still_fit_a_window_of_ordinary_height(monkeypatch):
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    one, front = HeldOutput(24), _front()
    prompt.hold_answers(front, one)  # type: ignore[arg-type]
    front.write([f"Line {n}." for n in range(30)])
    one.release()
    assert [w.count("\n") for w in one.writes] == [23, 7]
    assert pauses == [prompt.PACE]


# -- espeak-ng driven directly (voice/espeak.py) --------------------------------------------

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


# -- the sound mixed into the first sentence (voice/mixing.py) ------------------------------


def _wav(path, rate: int = 22050, frames: int = 3000, channels: int = 1) -> bytes:
    import wave

    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(channels)
        audio.setsampwidth(2)
        audio.setframerate(rate)
        audio.writeframes(b"\x01\x00" * frames * channels)
    return path.read_bytes()


def test_a_wav_with_a_chunk_past_its_end_is_not_one_of_ours(tmp_path):
    """Before: `read_pcm16`, "None for anything else", raised wave's RuntimeError for a
    header whose first chunk says it is longer than the file."""
    from halfmoon_a11y.voice.mixing import mix, read_pcm16

    data = bytearray(_wav(tmp_path / "sound.wav"))
    data[16:20] = (0x7FFFFFF0).to_bytes(4, "little")  # the fmt chunk's length
    broken = tmp_path / "broken.wav"
    broken.write_bytes(bytes(data))
    assert read_pcm16(broken) is None
    sentence = tmp_path / "sentence.wav"
    _wav(sentence)
    assert mix([str(broken)], sentence, tmp_path / "mixed.wav") is False
    assert mix([str(tmp_path / "sound.wav")], broken, tmp_path / "mixed.wav") is False


def test_a_sentence_at_a_rate_no_wav_can_be_written_at_is_not_mixed(tmp_path):
    """Before: a sentence saying 1,000,000,000 samples a second was read, and writing the
    mixed file failed in struct.pack."""
    from halfmoon_a11y.voice.mixing import mix

    sentence = tmp_path / "sentence.wav"
    _wav(sentence, rate=1_000_000_000)
    sound = tmp_path / "sound.wav"
    _wav(sound)
    assert mix([str(sound)], sentence, tmp_path / "mixed.wav") is False
