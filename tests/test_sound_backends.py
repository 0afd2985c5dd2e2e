"""Issue 20, point 1: sounds everywhere. One player backend interface (voice/playback.py),
a process for each file where a command plays (Linux, macOS's afplay, or a command asked
for), and winsound on Windows; the speech worker talks only to the backend.

Windows runs here as a pretence (host/system.py) with a fake `winsound`
(tests/fakes/winsound.py), macOS with a fake `afplay` on PATH: what is verified here is
the game's side of them, never the systems' own players."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice.choose import make_sound_player, make_speaker
from halfmoon_a11y.voice.notices import SpeechTrouble
from halfmoon_a11y.voice.speaker import Voice
from halfmoon_a11y.voice.worker import ThreadedSpeaker
from tests.fakes import winsound as fake
from tests.support import RecordingSpeaker, silence, wait_for

pytestmark = pytest.mark.slow  # whole games with sounds played for their real length

PLAYERS = Path(__file__).parent / "players"
FINISHING = PLAYERS / "finishing_player.py"
FAKES = Path(__file__).parent / "fakes"
ON_PATH = FAKES / "on_path"  # the fake pyttsx3 and pythoncom under their real names
CODE = "HM1-N-EMQPNCT"
FLAGS = fake.SND_FILENAME | fake.SND_ASYNC | fake.SND_NODEFAULT
A_FEW_MS = 0.02  # an interruption silences within this


@pytest.fixture
def winsound(monkeypatch):
    """The fake winsound, as `import winsound` finds it, for one test."""
    return fake.install(monkeypatch)


@pytest.fixture
def bare_path(tmp_path, monkeypatch):
    """A PATH with no audio player on it, as on every Windows machine."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(folder))
    return folder


def fake_player(folder: Path, name: str, log: Path) -> None:
    """A command `name` in `folder` that plays a file as finishing_player.py does."""
    script = folder / name
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FINISHING}" "{log}" "$@"\n')
    script.chmod(0o755)


def only_accepted_flags() -> bool:
    """Every call the game made is one Windows accepts: a file played asynchronously
    without the default sound, or the silence."""
    return all(
        (sound is None and flags == 0) or (isinstance(sound, str) and flags == FLAGS)
        for _, sound, flags in fake.calls
    )


# -- the fake refuses what Windows refuses --------------------------------------------


def test_the_fake_refuses_what_windows_refuses(winsound, tmp_path):
    wav = silence(tmp_path, 0.05)
    with pytest.raises(RuntimeError):
        winsound.PlaySound(wav.read_bytes(), winsound.SND_MEMORY | winsound.SND_ASYNC)
    with pytest.raises(RuntimeError):
        winsound.PlaySound(None, winsound.SND_PURGE)
    with pytest.raises(RuntimeError):
        winsound.PlaySound(str(tmp_path / "missing.wav"), FLAGS)
    before = time.monotonic()
    winsound.PlaySound(str(wav), winsound.SND_FILENAME)  # synchronous: to its end
    assert time.monotonic() - before >= 0.05
    winsound.PlaySound(str(wav), FLAGS)
    assert fake.playing() is fake.heard[-1]
    winsound.PlaySound(None, 0)
    assert fake.playing() is None and fake.heard[-1].cut


# -- a WAV file's length, from its header -----------------------------------------------


@pytest.mark.parametrize(("channels", "rate", "seconds"), [(1, 8000, 0.25), (2, 22050, 1.5)])
def test_a_wav_file_s_length_comes_from_its_header(channels, rate, seconds, tmp_path):
    from halfmoon_a11y.voice.winsound_player import length

    path = tmp_path / "sound.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"\0\0" * channels * int(rate * seconds))
    assert length(path) == pytest.approx(seconds)


def test_chunks_before_the_data_are_skipped_and_a_short_file_counts_what_it_holds():
    from halfmoon_a11y.voice.wav import seconds

    fmt = (1).to_bytes(2, "little") + (1).to_bytes(2, "little")  # PCM, mono
    fmt += (8000).to_bytes(4, "little") + (16000).to_bytes(4, "little")  # rate, bytes a second
    fmt += (2).to_bytes(2, "little") + (16).to_bytes(2, "little")
    listing = b"LIST" + (3).to_bytes(4, "little") + b"abc\0"  # odd: padded to even
    data = b"data" + (32000).to_bytes(4, "little")
    head = b"RIFF" + (0).to_bytes(4, "little") + b"WAVE"
    head += b"fmt " + (16).to_bytes(4, "little") + fmt + listing + data
    assert seconds(head, len(head) + 32000) == 2.0
    assert seconds(head, len(head) + 8000) == 0.5  # cut short: what it holds
    assert seconds(head, len(head)) == 0.0


