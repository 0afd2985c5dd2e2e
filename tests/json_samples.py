"""One example of every event the game says, for the JSON encoding's table test."""

from __future__ import annotations

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.cards import Card, Rank
from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.engine import Move
from halfmoon_a11y.core.errors import NothingToUndoError
from halfmoon_a11y.core.places import Location
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.errors import UnknownTopicError
from halfmoon_a11y.play.views import Spot, TableView
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.voice import notices as vn

R1, P1, P8 = Location.parse("R1"), Location.parse("1"), Location.parse("8")
FIVE, SIX, JACK = Card.parse("5S"), Card.parse("6D"), Card.parse("JC")
A, B = ev.Placed(P1, FIVE), ev.Placed(P8, SIX)
CODE = DealCode.parse("HM1-N-EMQPNCT")
SPOTS = (Spot(P1, FIVE, 8, combinable=True), Spot(R1, None, 0))


def samples() -> list[se.SessionEvent]:
    view = TableView(CODE, (SPOTS[0],), (SPOTS[1],), (P1,), 10, 1, 1, ev.Status.PLAYING, 5)
    uncovered = (ev.Revealed(ev.Placed(P1, JACK), 7), ev.Emptied(P8))
    return [
        ev.Selected(A, (A,)),
        ev.Deselected(A),
        ev.SelectionDropped((A, B)),
        ev.SelectionCleared((A,), B, ev.Reason.SUM),
        ev.SelectionReplaced((A,), B),
        ev.EmptyTapped(P8),
        ev.Removed(ev.Kind.PAIR, (A, B), 10, score=10, left=102, uncovered=uncovered),
        ev.Undone(ev.Kind.PAIR, (A, B), 10, score=0, left=104),
        ev.Redone(ev.Kind.PAIR, (A, B), 10, score=10, left=102, uncovered=uncovered),
        ev.Blocked(),
        ev.Unblocked(),
        se.GameWon(score=520, moves=48, elapsed=212),
        se.Dealt(CODE, True, ("move-errors",)),
        se.MoveError(ev.Reason.TRIO),
        se.PlacementHelp((A,), (Rank.QUEEN, Rank.KING)),
        se.BoardShown(view),
        se.PileShown(SPOTS[0]),
        se.ReserveShown(SPOTS),
        se.TopsShown(SPOTS),
        se.HiddenShown(tuple((rank, 3 if rank is Rank.ACE else 0) for rank in Rank)),
        se.MovesShown((Move(ev.Kind.PAIR, (A, B)),), total=12, first=12),
        se.InfoShown(
            elapsed=5,
            score=10,
            moves=1,
            code=CODE,
            status=ev.Status.PLAYING,
            left=102,
            selection=(A,),
            missing=(Rank.KING,),
            with_code=False,
        ),
        se.SelectionShown((A,), (Rank.KING,)),
        se.CodeShown(CODE),
        se.SettingChanged("move-errors", True),
        se.SettingsShown((("move-errors", True), ("rate", 175))),
        se.HelpShown("pick"),
        se.RepeatAsked(),
        se.RepeatAsked(3, kept=10),
        se.Refused(NothingToUndoError()),
        se.Refused(UnknownTopicError("xyz")),
        se.QuitAsked(),
        se.NewAsked(3, False),
        sn.GameKept(CODE, 3, True),
        se.StatsShown(
            se.Summary(
                played=3,
                won=1,
                blocked=1,
                abandoned=1,
                best_seconds=212,
                current_streak=0,
                longest_streak=1,
            )
        ),
        sn.StorageProblem(sn.Problem.OPEN_ELSEWHERE, "/state", None, process=42, since=7),
        sn.StorageProblem(sn.Problem.JOURNAL_STOPPED, "/state/journal", "/aside", count=3),
        vn.SpeechProblem(vn.SpeechTrouble.NO_PLAYER),
        vn.VoiceChosen(False, True, "Orca"),
        vn.NoVoiceForLanguage("ca", "en", "English"),
        pe.CursorMoved(SPOTS[0], edge=True, selected=False),
        pe.CursorUnset(),
        pe.LineCleared(),
        se.Failed("/state/errors.log", True, se.Part.VOICE),
    ]
