"""Attacks on issue 20's Windows and macOS branches, run here with fakes (nothing here
ran on Windows or macOS): what the outside commands print, the folders the environment
names, and the game as each system, compared."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.voice import screen_reader as check


def printing_command(folder: Path, name: str, output: bytes) -> None:
    """A fake `name` on PATH that prints `output`, byte for byte."""
    folder.mkdir(exist_ok=True)
    script = folder / name
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.stdout.buffer.write({output!r})\n")
    script.chmod(0o755)


@pytest.mark.parametrize(
    ("system", "command", "output", "reader"),
    [
        # tasklist writes in the console's code page (cp850 here: 0x81 is ü), which
        # need not be Python's: a process named Büro.exe is no reason to miss NVDA.
        ("windows", "tasklist", b'"B\x81ro.exe","1"\r\n"nvda.exe","2"\r\n', "NVDA"),
        ("macos", "ps", b"/Applications/Caf\xe9\n/System/x/VoiceOver\n", "VoiceOver"),
    ],
)
def test_a_process_name_in_another_encoding_does_not_hide_the_screen_reader(
    system, command, output, reader, tmp_path, monkeypatch, pretend_system
):
    """Before: the output was decoded strictly in the locale's encoding; one byte that
    did not fit raised UnicodeDecodeError through the check, so the start said
    "Something went wrong with that command" in place of the voice's line, and the
    screen reader was not seen."""
    pretend_system(system)
    printing_command(tmp_path / "bin", command, output)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert check.screen_reader(Path("/nonexistent")) == reader


@pytest.mark.parametrize("value", ["AppData", os.path.join("rel", "Local"), "."])
def test_windows_a_relative_local_appdata_is_not_followed(
    value, pretend_system, monkeypatch, tmp_path
):
    """Before: the fallback took %LOCALAPPDATA% as it was, so a relative value put the
    game's files under whatever folder the game was started from; started from another,
    the saved game was not found. Linux ignores a relative XDG folder, and platformdirs'
    macOS class too: Windows does as they do, and uses the home folder's AppData\\Local."""
    from halfmoon_a11y.store.files import APP, Paths

    monkeypatch.setenv("LOCALAPPDATA", value)
    monkeypatch.setenv("HOME", str(tmp_path / "anna"))
    monkeypatch.chdir(tmp_path)
    pretend_system("windows")
    own = os.path.join(str(tmp_path / "anna"), "AppData", "Local", APP)
    paths = Paths.for_user()
    assert os.path.dirname(paths.saved_game) == own
    assert os.path.dirname(paths.settings) == own
    assert os.path.dirname(paths.statistics) == own
    assert paths.cache is not None and os.fspath(paths.cache) == os.path.join(own, "Cache")


@pytest.mark.parametrize("language", ["en", "ca", "da"])
@pytest.mark.expects_bug
def test_a_bug_in_choosing_the_voice_at_start_is_not_called_a_command_s(language, tmp_path):
    """Speech auto's choice runs beside the opening (issue 20). Before, a bug there (the
    untried Windows and macOS code runs there first: the check, the engine) was said as
    "Something went wrong with that command", at start, when no command was typed; now
    the sentence says what failed, the details are still written down, and the game
    goes on silent, each line of the opening written once."""
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.play.settings import Settings, SpeechMode
    from halfmoon_a11y.text.words import Words
    from halfmoon_a11y.ui.frontend import TextFrontEnd

    def factory(settings):
        raise RuntimeError("a bug in the voice's choice")

    reported: list[BaseException] = []

    def report(error: BaseException) -> str:
        reported.append(error)
        return str(tmp_path / "errors.log")

    session = Session(
        DealCode.parse("HM1-N-EMQPNCT"), Settings(language=language, speech=SpeechMode.AUTO)
    )
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory, True, report=report)
    front.start()
    front.settle()
    front.close()
    words = Words(language)
    command = words._("Something went wrong with that command. The game goes on.")
    saved = words._("Something went wrong with that command. The game is saved and goes on.")
    assert command not in written and saved not in written
    assert written[-2:] == [
        words._("Something went wrong while starting the voice. The game goes on."),
        words._("The details are in {path}.").format(path=tmp_path / "errors.log"),
    ]
    assert [str(error) for error in reported] == ["a bug in the voice's choice"]
    assert len(written) == len(set(written))


def test_macos_the_opening_and_the_voice_line_are_one_write(pretend_system):
    """VoiceOver in macOS Terminal interrupts itself at each new write (issue 20, point
    4: one write an answer). Before, speech auto's choice came in a write of its own
    after the opening, a few milliseconds later (ps is quick): VoiceOver cut the table
    it had begun to read and said only `Voice, your screen reader, VoiceOver...`. On
    macOS the opening now waits for that quick check, and the opening is one write with
    the choice after the deal, as with speech on; the slow tasklist of Windows is still
    never waited for (tests/test_reader_start.py)."""
    import time

    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.play.settings import Settings, SpeechMode
    from halfmoon_a11y.ui.frontend import TextFrontEnd
    from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice

    pretend_system("macos")

    def factory(settings):
        time.sleep(0.05)  # ps -A
        return Voice(SilentSpeaker(), reader="VoiceOver")

    session = Session(
        DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", speech=SpeechMode.AUTO)
    )
    writes: list[list[str]] = []
    front = TextFrontEnd(session, writes.append, factory, True)
    front.start()
    front.settle()
    front.line("info")
    front.close()
    opening, info = writes
    assert opening[:2] == [
        "New game, deal HM1 N, E, M, Q, P, N, C, T. Type help for the commands.",
        "Voice, your screen reader, VoiceOver. The game stays silent. "
        "Type speech on for its own voice.",
    ]
    assert opening[2].startswith("Pile 1,") and len(opening) == 22
    assert info[0].startswith("Time ")