@pytest.mark.parametrize(
    "head",
    [b"", b"RIFF", b"FORM\0\0\0\0AIFF", b"RIFF\0\0\0\0WAVEdata\0\0\0\0", b"not a sound at all"],
)
def test_what_is_no_wav_header_has_no_length(head):
    from halfmoon_a11y.voice.wav import seconds

    assert seconds(head, 10_000) is None


def test_a_fifo_or_a_folder_has_no_length_and_never_blocks(tmp_path):
    from halfmoon_a11y.voice.winsound_player import length

    fifo = tmp_path / "pipe.wav"
    os.mkfifo(fifo)
    before = time.monotonic()
    assert length(fifo) is None  # no writer: an open that blocked would hang here
    assert length(tmp_path) is None and length(tmp_path / "missing.wav") is None
    assert time.monotonic() - before < 1.0


# -- which backend plays, on each system -----------------------------------------------


def test_windows_plays_the_sounds_with_winsound(winsound, bare_path, pretend_system, tmp_path):
    """Before: no paplay, pw-play, aplay or afplay on Windows, so no sound player at all:
    the sounds were silent, for screen-reader users too."""
    pretend_system("windows")
    player = make_sound_player()
    assert player is not None
    wav = silence(tmp_path, 0.05)
    player.play([str(wav)])
    assert wait_for(lambda: len(fake.heard) == 1)
    assert player.drain(5)
    player.close()
    assert fake.heard[0].name == str(wav) and fake.heard[0].flags == FLAGS
    assert only_accepted_flags() and fake.playing() is None


def test_windows_speech_is_no_longer_without_a_player(
    winsound, bare_path, pretend_system, monkeypatch
):
    """Before: "Speech is not available. No audio player was found" on every Windows."""
    pretend_system("windows")
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    voice = make_speaker(Settings(language="en", speech="on"))
    voice.speaker.close()
    assert voice.trouble is None and voice.own


def test_windows_without_winsound_says_there_is_no_player(bare_path, pretend_system, monkeypatch):
    pretend_system("windows")
    monkeypatch.setitem(sys.modules, "winsound", None)  # import winsound fails
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    assert make_sound_player() is None
    assert make_speaker(Settings(speech="on")).trouble is SpeechTrouble.NO_PLAYER


def test_a_player_command_still_wins_over_winsound_on_windows(
    winsound, bare_path, pretend_system, tmp_path, monkeypatch
):
    pretend_system("windows")
    log = tmp_path / "played.log"
    monkeypatch.setenv("HALFMOON_A11Y_PLAYER", f"{sys.executable} {FINISHING} {log}")
    player = make_sound_player()
    assert player is not None
    player.play([str(silence(tmp_path, 0.05, "pair.wav"))])
    assert wait_for(lambda: log.exists() and "end" in log.read_text())
    player.close()
    assert fake.calls == []


def test_a_player_command_that_cannot_run_is_not_replaced_by_winsound(
    winsound, bare_path, pretend_system, monkeypatch
):
    """As on Linux: a player asked for and missing is said, not silently swapped."""
    pretend_system("windows")
    monkeypatch.setenv("HALFMOON_A11Y_PLAYER", "no-such-player --quiet")
    assert make_sound_player() is None


