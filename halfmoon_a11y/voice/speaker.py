"""The speaker interface the front ends talk to, and its simple implementations.

A speaker must never make the player wait: `speak` returns at once, and
`interrupt` silences what is playing and drops what is queued, as screen
readers do when a key is pressed.
"""

from __future__ import annotations

from collections.abc import Sequence

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.values import record
from halfmoon_a11y.play.answers import SpeechTrouble

if TYPE_CHECKING:
    from typing import Protocol

    class Speaker(Protocol):
        """What a front end needs of a speaker (for type checkers; the speakers below and
        voice.worker's ThreadedSpeaker have it)."""

        def speak(self, lines: Sequence[str]) -> None: ...

        def interrupt(self) -> None: ...

        def adjust(self, field: str, value: object) -> None:
            """A setting the voice follows changed (by its field name: language, rate)."""
            ...

        def drain(self, seconds: float) -> bool:
            """Wait, at most `seconds`, until all that was asked is said; whether it was."""
            ...

        def close(self) -> None: ...

        def play(self, files: Sequence[str]) -> None:
            """Sound files (earcons), played before the words that follow them."""
            ...

        @property
        def failure(self) -> SpeechTrouble | None:
            """Why speech stopped working, once: a reason code, then None again."""
            ...


class SilentSpeaker:
    """Says nothing: speech off, no engine, or the JSON mode."""

    failure: SpeechTrouble | None = None

    def speak(self, lines: Sequence[str]) -> None:
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


@record
class Voice:
    """The speaker chosen, why the game's own voice is silent when it cannot speak, and the
    screen reader that speaks instead when speech auto found one."""

    speaker: Speaker
    trouble: SpeechTrouble | None = None
    reader: str | None = None

    @property
    def own(self) -> bool:
        """Whether the game's own voice speaks (a speaker that plays sounds only does not)."""
        return not isinstance(self.speaker, SilentSpeaker) and getattr(self.speaker, "speaks", True)
