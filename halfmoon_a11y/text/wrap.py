"""Lines cut at word boundaries, so a terminal never cuts a word in two.

A terminal wraps a line that is wider than its window at the last column, in
the middle of a word (`Puntuació 65, qu` / `eden 91 cartes.`), and a screen
reader reads the two pieces. The text front end cuts each line itself, between
words, to the window's width. Only spaces are places to cut; a word
wider than the window is left whole, for the terminal to cut. Nothing here is
imported but the standard library's `str`: textwrap would cost a start about
0.7 ms for what these few lines do.

A phrase is kept whole too: a number with its noun ("7 cards", "8 kort",
"4 de cors") and a place word with its number ("pile 6", "reserve R6"), since a screen
reader pauses at each line end and a braille display puts the halves on two rows. A
phrase wider than the window is cut between its words, as any line is.
"""

from __future__ import annotations

LINKS = frozenset({"de", "of", "af"})  # "4 de cors", "4 of hearts": a number's card


def _starts_number(word: str) -> bool:
    """A number, or a reserve's name (R6): what a place word before it belongs to."""
    return word[:1].isdigit() or (len(word) > 1 and word[0] == "R" and word[1].isdigit())


def _phrases(words: list[str]) -> list[str]:
    """The words, with each phrase that must stay whole joined into one."""
    phrases: list[str] = []
    glue = False  # the next word belongs to the phrase before it
    for word in words:
        if phrases and (glue or (_starts_number(word) and phrases[-1][-1:].isalpha())):
            phrases[-1] += " " + word
        else:
            phrases.append(word)
        glue = word.isdigit() or (word in LINKS and _number_before(phrases[-1]))
    return phrases


def _number_before(phrase: str) -> bool:
    """Whether a phrase ending in a link word ("4 de") has a number just before it."""
    parts = phrase.split(" ")
    return len(parts) >= 2 and parts[-2].isdigit()


def wrap(line: str, width: int) -> list[str]:
    """`line` as lines of at most `width` characters, cut only at spaces, and never
    inside a phrase that fits on a line; a word longer than `width` has a line of its
    own. A width of 0 or less cuts nothing.

    >>> wrap("Score 65, 91 cards left.", 12)
    ['Score 65,', '91 cards', 'left.']
    >>> wrap("Sisos, pila 6 i reserva R2.", 14)
    ['Sisos,', 'pila 6 i', 'reserva R2.']
    >>> wrap("Unknown command, abcdefghijklmnop.", 10)
    ['Unknown', 'command,', 'abcdefghijklmnop.']
    """
    if width <= 0 or len(line) <= width:
        return [line]
    lines: list[str] = []
    current = ""
    words = [word for word in line.split(" ") if word]  # two spaces: one is enough
    for phrase in _phrases(words):
        pieces = [phrase] if len(phrase) <= width else phrase.split(" ")
        for word in pieces:
            current, lines = _placed(word, current, lines, width)
    if current or not lines:
        lines.append(current)
    return lines


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
