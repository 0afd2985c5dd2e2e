"""The keys of the interactive prompt, in one table: what each does and how help says it.

`ui.keys` binds every entry (by prompt_toolkit's key names) and nothing else;
`text.help` lists them in the player's language (`help keys`). An entry marked
`empty_line` acts only when nothing is typed: on a line being typed, the key
edits the line as it always did. Up and Down (history) and Tab (completion)
are prompt_toolkit's own and are never bound here. Full stop and Comma repeat
Right and Left for terminal screen readers, which keep the arrows for themselves.
"""

from __future__ import annotations

from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import cursor
from halfmoon_a11y.play.messages import N_

TAP = "tap"  # the place under the cursor, as `pick` with that place
DROP = "drop"  # let go of the selection
CLEAR = "clear"  # give up the line being typed
LEAVE = "leave"  # as quit


@record
class KeySpec:
    keys: tuple[str, ...]  # prompt_toolkit's names for the key
    action: str  # a cursor move (play.cursor.MOVES) or TAP, DROP, CLEAR, LEAVE
    name: str  # how help names the key (a message)
    does: str  # what it does (a message)
    empty_line: bool = True  # acts only when nothing is typed


KEYMAP: tuple[KeySpec, ...] = (
    KeySpec(("right",), cursor.NEXT, N_("Right arrow"), N_("the next place on the arc.")),
    KeySpec(("left",), cursor.PREVIOUS, N_("Left arrow"), N_("the place before on the arc.")),
    # Full stop and Comma: terminal screen readers claim Left and Right (they read the
    # character under the caret and drop the game's line); no reader claims these two.
    # Bare keys on the English, Catalan and Danish layouts; no command starts with them.
    KeySpec((".",), cursor.NEXT, N_("Full stop"), N_("the next place, as Right arrow does.")),
    KeySpec((",",), cursor.PREVIOUS, N_("Comma"), N_("the place before, as Left arrow does.")),
    KeySpec(("home",), cursor.FIRST, N_("Home"), N_("pile 1.")),
    KeySpec(("end",), cursor.LAST, N_("End"), N_("reserve R8.")),
    KeySpec(("pagedown",), cursor.OTHER_ROW, N_("Page Down"), N_("from the piles to R1.")),
    KeySpec(("pageup",), cursor.PILES_ROW, N_("Page Up"), N_("to pile 1, from anywhere.")),
    KeySpec((" ",), TAP, N_("Space"), N_("taps the place under the cursor, as pick does.")),
    KeySpec(("escape",), DROP, N_("Escape"), N_("drops the selection.")),
    KeySpec(("c-c",), CLEAR, N_("Control C"), N_("clears the line."), empty_line=False),
    KeySpec(("c-d",), LEAVE, N_("Control D"), N_("leaves, as quit does.")),
)
