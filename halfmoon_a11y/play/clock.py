"""The game clock: started by the first tap, stopped by a win or a block. Time is injected."""

from __future__ import annotations

import time
from collections.abc import Callable


class GameClock:
    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        self._now = now
        self._banked = elapsed
        self._since: float | None = None

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def started(self) -> bool:
        return self.running or self._banked > 0

    def start(self) -> None:
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        if self._since is not None:
            self._banked += self._now() - self._since
            self._since = None

    @property
    def seconds(self) -> float:
        """Seconds on the clock, with their fraction (for saving)."""
        running = self._now() - self._since if self._since is not None else 0.0
        return self._banked + running

    @property
    def elapsed(self) -> int:
        """Whole seconds on the clock."""
        return int(self.seconds)
