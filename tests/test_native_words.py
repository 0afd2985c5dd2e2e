"""What a native Catalan or Danish player hears or types, where the wording needed the
code's help: agreement with one card, a list that ends with "and", one move without an
order, the language names in --help, and the infinitives a Catalan player guesses."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import HiddenShown
from halfmoon_a11y.play.commands import Change, Repeat, parse
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.text import memory
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.options import build_parser
from tests.support import make_deal, session_with, transcript

ONE_KING = tuple((rank, 1 if rank is Rank.KING else 0) for rank in Rank)


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("ca", "Encara amagada, 1 carta.", "Encara amagades, 2 cartes."),
        ("da", "Stadig skjult, 1 kort.", "Stadig skjulte, 2 kort."),
        ("en", "Still hidden, 1 card.", "Still hidden, 2 cards."),
    ],
)
def test_hidden_agrees_with_one_card(language, one, many):
    words = Words(language)
    two = tuple((rank, 2 if rank is Rank.KING else 0) for rank in Rank)
    assert memory.hidden(words, HiddenShown(ONE_KING))[0].startswith(one)
    assert memory.hidden(words, HiddenShown(two))[0].startswith(many)


@pytest.mark.parametrize(
    ("language", "heard"), [("ca", "1 jugada."), ("da", "1 træk."), ("en", "1 move.")]
)
def test_one_move_is_said_without_an_order(language, heard, clock):
    settings = Settings(language=language)
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), settings=settings, now=clock)
    word = {"ca": "jugades", "da": "træk", "en": "moves"}[language]
    said = transcript(session, ["1 8", word], start=False).splitlines()
    assert said[-2] == heard


# Two empty places, each one place or all of a kind, end with "and"; a list that has
# its own "and" stays apart by a comma.
@pytest.mark.parametrize(
    ("language", "two", "three"),
    [
        ("ca", "Buides, pila 1 i reserva R1.", "Buides, piles 1 i 2, reserva R1."),
        ("da", "Tomme, bunke 1 og reserve R1.", "Tomme, bunker 1 og 2, reserve R1."),
        ("en", "Empty, pile 1 and reserve R1.", "Empty, piles 1 and 2, reserve R1."),
    ],
)
def test_two_places_end_with_and(language, two, three):
    from halfmoon_a11y.core.places import Location
    from halfmoon_a11y.text.table import TableWords

    table = TableWords(Words(language))
    pile1, pile2, slot1 = Location.parse("1"), Location.parse("2"), Location.parse("R1")
    assert table.empty([pile1, slot1]) == two
    assert table.empty([pile1, pile2, slot1]) == three


def test_the_last_pair_of_places_in_tops_ends_with_and(clock):
    deal = make_deal(["", "", "", "", "", "", "", "", "", "", "10S", ""], ["-", "10D", *"-" * 6])
    session = session_with(deal, settings=Settings(language="ca"), now=clock)
    assert "Deus, pila 11 i R2." in transcript(session, ["jugables"], start=False)


@pytest.mark.parametrize(
    ("language", "named"),
    [
        ("ca", "ca (català), da (danès) o en (anglès)"),
        ("da", "ca (catalansk), da (dansk) eller en (engelsk)"),
        ("en", "ca (Catalan), da (Danish) or en (English)"),
    ],
)
def test_help_names_the_languages_it_offers(language, named):
    helped = " ".join(build_parser(Words(language)).format_help().split())
    assert named in helped


def test_the_catalan_infinitives_are_understood():
    assert parse("repetir", "ca") == Repeat()
    assert parse("repetir 2", "ca") == Repeat(2)
    assert isinstance(parse("ajustar sons no", "ca"), Change)
