"""The table as buttons, for a player who touches or tabs rather than types: one button
for each of the 20 places and one for each command a touch player needs.

A place's name says its card first, then the place, then its height ("king of hearts,
pile 3, 7 cards"; "empty, reserve R4"), then what the player asked to know of it
(selected, can combine), in the player's words and card names. A press types the
place (`3`, `R4`): one tap, answered as a typed place is. An action's button is named by
the command's own word in the player's language, and a press types that word, so
that every way of playing goes through the same line and gets the same answer.
"""

from __future__ import annotations

from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.lexicon import ENGLISH, lexicon
from halfmoon_a11y.play.messages import N_, NP_
from halfmoon_a11y.play.views import Spot, TableView
from halfmoon_a11y.text.words import Words

BUTTON = "button"  # the catalogs' context: a button's name, said card first

# What a touch player needs without typing, in the order the page shows them: the
# command a press types, and the button's name.
ACTIONS = {
    "undo": NP_("button", "Undo"),
    "redo": NP_("button", "Redo"),
    "repeat": NP_("button", "Repeat"),
    "board": NP_("button", "Table"),
    "tops": NP_("button", "Top cards"),
    "info": NP_("button", "Info"),
    "new": NP_("button", "New game"),
    "help": NP_("button", "Help"),
}

HEADINGS = {
    "piles": N_("Piles"),
    "reserve": N_("Reserve"),
    "actions": N_("Commands"),
}


@record
class Button:
    """One button: what a press types, its name, and whether it shows as pressed."""

    types: str
    name: str
    pressed: bool = False


def place_name(words: Words, spot: Spot, selection: tuple[Location, ...]) -> str:
    """ "king of hearts, pile 3, 7 cards, selected"; "empty, reserve R4"."""
    place = words.place(spot.location)
    if spot.card is None:
        return words.pgettext("button", "empty, {place}").format(place=place)
    parts = [words.card(spot.card), place]
    if not spot.location.reserve:  # a reserve slot holds one card
        parts.append(words.cards_count(spot.count))
    if spot.location in selection:
        parts.append(words._("selected"))
    if spot.combinable:
        parts.append(words._("can combine"))
    return ", ".join(parts)


def place_buttons(view: TableView, words: Words) -> dict[str, list[Button]]:
    """The arc's 12 piles and the reserve's 8 slots, in the table's order."""

    def button(spot: Spot) -> Button:
        name = place_name(words, spot, view.selection)
        return Button(str(spot.location), name, spot.location in view.selection)

    return {
        "piles": [button(spot) for spot in view.piles],
        "reserve": [button(spot) for spot in view.reserve],
    }


def action_buttons(words: Words) -> list[Button]:
    """The commands' buttons, each typing the command's word in the player's language
    (so that the answer is the typed command's, word for word)."""
    local = lexicon(words.language)
    typed = {action: local.command(action) or ENGLISH.command(action) for action in ACTIONS}
    return [
        Button(typed[action] or action, words.pgettext(BUTTON, name))
        for action, name in ACTIONS.items()
    ]


def headings(words: Words) -> dict[str, str]:
    return {key: words._(text) for key, text in HEADINGS.items()}
