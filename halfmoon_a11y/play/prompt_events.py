"""What the prompt says about itself: the arrow keys' cursor and a line given up.

These are no answer of the session: the prompt makes them from its own keys, and the
presenter words them like any event. Kept apart from `answers`, which holds what the
session answers, so that a front end without a prompt (the JSON mode, the page) has
nothing of the prompt's among the session's events.
"""

from __future__ import annotations

from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.views import Spot


@record
class CursorMoved:
    """An arrow key at the prompt: the place now under the cursor. `edge`: the cursor
    was at an end of the table and stayed there."""

    spot: Spot
    edge: bool = False
    selected: bool = False


@record
class CursorUnset:
    """Space before any arrow key: there is no place under the cursor yet."""


@record
class LineCleared:
    """Ctrl-C at the prompt: the line being typed was given up."""


PromptEvent = CursorMoved | CursorUnset | LineCleared
