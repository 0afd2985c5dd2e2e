"""Helpers for the tests: a hand-made table, a fake clock, transcripts."""

from __future__ import annotations

import json
import sys
import time
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from halfmoon_a11y.core.cards import Card
from halfmoon_a11y.core.dealcode import Deal, DealCode
from halfmoon_a11y.play.answers import Answer, SessionEvent
from halfmoon_a11y.play.dispatch import handle
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.start import Start
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.ui.jsonmode import event_json

FILLER = "10C"  # buried under the top card of a hand-made pile


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_deal(piles: Iterable[str], reserve: Iterable[str]) -> Deal:
    """A table from short strings, bottom to top: `"3D 8S JC"` is a pile with JC on top.

    An empty string is an empty pile; `"-"` in the reserve is an empty slot.
    """
    pile_list = [tuple(Card.parse(c) for c in pile.split()) for pile in piles]
    slots = [None if c == "-" else Card.parse(c) for c in reserve]
    assert len(pile_list) == 12 and len(slots) == 8
    return Deal(piles=tuple(pile_list), reserve=tuple(slots))  # type: ignore[arg-type]


def session_with(deal: Deal, code: DealCode | None = None, **kwargs) -> Session:
    """A session playing a hand-made table (under `code`, which names no real deal here)."""
    return Session(Start(code or DealCode(0), table=deal), **kwargs)


def said_kinds() -> set[type]:
    """Every kind of event a front end is given: the session's union, flattened, with the
    adapters' notices (`Notice`'s kinds, in `store.notices` and `voice.notices`) in place
    of their base, and without the engine's `Won`, which the session answers as `GameWon`
    (with the time the win counts)."""
    from types import UnionType
    from typing import get_args

    from halfmoon_a11y.core.events import Won
    from halfmoon_a11y.play.answers import Notice
    from halfmoon_a11y.store import notices as _store  # noqa: F401 (its kinds, defined)
    from halfmoon_a11y.voice import notices as _voice  # noqa: F401 (its kinds, defined)

    found: set[type] = set()
    for kind in get_args(SessionEvent):
        found |= set(get_args(kind)) if isinstance(kind, UnionType) else {kind}
    # each kind as its module has it: a record (or a slotted dataclass) is a new class
    # made from the one written, which may linger among the base's subclasses a while
    notices = {
        kind
        for kind in Notice.__subclasses__()
        if getattr(sys.modules[kind.__module__], kind.__name__, None) is kind
    }
    return (found - {Notice, Won}) | notices


def said(answer: Answer) -> list[SessionEvent]:
    """An answer's events in the order the presenter says them, without the table (the
    JSON mode's order)."""
    return Presenter().order(answer, table=False)


def play(session: Session, line: str) -> list[SessionEvent]:
    """One line as the read loop answers it: executed, then persisted by the session's
    store (a Keeper, or nothing); its events in the order they are said. Then, as the
    loop does once the answer is out, the store's `after` (a result written)."""
    store: Any = session.store  # the whole store: the session sees only its own port
    events = said(store.persist(session, handle(session, line)))
    store.after()
    return events


def event_lines(session: Session, commands: Iterable[str]) -> str:
    """Each command, then the events it caused as compact JSON, one per line."""
    presenter = Presenter()
    out = []
    for command in commands:
        out.append(f"> {command}")
        for event in play(session, command):
            fields = event_json(event, presenter)
            fields.pop("message")
            out.append("  " + json.dumps(fields, ensure_ascii=False))
    return "\n".join(out) + "\n"


def transcript(session: Session, commands: Iterable[str], start: bool = True) -> str:
    """What a player reads: each typed line after `> `, then what the game said."""
    from halfmoon_a11y.ui.frontend import TextFrontEnd

    out: list[str] = []
    front = TextFrontEnd(session, out.extend)
    if start:
        front.start()
    for command in commands:
        out.append(f"> {command}")
        front.line(command)
    return "\n".join(out) + "\n"


class RecordingSpeaker:
    """Remembers what it was asked to do, for tests: ("say", text), ("interrupt",), ...
    As a sound player it plays sounds only; `RecordingVoice` is the game's own voice."""

    failure = None
    speaks = False

    def __init__(self) -> None:
        self.log: list[tuple[str, ...]] = []

    def speak(self, lines: Sequence[str], sounds: Sequence[str] = ()) -> None:
        self.log.extend(("play", file) for file in sounds)  # heard with the first line
        self.log.extend(("say", line) for line in lines)

    def interrupt(self) -> None:
        self.log.append(("interrupt",))

    def adjust(self, field: str, value: object) -> None:
        self.log.append((field, str(value)))

    def drain(self, seconds: float) -> bool:
        return True  # all is said at once: nothing to log

    def close(self) -> None:
        self.log.append(("close",))

    def play(self, files: Sequence[str]) -> None:
        self.log.extend(("play", file) for file in files)

    def spoken(self) -> list[str]:
        """Every line it was asked to say, in order."""
        return [entry[1] for entry in self.log if entry[0] == "say"]


class RecordingVoice(RecordingSpeaker):
    """A `RecordingSpeaker` that is the game's own voice: it says words."""

    speaks = True


def private_device(folder, name: str = "zero") -> str:
    """A character device to plant links to. As root (CI), a private node made in
    `folder` (zero: 1, 5; null: 1, 3), so that a regression that writes through a link
    replaces that node and never the machine's own /dev/zero or /dev/null (a test once
    did, run against the code before issue 18). Otherwise the system's: a user may not
    replace it."""
    import os

    path = os.path.join(str(folder), f"device-{name}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        if not os.path.exists(path):
            os.mknod(path, 0o666 | 0o020000, os.makedev(1, 5 if name == "zero" else 3))
        return path
    return f"/dev/{name}"


# How long a test waits for what must happen (a file written, an answer shown) before it
# fails: far more than it ever takes, so that a loaded machine makes a test slower and
# never fails it. Waiting ends as soon as the thing happens.
WAIT = 30.0  # seconds


def wait_for(condition: Callable[[], object], seconds: float = WAIT) -> bool:
    """Whether `condition()` came true within `seconds` (polled every 5 ms)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def silence(folder: Path, seconds: float, name: str | None = None) -> Path:
    """A WAV file of `seconds` of silence (mono, 16 bits, 8 kHz) in `folder`."""
    path = folder / (name or f"silence-{time.monotonic_ns()}.wav")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\0\0" * int(8000 * seconds))
    return path
