"""The interactive prompt's key bindings: every entry of play.keymap's table, and nothing
else binds keys. The one addition is not a key: the terminal's mouse reports, ignored.

prompt_toolkit's own line editing (arrows, Home, End, Backspace, history, Tab
completion) stays as it is whenever a line is being typed: a key the table marks
`empty_line` acts only when nothing is typed. The first key of a new command also
silences the voice; that is not a binding but a watch on the line (`ui.prompt`).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application, run_in_terminal
from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from halfmoon_a11y.play.commands import LINE_LIMIT
from halfmoon_a11y.play.keymap import CLEAR, KEYMAP, LEAVE


@Condition
def _line_is_empty() -> bool:
    return not get_app().current_buffer.text


def _clear_line(event: KeyPressEvent) -> None:
    """The prompt is given up: the front end asks for the next command."""
    event.app.exit(exception=KeyboardInterrupt, style="class:aborting")


def _leave(event: KeyPressEvent) -> None:
    """As `quit`: the front end says goodbye, the game is saved."""
    event.app.exit(exception=EOFError, style="class:exiting")


# Writes an answer above the prompt of a running application (`OneWrite.above`).
Above = Callable[[Application[str], Callable[[], None]], None]

LINE_ACTIONS = {CLEAR: _clear_line, LEAVE: _leave}


def key_bindings(
    act: Callable[[str], None] | None = None, above: Above | None = None
) -> KeyBindings:
    """Bindings for every key of the table. `act` does the game's keys (the cursor, a
    tap, a drop: `TextFrontEnd.key`); what it says is written above the prompt, by
    `above` (`OneWrite.above`: the answer and the new prompt in one write), or else by
    prompt_toolkit's `run_in_terminal`."""
    bindings = KeyBindings()
    for spec in KEYMAP:
        handler = LINE_ACTIONS.get(spec.action) or _game_key(spec.action, act, above)
        if spec.empty_line:
            # eager: a lone Escape acts at once, without waiting to be an Alt key's start
            # (which held it 1.5 s and ate the key after it, in a real terminal). The
            # input's own wait for a lone Escape byte is ui.prompt's ESCAPE_WAIT.
            eager = spec.keys == ("escape",)
            bindings.add(*spec.keys, filter=_line_is_empty, eager=eager)(handler)
        else:
            bindings.add(*spec.keys)(handler)
    for report in MOUSE_REPORTS:
        bindings.add(report)(_ignore)
    # A line already longer than any command takes no more keys: they are dropped, so
    # that 15,000 keys at once (a paste without bracketed paste, a terminal answering
    # junk) never hold the prompt for seconds (each key typed into a
    # long line cost more), and Enter refuses the line whole as too long.
    bindings.add(Keys.Any, filter=_line_is_full)(_ignore)
    return bindings


@Condition
def _line_is_full() -> bool:
    return len(get_app().current_buffer.text) > LINE_LIMIT


# Mouse support is off, yet prompt_toolkit still reads a terminal's mouse reports and
# its own handler parses them: a few malformed bytes (`ESC [ < ; ; M`, `ESC [ M xyz`)
# raised in it, and the traceback was written on the screen for a screen reader to read
# aloud. The game has no use for a mouse: every report is dropped unread.
MOUSE_REPORTS = (Keys.Vt100MouseEvent, Keys.WindowsMouseEvent)


def _ignore(event: KeyPressEvent) -> object:
    """Nothing happens, and nothing is drawn again."""
    return NotImplemented


def _game_key(
    action: str, act: Callable[[str], None] | None, above: Above | None = None
) -> Callable[[KeyPressEvent], None]:
    def handle(event: KeyPressEvent) -> None:
        if act is None:
            return
        if above is not None:
            above(event.app, lambda: act(action))
        else:
            run_in_terminal(lambda: act(action))  # the answer goes above the prompt

    return handle
