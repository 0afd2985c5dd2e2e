"""The speaker interface the front ends talk to, and its simple implementations.

A speaker must never make the player wait: `speak` returns at once, and
`interrupt` silences what is playing and drops what is queued, as screen
readers do when a key is pressed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.lexicon import LEXICONS, SOURCE
from halfmoon_a11y.voice.notices import SpeechTrouble

if TYPE_CHECKING:
    from typing import Protocol

    class Speaker(Protocol):
        """What a front end needs of a speaker (for type checkers; the speakers below and
        voice.worker's ThreadedSpeaker have it)."""

        speaks: bool  # it says words: the game's own voice (else it plays sounds only)

        def speak(self, lines: Sequence[str], sounds: Sequence[str] = ()) -> None:
            """Lines to say, `sounds` (the answer's earcon files) heard with the first
            (beside the words, never before them), or alone without lines."""
            ...

        def interrupt(self) -> None: ...

        def adjust(self, field: str, value: object) -> None:
            """A setting the voice follows changed (by its field name: language, rate)."""
            ...

        def drain(self, seconds: float) -> bool:
            """Wait, at most `seconds`, until all that was asked is said; whether it was."""
            ...

        def close(self) -> None: ...

        def play(self, files: Sequence[str]) -> None:
            """Sound files (earcons), played in the queue's order (a sounds-only player)."""
            ...

        @property
        def failure(self) -> SpeechTrouble | None:
            """Why speech stopped working, once: a reason code, then None again."""
            ...


class SilentSpeaker:
    """Says nothing: speech off, no engine, or the JSON mode."""

    failure: SpeechTrouble | None = None
    speaks = False

    def speak(self, lines: Sequence[str], sounds: Sequence[str] = ()) -> None:
        pass

    def interrupt(self) -> None:
        pass

    def adjust(self, field: str, value: object) -> None:
        pass

    def drain(self, seconds: float) -> bool:
        return True

    def close(self) -> None:
        pass

    def play(self, files: Sequence[str]) -> None:
        pass


class VoiceNames:
    """Which voice speaks each of the game's languages, told by the speech thread once its
    engine is up (SAPI5 may have no Catalan or Danish voice, a Linux machine
    may lack espeak-ng's). The front end waits for it, briefly, to know what to say."""

    def __init__(self) -> None:
        import threading  # made only when the game's own voice may speak: not at every start

        self._known = threading.Event()
        self._names: Mapping[str, str] | None = None
        self.failed = False  # the engine could not start: the game's own voice never speaks
        self.trouble = SpeechTrouble.NO_ENGINE  # why, when it failed

    def tell(self, names: Mapping[str, str] | None) -> None:
        """The voice's name for each language that has one; None: the engine's voices
        could not be read (then every language is spoken as before, by the default)."""
        self._names = names
        self._known.set()

    def give_up(self, trouble: SpeechTrouble = SpeechTrouble.NO_ENGINE) -> None:
        """The engine could not start (`trouble`: why): the front end says so in place of
        the line that says which voice speaks (the two would contradict each other)."""
        self.failed, self.trouble = True, trouble
        self.tell(None)

    def wait(self, seconds: float) -> bool:
        """Whether the engine has told its voices, waiting at most `seconds`."""
        return self._known.wait(seconds)

    def speaks(self, language: str) -> tuple[str | None, str | None]:
        """The language the voice speaks for a player of `language`, and the voice's
        name: the language itself when a voice speaks it (or when it cannot be told),
        else English, else the first language with a voice; (None, None): none has one."""
        names = self._names
        if not self._known.is_set() or names is None:
            return language, None
        for code in (language, SOURCE, *LEXICONS):
            if code in names:
                return code, names[code]
        return None, None


@record
class Voice:
    """The speaker chosen, why the game's own voice is silent when it cannot speak, and the
    screen reader that speaks instead when speech auto found one."""

    speaker: Speaker
    trouble: SpeechTrouble | None = None
    reader: str | None = None
    names: VoiceNames | None = None  # the voices of the game's own voice, once known

    @property
    def own(self) -> bool:
        """Whether the game's own voice speaks (a speaker that plays sounds only does not)."""
        return self.speaker.speaks
