"""Earcons (issue 13): a sound for each kind of answer, panned and pitched by place,
made once with the standard library, played before the words."""

import array
import math
import os
import subprocess
import sys
import threading
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import ALL_PILES, ALL_SLOTS, Location
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.play.views import Spot
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import earcons
from halfmoon_a11y.voice.speaker import Voice
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.support import RecordingSpeaker, wait_for

PLAYER = Path(__file__).parent / "players" / "realtime_player.py"
P4, R3 = Location.parse("4"), Location.parse("R3")
FIVE = ev.Placed(P4, Card.parse("5S"))
SIX = ev.Placed(R3, Card.parse("6D"))
QUEEN, OTHER_QUEEN = ev.Placed(P4, Card.parse("QS")), ev.Placed(R3, Card.parse("QD"))


@pytest.mark.parametrize(
    ("events", "kind", "place"),
    [
        ([ev.Selected(FIVE, (FIVE,))], earcons.SELECTED, P4),
        ([ev.SelectionDropped((FIVE,))], earcons.DROPPED, None),
        ([ev.Deselected(FIVE)], earcons.DROPPED, None),
        ([ev.Removed(ev.Kind.PAIR, (FIVE, SIX), 10, score=10, left=102)], earcons.PAIR, None),
        ([ev.Removed(ev.Kind.TRIO, (FIVE, SIX, FIVE), 15, score=15, left=101)], earcons.TRIO, None),
        ([ev.SelectionCleared((FIVE,), SIX, ev.Reason.SUM)], earcons.FAILED, None),
        ([ev.SelectionReplaced((QUEEN,), OTHER_QUEEN, ev.Reason.TRIO)], earcons.FAILED, None),
        ([ev.EmptyTapped(R3)], earcons.EMPTY, R3),
        ([pe.CursorMoved(Spot(P4, None, 0), edge=True)], earcons.EDGE, P4),
        ([pe.CursorMoved(Spot(R3, None, 0))], earcons.CURSOR, R3),
        ([ev.Undone(ev.Kind.PAIR, (FIVE, SIX), 10, score=0, left=104)], earcons.UNDO, None),
        (
            [ev.Removed(ev.Kind.PAIR, (FIVE, SIX), 10, score=10, left=2), ev.Blocked()],
            earcons.BLOCKED,
            None,
        ),
        (
            [
                ev.Removed(ev.Kind.PAIR, (FIVE, SIX), 10, score=520, left=0),
                se.GameWon(score=520, moves=48, elapsed=9),
            ],
            earcons.WON,
            None,
        ),
        (
            [se.InfoShown(elapsed=0, score=0, moves=0, code=DealCode(0), status=ev.Status.PLAYING)],
            None,
            None,
        ),
    ],
)
def test_each_answer_has_its_sound(events, kind, place):
    made = earcons.for_events(events)
    if kind is None:
        assert made is None  # an answer with nothing to hear but words
        return
    assert made is not None and made.kind == kind and made.place == place
    if place is not None:  # where it happened: its pan and its pitch
        assert made.pan == earcons.pan(place)
        lowest = min(n.frequency for n in made.notes if n.frequency)
        here = earcons.pitch(place)  # the empty place's tone is an octave below, the edge's above
        assert lowest == {earcons.EMPTY: here / 2, earcons.EDGE: here * 2}.get(kind, here)
    else:
        assert made.pan == 0.0


def test_the_arc_goes_from_left_to_right_and_rises_the_reserve_sits_in_the_middle():
    pans = [earcons.pan(p) for p in ALL_PILES]
    pitches = [earcons.pitch(p) for p in ALL_PILES]
    assert pans[0] == -1.0 and pans[-1] == 1.0 and pans == sorted(pans)
    assert pitches == sorted(pitches) and len(set(pitches)) == 12
    slots = [earcons.pitch(s) for s in ALL_SLOTS]
    assert all(earcons.pan(s) == 0.0 for s in ALL_SLOTS)
    assert pitches[0] < min(slots) < max(slots) < pitches[-1]  # in the middle
    assert slots == sorted(slots) and len(set(slots)) == 8  # and each its own


@pytest.mark.parametrize("kind", earcons.KINDS)
def test_every_sound_is_a_short_valid_wav_that_pans_as_it_says(kind, tmp_path):
    place = Location.parse("1") if kind in earcons.PLACED_KINDS else None
    made = earcons.sound(kind, place)
    path = earcons.Earcons(tmp_path).file(made)
    assert path is not None
    with wave.open(path, "rb") as audio:
        assert audio.getnchannels() == 2 and audio.getsampwidth() == 2
        seconds = audio.getnframes() / audio.getframerate()
        frames = audio.readframes(audio.getnframes())
    assert 0.03 <= seconds <= earcons.LONGEST
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    left = math.sqrt(sum(v * v for v in samples[0::2]))
    right = math.sqrt(sum(v * v for v in samples[1::2]))
    assert left > 0
    if place is not None:  # pile 1 is full left
        assert right < left / 100
    else:  # the centre: both sides alike
        assert abs(left - right) <= left / 100


