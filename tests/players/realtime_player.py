"""A stand-in audio player for machines with no sound card: it "plays" a WAV file in
real time. It appends one line per file to the log named by its first argument:
the wall-clock start, the duration in seconds, the path, then copies the file
next to the log so tests can inspect the audio. Killing it stops the "audio"."""

import shutil
import sys
import time
import wave
from pathlib import Path


def main() -> None:
    log = Path(sys.argv[1])
    wav = Path(sys.argv[2])
    started = time.time()
    with wave.open(str(wav), "rb") as audio:
        seconds = audio.getnframes() / audio.getframerate()
    kept = log.with_name(f"{log.stem}-{started:.6f}.wav")
    shutil.copyfile(wav, kept)
    with log.open("a") as out:
        out.write(f"{started:.6f} {seconds:.3f} {kept}\n")
    time.sleep(seconds)


if __name__ == "__main__":
    main()
