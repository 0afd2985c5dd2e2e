"""The voice and the sounds are extras: a bug in either never costs the words, never stops
or freezes the game (issue 26, findings 1 and 2). Each bug is written down, the part that
met it goes quiet, and one sentence says so, once; the words go on.

Before issue 26, a sound that could not be chosen or played took every answer's words
away (the front end played the sound before it wrote, and the bug skipped the write), and
a voice that could not be silenced stopped plain mode at its first command and froze the
prompt."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Sequence

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.loop import serve
from halfmoon_a11y.ui.prompt import run_prompt
from halfmoon_a11y.ui.text_sink import TextSink
from halfmoon_a11y.voice import earcons
from halfmoon_a11y.voice.player import ProcessPlayback
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice
from tests.support import RecordingSpeaker

planted = pytest.mark.expects_bug  # the test plants a bug (tests/loud.py)

CODE = "HM1-N-EMQPNCT"
SOUNDS_STOPPED = "Sounds stopped. Something went wrong in them. The game goes on."
SPEECH_STOPPED = "Speech stopped. Something went wrong in the game's voice. The game goes on."
COMMAND_FAILED = "Something went wrong with that command. The game is saved and goes on."
PAIR = (
    "Pair removed, five of spades and six of diamonds. "
    "Pile 1, two of clubs, 7 cards. Pile 8, jack of clubs, 7 cards."
)


class VoiceThatSpeaks(RecordingSpeaker):
    speaks = True


class SoundsThatBreak(RecordingSpeaker):
    def play(self, files: Sequence[str]) -> None:
        raise RuntimeError("planted bug in playing a sound")


class VoiceThatCannotBeSilenced(VoiceThatSpeaks):
    def interrupt(self) -> None:
        self.log.append(("interrupt",))
        raise PermissionError(1, "Operation not permitted")  # another user's player


def front_end(tmp_path, voice=None, player=None, language: str = "en"):
    session = Session(DealCode.parse(CODE), Settings(language=language, sounds=True))
    written: list[str] = []
    logged: list[BaseException] = []

    def write_down(error: BaseException) -> str:
        logged.append(error)
        return "LOG"

    front = TextFrontEnd(
        session,
        written.extend,
        (lambda settings: Voice(voice)) if voice is not None else None,
        sounds_folder=str(tmp_path),
        sound_player=(lambda: player) if player is not None else None,
        report=write_down,
    )
    return front, written, logged


# -- finding 1: the sounds ---------------------------------------------------------------


def broken_choice(self, events):
    raise RuntimeError("planted bug in choosing a sound")


@planted
def test_a_sound_that_cannot_be_chosen_costs_no_word(tmp_path, monkeypatch):
    monkeypatch.setattr(earcons.Earcons, "for_events", broken_choice)
    front, written, logged = front_end(tmp_path, player=RecordingSpeaker())
    front.start()
    assert any(line.startswith("Pile 1,") for line in written)  # the opening table is shown
    assert written.count(SOUNDS_STOPPED) == 1 and "The details are in LOG." in written
    written.clear()
    front.line("pick 1 8")
    assert written[0] == PAIR and SOUNDS_STOPPED not in written  # said once
    assert COMMAND_FAILED not in written
    written.clear()
    serve(front, ["quit"], started=True)
    assert written == ["Goodbye."]
    assert len(logged) == 1  # the bug written down once: the sounds are off since


@planted
def test_a_sound_that_cannot_be_played_costs_no_word(tmp_path):
    front, written, logged = front_end(tmp_path, player=SoundsThatBreak())
    front.start()
    front.line("pick 1 8")
    assert PAIR in written and written.count(SOUNDS_STOPPED) == 1
    assert written.index(SOUNDS_STOPPED) > written.index(PAIR)  # what was done comes first
    front.line("pick 1")
    assert written[-1].startswith("Selected,") and written.count(SOUNDS_STOPPED) == 1
    assert len(logged) == 1


@planted
def test_a_sound_that_breaks_in_the_voice_s_queue_costs_no_word(tmp_path):
    class VoiceWhoseSoundsBreak(VoiceThatSpeaks):
        def speak(self, lines: Sequence[str], sounds: Sequence[str] = ()) -> None:
            if sounds:  # the sound goes with the first words (issue 28)
                raise RuntimeError("planted bug in queueing a sound")
            super().speak(lines)

    voice = VoiceWhoseSoundsBreak()
    front, written, _ = front_end(tmp_path, voice=voice)
    front.start()
    front.line("pick 1 8")
    assert PAIR in written and written.count(SOUNDS_STOPPED) == 1
    assert any(text.startswith("Pair removed") for text in voice.spoken())  # the voice speaks
    assert any(text.startswith("Sounds stopped") for text in voice.spoken())


@planted
def test_the_sounds_stopping_is_said_in_the_player_s_language(tmp_path, monkeypatch):
    monkeypatch.setattr(earcons.Earcons, "for_events", broken_choice)
    said = {}
    for language in ("ca", "da"):
        front, written, _ = front_end(tmp_path, player=RecordingSpeaker(), language=language)
        front.line("pick 1 8")
        said[language] = [line for line in written if line.startswith(("Els sons", "Lydene"))]
    assert said["ca"] == ["Els sons s'han aturat. Alguna cosa hi ha fallat. El joc continua."]
    assert said["da"] == ["Lydene er stoppet. Noget gik galt med dem. Spillet fortsætter."]


@planted
def test_repeat_does_not_say_the_sounds_stopped_again(tmp_path):
    front, written, _ = front_end(tmp_path, player=SoundsThatBreak())
    front.line("pick 1 8")
    written.clear()
    front.line("repeat")
    assert written[0] == PAIR and SOUNDS_STOPPED not in written


# -- finding 2: silencing the voice ------------------------------------------------------


@planted
def test_a_voice_that_cannot_be_silenced_stops_nothing(tmp_path):
    voice = VoiceThatCannotBeSilenced()
    front, written, logged = front_end(tmp_path, voice=voice)
    front.start()
    assert serve(front, ["pick 1 8", "pick 1", "quit"], started=True) == 0
    assert PAIR in written and written.count(SPEECH_STOPPED) == 1
    assert written.index(SPEECH_STOPPED) > written.index(PAIR)  # the answer first
    assert any(line.startswith("Selected,") for line in written)
    assert written[-1] == "Goodbye."
    assert isinstance(front.speaker, SilentSpeaker)  # off: it would speak over every answer
    assert ("close",) in voice.log and len(logged) == 1
    assert front.session.game.moves == 1


@planted
def test_a_bug_in_any_front_end_s_interrupt_is_caught(tmp_path, monkeypatch):
    front, written, logged = front_end(tmp_path)

    def broken(self):
        raise RuntimeError("planted bug in silencing")

    monkeypatch.setattr(TextSink, "interrupt", broken)
    front.line("pick 1 8")
    assert written[0] == PAIR  # what was done, then the bug
    assert written[2].startswith("Something went wrong with that command")
    assert front.session.game.moves == 1 and len(logged) == 1


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@planted
def test_at_the_prompt_a_key_that_cannot_silence_the_voice_freezes_nothing(tmp_path):
    """The first key of a line silences the voice: a bug there is said with the answer,
    and `quit` leaves at once."""
    voice = VoiceThatCannotBeSilenced()
    front, written, logged = front_end(tmp_path, voice=voice)
    front.start()
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=DummyOutput()):

        def type_keys() -> None:
            for key in ("pick 1 8\r", "quit\r"):
                for char in key:
                    keyboard.send_text(char)
                    time.sleep(0.005)

        typist = threading.Thread(target=type_keys)
        began = time.monotonic()
        typist.start()
        run_prompt(front)
        typist.join()
    assert time.monotonic() - began < 8  # not frozen (it took 10 s and more)
    assert PAIR in written and written.count(SPEECH_STOPPED) == 1
    assert written[-1] == "Goodbye." and len(logged) == 1


class StubbornProcess:
    """A player that cannot be ended: another user's, or stuck in the kernel."""

    pid = 2**22 + 12345  # no such process group: killpg fails
    returncode = None

    def __init__(self) -> None:
        self.waited: list[float | None] = []

    def poll(self):
        return None

    def kill(self) -> None:
        raise PermissionError(1, "Operation not permitted")

    def wait(self, timeout: float | None = None):
        self.waited.append(timeout)
        if timeout is None:
            raise AssertionError("waited for ever on a player that cannot be ended")
        raise subprocess.TimeoutExpired("player", timeout)


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@pytest.mark.parametrize("groups", [True, False])
def test_stopping_a_player_that_cannot_be_ended_returns_at_once(groups):
    process = StubbornProcess()
    playback = ProcessPlayback(process, groups)  # type: ignore[arg-type]
    began = time.monotonic()
    playback.stop()
    assert time.monotonic() - began < 2
    assert process.waited and all(t is not None and t <= 1 for t in process.waited)


# -- finding 3: a bug while leaving --------------------------------------------------------


@planted
def test_a_bug_while_waiting_for_the_goodbye_still_closes_the_voice(tmp_path, monkeypatch):
    from halfmoon_a11y.voice import leaving

    def broken(speakers, seconds=0.0, keys=None):
        raise RuntimeError("planted bug in waiting for the goodbye")

    monkeypatch.setattr(leaving, "let_finish", broken)
    voice = VoiceThatSpeaks()
    front, written, logged = front_end(tmp_path, voice=voice)
    front.start()
    assert serve(front, ["quit"], started=True) == 0
    assert written[-1] == "Goodbye."  # nothing said over the goodbye
    assert voice.log[-1] == ("close",) and len(logged) == 1
