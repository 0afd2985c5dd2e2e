"""Earcons: short sounds that say where and what, before the words.

One sound for each kind of answer (a card selected, a pair removed, a failed
combination, the cursor's stop…), at most 150 ms, played before the spoken answer
through the same player, so an interruption silences it too. A sound that
belongs to a place says where: it is panned from left (pile 1) to right (pile
12) along the arc and rises in pitch along it, so a listener with one ear or
mono speakers still hears where; the reserve sits in the middle, panned to the
centre, its slots a little apart in pitch around the middle of the arc.

Sounds are made here with the standard library (wave, math, array) the first
time each is needed, and kept in the cache folder: a file already there is
not made again while it is whole (its exact header and size); a file that is
not (garbage, cut short, a link, a FIFO, another user's) is made again before it is
played. The folder is checked as the game's other folders are: another user's (made
first in a shared cache, say) is never played from, and the game goes without sounds;
the player's own that others may enter is closed (0700).
They are described by their parameters (`Sound`), which the tests check; the
samples follow from them.
"""

from __future__ import annotations

import array
import io
import math
import os
import struct
import sys
import wave
from collections.abc import Callable, Sequence

from halfmoon_a11y.core import events as ev
from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start
from halfmoon_a11y.core.places import PILES, Location
from halfmoon_a11y.core.values import record
from halfmoon_a11y.host.owned import (
    NotOwned,
    atomic_write,
    check_owner,
    make_folder,
    own_folder,
    read_bounded,
)
from halfmoon_a11y.play import answers as se
from halfmoon_a11y.play import prompt_events as pe
from halfmoon_a11y.voice.wav import WAV_HEADER

if TYPE_CHECKING:
    from typing import Any

RATE = 22050  # samples a second
LONGEST = 0.150  # seconds: no sound is longer
FADE = 0.004  # seconds of fade in and out, so no sound clicks
VERSION = 1  # the folder's name changes with the sounds' design: old files are not used

LOWEST = 392.0  # Hz: pile 1 (G4); each pile along the arc a semitone higher
MIDDLE = LOWEST * 2 ** ((PILES - 1) / 2 / 12)  # the arc's middle, where the reserve sits

# What each kind of sound means, for the guides and help.
CURSOR, SELECTED, EMPTY, EDGE = "cursor", "selected", "empty", "edge"  # each at a place
DROPPED, PAIR, TRIO, FAILED, UNDO, BLOCKED, WON = (
    "dropped",
    "pair",
    "trio",
    "failed",
    "undo",
    "blocked",
    "won",
)
PLACED_KINDS = (CURSOR, SELECTED, EMPTY, EDGE)
KINDS = (*PLACED_KINDS, DROPPED, PAIR, TRIO, FAILED, UNDO, BLOCKED, WON)


@record
class Note:
    frequency: float  # Hz; 0 is a rest
    seconds: float


@record
class Sound:
    """A sound by its parameters: its notes one after another, its pan (-1 left, 0 the
    centre, 1 right) and timbre (sine: clear; square: harsh, for what went wrong;
    triangle: hollow, for nothing there)."""

    kind: str
    notes: tuple[Note, ...]
    pan: float = 0.0
    timbre: str = "sine"
    volume: float = 0.5
    place: Location | None = None

    @property
    def seconds(self) -> float:
        return sum(note.seconds for note in self.notes)

    @property
    def name(self) -> str:
        """Its file's name: the kind, and the place it belongs to."""
        where = f"-{str(self.place).lower()}" if self.place is not None else ""
        return f"{self.kind}{where}.wav"


def pitch(location: Location) -> float:
    """A place's pitch: a semitone higher for each pile along the arc, pile 1 lowest; the
    reserve's slots a quarter tone apart around the arc's middle."""
    if location.reserve:
        return MIDDLE * 2 ** ((location.number - 4.5) / 24)
    return LOWEST * 2 ** ((location.number - 1) / 12)


def pan(location: Location) -> float:
    """A place's pan: pile 1 full left, pile 12 full right, the reserve in the centre."""
    if location.reserve:
        return 0.0
    return -1.0 + 2.0 * (location.number - 1) / (PILES - 1)


