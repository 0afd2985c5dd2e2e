"""The guides' example game is what a fresh run of the game writes (tools/guide_example.py
plays it), so a change of wording cannot leave the guides quoting an older game."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("guide_example", ROOT / "tools" / "guide_example.py")
assert _spec is not None and _spec.loader is not None
guide_example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(guide_example)


@pytest.mark.parametrize("language", guide_example.LANGUAGES)
def test_the_example_game_is_a_fresh_run(language):
    text = guide_example.guide(language).read_text(encoding="utf-8")
    assert guide_example.rewritten(text, language) == text, (
        f"guide-{language}.md: run python3 tools/guide_example.py"
    )


def test_a_stale_answer_in_the_example_is_found():
    text = guide_example.guide("da").read_text(encoding="utf-8")
    at = text.rindex(" og ruder dame i reserve R1")  # the last one is in the example
    stale = (
        text[:at] + "; ruder dame i reserve R1" + text[at + len(" og ruder dame i reserve R1") :]
    )
    assert stale != text
    assert guide_example.rewritten(stale, "da") == text


def test_the_example_ends_with_the_goodbye():
    start, moves = guide_example.played("en", ["1 8", "quit"])
    assert start[0].startswith("New game, deal HM1 N, E, M, Q, P, N, C, T.")
    assert moves[0] == "> 1 8" and moves[-1] == "Goodbye."
