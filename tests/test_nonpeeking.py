"""The players that do not peek (analysis/): they see what a player sees, and their wins are real.

- A non-peeking player decides from a `View` alone: two tables that differ
  only in cards under the tops give the same decisions, as long as what is
  in sight is the same. A player that peeks is caught by the same check.
- Every table the sampling player deals is consistent with what is known:
  the same tops, reserve and heights, and under the tops exactly the ranks
  that are really hidden there.
- Every win replays through the engine to 48 moves and 520 points.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from analysis import lookahead, sampling, thumb
from analysis.knowledge import Move, Table, View, legal_moves, locations, sample_table
from analysis.position import EMPTY, JACK, KING, QUEEN, Position
from analysis.replay import ReplayError, check_win
from analysis.solver import WON, solve
from analysis.win_rate import interval
from halfmoon_a11y.core.dealcode import DealCode, deal

CODES = ["HM1-N-RPJNUKS", "HM1-N-VXQEIRT", "HM1-N-JNXDJNU", "HM1-N-ZAPKFVX"]

Player = Callable[[Table], Move | None]


def hidden_shuffled(position: Position, seed: int, bottom: int = 7) -> Position:
    """The same table but for the lowest `bottom` cards of each pile, dealt again at random.

    Those cards are hidden, so what a player sees is the same, until one of them comes up.
    """
    chance = random.Random(seed)
    under = [rank for pile in position.piles for rank in pile[:bottom]]
    chance.shuffle(under)
    piles = []
    start = 0
    for pile in position.piles:
        piles.append((*under[start : start + bottom], *pile[bottom:]))
        start += bottom
    return Position(tuple(piles), position.reserve)


def true_hidden(table: Table) -> Counter[int]:
    """The ranks really lying under the tops (the truth, which no player reads)."""
    piles = table.position.piles
    return Counter(rank for p, h in enumerate(table.heights) for rank in piles[p][: max(h - 1, 0)])


def decisions_while_alike(
    player_of: Callable[[], Player], first: Position, second: Position
) -> list[tuple[Move | None, Move | None]]:
    """Play both tables with fresh players; the decisions made while both views are the same."""
    one, two = Table(first), Table(second)
    play_one, play_two = player_of(), player_of()
    pairs: list[tuple[Move | None, Move | None]] = []
    while one.view() == two.view():
        move, other = play_one(one), play_two(two)
        pairs.append((move, other))
        if move is None or other is None or move != other:
            break
        one.remove(move)
        two.remove(other)
    return pairs


def thumb_player(code: str) -> Callable[[], Player]:
    def make() -> Player:
        chance = random.Random(f"{thumb.TIE_SALT} {code}")

        def play(table: Table) -> Move | None:
            view = table.view()
            moves = legal_moves(view)
            return thumb.choose(view, moves, thumb.COMBINED, chance) if moves else None

        return play

    return make


def sampling_player(code: str) -> Callable[[], Player]:
    def make() -> Player:
        chance = random.Random(f"{sampling.SAMPLE_SALT} 7 {code}")
        tally = sampling.Tally()
        return lambda table: sampling.decide(table.view(), chance, 3, 300, tally)

    return make


def lookahead_player(code: str) -> Callable[[], Player]:
    def make() -> Player:
        chance = random.Random(f"{lookahead.LOOK_SALT} 7 {code}")
        tally = lookahead.Tally()
        settings = lookahead.Settings(width=3, playouts=2)
        return lambda table: lookahead.decide(table.view(), settings, chance, tally)

    return make


def peeking_player() -> Player:
    """A player that cheats: it follows the solver's line on the true table."""

    def play(table: Table) -> Move | None:
        piles = tuple(pile[:h] for pile, h in zip(table.position.piles, table.heights, strict=True))
        result = solve(Position(piles, tuple(table.reserve)), 20_000)
        if result.verdict == WON and result.line:
            return result.line[0]
        moves = legal_moves(table.view())
        return moves[0] if moves else None

    return play


# -- what a player knows --------------------------------------------------------


def test_the_view_holds_the_tops_reserve_heights_and_hidden_counts_only():
    assert [name for name in View.__slots__] == ["heights", "tops", "reserve", "hidden"]
    position = Position.from_code(CODES[0])
    view = Table(position).view()
    assert view.tops == tuple(pile[-1] for pile in position.piles)
    assert view.reserve == position.reserve
    assert view.heights == (8,) * 12
    assert sum(view.hidden) == 12 * 7


