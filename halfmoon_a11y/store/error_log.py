"""The details of a bug of the game's own, written down for whoever mends it: the
player hears one short sentence (`ui.loop.Turns.failed`), the traceback goes here."""

from __future__ import annotations

import os
import time

LIMIT = 256 * 1024  # a log grown past this starts again: it is for the last bugs


def write_error(path: str, error: BaseException) -> str | None:
    """Append the error's traceback to the log at `path`; its path, or None when it could
    not be written (the game goes on either way)."""
    import traceback  # only when a bug happened: a start does not load it

    text = "".join(traceback.format_exception(error))
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    entry = f"-- {stamp} --\n{text}\n".encode("utf-8", "backslashreplace")
    try:
        os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        try:
            if os.stat(path).st_size > LIMIT:
                flags |= os.O_TRUNC
        except OSError:
            pass
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o600)
        try:
            written = os.write(fd, entry)
        finally:
            os.close(fd)
    except OSError:
        return None
    return path if written == len(entry) else None
