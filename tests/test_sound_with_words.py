"""The answer's sound beside its first words, never before them (issue 28, part 1): the
sound is mixed into the start of the first sentence's audio (voice/mixing.py), one file
for one player; it is still heard, and a key still silences both at once."""

from __future__ import annotations

import array
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import earcons
from halfmoon_a11y.voice.choose import engine_available, make_speaker
from halfmoon_a11y.voice.mixing import mix, read_pcm16
from halfmoon_a11y.voice.speaker import Voice
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.support import RecordingSpeaker, wait_for

ROOT = Path(__file__).resolve().parent.parent
PLAYER = ROOT / "tests" / "players" / "realtime_player.py"
needs_espeak = pytest.mark.skipif(not engine_available(), reason="espeak-ng is not installed")


def write_wav(path: Path, samples: list[int], channels: int = 1, rate: int = 22050) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(rate)
        data = array.array("h", samples)
        if sys.byteorder == "big":
            data.byteswap()
        out.writeframes(data.tobytes())
    return path


def channels_of(path: Path) -> tuple[list[int], list[int]]:
    read = read_pcm16(path)
    assert read is not None
    samples, channels, _rate = read
    assert channels == 2
    return list(samples[0::2]), list(samples[1::2])


def sound_file(folder: Path, kind: str = earcons.SELECTED, pile: int = 1) -> str:
    from halfmoon_a11y.core.places import Location

    place = Location.pile(pile) if kind in earcons.PLACED_KINDS else None
    path = earcons.Earcons(folder).file(earcons.sound(kind, place))
    assert path is not None
    return path


# -- the mixing ------------------------------------------------------------------------


def test_the_sound_is_over_the_start_of_the_words_and_keeps_its_place(tmp_path):
    """Pile 1's sound is panned full left: the right channel is the words alone, the left
    the words and the sound; the words start at the first sample, not after the sound."""
    words = [((i * 37) % 2000) - 1000 for i in range(22050)]  # one second of "speech"
    sentence = write_wav(tmp_path / "sentence.wav", words)
    sound = sound_file(tmp_path / "sounds")
    sound_samples, _, _ = read_pcm16(sound)  # type: ignore[misc]
    mixed = tmp_path / "mixed.wav"
    assert mix([sound], sentence, mixed)
    left, right = channels_of(mixed)
    assert right == words  # the words, whole, from the start
    heard = [mixed_l - word for mixed_l, word in zip(left, words, strict=False)]
    sound_left = list(sound_samples[0::2])
    assert heard[: len(sound_left)] == sound_left  # the sound, from the start too
    assert any(sound_left) and not any(heard[len(sound_left) :])
    assert not any(sound_samples[1::2])  # full left: nothing of it on the right


def test_a_sound_longer_than_the_words_is_heard_whole_and_nothing_overflows(tmp_path):
    loud = [32000] * 100
    sentence = write_wav(tmp_path / "short.wav", loud)
    sound = write_wav(tmp_path / "sound.wav", [20000, 20000] * 2000, channels=2)
    mixed = tmp_path / "mixed.wav"
    assert mix([str(sound)], sentence, mixed)
    left, right = channels_of(mixed)
    assert len(left) == 2000  # the whole sound
    assert left[:100] == [32767] * 100 and right[:100] == [32767] * 100  # clipped, not wrapped
    assert left[100:] == [20000] * 1900


def test_a_sound_is_brought_to_the_sentence_s_sample_rate(tmp_path):
    sentence = write_wav(tmp_path / "sentence.wav", [0] * 16000, rate=16000)
    sound = write_wav(tmp_path / "sound.wav", [100, -100] * 2205, channels=2)  # 0.1 s
    mixed = tmp_path / "mixed.wav"
    assert mix([str(sound)], sentence, mixed)
    with wave.open(str(mixed), "rb") as audio:
        assert audio.getframerate() == 16000 and audio.getnframes() == 16000
    left, right = channels_of(mixed)
    assert left[:1600] == [100] * 1600 and right[:1600] == [-100] * 1600
    assert not any(left[1600:])


