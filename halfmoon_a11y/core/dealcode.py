"""Deal codes, version HM1: SplitMix64, Fisher-Yates from the end, fixed layout.

>>> str(DealCode.parse(" hm1-n-aaaaaab "))
'HM1-N-AAAAAAB'
>>> str(DealCode.parse("HM1 N, A, A, A, A, A, A, B"))
'HM1-N-AAAAAAB'
>>> DealCode.parse("HM1-N-ZZZZZZZ").seed
8031810175
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import cache

from halfmoon_a11y.core.cards import Card, ordered_decks
from halfmoon_a11y.core.errors import BadDealCodeError, CodeProblem
from halfmoon_a11y.core.places import PILE_SIZE, PILES
from halfmoon_a11y.core.values import record

VERSION = "HM1"
KIND = "N"
LETTERS = 7
SEED_COUNT = 26**LETTERS
_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream for a seed, as 64-bit unsigned integers."""
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def system_randbelow(limit: int) -> int:
    """A number from 0 to limit - 1 from the system's random source, uniform: as many
    random bits as `limit` needs, drawn again when the number is too large, which is
    what `secrets.randbelow` does (SystemRandom's `_randbelow`). Without `secrets`,
    which loads `random`, `hashlib` and `base64`: some 3 to 6 ms of a first start."""
    if limit <= 0:
        raise ValueError("limit must be positive")
    bits = limit.bit_length()
    size = (bits + 7) // 8
    while True:
        value = int.from_bytes(os.urandom(size), "big") >> (size * 8 - bits)
        if value < limit:
            return value


@record
class DealCode:
    seed: int

    def __post_init__(self) -> None:
        if not 0 <= self.seed < SEED_COUNT:
            raise ValueError(f"seed out of range: {self.seed}")

    @classmethod
    def parse(cls, text: str) -> DealCode:
        cleaned = text.strip()
        if not cleaned:
            raise BadDealCodeError(text, CodeProblem.EMPTY)
        if not cleaned.isascii():  # "ﬀ".upper() is "FF": only what was typed counts
            raise BadDealCodeError(text, CodeProblem.BAD_CHARACTER)
        cleaned = cleaned.upper()
        # spaces and commas part a code as dashes do: "HM1 N, A, B, C" is how it is said
        parts = "-".join(cleaned.replace(",", " ").split()).split("-")
        if len(parts) > 3 and all(len(part) == 1 for part in parts[2:]):
            parts[2:] = ["".join(parts[2:])]  # its letters apart, as a sentence says it
        if len(parts) != 3:
            raise BadDealCodeError(text, CodeProblem.MISSING_DASH)
        version, kind, letters = parts
        if version != VERSION:
            raise BadDealCodeError(text, CodeProblem.WRONG_VERSION)
        if kind != KIND:
            raise BadDealCodeError(text, CodeProblem.WRONG_KIND)
        if len(letters) != LETTERS:
            raise BadDealCodeError(text, CodeProblem.WRONG_LENGTH)
        if not all("A" <= ch <= "Z" for ch in letters):
            raise BadDealCodeError(text, CodeProblem.BAD_CHARACTER)
        seed = 0
        for ch in letters:
            seed = seed * 26 + (ord(ch) - ord("A"))
        return cls(seed)

    @classmethod
    def random(cls, randbelow: Callable[[int], int] | None = None) -> DealCode:
        """A deal from the system's random source (or from `randbelow`, in tests)."""
        if randbelow is None:
            randbelow = system_randbelow
        return cls(randbelow(SEED_COUNT))

    def __str__(self) -> str:
        return _code_text(self.seed)

    def __repr__(self) -> str:
        return f"DealCode.parse({str(self)!r})"


@cache
def _code_text(seed: int) -> str:
    """A code's text, worked out once per code: every JSON line and info writes it."""
    letters = []
    rest = seed
    for _ in range(LETTERS):
        rest, digit = divmod(rest, 26)
        letters.append(chr(ord("A") + digit))
    return f"{VERSION}-{KIND}-{''.join(reversed(letters))}"


@record
class Deal:
    """Piles bottom to top, then the reserve R1..R8."""

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card, ...]


def shuffled(seed: int) -> list[Card]:
    cards = ordered_decks()
    stream = splitmix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = next(stream) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal(code: DealCode) -> Deal:
    cards = shuffled(code.seed)
    piles = tuple(tuple(cards[PILE_SIZE * p : PILE_SIZE * (p + 1)]) for p in range(PILES))
    return Deal(piles=piles, reserve=tuple(cards[PILES * PILE_SIZE :]))
