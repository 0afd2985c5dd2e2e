"""A stand-in audio player that tells whether a sound was played to its end: it appends
`start TIME SECONDS NAME` to the log named by its first argument, "plays" the WAV file
in real time, then appends `end TIME NAME`. A player killed mid-sound writes no end."""

import sys
import time
import wave
from pathlib import Path


def main() -> None:
    log = Path(sys.argv[1])
    wav = Path(sys.argv[2])
    with wave.open(str(wav), "rb") as audio:
        seconds = audio.getnframes() / audio.getframerate()
    with log.open("a") as out:
        out.write(f"start {time.time():.6f} {seconds:.3f} {wav.name}\n")
    time.sleep(seconds)
    with log.open("a") as out:
        out.write(f"end {time.time():.6f} {wav.name}\n")


if __name__ == "__main__":
    main()