@pytest.mark.parametrize(
    ("asked", "words"),
    [
        (r"C:\Tools\play.exe", [r"C:\Tools\play.exe"]),
        (
            r"C:\ffmpeg\bin\ffplay.exe -nodisp -autoexit",
            [r"C:\ffmpeg\bin\ffplay.exe", "-nodisp", "-autoexit"],
        ),
        (
            r'"C:\Program Files\VLC\vlc.exe" --play-and-exit',
            [r"C:\Program Files\VLC\vlc.exe", "--play-and-exit"],
        ),
        (r"C:\Users\O'Neil\play.exe", [r"C:\Users\O'Neil\play.exe"]),
        (
            r'C:\ff\ffplay.exe -window_title="Half Moon"',
            [r"C:\ff\ffplay.exe", "-window_title=Half Moon"],
        ),
    ],
)
def test_a_player_asked_for_on_windows_keeps_its_backslashes(
    asked, words, pretend_system, monkeypatch
):
    """A Windows path is written with backslashes, unquoted as often as not. POSIX
    splitting took them for escapes (C:\\Tools\\play.exe became C:Toolsplay.exe), so the
    player asked for was never found, and the game said there was none and stayed silent."""
    from halfmoon_a11y.voice import player

    pretend_system("windows")
    monkeypatch.setattr(shutil, "which", lambda name: name if name == words[0] else None)
    assert player.find_player({player.ENVIRONMENT_VARIABLE: asked}) == words
    assert player.find_player({}, configured=asked) == words


def test_a_player_asked_for_on_linux_is_split_as_a_shell_does(pretend_system, monkeypatch):
    from halfmoon_a11y.voice import player

    pretend_system("linux")
    monkeypatch.setattr(shutil, "which", lambda name: name)
    asked = r"my\ player --name 'a b'"
    assert player.find_player({player.ENVIRONMENT_VARIABLE: asked}) == [
        "my player",
        "--name",
        "a b",
    ]


@pytest.mark.parametrize(("system", "chosen"), [("macos", "afplay"), ("linux", "paplay")])
def test_each_unix_plays_with_its_own_player(system, chosen, bare_path, pretend_system, tmp_path):
    """Before: macOS tried paplay, pw-play and aplay before its own afplay."""
    pretend_system(system)
    logs = {name: tmp_path / f"{name}.log" for name in ("paplay", "afplay")}
    for name, log in logs.items():
        fake_player(bare_path, name, log)
    player = make_sound_player()
    assert player is not None
    player.play([str(silence(tmp_path, 0.05, "pair.wav"))])
    assert wait_for(lambda: logs[chosen].exists() and "end" in logs[chosen].read_text())
    player.close()
    assert [name for name, log in logs.items() if log.exists()] == [chosen]


def test_linux_never_plays_with_winsound(winsound, bare_path, monkeypatch):
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    assert make_sound_player() is None
    assert make_speaker(Settings(speech="on")).trouble is SpeechTrouble.NO_PLAYER
    assert fake.calls == []


# -- the worker through winsound -------------------------------------------------------


def winsound_speaker(lengths: dict[str, float], **kwargs) -> ThreadedSpeaker:
    """A voice that says each text as silence of its length (0.3 s unless told), played
    through winsound."""
    from halfmoon_a11y.voice.playback import find_backend

    backend = find_backend()
    assert backend is not None

    def factory(where: Path):
        def synthesize(text: str, language: str, rate: int) -> Path:
            if lengths.get(text) == -1:  # no WAV at all
                path = where / f"{text}-{time.monotonic_ns()}.wav"
                path.write_bytes(b"not a sound")
                return path
            return silence(where, lengths.get(text, 0.3), f"{text}-{time.monotonic_ns()}.wav")

        return synthesize

    return ThreadedSpeaker(factory, backend, **kwargs)


def said(heard: list[fake.Heard]) -> list[str]:
    return [Path(sound.name or "-").name.split("-")[0] for sound in heard]


def test_sentences_play_one_after_another_for_their_real_length(winsound, pretend_system, tmp_path):
    pretend_system("windows")
    speaker = winsound_speaker({})
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: len(fake.heard) == 3)
    assert speaker.drain(5)
    speaker.close()
    assert said(fake.heard) == ["one", "two", "three"]
    starts = [sound.started for sound in fake.heard]
    gaps = [later - earlier for earlier, later in itertools.pairwise(starts)]
    assert all(0.3 - 0.005 <= gap < 0.3 + 0.1 for gap in gaps), gaps  # each waited for whole
    assert not any(sound.cut for sound in fake.heard)
    assert only_accepted_flags()


