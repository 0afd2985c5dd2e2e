"""What a turn asks of the files, decided without them: the effects of one answer, in
the order the keeper carries them out (`Keeper.persist`).

The order is the order of what the player is told: a setting changed first, then the
result of a game replaced or won, then the game itself (the whole game, or one line of
the journal), then what leaving says.
"""

from __future__ import annotations

from enum import StrEnum

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.answers import Answer, GameWon, Keep


class Step(StrEnum):
    """An effect with nothing of its own to carry."""

    SAVE_GAME = "save_game"  # the whole game in one full save (a kept file taken goes)
    JOURNAL = "journal"  # the answer's removals and undos, one line each
    LEAVE = "leave"  # the game saved on leaving, and the player told it comes back


@record
class SaveSetting:
    changed: se.SettingChanged


@record
class Replace:
    """Another deal replaces the game: the old one's result, then the new one's identity."""

    code: DealCode


@record
class RecordWin:
    won: GameWon


@record
class Stand:
    """How the game stands now, so that it can be recorded once it is replaced."""

    recorded: bool  # its result is in


Effect = Step | SaveSetting | Replace | RecordWin | Stand


def refused(answer: Answer) -> bool:
    """A refused command: it changed nothing, and its answer carries nothing new."""
    return bool(answer.events) and type(answer.events[0]) is se.Refused


def plan(answer: Answer, recorded: bool) -> tuple[Effect, ...]:
    """The effects of one answer. `recorded`: the game's result is already in (a deal
    won, an undo, and a second win is still one game won). A refused command changed
    nothing, so nothing is written."""
    events = answer.events
    if refused(answer):
        return ()
    effects: list[Effect] = [SaveSetting(changed) for changed in answer.changed]
    if answer.dealt is not None:
        effects.append(Replace(answer.dealt.code))
        recorded = False
    if answer.keep is Keep.GAME:  # a won game is a game over: the whole game is kept
        for event in events:
            if isinstance(event, GameWon) and not recorded:
                effects.append(RecordWin(event))
                recorded = True
    effects.append(Stand(recorded))
    if answer.keep is Keep.GAME:
        effects.append(Step.SAVE_GAME)
    elif answer.keep is Keep.MOVES:
        effects.append(Step.JOURNAL)
    if answer.leaving:
        effects.append(Step.LEAVE)
    return tuple(effects)
