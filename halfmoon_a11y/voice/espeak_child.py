"""The synthesis process: espeak-ng's library loaded and called here, never in the game.

espeak-ng is C; a crash in it (SIGSEGV on a sentence, on a damaged voice file) ended
the whole game, and a crash on the opening's first sentence ended it at every start.
The game starts this file as a program of its own (voice/espeak_process.py) with the
library's path, and asks it one call at a time over its standard input; each answer
comes back on its standard output. A crash here ends this process only: the game sees
the pipe close, and its voice says so.

It runs as a script with `python -I -S`, and imports the standard library only (none
of the game's package, which would load far more): it is ready within a few
milliseconds of Python's own start, before the opening's first sentence is asked for.

Frames both ways: 4 bytes of length (big-endian), then the frame. A request is one
letter and its arguments; an answer is a status (a signed 4-byte number, 0 for
success) and its data.
"""

from __future__ import annotations

import ctypes
import itertools
import struct
import sys

TYPE_CHECKING = False  # typing is not loaded here: type checkers read this name as true
if TYPE_CHECKING:
    from typing import IO, Any

AUDIO_OUTPUT_SYNCHRONOUS = 2
INITIALIZE_DONT_EXIT = 0x8000  # an error is returned, never the process ended
CHARS_UTF8 = 1
ENDPAUSE = 0x1000  # the pause at the end of a sentence, as pyttsx3 asked for it
RATE = 1  # espeak_PARAMETER: words a minute
STATUS = struct.Struct(">i")
LENGTH = struct.Struct(">I")
LARGEST_FRAME = 64 * 1024 * 1024  # bytes: no sentence's samples come near it

# The requests.
VOICES, SET_VOICE, SET_RATE, SYNTH = b"l", b"v", b"r", b"s"


class _Voice(ctypes.Structure):
    _fields_ = (
        ("name", ctypes.c_char_p),
        ("languages", ctypes.c_void_p),  # priority byte, language, NUL; ... ; a 0 byte
        ("identifier", ctypes.c_char_p),
        ("gender", ctypes.c_ubyte),
        ("age", ctypes.c_ubyte),
        ("variant", ctypes.c_ubyte),
        ("xx1", ctypes.c_ubyte),
        ("score", ctypes.c_int),
        ("spare", ctypes.c_void_p),
    )


_CALLBACK = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p
)


class Library:
    """espeak-ng's calls, on the library at `path`: initialised once, synchronous."""

    def __init__(self, path: str) -> None:
        dll = ctypes.CDLL(path)
        dll.espeak_Initialize.restype = ctypes.c_int
        dll.espeak_Initialize.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int)
        dll.espeak_SetVoiceByName.restype = ctypes.c_int
        dll.espeak_SetVoiceByName.argtypes = (ctypes.c_char_p,)
        dll.espeak_SetParameter.restype = ctypes.c_int
        dll.espeak_SetParameter.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_int)
        dll.espeak_ListVoices.restype = ctypes.POINTER(ctypes.POINTER(_Voice))
        dll.espeak_ListVoices.argtypes = (ctypes.c_void_p,)
        dll.espeak_SetSynthCallback.restype = None
        dll.espeak_SetSynthCallback.argtypes = (_CALLBACK,)
        dll.espeak_Synth.restype = ctypes.c_int
        dll.espeak_Synth.argtypes = (
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_void_p,
            ctypes.c_void_p,
        )
        self._dll = dll
        self._chunks: list[bytes] = []
        self.sample_rate = int(
            dll.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, None, INITIALIZE_DONT_EXIT)
        )
        self._callback = _CALLBACK(self._collect)  # kept alive as long as espeak-ng calls it
        if self.sample_rate > 0:
            dll.espeak_SetSynthCallback(self._callback)

    def _collect(self, samples: Any, count: int, events: Any) -> int:
        if count > 0:
            self._chunks.append(ctypes.string_at(samples, count * 2))
        return 0  # go on

    def voices(self) -> bytes:
        """Each voice a line: identifier, name and languages (comma-separated), by tabs."""
        found = self._dll.espeak_ListVoices(None)
        lines = []
        for index in itertools.count():
            entry = found[index]
            if not entry:
                break
            voice = entry.contents
            fields = (voice.identifier or b"", voice.name or b"", _languages(voice.languages))
            lines.append(b"\t".join(field.replace(b"\t", b" ") for field in fields))
        return b"\n".join(lines)

    def set_voice(self, voice: bytes) -> int:
        return int(self._dll.espeak_SetVoiceByName(voice))

    def set_rate(self, rate: int) -> int:
        return int(self._dll.espeak_SetParameter(RATE, rate, 0))

    def synth(self, text: bytes) -> tuple[int, bytes]:
        """espeak-ng's status and the sentence's samples (16-bit mono)."""
        self._chunks = []
        data = text + b"\0"
        result = self._dll.espeak_Synth(data, len(data), 0, 0, 0, CHARS_UTF8 | ENDPAUSE, None, None)
        samples, self._chunks = b"".join(self._chunks), []
        return int(result), samples


def _languages(pointer: int | None) -> bytes:
    """A voice's languages, by commas: pairs of a priority byte and a NUL-ended name,
    until a 0."""
    languages: list[bytes] = []
    at = pointer or 0
    while at and len(languages) < 32:
        if ctypes.string_at(at, 1) == b"\0":
            break
        name = ctypes.string_at(at + 1)
        languages.append(name.replace(b",", b" "))
        at += 2 + len(name)
    return b",".join(languages)


def read_frame(stream: IO[bytes]) -> bytes | None:
    """The next frame; None at the end of the stream (the other side is gone)."""
    head = stream.read(LENGTH.size)
    if len(head) < LENGTH.size:
        return None
    (length,) = LENGTH.unpack(head)
    if length > LARGEST_FRAME:
        return None
    body = stream.read(length)
    return body if len(body) == length else None


def write_frame(stream: IO[bytes], *parts: bytes) -> None:
    stream.write(LENGTH.pack(sum(len(part) for part in parts)))
    for part in parts:
        stream.write(part)
    stream.flush()


def answer(library: Library, request: bytes) -> tuple[int, bytes]:
    """The status and data that answer one request."""
    kind, argument = request[:1], request[1:]
    if kind == VOICES:
        return 0, library.voices()
    if kind == SET_VOICE:
        return library.set_voice(argument), b""
    if kind == SET_RATE:
        return library.set_rate(int(argument)), b""
    if kind == SYNTH:
        return library.synth(argument)
    return -1, b"unknown request"


def main(arguments: list[str]) -> int:
    """Serve requests until the game closes the pipe (or is gone)."""
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    try:
        library = Library(arguments[0])
    except (OSError, IndexError, AttributeError):  # no such library, or not espeak-ng's
        write_frame(answers, STATUS.pack(-1))
        return 1
    write_frame(answers, STATUS.pack(library.sample_rate))
    if library.sample_rate <= 0:
        return 1
    while (request := read_frame(requests)) is not None:
        status, data = answer(library, request)
        write_frame(answers, STATUS.pack(status), data)
    return 0


if __name__ == "__main__":
    sys.path.pop(0)  # this file's folder, where the game's modules are: never imported
    sys.exit(main(sys.argv[1:]))
