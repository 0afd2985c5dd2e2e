"""A stand-in audio player that leaves a process behind holding its standard error,
then plays the WAV file as realtime_player.py does: `LOG WHERE WAV`. WHERE is `group`
(the process stays in the player's process group) or `session` (it leaves the group
with setsid, as a daemon does). The process sleeps 30 seconds; its id is appended to
LOG.sleepers so the test can end it."""

import os
import sys
import time
from pathlib import Path

REALTIME = Path(__file__).with_name("realtime_player.py")


def main() -> None:
    log, where, wav = sys.argv[1], sys.argv[2], sys.argv[3]
    child = os.fork()
    if child == 0:
        if where == "session":
            os.setsid()
        time.sleep(30)  # stdout and stderr stay open, inherited from the player
        os._exit(0)
    with open(log + ".sleepers", "a") as out:
        out.write(f"{child}\n")
    os.execv(sys.executable, [sys.executable, str(REALTIME), log, wav])


if __name__ == "__main__":
    main()
