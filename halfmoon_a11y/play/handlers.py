"""What each command does: its handler, which asks the session and answers. The table
(`play.commands`) names each command's handler in its entry; `play.dispatch` runs it.

A handler reads the session and calls its methods, never its private state; the
session knows no handler. Most answer with one event the presenter and the JSON mode
already know.
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.play.answers import (
    Answer,
    BoardShown,
    CodeShown,
    HelpShown,
    HiddenShown,
    MovesShown,
    NewAsked,
    PileShown,
    ReserveShown,
    SelectionShown,
    SettingsShown,
    StatsShown,
    TopsShown,
)
from halfmoon_a11y.play.command_values import (
    Blank,
    Board,
    Change,
    DropSelection,
    Help,
    Info,
    New,
    Pick,
    Quit,
    Redo,
    Repeat,
    ShowCode,
    ShowHidden,
    ShowMoves,
    ShowPile,
    ShowReserve,
    ShowSelection,
    ShowSettings,
    ShowTops,
    Stats,
    Undo,
)
from halfmoon_a11y.play.settings import SETTINGS

if TYPE_CHECKING:
    from halfmoon_a11y.play.session import Session

MOVES_SAID = 10  # `moves` says at most the last ten removals


def run_pick(session: Session, command: Pick) -> Answer:
    return session.pick(command.locations)


def run_undo(session: Session, command: Undo) -> Answer:
    return session.undo()


def run_redo(session: Session, command: Redo) -> Answer:
    return session.redo()


def run_new(session: Session, command: New) -> Answer:
    """Asks once when the game has moves; `new` again leaves it."""
    if session.ask_before_leaving():
        recorded = not session.store.saves_nothing
        return Answer((NewAsked(session.game.moves, session.won_once, recorded),))
    return session.deal_anew(command.code)


def run_board(session: Session, command: Board) -> Answer:
    return Answer((BoardShown(session.view()),))


def run_pile(session: Session, command: ShowPile) -> Answer:
    return Answer((PileShown(session.spot(command.location)),))


def run_reserve(session: Session, command: ShowReserve) -> Answer:
    return Answer((ReserveShown(session.view().reserve),))


def run_info(session: Session, command: Info) -> Answer:
    return Answer((session.info(),))


def run_code(session: Session, command: ShowCode) -> Answer:
    return Answer((CodeShown(session.code),))


def run_selection(session: Session, command: ShowSelection) -> Answer:
    game = session.game
    return Answer((SelectionShown(game.selection, game.missing_ranks()),))


def run_repeat(session: Session, command: Repeat) -> Answer:
    session.keep_question()
    return Answer(repeat=command.back)


def run_hidden(session: Session, command: ShowHidden) -> Answer:
    return Answer((HiddenShown(session.hidden()),))


def run_moves(session: Session, command: ShowMoves) -> Answer:
    history = session.game.history
    first = max(0, len(history) - (command.count or MOVES_SAID))
    return Answer((MovesShown(history[first:], len(history), first + 1),))


def run_help(session: Session, command: Help) -> Answer:
    return Answer((HelpShown(command.topic),))


def run_change(session: Session, command: Change) -> Answer:
    return session.change(command.setting, command.value)


def run_settings(session: Session, command: ShowSettings) -> Answer:
    values = session.settings.value
    return Answer((SettingsShown(tuple((key, values(spec)) for key, spec in SETTINGS.items())),))


def run_stats(session: Session, command: Stats) -> Answer:
    return Answer((StatsShown(session.store.summary()),))


def run_quit(session: Session, command: Quit) -> Answer:
    return Answer(leaving=True)


def run_tops(session: Session, command: ShowTops) -> Answer:
    view = session.view()
    return Answer((TopsShown((*view.piles, *view.reserve), session.settings.heights),))


# -- commands no word types: an empty line, and the prompt's Escape -------------------


def run_blank(session: Session, command: Blank) -> Answer:
    session.keep_question()  # an empty line keeps `new`'s question open
    return Answer()


def run_drop(session: Session, command: DropSelection) -> Answer:
    dropped = session.drop_selection()
    return Answer(tuple(dropped) or (SelectionShown((), ()),))  # "Nothing is selected."
