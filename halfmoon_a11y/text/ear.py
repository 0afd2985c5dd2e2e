"""Sentences for the synthesiser: worded for listening, not for reading.

The same sentences as on the screen, with full card names whatever the card-name
setting (no suit symbols), and deal codes spelled out with pauses, so that
"HM1-N-WRTYVAA" (or "HM1 N, W, R, T, Y, V, A, A", as sentences write it) is heard as
"H M 1, N, W, R, T, Y, V, A, A", each letter named in the voice's own language (a comma
after each: "A" between spaces is the English or Catalan word "a").

>>> for_the_ear("Game HM1 N, W, R, T, Y, V, A, A, with 2 moves, is kept.")
'Game H M 1, N, W, R, T, Y, V, A, A, with 2 moves, is kept.'
>>> for_the_ear("new HM1 N WRTYVAA")
'new H M 1, N, W, R, T, Y, V, A, A'
>>> for_the_ear("Deal HM1-N-WRTYVAA.")
'Deal H M 1, N, W, R, T, Y, V, A, A.'
"""

from __future__ import annotations

import re

from halfmoon_a11y.core.dealcode import KIND, LETTERS, VERSION

_CODE = re.compile(rf"\b{VERSION}[- ]{KIND},?[- ]([A-Z](?:(?:, )?[A-Z]){{{LETTERS - 1}}})\b")


def _spelled(match: re.Match[str]) -> str:
    letters = match.group(1).replace(", ", "")
    return f"{' '.join(VERSION)}, {KIND}, {', '.join(letters)}"


def for_the_ear(line: str) -> str:
    return _CODE.sub(_spelled, line)