def test_the_hidden_counts_are_the_cards_really_under_the_tops_all_game():
    table = Table(Position.from_code(CODES[1]))
    chance = random.Random(3)
    while moves := legal_moves(table.view()):
        view = table.view()
        assert Counter({r: n for r, n in enumerate(view.hidden) if n}) == true_hidden(table)
        table.remove(chance.choice(moves))
    assert table.line


@pytest.mark.parametrize("seed", [1, 2])
def test_cards_under_the_tops_do_not_change_the_view(seed):
    position = Position.from_code(CODES[2])
    other = hidden_shuffled(position, seed)
    assert other != position
    assert Table(other).view() == Table(position).view()


# -- the players never see a hidden card ----------------------------------------


@pytest.mark.parametrize("code", CODES[:3])
def test_the_rules_of_thumb_decide_alike_while_the_views_are_alike(code):
    position = Position.from_code(code)
    for seed in (1, 2, 3):
        other = hidden_shuffled(position, seed, bottom=seed + 2)
        pairs = decisions_while_alike(thumb_player(code), position, other)
        assert len(pairs) >= 4 and all(a == b for a, b in pairs)


@pytest.mark.parametrize("code", CODES[:2])
def test_the_sampling_player_decides_alike_while_the_views_are_alike(code):
    position = Position.from_code(code)
    other = hidden_shuffled(position, 5, bottom=3)
    pairs = decisions_while_alike(sampling_player(code), position, other)
    assert len(pairs) >= 4 and all(a == b for a, b in pairs)


@pytest.mark.parametrize("code", CODES[:3])
def test_the_lookahead_player_decides_alike_while_the_views_are_alike(code):
    position = Position.from_code(code)
    for seed in (4, 5):
        other = hidden_shuffled(position, seed, bottom=3)
        pairs = decisions_while_alike(lookahead_player(code), position, other)
        assert len(pairs) >= 4 and all(a == b for a, b in pairs)


def test_a_player_that_peeks_is_caught_by_the_same_check():
    position = Position.from_code(CODES[0])
    caught = 0
    for seed in range(1, 6):
        other = hidden_shuffled(position, seed, bottom=3)
        pairs = decisions_while_alike(peeking_player, position, other)
        caught += any(a != b for a, b in pairs)
    assert caught


# -- every sampled table is consistent with what is known -----------------------


@pytest.mark.parametrize("code", CODES[:2])
def test_every_sampled_table_is_consistent_with_what_is_known(code):
    table = Table(Position.from_code(code))
    chance = random.Random(11)
    for _ in range(25):
        view = table.view()
        hidden = true_hidden(table)
        for _ in range(4):
            sample = sample_table(view, chance)
            assert tuple(len(pile) for pile in sample.piles) == view.heights
            assert tuple(pile[-1] if pile else EMPTY for pile in sample.piles) == view.tops
            assert sample.reserve == view.reserve
            assert Counter(rank for pile in sample.piles for rank in pile[:-1]) == hidden
            assert sample.balanced()
        moves = legal_moves(view)
        if not moves:
            break
        table.remove(chance.choice(moves))


def test_sampled_tables_differ_under_the_tops():
    view = Table(Position.from_code(CODES[0])).view()
    chance = random.Random(1)
    assert len({sample_table(view, chance) for _ in range(5)}) == 5


def test_hidden_counts_that_do_not_fit_are_refused():
    view = Table(Position.from_code(CODES[0])).view()
    wrong = View(view.heights, view.tops, view.reserve, (0, 1, *view.hidden[2:]))
    with pytest.raises(ValueError, match="do not fit"):
        sample_table(wrong, random.Random(1))


# -- the sampling player's shortcuts are the solver's proved rules ---------------


def test_merged_removals_stand_for_a_removal_at_least_as_good():
    # piles 1 and 2 cover a 3 each, pile 3 holds a last 8; the reserve: 8, 8, 3
    hidden = [0] * (KING + 1)
    hidden[3], hidden[8] = 1, 2
    view = View((3, 2, 1), (3, 3, 8), (8, 8, 3), tuple(hidden))
    assert len(legal_moves(view)) == 9
    assert sampling.canonical(view, (4, 5)) == (0, 2)  # a covering 3 first, the first free 8
    assert sampling.canonical(view, (1, 3)) == (1, 2)
    assert sampling.candidates(view) == [(0, 2), (1, 2)]


