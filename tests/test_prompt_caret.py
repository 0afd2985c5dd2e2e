"""Issue 19, point 7: no stray `>` before the answer. A terminal screen reader reads the
character under the caret when the caret moves; after Enter, the caret went back to
the start of the typed line (the carriage return a terminal's newline begins with),
onto the prompt's `>`, which was read before the answer to a one-character command
such as `3`. The caret now goes down first, onto the blank next line."""

from __future__ import annotations

import pytest

from tests.screen_model import ScreenModel, prompt_drawn

pytestmark = pytest.mark.slow  # the real program in a terminal


def caret_before_the_answer(model: ScreenModel, typed_row: int) -> list[tuple[int, int, str]]:
    """Press Enter, feed what the game writes byte by byte, and give every place the
    caret stood (column, row, the character under it) until the answer's first
    character is on the screen, on the row below the typed line."""
    screen = model.screen
    model.child.send("\r")
    written = model.read_until(prompt_drawn, feed=False)  # the answer, then the prompt
    stood = []
    for byte in written:
        model.stream.feed(bytes([byte]))
        x, y = screen.cursor.x, screen.cursor.y
        row = screen.buffer[y]
        stood.append((x, y, row[x].data if x < screen.columns else " "))
        if screen.buffer[typed_row + 1][0].data != " ":
            break  # the answer begins
    else:
        raise AssertionError(f"no answer below the typed line: {written!r}")
    return stood


@pytest.mark.parametrize("command", ["3", "i", "pick 3", "r8"])
def test_after_enter_the_caret_never_stands_on_text_before_the_answer(command):
    model = ScreenModel("--code", "HM1-N-EMQPNCT", "--no-speech", "--no-sounds", "--lang", "en")
    try:
        model.wait_for_prompt()
        model.type(command)
        typed_row = model.screen.cursor.y
        assert model.screen.display[typed_row].rstrip() == "? " + command
        stood = caret_before_the_answer(model, typed_row)
        on_text = [place for place in stood if place[2] != " "]
        assert not on_text, (command, stood)  # a reader would read these before the answer
        assert model.screen.display[typed_row].rstrip() == "? " + command  # left as typed
    finally:
        model.close()
