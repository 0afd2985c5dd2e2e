"""The store's decisions as tables, without files: what an answer writes, what a start
opens, what the lock says, what a result records, and the one queue of notices."""

from __future__ import annotations

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.errors import NothingToUndoError
from halfmoon_a11y.core.events import Status
from halfmoon_a11y.play.answers import Answer, Dealt, GameWon, Keep, Refused, SettingChanged
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.store.choosing import (
    Copy,
    Open,
    first,
    lock_notices,
    same_deal,
    worth_keeping,
)
from halfmoon_a11y.store.lock import FLOCK, PROCESS, Holder, Ownership
from halfmoon_a11y.store.result import Ending, Result, Standing, ending_of
from halfmoon_a11y.store.turn import (
    RecordWin,
    Replace,
    SaveSetting,
    Stand,
    Step,
    plan,
)
from halfmoon_a11y.store.unsaid import Unsaid

A = DealCode.parse("HM1-N-AAAAAAC")
B = DealCode.parse("HM1-N-AAAAAAL")
WIN = GameWon(score=520, moves=48, elapsed=300)
LANG = SettingChanged("lang", "ca")


@pytest.mark.parametrize(
    ("answer", "recorded", "effects"),
    [
        (Answer(), False, (Stand(False),)),
        (Answer(events=(Refused(NothingToUndoError()),), keep=Keep.GAME), False, ()),
        (Answer(keep=Keep.MOVES), False, (Stand(False), Step.JOURNAL)),
        (Answer(changed=(LANG,)), True, (SaveSetting(LANG), Stand(True))),
        (
            Answer(deal=(Dealt(B),), keep=Keep.GAME),
            True,
            (Replace(B), Stand(False), Step.SAVE_GAME),
        ),
        (
            Answer(events=(WIN,), keep=Keep.GAME),
            False,
            (RecordWin(WIN), Stand(True), Step.SAVE_GAME),
        ),
        (Answer(events=(WIN,), keep=Keep.GAME), True, (Stand(True), Step.SAVE_GAME)),
        (
            Answer(events=(WIN, WIN), keep=Keep.GAME),
            False,
            (RecordWin(WIN), Stand(True), Step.SAVE_GAME),
        ),
        (Answer(keep=Keep.GAME, leaving=True), False, (Stand(False), Step.SAVE_GAME, Step.LEAVE)),
    ],
    ids=[
        "nothing",
        "refused",
        "a move",
        "a setting",
        "a new deal",
        "a win",
        "a win already counted",
        "one game won once",
        "quit",
    ],
)
def test_what_an_answer_writes(answer, recorded, effects):
    assert plan(answer, recorded) == effects


def copy(moves: int, game: str, modified: float) -> Copy:
    return Copy(A, moves, game, modified)


@pytest.mark.parametrize(
    ("code", "saved", "opens"),
    [
        (None, None, Open.DEAL),
        (None, A, Open.SAVED),
        (A, A, Open.KEPT),
        (A, None, Open.KEPT),
        (B, A, Open.ASIDE),
    ],
)
def test_what_a_start_opens_first(code, saved, opens):
    assert first(code, saved) is opens


@pytest.mark.parametrize(
    ("saved", "kept", "opens"),
    [
        (None, None, Open.DEAL),
        (None, copy(3, "k", 1), Open.KEPT),
        (copy(0, "s", 2), copy(3, "k", 1), Open.KEPT),  # an empty save loses nothing
        (copy(2, "s", 1), None, Open.SAVED),
        (copy(2, "s", 2), copy(3, "s", 1), Open.SAVED_KEPT_GOES),  # a kill left both
        (copy(2, "s", 2), copy(3, "k", 1), Open.SAVED_KEPT_NAMED),
        (copy(2, "s", 1), copy(3, "k", 2), Open.SWAP),
    ],
)
def test_the_same_deal_saved_and_kept(saved, kept, opens):
    assert same_deal(saved, kept) is opens


@pytest.mark.parametrize(
    ("moves", "status", "kept"),
    [
        (3, Status.PLAYING, True),
        (0, Status.PLAYING, False),
        (3, Status.BLOCKED, False),
        (3, Status.WON, False),
    ],
)
def test_which_game_replaced_is_kept_aside(moves, status, kept):
    assert worth_keeping(moves, status) is kept


LOCK = "/state/halfmoon-a11y/lock"
ELSEWHERE = Holder(4321, "another-computer", 1000.0)