def test_a_class_wholly_in_sight_is_cleared_without_sampling():
    hidden = [0] * (KING + 1)
    hidden[QUEEN] = hidden[KING] = 1
    view = View((2, 2, 1), (JACK, 1, 10), (QUEEN, KING), tuple(hidden))
    assert legal_moves(view) == [(0, 3, 4), (1, 2)]
    assert sampling.candidates(view) == [(1, 2)]


def test_no_removal_left_is_the_end():
    view = View((1,), (1,), (2,), (0,) * (KING + 1))
    assert sampling.decide(view, random.Random(1), 3, 100, sampling.Tally()) is None


# -- every win is a real win -------------------------------------------------


def thumb_win() -> tuple[str, Table]:
    for code in CODES:
        table = thumb.play(Position.from_code(code), thumb.COMBINED, code)
        if table.cards_left == 0:
            return code, table
    raise AssertionError("no deal of the list won by the rules of thumb")


def test_a_win_of_the_rules_of_thumb_replays_through_the_engine():
    code, table = thumb_win()
    dealt = deal(DealCode.parse(code))
    line = locations(table.position, table.line)
    done = check_win(dealt, line)
    assert (done.moves, done.score) == (48, 520)
    with pytest.raises(ReplayError):
        check_win(dealt, line[:-1])


def test_study_replays_every_win_and_counts_cards_left():
    code, _ = thumb_win()
    left = thumb.study(code)
    assert len(left) == len(thumb.players()) and left[list(thumb.players()).index("all")] == 0


def test_a_win_of_the_sampling_player_replays_through_the_engine():
    code = "HM1-N-ZAPKFVX"
    position = Position.from_code(code)
    line = solve(position).line
    assert line is not None
    table = Table(position)
    for move in line[:20]:  # the solver's line for 20 removals, then the sampling player alone
        table.remove(move)
    chance = random.Random(1)
    tally = sampling.Tally()
    while (chosen := sampling.decide(table.view(), chance, 4, 2_000, tally)) is not None:
        table.remove(chosen)
    assert table.cards_left == 0 and tally.decisions == 28 and tally.sampled > 0
    done = check_win(deal(DealCode.parse(code)), locations(position, table.line))
    assert (done.moves, done.score) == (48, 520)


def test_the_sampling_study_writes_a_won_row_only_for_a_replayed_win(monkeypatch):
    code = CODES[0]
    position = Position.from_code(code)
    line = solve(position).line
    assert line is not None

    def winning(position, code, seed, samples, budget):
        table = Table(position)
        for move in line:
            table.remove(move)
        return sampling.Played(table, sampling.Tally(48, 0, 0))

    monkeypatch.setattr(sampling, "play", winning)
    row = sampling.study(code, 1, 2, 100)
    assert row[1:4] == [1, 0, 48]

    def cheating(position, code, seed, samples, budget):
        table = Table(position)
        for move in line:
            table.remove(move)
        table.line.reverse()  # cleared, but by a line the engine refuses
        return sampling.Played(table, sampling.Tally(48, 0, 0))

    monkeypatch.setattr(sampling, "play", cheating)
    with pytest.raises(ReplayError):
        sampling.study(code, 1, 2, 100)


# -- the rules of thumb score what they say ----------------------------------


def test_tallest_piles_and_reserve_last_rank_the_removals():
    # pile 1, a 3 on 8 cards; pile 2, a lone 4; pile 3, a lone 7; reserve: an 8
    hidden = [0] * (KING + 1)
    hidden[5], hidden[6] = 4, 3
    view = View((8, 1, 1), (3, 4, 7), (8,), tuple(hidden))
    moves = legal_moves(view)
    assert moves == [(0, 3), (1, 2)]
    assert thumb.ranked(view, moves, ("tall",)) == [(0, 3), (1, 2)]  # 8 + 0 against 1 + 1
    assert thumb.ranked(view, moves, ("piles",)) == [(1, 2), (0, 3)]
    assert thumb.ranked(view, moves, ("piles", "tall")) == [(1, 2), (0, 3)]
    assert thumb.choose(view, moves, ("tall", "piles"), random.Random(1)) == (0, 3)


