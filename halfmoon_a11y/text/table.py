"""The table for the ear: one line for each place that holds a card, then the empty
places summed up in one line; and the short form of the places a move changed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.places import ALL_PILES, ALL_SLOTS, Location
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.messages import N_
from halfmoon_a11y.play.settings import AnswerLength
from halfmoon_a11y.play.views import Spot
from halfmoon_a11y.text.words import Words

RANK_GROUPS = {  # a value's cards, as `tops` names them
    Rank.ACE: N_("Aces"),
    Rank.TWO: N_("Twos"),
    Rank.THREE: N_("Threes"),
    Rank.FOUR: N_("Fours"),
    Rank.FIVE: N_("Fives"),
    Rank.SIX: N_("Sixes"),
    Rank.SEVEN: N_("Sevens"),
    Rank.EIGHT: N_("Eights"),
    Rank.NINE: N_("Nines"),
    Rank.TEN: N_("Tens"),
    Rank.JACK: N_("Jacks"),
    Rank.QUEEN: N_("Queens"),
    Rank.KING: N_("Kings"),
}


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


class TableWords:
    def __init__(self, words: Words) -> None:
        self.words = words

    def spots(self, spots: Sequence[Spot], selection: Sequence[Location] = ()) -> list[str]:
        """The places that hold a card, one a line, then one line for the empty ones."""
        lines = [self.spot(spot, selection) for spot in spots if spot.card is not None]
        empty = [spot.location for spot in spots if spot.card is None]
        if empty:
            lines.append(self.empty(empty))
        return lines

    def spot(self, spot: Spot, selection: Sequence[Location] = ()) -> str:
        w = self.words
        place = upper_first(w.place(spot.location))
        if spot.card is None:
            return w._("{place}, empty.").format(place=place)
        parts = [w.card(spot.card)]
        if not spot.location.reserve:
            parts.append(w.cards_count(spot.count))
        if spot.location in selection:
            parts.append(w._("selected"))
        if spot.combinable:
            parts.append(w._("can combine"))
        return w._("{place}, {details}.").format(place=place, details=", ".join(parts))

    def empty(self, locations: Sequence[Location]) -> str:
        """ "Empty, piles 3 and 7, reserve R2." """
        w = self.words
        piles = [loc for loc in locations if not loc.reserve]
        slots = [loc for loc in locations if loc.reserve]
        parts = []
        if len(piles) == len(ALL_PILES):
            parts.append(w._("all piles"))
        elif piles:
            numbers = self.runs([loc.number for loc in piles], "")
            parts.append(
                w.ngettext("pile {numbers}", "piles {numbers}", len(piles)).format(numbers=numbers)
            )
        if len(slots) == len(ALL_SLOTS):
            parts.append(w._("the whole reserve"))
        elif slots:
            names = self.runs([loc.number for loc in slots], "R")
            parts.append(w._("reserve {slots}").format(slots=names))
        # one empty place is "Buida", "Tom": the word agrees with how many places there are
        empty = w.ngettext("Empty, {places}.", "Empty, {places}.", len(locations))
        whole = len(piles) in (0, 1, len(ALL_PILES)) and len(slots) in (0, 1, len(ALL_SLOTS))
        return empty.format(places=self._together(parts, whole))

    def _together(self, parts: list[str], single: bool) -> str:
        """Two parts that each name one place, or all of a kind, joined by "and": by ear
        "pile 11, R2" sounds unfinished. Parts that hold an "and" of their own stay apart
        by a comma, so that no line says "piles 1 and 3 and R2"."""
        return self.words.join(parts) if single else ", ".join(parts)

    def runs(self, numbers: Sequence[int], prefix: str) -> str:
        """ "1, 3 and 5", with three or more in a row said as one: "1 to 11, R2 to R8"."""
        groups: list[str] = []
        w, start = self.words, 0
        for index in range(1, len(numbers) + 1):
            if index == len(numbers) or numbers[index] != numbers[index - 1] + 1:
                run = numbers[start:index]
                if len(run) >= 3:
                    low, high = self._end(run[0], prefix), self._end(run[-1], prefix)
                    said = w.pgettext("a run of places", "{low} to {high}")
                    groups.append(said.format(low=low, high=high))
                else:
                    groups.extend(f"{prefix}{number}" for number in run)
                start = index
        return w.join(groups)

    def _end(self, number: int, prefix: str) -> str:
        """One end of a run: "R2", or a pile's number as its language says it there."""
        if prefix:
            return f"{prefix}{number}"
        return lexicon(self.words.language).pile_numbers.get(number, str(number))

    def changed(self, spots: Sequence[Spot]) -> str:
        """The places a move changed, in one line: "Pile 1: two of clubs, 7 cards. R3:
        empty." Short answers leave out the counts: "Pile 1: two of clubs." """
        w = self.words
        counts = w.answers is AnswerLength.FULL
        said = []
        for spot in spots:
            place = upper_first(w.place(spot.location))
            if spot.card is None:
                said.append(w._("{place}, empty.").format(place=place))
            elif spot.location.reserve or not counts:
                said.append(
                    w._("{place}, {details}.").format(place=place, details=w.card(spot.card))
                )
            else:
                said.append(  # "7 cards", not "7": by ear a bare number sounds like a card
                    w._("{place}, {card}, {count}.").format(
                        place=place, card=w.card(spot.card), count=w.cards_count(spot.count)
                    )
                )
        return " ".join(said)

    def tops(
        self,
        groups: Sequence[tuple[Rank, Sequence[Location]]],
        heights: Mapping[Location, int] | None = None,
    ) -> str:
        """The playable cards by value, in one line: "Aces: pile 4. Fives: pile 1, R2."
        With `heights` (the heights setting), each pile with its height: "Fives: pile 1
        with 7 cards, pile 6 with 3 cards, R2." """
        w = self.words
        said = []
        for rank, places in groups:
            piles = [loc.number for loc in places if not loc.reserve]
            slots = [f"R{loc.number}" for loc in places if loc.reserve]
            parts: list[str] = []
            if piles and heights:
                parts.extend(
                    w._("pile {number} with {cards}").format(
                        number=loc.number, cards=w.cards_count(heights[loc])
                    )
                    for loc in places
                    if not loc.reserve
                )
            elif piles:
                numbers = w.join([str(number) for number in piles])
                parts.append(
                    w.ngettext("pile {numbers}", "piles {numbers}", len(piles)).format(
                        numbers=numbers
                    )
                )
            if slots:
                parts.append(w.join(slots))
            single = (len(piles) <= 1 or bool(heights)) and len(slots) <= 1
            said.append(
                w._("{value}, {places}.").format(
                    value=w._(RANK_GROUPS[rank]), places=self._together(parts, single)
                )
            )
        return " ".join(said)
