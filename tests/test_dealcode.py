import pytest

from halfmoon_a11y.core.dealcode import SEED_COUNT, DealCode, deal, splitmix64
from halfmoon_a11y.core.errors import BadDealCodeError, CodeProblem

VECTORS = {
    "HM1-N-AAAAAAA": """
  pile  1: 3D 8S JC 6C 4D 2H 10C 7D
  pile  2: AH 8D 10D 6C AH KS JH KD
  pile  3: 5D 9D 5S 9C 3H QH 5H JS
  pile  4: QC 10D 8C 3H JH 2C AC 9C
  pile  5: KS KH 4S 7H 5C 9H 6D 2D
  pile  6: 2C 6S 3C KC AC QS JD 8H
  pile  7: 4C 9H 5H 3D 6H QH 5C 6D
  pile  8: 8C AD 7C 7D 8D 6H 10S 4S
  pile  9: 8S QC 2D 7H 2S 2H 9D QS
  pile 10: 5D KD 3S 4H 7C 4D JS 3S
  pile 11: 7S 3C 10C JD AS 2S JC KH
  pile 12: QD 9S 4H 6S 4C AD 7S 10H
  reserve : AS 8H 10S 9S KC 5S QD 10H""",
    "HM1-N-AAAAAAB": """
  pile  1: 6H 7H JC 8C KS 7D 6S 8C
  pile  2: 6C 9C 5C 10H KD JH AH QS
  pile  3: 10S 4D 3C 4C JC 9S JS KC
  pile  4: 5S 3S 7S AC 8S 9C 8D 9D
  pile  5: QD 3D 6C 7D AS AD AS 6D
  pile  6: 6H KH 3H KC JS 10D 5S 5D
  pile  7: 2D 3S 2C 8H 7C 4S 8H 2H
  pile  8: JH 2S 9H 2C 5C 9S 5H 7C
  pile  9: 3C 6S 2S AH 10H 4S 9H QH
  pile 10: 4C 4D QS QH 2H 9D 4H QC
  pile 11: KS 10C 7H 6D 5D 5H AD 10S
  pile 12: 2D KH QD 3H 8S QC 3D 8D
  reserve : 10D KD JD 10C JD AC 4H 7S""",
    "HM1-N-ZZZZZZZ": """
  pile  1: 7C 9S JD 6S KC AS AH 4S
  pile  2: 2D 2C 2S 9D JS 6D 10S 9D
  pile  3: 5H JC 4D 8C JC 5C QC 10H
  pile  4: 2C 4C 2H 10C 10C QH 7H 3D
  pile  5: 8D 6D 6S JS 3C 4D 6C 9H
  pile  6: QD 4C 5S JD 8D KS 8H 5S
  pile  7: 5D AH 2H 8C 6H 5C KS 7D
  pile  8: 4S 2D 9S AC KH AD KC 4H
  pile  9: 3D 4H AD JH 3C JH 10S QC
  pile 10: QD AS KD 7D 9H 3S 9C QS
  pile 11: 7S KH 2S QH 7S 6C 3H AC
  pile 12: 8S 8S 5D KD 7C 8H 10D 7H
  reserve : 10H 5H 9C QS 6H 3S 10D 3H""",
}


def written(code: str) -> str:
    dealt = deal(DealCode.parse(code))
    lines = [f"  pile {n:2}: " + " ".join(map(str, pile)) for n, pile in enumerate(dealt.piles, 1)]
    lines.append("  reserve : " + " ".join(map(str, dealt.reserve)))
    return "\n" + "\n".join(lines)


@pytest.mark.parametrize("code", sorted(VECTORS))
def test_test_vectors(code):
    assert written(code) == VECTORS[code]


@pytest.mark.parametrize(
    ("seed", "outputs"),
    [
        (0, [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]),
        (1, [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E]),
    ],
)
def test_splitmix64(seed, outputs):
    stream = splitmix64(seed)
    assert [next(stream) for _ in outputs] == outputs


@pytest.mark.parametrize(
    ("text", "seed"),
    [
        ("HM1-N-AAAAAAA", 0),
        ("hm1-n-aaaaaab", 1),
        ("  HM1-N-ZZZZZZZ\t", SEED_COUNT - 1),
        ("HM1-N-AAAAABA", 26),
    ],
)
def test_parse(text, seed):
    assert DealCode.parse(text).seed == seed


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", CodeProblem.EMPTY),
        ("   ", CodeProblem.EMPTY),
        ("HM1NAAAAAAA", CodeProblem.MISSING_DASH),
        ("HM1-N-AAA-AAAA", CodeProblem.MISSING_DASH),
        ("HM2-N-AAAAAAA", CodeProblem.WRONG_VERSION),
        ("HM1-X-AAAAAAA", CodeProblem.WRONG_KIND),
        ("HM1-N-AAAAAA", CodeProblem.WRONG_LENGTH),
        ("HM1-N-AAAAAAAA", CodeProblem.WRONG_LENGTH),
        ("HM1-N-AAAAAA1", CodeProblem.BAD_CHARACTER),
        ("HM1-N-AAAAAAÉ", CodeProblem.BAD_CHARACTER),
    ],
)
def test_bad_codes_say_what_is_wrong(text, problem):
    with pytest.raises(BadDealCodeError) as caught:
        DealCode.parse(text)
    assert caught.value.problem is problem


@pytest.mark.parametrize("seed", [0, 1, 26, 12345678, SEED_COUNT - 1])
def test_round_trip(seed):
    assert DealCode.parse(str(DealCode(seed))).seed == seed


def test_random_codes_use_the_whole_range():
    assert DealCode.random(lambda n: n - 1).seed == SEED_COUNT - 1
    assert str(DealCode.random(lambda n: 0)) == "HM1-N-AAAAAAA"


def test_every_deal_holds_each_card_twice():
    from collections import Counter

    dealt = deal(DealCode.parse("HM1-N-EMQPNCT"))
    cards = [c for pile in dealt.piles for c in pile] + list(dealt.reserve)
    assert len(cards) == 104
    assert set(Counter(cards).values()) == {2}


def test_example_deal_starts_like_the_seeds():
    dealt = deal(DealCode.parse("HM1-N-EMQPNCT"))
    tops = {n: str(pile[-1]) for n, pile in enumerate(dealt.piles, 1)}
    assert (tops[1], tops[8], tops[5], tops[3]) == ("5S", "6D", "QH", "KH")
    assert str(dealt.piles[7][-2]) == "JC"


def test_the_system_random_number_is_in_range_and_reaches_every_value():
    """`system_randbelow` draws as `secrets.randbelow` does, without loading it: every
    value from 0 to limit - 1, and none outside, for limits on and off a power of two."""
    from halfmoon_a11y.core.dealcode import system_randbelow

    for limit in (1, 2, 3, 7, 8, 9, 255, 256, 257):
        seen = {system_randbelow(limit) for _ in range(limit * 60)}
        assert seen == set(range(limit))
    big = 26**7  # as many deals as a code can name
    assert all(0 <= system_randbelow(big) < big for _ in range(2000))