def test_partners_counts_the_cards_left_without_a_partner_in_sight():
    hidden = [0] * (KING + 1)
    hidden[1] = 2
    view = View((2, 2, 2), (3, 3, 8), (), tuple(hidden))
    seen = view.visible_count()
    assert thumb.partners(view, seen, (0, 2)) == -1  # the other 3 loses its only 8
    assert thumb.trios(view, seen, (0, 2)) == 0 and thumb.piles(view, seen, (0, 2)) == 0


# -- every figure of win-rate.md has a command ----------------------------------


def test_the_thumb_report_prints_the_two_rule_comparisons_win_rate_quotes():
    # four deals: tall wins 1 and 2; piles+tall wins 1, 2 and 3; tall+piles wins 2 and 4
    names = [
        "tall",
        "piles+tall",
        "tall+piles",
        *[name for name in thumb.players() if "+" not in name and name != "tall"],
    ]
    columns = {"tall": [0, 0, 5, 5], "piles+tall": [0, 0, 0, 5], "tall+piles": [5, 0, 5, 0]}
    rows = [[columns.get(name, [9] * 4)[deal_index] for name in names] for deal_index in range(4)]
    lines = thumb.summary(names, rows)

    def line_of(better: str, worse: str) -> str:
        found = [line for line in lines if line.startswith(f"{better} against {worse} |")]
        assert len(found) == 1, lines
        return found[0]

    expected = {
        ("piles+tall", "tall"): thumb.paired([True, True, True, False], [True, True, False, False]),
        ("tall+piles", "tall"): thumb.paired(
            [False, True, False, True], [True, True, False, False]
        ),
        ("piles+tall", "tall+piles"): thumb.paired(
            [True, True, True, False], [False, True, False, True]
        ),
    }
    assert [gain for gain, _, _ in expected.values()] == [1, 0, 1]
    for (better, worse), (gain, low, high) in expected.items():
        assert line_of(better, worse) == (
            f"{better} against {worse} | {gain:+d} | {100 * low:+.2f} % to {100 * high:+.2f} %"
        )


def test_the_budget_check_counts_the_solves_that_run_out_of_nodes():
    code = CODES[0]
    position = Position.from_code(code)
    tight = sampling.play(position, code, 2121, 3, 30).tally
    roomy = sampling.play(position, code, 2121, 3, 4_000).tally
    assert 0 < tight.out_of_budget <= tight.solves
    assert roomy.out_of_budget < tight.out_of_budget
    line = sampling.budget_check([code], 2121, 3, 30)
    assert line == (
        f"deals: 1; solves: {tight.solves}; out of budget (30 nodes): {tight.out_of_budget} "
        f"({100 * tight.out_of_budget / tight.solves:.2f} %)"
    )


# -- the look-ahead player weighs what a removal may uncover, from public counts --


def future_of(view: View, seed: int) -> lookahead.Future:
    return lookahead.futures(view, 1, random.Random(seed))[0]


