"""The win-rate solver (analysis/): outside the game, exact, and checked against a plain search.

Each pruning rule of analysis/solver.py is tried alone, and all together,
against analysis/plain.py (every removal, a visited set, nothing else) on
small random tables; every win is checked move by move; wins on real deals
are replayed through the engine.
"""

from __future__ import annotations

import ast
import math
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TypedDict

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from analysis.deals import DEALS_FILE, SAMPLE_SIZE, read_codes, sample_codes
from analysis.plain import plain_solve, removals
from analysis.players import greedy, legal_removals, random_player
from analysis.position import (
    CLASSES,
    EMPTY,
    FACE_CLASS,
    JACK,
    KING,
    PAIR_SUM,
    QUEEN,
    Position,
    class_of,
    class_ranks,
)
from analysis.replay import ReplayError, check_win
from analysis.solver import LOST, NO_RULES, UNDECIDED, WON, Rules, mirrored, solve
from analysis.win_rate import study, wilson
from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.core.engine import Game
from halfmoon_a11y.core.events import Status
from tests.solver import playable_moves

pytestmark = pytest.mark.slow  # the solver's searches

ROOT = Path(__file__).resolve().parent.parent

# -- where the solver lives ----------------------------------------------------


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            found.update(
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return found


def test_no_module_of_the_game_imports_the_analysis():
    sources = sorted((ROOT / "halfmoon_a11y").rglob("*.py"))
    assert len(sources) > 20
    offenders = {}
    for path in sources:
        wrong = sorted(name for name in imported_modules(path) if name.split(".")[0] == "analysis")
        if wrong:
            offenders[str(path.relative_to(ROOT))] = wrong
    assert offenders == {}


def test_the_import_scan_sees_an_import_of_the_analysis(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from analysis.solver import solve\n    import analysis\n")
    assert {"analysis.solver", "analysis"} <= imported_modules(sample)


def test_the_wheel_ships_the_game_alone():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["halfmoon_a11y"]
    assert (ROOT / "analysis" / "__init__.py").is_file()


# -- small tables --------------------------------------------------------------


@st.composite
def shuffled_tables(draw, balanced: bool = True) -> Position:
    """A few whole pairs and trios, shuffled into piles and reserve slots: often lost."""
    groups = draw(st.lists(st.integers(0, CLASSES - 1), min_size=1, max_size=7))
    cards = [rank for klass in groups for rank in class_ranks(klass)]
    if not balanced:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    cards = draw(st.permutations(cards))
    slot_count = draw(st.integers(0, 3))
    in_reserve = draw(st.integers(0, min(slot_count, len(cards))))
    slots = draw(st.permutations(range(slot_count)))[:in_reserve]
    reserve = [EMPTY] * slot_count
    for slot, rank in zip(slots, cards, strict=False):
        reserve[slot] = rank
    rest = cards[in_reserve:]
    pile_count = draw(st.integers(max(1, -(-len(rest) // 6)), 6))
    cuts = sorted(
        draw(st.lists(st.integers(0, len(rest)), min_size=pile_count - 1, max_size=pile_count - 1))
    )
    bounds = [0, *cuts, len(rest)]
    piles = tuple(tuple(rest[bounds[i] : bounds[i + 1]]) for i in range(pile_count))
    assume(max(map(len, piles)) <= 15)
    return Position(piles, tuple(reserve))


@st.composite
def built_tables(draw) -> Position:
    """A table dealt backwards from an empty one, a removal at a time: always won.

    Each pair or trio is put back on top of distinct piles or into empty
    reserve slots, so taking them off in the opposite order clears the table.
    Then, sometimes, two cards change places, which often spoils it subtly.
    """
    pile_count = draw(st.integers(2, 6))
    slot_count = draw(st.integers(0, 4))
    piles: list[list[int]] = [[] for _ in range(pile_count)]
    reserve = [EMPTY] * slot_count
    classes = st.sampled_from([0, 1, 2, 3, 4, FACE_CLASS, FACE_CLASS, FACE_CLASS])
    for klass in draw(st.lists(classes, min_size=1, max_size=8)):
        ranks = class_ranks(klass)
        empty = [pile_count + s for s in range(slot_count) if reserve[s] == EMPTY]
        places = [p for p in range(pile_count) if len(piles[p]) < 15] + empty
        if len(places) < len(ranks):
            break
        chosen = draw(st.permutations(places))[: len(ranks)]
        for place, rank in zip(chosen, ranks, strict=True):
            if place < pile_count:
                piles[place].append(rank)
            else:
                reserve[place - pile_count] = rank
    if draw(st.booleans()):
        spots = [(p, i) for p in range(pile_count) for i in range(len(piles[p]))]
        if len(spots) >= 2:
            (p, i), (q, j) = draw(st.permutations(spots))[:2]
            piles[p][i], piles[q][j] = piles[q][j], piles[p][i]
    assume(any(piles) or any(reserve))
    return Position(tuple(map(tuple, piles)), tuple(reserve))


def tables() -> st.SearchStrategy[Position]:
    return st.one_of(shuffled_tables(), built_tables())


def after(position: Position, move) -> Position:
    """The table once the cards at these locations are removed (no check of the rules)."""
    piles = [list(pile) for pile in position.piles]
    reserve = list(position.reserve)
    for location in move:
        if location < len(piles):
            piles[location].pop()
        else:
            reserve[location - len(piles)] = EMPTY
    return Position(tuple(map(tuple, piles)), tuple(reserve))


def playable(position: Position) -> list[tuple[int, int, bool]]:
    """(location, rank, free) for every playable card; free: nothing lies under it."""
    found = []
    for p, pile in enumerate(position.piles):
        if pile:
            found.append((p, pile[-1], len(pile) == 1))
    for s, rank in enumerate(position.reserve):
        if rank != EMPTY:
            found.append((len(position.piles) + s, rank, True))
    return found


def clears(position: Position, line) -> bool:
    """Play a line on a table by the rules, independently of both searches."""
    piles = [list(pile) for pile in position.piles]
    reserve = list(position.reserve)
    for move in line:
        if len(set(move)) != len(move):
            return False
        ranks = []
        for location in move:
            if location < len(piles):
                if not piles[location]:
                    return False
                ranks.append(piles[location].pop())
            else:
                slot = location - len(piles)
                if reserve[slot] == EMPTY:
                    return False
                ranks.append(reserve[slot])
                reserve[slot] = EMPTY
        pair = len(ranks) == 2 and max(ranks) < JACK and sum(ranks) == PAIR_SUM
        if not pair and sorted(ranks) != [JACK, QUEEN, KING]:
            return False
    return not any(piles) and all(rank == EMPTY for rank in reserve)


EACH_RULE_ALONE = {
    "none": NO_RULES,
    "interchangeable": replace(NO_RULES, interchangeable=True),
    "covering_first": replace(NO_RULES, covering_first=True),
    "wholly_playable": replace(NO_RULES, wholly_playable=True),
    "counting": replace(NO_RULES, counting=True),
    "single projections": replace(NO_RULES, projections=1),
    "face projections": replace(NO_RULES, projections=2),
    "pair projections": replace(NO_RULES, projections=3),
    "all": Rules(),
    "all, pair projections": Rules(projections=3),
}
SMALL = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Way(TypedDict, total=False):
    """solve()'s options that say how it goes about a search."""

    both_ways: bool
    ladder: tuple[tuple[int, int, int], ...]


# How solve() may go about it: the default stages, or the rules from the first node with
# slices of one node and more, so that restarts and the mirror take their turns.
WAYS: dict[str, Way] = {
    "forward only": {"both_ways": False},
    "default stages": {},
    "tiny slices": {"ladder": ((0, 0, 1),)},
}


@pytest.mark.parametrize("name", EACH_RULE_ALONE)
@SMALL
@given(position=tables())
def test_each_rule_gives_the_plain_search_s_answer(name, position):
    truth = plain_solve(position)
    assert truth.verdict != UNDECIDED
    for way, options in WAYS.items():
        found = solve(position, 10**6, EACH_RULE_ALONE[name], **options)
        assert found.verdict == truth.verdict, (name, way, position)
        if found.verdict == WON:
            assert clears(position, found.line), (name, way, position)


@SMALL
@given(position=shuffled_tables(balanced=False))
def test_an_unbalanced_table_is_lost_for_both_searches(position):
    assert not position.balanced()
    assert plain_solve(position).verdict == LOST
    assert solve(position).verdict == LOST


@SMALL
@given(position=tables())
def test_a_table_and_its_mirror_are_won_or_lost_together(position):
    """Rule 7, by the plain search alone."""
    assert plain_solve(position).verdict == plain_solve(mirrored(position)).verdict


@SMALL
@given(position=tables())
def test_a_pile_with_more_cards_of_a_class_than_removals_left_is_lost(position):
    """Rule 4 as a statement: whenever it claims a loss, the plain search agrees."""
    counts = Counter(class_of(rank) for rank in position.cards())
    sizes = {klass: len(class_ranks(klass)) for klass in range(CLASSES)}
    too_many = any(
        sum(class_of(rank) == klass for rank in pile) > counts[klass] // sizes[klass]
        for pile in position.piles
        for klass in counts
    )
    if too_many:
        assert plain_solve(position).verdict == LOST


@SMALL
@given(position=tables(), chosen=st.sets(st.integers(0, CLASSES - 1), min_size=1, max_size=2))
def test_a_lost_projection_means_a_lost_table(position, chosen):
    """Rule 5 as a statement, by the plain search alone."""
    if plain_solve(position.restricted(frozenset(chosen))).verdict == LOST:
        assert plain_solve(position).verdict == LOST


def legal_moves(position: Position) -> list[tuple[int, ...]]:
    heights = [len(pile) for pile in position.piles]
    return removals(position, heights, [rank != EMPTY for rank in position.reserve])


def swapped(move: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    return tuple(new if location == old else location for location in move)


STATEMENT = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@STATEMENT
@given(position=tables(), data=st.data())
def test_rule_1_free_cards_of_one_rank_are_interchangeable(position, data):
    free = [(loc, rank) for loc, rank, is_free in playable(position) if is_free]
    pairs = [(a, b) for a, ra in free for b, rb in free if a < b and ra == rb]
    options = [(m, a, b) for a, b in pairs for m in legal_moves(position) if a in m]
    assume(options)
    move, a, b = data.draw(st.sampled_from(options))
    one = plain_solve(after(position, move)).verdict
    assert one == plain_solve(after(position, swapped(move, a, b))).verdict


@STATEMENT
@given(position=tables(), data=st.data())
def test_rule_2_a_covering_card_does_whatever_a_free_card_of_its_rank_does(position, data):
    cards = playable(position)
    options = [
        (m, free, covering)
        for covering, rank, is_free in cards
        if not is_free
        for free, other, other_free in cards
        if other == rank and other_free
        for m in legal_moves(position)
        if free in m
    ]
    assume(options)
    move, free, covering = data.draw(st.sampled_from(options))
    if plain_solve(after(position, move)).verdict == WON:
        assert plain_solve(after(position, swapped(move, free, covering))).verdict == WON


@STATEMENT
@given(position=tables(), data=st.data())
def test_rule_3_any_removal_of_a_wholly_playable_class_keeps_a_win(position, data):
    on_top = Counter(class_of(rank) for _, rank, _ in playable(position))
    left = Counter(class_of(rank) for rank in position.cards())
    whole = {klass for klass in left if on_top[klass] == left[klass]}
    options = [m for m in legal_moves(position) if class_of(rank_at(position, m[0])) in whole]
    assume(options and position.balanced())
    move = data.draw(st.sampled_from(options))
    if plain_solve(position).verdict == WON:
        assert plain_solve(after(position, move)).verdict == WON


def test_rule_3_waits_until_the_whole_class_is_playable():
    """Two jacks on top, one of them on the last king: the trio must take that jack first.

    With every face but that king playable, a trio made too early with the other
    jack loses; the solver must not treat the faces as wholly playable yet.
    """
    position = Position(((5, JACK), (KING, JACK)), (QUEEN, QUEEN, KING, 6))
    assert plain_solve(position).verdict == WON
    assert plain_solve(after(position, (0, 2, 4))).verdict == LOST
    for way, options in WAYS.items():
        found = solve(position, rules=replace(NO_RULES, wholly_playable=True), **options)
        assert found.verdict == WON and clears(position, found.line), way


def rank_at(position: Position, location: int) -> int:
    if location < len(position.piles):
        return position.piles[location][-1]
    return position.reserve[location - len(position.piles)]


def test_the_small_tables_hold_wins_and_losses():
    """The tables above are not all of one kind, so the comparisons test something."""
    verdicts: Counter[str] = Counter()

    @settings(max_examples=200, deadline=None, database=None)
    @given(position=tables())
    def collect(position):
        verdicts[plain_solve(position).verdict] += 1

    collect()
    print(verdicts)
    assert verdicts[WON] >= 20 and verdicts[LOST] >= 20, verdicts


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 26**7 - 1), klass=st.integers(0, CLASSES - 1))
def test_one_class_of_a_real_deal_agrees_with_the_plain_search(seed, klass):
    position = Position.from_deal(deal(DealCode(seed))).restricted(frozenset({klass}))
    truth = plain_solve(position, 20_000)
    if truth.verdict == UNDECIDED:
        return
    found = solve(position)
    assert found.verdict == truth.verdict
    if found.verdict == WON:
        assert clears(position, found.line)


# -- real deals ----------------------------------------------------------------

# Lost deals of the committed list whose plain search is short (found by a scan of its first 400).
SHORT_LOSSES = ["HM1-N-ASTRHCD", "HM1-N-IUOMVST", "HM1-N-TLBDHSD", "HM1-N-FTLWGON"]


@pytest.mark.parametrize("code", SHORT_LOSSES)
def test_a_lost_deal_is_lost_for_the_plain_search_too(code):
    position = Position.from_code(code)
    truth = plain_solve(position, 50_000)
    assert truth.verdict == LOST
    assert solve(position).verdict == LOST


def test_wins_on_real_deals_replay_through_the_engine_to_48_moves_and_520_points():
    won = 0
    for code in read_codes()[:4]:
        dealt = deal(code)
        position = Position.from_deal(dealt)
        result = solve(position)
        assert result.verdict != UNDECIDED
        if result.verdict == WON:
            assert result.line is not None
            line = [[position.location(i) for i in move] for move in result.line]
            done = check_win(dealt, line)
            assert (done.status, done.moves, done.score) == (Status.WON, 48, 520)
            won += 1
    assert won >= 1


def test_a_line_that_does_not_win_is_refused_by_the_replay():
    code = read_codes()[0]
    dealt = deal(code)
    position = Position.from_deal(dealt)
    result = solve(position)
    assert result.verdict == WON and result.line is not None
    line = [[position.location(i) for i in move] for move in result.line]
    with pytest.raises(ReplayError, match="ends playing"):
        check_win(dealt, line[:-1])
    twice = [line[0][0], line[0][0]]  # a tap that selects, a tap that lets go: nothing removed
    with pytest.raises(ReplayError, match="refused"):
        check_win(dealt, [twice, *line])


def test_a_deal_becomes_ranks_in_place():
    position = Position.from_code("HM1-N-AAAAAAA")
    assert position.piles[0] == (3, 8, JACK, 6, 4, 2, 10, 7)  # 3D 8S JC 6C 4D 2H 10C 7D
    assert position.reserve == (1, 8, 10, 9, KING, 5, QUEEN, 10)  # AS 8H 10S 9S KC 5S QD 10H
    assert str(position.location(11)) == "12" and str(position.location(19)) == "R8"
    assert position.balanced() and len(position.cards()) == 104
    assert Counter(class_of(rank) for rank in position.cards())[FACE_CLASS] == 24


def test_a_study_row_is_consistent():
    row = study(str(read_codes()[1])).row
    assert row.verdict in (WON, LOST, UNDECIDED)
    assert (row.moves == 48) == (row.verdict == WON)
    assert row.nodes > 0 and 0 <= row.greedy_left <= 104 and 0 <= row.random_left <= 104
    if row.verdict == LOST:
        assert row.greedy_left > 0 and row.random_left > 0


# -- the players -----------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 26**7 - 1), steps=st.integers(0, 30))
def test_the_players_see_every_legal_removal_in_pile_order(seed, steps):
    game = Game(deal(DealCode(seed)))
    for _ in range(steps):
        moves = legal_removals(game)
        expected = {tuple(sorted(move)) for move in playable_moves(game)}
        assert {tuple(sorted(str(loc) for loc in move)) for move in moves} == expected
        assert bool(moves) == (game.status is Status.PLAYING)
        if not moves:
            break
        places = [placed.location for placed in game.playable()]
        order = [[places.index(loc) for loc in move] for move in moves]
        assert order == sorted(order)
        for location in moves[-1]:
            game.tap(location)


def test_the_players_are_reproducible_and_a_greedy_win_is_a_solver_win():
    for code in read_codes()[:3]:
        dealt = deal(code)
        assert greedy(dealt) == greedy(dealt)
        assert random_player(dealt, str(code)) == random_player(dealt, str(code))
        if greedy(dealt) == 0:
            assert solve(Position.from_deal(dealt)).verdict == WON


# -- the figures -----------------------------------------------------------------


def score_test_bound(successes: int, trials: int, upper: bool) -> float:
    """The Wilson bound found the long way: the p where the score statistic reaches 1.96."""
    z = 1.959963984540054
    low, high = (successes / trials, 1.0) if upper else (0.0, successes / trials)
    for _ in range(200):
        middle = (low + high) / 2
        statistic = abs(successes - trials * middle) / math.sqrt(trials * middle * (1 - middle))
        if (statistic < z) == upper:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@pytest.mark.parametrize("successes, trials", [(81, 263), (1, 10), (9575, 10000), (3, 10000)])
def test_the_wilson_interval_inverts_the_score_test(successes, trials):
    low, high = wilson(successes, trials)
    assert low == pytest.approx(score_test_bound(successes, trials, upper=False), abs=1e-9)
    assert high == pytest.approx(score_test_bound(successes, trials, upper=True), abs=1e-9)


def test_the_wilson_interval_of_a_published_example():
    low, high = wilson(81, 263)  # Newcombe (1998), Statistics in Medicine 17: 0.2553 to 0.3662
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 50)[0] == 0.0 and wilson(50, 50)[1] == 1.0


def test_the_committed_deal_list_is_the_seeded_sample():
    committed = read_codes(DEALS_FILE)
    assert len(committed) == SAMPLE_SIZE == len(set(committed))
    assert committed == sample_codes()


def test_the_plain_search_lists_the_same_removals_as_the_engine():
    dealt = deal(DealCode.parse("HM1-N-AAAAAAB"))
    position = Position.from_deal(dealt)
    game = Game(dealt)
    heights = [len(pile) for pile in position.piles]
    mine = {
        tuple(sorted(str(position.location(i)) for i in move))
        for move in removals(position, heights, [True] * 8)
    }
    assert mine == {tuple(sorted(move)) for move in playable_moves(game)}
