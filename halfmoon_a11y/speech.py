"""The speaker interface the front ends talk to, and its simple implementations.

A speaker must never make the player wait: `speak` returns at once, and
`interrupt` silences what is playing and drops what is queued, as screen
readers do when a key is pressed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Speaker(Protocol):
    def speak(self, lines: Sequence[str]) -> None: ...

    def interrupt(self) -> None: ...

    def set_language(self, language: str) -> None: ...

    def set_rate(self, rate: int) -> None: ...

    def close(self) -> None: ...

    @property
    def failure(self) -> str | None:
        """Why speech stopped working, once: a reason code, then None again."""
        ...


class SilentSpeaker:
    """Says nothing: speech off, no engine, or the JSON mode."""

    failure: str | None = None

    def speak(self, lines: Sequence[str]) -> None:
        pass

    def interrupt(self) -> None:
        pass

    def set_language(self, language: str) -> None:
        pass

    def set_rate(self, rate: int) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Remembers what it was asked to do, for tests: ("say", text), ("interrupt",), ..."""

    failure: str | None = None

    def __init__(self) -> None:
        self.log: list[tuple[str, ...]] = []

    def speak(self, lines: Sequence[str]) -> None:
        self.log.extend(("say", line) for line in lines)

    def interrupt(self) -> None:
        self.log.append(("interrupt",))

    def set_language(self, language: str) -> None:
        self.log.append(("language", language))

    def set_rate(self, rate: int) -> None:
        self.log.append(("rate", str(rate)))

    def close(self) -> None:
        self.log.append(("close",))

    def spoken(self) -> list[str]:
        """Every line it was asked to say, in order."""
        return [entry[1] for entry in self.log if entry[0] == "say"]
