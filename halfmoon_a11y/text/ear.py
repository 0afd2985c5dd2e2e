"""Sentences for the synthesiser: worded for listening, not for reading.

The same sentences as on the screen, with full card names whatever the card-name
setting (no suit symbols), and deal codes spelled out with pauses, so that
"HM1-N-WRTYVAA" (or "HM1 N WRTYVAA", as sentences write it) is heard as
"H M 1, N, W R T Y V A A", each letter named in the voice's own language.

>>> for_the_ear("New game, deal HM1 N WRTYVAA.")
'New game, deal H M 1, N, W R T Y V A A.'
>>> for_the_ear("Deal HM1-N-WRTYVAA.")
'Deal H M 1, N, W R T Y V A A.'
"""

from __future__ import annotations

import re

from halfmoon_a11y.core.dealcode import KIND, LETTERS, VERSION

_CODE = re.compile(rf"\b{VERSION}[- ]{KIND}[- ]([A-Z]{{{LETTERS}}})\b")


def _spelled(match: re.Match[str]) -> str:
    return f"{' '.join(VERSION)}, {KIND}, {' '.join(match.group(1))}"


def for_the_ear(line: str) -> str:
    return _CODE.sub(_spelled, line)
