"""Every key the interactive prompt binds, in one table; nothing else binds keys.

prompt_toolkit's own line editing (arrows, Home, End, Backspace, history, Tab
completion) stays as it is. The first key of a new command also silences the
voice; that is not a binding but a watch on the line (`ui.prompt`).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from halfmoon_a11y.core.values import record


@Condition
def _line_is_empty() -> bool:
    return not get_app().current_buffer.text


def _clear_line(event: KeyPressEvent) -> None:
    """The prompt is given up: the front end asks for the next command."""
    event.app.exit(exception=KeyboardInterrupt, style="class:aborting")


def _leave(event: KeyPressEvent) -> None:
    """As `quit`: the front end says goodbye, the game is saved."""
    event.app.exit(exception=EOFError, style="class:exiting")


@record
class Key:
    keys: tuple[str, ...]
    action: Callable[[KeyPressEvent], None]
    when: Filter | None = None


KEYS: tuple[Key, ...] = (
    Key(("c-c",), _clear_line),  # Ctrl-C clears the line
    Key(("c-d",), _leave, _line_is_empty),  # Ctrl-D on an empty line leaves
)


def key_bindings() -> KeyBindings:
    bindings = KeyBindings()
    for key in KEYS:
        if key.when is None:
            bindings.add(*key.keys)(key.action)
        else:
            bindings.add(*key.keys, filter=key.when)(key.action)
    return bindings
