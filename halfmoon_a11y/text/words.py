"""The small words of the game in the player's language: cards, places, durations."""

from __future__ import annotations

from functools import cache

from halfmoon_a11y.core.cards import Card, Rank, Suit
from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Placed
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.commands import COMMANDS
from halfmoon_a11y.play.lexicon import ENGLISH, lexicon
from halfmoon_a11y.play.messages import N_, NP_, BySurface, Surface
from halfmoon_a11y.play.settings import AnswerLength, CardNames
from halfmoon_a11y.text.catalog import Source, translations

if TYPE_CHECKING:
    import gettext

    from halfmoon_a11y.core.dealcode import DealCode

RANK_NAMES = {
    Rank.ACE: N_("ace"),
    Rank.TWO: N_("two"),
    Rank.THREE: N_("three"),
    Rank.FOUR: N_("four"),
    Rank.FIVE: N_("five"),
    Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"),
    Rank.EIGHT: N_("eight"),
    Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
}
SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_LETTER = "suit letter"  # the context of a suit's letter: p c d t, s h r k
SUIT_LETTERS = {
    Suit.CLUBS: NP_("suit letter", "C"),
    Suit.DIAMONDS: NP_("suit letter", "D"),
    Suit.HEARTS: NP_("suit letter", "H"),
    Suit.SPADES: NP_("suit letter", "S"),
}


@record
class Words:
    """Translation functions for one language, the card-name setting, the length of
    answers and the surface the game is played on: a sentence declared `BySurface` is
    chosen for it before it is translated, and on a page the page's folder (`home`) is
    left out of any path said, since a player cannot open it."""

    language: str = "en"
    cards: CardNames = CardNames.FULL
    answers: AnswerLength = AnswerLength.FULL
    surface: str = Surface.TERMINAL
    home: str = ""

    @property
    def catalog(self) -> gettext.NullTranslations | Source:
        return translations(self.language)

    def _(self, message: str | BySurface) -> str:
        if isinstance(message, BySurface):
            return self._surfaced(message)
        return self.catalog.gettext(message)

    def _surfaced(self, message: BySurface) -> str:
        """The surface's own text, translated, its command words in the player's language."""
        text = self.catalog.gettext(message.on(self.surface))
        if not message.words:
            return text
        return _filled(self, text, message.words)

    def path(self, path: object) -> str:
        """A file's path as said: on a page, without the page's own folder."""
        shown = str(path)
        if self.home and shown.startswith(self.home):
            return shown[len(self.home) :]
        return shown

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    # -- cards and places ----------------------------------------------------------

    def card(self, card: Card) -> str:
        return _card_name(self, card)

    def _card(self, card: Card) -> str:
        if self.cards is CardNames.SHORT:
            return self.short_rank(card.rank) + SUIT_SYMBOLS[card.suit]
        if self.cards is CardNames.LETTERS:
            return self.short_rank(card.rank) + self.pgettext(SUIT_LETTER, SUIT_LETTERS[card.suit])
        return self.pgettext("card", "{rank} of {suit}").format(
            rank=self._(RANK_NAMES[card.rank]), suit=self._(SUIT_NAMES[card.suit])
        )

    def short_rank(self, rank: Rank) -> str:
        if rank is Rank.JACK:
            return self.pgettext("short rank", "J")
        if rank is Rank.QUEEN:
            return self.pgettext("short rank", "Q")
        if rank is Rank.KING:
            return self.pgettext("short rank", "K")
        return str(rank)

    def place(self, location: Location) -> str:
        return _place_name(self, location)

    def _place(self, location: Location) -> str:
        if location.reserve:
            return self._("reserve {slot}").format(slot=location)
        return self._("pile {number}").format(number=location.number)

    def placed(self, placed: Placed) -> str:
        """A card and where it lies: "five of spades in pile 1" (no comma inside, so that a
        list of them needs no semicolons, which a screen reader names)."""
        return self._("{card} in {place}").format(
            card=self.card(placed.card), place=self.place(placed.location)
        )

    def code(self, code: DealCode) -> str:
        """A deal code as said in a sentence: its parts and its letters apart, by commas,
        "HM1 N, A, B, C, D, E, F, G". A screen reader names each dash and says seven
        letters together as one word ("EmkpNkt"); a letter alone it spells, but "A"
        between spaces is the word "a" (in English and Catalan), while before a comma
        it is the letter. `new` takes it so; the `code` command and the examples of how
        to type one give the dashed form, the seeds' own, to copy."""
        return _code_said(code)

    def cards_count(self, count: int) -> str:
        return self.ngettext("{n} card", "{n} cards", count).format(n=count)

    def cards_left(self, count: int) -> str:
        return self.ngettext("{n} card left", "{n} cards left", count).format(n=count)

    def moves(self, moves: int) -> str:
        return self.ngettext("{n} move", "{n} moves", moves).format(n=moves)

    def duration(self, seconds: int) -> str:
        hours, rest = divmod(seconds, 3600)
        minutes, secs = divmod(rest, 60)
        parts = []
        if hours:
            parts.append(self.ngettext("{n} hour", "{n} hours", hours).format(n=hours))
        if minutes:
            parts.append(self.ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes))
        if secs or not parts:
            parts.append(self.ngettext("{n} second", "{n} seconds", secs).format(n=secs))
        return self.join(parts)

    def join(self, items: list[str]) -> str:
        """ "a", "a and b", "a, b and c" in the player's language."""
        if len(items) <= 1:
            return "".join(items)
        return self._("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def either(self, items: list[str]) -> str:
        """ "a", "a or b", "a, b or c" in the player's language."""
        if len(items) <= 1:
            return "".join(items)
        return self._("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def listing(self, items: list[str]) -> str:
        """Cards with their places: "a in pile 1, b in pile 8 and c in reserve R2"."""
        return self.join(items)


# A card's and a place's name depend only on the language and the card-name setting, and
# the catalogs do not change while the game runs: each name is worked out once.


@cache
def _card_name(words: Words, card: Card) -> str:
    return words._card(card)


@cache
def _place_name(words: Words, location: Location) -> str:
    return words._place(location)


@cache
def _code_said(code: DealCode) -> str:
    version, kind, letters = str(code).split("-")
    return f"{version} {kind}, {', '.join(letters)}"


def _filled(words: Words, text: str, names: tuple[str, ...]) -> str:
    """`text` with each of `names` in braces replaced by the player's word for it: a
    setting's name, a value's or a command's, looked up in that order. Other braces are
    left for the caller's own fields."""
    language = lexicon(words.language)
    for name in names:
        local = language.setting(name) or language.value(name) or ENGLISH.value(name)
        local = local or _local_command(name, words.language) or name
        text = text.replace("{" + name + "}", local)
    return text


def _local_command(name: str, language: str) -> str | None:
    """A command's name in `language`, looked up by its English name in the table."""
    spec = next((spec for spec in COMMANDS if spec.name == name), None)
    return None if spec is None else spec.local_name(language)