def test_an_interruption_silences_winsound_within_a_few_ms(winsound, pretend_system, tmp_path):
    pretend_system("windows")
    speaker = winsound_speaker({"one": 5.0})
    speaker.speak(["one", "two", "three"])
    assert wait_for(lambda: len(fake.heard) == 1)
    time.sleep(0.2)  # cut in the middle of its five seconds, not as it starts
    before = time.monotonic()
    speaker.interrupt()
    took = time.monotonic() - before
    stopped = fake.heard[0].stopped
    time.sleep(0.5)  # "two" and "three" would have started by now
    speaker.close()
    assert took < A_FEW_MS and stopped is not None and stopped - before < A_FEW_MS
    assert said(fake.heard) == ["one"] and fake.heard[0].cut
    assert fake.calls[-1][1:] == (None, 0) and only_accepted_flags()


def test_after_an_interruption_the_next_answer_plays(winsound, pretend_system, tmp_path):
    pretend_system("windows")
    speaker = winsound_speaker({"one": 5.0, "after": 0.1})
    speaker.speak(["one", "two"])
    assert wait_for(lambda: len(fake.heard) == 1)
    speaker.interrupt()
    speaker.speak(["after"])
    assert wait_for(lambda: len(fake.heard) == 2)
    assert speaker.drain(5)
    speaker.close()
    assert said(fake.heard) == ["one", "after"] and not fake.heard[1].cut


def test_closing_leaves_nothing_playing(winsound, pretend_system, tmp_path):
    pretend_system("windows")
    speaker = winsound_speaker({"one": 5.0})
    speaker.speak(["one", "two"])
    assert wait_for(lambda: len(fake.heard) == 1)
    before = time.monotonic()
    speaker.close()
    assert time.monotonic() - before < 0.5  # not the sound's five seconds
    assert fake.playing() is None and fake.heard[0].cut
    assert not speaker._thread.is_alive()
    time.sleep(0.3)  # "two", had it been played after closing, would have started by now
    assert len(fake.heard) == 1


def test_a_file_windows_cannot_play_skips_one_sentence(winsound, pretend_system, tmp_path):
    """As a player that exits with an error: the sentence is skipped and said once."""
    pretend_system("windows")
    refuse = {"two"}

    class Refusing(set[str]):  # what the fake keeps (a set), refusing by name
        def __contains__(self, name: object) -> bool:
            return Path(str(name)).name.split("-")[0] in refuse

    fake.refused = Refusing()
    try:
        speaker = winsound_speaker({"one": 0.05, "two": 0.05, "three": 0.05})
        speaker.speak(["one", "two", "three"])
        assert wait_for(lambda: len(fake.heard) == 2)
        assert speaker.drain(5)
        failure = speaker.failure
        speaker.close()
    finally:
        fake.refused = set()
    assert said(fake.heard) == ["one", "three"]
    assert failure is SpeechTrouble.SENTENCE_NOT_PLAYED


def test_three_files_in_a_row_that_are_no_sound_stop_the_voice(winsound, pretend_system, tmp_path):
    """A file with no WAV header is never handed to Windows; three in a row, and the
    voice stops, as with a player that fails three times."""
    pretend_system("windows")
    speaker = winsound_speaker({"a": -1, "b": -1, "c": -1, "d": 0.05})
    speaker.speak(["a", "b", "c", "d"])
    assert wait_for(lambda: speaker._broken, 5)
    failure = speaker.failure
    speaker.close()
    assert failure is SpeechTrouble.PLAYER_FAILED
    assert not [s for _, s, _ in fake.calls if isinstance(s, str) and Path(s).name[0] in "abc"]


def test_stopping_an_old_sound_never_silences_a_newer_one(winsound, pretend_system, tmp_path):
    """The voice and the sounds' player are two backends; Windows plays one sound at a
    time, the newer replacing the older."""
    from halfmoon_a11y.voice.winsound_player import find_winsound

    pretend_system("windows")
    first, second = find_winsound(), find_winsound()
    assert first is not None and second is not None
    older = first.start(silence(tmp_path, 2.0))
    newer = second.start(silence(tmp_path, 2.0))
    older.stop()
    assert fake.playing() is fake.heard[1] and newer.playing()
    assert older.wait(0) and not older.playing()
    assert not newer.wait(0.05)  # still playing: the timeout comes first
    before = time.monotonic()
    threading.Timer(0.1, newer.stop).start()
    assert newer.wait() and time.monotonic() - before < 0.5
    assert fake.playing() is None and only_accepted_flags()


