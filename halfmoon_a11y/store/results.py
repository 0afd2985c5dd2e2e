"""The results of games, recorded once each: a win as it happens; a game replaced by
another deal as blocked or abandoned, if it was played."""

from __future__ import annotations

import os

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import Summary
from halfmoon_a11y.play.errors import StatisticsUnavailableError
from halfmoon_a11y.store.statistics import Result, Statistics, StatisticsFailed

if TYPE_CHECKING:
    from halfmoon_a11y.play.session import Session
    from halfmoon_a11y.store.files import StrPath


@record
class Standing:
    """How the current game stands, kept so a replaced game can be recorded."""

    code: str
    status: Status
    score: int
    moves: int
    seconds: int
    recorded: bool
    game: str = ""  # the game's identity: its result is recorded once


def new_identity() -> str:
    return os.urandom(8).hex()  # as secrets.token_hex(8), without loading hashlib


class Results:
    """Records each game's result in the statistics. Raises StatisticsFailed."""

    def __init__(self, path: StrPath) -> None:
        self.path = path
        self.statistics = Statistics(path)
        self.standing: Standing | None = None

    def stand(self, session: Session, game: str, recorded: bool) -> None:
        """Note how the session's game stands now (`recorded`: its result is in)."""
        g = session.game
        self.standing = Standing(
            str(session.code), g.status, g.score, g.moves, session.clock.elapsed, recorded, game
        )

    @property
    def recorded(self) -> bool:
        return self.standing.recorded if self.standing is not None else False

    def record(
        self, result: Result, code: object, score: int, moves: int, seconds: int, game: str
    ) -> None:
        self.statistics.record(str(code), result, score, moves, seconds, game)

    def finish(self) -> None:
        """The game being replaced: recorded as blocked or abandoned, if it was played."""
        old, self.standing = self.standing, None
        if old is None or old.recorded or old.status is Status.WON:
            return
        if old.status is Status.BLOCKED:
            result = Result.BLOCKED
        elif old.moves > 0:
            result = Result.ABANDONED
        else:
            return  # a deal looked at and passed over is not a game played
        self.statistics.record(old.code, result, old.score, old.moves, old.seconds, old.game)

    def summary(self) -> Summary:
        try:
            return self.statistics.summary()
        except StatisticsFailed:
            raise StatisticsUnavailableError(str(self.path)) from None