@pytest.mark.parametrize(
    ("ownership", "said"),
    [
        (Ownership(True, FLOCK), []),
        (Ownership(True, PROCESS), [sn.StorageProblem(sn.Problem.LOCK_BY_PROCESS, LOCK)]),
        (
            Ownership(True, FLOCK, aside=LOCK + ".bad"),
            [sn.StorageProblem(sn.Problem.LOCK_SET_ASIDE, LOCK, LOCK + ".bad")],
        ),
        (
            Ownership(False, unopenable=sn.Problem.STATE_READ_ONLY),
            [sn.StorageProblem(sn.Problem.STATE_READ_ONLY, "/state/halfmoon-a11y")],
        ),
        (
            Ownership(False, unopenable=sn.Problem.LOCK_NOT_A_FILE),
            [sn.StorageProblem(sn.Problem.LOCK_NOT_A_FILE, LOCK)],
        ),
        (Ownership(False, FLOCK), [sn.StorageProblem(sn.Problem.OPEN_ELSEWHERE, LOCK)]),
        (
            Ownership(False, FLOCK, holder=ELSEWHERE),
            [
                sn.StorageProblem(
                    sn.Problem.OPEN_ELSEWHERE,
                    LOCK,
                    process=4321,
                    since=60,
                    host="another-computer",
                )
            ],
        ),
    ],
    ids=["flock", "by process", "set aside", "read only", "not a file", "elsewhere", "who"],
)
def test_what_the_lock_says(ownership, said):
    assert lock_notices(ownership, LOCK, now=1060.0) == said


def standing(status: Status, moves: int, recorded: bool = False) -> Standing:
    return Standing(str(A), status, 100, moves, 60, recorded, "g")


@pytest.mark.parametrize(
    ("standing", "ending"),
    [
        (None, None),
        (standing(Status.PLAYING, 0), None),  # a deal looked at and passed over
        (standing(Status.PLAYING, 3), Ending.ABANDONED),
        (standing(Status.BLOCKED, 3), Ending.BLOCKED),
        (standing(Status.BLOCKED, 0), Ending.BLOCKED),
        (standing(Status.WON, 48), None),  # recorded as it happened
        (standing(Status.PLAYING, 3, recorded=True), None),  # won, then an undo
    ],
)
def test_what_a_game_replaced_records(standing, ending):
    assert ending_of(standing) is ending


@pytest.mark.parametrize(
    ("item", "result"),
    [
        (
            ["HM1-N-AAAAAAC", "won", 1, 2, 3, "a1", "now"],
            Result("HM1-N-AAAAAAC", Ending.WON, 1, 2, 3, "a1", "now"),
        ),
        (["HM1-N-AAAAAAC", "lost", 1, 2, 3, "a1", "now"], None),
        (["HM1-N-AAAAAAC", "won", -1, 2, 3, "a1", "now"], None),
        (["HM1-N-AAAAAAC", "won", True, 2, 3, "a1", "now"], None),
        (["HM1-N-AAAAAAC", "won", 1, 2, 3, 7, "now"], None),
        (["bad"], None),
        ({"code": "HM1-N-AAAAAAC"}, None),
    ],
)
def test_a_queued_result_is_read_back_or_refused(item, result):
    assert Result.from_json(item) == result
    if result is not None:
        assert result.to_json() == item  # written as it is read


def problems(events) -> list[sn.Problem]:
    """The problems of the store's notices taken from the queue, in order."""
    return [event.problem for event in events if isinstance(event, sn.StorageProblem)]


def test_the_queue_says_a_failure_once_and_in_order():
    unsaid = Unsaid()
    unsaid.once(sn.Problem.GAME_NOT_SAVED, "game.json")
    unsaid.once(sn.Problem.GAME_NOT_SAVED, "game.json")
    unsaid.problem(sn.Problem.KEPT_OTHER, "kept/A.json")
    assert problems(unsaid.take()) == [
        sn.Problem.GAME_NOT_SAVED,
        sn.Problem.KEPT_OTHER,
    ]
    assert unsaid.take() == []
    unsaid.forget(sn.Problem.GAME_NOT_SAVED)
    unsaid.once(sn.Problem.GAME_NOT_SAVED, "game.json")  # said again once it may be
    mark = unsaid.count()
    unsaid.once(sn.Problem.STATS_FAILED, "statistics.sqlite3")
    assert problems(unsaid.drop_from(mark)) == [sn.Problem.STATS_FAILED]
    assert problems(unsaid.take()) == [sn.Problem.GAME_NOT_SAVED]


def test_no_module_of_the_store_imports_one_that_imports_it_even_for_types():
    """Imports under `if TYPE_CHECKING:` count too: the opening never knows the keeper."""
    import ast
    from pathlib import Path

    folder = Path(__file__).parent.parent / "halfmoon_a11y" / "store"
    imports: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                module = node.module
                if module == "halfmoon_a11y.store":
                    names |= {alias.name for alias in node.names}
                elif module.startswith("halfmoon_a11y.store."):
                    names.add(module.rsplit(".", 1)[1])
        imports[path.stem] = names

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for name in imports.get(start, ()):
            if name == goal or (name not in seen and reaches(name, goal, seen | {name})):
                return True
        return False

    assert [name for name in imports if reaches(name, name, set())] == []