def test_an_uncovered_card_takes_each_hidden_rank_in_its_share_of_the_hidden_cards():
    # pile 1 covers 8 hidden cards: three 2s, one 9, four jacks
    hidden = [0] * (KING + 1)
    hidden[2], hidden[9], hidden[JACK] = 3, 1, 4
    view = View((9, 1), (3, 8), (), tuple(hidden))
    for count in (8, 16, 24):
        drawn = lookahead.futures(view, count, random.Random(count))
        up = Counter(
            lookahead.draw_at(list(hidden), 8, future.levels[0][8]) for future in drawn
        )  # the card pile 1 shows once its 3 is gone
        assert up == {2: count * 3 // 8, 9: count // 8, JACK: count * 4 // 8}


def test_the_cards_uncovered_leave_the_hidden_counts_of_the_simulated_table():
    hidden = [0] * (KING + 1)
    hidden[1] = hidden[5] = hidden[10] = 1
    counts = list(hidden)
    first = lookahead.draw_at(counts, 3, 0.99)
    second = lookahead.draw_at(counts, 2, 0.99)
    assert (first, second) == (10, 5) and counts == [0, 1] + [0] * 12  # never twice the 10
    with pytest.raises(ValueError, match="no hidden card"):
        lookahead.draw_at([0] * (KING + 1), 1, 0.5)


def test_a_playout_draws_only_from_the_hidden_counts():
    # only an ace and a ten hidden, under a 5 and a 6: the playout must win
    hidden = [0] * (KING + 1)
    hidden[1], hidden[10] = 1, 1
    view = View((2, 2), (5, 6), (), tuple(hidden))
    assert all(lookahead.playout(view, future_of(view, seed)) == 1.0 for seed in range(5))
    stuck = View((2, 2), (5, 7), (), tuple(hidden))
    assert lookahead.cards_after_playout(stuck, future_of(stuck, 1)) == 4
    assert lookahead.playout(stuck, future_of(stuck, 1), value="cards") == 100 / 208


def test_a_playout_follows_reserve_last_then_tallest_piles():
    # a 3 on piles 1 (3 cards) and 2 (1 card), an 8 in the reserve and on pile 3 (2 cards)
    hidden = [0] * (KING + 1)
    hidden[4], hidden[7] = 2, 1
    view = View((3, 1, 2), (3, 3, 8), (8,), tuple(hidden))
    # piles 1 and 3 first (3 + 8), not pile 2 with the reserve; then a 4 and a 7 come up
    # and pair (1 card left: a 4 over nothing, after 3 + 8 from pile 2 and the reserve),
    # or two 4s come up and stay with the 7 under one of them (3 cards left)
    left = {lookahead.cards_after_playout(view, future_of(view, seed)) for seed in range(12)}
    assert left == {1, 3}
    # made first, pile 2 with the reserve leaves the 3 of pile 1 with the 8 of pile 3
    assert lookahead.cards_after_playout(view, future_of(view, 1), first=(1, 3)) in {1, 3}


def test_the_futures_grow_as_the_cards_go():
    settings = lookahead.Settings(playouts=16)
    full = Table(Position.from_code(CODES[0])).view()
    assert lookahead.futures_for(full, settings) == 16
    half = View((4,) * 12, full.tops, (0,) * 8, full.hidden)
    assert lookahead.futures_for(half, settings) == 16 * 104 // 48
    last = View((1,), (1,), (10,), (0,) * (KING + 1))
    assert lookahead.futures_for(last, settings) == 16 * 16


def test_the_lookahead_weighs_the_first_removals_of_the_rules_of_thumb_alike_ones_once():
    # piles 1 and 2: a 3 on 3 cards each (alike); pile 3: an 8 on 2; pile 4: a 4 on 2;
    # reserve: 7, 8, 8 (the two 8s alike)
    hidden = [0] * (KING + 1)
    hidden[1] = hidden[3] = hidden[4] = hidden[10] = hidden[5] = hidden[6] = 1
    view = View((3, 3, 2, 2), (3, 3, 8, 4), (7, 8, 8), tuple(hidden))
    assert len(legal_moves(view)) == 7
    for seed in range(6):
        found = lookahead.candidates(view, 5, random.Random(seed))
        assert found[0] in {(0, 2), (1, 2)}  # two piles, the tallest: what the rules play
        assert len(found) == 3  # 3 + 8 pile to pile, 3 + 8 pile and reserve, 4 + 7
        signatures = [lookahead.signature(view, move) for move in found]
        assert len(set(signatures)) == len(found)
        assert lookahead.candidates(view, 2, random.Random(seed)) == found[:2]
    firsts = {lookahead.candidates(view, 1, random.Random(seed))[0] for seed in range(12)}
    assert firsts == {(0, 2), (1, 2)}  # ties at random, as the rules of thumb break them


def test_the_lookahead_keeps_the_rules_first_choice_unless_another_is_surely_better():
    settings = lookahead.Settings(sureness=2.0)
    assert lookahead.better([0.0] * 16, [1.0] * 4 + [0.0] * 12, settings) == 0.25
    assert lookahead.better([0.0] * 16, [1.0] * 3 + [0.0] * 12 + [0.0], settings) is None
    assert lookahead.better([1.0] + [0.0] * 15, [1.0] * 5 + [0.0] * 11, settings) == 0.25
    assert lookahead.better([1.0] * 16, [1.0] * 16, settings) is None
    hidden = [0] * (KING + 1)
    hidden[1] = hidden[3] = hidden[4] = hidden[10] = 1
    view = View((3, 2, 2), (3, 8, 4), (7, 8), tuple(hidden))
    tally = lookahead.Tally()
    chosen = lookahead.decide(view, lookahead.Settings(), random.Random(1), tally)
    assert chosen in lookahead.candidates(view, 3, random.Random(1))
    assert tally.decisions == tally.searched == 1 and tally.playouts > 0
    end = View((1,), (1,), (2,), (0,) * (KING + 1))
    assert lookahead.decide(end, lookahead.Settings(), random.Random(1), tally) is None


def test_a_win_of_the_lookahead_player_replays_through_the_engine():
    code = "HM1-N-ZAPKFVX"
    position = Position.from_code(code)
    table = Table(position)
    chance = random.Random(1)
    tally = lookahead.Tally()
    settings = lookahead.Settings(playouts=4)
    while (chosen := lookahead.decide(table.view(), settings, chance, tally)) is not None:
        table.remove(chosen)
    assert table.cards_left == 0 and tally.searched > 40 and tally.departures == 1
    done = check_win(deal(DealCode.parse(code)), locations(position, table.line))
    assert (done.moves, done.score) == (48, 520)


def test_the_lookahead_study_writes_a_won_row_only_for_a_replayed_win(monkeypatch):
    code = CODES[0]
    position = Position.from_code(code)
    line = solve(position).line
    assert line is not None

    def cleared(position, backwards):
        table = Table(position)
        for move in line:
            table.remove(move)
        if backwards:
            table.line.reverse()  # cleared, but by a line the engine refuses
        return lookahead.Played(table, lookahead.Tally(48, 0, 0))

    monkeypatch.setattr(lookahead, "play", lambda position, *rest: cleared(position, False))
    row = lookahead.study(code, 1, lookahead.Settings())
    assert row[1:4] == [1, 0, 48]
    monkeypatch.setattr(lookahead, "play", lambda position, *rest: cleared(position, True))
    with pytest.raises(ReplayError):
        lookahead.study(code, 1, lookahead.Settings())


def test_the_lookahead_report_pairs_each_deal_with_the_rules_of_thumb(tmp_path):
    names, rows = thumb.read_rows(thumb.RESULTS_FILE)
    codes = [line.split(",")[0] for line in thumb.RESULTS_FILE.read_text().splitlines()[1:5]]
    column = names.index("all")
    theirs = [row[column] == 0 for row in rows[:4]]
    mine = [not won for won in theirs[:2]] + theirs[2:]  # differs on the first two deals
    path = tmp_path / "results.csv"
    body = ",".join(lookahead.FIELDS) + "\n"
    for code, won in zip(codes, mine, strict=True):
        body += f"{code},{int(won)},{0 if won else 9},0,10,8,100,2,1,1,0,0.50,0.40\n"
    path.write_text("# a command\n# its settings\n" + body, encoding="ascii")
    lines = lookahead.summary(path)
    assert lines[0] == "deals: 4"
    assert lines[2] == "decisions: 40, of which searched: 32; playouts: 400"
    assert lines[3] == "time in deals: 2 s (0.50 s a deal), processor time 2 s (0.40 s a deal)"
    assert (
        "with more reserve cards: 4; from lower piles: 4; alike on those two rules: 0" in lines[4]
    )
    gain, low, high = thumb.paired(mine, theirs)
    only_mine = sum(a and not b for a, b in zip(mine, theirs, strict=True))
    only_theirs = sum(b and not a for a, b in zip(mine, theirs, strict=True))
    assert lines[5] == (
        f"rules of thumb (all) on the same deals: {sum(theirs)} won "
        f"({100 * sum(theirs) / 4:.2f} %; {interval(sum(theirs), 4)}); "
        f"won by the look-ahead only: {only_mine}, by the rules only: {only_theirs}; "
        f"the look-ahead wins {gain:+d} more, {100 * gain / 4:+.2f} points "
        f"(95 % interval {100 * low:+.2f} to {100 * high:+.2f} points)"
    )


def test_the_gain_check_scores_a_choice_on_futures_it_was_not_made_on():
    view = Table(Position.from_code(CODES[0])).view()
    options = lookahead.candidates(view, 2, random.Random(1))
    assert len(options) == 2
    same = lookahead.split_gain(view, [options[0], options[0]], 8, random.Random(1))
    assert same == 0.0  # the same removal twice: nothing to gain
    lines = lookahead.gain_check([CODES[1]], 4, 3)
    assert lines[0].startswith("deals: 1; decisions measured: ") and lines[0].endswith("futures: 4")
    assert lines[1].startswith("all: ") and "mean gain" in lines[1]
