"""Issue 30: the native editor's second read of Catalan and Danish, and the same care in
English. One empty place is said in the singular; a language is named, typed and offered
by its name in every language; the guides quote only sentences the game says."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play.lexicon import LEXICONS, SOURCE, lexicon
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.text.catalog import po_path
from halfmoon_a11y.text.presenter import LANGUAGE_NAMES, Presenter
from halfmoon_a11y.text.table import TableWords
from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.options import build_parser
from tests.support import play

ROOT = Path(__file__).resolve().parent.parent
CODE = "HM1-N-EMQPNCT"


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Empty, reserve R1.", "Empty, pile 3, reserve R1."),
        ("ca", "Buida, reserva R1.", "Buides, pila 3, reserva R1."),
        ("da", "Tom, reserve R1.", "Tomme, bunke 3, reserve R1."),
    ],
)
def test_one_empty_place_is_said_in_the_singular(language, one, two):
    table = TableWords(Words(language))
    assert table.empty([Location.slot(1)]) == one
    assert table.empty([Location.pile(3), Location.slot(1)]) == two


@pytest.mark.parametrize(
    ("language", "typed", "code"),
    [
        ("ca", "idioma català", "ca"),
        ("ca", "idioma danès", "da"),
        ("ca", "idioma anglesa", "en"),
        ("da", "sprog dansk", "da"),
        ("da", "sprog catalansk", "ca"),
        ("da", "sprog engelsk", "en"),
        ("en", "lang Danish", "da"),
        ("en", "lang catalan", "ca"),
        ("en", "lang DANSK", "da"),  # a name in another language, in any case
        ("en", "lang catala", "ca"),  # without its accent, as on a keyboard without it
        ("da", "sprog en", "en"),  # the codes still work
    ],
)
def test_a_language_is_typed_by_its_name_in_any_language(language, typed, code):
    session = Session(DealCode.parse(CODE))
    play(session, f"lang {language}")
    play(session, typed)
    assert session.settings.language == code


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("ca", "idioma francès", "L'ajust idioma accepta català, danès o anglès."),
        ("da", "sprog fransk", "Indstillingen sprog kan være catalansk, dansk eller engelsk."),
        ("en", "lang French", "The setting lang takes Catalan, Danish or English."),
    ],
)
def test_the_languages_are_offered_by_name(language, typed, said):
    session = Session(DealCode.parse(CODE))
    play(session, f"lang {language}")
    lines = Presenter(Words(language)).render_all(play(session, typed))
    assert lines[-1].endswith(said), lines


def test_the_lexicons_name_the_languages_as_the_catalogs_do():
    """Two places hold a language's name in another: the lexicon (typed, offered) and the
    catalog (the line that says no voice speaks it). They must say the same word."""
    for language, lex in LEXICONS.items():
        words = Words(language)
        for code, english in LANGUAGE_NAMES.items():
            assert lex.language_name(code) == words._(english), (language, code)


@pytest.mark.parametrize(("language", "word"), [("en", "CODE"), ("ca", "CODI"), ("da", "KODE")])
def test_help_names_the_value_of_code_in_the_players_language(language, word):
    assert f"--code {word}" in build_parser(Words(language)).format_help()


# -- the guides quote only what the game says ---------------------------------------

GUIDES = {
    "en": ("guide-en.md", "strategy-en.md"),
    "ca": ("guide-ca.md", "strategy-ca.md"),
    "da": ("guide-da.md", "strategy-da.md"),
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# a quote that looks like one of the game's answers: a capital first, a full stop or a
# question mark last (commands, keys and file names are quoted in lower case, or end
# without one)
ANSWER = re.compile(r"^[A-ZÀ-ÞÆØÅ][^`]*[.?]$")


def _messages(language: str) -> list[str]:
    """Every sentence the catalog of a language holds (English: the source's)."""
    po = polib.pofile(str(po_path("ca" if language == SOURCE else language)))
    said: list[str] = []
    for entry in po:
        if language == SOURCE:
            said.extend(filter(None, (entry.msgid, entry.msgid_plural)))
        elif entry.msgid_plural:
            said.extend(entry.msgstr_plural.values())
        else:
            said.append(entry.msgstr)
    return said


def _pattern(message: str, words: dict[str, str]) -> re.Pattern[str] | None:
    """A message as a pattern its answers match: a placeholder stands for any text, but
    {place} for a place and {value} for a value's name. A message of placeholders alone
    ("{key}, {does}") matches too much to tell anything, and is left out."""
    if not message.endswith((".", "?")) and not message[:1].isupper():
        return None  # a piece of a sentence: a card's name, "{n} cards"
    literal = PLACEHOLDER.sub("", message)
    names = set(PLACEHOLDER.findall(message))
    if not re.search(r"[^\W\d_]{2}", literal) and not names & set(words):
        return None
    parts, end = [], 0
    for found in PLACEHOLDER.finditer(message):
        parts.append(re.escape(message[end : found.start()]))
        # a placeholder that starts a message is a name or a place, never a sentence
        parts.append(words.get(found.group(1), "[^.?]+?" if not found.start() else ".+?"))
        end = found.end()
    parts.append(re.escape(message[end:]))
    body = "".join(parts)
    if not message.endswith((".", "?")):  # a seed's sentence, said with a full stop
        body += r"\."
    return re.compile(body, re.IGNORECASE if message[:1] == "{" else 0)


def _game_patterns(language: str) -> list[re.Pattern[str]]:
    said = _messages(language)
    words = Words(language)
    pile = words.ngettext("pile {numbers}", "piles {numbers}", 1).split()[0]
    piles = words.ngettext("pile {numbers}", "piles {numbers}", 2).split()[0]
    reserve = words._("reserve {slot}").split()[0]
    values = [words._(name) for name in ("Aces", "Twos", "Threes", "Fours", "Fives")]
    values += [words._(name) for name in ("Sixes", "Sevens", "Eights", "Nines", "Tens")]
    values += [words._(name) for name in ("Jacks", "Queens", "Kings")]
    kinds = {
        "place": rf"(?i:{pile}|{piles}|{reserve}) \S+",
        "value": "(?:" + "|".join(map(re.escape, values)) + ")",
    }
    # a message, and each of its sentences: a guide may quote the first sentence alone
    pieces = {part for m in said if m for part in (m, *re.split(r"(?<=[.?]) (?=\S)", m))}
    return [p for m in sorted(pieces) if (p := _pattern(m, kinds)) is not None]


def _quotes(text: str) -> list[str]:
    """The backquoted spans of a page, a span across a line break joined with a space;
    fenced blocks left out."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", text)]


def _said_by_the_game(quote: str, patterns: list[re.Pattern[str]]) -> bool:
    """Whether the quote is one answer, or answers one after another."""
    cuts = [m.end() for m in re.finditer(r"[.?](?= |$)", quote)]
    reached = {0}
    for start in sorted(reached | set(cuts)):
        if start not in reached:
            continue
        begin = start + 1 if start else 0
        for cut in cuts:
            if cut > begin and any(p.fullmatch(quote[begin:cut]) for p in patterns):
                reached.add(cut)
    return len(quote) in reached


@pytest.mark.parametrize("language", list(GUIDES))
def test_every_sentence_a_guide_quotes_is_one_the_game_says(language):
    patterns = _game_patterns(language)
    unknown = []
    for page in GUIDES[language]:
        for quote in _quotes((ROOT / "docs" / page).read_text(encoding="utf-8")):
            if ANSWER.match(quote) and not _said_by_the_game(quote, patterns):
                unknown.append(f"{page}: {quote}")
    assert not unknown, "\n".join(unknown)


def test_the_guide_check_finds_a_sentence_the_game_does_not_say():
    patterns = _game_patterns("da")
    assert _said_by_the_game("Valgt, hjerter konge i bunke 3.", patterns)
    assert _said_by_the_game("Tom, bunke 12. Intet at trykke på.", patterns)
    never = "Der er endnu intet sted under markøren. Piletasterne vælger et."
    assert not _said_by_the_game(never, patterns)
    assert not _said_by_the_game("Sejr: alle 104 kort er fjernet.", patterns)
    assert lexicon("da").language_name("ca") == "catalansk"
