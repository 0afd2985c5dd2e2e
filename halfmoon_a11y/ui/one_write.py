"""An answer and the prompt drawn after it reach the terminal as one write.

Orca 43 speaks text inserted into a terminal after a key only when the insertion ends
at the caret. VTE, the terminal widget under GNOME's terminals, reports each pass over
what the program wrote as one insertion: when the answer came in one write and the
new prompt in a second, Orca heard two insertions, and the first (the answer itself)
did not end at the caret: it was dropped, and only the prompt was said. So the prompt
holds what it writes from the moment a line is accepted, or a game key pressed, until
the next prompt is drawn, and then writes it all at once: the caret's move off the old
prompt, the answer and the new prompt, ending at the caret.

The answer is written below the old prompt's line, which is left as it stands (with the
command typed on it, or empty after a key). Nothing above the caret is rewritten: when
the answer scrolls the screen, VTE reports as new whatever lies past the length the old
lines had, so rewriting the old prompt's line with a longer one lost the answer's first
letters ("eserva R3" for "Reserva R3").

Only prompt_toolkit's VT100 output (Linux, macOS) is held; another output (Windows'
console) writes as before.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.output import Output
from prompt_toolkit.output.vt100 import Vt100_Output

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.quiet import suppress

if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.renderer import Renderer

INDEX = "\x1bD"  # straight down, scrolling at the bottom as a newline does


class OneWrite:
    """Holds what a VT100 output is asked to write while `holding`; `release` writes it
    all in one write. Also a stream for `frontend.printer`: the answer's text goes into
    the same held output."""

    def __init__(self, output: Vt100_Output) -> None:
        self.output = output
        self.holding = False
        self._flush = output.flush

        def flush() -> None:
            if not self.holding:
                self._flush()

        output.flush = flush  # type: ignore[method-assign]

    @classmethod
    def over(cls, output: Output) -> OneWrite | None:
        """One for `output` if it is a VT100 output, else None (writes stay as they are)."""
        return cls(output) if isinstance(output, Vt100_Output) else None

    def hold(self) -> None:
        self.holding = True

    def release(self) -> None:
        """Everything held, in one write; from now on writes go out at once."""
        self.holding = False
        self._flush()

    # -- as a text stream, for `printer` ------------------------------------------------

    def write(self, text: str) -> int:
        self.output.write_raw(text)
        return len(text)

    def flush(self) -> None:
        self.output.flush()

    # -- a game key's answer, written below the prompt -------------------------------------

    def above(self, app: Application[str], answer: Callable[[], None]) -> None:
        """A game key's answer in place of prompt_toolkit's `run_in_terminal` (which wrote
        the erased prompt, the answer and the new prompt in three writes): the caret
        moves below the prompt's line, the answer is written there, and the new prompt is
        drawn after it by the next drawing, all in one write."""
        renderer = app.renderer
        self.hold()
        try:
            below(renderer)
            answer()
        finally:
            with suppress(Exception):
                renderer.reset()  # the next drawing is a new prompt, where the caret is
            app.invalidate()


def below(renderer: Renderer) -> None:
    """Move the caret to the start of the line below the prompt's drawing, crossing
    only blank cells: down first, then to the line's start. (A newline first went back
    to the prompt's line start, and a reader read the prompt's character.)"""
    last = renderer._last_screen
    output = renderer.output
    if last is not None:
        rows_below = max(0, last.height - 1 - renderer._cursor_pos.y)
        if rows_below:
            output.cursor_down(rows_below)
    output.write_raw(INDEX + "\r" if isinstance(output, Vt100_Output) else "\r\n")
