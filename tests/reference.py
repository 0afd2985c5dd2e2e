"""An independent second implementation of deal-codes.md and rules.md, written from the
specification alone and sharing no code with the package, to check that the JSON mode
agrees with any program that follows the documents."""

from __future__ import annotations

M = (1 << 64) - 1
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def cards_for(code: str) -> tuple[list[list[str]], list[str | None]]:
    letters = code.strip().upper().split("-")[2]
    seed = 0
    for ch in letters:
        seed = seed * 26 + ord(ch) - 65
    deck = [r + s for s in "CDHS" for r in RANKS] * 2
    state = seed
    for i in range(103, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & M
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        z ^= z >> 31
        j = z % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    piles = [deck[8 * p : 8 * p + 8] for p in range(12)]
    return piles, list(deck[96:])


def value(card: str) -> int | None:
    rank = card[:-1]
    return None if rank in "JQK" else RANKS.index(rank) + 1


class Reference:
    def __init__(self, code: str) -> None:
        self.piles, self.reserve = cards_for(code)
        self.selection: list[str] = []
        self.history: list[list[tuple[str, str]]] = []
        self.score = 0

    def top(self, loc: str) -> str | None:
        if loc.startswith("R"):
            return self.reserve[int(loc[1:]) - 1]
        pile = self.piles[int(loc) - 1]
        return pile[-1] if pile else None

    def take(self, loc: str) -> None:
        if loc.startswith("R"):
            self.reserve[int(loc[1:]) - 1] = None
        else:
            self.piles[int(loc) - 1].pop()

    def put(self, loc: str, card: str) -> None:
        if loc.startswith("R"):
            self.reserve[int(loc[1:]) - 1] = card
        else:
            self.piles[int(loc) - 1].append(card)

    def tap(self, loc: str) -> None:
        card = self.top(loc)
        if card is None:
            return
        if not self.selection:
            self.selection = [loc]
            return
        if loc in self.selection:
            self.selection.remove(loc)
            return
        first = self.top(self.selection[0])
        assert first is not None
        fv, cv = value(first), value(card)
        if fv is not None:
            if cv is not None and fv + cv == 11:
                self.remove([*self.selection, loc], 10)
            else:
                self.selection = []
            return
        if cv is not None:
            self.selection = []
            return
        ranks = {self.top(s)[:-1] for s in self.selection}  # type: ignore[index]
        if card[:-1] in ranks:
            self.selection = [loc]
        elif len(self.selection) == 2:
            self.remove([*self.selection, loc], 15)
        else:
            self.selection.append(loc)

    def remove(self, locs: list[str], points: int) -> None:
        taken = [(loc, self.top(loc)) for loc in locs]
        for loc in locs:
            self.take(loc)
        self.history.append(taken)  # type: ignore[arg-type]
        self.score += points
        self.selection = []

    def undo(self) -> None:
        if not self.history:
            return
        taken = self.history.pop()
        for loc, card in taken:
            self.put(loc, card)
        self.score -= 10 if len(taken) == 2 else 15
        self.selection = []

    def status(self) -> str:
        tops = [self.top(str(n)) for n in range(1, 13)] + [c for c in self.reserve]
        cards = [c for c in tops if c is not None]
        if not cards:
            return "won"
        values = {value(c) for c in cards} - {None}
        faces = {c[:-1] for c in cards if value(c) is None}
        if faces >= {"J", "Q", "K"} or any(11 - v in values for v in values):  # type: ignore[operator]
            return "playing"
        return "blocked"

    def state(self) -> dict:
        return {
            "piles": [{"top": p[-1] if p else None, "count": len(p)} for p in self.piles],
            "reserve": list(self.reserve),
            "selection": list(self.selection),
            "score": self.score,
            "moves": len(self.history),
            "undo_available": len(self.history),
            "status": self.status(),
        }
