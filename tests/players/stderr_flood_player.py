"""A stand-in audio player that writes MEGABYTES of chatter to its standard error,
then plays the WAV file as realtime_player.py does: `LOG MEGABYTES WAV`. Some players
print a line for each buffer; a broken one writes without end. The game must not keep
what it writes."""

import os
import sys
from pathlib import Path

REALTIME = Path(__file__).with_name("realtime_player.py")


def main() -> None:
    log, megabytes, wav = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    line = b"underrun occurred: the buffer is empty, try a larger one\n" * 1024
    left = megabytes * 1024 * 1024
    while left > 0:
        written = os.write(2, line[:left])
        left -= written
    os.execv(sys.executable, [sys.executable, str(REALTIME), log, wav])


if __name__ == "__main__":
    main()
