"""What a start opens and what it tells the player about the lock, decided without
files: `store/opening.py` reads what is there, asks these, and carries the answer out.

Each function takes plain facts and returns a value, so that the choices read as the
tables that test them.
"""

from __future__ import annotations

import os
from enum import StrEnum

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.core.values import record
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store.lock import PROCESS, Ownership

FOLDER_PROBLEMS = {sn.Problem.STATE_READ_ONLY, sn.Problem.STATE_NOT_OWN}  # named by folder


class Open(StrEnum):
    """What a start opens."""

    SAVED = "saved"  # the saved game, resumed
    DEAL = "deal"  # the deal asked for (or a random one), afresh
    KEPT = "kept"  # the game kept aside for the deal asked for
    ASIDE = "aside"  # another deal asked for: the saved game goes aside, then as KEPT
    SAVED_KEPT_GOES = "saved_kept_goes"  # the same game saved and kept: the kept file goes
    SAVED_KEPT_NAMED = "saved_kept_named"  # the save is newer: played, the kept one named
    SWAP = "swap"  # the kept one is newer: the save is kept aside, the kept one played


@record
class Copy:
    """A game found on disk: its deal, its moves, its identity, when it was written."""

    code: DealCode
    moves: int
    game: str
    modified: float


def first(code: DealCode | None, saved: DealCode | None) -> Open:
    """Before any kept game is read: the saved game unless another deal is asked for."""
    if code is None:
        return Open.SAVED if saved is not None else Open.DEAL
    if saved is not None and saved != code:
        return Open.ASIDE
    return Open.KEPT


def kept_or_deal(kept: Copy | None) -> Open:
    return Open.KEPT if kept is not None else Open.DEAL


def same_deal(saved: Copy | None, kept: Copy | None) -> Open:
    """The deal asked for is the saved one's, or none is saved: the newer copy is played
    and the other stays kept. The same game in both is what a kill left while bringing
    it back: the save is the newer, and the kept file goes. A save without moves loses
    nothing to the kept game."""
    if saved is None or (kept is not None and not saved.moves):
        return kept_or_deal(kept)
    if kept is None:
        return Open.SAVED
    if saved.game and kept.game == saved.game:
        return Open.SAVED_KEPT_GOES
    return Open.SWAP if kept.modified > saved.modified else Open.SAVED_KEPT_NAMED


def worth_keeping(moves: int, status: Status) -> bool:
    """Whether a saved game replaced by another deal is kept aside to come back: only an
    unfinished game with moves; any other is recorded, as a game replaced is."""
    return moves > 0 and status is Status.PLAYING


def lock_notices(ownership: Ownership, lock: str, now: float) -> list[sn.StorageProblem]:
    """Who owns the files, when it is not plainly this window by flock()."""
    if ownership.unopenable is not None:  # a folder cannot be written: named
        folder = os.path.dirname(lock) if ownership.unopenable in FOLDER_PROBLEMS else lock
        return [sn.StorageProblem(ownership.unopenable, folder)]
    notices: list[sn.StorageProblem] = []
    if ownership.aside is not None:  # not a usable lock: set aside, a fresh one made
        notices.append(sn.StorageProblem(sn.Problem.LOCK_SET_ASIDE, lock, ownership.aside))
    if ownership.owner:
        if ownership.kind == PROCESS:
            notices.append(sn.StorageProblem(sn.Problem.LOCK_BY_PROCESS, lock))
        return notices
    holder = ownership.holder
    if holder is None:
        return [*notices, sn.StorageProblem(sn.Problem.OPEN_ELSEWHERE, lock)]
    since = max(0, int(now - holder.started))
    host = None if holder.here else holder.host
    elsewhere = sn.StorageProblem(
        sn.Problem.OPEN_ELSEWHERE, lock, process=holder.process, since=since, host=host
    )
    return [*notices, elsewhere]
