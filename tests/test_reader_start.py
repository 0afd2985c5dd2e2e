"""The screen-reader check never delays the opening, and the game's own voice never
speaks over a screen reader (issue 20, point 3)."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.ui import frontend
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.loop import serve
from halfmoon_a11y.voice import screen_reader as check
from halfmoon_a11y.voice.choose import make_speaker
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice
from tests.support import RecordingSpeaker, wait_for

CODE = "HM1-N-EMQPNCT"
SLOW = 0.8  # seconds the fake tasklist and ps take


def slow_command(folder: Path, name: str, output: str, seconds: float = SLOW) -> Path:
    """A fake `name` on PATH: it waits `seconds`, notes that it is done, prints `output`.
    One Python process, so a timeout's kill ends it whole."""
    folder.mkdir(exist_ok=True)
    done = folder / f"{name}.done"
    script = folder / name
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys, time\n"
        f"time.sleep({seconds})\n"
        f"open({str(done)!r}, 'w').close()\n"
        f"sys.stdout.write({output!r})\n"
    )
    script.chmod(0o755)
    return done


def on_path(monkeypatch, folder: Path) -> None:
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


def quiet_player(tmp_path: Path) -> dict[str, str]:
    return {"HALFMOON_A11Y_PLAYER": f"{sys.executable} -c pass {tmp_path / 'x'}"}


def test_windows_the_opening_comes_before_a_slow_tasklist_and_nvda_is_heard_alone(
    tmp_path, monkeypatch, pretend_system
):
    """tasklist can take several hundred milliseconds. Before, the opening waited for it,
    and a tasklist slower than 0.5 s was given up on: NVDA was not seen, and the game's
    own voice spoke over it."""
    pretend_system("windows")
    fakes = tmp_path / "bin"
    done = slow_command(fakes, "tasklist", '"explorer.exe","1"\r\n"nvda.exe","2"\r\n')
    on_path(monkeypatch, fakes)
    made: list[Voice] = []

    def factory(settings: Settings) -> Voice:
        made.append(make_speaker(settings, quiet_player(tmp_path)))
        return made[-1]

    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    written: list[tuple[float, bool, str]] = []  # when, whether tasklist was done, the line
    began = time.monotonic()

    def write(lines: list[str]) -> None:
        written.extend((time.monotonic() - began, done.exists(), line) for line in lines)

    front = TextFrontEnd(session, write, factory, announce_voice=True)
    front.start()
    first_at, check_done, first = written[0]
    assert first == "New game: deal HM1-N-EMQPNCT. Type help for the commands."  # at once
    assert not check_done and first_at < SLOW / 2
    assert written[1][2].startswith("Pile 1:")  # and the table, still before the check ends
    assert not written[-1][1]
    front.settle()
    assert done.exists()
    assert written[-1][2] == (
        "Voice: your screen reader, NVDA. The game stays silent. Type speech on for its own voice."
    )
    assert [voice.reader for voice in made] == ["NVDA"]
    assert isinstance(front.speaker, SilentSpeaker)  # the game's own voice was never made
    opening = [line for _, _, line in written]
    front.line("repeat")  # `repeat` says the opening, the choice after the deal
    again = [line for _, _, line in written][len(opening) :]
    assert again == [opening[0], opening[-1], *opening[1:-1]]
    front.close()


def test_macos_a_slow_ps_is_given_up_within_its_timeout(tmp_path, monkeypatch, pretend_system):
    pretend_system("macos")
    fakes = tmp_path / "bin"
    slow_command(fakes, "ps", "/System/Library/CoreServices/VoiceOver.app/x/VoiceOver\n", 5.0)
    on_path(monkeypatch, fakes)
    before = time.monotonic()
    assert check.screen_reader() is None  # not known in time: taken as no screen reader
    assert time.monotonic() - before < check.TIMEOUT + 1.0


def test_macos_voiceover_is_found_by_a_quick_ps(tmp_path, monkeypatch, pretend_system):
    pretend_system("macos")
    fakes = tmp_path / "bin"
    slow_command(fakes, "ps", "/sbin/launchd\n/System/Library/x/VoiceOver\n", 0.0)
    on_path(monkeypatch, fakes)
    assert check.screen_reader() == "VoiceOver"


def test_windows_a_tasklist_that_hangs_is_given_up(tmp_path, monkeypatch, pretend_system):
    pretend_system("windows")
    monkeypatch.setattr(check, "WINDOWS_TIMEOUT", 0.3)
    fakes = tmp_path / "bin"
    slow_command(fakes, "tasklist", '"nvda.exe","2"\n', 5.0)
    on_path(monkeypatch, fakes)
    before = time.monotonic()
    assert check.screen_reader() is None
    assert time.monotonic() - before < 0.3 + 1.0


def own_voice_after(seconds: float, spoken: list[RecordingSpeaker]):
    def factory(settings: Settings) -> Voice:
        time.sleep(seconds)  # the check, as slow as tasklist can be
        spoken.append(RecordingSpeaker())
        return Voice(spoken[-1])

    return factory


