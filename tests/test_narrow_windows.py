"""A window of no size, or a few columns, as a flood of size changes leaves it for a
moment: lines are never cut narrower than NARROWEST, and a window whose width is 0 gets
them whole (the terminal cuts them)."""

from __future__ import annotations

import io

import pytest

from halfmoon_a11y.ui.frontend import printer
from halfmoon_a11y.ui.window import NARROWEST, wrap_width

SENTENCE = "Pair removed, four of diamonds and seven of diamonds. Pile 3, seven of clubs."


@pytest.mark.parametrize(("columns", "width"), [(0, 0), (1, NARROWEST), (2, NARROWEST), (80, 79)])
def test_the_width_lines_are_cut_to(columns, width):
    assert wrap_width(columns) == width


@pytest.mark.parametrize("columns", [1, 2, 5])
def test_a_window_a_few_columns_wide_still_gets_phrases(columns):
    out = io.StringIO()
    printer(out, columns=lambda: columns)([SENTENCE])
    lines = out.getvalue().splitlines()
    assert " ".join(lines) == SENTENCE
    assert all(len(line) <= NARROWEST for line in lines)
    assert len(lines) <= len(SENTENCE) // (NARROWEST // 2)  # not one word a line


def test_a_window_of_no_width_gets_whole_lines():
    out = io.StringIO()
    printer(out, columns=lambda: 0)([SENTENCE])
    assert out.getvalue() == SENTENCE + "\n"