def test_winsound_is_asked_for_on_windows_only(winsound, pretend_system):
    """A module named winsound found elsewhere is none of Windows': only the Windows
    branch imports it (tests/test_platform_imports.py checks that statically too)."""
    from halfmoon_a11y.voice.winsound_player import find_winsound

    for other in ("macos", "linux"):
        pretend_system(other)
        assert find_winsound() is None
    pretend_system("windows")
    backend = find_winsound()
    assert backend is not None and backend._winsound is winsound


# -- a player process where the system has no process groups ---------------------------

WHO_AM_I = "import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getsid(0)}\\n'); time.sleep(5)"


def test_on_windows_a_player_process_needs_no_process_groups(pretend_system, tmp_path, monkeypatch):
    """Before: the player always led a new session, and was stopped with os.killpg,
    which Windows lacks."""
    pretend_system("windows")
    groups: list[int] = []
    monkeypatch.setattr(os, "killpg", lambda pid, sig: groups.append(pid), raising=False)
    log = tmp_path / "who.log"
    speaker = ThreadedSpeaker(
        lambda where: lambda *a: silence(where, 0.05),
        [sys.executable, "-c", WHO_AM_I, str(log)],
    )
    speaker.speak(["one"])
    assert wait_for(lambda: log.exists() and log.read_text().endswith("\n"))
    playing = speaker._playing
    before = time.monotonic()
    speaker.interrupt()
    took = time.monotonic() - before
    speaker.close()
    assert int(log.read_text()) == os.getsid(0)  # in the game's own session
    assert groups == [] and took < 0.5
    assert playing is not None and not playing.playing()


# -- whole games ------------------------------------------------------------------------

# keys and lines, with the sounds they make: cursor, edge, selected, dropped, pair, undo,
# failed, empty...
SCRIPT = [
    ("key", "next"),
    ("key", "previous"),
    ("line", "pick 1"),
    ("line", "pick 1"),
    ("line", "pick 1 8"),
    ("line", "undo"),
    ("line", "pick 1 8"),
    ("line", "pick 1 2"),
    ("line", "pick 2 3"),
    ("line", "info"),
]


def do(front: TextFrontEnd, step: tuple[str, str]) -> None:
    kind, what = step
    if kind == "key":
        front.key(what)
    else:
        front.line(what)


def expected_game(tmp_path: Path, speaks: bool) -> list[tuple[str, str]]:
    """What the game asks its voice (speaks) or its sounds' player to play and say, from
    recording speakers: the order the backends must follow."""

    class Voiced(RecordingSpeaker):
        speaks = True

    voice, sounds = Voiced(), RecordingSpeaker()
    front = TextFrontEnd(
        Session(DealCode.parse(CODE), Settings(language="en", sounds=True), now=lambda: 0.0),
        lambda lines: None,
        (lambda settings: Voice(voice)) if speaks else None,
        False,
        str(tmp_path / "recorded-sounds"),
        lambda: sounds,
    )
    front.start()
    front.settle()  # as `serve` does: the voice chosen, the opening said, before any key
    for step in SCRIPT:
        do(front, step)
    front.close()
    log = voice.log if speaks else sounds.log
    return [
        (entry[0], Path(entry[1]).name if entry[0] == "play" else entry[1])
        for entry in log
        if entry[0] in ("play", "say")
    ]


class Game:
    """A game played through the real worker and backends. The voice says each sentence
    as 0.03 s of silence (3 s once `long` is set) in a file named after it (`say-N.wav`).
    The game's clock stands still, so its answers are the recorded game's."""

    def __init__(self, tmp_path: Path, speaks: bool) -> None:
        self.texts: dict[str, str] = {}
        self.written: list[str] = []
        self.long = False
        speech = tmp_path / "speech"

        def synthesizer(where: Path):
            def synthesize(text: str, language: str, rate: int) -> Path:
                name = f"say-{len(self.texts)}.wav"
                self.texts[name] = text
                return silence(where, 3.0 if self.long else 0.03, name)

            return synthesize

        def voice(settings: Settings) -> Voice:
            from halfmoon_a11y.voice.playback import find_backend

            speech.mkdir(exist_ok=True)
            backend = find_backend()
            assert backend is not None
            return Voice(
                ThreadedSpeaker(synthesizer, backend, settings.language, folder=str(speech))
            )

        self.front = TextFrontEnd(
            Session(DealCode.parse(CODE), Settings(language="en", sounds=True), now=lambda: 0.0),
            self.written.extend,
            voice if speaks else None,
            False,
            str(tmp_path / "sounds"),
            make_sound_player,
        )

    def drain(self) -> None:
        for speaker in (self.front.speech.speaker, self.front.speech.sounds):
            if speaker is not None:
                assert speaker.drain(10)

    def play(self) -> None:
        self.front.start()
        self.front.settle()  # as `serve` does: the voice chosen, the opening said, before any key
        self.drain()
        for step in SCRIPT:
            do(self.front, step)
            self.drain()

    def entry(self, name: str) -> list[tuple[str, str]]:
        """What a played file was: a sentence, a sound, or (issue 28) a sentence with its
        answer's sound mixed in, `say-N-with-SOUND.wav`: the sound, then the sentence."""
        if name in self.texts:
            return [("say", self.texts[name])]
        sentence, mixed, sound = name.partition("-with-")
        if mixed and f"{sentence}.wav" in self.texts:
            return [("play", sound), ("say", self.texts[f"{sentence}.wav"])]
        return [("play", name)]


