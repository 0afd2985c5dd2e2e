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
