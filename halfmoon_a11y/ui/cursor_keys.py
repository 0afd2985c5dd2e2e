"""The prompt's game keys on an empty line (`play.keymap`), as one object: the arrow
keys' cursor over the arc, a tap on the place under it, and dropping the selection. Each key
becomes what the front end does with it: a command to run, as a typed line's, or an answer
of the cursor's own to show."""

from __future__ import annotations

from collections.abc import Callable

from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import commands as cmd
from halfmoon_a11y.play import cursor as moves
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.cursor import Cursor
from halfmoon_a11y.play.keymap import DROP, TAP
from halfmoon_a11y.play.session import Session

Step = cmd.Command | Callable[[], se.Answer]  # a command to run, or an answer to show


class CursorKeys:
    """The cursor's place on the table, kept across answers, and what each key does."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.cursor = Cursor()

    def step(self, action: str) -> Step | None:
        """What `action` (a key's) does: a move of the cursor said, a tap on the place
        under it (as `pick` with it, or how to choose a place when there is none yet), or
        the selection dropped; None for a key that is not the cursor's."""
        where = self.cursor.location
        if action in moves.MOVES:
            return lambda: self._moved(action)
        if action == TAP:
            if where is None:
                return lambda: se.Answer((pe.CursorUnset(),))
            return cmd.Pick((where,))
        if action == DROP:
            return cmd.DropSelection()
        return None

    def _moved(self, action: str) -> se.Answer:
        stop = self.cursor.move(action)
        selected = stop.location in self.session.game.selected_places
        spot = self.session.spot(stop.location)
        return se.Answer((pe.CursorMoved(spot, stop.edge, selected),))
