""" "Did you mean": the name closest to a mistyped word, if one is close enough.

Apart from the table because it is about words, not commands: it is given the names
to choose among.
"""

from __future__ import annotations

from collections.abc import Iterable

from halfmoon_a11y.play.lexicon import fold

CLOSE_ENOUGH = 0.7  # difflib's ratio a name needs to be suggested


def close_to(word: str, names: Iterable[str]) -> str | None:
    """The name closest to a word (folded), if one is close; the name as it is written.

    Only names of a plausible length are compared: difflib's ratio is at most
    2 * shorter / (both lengths), so a name too short or too long beside the word can
    never reach CLOSE_ENOUGH. A long word meets none and is never handed to difflib,
    whose work grows with the word's length (a 100 MB word took 40 s and 4 GB)."""
    folded = {fold(name): name for name in names}
    near = {key: name for key, name in folded.items() if _may_be_close(key, word)}
    if not near:
        return None
    import difflib  # only when a word is not understood

    found = difflib.get_close_matches(word, list(near), n=1, cutoff=CLOSE_ENOUGH)
    return near[found[0]] if found else None


def _may_be_close(name: str, word: str) -> bool:
    """Whether the lengths alone allow difflib's ratio to reach CLOSE_ENOUGH."""
    shorter, both = min(len(name), len(word)), len(name) + len(word)
    return both > 0 and 2 * shorter >= CLOSE_ENOUGH * both
