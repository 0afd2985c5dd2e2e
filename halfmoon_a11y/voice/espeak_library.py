"""Where espeak-ng's shared library is, found without running any program.

`ctypes.util.find_library` runs `ldconfig`, then `gcc` or `cc`, then `ld` from PATH
when the library is not in the loader's cache: a missing espeak-ng made every start
with speech run a compiler, and a program of that name that hangs (or is not the
compiler at all) held the opening. Here only the folders the dynamic loader reads
are looked in: LD_LIBRARY_PATH, those /etc/ld.so.conf lists (and the files it
includes from /etc/ld.so.conf.d), this system's multiarch folders and the standard
ones, for the sonames the game can drive. Nothing is loaded here: the synthesis
process loads the file found (voice/espeak_child.py).
"""

from __future__ import annotations

import os
import sys

from halfmoon_a11y.core.quiet import suppress

# espeak-ng first; the older espeak has the same calls. Sonames: a bare `.so` is a
# development link, present only with the headers.
SONAMES = ("libespeak-ng.so.1", "libespeak.so.1")
LOADER_CONFIG = "/etc/ld.so.conf"
STANDARD = ("/usr/local/lib", "/usr/local/lib64", "/usr/lib64", "/lib64", "/usr/lib", "/lib")
CONFIG_LIMIT = 64 * 1024  # bytes read of each loader configuration file


def library_folders(environ: dict[str, str] | None = None) -> list[str]:
    """The folders to look in, in the loader's order, each once."""
    environ = dict(os.environ) if environ is None else environ
    folders = [part for part in environ.get("LD_LIBRARY_PATH", "").split(":") if part]
    folders += configured_folders(LOADER_CONFIG)
    multiarch = getattr(sys.implementation, "_multiarch", None)
    if multiarch:
        folders += [f"/usr/lib/{multiarch}", f"/lib/{multiarch}", f"/usr/local/lib/{multiarch}"]
    folders += STANDARD
    return list(dict.fromkeys(os.path.normpath(folder) for folder in folders))


def configured_folders(config: str, depth: int = 0) -> list[str]:
    """The folders a loader configuration file lists; an `include` of `folder/*.conf`
    (the only form distributions use) is followed one level down."""
    folders: list[str] = []
    for line in _lines(config):
        if line.startswith("include ") and depth == 0:
            pattern = line.split(None, 1)[1].strip()
            where, _, suffix = pattern.rpartition("/*")
            with suppress(OSError):
                for name in sorted(os.listdir(where)):
                    if name.endswith(suffix):
                        folders += configured_folders(os.path.join(where, name), depth + 1)
        elif line.startswith("/"):
            folders.append(line.split()[0])
    return folders


def _lines(path: str) -> list[str]:
    """A configuration file's lines, comments and blanks left out; none if unreadable."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read(CONFIG_LIMIT)
    except OSError:
        return []
    stripped = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in stripped if line]


def find_library(folders: list[str] | None = None) -> str | None:
    """The path of espeak-ng's (or espeak's) library on this machine, or None."""
    for name in SONAMES:
        for folder in library_folders() if folders is None else folders:
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                return path
    return None