def sound(kind: str, place: Location | None = None) -> Sound:
    """The sound of one kind of answer; the kinds in PLACED_KINDS are at a place."""
    notes: tuple[Note, ...]
    if kind in PLACED_KINDS:
        if place is None:
            raise ValueError(f"{kind} needs a place")
        here, side = pitch(place), pan(place)
        if kind == CURSOR:  # a soft tick: the cursor stopped here
            return Sound(kind, (Note(here, 0.04),), side, "sine", 0.35, place)
        if kind == SELECTED:  # up a fifth: picked up
            notes = (Note(here, 0.05), Note(here * 1.5, 0.06))
            return Sound(kind, notes, side, "sine", 0.5, place)
        if kind == EMPTY:  # hollow and low: nothing there
            return Sound(kind, (Note(here / 2, 0.09),), side, "triangle", 0.6, place)
        # EDGE: a double beep, an octave up: the end of the table
        notes = (Note(here * 2, 0.03), Note(0, 0.03), Note(here * 2, 0.03))
        return Sound(kind, notes, side, "square", 0.25, place)
    shapes = {
        DROPPED: ((660.0, 0.05), (440.0, 0.06)),  # falling: let go
        PAIR: ((523.25, 0.05), (659.25, 0.08)),  # C5 E5: a major third, done
        TRIO: ((523.25, 0.04), (659.25, 0.04), (783.99, 0.07)),  # C5 E5 G5
        FAILED: ((180.0, 0.12),),  # a low buzz
        UNDO: ((587.33, 0.04), (440.0, 0.04), (329.63, 0.05)),  # back down
        BLOCKED: ((220.0, 0.07), (164.81, 0.08)),  # low and falling
        WON: ((523.25, 0.035), (659.25, 0.035), (783.99, 0.035), (1046.5, 0.045)),
    }
    if kind not in shapes:
        raise ValueError(kind)
    timbre = "square" if kind in (FAILED, BLOCKED) else "sine"
    volume = 0.3 if timbre == "square" else 0.5
    return Sound(
        kind, tuple(Note(hz, seconds) for hz, seconds in shapes[kind]), 0.0, timbre, volume
    )


def _removal(event: ev.Removed | ev.Redone) -> Sound:  # a redo is a removal again
    return sound(PAIR if event.kind is ev.Kind.PAIR else TRIO)


def _cursor(event: pe.CursorMoved) -> Sound:
    return sound(EDGE if event.edge else CURSOR, event.spot.location)


# The events that sound, most telling first: an answer starts with the sound of its
# first event in this table. Every other event has no sound of its own (the default): a
# new event sounds only when it is added here.
SOUNDING: tuple[tuple[type, Callable[[Any], Sound]], ...] = (
    (se.GameWon, lambda event: sound(WON)),
    (ev.Blocked, lambda event: sound(BLOCKED)),
    (ev.Removed, _removal),
    (ev.Redone, _removal),
    (ev.Undone, lambda event: sound(UNDO)),
    (ev.SelectionCleared, lambda event: sound(FAILED)),
    (ev.SelectionReplaced, lambda event: sound(FAILED)),
    (ev.EmptyTapped, lambda event: sound(EMPTY, event.location)),
    (ev.Selected, lambda event: sound(SELECTED, event.placed.location)),
    (ev.SelectionDropped, lambda event: sound(DROPPED)),
    (ev.Deselected, lambda event: sound(DROPPED)),
    (pe.CursorMoved, _cursor),
)
_RANK = {kind: (rank, make) for rank, (kind, make) in enumerate(SOUNDING)}


def for_events(events: Sequence[se.SessionEvent]) -> Sound | None:
    """The one sound an answer starts with, the most telling of its events (`SOUNDING`):
    a win, a block, a removal, an undo, a failed combination, an empty place, a
    selection, a selection let go, then the cursor's stop. None when nothing in it has a
    sound."""
    best: tuple[int, Callable[[Any], Sound], object] | None = None
    for event in events:
        found = _RANK.get(type(event))
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], found[1], event)
    return best[1](best[2]) if best is not None else None


