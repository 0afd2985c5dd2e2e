"""Nothing a listener takes as one name is split across lines: a card's name in every
form, a place with its preposition or article, a value with the first of its places, a
deal code with its label, a setting's name, a screen reader's name. Whole won and
blocked games in ca, da and en, each answer as the terminal's printer writes it at 40,
60, 80 and 132 columns: the names are found in each sentence from the game's own words
(`text.words`), not from the wrapping's rules, and no line break may fall inside one."""

from __future__ import annotations

import io
import re
from functools import partial

import pytest

from halfmoon_a11y.core.cards import Card, Rank, Suit
from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.places import ALL_LOCATIONS, Location
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import CardNames, Settings
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.frontend import TextFrontEnd, printer
from tests.solver import playable_moves, solve

WIDTHS = (40, 60, 80, 132)
WON = "HM1-N-AAAAAAC"  # tests.solver wins it
# Prepositions and articles said before a place, as the catalogs have them.
BEFORE = {
    "ca": ("a la", "de la", "la", "a", "de", "i"),
    "da": ("i", "på", "til", "fra"),
    "en": ("in", "to", "from", "on"),
}
NAMES = {  # names of more than one word, heard as one
    "ca": ("lector de pantalla", "lectors de pantalla", "errors de moviment"),
    "da": (),
    "en": ("screen reader", "screen readers"),
}
COMMANDS = ("board", "info", "playable", "tops", "hidden", "moves", "code", "set", "stats")


def local(language: str, name: str) -> str:
    return lexicon(language).command(name) or name


def units(language: str) -> re.Pattern[str]:
    """Every name that must stay on one line, as one pattern."""
    names: set[str] = set()
    places: set[str] = set()
    for form in CardNames:
        words = Words(language=language, cards=form)
        names |= {words.card(Card(rank, suit)) for rank in Rank for suit in Suit}
        places |= {words.place(location) for location in ALL_LOCATIONS}
    names |= set(NAMES[language])
    place = "|".join(re.escape(p) for p in sorted(places, key=len, reverse=True))
    before = "|".join(re.escape(b) for b in BEFORE[language])
    card = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    value = rf"(?:^|(?<=[.!?] ))[^\W\d_]+, (?:{place}|[^\W\d_]+ \d+)"  # "Sisos, pila 7"
    code = r"\S+ HM\d(?:-[A-Z0-9]+)*(?: [A-Z0-9]+\b)*"  # "codi HM1 N EMQPNCT"
    return re.compile(
        rf"(?i:\b(?:(?:{before}) )+(?:{place})\b)|(?i:\b(?:{card})(?!\w))|{value}|{code}"
    )


def cuts(sentence: str, lines: list[str]) -> list[int]:
    """Where in the sentence (its spaces made single) the lines break."""
    at, found = 0, []
    for line in lines[:-1]:
        at += len(line)
        found.append(at)
        at += 1
    return found


def split_names(answers: list[list[str]], language: str) -> list[tuple[int, str, str]]:
    pattern = units(language)
    split = []
    for columns in WIDTHS:
        for answer in answers:
            out = io.StringIO()
            printer(out, partial(int, columns))(answer)
            written = out.getvalue().split("\n")[:-1]
            at = 0
            for sentence in answer:
                whole = " ".join(sentence.split())
                lines = [line for line in written[at:] if line][: len(written)]
                taken, mine = 0, []
                for line in lines:  # the printed lines that make this sentence
                    mine.append(line)
                    taken += len(line) + 1
                    if taken > len(whole):
                        break
                at += len(mine)
                assert " ".join(mine) == whole, (columns, mine, whole)
                breaks = cuts(whole, mine)
                for match in pattern.finditer(whole):
                    if any(match.start() < cut < match.end() for cut in breaks):
                        split.append((columns, match.group(), whole))
    return split


def front(language: str, code: str, names: CardNames) -> tuple[TextFrontEnd, list[list[str]]]:
    session = Session(DealCode.parse(code), Settings(language=language, cards=names))
    answers: list[list[str]] = []
    game = TextFrontEnd(session, answers.append)
    game.start()
    return game, answers


def between_moves(game: TextFrontEnd, language: str) -> None:
    for name in COMMANDS:
        game.line(local(language, name))


def won_game(language: str, names: CardNames) -> list[list[str]]:
    game, answers = front(language, WON, names)
    line = solve(deal(DealCode.parse(WON)))
    assert line is not None
    for number, move in enumerate(line):
        game.line(" ".join(move))
        if number % 8 == 0:
            between_moves(game, language)
    between_moves(game, language)
    game.line(local(language, "help"))
    game.close()
    return answers


def blocked_code() -> str:
    """A deal that the first playable move each time leads to a block."""
    for n in range(2, 200):
        code = f"HM1-N-AAAAA{chr(65 + n // 26)}{chr(65 + n % 26)}"
        game = Game(deal(DealCode.parse(code)))
        while game.status == "playing" and (moves := playable_moves(game)):
            game.remove([Location.parse(p) for p in moves[0]])
        if game.status == "blocked":
            return code
    raise AssertionError("no blocked deal found")


def blocked_game(language: str, names: CardNames, code: str) -> list[list[str]]:
    game, answers = front(language, code, names)
    while game.session.game.status == "playing":
        moves = playable_moves(game.session.game)
        if not moves:
            break
        game.line(" ".join(moves[0]))
        between_moves(game, language)
    assert game.session.game.status == "blocked"
    game.close()
    return answers


@pytest.mark.parametrize("names", list(CardNames))
@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_won_game_splits_no_name(language, names):
    answers = won_game(language, names)
    assert len(answers) > 100
    assert split_names(answers, language) == []


@pytest.mark.parametrize("language", ["ca", "da", "en"])
def test_a_blocked_game_splits_no_name(language):
    code = blocked_code()
    answers = blocked_game(language, CardNames.FULL, code)
    assert any("HM1" in line for answer in answers for line in answer)
    assert split_names(answers, language) == []


@pytest.mark.parametrize(
    ("line", "width", "whole"),
    [
        ("Pila 2, vuit de diamants, 7 cartes.", 18, "vuit de diamants,"),
        ("Bunke 4, klør dame, 7 kort.", 14, "klør dame,"),
        ("Sisos, pila 7 amb 7 cartes, pila 2.", 16, "Sisos, pila 7"),
        ("Mou la carta a la pila 2.", 16, "a la pila 2."),
        ("Flyt kortet i bunke 2.", 14, "i bunke 2."),
        ("Temps 3 segons. Codi HM1 N JNZCRTC.", 20, "Codi HM1 N JNZCRTC."),
        ("Codi de partida HM1-N-EMQPNCT.", 30, "Codi de partida HM1-N-EMQPNCT."),
        ("Veu, el teu lector de pantalla, Orca.", 20, "lector de pantalla,"),
        ("Ajust desat. Errors de moviment, sí.", 20, "Errors de moviment,"),
        ("Voice, your screen reader, Orca.", 16, "screen reader,"),
    ],
)
def test_the_issues_cut_names_stay_on_one_line(line, width, whole):
    from halfmoon_a11y.text.wrap import wrap

    lines = wrap(line, width)
    assert " ".join(lines) == line
    assert any(whole in row for row in lines), lines
