"""What the command line says before the game opens: in the language the player chose
with HALFMOON_A11Y_LANG (a setting ignored, an option refused), and cut to the window
between words and names, as every answer is (the refusal of an option was written
whole, and a terminal 40 columns wide cut "halfmoo" / "n-a11y")."""

from __future__ import annotations

import os
import subprocess
import sys

import pexpect
import pytest

from tests.screen_model import ScreenModel


def started(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", *args],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("ca", "Opció no entesa, --bogus."),
        ("da", "Tilvalget blev ikke forstået, --bogus."),
        ("en", "Option not understood (unrecognized arguments: --bogus)."),
    ],
)
def test_an_option_is_refused_in_the_language_of_the_environment(language, refused):
    done = started("--bogus", HALFMOON_A11Y_LANG=language)
    assert done.returncode == 2
    assert done.stderr.startswith(refused), done.stderr


@pytest.mark.parametrize(
    ("language", "ignored"),
    [
        ("ca", "S'ha ignorat HALFMOON_A11Y_RATE=fast."),
        ("da", "Ignoreret. HALFMOON_A11Y_RATE=fast blev ikke forstået."),
    ],
)
def test_a_setting_ignored_is_said_in_the_language_of_the_environment(language, ignored):
    done = started(
        "--code", "HM1-N-EMQPNCT", "--plain", HALFMOON_A11Y_LANG=language, HALFMOON_A11Y_RATE="fast"
    )
    assert done.stderr.startswith(ignored), done.stderr


def test_an_unknown_language_in_the_environment_leaves_the_stored_one():
    done = started("--bogus", HALFMOON_A11Y_LANG="fr")
    assert done.stderr.startswith("Option not understood"), done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_an_option_refused_at_40_columns_is_cut_between_words(language):
    env = {"HALFMOON_A11Y_LANG": language}
    model = ScreenModel("--bogus-option", columns=40, rows=24, extra_env=env)
    try:
        model.child.expect(pexpect.EOF)
        model.stream.feed(model.child.before)
        rows = [model.row(y).rstrip() for y in range(24) if model.row(y).strip()]
    finally:
        model.close()
    assert rows and all(len(row) < 40 for row in rows), rows
    assert "halfmoon-a11y" in " ".join(rows), rows  # the command's name whole on one row
