"""A stand-in audio player that tells whether a sound was played to its end: it appends
`start TIME SECONDS NAME` to the log named by its first argument, "plays" the file in
real time, then appends `end TIME NAME`. A player killed mid-sound writes no end. It
plays WAV files and, as macOS's afplay does, AIFF files (what NSSpeechSynthesizer and
`say` write); anything else fails, as a real player's error."""

import struct
import sys
import time
import wave
from pathlib import Path


def aiff_seconds(path: Path) -> float:
    """An AIFF file's length, from its COMM chunk: frames over the sample rate (an
    80-bit extended float). Raises ValueError when it is no AIFF file."""
    data = path.read_bytes()
    if data[:4] != b"FORM" or data[8:12] not in (b"AIFF", b"AIFC"):
        raise ValueError(f"{path.name}: no AIFF file")
    at = 12
    while at + 8 <= len(data):
        name, size = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        if name == b"COMM":
            _channels, frames, _bits = struct.unpack(">hIh", data[at + 8 : at + 16])
            exponent = struct.unpack(">H", data[at + 16 : at + 18])[0] & 0x7FFF
            mantissa = int.from_bytes(data[at + 18 : at + 26], "big")
            rate = mantissa * 2.0 ** (exponent - 16383 - 63)
            return frames / rate
        at += 8 + size + (size & 1)
    raise ValueError(f"{path.name}: no COMM chunk")


def length(path: Path) -> float:
    if path.suffix in (".aiff", ".aif"):
        return aiff_seconds(path)
    with wave.open(str(path), "rb") as audio:
        return audio.getnframes() / audio.getframerate()


def main() -> None:
    log = Path(sys.argv[1])
    sound = Path(sys.argv[2])
    seconds = length(sound)
    with log.open("a") as out:
        out.write(f"start {time.time():.6f} {seconds:.3f} {sound.name}\n")
    time.sleep(seconds)
    with log.open("a") as out:
        out.write(f"end {time.time():.6f} {sound.name}\n")


if __name__ == "__main__":
    main()
