"""A bug before play can start is one sentence in the player's language, never a
traceback: code that never ran on a system (issue 20) fails there first, at start-up."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon_a11y.store.lock import FilesLock
from halfmoon_a11y.ui import cli

pytestmark = pytest.mark.expects_bug  # every test here plants a bug (tests/loud.py)

EXPECTED = {
    "en": "Something went wrong. The game could not start.",
    "ca": "Alguna cosa ha fallat. El joc no s'ha pogut iniciar.",
    "da": "Noget gik galt. Spillet kunne ikke starte.",
}


@pytest.mark.parametrize("language", ["en", "ca", "da"])
def test_a_bug_at_start_up_is_one_sentence_and_its_details_in_the_log(
    language, monkeypatch, capsys, isolated_folders
):
    def broken(*args, **kwargs):
        raise RuntimeError("a planted bug in the lock")

    monkeypatch.setattr(FilesLock, "acquire", broken)
    status = cli.main(["--plain", "--lang", language])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err and "planted" not in err
    log = isolated_folders / "xdg_state_home" / "halfmoon-a11y" / "errors.log"
    assert err.splitlines()[0] == EXPECTED[language]
    details = {"en": "The details are in", "ca": "Els detalls són a", "da": "Detaljerne står i"}
    assert err.splitlines()[1] == f"{details[language]} {log}."
    assert "a planted bug in the lock" in log.read_text()


def test_the_windows_branch_without_windows_modules_says_so_without_a_traceback(
    isolated_folders,
):
    """The Windows pretence on Linux without the fakes (no msvcrt): before, a traceback."""
    env = {**os.environ, "HALFMOON_A11Y_PLATFORM": "windows", "HALFMOON_A11Y_LANG": "da"}
    root = Path(__file__).resolve().parent.parent
    env["PYTHONPATH"] = str(root)
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain"],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[0] == EXPECTED["da"]
    assert done.returncode == 1


EXPECTED_STOP = {
    "en": "Something went wrong, and the game had to stop.",
    "ca": "Alguna cosa ha fallat i el joc s'ha hagut d'aturar.",
    "da": "Noget gik galt, og spillet måtte stoppe.",
}


@pytest.mark.parametrize("language", ["en", "ca", "da"])
def test_a_bug_while_the_game_closes_is_not_called_a_start(
    language, monkeypatch, capsys, isolated_folders
):
    """Before: a bug after a game was played (here, in closing it) was said as "the game
    could not start"."""
    from halfmoon_a11y.store.keeper import Keeper

    def broken(self):
        raise RuntimeError("a planted bug in closing")

    monkeypatch.setattr(Keeper, "flush_results", broken)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    status = cli.main(["--plain", "--lang", language])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    assert err.splitlines()[0] == EXPECTED_STOP[language]
