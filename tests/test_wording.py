"""Wording that is easy to get wrong: Catalan's genders and articles, what is missing
said without the word "argument", Danish's selection let go, a block undone, a switch
turned on saying what it does, one empty place in the singular, help naming the value
of `code` in the player's language."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.table import TableWords
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.options import build_parser

CODE = DealCode.parse("HM1-N-EMQPNCT")


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Empty, reserve R1.", "Empty, pile 3 and reserve R1."),
        ("ca", "Buida, reserva R1.", "Buides, pila 3 i reserva R1."),
        ("da", "Tom, reserve R1.", "Tomme, bunke 3 og reserve R1."),
    ],
)
def test_one_empty_place_is_said_in_the_singular(language, one, two):
    table = TableWords(Words(language))
    assert table.empty([Location.slot(1)]) == one
    assert table.empty([Location.pile(3), Location.slot(1)]) == two


@pytest.mark.parametrize(("language", "word"), [("en", "CODE"), ("ca", "CODI"), ("da", "KODE")])
def test_help_names_the_value_of_code_in_the_players_language(language, word):
    assert f"--code {word}" in build_parser(Words(language)).format_help()


def _said(language: str, lines: list[str], session: Session | None = None) -> list[str]:
    """What the game answers to `lines`, without the typed lines."""
    from halfmoon_a11y.play.settings import Settings
    from tests.support import transcript

    session = session or Session(CODE, Settings(language=language))
    said = transcript(session, lines, start=False).splitlines()
    return [line for line in said if not line.startswith("> ")]


def test_catalan_words_a_place_named_twice_as_feminine_and_runs_of_piles_with_articles():
    from halfmoon_a11y.core.places import Location
    from halfmoon_a11y.text.table import TableWords
    from halfmoon_a11y.text.words import Words

    assert _said("ca", ["tria 4 4"]) == ["Lloc repetit, pila 4. No s'ha tocat res."]
    empty = TableWords(Words("ca")).empty
    places = [Location.parse(str(n)) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    assert empty(places) == "Buides, piles de l'1 a la 9."
    places = [Location.parse(str(n)) for n in (4, 5, 6, 7, 8, 9, 10, 11)]
    assert empty([*places, Location.parse("R2"), Location.parse("R3"), Location.parse("R4")]) == (
        "Buides, piles de la 4 a l'11, reserva de R2 a R4."
    )
    assert TableWords(Words("en")).empty(places) == "Empty, piles 4 to 11."
    assert TableWords(Words("da")).empty(places) == "Tomme, bunker 4 til 11."


@pytest.mark.parametrize(
    ("language", "lines", "expected"),
    [
        ("en", ["pick", "pile"], ["Say which places. Type pick,", "Say which place. Type pile,"]),
        (
            "ca",
            ["tria", "pila"],
            ["Indica quins llocs. Escriu tria", "Indica quin lloc. Escriu pila"],
        ),
        (
            "da",
            ["vælg", "bunke"],
            ["Angiv steder. Skriv vælg", "Angiv et sted. Skriv bunke"],
        ),
        ("en", ["set perhaps", "lang"], ["Say which setting and its value.", "Missing value."]),
        (
            "ca",
            ["idioma", "veu"],
            ["Falta el valor. L'ajust idioma", "Falta el valor. L'ajust veu"],
        ),
        (
            "da",
            ["indstil måske", "tale"],
            ["Angiv en indstilling og en værdi", "Værdien mangler."],
        ),
    ],
)
def test_what_is_missing_is_said_without_the_word_argument(language, lines, expected):
    said = _said(language, lines)
    assert len(said) == 2 and all(
        line.startswith(e) for line, e in zip(said, expected, strict=True)
    )
    assert not any("argument" in line for line in said)


def test_danish_names_a_selection_let_go_one_way_and_says_from_80_to_400():
    from halfmoon_a11y.play.settings import Settings

    session = Session(CODE, Settings(language="da"))
    said = _said("da", ["vælg 3", "fortryd", "vælg 1 8", "vælg 3", "vælg 1 2"], session)
    assert "Valget er ophævet, hjerter konge i bunke 3." in said  # a pick of two lets it go
    assert said[-1].endswith("Valget er ophævet.")  # no match: the same words
    assert not any("annuller" in line for line in said)
    assert _said("da", ["indstil hastighed 500"]) == [
        "Ikke forstået, 500. Indstillingen hastighed kan være fra 80 til 400."
    ]


def test_undoing_a_block_says_no_longer_blocked():
    from tests.support import make_deal, session_with

    blocking = make_deal(
        ["KH 5S", "6D", "KS", "", "", "", "", "", "", "", "", ""],
        ["-", "-", "-", "-", "-", "-", "-", "-"],
    )
    said = _said("en", ["pick 1 2", "undo"], session_with(blocking))
    assert said[-1] == "No longer blocked. A pair or a trio can be played."


@pytest.mark.parametrize(
    ("language", "line", "expected"),
    [
        ("en", "set move-errors on", "Move errors, on. When a move fails, the game says why."),
        (
            "en",
            "set placement-help on",
            "Placement help, on. When you select a card, the game names the cards it "
            "combines with.",
        ),
        (
            "ca",
            "ajusta errors sí",
            "Errors de moviment, activats. Quan una jugada falla, el joc diu per què.",
        ),
        (
            "da",
            "indstil trækfejl til",
            "Trækfejl, til. Når et træk ikke lykkes, siger spillet, hvorfor.",
        ),
        ("en", "set move-errors off", "Move errors, off."),
        ("da", "indstil placeringshjælp fra", "Placeringshjælp, fra."),
    ],
)
def test_a_seed_setting_switched_on_says_what_it_does(language, line, expected):
    assert _said(language, [line]) == [expected]
