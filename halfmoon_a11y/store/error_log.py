"""The details of a bug of the game's own, written down for whoever mends it: the
player hears one short sentence (`ui.loop.Failures.failed`), the traceback goes here.
Loaded only when a bug happens (`ui.world.reporter`): a start does not load traceback."""

from __future__ import annotations

import os
import time
import traceback

from halfmoon_a11y.host.owned import make_folder, open_owned, write_all

LIMIT = 256 * 1024  # a log grown past this starts again: it is for the last bugs


def write_error(path: str, error: BaseException) -> str | None:
    """Append the error's traceback to the log at `path` (opened as every file the game
    owns: 0600 in a 0700 folder, never through a link, never blocking); its path, or None
    when it could not be written (the game goes on either way)."""
    text = "".join(traceback.format_exception(error))
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    entry = f"-- {stamp} --\n{text}\n".encode("utf-8", "backslashreplace")
    try:
        make_folder(os.path.dirname(path) or ".")
        handle = open_owned(path, os.O_WRONLY | os.O_APPEND)
        try:
            if os.fstat(handle).st_size > LIMIT:
                os.ftruncate(handle, 0)
            write_all(handle, entry)
        finally:
            os.close(handle)
    except OSError:
        return None
    return path


def to_console(error: BaseException) -> None:
    """The traceback on standard error: in a page, the browser's console."""
    traceback.print_exception(error)