def test_no_screen_reader_the_own_voice_speaks_the_opening_once_chosen(tmp_path):
    """Without a screen reader, the opening is written at once and spoken once the
    voice is chosen, the choice where it always was: after the deal, before the table."""
    session = Session(DealCode.parse(CODE), Settings(language="da", speech=SpeechMode.AUTO))
    written: list[str] = []
    speakers: list[RecordingSpeaker] = []
    front = TextFrontEnd(session, written.extend, own_voice_after(0.3, speakers), True)
    serve(front, ["info"])
    chosen = (
        "Stemme: spillets egen, da der ikke kører nogen skærmlæser. "
        "Skriv tale fra for at gøre den tavs."
    )
    deal = "Nyt spil: spilkode HM1-N-EMQPNCT. Skriv hjælp for at høre kommandoerne."
    table = written[1:21]
    assert written[:22] == [deal, *table, chosen]  # written at once, the choice after it
    assert table[0].startswith("Bunke 1:") and table[-1].startswith("Reserve R8:")
    [speaker] = speakers
    opening = speaker.spoken()[:22]
    spelled = deal.replace("HM1-N-EMQPNCT", "H M 1, N, E M Q P N C T")
    assert opening == [spelled, chosen, *table]  # spoken as before: the choice after the deal
    assert speaker.log[22] == ("interrupt",)  # then `info` cuts it, and is said
    assert speaker.spoken()[22].startswith("Tid 0 sekunder.")


def test_a_choice_not_made_in_time_leaves_the_game_silent_and_says_so(monkeypatch):
    monkeypatch.setattr(frontend, "CHOICE_WAIT", 0.1)  # as frontend imported it
    release = threading.Event()
    late = RecordingSpeaker()

    def factory(settings: Settings) -> Voice:
        release.wait(5)
        return Voice(late)

    session = Session(DealCode.parse(CODE), Settings(language="ca", speech=SpeechMode.AUTO))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory, True)
    front.start()
    front.settle()
    assert written[-1] == "Veu: el joc no parla. Escriu veu sí per sentir la veu del joc."
    assert isinstance(front.speaker, SilentSpeaker)
    release.set()
    assert wait_for(lambda: ("close",) in late.log)
    assert late.log == [("close",)]  # made too late: closed, never heard
    front.close()


@pytest.mark.expects_bug
def test_a_bug_in_the_choice_is_one_sentence_and_the_game_goes_on(tmp_path):
    def factory(settings: Settings) -> Voice:
        raise RuntimeError("a bug in choosing the voice")

    reports: list[BaseException] = []
    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    written: list[str] = []

    def report(error: BaseException) -> str | None:
        reports.append(error)
        return None

    front = TextFrontEnd(session, written.extend, factory, True, report=report)
    serve(front, ["info"])
    assert [str(error) for error in reports] == ["a bug in choosing the voice"]
    assert any(line.startswith("Something went wrong") for line in written)
    assert any(line.startswith("Time 0 seconds") for line in written)


def test_closed_before_the_choice_the_voice_is_closed_unheard():
    made = threading.Event()
    speaker = RecordingSpeaker()

    def factory(settings: Settings) -> Voice:
        made.set()
        return Voice(speaker)

    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    front = TextFrontEnd(session, lambda lines: None, factory, True)
    front.start()
    made.wait(5)
    front.close()  # the program left before the prompt (prompt_toolkit failed to load)
    assert wait_for(lambda: ("close",) in speaker.log)
    assert speaker.log == [("close",)]


@pytest.mark.parametrize("speech", [SpeechMode.ON, SpeechMode.OFF])
def test_speech_on_and_off_choose_before_the_opening_as_before(speech):
    """No check to wait for: the choice is said where it always was, after the deal."""
    session = Session(DealCode.parse(CODE), Settings(language="en", speech=speech))
    written: list[str] = []
    speakers: list[RecordingSpeaker] = []
    front = TextFrontEnd(session, written.extend, own_voice_after(0, speakers), True)
    front.start()
    assert written[1].startswith("Voice:")
    assert written[2].startswith("Pile 1:")
    front.close()


def test_the_program_writes_the_choice_after_the_table_and_before_the_first_answer(tmp_path):
    """The real program in plain mode, speech auto asked: the opening at once, the
    choice settled before the first line is read. Before, the choice was the second
    line, before the table."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", CODE],
        input="info\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HALFMOON_A11Y_SPEECH": "auto", "HALFMOON_A11Y_PLAYER": "true"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "New game: deal HM1-N-EMQPNCT. Type help for the commands."
    assert lines[1].startswith("Pile 1:") and lines[20].startswith("Reserve R8:")
    assert lines[21] in (
        "Voice: the game's own, since no screen reader is running. Type speech off to silence it.",
        "Speech is not available: no speech engine was found. The game goes on silently.",
    )
    assert lines[22].startswith("Time 0 seconds.")  # then the answer to `info`
