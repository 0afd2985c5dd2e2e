"""Lines cut at word boundaries, so a terminal never cuts a word in two.

A terminal wraps a line that is wider than its window at the last column, in
the middle of a word (`Puntuació 65, qu` / `eden 91 cartes.`), and a screen
reader reads the two pieces. The text front end cuts each line itself, between
words, to the window's width (issue 19). Only spaces are places to cut; a word
wider than the window is left whole, for the terminal to cut. Nothing here is
imported but the standard library's `str`: textwrap would cost a start about
0.7 ms for what these few lines do.
"""

from __future__ import annotations


def wrap(line: str, width: int) -> list[str]:
    """`line` as lines of at most `width` characters, cut only at spaces; a word longer
    than `width` has a line of its own. A width of 0 or less cuts nothing.

    >>> wrap("Score 65, 91 cards left.", 12)
    ['Score 65, 91', 'cards left.']
    >>> wrap("Unknown command: abcdefghijklmnop.", 10)
    ['Unknown', 'command:', 'abcdefghijklmnop.']
    """
    if width <= 0 or len(line) <= width:
        return [line]
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        if not word:  # two spaces in a row: one is enough between words
            continue
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current or not lines:
        lines.append(current)
    return lines


def wrap_all(lines: list[str], width: int) -> list[str]:
    """Every line wrapped; a line holding line breaks is wrapped piece by piece."""
    if width <= 0:
        return lines
    return [piece for line in lines for part in line.split("\n") for piece in wrap(part, width)]
