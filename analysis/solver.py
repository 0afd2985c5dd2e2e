"""The solver: is there a line of removals that clears a Half Moon table?

A depth-first search over removals. Its state is the count of cards left on
each pile and which reserve slots still hold a card: that is all that changes
during a game, because a pile only ever loses its top card. The state is one
integer, its key: 4 bits for each pile's height, then one bit for each slot.
A state searched to the end without a win is remembered as dead (the
transposition table), so it is never searched twice.

The answer is exact. Every reduction below is a claim of the form "if the
state can be won at all, it can still be won when the search does this", or
"this state can never be won"; each claim is proved here. The tests check
each rule alone against a plain search (`analysis.plain`) on small tables.

Moves the search skips (no winning line is lost):

1. Free cards of one rank are interchangeable. A card is free when nothing
   lies under it: a reserve card, or the last card of a pile. Two free cards
   of the same rank are always playable until removed and uncover nothing
   when removed: swapping them in any line gives a line just as legal. So
   only the first free card of each rank is tried.
2. A covering card goes before a free card of its rank. Say x is the top
   card of a pile with cards under it, and x' a free card of the same rank.
   If removing x' with partners y (and z) leads to a win, so does removing x
   with the same partners: play the same winning line, and where it removes
   x, remove x' instead (x' is still there, being free, and the line never
   touched it). Before that point the line used no card under x (they were
   covered), so all of its removals stay legal; after it, both tables are the
   same. So free cards of a rank are tried only when no covering top card of
   that rank is playable.
3. A class that is wholly playable is cleared at once. Say every card left of
   one class (for example every 3 and every 8 left) is playable now. They lie
   in distinct places and as many of each rank are left (rule 6), so they can
   all be removed now, in any grouping. Removing cards early never makes
   another card unplayable (a card is playable once everything above it is
   gone), so the rest of any winning line stays legal. So the search tries
   one removal of that class and nothing else.

States the search proves lost without searching them:

4. Counting: a pile cannot give a class more cards than removals are left in
   that class. Two cards of one pile are never playable together, so each
   pair (or trio) takes at most one card from a pile. With n pairs of 3 + 8
   left, a pile holding more than n threes and eights can never be emptied.
   This covers the card whose every possible partner lies under it (or above
   it) in its own pile, counted with both decks.
5. Projections: forget some classes. Take away every card outside a set of
   classes; the cards kept keep their order in their piles. Any winning line
   of the real table, with the removals of the other classes left out, is a
   winning line of this smaller table: each removal kept had its cards on
   top, and they are still on top once other cards are gone too. So when the
   smaller table is lost, so is the real one. The smaller tables are searched
   by this same solver (rules 1 to 4, and the projections on their single
   classes) and remember their answers, keyed by their own state. The usual
   set is each number class with the faces: most deals that die, die of
   jacks, queens and kings buried under number cards whose partners are
   buried under faces.
6. Balance: a table whose classes do not hold as many cards of each of their
   ranks can never be cleared, since a pair removes one 3 and one 8 and a
   trio one jack, one queen and one king. (So a face rank can never run out
   while the other two remain.) A dealt table is balanced and removals keep
   it so; the check is for hand-made tables.

And one symmetry:

7. A table can be cleared exactly when its mirror can, the table with every
   pile turned upside down (the reserve as it is). Play a winning line
   backwards: a removal's cards had every card above them removed before
   and every card below them removed after, so on the mirror, where above
   and below change places, the reversed line is legal. A deal that is hard
   from the top is often easy from the bottom, so `solve` searches both,
   turn about, and a win found on the mirror is given back reversed.

`solve` runs in stages: first without projections (they cost more than they
save when the first line tried wins), then with them; in each stage the two
directions take turns with slices of nodes that grow, and every slice after
the first starts again with a random preference among the piles (dead
states stay dead, so a restart loses little). A search has a budget of
nodes; a table whose search runs out is undecided, never guessed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

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
)

WON = "won"
LOST = "lost"
UNDECIDED = "undecided"
DEFAULT_BUDGET = 2_000_000
_RANK_CLASS = (0, *(class_of(rank) for rank in range(1, KING + 1)))

Move = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rules:
    """Which reductions the search uses (all of them unless told); the tests try each alone.

    `projections` (rule 5): 0 none; 1 each class alone; 2 each number class
    together with the faces (each of those using its two classes alone), or each
    class alone when there are no faces; 3 every two classes.
    """

    interchangeable: bool = True
    covering_first: bool = True
    wholly_playable: bool = True
    counting: bool = True
    projections: int = 2


NO_RULES = Rules(False, False, False, False, 0)


@dataclass(frozen=True, slots=True)
class Result:
    """What the search found: a winning line, a proof of loss, or neither."""

    verdict: str
    line: tuple[Move, ...] | None
    nodes: int


class OutOfBudget(Exception):
    """The search used up its nodes."""


class Meter:
    """Nodes searched so far, shared by a search and its projections."""

    __slots__ = ("limit", "nodes")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.nodes = 0


class Search:
    """A search over one table that remembers what it learned across questions."""

    def __init__(
        self,
        position: Position,
        rules: Rules,
        meter: Meter,
        subs: list[Search] | None = None,
        dead: set[int] | None = None,
    ) -> None:
        self.position = position
        self.rules = rules
        self.meter = meter
        self.subs = subs or []
        self.dead: set[int] = set() if dead is None else dead  # shared by searches of one table
        self.won: set[int] = set()
        self.line: list[Move] = []
        self.bias = [0] * len(position.piles)  # a preference for each pile, for restarts
        self.classes = frozenset(class_of(rank) for rank in position.cards())
        self.query: Callable[[int], bool] = _searcher(self)

    def root_key(self) -> int:
        piles = self.position.piles
        key = sum(len(pile) << (4 * p) for p, pile in enumerate(piles))
        for s, rank in enumerate(self.position.reserve):
            if rank != EMPTY:
                key |= 1 << (4 * len(piles) + s)
        return key


def build(position: Position, rules: Rules, meter: Meter, dead: set[int] | None = None) -> Search:
    """The search for a table, with the searches of its projections (rule 5).

    A projection's search uses the projections on its own single classes. Each
    set of classes gets one search, shared, so what it learns serves everyone.
    """
    present = sorted({class_of(rank) for rank in position.cards()})
    inner = replace(rules, projections=0)
    made: dict[frozenset[int], Search] = {}

    def search_of(classes: frozenset[int]) -> Search:
        if classes not in made:
            subs = []
            if len(classes) > 1:
                subs = [search_of(classes - {klass}) for klass in sorted(classes)]
            made[classes] = Search(position.restricted(classes), inner, meter, subs)
        return made[classes]

    sets: list[frozenset[int]] = []
    if rules.projections == 1 or (rules.projections == 2 and FACE_CLASS not in present):
        sets = [frozenset({klass}) for klass in present]
    elif rules.projections == 2:
        sets = [frozenset({klass, FACE_CLASS}) for klass in present if klass != FACE_CLASS]
    elif rules.projections == 3:
        sets = [frozenset(chosen) for chosen in combinations(present, 2)]
    if len(present) <= 1 or (len(sets) == 1 and sets[0] == frozenset(present)):
        sets = []  # a projection on every class there is would be the table itself
    return Search(position, rules, meter, [search_of(classes) for classes in sets], dead)


def mirrored(position: Position) -> Position:
    """The same table with every pile turned upside down (rule 7)."""
    return Position(tuple(pile[::-1] for pile in position.piles), position.reserve)


# Stages of a search: the projections used (rule 5), the nodes the stage may
# use, and its first slice (each slice goes to one direction, then the other).
# Cheap stages find most wins; costly ones prove losses.
LADDER: tuple[tuple[int, int, int], ...] = ((0, 2_000, 1_000), (2, 0, 10_000))


def solve(
    position: Position,
    budget: int = DEFAULT_BUDGET,
    rules: Rules = Rules(),
    growth: float = 1.5,
    spread: int = 32,
    both_ways: bool = True,
    ladder: tuple[tuple[int, int, int], ...] = LADDER,
) -> Result:
    """Search a table for a winning line, within a budget of nodes."""
    if not position.balanced():
        return Result(LOST, None, 0)
    meter = Meter(budget)
    tables = [position, mirrored(position)] if both_ways else [position]
    deads: list[set[int]] = [set() for _ in tables]  # dead is dead, whatever the stage
    steps = [step for step in ladder if step[0] < rules.projections]
    steps.append((rules.projections, budget, ladder[-1][2]))
    chance = random.Random(0)
    for level, allowance, first_slice in steps:
        stage = replace(rules, projections=level)
        searches: list[Search] = []
        end = min(budget, meter.nodes + allowance)
        piece = float(first_slice)
        while meter.nodes < end:
            for turn, table in enumerate(tables):
                if turn == len(searches):  # built when first needed
                    searches.append(build(table, stage, meter, deads[turn]))
                search = searches[turn]
                meter.limit = min(end, meter.nodes + int(piece))
                try:
                    won = search.query(search.root_key())
                except OutOfBudget:
                    search.bias[:] = [chance.randrange(spread) for _ in search.bias]
                    continue
                if not won:
                    return Result(LOST, None, meter.nodes)
                line = search.line if turn == 0 else search.line[::-1]
                return Result(WON, tuple(line), meter.nodes)
            piece *= growth
    return Result(UNDECIDED, None, meter.nodes)


def _searcher(owner: Search) -> Callable[[int], bool]:
    """The search of one table as a closure over plain lists and integers (the hot loop)."""
    position, rules, meter = owner.position, owner.rules, owner.meter
    piles = position.piles
    reserve = position.reserve
    pile_count = len(piles)
    slot_count = len(reserve)
    shift = 4 * pile_count  # where the reserve bits start in a key
    prange = range(pile_count)
    srange = range(slot_count)
    ranks = range(1, KING + 1)
    unit = [1 << (4 * p) for p in prange] + [1 << (shift + s) for s in srange]
    # top[p][h]: the rank on top of pile p when it holds h cards (h >= 1)
    top = [(EMPTY, *pile) for pile in piles]
    # below[p][h]: the rank uncovered when the top of pile p (holding h cards) goes
    below = [(EMPTY, EMPTY, *pile[:-1]) for pile in piles]
    # held[c][p][h]: how many cards of class c lie in the bottom h cards of pile p
    held = [[[0] for _ in prange] for _ in range(CLASSES)]
    # the same six counts packed in one integer, 6 bits a class, to count a table fast
    packed = [[0] for _ in prange]
    for p, pile in enumerate(piles):
        for rank in pile:
            klass = _RANK_CLASS[rank]
            for c in range(CLASSES):
                counts = held[c][p]
                counts.append(counts[-1] + (c == klass))
            packed[p].append(packed[p][-1] + (1 << (6 * klass)))
    slot_packed = [0 if rank == EMPTY else 1 << (6 * _RANK_CLASS[rank]) for rank in reserve]
    if any(sum(_RANK_CLASS[rank] == c for rank in position.cards()) > 63 for c in range(CLASSES)):
        raise ValueError("a class of more than 63 cards does not fit in its 6 bits")
    # the fixed part of a pile's weight in move ordering (see moves_here)
    fixed_weight = [
        [0] + [16 * held[_RANK_CLASS[pile[h - 1]]][p][h] + h + 8 for h in range(1, len(pile) + 1)]
        for p, pile in enumerate(piles)
    ]
    sizes = [2] * FACE_CLASS + [3]

    subs = owner.subs
    sub_range = range(len(subs))
    sub_query = [sub.query for sub in subs]
    sub_dead = [sub.dead for sub in subs]
    sub_won = [sub.won for sub in subs]
    # A projection has our layout: the same piles and slots, fewer cards. Its
    # pile heights count only its own classes; its reserve bits are ours, masked.
    sub_part = [
        [
            [sum(held[c][p][h] for c in sub.classes) << (4 * p) for h in range(len(pile) + 1)]
            for p, pile in enumerate(piles)
        ]
        for sub in subs
    ]
    sub_slots = [
        sum(1 << s for s in srange if reserve[s] and _RANK_CLASS[reserve[s]] in sub.classes)
        for sub in subs
    ]
    subs_of = [[j for j, sub in enumerate(subs) if c in sub.classes] for c in range(CLASSES)]
    sub_key = [0] * len(subs)

    interchangeable = rules.interchangeable
    covering_first = rules.covering_first
    wholly_playable = rules.wholly_playable
    counting = rules.counting
    dead, won, line, bias = owner.dead, owner.won, owner.line, owner.bias

    heights = [0] * pile_count
    left_in = [0] * CLASSES  # removals left in each class (n pairs, or n trios)
    key = mask = left = 0

    def moves_here() -> list[tuple[int, Move, int, int]]:
        """The removals worth trying now, best first: (weight, locations, class, key delta)."""
        count = [0] * (KING + 1)  # playable cards of each rank
        covering: list[list[int] | None] = [None] * (KING + 1)
        free: list[list[int] | None] = [None] * (KING + 1)
        for p in prange:
            h = heights[p]
            if h:
                rank = top[p][h]
                count[rank] += 1
                into = covering if h > 1 else free
                found_here = into[rank]
                if found_here is None:
                    into[rank] = [p]
                else:
                    found_here.append(p)
        if mask:
            for s in srange:
                if mask >> s & 1:
                    rank = reserve[s]
                    count[rank] += 1
                    found_here = free[rank]
                    if found_here is None:
                        free[rank] = [pile_count + s]
                    else:
                        found_here.append(pile_count + s)
        choice = covering
        for rank in ranks:
            spare = free[rank]
            if spare is not None:
                if interchangeable:  # rule 1
                    spare = spare[:1]
                mine = covering[rank]
                if mine is None:
                    choice[rank] = spare
                elif not covering_first:  # rule 2
                    choice[rank] = mine + spare
        # Move ordering, a heuristic only: take cards from piles rather than
        # the reserve, from piles holding many cards of the same class (so that
        # counting, rule 4, keeps its slack), from tall piles, and where the
        # card uncovered can be removed at once; a restart adds a random bias.
        weight = [0] * (pile_count + slot_count)
        for p in prange:
            h = heights[p]
            if h:
                uncovered = below[p][h]
                w = fixed_weight[p][h] + bias[p]
                if uncovered and uncovered < JACK and count[PAIR_SUM - uncovered]:
                    w += 8
                weight[p] = w
        found: list[tuple[int, Move, int, int]] = []
        for klass in range(FACE_CLASS):
            a = klass + 1
            xs, ys = choice[a], choice[PAIR_SUM - a]
            if not (xs and ys):
                continue
            if wholly_playable and count[a] + count[PAIR_SUM - a] == 2 * left_in[klass]:
                x, y = xs[0], ys[0]  # rule 3
                return [(0, (x, y), klass, unit[x] + unit[y])]
            for x in xs:
                for y in ys:
                    found.append((weight[x] + weight[y], (x, y), klass, unit[x] + unit[y]))
        js, qs, ks = choice[JACK], choice[QUEEN], choice[KING]
        if js and qs and ks:
            faces = count[JACK] + count[QUEEN] + count[KING]
            if wholly_playable and faces == 3 * left_in[FACE_CLASS]:
                j, q, k = js[0], qs[0], ks[0]  # rule 3
                return [(0, (j, q, k), FACE_CLASS, unit[j] + unit[q] + unit[k])]
            for j in js:
                for q in qs:
                    for k in ks:
                        score = weight[j] + weight[q] + weight[k]
                        delta = unit[j] + unit[q] + unit[k]
                        found.append((score, (j, q, k), FACE_CLASS, delta))
        found.sort(key=_first, reverse=True)
        return found

    def search() -> bool:
        nonlocal key, mask, left
        if not left:
            return True
        here = key
        if here in dead:
            return False
        if here in won:
            return True
        meter.nodes += 1
        if meter.nodes > meter.limit:
            raise OutOfBudget
        for _, move, klass, delta in moves_here():
            key -= delta
            mask -= delta >> shift
            for loc in move:
                if loc < pile_count:
                    heights[loc] -= 1
            left -= len(move)
            left_in[klass] -= 1
            related = subs_of[klass]
            for j in related:
                sub_key[j] -= delta  # the same layout, so the same delta
            alive = key not in dead
            if alive and counting:  # rule 4
                most = left_in[klass]
                counts = held[klass]
                for p in prange:
                    if counts[p][heights[p]] > most:
                        alive = False
                        break
            if alive:  # rule 5
                for j in related:
                    k = sub_key[j]
                    if k in sub_won[j]:
                        continue
                    if k in sub_dead[j] or not sub_query[j](k):
                        alive = False
                        break
            if alive:
                line.append(move)
                if search():
                    won.add(here)
                    return True
                line.pop()
            for j in related:
                sub_key[j] += delta
            left_in[klass] += 1
            left += len(move)
            for loc in move:
                if loc < pile_count:
                    heights[loc] += 1
            mask += delta >> shift
            key += delta
        dead.add(here)
        return False

    def query(start: int) -> bool:
        """Whether the state with this key can be won; the line is left in owner.line."""
        nonlocal key, mask, left
        if start in won:
            return True
        if start in dead:
            return False
        key = start
        mask = start >> shift
        total = 0
        for p in prange:
            h = start >> (4 * p) & 15
            heights[p] = h
            total += packed[p][h]
        for s in srange:
            if mask >> s & 1:
                total += slot_packed[s]
        left = 0
        for klass in range(CLASSES):
            cards = total >> (6 * klass) & 63
            left += cards
            left_in[klass] = cards // sizes[klass]
        for j in sub_range:
            parts = sub_part[j]
            k = 0
            for p in prange:
                k += parts[p][heights[p]]
            sub_key[j] = k | (mask & sub_slots[j]) << shift
        line.clear()
        for klass in range(CLASSES):  # rule 4 at the start as well
            most = left_in[klass]
            counts = held[klass]
            for p in prange:
                if counts[p][heights[p]] > most:
                    dead.add(start)
                    return False
        for j in sub_range:  # rule 5 at the start as well
            if not sub_query[j](sub_key[j]):
                dead.add(start)
                return False
        return search()

    return query


def _first(item: tuple[int, Move, int, int]) -> int:
    return item[0]