def test_a_whole_game_on_windows_with_a_screen_reader_plays_every_sound(
    winsound, bare_path, pretend_system, tmp_path
):
    """A screen reader speaks (the game's own voice is off): the sounds are the game's
    only audio. Before: none at all on Windows."""
    pretend_system("windows")
    expected = expected_game(tmp_path, speaks=False)
    game = Game(tmp_path, speaks=False)
    game.play()
    heard = [each for sound in fake.heard for each in game.entry(Path(sound.name or "-").name)]
    # a command typed while a sound plays silences it at once
    game.front.line("pick 1")
    assert wait_for(lambda: len(fake.heard) == len(heard) + 1)
    typed = time.monotonic()
    game.front.line("info")  # no sound of its own: it only silences
    game.front.close()
    assert heard == expected and len({name for _, name in heard}) >= 6
    assert not any(sound.cut for sound in fake.heard[:-1])
    stopped = fake.heard[-1].stopped
    assert fake.heard[-1].cut and stopped is not None and stopped - typed < A_FEW_MS
    assert fake.playing() is None and only_accepted_flags()


def test_a_whole_game_on_windows_with_the_game_s_voice(
    winsound, bare_path, pretend_system, tmp_path
):
    """The voice and the sounds in one queue: each sound before its words, each sentence
    waited for to its end, all through winsound."""
    pretend_system("windows")
    expected = expected_game(tmp_path, speaks=True)
    game = Game(tmp_path, speaks=True)
    game.play()
    heard = [each for sound in fake.heard for each in game.entry(Path(sound.name or "-").name)]
    # files played, not what they hold: a sentence with its sound mixed in is one file
    # and two entries of `heard`; counting entries waited for a later line of `board`
    played = len(fake.heard)
    game.long = True
    game.front.line("board")  # twenty lines of 3 s; a key in the first
    assert wait_for(lambda: len(fake.heard) == played + 1)
    typed = time.monotonic()
    game.front.key("next")
    game.front.close()
    assert heard == expected
    assert sum(kind == "play" for kind, _ in heard) >= 6
    assert not any(sound.cut for sound in fake.heard[:played])
    assert [sound for sound in fake.heard if sound.cut] == [fake.heard[-1]]
    stopped = fake.heard[-1].stopped
    assert stopped is not None and stopped - typed < A_FEW_MS
    assert fake.playing() is None and only_accepted_flags()


def afplay_log(log: Path) -> list[tuple[str, str, bool]]:
    """finishing_player's log: each file started, and whether it played to its end."""
    lines = log.read_text().splitlines() if log.exists() else []
    ended = {line.split()[2] for line in lines if line.startswith("end ")}
    return [
        ("start", line.split()[3], line.split()[3] in ended)
        for line in lines
        if line.startswith("start ")
    ]