@pytest.mark.parametrize(
    "sentence_bytes",
    [b"FORM\x00\x00\x00\x2eAIFFCOMM", b"", b"RIFF\x00\x00"],
    ids=["aiff", "empty", "cut short"],
)
def test_what_is_not_a_16_bit_wav_is_not_mixed(tmp_path, sentence_bytes):
    sentence = tmp_path / "sentence.aiff"
    sentence.write_bytes(sentence_bytes)
    sound = sound_file(tmp_path / "sounds")
    assert not mix([sound], sentence, tmp_path / "mixed.wav")


# -- the worker ------------------------------------------------------------------------


class Played:
    """A backend that notes each file and its channels as it starts, and ends at once."""

    def __init__(self) -> None:
        self.files: list[tuple[str, int]] = []

    def start(self, path: Path) -> Played:
        read = read_pcm16(path)
        self.files.append((path.name, read[1] if read is not None else 0))
        return self

    failed = False

    def playing(self) -> bool:
        return False

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def stop(self) -> None:
        pass


def synthesizer(suffix: str = ".wav", fails: tuple[str, ...] = ()) -> Callable:
    def factory(folder: Path) -> Callable[[str, str, int], Path]:
        counter = iter(range(1000))

        def synthesize(text: str, language: str, rate: int) -> Path:
            if text in fails:
                raise RuntimeError("no audio")
            path = folder / f"sentence-{next(counter)}{suffix}"
            if suffix == ".wav":
                return write_wav(path, [500] * 4410)
            path.write_bytes(b"FORM\x00\x00\x10\x00AIFF" + b"\x00" * 4096)
            return path

        return synthesize

    return factory


def test_the_first_sentence_carries_the_sound_and_nothing_plays_before_it(tmp_path):
    played = Played()
    speaker = ThreadedSpeaker(synthesizer(), played)
    sound = sound_file(tmp_path / "sounds")
    speaker.speak(["Selected.", "Pile 1."], [sound])
    assert wait_for(lambda: len(played.files) == 2)
    speaker.close()
    (first, first_channels), (_second, second_channels) = played.files
    assert first.endswith("-with-selected-1.wav") and first_channels == 2  # the sound is in it
    assert second_channels == 1  # the second sentence as it was made


def test_a_sound_that_cannot_be_mixed_plays_first_as_before(tmp_path):
    """An AIFF sentence (macOS) is not mixed: the sound is not lost, it plays first."""
    played = Played()
    speaker = ThreadedSpeaker(synthesizer(".aiff"), played)
    sound = sound_file(tmp_path / "sounds")
    speaker.speak(["Selected."], [sound])
    assert wait_for(lambda: len(played.files) == 2)
    speaker.close()
    assert [name for name, _ in played.files] == [Path(sound).name, "sentence-0.aiff"]


def test_a_sentence_that_cannot_be_made_leaves_its_sound_to_play_alone(tmp_path):
    played = Played()
    speaker = ThreadedSpeaker(synthesizer(fails=("Selected.",)), played)
    sound = sound_file(tmp_path / "sounds")
    speaker.speak(["Selected.", "Pile 1."], [sound])
    assert wait_for(lambda: len(played.files) == 2)
    speaker.close()
    assert [name for name, _ in played.files] == [Path(sound).name, "sentence-0.wav"]


def test_a_sound_with_no_words_plays_alone(tmp_path):
    played = Played()
    speaker = ThreadedSpeaker(synthesizer(), played)
    sound = sound_file(tmp_path / "sounds")
    speaker.speak(["   "], [sound])
    assert wait_for(lambda: len(played.files) == 1)
    speaker.close()
    assert played.files == [(Path(sound).name, 2)]


def test_a_bug_in_the_mixing_costs_only_the_sound_s_place(tmp_path, monkeypatch):
    def broken(*args: object) -> bool:
        raise RuntimeError("planted bug in the mixing")

    monkeypatch.setattr("halfmoon_a11y.voice.mixing.mix", broken)
    played = Played()
    speaker = ThreadedSpeaker(synthesizer(), played)
    sound = sound_file(tmp_path / "sounds")
    speaker.speak(["Selected."], [sound])
    assert wait_for(lambda: len(played.files) == 2)
    speaker.close()
    assert [name for name, _ in played.files] == [Path(sound).name, "sentence-0.wav"]
    assert speaker.failure is None


