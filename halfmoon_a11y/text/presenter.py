"""Events into sentences for the ear: the important word first, short sentences, no symbols.

One presenter serves the terminal, the speech output, the JSON mode's messages
and the snapshot tests. `render` returns the lines to print (and to speak).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.cards import Rank
from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.errors import HalfMoonError
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.play.commands import KEYS, READER_TOPIC, RULES, TABLE
from halfmoon_a11y.play.lexicon import lexicon
from halfmoon_a11y.play.messages import N_, BySurface
from halfmoon_a11y.play.settings import SETTINGS, AnswerLength
from halfmoon_a11y.play.views import Spot
from halfmoon_a11y.store import notices as sn
from halfmoon_a11y.text import memory, notices, refusals
from halfmoon_a11y.text.help import Helper
from halfmoon_a11y.text.table import TableWords, upper_first
from halfmoon_a11y.text.words import Words

# A language named in a sentence of another ("No Catalan voice"); a language
# not named here is called by its own name.
LANGUAGE_NAMES = {"en": N_("English"), "ca": N_("Catalan"), "da": N_("Danish")}
# What a setting of the seed does, said when it is switched on: "Move errors: on" alone
# sounds to a newcomer like errors switched on
SWITCHED_ON = {
    "move-errors": N_("When a move fails, the game says why."),
    "placement-help": N_("When you select a card, the game names the cards it combines with."),
}
# Said when a game is left: a page is not started again, it is opened.
SAVED_FOR_LATER = BySurface(
    N_("The game is saved. It comes back when you start again."),
    N_("The game is saved. It comes back when you open this page again."),
)
GOODBYE = BySurface(N_("Goodbye."), N_("You can close this page."))
TRIO_NEEDS = {
    (Rank.JACK,): N_("A jack completes the trio."),
    (Rank.QUEEN,): N_("A queen completes the trio."),
    (Rank.KING,): N_("A king completes the trio."),
    (Rank.QUEEN, Rank.KING): N_("A queen and a king complete the trio."),
    (Rank.JACK, Rank.KING): N_("A jack and a king complete the trio."),
    (Rank.JACK, Rank.QUEEN): N_("A jack and a queen complete the trio."),
}


def news_first(events: Sequence[se.SessionEvent]) -> list[se.SessionEvent]:
    """A win or a block that a removal caused comes before the removal: it is the news."""
    if not any(type(event) is se.GameWon or type(event) is ev.Blocked for event in events):
        return list(events)  # most answers
    news = [event for event in events if isinstance(event, se.GameWon | ev.Blocked)]
    rest = [event for event in events if not isinstance(event, se.GameWon | ev.Blocked)]
    at = next((i for i, e in enumerate(rest) if isinstance(e, ev.Removed | ev.Redone)), None)
    if at is None:  # no removal (a block after an undo): as it happened
        return list(events)
    return [*rest[:at], *news, *rest[at:]]


def _missing_after(selected: Sequence[Rank]) -> tuple[Rank, ...]:
    """What a half-built trio of two face cards still needs; nothing otherwise."""
    if len(selected) != 2 or not all(rank.is_face for rank in selected):
        return ()
    return tuple(rank for rank in (Rank.JACK, Rank.QUEEN, Rank.KING) if rank not in selected)


if TYPE_CHECKING:
    from typing import Any, TypeVar

    Method = TypeVar("Method", bound=Callable[..., list[str]])
_RENDERERS: dict[type, Callable[[Presenter, Any], list[str]]] = {}  # event type -> method


def _renders(kind: type) -> Callable[[Method], Method]:
    """Marks the presenter's method for one type of event: a dispatch table, looked up
    once per event (functools.singledispatchmethod built a wrapper at every call)."""

    def mark(method: Method) -> Method:
        _RENDERERS[kind] = method
        return method

    return mark


def wording(kind: type) -> Callable[[Method], Method]:
    """The sentences of a notice of an adapter above the words (the voice's),
    given where the notice is defined, as a function of the presenter and the event."""
    return _renders(kind)


class Presenter:
    def __init__(self, words: Words | None = None) -> None:
        self.words = words or Words()

    def order(
        self,
        answer: se.Answer,
        table: bool = True,
        last: Sequence[se.SessionEvent] = (),
        kept: int = 1,
    ) -> list[se.SessionEvent]:
        """The one place that decides the order of what an answer says.

        - A deal: its own lines (the deal, the score of a resumed game), then the notices
          (which voice speaks, files, other windows), then the table (`table`: for front
          ends that read it; the JSON mode sends the state instead), then a block.
        - Anything else: what happened, then the notices, then the goodbye of `quit`. A
          win or a block is the news: said before the removal that caused it.
        - `repeat`: the notices, then `last`, the events of the last answer, as they were
          (`repeat 3`: of the answer it names, one of the `kept` the front end holds).
        """
        if answer.repeat:
            return [se.RepeatAsked(answer.repeat, kept), *answer.notices, *last]
        events = news_first(answer.events)
        if not (answer.deal or answer.notices or answer.leaving):
            return events  # most answers: what happened, and nothing more
        if answer.deal:
            board = [se.BoardShown(answer.table)] if table and answer.table is not None else []
            said = [*answer.deal, *answer.notices, *board, *events]
        else:
            said = [*events, *answer.notices]
        if answer.leaving:
            said.append(se.QuitAsked())
        return said

    def parts(
        self,
        events: Sequence[se.SessionEvent],
        skip: Callable[[Exception], None] | None = None,
    ) -> list[tuple[se.SessionEvent, list[str]]]:
        """Each event with its sentences, in the order given (`order`'s): the text is all
        of them, one after the other, and the JSON mode's message for each event is its
        own. A removal is one value and one part: the outcome and the places it changed;
        at a win, the victory (said before it) is all the news. `skip`: a part whose
        wording meets a bug is said as nothing, and `skip` told, so the rest is said."""
        won = any(type(event) is se.GameWon for event in events)
        said: list[tuple[se.SessionEvent, list[str]]] = []
        for event in events:
            try:
                if isinstance(event, ev.Removed | ev.Redone):
                    lines = self.removal(event, won)
                else:
                    lines = self.render(event)
            except Exception as error:
                if skip is None:
                    raise
                skip(error)
                lines = []
            said.append((event, lines))
        return said

    def render_all(
        self,
        events: Sequence[se.SessionEvent],
        skip: Callable[[Exception], None] | None = None,
    ) -> list[str]:
        """The sentences for a list of events, in order (`parts`)."""
        return [line for _, lines in self.parts(events, skip) for line in lines]

    def messages(self, events: Sequence[se.SessionEvent]) -> list[str]:
        """One message per event (the JSON mode's): its own sentences, so that read in
        order the messages say exactly what the text front end says."""
        return [" ".join(lines) for _, lines in self.parts(events)]

    def removal(self, removed: ev.Removed | ev.Redone, won: bool = False) -> list[str]:
        """The news first: the outcome and the places it changed, on one line; then, with
        full answers, the score and the cards left. After a win, the outcome alone (the
        victory says the rest, and the table is empty)."""
        outcome = self.outcome(removed)
        if won:
            return [outcome]
        spots = [
            Spot(u.placed.location, u.placed.card, u.count)
            if isinstance(u, ev.Revealed)
            else Spot(u.location, None, 0)
            for u in removed.uncovered
        ]
        lines = [f"{outcome} {self.table.changed(spots)}" if spots else outcome]
        if self.full:
            lines.append(self.totals(removed.score, removed.left))
        return lines

    def outcome(self, removed: ev.Removed | ev.Redone) -> str:
        """ "Pair removed: five of spades and six of diamonds." """
        w = self.words
        cards = w.join([w.card(p.card) for p in removed.cards])
        if isinstance(removed, ev.Redone):  # redo: an undone removal made again
            if removed.kind is ev.Kind.PAIR:
                return w._("Redone, pair removed again, {cards}.").format(cards=cards)
            return w._("Redone, trio removed again, {cards}.").format(cards=cards)
        if removed.kind is ev.Kind.PAIR:
            return w._("Pair removed, {cards}.").format(cards=cards)
        return w._("Trio removed, {cards}.").format(cards=cards)

    @property
    def full(self) -> bool:
        """Whether answers are full: a move's answer ends with the score and cards left."""
        return self.words.answers is AnswerLength.FULL

    def totals(self, score: int, left: int) -> str:
        w = self.words
        return w._("Score {score}, {left}.").format(score=score, left=w.cards_left(left))

    @property
    def table(self) -> TableWords:
        return TableWords(self.words)

    def render(self, event: object) -> list[str]:
        """The sentences for one event, by the method `_renders` gave its type."""
        try:
            method = _RENDERERS[type(event)]
        except KeyError:
            raise TypeError(f"no sentence for {event!r}") from None
        return method(self, event)

    # -- taps --------------------------------------------------------------------

    @_renders(ev.Selected)
    def _selected(self, event: ev.Selected) -> list[str]:
        missing = [p.card.rank for p in event.selection]
        return [self.selection(event.selection or (event.placed,), _missing_after(missing))]

    def selection(self, selection: Sequence[ev.Placed], missing: Sequence[Rank]) -> str:
        """ "Selected: jack of clubs, pile 7; queen of hearts, pile 6. A king completes the
        trio." """
        w = self.words
        if not selection:
            return w._("Nothing is selected.")
        cards = w.listing([w.placed(p) for p in selection])
        if len(selection) == 1:
            line = w._("Selected, {card}.").format(card=cards)
        else:
            line = w.ngettext("Selected, {cards}.", "Selected, {cards}.", len(selection))
            line = line.format(cards=cards)
        if missing and len(missing) < 3:
            line += " " + w._(TRIO_NEEDS[tuple(missing)])
        return line

    @_renders(ev.SelectionDropped)
    def _dropped(self, event: ev.SelectionDropped) -> list[str]:
        w = self.words
        cards = w.listing([w.placed(p) for p in event.dropped])
        return [w._("Dropped the selection, {cards}.").format(cards=cards)]

    @_renders(se.SelectionShown)
    def _selection_shown(self, event: se.SelectionShown) -> list[str]:
        return [self.selection(event.selection, event.missing)]

    @_renders(ev.Deselected)
    def _deselected(self, event: ev.Deselected) -> list[str]:
        return [self.words._("Deselected, {card}.").format(card=self.words.placed(event.placed))]

    @_renders(ev.SelectionCleared)
    def _cleared(self, event: ev.SelectionCleared) -> list[str]:
        w = self.words
        cards = w.listing([w.placed(p) for p in (*event.cleared, event.tapped)])
        return [w._("No match, {cards}. Selection cleared.").format(cards=cards)]

    @_renders(ev.SelectionReplaced)
    def _replaced(self, event: ev.SelectionReplaced) -> list[str]:
        w = self.words
        return [
            w._("Same rank. The only selected card is now {card}.").format(
                card=w.placed(event.selected)
            )
        ]

    @_renders(ev.EmptyTapped)
    def _empty(self, event: ev.EmptyTapped) -> list[str]:
        place = self.words.place(event.location)
        return [self.words._("Empty, {place}. Nothing to tap there.").format(place=place)]

    # -- removals and undo -----------------------------------------------------------

    @_renders(ev.Removed)
    def _removed(self, event: ev.Removed) -> list[str]:
        return self.removal(event)

    @_renders(ev.Redone)
    def _redone(self, event: ev.Redone) -> list[str]:
        return self.removal(event)

    @_renders(ev.Undone)
    def _undone(self, event: ev.Undone) -> list[str]:
        w = self.words
        cards = w.listing([w.placed(p) for p in event.cards])
        if event.kind is ev.Kind.PAIR:
            text = w._("Undone, pair back in place, {cards}.")
        else:
            text = w._("Undone, trio back in place, {cards}.")
        if not self.full:
            return [text.format(cards=cards)]
        return [f"{text.format(cards=cards)} {self.totals(event.score, event.left)}"]

    @_renders(ev.Blocked)
    def _blocked(self, event: ev.Blocked) -> list[str]:
        return [
            self.words._(
                "Blocked. No pair and no trio can be played. "
                "Type undo to take back a move, or new for a new game."
            )
        ]

    @_renders(ev.Unblocked)
    def _unblocked(self, event: ev.Unblocked) -> list[str]:
        return [self.words._("No longer blocked. A pair or a trio can be played.")]

    @_renders(se.GameWon)
    def _won(self, event: se.GameWon) -> list[str]:
        w = self.words
        return [
            w._(
                "Victory. All 104 cards removed. Score {score}, {moves}, time {time}. "
                "Type new for a new game."
            ).format(score=event.score, moves=w.moves(event.moves), time=w.duration(event.elapsed))
        ]

    # -- the session's own events ------------------------------------------------------

    @_renders(se.Dealt)
    def _dealt(self, event: se.Dealt) -> list[str]:
        if event.resumed:
            text = self.words._("Game resumed, deal {code}. Type help for the commands.")
        else:
            text = self.words._("New game, deal {code}. Type help for the commands.")
        said = [text.format(code=self.words.code(event.code))]
        said += [self.helper.announcement(SETTINGS[key], True) for key in event.advice_on]
        return [" ".join(said)]

    @_renders(se.MoveError)
    def _move_error(self, event: se.MoveError) -> list[str]:
        return [self.move_error(event.reason) + "."]

    def move_error(self, reason: ev.Reason) -> str:
        """The seed's own wording of a move error, without a full stop."""
        if reason is ev.Reason.SUM:
            return self.words._("The sum must be 11")
        return self.words._("A jack, a queen and a king are needed")

    @_renders(se.PlacementHelp)
    def _placement_help(self, event: se.PlacementHelp) -> list[str]:
        w = self.words
        if not event.cards:
            return [w._("Placement help, no playable card can combine with it.")]
        cards = w.listing([w.placed(p) for p in event.cards])
        return [w._("Placement help, can combine with {cards}.").format(cards=cards)]

    @_renders(se.BoardShown)
    def _board(self, event: se.BoardShown) -> list[str]:
        view = event.view
        return self.table.spots((*view.piles, *view.reserve), view.selection)

    @_renders(se.PileShown)
    def _pile(self, event: se.PileShown) -> list[str]:
        return [self.table.spot(event.spot)]

    @_renders(se.ReserveShown)
    def _reserve(self, event: se.ReserveShown) -> list[str]:
        return self.table.spots(event.spots)

    @_renders(se.TopsShown)
    def _tops(self, event: se.TopsShown) -> list[str]:
        """The playable cards by value, then the empty places summed up. What is there,
        never what to play: no pair or trio is named."""
        groups = event.groups()
        lines = [self.table.tops(groups, event.heights_of())] if groups else []
        empty = event.empty()
        if empty:
            lines.append(self.table.empty(empty))
        return lines

    @_renders(se.InfoShown)
    def _info(self, event: se.InfoShown) -> list[str]:
        w = self.words
        if event.with_code:
            text = w._("Time {time}. Score {score}. {moves}. {left}. Deal {code}.")
        else:
            text = w._("Time {time}. Score {score}. {moves}. {left}.")
        line = text.format(
            time=w.duration(event.elapsed),
            score=event.score,
            moves=upper_first(w.moves(event.moves)),
            left=upper_first(w.cards_left(event.left)),
            code=w.code(event.code),
        )
        if event.status is ev.Status.BLOCKED:
            line += " " + w._("The game is blocked.")
        elif event.status is ev.Status.WON:
            line += " " + w._("The game is won.")
        if event.selection:
            return [line, self.selection(event.selection, event.missing)]
        return [line]

    @_renders(se.CodeShown)
    def _code(self, event: se.CodeShown) -> list[str]:
        return [self.words._("Deal {code}.").format(code=event.code)]

    @_renders(se.SettingChanged)
    def _setting(self, event: se.SettingChanged) -> list[str]:
        said = self.helper.announcement(SETTINGS[event.setting], event.value)
        if event.value is True and event.setting in SWITCHED_ON:
            said += " " + self.words._(SWITCHED_ON[event.setting])
        return [said]

    @_renders(se.HelpShown)
    def _help(self, event: se.HelpShown) -> list[str]:
        if event.topic is None:
            return self.helper.overview()
        if event.topic == RULES:
            return self.helper.rules()
        if event.topic == KEYS:
            return self.helper.keys()
        if event.topic == TABLE:
            return self.helper.table()
        if event.topic == READER_TOPIC:
            return self.helper.screen_reader()
        return self.helper.topic(event.topic)

    @_renders(pe.CursorMoved)
    def _cursor(self, event: pe.CursorMoved) -> list[str]:
        selection = (event.spot.location,) if event.selected else ()
        line = self.table.spot(event.spot, selection)
        if event.edge:  # said too, not only sounded: sounds may be off, or braille only
            line = self.words._("End of the table. {place}").format(place=line)
        return [line]

    @_renders(pe.CursorUnset)
    def _no_cursor(self, event: pe.CursorUnset) -> list[str]:
        return [self.words._("No place under the cursor yet. The arrow keys choose one.")]

    @_renders(pe.LineCleared)
    def _line_cleared(self, event: pe.LineCleared) -> list[str]:
        return [self.words._("Line cleared.")]

    @property
    def helper(self) -> Helper:
        return Helper(self.words)

    @_renders(se.Failed)
    def _failed(self, event: se.Failed) -> list[str]:
        w = self.words
        if event.part is se.Part.VOICE_START:  # at start-up, speech auto's choice
            lines = [w._("Something went wrong while starting the voice. The game goes on.")]
        elif event.part is se.Part.VOICE:  # the voice is off; the words and sounds go on
            lines = [
                w._("Speech stopped. Something went wrong in the game's voice. The game goes on.")
            ]
        elif event.part is se.Part.SOUNDS:  # the sounds are off; the words and voice go on
            lines = [w._("Sounds stopped. Something went wrong in them. The game goes on.")]
        elif event.saved:
            lines = [w._("Something went wrong with that command. The game is saved and goes on.")]
        else:  # a window that saves nothing, a full disk
            lines = [w._("Something went wrong with that command. The game goes on.")]
        if event.log is not None:
            lines.append(w._("The details are in {path}.").format(path=w.path(event.log)))
        return lines

    @_renders(se.RepeatAsked)
    def _repeat(self, event: se.RepeatAsked) -> list[str]:
        return memory.repeat(self.words, event)  # then the front end says the answer again

    @_renders(se.SettingsShown)
    def _settings(self, event: se.SettingsShown) -> list[str]:
        return [self.helper.glance(event.values)]

    @_renders(se.HiddenShown)
    def _hidden(self, event: se.HiddenShown) -> list[str]:
        return memory.hidden(self.words, event)

    @_renders(se.MovesShown)
    def _moves(self, event: se.MovesShown) -> list[str]:
        return memory.moves(self.words, event)

    @_renders(se.NewAsked)
    def _new_asked(self, event: se.NewAsked) -> list[str]:
        w = self.words
        if not event.recorded:  # a window that saves nothing: leaving it is recorded nowhere
            text = w._(
                "This game has {moves}. Type {new} again to leave it. "
                "This window saves nothing, so nothing is recorded."
            )
        elif event.won:  # won, then undone: the win is recorded, and leaving it changes nothing
            text = w._(
                "This game has {moves}. It counts as won already. Type {new} again to leave it."
            )
        else:
            text = w._(
                "This game has {moves}. Type {new} again to leave it. It counts as abandoned."
            )
        return [text.format(moves=w.moves(event.moves), new=self.helper.local_name("new"))]

    @_renders(sn.GameKept)
    def _kept(self, event: sn.GameKept) -> list[str]:
        w = self.words
        if event.aside:
            return [
                w._(
                    "Game {code}, with {moves}, is kept. Type {new} {code} to go back to it."
                ).format(
                    code=w.code(event.code),
                    moves=w.moves(event.moves),
                    new=self.helper.local_name("new"),
                )
            ]
        return [w._(SAVED_FOR_LATER)]

    @_renders(se.QuitAsked)
    def _quit(self, event: se.QuitAsked) -> list[str]:
        return [self.words._(GOODBYE)]

    @_renders(se.StatsShown)
    def _stats(self, event: se.StatsShown) -> list[str]:
        w, summary = self.words, event.summary
        if not summary.played:
            return [w._("Statistics. No games recorded yet.")]
        if summary.best_seconds is None:
            best = w._("Best time, no game won yet.")
        else:
            best = w._("Best time, {time}.").format(time=w.duration(summary.best_seconds))
        return [
            w._(
                "Games played {played}. Won {won}. Blocked {blocked}. Abandoned {abandoned}."
            ).format(
                played=summary.played,
                won=summary.won,
                blocked=summary.blocked,
                abandoned=summary.abandoned,
            ),
            w._("Win rate, {percent} percent.").format(percent=summary.win_percent),
            best,
            w._("Current winning streak, {current}. Longest winning streak, {longest}.").format(
                current=summary.current_streak, longest=summary.longest_streak
            ),
        ]

    @_renders(sn.StorageProblem)
    def _storage(self, event: sn.StorageProblem) -> list[str]:
        return [notices.storage(self.words, event)]

    def language_name(self, code: str) -> str:
        """A language's name in the words' language: Catalan, català, catalansk."""
        name = LANGUAGE_NAMES.get(code)
        return self.words._(name) if name is not None else lexicon(code).name

    @_renders(se.Refused)
    def _refused(self, event: se.Refused) -> list[str]:
        return [self.error(event.error)]

    def error(self, error: HalfMoonError) -> str:
        """A refusal, in one line: what was wrong and what would be accepted."""
        return refusals.said(self.words, self.helper, error)

    def usage(self, name: str) -> str:
        """How a command is typed, for the ear: "pick, then one to three places, …"."""
        return self.helper.how(name)
