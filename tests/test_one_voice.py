"""One voice at a time: speech auto stays silent while a screen reader runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.options import build_parser
from halfmoon_a11y.voice.choose import engine_available, make_speaker
from halfmoon_a11y.voice.screen_reader import screen_reader
from halfmoon_a11y.voice.speaker import SilentSpeaker

PLAYER = Path(__file__).parent / "players" / "realtime_player.py"


@pytest.fixture
def orca(processes):
    """Orca running, in the test's own process list (tests/processes.py): no real
    process, so no other test or run of the suite sees it."""
    return processes.start("orca")


def player_env(tmp_path: Path) -> dict[str, str]:
    return {"HALFMOON_A11Y_PLAYER": f"{sys.executable} {PLAYER} {tmp_path / 'played.log'}"}


def test_speech_auto_is_silent_while_a_screen_reader_runs(orca, tmp_path):
    voice = make_speaker(Settings(speech=SpeechMode.AUTO), player_env(tmp_path))
    assert isinstance(voice.speaker, SilentSpeaker)
    assert voice.reader == "Orca" and voice.trouble is None


def test_speech_auto_speaks_when_no_screen_reader_runs(tmp_path):
    assert screen_reader() is None  # the test's own process list is empty
    voice = make_speaker(Settings(speech=SpeechMode.AUTO), player_env(tmp_path))
    assert voice.reader is None
    if engine_available():
        assert voice.own
        voice.speaker.close()


def test_speech_on_speaks_even_with_a_screen_reader(orca, tmp_path, monkeypatch):
    # the engine is taken as there, so that the choice alone is tested on any machine
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    heard = make_speaker(Settings(speech=SpeechMode.AUTO), player_env(tmp_path))
    assert heard.reader == "Orca" and not heard.own  # the screen reader is seen
    voice = make_speaker(Settings(speech=SpeechMode.ON), player_env(tmp_path))
    try:
        assert voice.own and voice.trouble is None and voice.reader is None
    finally:
        voice.speaker.close()


def test_the_start_says_which_voice_speaks_and_how_to_change_it(orca, tmp_path):
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="da"))
    written: list[str] = []

    def factory(settings):
        return make_speaker(settings, player_env(tmp_path))

    front = TextFrontEnd(session, written.extend, factory, announce_voice=True)
    front.start()
    front.settle()
    front.close()
    assert written[1].startswith("Bunke 1,")  # the table at once, the choice after it
    assert written[-1] == (
        "Tale, din skærmlæser, Orca. Spillet er tavst. Skriv tale til for spillets egen stemme."
    )


def fake_proc(tmp_path: Path, processes: dict[str, bytes]) -> Path:
    proc = tmp_path / "proc"
    for number, (comm, cmdline) in enumerate(processes.items(), start=100):
        folder = proc / str(number)
        folder.mkdir(parents=True)
        (folder / "comm").write_text(comm + "\n")
        (folder / "cmdline").write_bytes(cmdline)
    (proc / "self").mkdir()
    return proc


def test_orca_run_as_a_python_script_is_found(tmp_path):
    proc = fake_proc(tmp_path, {"python3": b"/usr/bin/python3\0/usr/bin/orca\0--replace\0"})
    assert screen_reader(proc, run=lambda command: None) == "Orca"


def test_a_command_that_names_orca_is_not_a_screen_reader(tmp_path):
    proc = fake_proc(tmp_path, {"man": b"man\0orca\0", "less": b"less\0orca.txt\0"})
    assert screen_reader(proc, run=lambda command: None) is None


@pytest.mark.parametrize("name", ["orca", ".orca-wrapped", "Orca"])
def test_orca_is_found_by_its_process_however_it_is_wrapped(name, tmp_path):
    """NixOS runs Orca as `.orca-wrapped`: found by its name, not by the desktop bus."""
    proc = fake_proc(tmp_path, {name: name.encode() + b"\0"})
    assert screen_reader(proc, run=lambda command: None) == "Orca"


def test_the_desktop_bus_alone_is_no_screen_reader(tmp_path, monkeypatch):
    """AT-SPI's ScreenReaderEnabled stays true after Orca has stopped (AccessKit #713),
    and other programs set it. Before, it alone meant "Orca": the game's own voice was
    silenced for a player with no screen reader at all."""
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr("halfmoon_a11y.voice.choose.engine_available", lambda: True)
    proc = fake_proc(tmp_path, {"bash": b"bash\0", "at-spi-bus-laun": b"at-spi-bus-launcher\0"})

    def bus(command):
        return "b true\n" if command[0] == "busctl" else None

    assert screen_reader(proc, run=bus) is None
    voice = make_speaker(
        Settings(speech=SpeechMode.AUTO),
        player_env(tmp_path),
        detect=lambda: screen_reader(proc, run=bus),
    )
    try:
        assert voice.own and voice.reader is None  # the game's own voice is chosen
    finally:
        voice.speaker.close()


@pytest.mark.parametrize(
    ("system", "output", "reader"),
    [
        ("windows", '"explorer.exe","1"\n"nvda.exe","2"\n', "NVDA"),
        ("windows", '"explorer.exe","1"\n', None),
        ("windows", None, None),  # tasklist missing, failed or too slow
        (
            "macos",
            "/System/Library/CoreServices/VoiceOver.app/Contents/MacOS/VoiceOver\n",
            "VoiceOver",
        ),
        ("macos", "/sbin/launchd\n", None),
    ],
)
def test_windows_and_macos_readers_by_their_processes(system, output, reader, pretend_system):
    asked: list[list[str]] = []

    def run(command):
        asked.append(command)
        return output

    pretend_system(system)
    assert screen_reader(Path("/nonexistent"), run=run) == reader
    assert [command[0] for command in asked] == ["tasklist" if system == "windows" else "ps"]


def test_options_and_the_environment_choose_the_voice_for_one_run(isolated_folders):
    parser = build_parser(Words("en"))
    assert parser.parse_args(["--speech"]).speech is SpeechMode.ON
    assert parser.parse_args(["--no-speech"]).speech is SpeechMode.OFF
    assert parser.parse_args([]).speech is None
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", "HM1-N-EMQPNCT"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HALFMOON_A11Y_SPEECH": "maybe"},
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == "Ignored HALFMOON_A11Y_SPEECH=maybe. Not understood.\n"
