"""An answer's sound played beside its first words, in one file.

The sound (an earcon, at most 0.15 s) and the answer's words went through one queue, so
the words started only when the sound had ended: every answer came about 0.11 s late.
Now the sound is mixed into the start of the first sentence's audio: the words start
at once, the sound is heard over their first syllables, where it stays panned (left
for pile 1, right for pile 12; the words in the centre), and it is one file for one
player, so a key silences both at once, and a backend that plays one sound at a time
(winsound) still plays both. docs/speech.md says why this rather than a shorter sound
or a second player.

Only 16-bit PCM WAV files are mixed; the sound is brought to the sentence's sample rate
(espeak-ng's 22050 Hz is the sounds' own). Anything else (macOS's AIFF) is not mixed:
the caller plays the sound first, as before.
"""

from __future__ import annotations

import array
import struct
import sys
import wave
from collections.abc import Sequence
from pathlib import Path

LOUDEST = 32767
QUIETEST = -32768
MOST_SOUND_SECONDS = 1.0  # a sound file longer than this is not one of ours: not mixed
MOST_RATE = 384_000  # samples a second; a file saying more is not a voice's nor a sound's


def read_pcm16(path: str | Path) -> tuple[array.array[int], int, int] | None:
    """A 16-bit PCM WAV file's samples, channels and sample rate; None for anything else."""
    try:
        with wave.open(str(path), "rb") as audio:
            channels, width, rate = audio.getnchannels(), audio.getsampwidth(), audio.getframerate()
            if width != 2 or channels not in (1, 2) or not 0 < rate <= MOST_RATE:
                return None
            data = audio.readframes(audio.getnframes())
    except (OSError, EOFError, wave.Error, RuntimeError, struct.error, ValueError):
        return None  # wave's own chunk reader raises RuntimeError on a chunk past the end
    samples = array.array("h")
    samples.frombytes(data[: len(data) - len(data) % 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples, channels, rate


def _stereo_at(samples: array.array[int], channels: int, rate: int, wanted: int) -> list[int]:
    """A sound's samples as stereo frames (left, right interleaved) at `wanted` Hz."""
    if channels == 1:
        left = right = samples
    else:
        left, right = samples[0::2], samples[1::2]
    count = len(left)
    if rate == wanted:
        out = [0] * (2 * count)
        out[0::2], out[1::2] = left, right
        return out
    frames = count * wanted // rate
    out = [0] * (2 * frames)
    for frame in range(frames):
        source = frame * rate // wanted
        out[2 * frame] = left[source]
        out[2 * frame + 1] = right[source]
    return out


def mix(sounds: Sequence[str], sentence: Path, mixed: Path) -> bool:
    """Write to `mixed` the sentence's audio with `sounds` (one after the other) over its
    start, in stereo; whether it could (both 16-bit PCM WAV). The sentence's file is
    left as it is."""
    speech = read_pcm16(sentence)
    if speech is None:
        return False
    words, channels, rate = speech
    over: list[int] = []
    for path in sounds:
        sound = read_pcm16(path)
        if sound is None or len(sound[0]) > MOST_SOUND_SECONDS * sound[2] * sound[1]:
            return False
        over += _stereo_at(*sound, rate)
    if channels == 1:
        out = array.array("h", bytes(4 * len(words)))
        out[0::2] = words
        out[1::2] = words
    else:
        out = array.array("h", words)
    if len(over) > len(out):
        out.extend(array.array("h", bytes(2 * (len(over) - len(out)))))
    for index, value in enumerate(over):
        total = out[index] + value
        out[index] = LOUDEST if total > LOUDEST else QUIETEST if total < QUIETEST else total
    if sys.byteorder == "big":
        out.byteswap()
    with wave.open(str(mixed), "wb") as audio:
        audio.setnchannels(2)
        audio.setsampwidth(2)
        audio.setframerate(rate)
        audio.writeframes(out.tobytes())
    return True
