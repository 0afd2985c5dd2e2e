"""Lines cut at word boundaries, so a terminal never cuts a word in two.

A terminal wraps a line that is wider than its window at the last column, in
the middle of a word (`Puntuació 65, qu` / `eden 91 cartes.`), and a screen
reader reads the two pieces. The text front end cuts each line itself, between
words, to the window's width. Only spaces are places to cut; a word
wider than the window is left whole, for the terminal to cut. Nothing here is
imported but the standard library's `str`: textwrap would cost a start about
0.7 ms for what these few lines do.

What a listener takes as one name is kept whole too, since a screen reader pauses at
each line end and a braille display puts the halves on two rows:

- a number with its noun ("7 cards", "8 kort") and a place word with its number
  ("pile 6", "reserve R6");
- a card's name: the words either side of "of", "de", "af" ("four of hearts", "vuit
  de diamants", and so "lector de pantalla", "Errors de moviment"), a Danish suit with
  its rank ("klør dame");
- a preposition or an article with what follows it ("a la pila 2", "i bunke 2",
  "in pile 2"), and "screen reader";
- a value that opens a sentence with the first of its places ("Sisos, pila 7");
- a deal code with its label ("Codi HM1 N JNZCRTC", "Deal HM1-N-EMQPNCT").

The words are those of the game's three languages, plain strings here, so that no
catalog is read to cut a line. A phrase wider than the window is cut between its
words, as any line is.
"""

from __future__ import annotations

LINKS = frozenset({"de", "of", "af"})  # "4 de cors", "four of hearts": a card's name
# Words said before the noun they belong to: prepositions and articles in en, ca and da.
BEFORE = frozenset(
    {
        *("in", "to", "from", "on", "at", "with", "the", "a", "an"),
        *("a", "al", "als", "la", "el", "les", "els", "l'", "del", "dels", "en", "amb", "per"),
        *("i", "på", "til", "fra", "med", "den", "det", "ved"),
    }
)
# Words that are the first of a name: Danish suits (named before the rank, "klør dame"),
# and "screen reader".
FIRST = frozenset({"spar", "klør", "hjerter", "ruder", "screen"})
ENDS = (".", "!", "?", ":")  # a sentence's end: what comes after starts another
PLACES = frozenset({"pile", "piles", "pila", "bunke", "bunker", "reserve", "reserva", "reserver"})


def _starts_number(word: str) -> bool:
    """A number, or a reserve's name (R6): what a place word before it belongs to."""
    return word[:1].isdigit() or (len(word) > 1 and word[0] == "R" and word[1].isdigit())


def _is_code(word: str) -> bool:
    """A deal code, or its first part: HM1, HM1-N-EMQPNCT."""
    return len(word) > 2 and word.startswith("HM") and word[2].isdigit()


def _code_part(word: str) -> bool:
    """A later part of a deal code said in a sentence: capitals, digits, dashes."""
    bare = word.rstrip(".,;")
    return bool(bare) and all(c.isupper() or c.isdigit() or c == "-" for c in bare)


def _phrases(words: list[str], loose: bool = True) -> list[str]:
    """The words, with each phrase that must stay whole joined into one. Without
    `loose`, only the names themselves (a card, a place, a number and its noun, a code);
    with it, also what leads to them (a preposition, a code's label, a value)."""
    phrases: list[str] = []
    glue = False  # the next word belongs to the phrase before it
    code = False  # inside a deal code: its next parts belong to it
    value = False  # the phrase before is a value opening a sentence ("Sisos,")
    for word in words:
        starts_code = _is_code(word)
        code = starts_code or (code and _code_part(word))
        place = value and (word.lower() in PLACES or _starts_number(word))
        label = loose and starts_code and bool(phrases) and not phrases[-1].endswith(ENDS)
        joins = glue or place or label or word in LINKS or (code and not starts_code)
        if phrases and (joins or (_starts_number(word) and phrases[-1][-1:].isalpha())):
            phrases[-1] += " " + word
            value = False
        else:
            opens = not phrases or phrases[-1].endswith(ENDS)
            phrases.append(word)
            value = loose and opens and word.endswith(",") and word[:-1].isalpha()
        glue = word.isdigit() or word in LINKS or word.lower() in FIRST
        glue = glue or (loose and word.lower() in BEFORE)
        code = code and not word.endswith(ENDS)
    return phrases


def wrap(line: str, width: int) -> list[str]:
    """`line` as lines of at most `width` characters, cut only at spaces, and never
    inside a phrase that fits on a line; a word longer than `width` has a line of its
    own. A width of 0 or less cuts nothing.

    >>> wrap("Score 65, 91 cards left.", 12)
    ['Score 65,', '91 cards', 'left.']
    >>> wrap("Pila 2, vuit de diamants, 7 cartes.", 18)
    ['Pila 2,', 'vuit de diamants,', '7 cartes.']
    >>> wrap("Unknown command, abcdefghijklmnop.", 10)
    ['Unknown', 'command,', 'abcdefghijklmnop.']
    """
    if width <= 0 or len(line) <= width:
        return [line]
    lines: list[str] = []
    current = ""
    words = [word for word in line.split(" ") if word]  # two spaces: one is enough
    for phrase in _phrases(words):
        for word in _fitting(phrase, width):
            current, lines = _placed(word, current, lines, width)
    if current or not lines:
        lines.append(current)
    return lines


def _fitting(phrase: str, width: int) -> list[str]:
    """A phrase as pieces no wider than `width` where it can be: whole, else its names
    without what leads to them, else its words."""
    if len(phrase) <= width:
        return [phrase]
    names = _phrases(phrase.split(" "), loose=False)
    return [piece for name in names for piece in ([name] if len(name) <= width else name.split())]


def _placed(word: str, current: str, lines: list[str], width: int) -> tuple[str, list[str]]:
    """One word (or phrase) added to the line being made, or starting the next."""
    if not current:
        return word, lines
    if len(current) + 1 + len(word) <= width:
        return current + " " + word, lines
    lines.append(current)
    return word, lines


def wrap_all(lines: list[str], width: int) -> list[str]:
    """Every line wrapped; a line holding line breaks is wrapped piece by piece."""
    if width <= 0:
        return lines
    return [piece for line in lines for part in line.split("\n") for piece in wrap(part, width)]
