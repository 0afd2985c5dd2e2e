"""The memory aids in words: the hidden cards by value, the moves of this game,
and how far back a repeat goes. What is known, never what to play."""

from __future__ import annotations

from collections.abc import Callable

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.events import Kind
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.text.table import upper_first
from halfmoon_a11y.text.words import Words

# "3 aces": how many cards of one value, each with its own plural (a table of calls, so
# that the catalogs find each pair)
COUNTS: dict[Rank, Callable[[Words, int], str]] = {
    Rank.ACE: lambda w, n: w.ngettext("{n} ace", "{n} aces", n),
    Rank.TWO: lambda w, n: w.ngettext("{n} two", "{n} twos", n),
    Rank.THREE: lambda w, n: w.ngettext("{n} three", "{n} threes", n),
    Rank.FOUR: lambda w, n: w.ngettext("{n} four", "{n} fours", n),
    Rank.FIVE: lambda w, n: w.ngettext("{n} five", "{n} fives", n),
    Rank.SIX: lambda w, n: w.ngettext("{n} six", "{n} sixes", n),
    Rank.SEVEN: lambda w, n: w.ngettext("{n} seven", "{n} sevens", n),
    Rank.EIGHT: lambda w, n: w.ngettext("{n} eight", "{n} eights", n),
    Rank.NINE: lambda w, n: w.ngettext("{n} nine", "{n} nines", n),
    Rank.TEN: lambda w, n: w.ngettext("{n} ten", "{n} tens", n),
    Rank.JACK: lambda w, n: w.ngettext("{n} jack", "{n} jacks", n),
    Rank.QUEEN: lambda w, n: w.ngettext("{n} queen", "{n} queens", n),
    Rank.KING: lambda w, n: w.ngettext("{n} king", "{n} kings", n),
}


def hidden(w: Words, event: se.HiddenShown) -> list[str]:
    """ "Still hidden, 40 cards. 3 aces, 5 twos and 2 kings. None of the other values." """
    if not event.total:
        return [w._("No card is hidden.")]
    counts = [COUNTS[rank](w, n).format(n=n) for rank, n in event.counts if n]
    # a plural message, so that "hidden" agrees with one card in Catalan
    still = w.ngettext("Still hidden, {n} card.", "Still hidden, {n} cards.", event.total)
    line = still.format(n=event.total)
    line += " " + upper_first(w.join(counts)) + "."
    if len(counts) < len(event.counts):
        line += " " + w._("None of the other values.")
    return [line]


def moves(w: Words, event: se.MovesShown) -> list[str]:
    """ "2 moves, oldest first." then one line a move: "Move 1. Pair, five of spades,
    pile 1; six of diamonds, pile 8." """
    if not event.total:
        return [w._("No moves yet.")]
    count = upper_first(w.moves(event.total))
    if len(event.moves) < event.total:
        head = w._("{moves}. The last {said}, oldest first.")
    elif event.total == 1:
        head = "{moves}."  # one move has no order to tell
    else:
        head = w._("{moves}, oldest first.")
    lines = [head.format(moves=count, said=len(event.moves))]
    for number, move in enumerate(event.moves, start=event.first):
        cards = w.listing([w.placed(placed) for placed in move.cards])
        if move.kind is Kind.PAIR:
            text = w._("Move {number}. Pair, {cards}.")
        else:
            text = w._("Move {number}. Trio, {cards}.")
        lines.append(text.format(number=number, cards=cards))
    return lines


def repeat(w: Words, event: se.RepeatAsked) -> list[str]:
    """Nothing before the last answer said again; how far back an earlier one was."""
    if event.back == 1:
        return []  # the front end says its last announcement again
    if event.back > event.kept:
        text = w.ngettext(
            "Nothing that far back. Only {n} answer to repeat.",
            "Nothing that far back. Only {n} answers to repeat.",
            event.kept,
        )
        return [text.format(n=event.kept)]
    return [w._("{n} answers back.").format(n=event.back)]
