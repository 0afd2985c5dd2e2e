"""The one owner of what a player is told: an answer becomes a `Told`, made once.

A `Teller` holds the words of one surface (the terminal's, the page's, the JSON
mode's) and the memory behind `repeat`. For each answer it decides the order of its
parts (`Presenter.order`: news first), words each part once, and keeps what was said
for `repeat`; what the synthesiser hears of it (`spoken`) is worded here too. The
front ends only deliver a `Told`: written, spoken, sent as JSON or given to a page;
none of them words, orders or remembers anything.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from halfmoon_a11y.core.values import record
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play.commands import REPEAT_DEPTH
from halfmoon_a11y.play.messages import N_, Surface
from halfmoon_a11y.play.settings import CardNames, Settings
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words

SAVED = N_("Something went wrong with that command. The game is saved and goes on.")
NOT_SAVED = N_("Something went wrong with that command. The game goes on.")


@record
class Told:
    """One answer as the player is told it: its events in the order said, the
    sentences of each (`parts`), and all the lines, one after the other. `whole`:
    False when wording a part met a bug, and that part is left out."""

    events: list[se.SessionEvent]
    parts: list[list[str]]
    whole: bool = True

    @property
    def lines(self) -> list[str]:
        return [line for lines in self.parts for line in lines]

    @property
    def messages(self) -> list[str]:
        """One message an event (the JSON mode's): read in order, they are the text."""
        return [" ".join(lines) for lines in self.parts]


class Teller:
    """Words answers for one surface and remembers them for `repeat`.

    `table`: a deal is followed by the table (the JSON mode sends the state instead).
    `names_repeat`: a plain `repeat` keeps its own event first (the JSON mode says
    that what follows happened before); elsewhere `repeat` says the answer alone.
    `parts_on_failure`: when wording an answer meets a bug, the parts that can still be
    worded are said before the failure (the JSON mode sends the failure alone)."""

    def __init__(
        self,
        surface: str = Surface.TERMINAL,
        home: str = "",
        table: bool = True,
        names_repeat: bool = False,
        parts_on_failure: bool = True,
    ) -> None:
        self.surface = surface
        self.home = home
        self.table = table
        self.names_repeat = names_repeat
        self.parts_on_failure = parts_on_failure
        self.presenter = Presenter(Words(surface=surface, home=home))
        self.heard = Heard()
        self._followed: Settings | None = None
        self._ear: Presenter | None = None  # the words for the synthesiser, made when asked

    @property
    def words(self) -> Words:
        return self.presenter.words

    def follow(self, settings: Settings) -> None:
        """The words of the player's settings (language, card names, answers); settings
        are immutable, so a change is a new object."""
        if settings is self._followed:
            return
        self._followed = settings
        self.presenter.words = Words(
            settings.language, settings.cards, settings.answers, self.surface, self.home
        )

    def tell(self, answer: se.Answer) -> Told:
        """The answer in the presenter's order, kept for `repeat` (a repeat is not)."""
        events = self.heard.repeated(self.presenter, answer, self.table)
        heard = self.heard.heard(answer, events)
        return self.told(events if self.names_repeat else heard)

    def tell_in_part(self, answer: se.Answer, failure: se.Failed) -> Told:
        """Saying `answer` met a bug: every part that can still be worded, then the
        failure; not kept for `repeat`."""
        events: list[se.SessionEvent] = [failure]
        if self.parts_on_failure:
            events = [*self.heard.repeated(self.presenter, answer, self.table), failure]
        said = self.presenter.parts(events, skip=_unsaid)
        return Told([event for event, _ in said], [lines for _, lines in said], whole=False)

    def told(self, events: Sequence[se.SessionEvent]) -> Told:
        """Events worded as they are, in this order, and not remembered (a note)."""
        said = self.presenter.parts(events)
        return Told([event for event, _ in said], [lines for _, lines in said])

    def opening_with(
        self, opening: se.Answer, notes: list[se.SessionEvent]
    ) -> list[se.SessionEvent]:
        """The opening said again with notes that came after it (the voice chosen), as
        `repeat` will now say it: the notes last, where they were written, after the
        table (a player who heard the screen hears it again in the same order)."""
        events = [*self.presenter.order(opening, table=self.table), *notes]
        self.heard.replace_last(events)
        return events

    def spoken(
        self,
        events: Sequence[se.SessionEvent],
        language: str,
        skip: Callable[[Exception], None] | None = None,
    ) -> list[str]:
        """What the synthesiser hears of `events`: the same sentences with full card names
        whatever the card-name setting, deal codes spelled out, in `language` (the
        player's, or the one the voice speaks when it has none for theirs). `skip`: a
        part whose wording meets a bug is left out, and `skip` told."""
        words = self.words
        ear = self._ear
        if ear is None or ear.words.language != language or ear.words.answers != words.answers:
            ear = self._ear = Presenter(
                Words(language, CardNames.FULL, words.answers, self.surface, self.home)
            )
        return [for_the_ear(line) for line in ear.render_all(events, skip)]

    def plainly(self, saved: bool) -> str:
        """The failure sentence in the player's language if the catalog still answers,
        else in English: said when even the presenter fails."""
        text = SAVED if saved else NOT_SAVED
        try:
            return self.words._(text)
        except Exception:
            return text


def _unsaid(error: Exception) -> None:
    """A part of an answer left unsaid: the bug that hid it is written down already."""


class Heard:
    """The answers said, for `repeat` and `repeat 3`: the last REPEAT_DEPTH, each as
    `remembered` keeps it, newest last. A repeat is not kept: `repeat 2` twice says the
    same answer."""

    def __init__(self) -> None:
        self._answers: deque[list[se.SessionEvent]] = deque(maxlen=REPEAT_DEPTH)

    def keep(self, events: list[se.SessionEvent]) -> None:
        self._answers.append(remembered(events))

    def replace_last(self, events: list[se.SessionEvent]) -> None:
        """The last answer as it is now said (the opening, with the voice chosen)."""
        if self._answers:
            self._answers.pop()
        self.keep(events)

    def back(self, answers: int) -> list[se.SessionEvent]:
        """The answer said `answers` answers ago (1: the last); empty when not kept."""
        if not 1 <= answers <= len(self._answers):
            return []
        return self._answers[-answers]

    def __len__(self) -> int:
        return len(self._answers)

    def repeated(
        self, presenter: Presenter, answer: se.Answer, table: bool
    ) -> list[se.SessionEvent]:
        """The answer in the presenter's order; for a repeat, the answer it asks for."""
        back = answer.repeat or 1
        return presenter.order(answer, table=table, last=self.back(back), kept=len(self))

    def heard(self, answer: se.Answer, events: list[se.SessionEvent]) -> list[se.SessionEvent]:
        """What the player hears of an answer in `Presenter.order`'s order, kept unless it
        is a repeat. A plain `repeat` says nothing of its own: the `repeat` event is left
        out. `repeat 3` says first how far back the answer was."""
        if not answer.repeat:
            if events:
                self.keep(events)
            return events
        return events if answer.repeat > 1 else events[1:]


def remembered(events: list[se.SessionEvent]) -> list[se.SessionEvent]:
    """What `repeat` says again of an answer: all of it, but a bug's log path, which is
    said once, and the voice or the sounds stopping, said once too."""
    if se.Failed not in map(type, events):
        return events
    return [
        se.Failed(saved=event.saved, part=event.part) if isinstance(event, se.Failed) else event
        for event in events
        if not (isinstance(event, se.Failed) and event.part in _SAID_ONCE)
    ]


_SAID_ONCE = (se.Part.VOICE, se.Part.SOUNDS)
