"""What a game's result records, as one value, and which result a game that ends
records: decided here, without files, so that the decision can be read as a table.

`Result` names the seven fields once: the queue file (`results.py`) writes them as a
JSON list in this order, and the database (`statistics.py`) takes them as a row.
"""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.values import record

if TYPE_CHECKING:
    from halfmoon_a11y.play.answers import GameWon
    from halfmoon_a11y.play.session import Session


class Ending(StrEnum):
    """How a recorded game ended: the `result` column of the database."""

    WON = "won"
    BLOCKED = "blocked"
    ABANDONED = "abandoned"


ENDINGS = frozenset(str(ending) for ending in Ending)
NUMBERS = (2, 3, 4)  # score, moves, seconds: the positions of the whole numbers


@record
class Result:
    """One game's result, as the database keeps it. `game`: the game's identity, so that
    a result written twice is recorded once; `stamp`: when it ended."""

    code: str
    ending: Ending
    score: int
    moves: int
    seconds: int
    game: str = ""
    stamp: str = ""

    def to_json(self) -> list[object]:
        return [str(value) for value in self.row()[:2]] + list(self.row()[2:])

    def row(self) -> tuple[object, ...]:
        """The fields in their order, as the queue and the database take them."""
        return tuple(getattr(self, name) for name in self.__match_args__)

    @classmethod
    def from_json(cls, item: object) -> Result | None:
        """One queued result, or None for anything else (a hand-edited file)."""
        if not isinstance(item, list) or len(item) != len(cls.__match_args__):
            return None
        numbers = [item[n] for n in NUMBERS]
        if not all(type(n) is int and 0 <= n < 10**9 for n in numbers):
            return None
        texts = [value for n, value in enumerate(item) if n not in NUMBERS]
        if not all(isinstance(t, str) and len(t) < 100 for t in texts):
            return None
        if item[1] not in ENDINGS:
            return None
        return cls(item[0], Ending(item[1]), *item[2:])


@record
class Standing:
    """How the current game stands, kept so that a game replaced can be recorded."""

    code: str
    status: Status
    score: int
    moves: int
    seconds: int
    recorded: bool
    game: str = ""  # the game's identity: its result is recorded once


def win_of(session: Session, event: GameWon, game: str) -> Result:
    """What a win records: the score, moves and time it was won with."""
    code, score, moves = str(session.code), event.score, event.moves
    return Result(code, Ending.WON, score, moves, event.elapsed, game)


def standing_of(session: Session, recorded: bool, game: str) -> Standing:
    """How the session's game stands now (`recorded`: its result is in)."""
    g = session.game
    code, seconds = str(session.code), session.clock.elapsed
    return Standing(code, g.status, g.score, g.moves, seconds, recorded, game)


def ending_of(standing: Standing | None) -> Ending | None:
    """What a game replaced by another deal records: blocked, or abandoned if it was
    played; nothing if its result is in, if it was won (a win is recorded as it
    happens), or if it was only looked at."""
    if standing is None or standing.recorded or standing.status is Status.WON:
        return None
    if standing.status is Status.BLOCKED:
        return Ending.BLOCKED
    return Ending.ABANDONED if standing.moves > 0 else None


def replaced(standing: Standing | None, stamp: str) -> Result | None:
    """The result a game replaced records, if any (`ending_of`)."""
    ending = ending_of(standing)
    if standing is None or ending is None:
        return None
    s = standing
    return Result(s.code, ending, s.score, s.moves, s.seconds, s.game, stamp)