# -- the voice side ----------------------------------------------------------------------


class VoiceThatSpeaks(RecordingSpeaker):
    speaks = True


def test_the_sound_is_handed_over_with_the_words_not_before_them(tmp_path):
    voice = VoiceThatSpeaks()
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", sounds=True))
    front = TextFrontEnd(
        session, lambda lines: None, lambda settings: Voice(voice), sounds_folder=str(tmp_path)
    )
    front.start()
    front.settle()  # the opening said, as `serve` does before the first line
    calls: list[tuple[list[str], list[str]]] = []
    speak = voice.speak

    def watched(lines, sounds=()):
        calls.append((list(lines), list(sounds)))
        speak(lines, sounds)

    voice.speak = watched  # type: ignore[method-assign]
    voice.play = lambda files: calls.append(([], ["played alone", *files]))  # type: ignore[method-assign]
    front.line("pick 1")
    front.close()
    ((lines, sounds),) = calls  # one call: the sound and its words together
    assert lines[0].startswith("Selected") and [Path(s).name for s in sounds] == ["selected-1.wav"]


@pytest.mark.expects_bug
def test_a_voice_that_fails_with_or_without_a_sound_is_the_voice_s_bug(tmp_path):
    """The words fail alone too: the voice stops; the sounds are not blamed, and go on
    through a player of their own."""

    class BrokenVoice(VoiceThatSpeaks):
        broken = False

        def speak(self, lines, sounds=()):
            if self.broken:
                raise RuntimeError("planted bug in the voice")
            super().speak(lines, sounds)

    voice = BrokenVoice()

    player = RecordingSpeaker()
    written: list[str] = []
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", sounds=True))
    front = TextFrontEnd(
        session,
        written.extend,
        lambda settings: Voice(voice),
        sounds_folder=str(tmp_path),
        sound_player=lambda: player,
        report=lambda error: "LOG",
    )
    front.start()
    front.settle()
    voice.broken = True
    front.line("pick 1")
    front.line("pick 2")
    front.close()
    assert not any(line.startswith("Sounds stopped") for line in written)
    assert any(line.startswith("Speech stopped") for line in written)
    assert [Path(entry[1]).name for entry in player.log if entry[0] == "play"] == [
        "failed.wav"
    ]  # pick 2 replaced the selection: its sound, by the sounds' player


# -- the real voice --------------------------------------------------------------------


@needs_espeak
def test_the_real_voice_plays_pick_s_sound_inside_its_first_sentence(tmp_path):
    """espeak-ng and the real-time stand-in player: the first file played for `pick 1` is
    its first sentence, in stereo, the sound of pile 1 on its left channel only."""
    log = tmp_path / "played.log"
    environ = {"HALFMOON_A11Y_PLAYER": f"{sys.executable} {PLAYER} {log}"}
    session = Session(
        DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", rate=400, sounds=True)
    )
    front = TextFrontEnd(
        session,
        lambda lines: None,
        lambda chosen: make_speaker(chosen, environ),
        sounds_folder=str(tmp_path / "sounds"),
    )
    front.start()
    front.settle()
    assert wait_for(lambda: log.exists())
    front.interrupt()
    before = len(log.read_text().splitlines())
    front.line("pick 1")
    assert wait_for(lambda: len(log.read_text().splitlines()) > before)
    front.close()
    kept = Path(log.read_text().splitlines()[before].split()[2])
    left, right = channels_of(kept)
    sound = read_pcm16(sound_file(tmp_path / "sounds"))
    assert sound is not None
    sound_left = list(sound[0][0::2])
    difference = [a - b for a, b in zip(left, right, strict=False)]
    # the sound, heard from the first sample (where the words and it together would go
    # past the loudest sample, the sum is clipped: at most a few samples)
    same = sum(1 for a, b in zip(difference, sound_left, strict=False) if a == b)
    assert same >= 0.95 * len(sound_left)
    assert not any(difference[len(sound_left) :])  # then the words alone, in the centre
    assert len(right) > 2 * len(sound_left) and any(right)  # the words, in the same file


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
