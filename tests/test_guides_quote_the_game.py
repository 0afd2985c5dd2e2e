"""The players' guides (en, ca, da) quote only sentences the game says: each quoted
answer matches one of the catalog's messages, its placeholders filled in."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from halfmoon_a11y.play.lexicon import SOURCE, lexicon
from halfmoon_a11y.text.catalog import po_path
from halfmoon_a11y.text.words import Words

ROOT = Path(__file__).resolve().parent.parent
CODE = "HM1-N-EMQPNCT"


# -- the guides quote only what the game says ---------------------------------------

GUIDES = {
    "en": ("guide-en.md", "strategy-en.md", "web.md"),
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
        parts.append(words.get(found.group(1), "[^.?]+?" if not found.start() else "[^.?;]+?"))
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
    # a placeholder in the middle of a message stands for a name or a list, never for a
    # semicolon and what follows it: the answers of an older game do not pass
    assert not _said_by_the_game(
        "Valgt, hjerter konge i bunke 3; klør knægt i reserve R8.", patterns
    )
    assert _said_by_the_game("Valgt, hjerter konge i bunke 3 og klør knægt i reserve R8.", patterns)
    assert lexicon("da").language_name("ca") == "catalansk"
