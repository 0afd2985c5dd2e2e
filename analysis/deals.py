"""The deals of the study: deal codes drawn from a fixed seed, and the committed list of them.

The codes come from the same SplitMix64 stream as the deals themselves
(`halfmoon_a11y.core.dealcode.splitmix64`), seeded with `SAMPLE_SEED`. A draw
of 64 bits is kept only below the largest multiple of 26^7, then taken
modulo 26^7, so every seed 0 ... 26^7 - 1 is equally likely. Codes already
drawn are skipped, so the list has no repeats.

    python -m analysis.deals            # rewrites analysis/deals-10000.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from halfmoon_a11y.core.dealcode import SEED_COUNT, DealCode, splitmix64

SAMPLE_SEED = 20261130
SAMPLE_SIZE = 10_000
DEALS_FILE = Path(__file__).resolve().parent / "deals-10000.txt"
_ACCEPT_BELOW = (1 << 64) // SEED_COUNT * SEED_COUNT


def sample_codes(count: int = SAMPLE_SIZE, seed: int = SAMPLE_SEED) -> list[DealCode]:
    """`count` distinct deal codes, uniform over all codes, from a fixed seed."""
    codes: list[DealCode] = []
    seen: set[int] = set()
    for draw in splitmix64(seed):
        if len(codes) == count:
            break
        if draw >= _ACCEPT_BELOW:
            continue
        value = draw % SEED_COUNT
        if value not in seen:
            seen.add(value)
            codes.append(DealCode(value))
    return codes


def read_codes(path: Path = DEALS_FILE) -> list[DealCode]:
    """The codes of a list file, one a line; blank lines and lines starting with # are skipped."""
    codes = []
    for line in path.read_text(encoding="ascii").splitlines():
        text = line.strip()
        if text and not text.startswith("#"):
            codes.append(DealCode.parse(text))
    return codes


def write_codes(codes: list[DealCode], path: Path = DEALS_FILE) -> None:
    header = (
        f"# {len(codes)} Half Moon deal codes, drawn by analysis/deals.py from seed {SAMPLE_SEED}\n"
    )
    path.write_text(header + "".join(f"{code}\n" for code in codes), encoding="ascii")


def main() -> int:
    write_codes(sample_codes())
    print(f"wrote {SAMPLE_SIZE} codes to {DEALS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