@pytest.mark.parametrize("speaks", [False, True])
def test_a_whole_game_on_macos_plays_through_afplay(speaks, bare_path, pretend_system, tmp_path):
    pretend_system("macos")
    log, other = tmp_path / "afplay.log", tmp_path / "paplay.log"
    fake_player(bare_path, "afplay", log)
    fake_player(bare_path, "paplay", other)
    expected = expected_game(tmp_path, speaks)
    game = Game(tmp_path, speaks)
    game.play()
    played = afplay_log(log)
    heard = [each for _, name, _ in played for each in game.entry(name)]
    game.long = True  # the voice's next sentences last 3 s
    game.front.line("board" if speaks else "pick 8")  # a sound of 110 ms, or a sentence
    count = len(played)
    assert wait_for(lambda: len(afplay_log(log)) > count)
    game.front.key("next")
    game.front.close()
    time.sleep(0.3)  # pick 8's sound (110 ms), had it not been killed, would have ended
    assert heard == expected and all(whole for _, _, whole in played)
    assert not afplay_log(log)[count][2]  # the one playing when the key came: killed
    assert not other.exists()


# -- the real program, with the Windows and macOS code paths ---------------------------


ARGUMENTS = ("--plain", "--speech", "--lang", "en", "--code", CODE)


def real_game(tmp_path: Path, system: str, extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {
        "PATH": str(tmp_path / "bin"),
        "HOME": str(tmp_path),
        "HALFMOON_A11Y_PLATFORM": system,
        "HALFMOON_A11Y_RATE": "400",
        **extra,
    }
    return subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", *ARGUMENTS],
        input="pick 1 8\ninfo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def engine_log(log: Path) -> list[dict[str, str]]:
    """The fake pyttsx3's log: each sentence made, with its driver and file."""
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


LAST_WORDS = ["The game is saved. It comes back when you start again.", "Goodbye."]


def heard_last(played: list[str], sentences: list[dict[str, str]]) -> bool:
    """Every file played is a sentence the engine made, and the answer to `quit` is heard
    last, to its end (the lines come at once: earlier answers are cut by the next)."""
    made = {Path(entry["file"]).name: entry["text"] for entry in sentences}
    return set(played) <= set(made) and [made[name] for name in played][-2:] == LAST_WORDS


def test_the_real_program_speaks_through_winsound_on_windows(tmp_path):
    """Before: "Speech is not available. No audio player was found." The engine is the
    fake SAPI5 (tests/fakes/on_path: on Windows the game speaks through SAPI5); its
    sentences, and nothing else, go to the fake winsound, with the flags Windows takes."""
    (tmp_path / "bin").mkdir()
    log, made = tmp_path / "winsound.log", tmp_path / "engine.log"
    path = [str(ON_PATH), str(Path.cwd()), str(FAKES)]  # the fakes: the game's alone
    done = real_game(
        tmp_path,
        "windows",
        {
            "PYTHONPATH": os.pathsep.join(path),
            fake.LOG_VARIABLE: str(log),
            "FAKE_PYTTSX3_LOG": str(made),
        },
    )
    assert done.returncode == 0, done.stderr
    assert not [line for line in done.stdout.splitlines() if line.startswith("Speech")]
    assert "Score 10. 1 move." in done.stdout
    plays = [line.split() for line in log.read_text().splitlines() if line.startswith("play")]
    assert plays and {int(line[3]) for line in plays} == {FLAGS}
    sentences = engine_log(made)
    assert {entry["driver"] for entry in sentences} == {"sapi5"}
    assert heard_last([line[4] for line in plays], sentences)


def test_the_real_program_speaks_through_afplay_on_macos(tmp_path):
    """The engine is the fake NSSS (tests/fakes/on_path); its AIFF files are played by
    afplay (a fake on PATH), whole; paplay, also there, is never asked."""
    (tmp_path / "bin").mkdir()
    log, other, made = tmp_path / "afplay.log", tmp_path / "paplay.log", tmp_path / "engine.log"
    fake_player(tmp_path / "bin", "afplay", log)
    fake_player(tmp_path / "bin", "paplay", other)
    done = real_game(
        tmp_path,
        "macos",
        {
            "PYTHONPATH": os.pathsep.join([str(ON_PATH), str(Path.cwd())]),
            "FAKE_PYTTSX3_LOG": str(made),
        },
    )
    assert done.returncode == 0, done.stderr
    assert not [line for line in done.stdout.splitlines() if line.startswith("Speech")]
    assert "Score 10. 1 move." in done.stdout
    sentences = engine_log(made)
    assert {entry["driver"] for entry in sentences} == {"nsss"}
    played = afplay_log(log)
    assert heard_last([name for _, name, _ in played], sentences)
    assert all(name.endswith(".aiff") and whole for _, name, whole in played)
    assert not other.exists()
