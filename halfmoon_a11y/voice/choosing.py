"""Speech auto's choice of voice, made on a thread of its own beside the opening (issue
20): the screen-reader check can take several hundred milliseconds (tasklist on
Windows), and the opening does not wait for it. `Speech.settle` takes the choice (voice/speech.py).
"""

from __future__ import annotations

from collections.abc import Callable

from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.voice.speaker import Voice

SpeakerFactory = Callable[[Settings], Voice]

CHOICE_WAIT = 3.0  # seconds `settle` waits for the voice's choice (its checks are bounded less)
# seconds the opening waits for that choice on macOS (ps: at most 0.5 s, usually a few ms)
MACOS_CHOICE_WAIT = 1.0


class Choosing:
    """A speaker factory run on a thread of its own, begun at once; `voice` waits for
    what it made. A voice made after it was given up on is closed unheard."""

    def __init__(self, factory: SpeakerFactory, settings: Settings) -> None:
        import threading  # loaded already when the voice may speak: its worker is a thread

        self._lock = threading.Lock()
        self._done = threading.Event()
        self._voice: Voice | None = None
        self._error: Exception | None = None
        self._given_up = False
        thread = threading.Thread(
            target=self._make, args=(factory, settings), name="halfmoon-voice-choice", daemon=True
        )
        thread.start()

    def _make(self, factory: SpeakerFactory, settings: Settings) -> None:
        try:
            voice = factory(settings)
        except Exception as error:
            with self._lock:
                self._error = error
            self._done.set()
            return
        with self._lock:
            self._voice = voice
            late = self._given_up
        self._done.set()
        if late:
            voice.speaker.close()

    def made(self, seconds: float) -> bool:
        """Whether the factory has ended (made a voice, or failed), waiting at most
        `seconds`."""
        return self._done.wait(seconds)

    def voice(self, seconds: float) -> Voice | None:
        """The voice made, waiting at most `seconds`; None if it is not made by then (it
        is given up on). A bug in the factory is raised here."""
        self._done.wait(seconds)
        with self._lock:
            if self._error is not None:
                raise self._error
            if self._voice is None:
                self._given_up = True
            return self._voice

    def abandon(self) -> None:
        """Given up on: its voice, made or still to come, is closed."""
        with self._lock:
            voice, self._given_up = self._voice, True
        if voice is not None:
            voice.speaker.close()