def samples(made: Sound) -> array.array[int]:
    """The sound as 16-bit stereo samples, left and right interleaved."""
    out = array.array("h")
    left = math.cos((made.pan + 1) * math.pi / 4)  # equal power: as loud anywhere
    right = math.sin((made.pan + 1) * math.pi / 4)
    fade = int(FADE * RATE)
    for note in made.notes:
        count = int(note.seconds * RATE)
        for i in range(count):
            if note.frequency <= 0:
                value = 0.0
            else:
                phase = (note.frequency * i / RATE) % 1.0
                value = _wave(made.timbre, phase)
            envelope = min(1.0, i / fade, (count - 1 - i) / fade) if fade else 1.0
            level = value * envelope * made.volume * 32767
            out.append(int(level * left))
            out.append(int(level * right))
    return out


def _wave(timbre: str, phase: float) -> float:
    if timbre == "square":
        return 1.0 if phase < 0.5 else -1.0
    if timbre == "triangle":
        return 4 * phase - 1 if phase < 0.5 else 3 - 4 * phase
    return math.sin(2 * math.pi * phase)


class Earcons:
    """The sounds' files in a folder of the cache, made at first use, never made again."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = os.path.join(os.fspath(folder), f"v{VERSION}")
        self.owned = owned_folders(self.folder)  # False: another user's, never used

    def file(self, made: Sound) -> str | None:
        """The sound's file, made now if it is not there yet or is not the whole sound
        (garbage, cut short, a link, a FIFO: see `is_whole`); None if it cannot be made
        (a folder that cannot be written, or another user's): the game goes on without
        it."""
        if not self.owned:
            return None
        path = os.path.join(self.folder, made.name)
        if is_whole(path, made):
            return path
        try:
            make_folder(self.folder)
            write(path, made)
        except OSError:
            return None
        return path

    def for_events(self, events: Sequence[se.SessionEvent]) -> list[str]:
        made = for_events(events)
        path = self.file(made) if made is not None else None
        return [path] if path is not None else []


def owned_folders(folder: str) -> bool:
    """Whether the sounds' folder (`folder`, and `sounds` above it) and the folder above
    those (the cache's `halfmoon-a11y`) are none of them another user's: one who could
    put their files in it, or swap it for another. The player's own the others may
    enter is closed (`own_folder`); a folder not there yet is made the player's own when
    a sound is made. Other errors are left to the first sound, which goes without its
    file."""
    sounds = os.path.dirname(os.path.abspath(folder))
    try:
        if os.path.isdir(app := os.path.dirname(sounds)):
            check_owner(os.lstat(app), app)
            check_owner(os.stat(app), app)
        own_folder(sounds)
        own_folder(folder)
    except NotOwned:
        return False
    except OSError:
        pass
    return True


def header(made: Sound) -> bytes:
    """The 44 bytes the wave module writes before the sound's samples (PCM, 16-bit
    stereo at RATE): a file of ours starts with exactly these."""
    size = frames(made) * 4
    return struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF",
        WAV_HEADER - 8 + size,
        b"WAVE",
        b"fmt ",
        16,  # the format chunk's size
        1,  # PCM
        2,  # channels
        RATE,
        RATE * 4,  # bytes a second
        4,  # bytes a frame
        16,  # bits a sample
        b"data",
        size,
    )


def frames(made: Sound) -> int:
    """How many frames (a left and a right sample) the sound has."""
    return sum(int(note.seconds * RATE) for note in made.notes)


def is_whole(path: str, made: Sound) -> bool:
    """Whether the file at `path` can be played as the sound: a regular file (not a
    link, FIFO or folder), exactly the sound's size, starting with its exact header.
    A file that is not is made again, rather than handed to the audio player, which
    would fail on it and be blamed for it. Read bounded: never more than the sound."""
    if os.path.islink(path):
        return False
    expected = header(made)
    try:
        data = read_bounded(path, len(expected) + frames(made) * 4, owned=True)
    except OSError:  # NotARegularFile, TooLarge, NotOwned, unreadable
        return False
    return (
        data is not None
        and len(data) == len(expected) + frames(made) * 4
        and data.startswith(expected)
    )


def write(path: str, made: Sound) -> None:
    """Write the sound as a WAV file, whole or not at all (an unguessable temporary name
    beside it, then a rename), so a file that is there is always complete. No fsync: a
    sound lost in a crash is made again, and the first sound is not delayed. A symlink
    where the sound goes is replaced, never followed."""
    data = samples(made)
    if sys.byteorder == "big":
        data.byteswap()
    wav = io.BytesIO()
    with wave.open(wav, "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())
    atomic_write(path, wav.getvalue(), durable=False, follow_link=False)