def test_a_sound_is_made_once_and_never_again(tmp_path, monkeypatch):
    made: list[str] = []
    write = earcons.write

    def counted(path, sound):
        made.append(path)
        write(path, sound)

    monkeypatch.setattr(earcons, "write", counted)
    sounds = earcons.Earcons(tmp_path)
    first = sounds.file(earcons.sound(earcons.PAIR))
    assert first is not None
    stamp = os.stat(first).st_mtime_ns
    again = earcons.Earcons(tmp_path).file(earcons.sound(earcons.PAIR))  # a later run
    assert again == first and made == [first] and os.stat(first).st_mtime_ns == stamp


def test_a_folder_that_cannot_be_written_means_no_sound_not_a_crash(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    assert earcons.Earcons(blocker).for_events([ev.EmptyTapped(R3)]) == []


@pytest.mark.parametrize("planted", ["file", "symlink"])
def test_nothing_planted_at_the_old_temporary_name_is_followed_or_overwritten(planted, tmp_path):
    """Sounds were written to `NAME.PID.part`, a name anyone could guess: a symlink put
    there had the sound written through it. Now the temporary name cannot be guessed."""
    sounds = earcons.Earcons(tmp_path / "cache")
    made = earcons.sound(earcons.PAIR)
    path = os.path.join(sounds.folder, made.name)
    os.makedirs(sounds.folder)
    victim = tmp_path / "victim"
    victim.write_bytes(b"not a sound")
    old_name = f"{path}.{os.getpid()}.part"
    if planted == "symlink":
        os.symlink(victim, old_name)
    else:
        Path(old_name).write_bytes(b"planted")
    assert sounds.file(made) == path
    assert victim.read_bytes() == b"not a sound"
    if planted == "symlink":
        assert os.readlink(old_name) == str(victim)
    else:
        assert Path(old_name).read_bytes() == b"planted"
    assert not os.path.islink(path)
    with wave.open(path, "rb") as audio:
        assert audio.getnframes() > 0
    assert sorted(os.listdir(sounds.folder)) == sorted([made.name, os.path.basename(old_name)])


def test_a_symlink_where_a_sound_goes_is_replaced_not_followed(tmp_path):
    sounds = earcons.Earcons(tmp_path / "cache")
    made = earcons.sound(earcons.WON)
    path = os.path.join(sounds.folder, made.name)
    os.makedirs(sounds.folder)
    elsewhere = tmp_path / "elsewhere.wav"
    os.symlink(elsewhere, path)  # dangling: there is no sound yet
    assert sounds.file(made) == path
    assert not elsewhere.exists() and not os.path.islink(path)


class VoiceThatSpeaks(RecordingSpeaker):
    speaks = True


def front_end(tmp_path, speaks: bool, sounds: bool = True):
    voice = VoiceThatSpeaks() if speaks else None
    player = RecordingSpeaker()
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", sounds=sounds))
    front = TextFrontEnd(
        session,
        lambda lines: None,
        (lambda settings: Voice(voice)) if voice is not None else None,
        sounds_folder=str(tmp_path),
        sound_player=lambda: player,
    )
    front.start()
    return front, voice, player


def test_the_sound_comes_before_the_words_in_the_voice_s_own_queue(tmp_path):
    front, voice, player = front_end(tmp_path, speaks=True)
    front.line("pick 1 8")
    played = [entry for entry in voice.log if entry[0] in ("play", "say")]
    assert played[-3][0] == "play" and played[-3][1].endswith("pair.wav")
    assert played[-2][0] == "say" and played[-2][1].startswith("Pair removed")
    assert player.log == []  # no second player while the voice speaks


def test_with_the_voice_silent_sounds_still_play_and_stop_with_a_key(tmp_path):
    front, _, player = front_end(tmp_path, speaks=False)
    front.key("next")  # the first key: pile 1
    front.key("previous")  # at pile 1 already: the edge
    front.line("pick 1")
    plays = [Path(entry[1]).name for entry in player.log if entry[0] == "play"]
    assert plays == ["cursor-1.wav", "edge-1.wav", "selected-1.wav"]
    assert ("interrupt",) in player.log  # each key and command silences the last sound


def test_sounds_off_plays_nothing(tmp_path):
    front, _, player = front_end(tmp_path, speaks=False, sounds=False)
    front.line("pick 1 8")
    assert player.log == []


def no_sentences(folder: Path) -> Callable[[str, str, int], Path]:
    """The synthesiser of a speaker that plays sounds only: never made."""
    raise AssertionError("a speaker that plays sounds only makes no sentence")


def test_a_sound_file_is_played_by_the_player_and_kept_for_next_time(tmp_path):
    log = tmp_path / "played.log"
    speaker = ThreadedSpeaker(no_sentences, [sys.executable, str(PLAYER), str(log)], speaks=False)
    path = earcons.Earcons(tmp_path / "cache").file(earcons.sound(earcons.WON))
    assert path is not None
    started = threading.Event()
    speaker.on_play = lambda text: started.set()
    speaker.speak(["never said: this player plays sounds only"])
    speaker.play([path])
    assert started.wait(10)
    # the player opens its log, then writes its line: wait for the line, not the file
    assert wait_for(lambda: log.exists() and log.read_text().endswith("\n"))
    speaker.close()
    assert len(log.read_text().splitlines()) == 1 and os.path.exists(path)


def test_no_sound_in_a_pipe(isolated_folders):
    """Plain mode in a pipe: the sounds setting is off and no sound is ever made."""
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", "HM1-N-EMQPNCT"],
        input="pick 1 8\nset sounds on\npick 2\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    made = [p for p in isolated_folders.rglob("*.wav")]
    assert made == []
