"""The terminal's escape sequences, capped before prompt_toolkit parses them.

prompt_toolkit's parser (`Vt100Parser`) holds a CSI sequence (`ESC [`, then parameter
bytes) for as long as it could still be a cursor position report or a mouse report
(digits and semicolons), looks at all it holds again at each new byte, and again at
each byte when it gives up and types the rest: `ESC [` and 2,000 digits held the prompt
for seconds (2.7 s here, 14 to 17 s where it was found), 30 of 500 digits for 6 to 42
s, and nothing was said meanwhile. A terminal's own sequences
are short: a cursor position report `ESC [ 9999 ; 9999 R` has 9 parameter bytes, an
SGR mouse report about 15, a key with modifiers a few.

So the bytes pass through `CsiCap` first. A CSI sequence with more than CSI_LIMIT
parameter and intermediate bytes is dropped whole, its final byte included: the parser
sees none of it, and nothing of it is typed into the line. Everything else reaches the
parser unchanged and in the same order; only the start of a sequence waits, until it is
whole, is broken off by a byte that cannot be part of it, or the input pauses (the
prompt's flush, ESCAPE_WAIT after the last byte: a lone Escape is still the Escape
key). A bracketed paste is passed on untouched: the parser does not parse inside one.

Nothing here imports prompt_toolkit: `cap_escapes` wraps the parser an input object
already has (`Vt100Input`, the pipe inputs, Windows' virtual-terminal console reader).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from typing import Any

ESC = "\x1b"
CSI = ESC + "["
# The most parameter and intermediate bytes of a CSI sequence that reach the parser. A
# terminal's longest own replies are about 20; 64 leaves room for any of them.
CSI_LIMIT = 64
PASTE_START = CSI + "200~"  # bracketed paste: what lies between is pasted text
PASTE_END = CSI + "201~"

_CONTROL = re.compile("[\x00-\x1a\x1c-\x1f\x7f]")  # a control key (ESC aside)
_INNER = re.compile("[\x20-\x3f]*")  # parameter (0x30-0x3f) and intermediate (0x20-0x2f) bytes


def _final(character: str) -> bool:
    """A byte that ends a CSI sequence (0x40 to 0x7e: a letter, `@`, `~` and a few)."""
    return "\x40" <= character <= "\x7e"


class CsiCap:
    """What the terminal sent, less every CSI sequence longer than `limit`. Fed text,
    returns the text to hand on; `flush` returns what waits when the input pauses."""

    def __init__(self, limit: int = CSI_LIMIT) -> None:
        self.limit = limit
        self._held = ""  # ESC, or ESC [ and the bytes after it: a sequence not yet whole
        self._dropping = False  # inside a sequence past the limit: nothing is handed on
        self._pasting = False  # inside a bracketed paste: everything is handed on
        self._tail = ""  # the paste's last few characters, where its end mark may begin

    @property
    def pasting(self) -> bool:
        """Inside a bracketed paste: everything is handed on until its end mark."""
        return self._pasting

    def feed(self, data: str) -> str:
        out: list[str] = []
        at = 0
        while at < len(data):
            if self._pasting:
                at = self._paste(data, at, out)
            elif self._dropping:
                at = _INNER.match(data, at).end()  # type: ignore[union-attr]  # always matches
                if at < len(data):
                    self._dropping = False
                    if _final(data[at]):
                        at += 1  # the dropped sequence's last byte
                    # anything else (Enter, Ctrl-C, a new ESC) ends it and is read as ever
            elif not self._held:
                start = data.find(ESC, at)
                if start < 0:
                    out.append(data[at:])
                    break
                out.append(data[at:start])
                self._held = ESC
                at = start + 1
            elif self._held == ESC:
                if data[at] == "[":
                    self._held = CSI
                    at += 1
                else:  # not a CSI sequence (Alt and a key, a lone Escape): as it came
                    out.append(self._held)
                    self._held = ""
            else:
                at = self._csi(data, at, out)
        return "".join(out)

    def _csi(self, data: str, at: int, out: list[str]) -> int:
        """Inside `ESC [`: hold its bytes up to the limit, then drop the whole sequence."""
        end = _INNER.match(data, at).end()  # type: ignore[union-attr]  # always matches
        room = self.limit - (len(self._held) - len(CSI))
        if end - at > room:
            self._held = ""
            self._dropping = True  # the rest of it, and its final byte, go too
            return end
        self._held += data[at:end]
        if end == len(data):
            return end  # the sequence goes on in the next read
        sequence, self._held = self._held, ""
        if _final(data[end]):
            sequence += data[end]
            end += 1
            self._pasting = sequence == PASTE_START
            self._tail = ""
        out.append(sequence)  # whole, or broken off by a byte read as ever after it
        return end

    def _paste(self, data: str, at: int, out: list[str]) -> int:
        """Inside a bracketed paste: everything is handed on, up to its end mark."""
        text = self._tail + data[at:]
        mark = text.find(PASTE_END)
        if mark < 0:
            out.append(data[at:])
            self._tail = text[-(len(PASTE_END) - 1) :]
            return len(data)
        end = at + mark + len(PASTE_END) - len(self._tail)
        out.append(data[at:end])
        self._pasting = False
        self._tail = ""
        return end

    def flush(self) -> str:
        """The input paused: a sequence not yet whole is handed on as it is (the parser
        makes keys of it, as it always did), and a sequence being dropped has ended."""
        held, self._held = self._held, ""
        self._dropping = False
        return held


# The most prefixes prompt_toolkit's parser may remember. It keeps, in a dictionary of
# its module that is never emptied, whether each prefix it has held could begin a longer
# sequence: every distinct sequence adds its prefixes, so a stream of distinct short
# sequences grew it about 300 bytes for each byte read (1.3 MB of them, 380 MB). It is a
# cache: emptied past this size, it is made again as needed. Some 1.5 MB at most.
PREFIX_CACHE_LIMIT = 10_000
PREFIX_CACHE = "_IS_PREFIX_OF_LONGER_MATCH_CACHE"  # its name in prompt_toolkit 3.0


class CappedParser:
    """A prompt_toolkit `Vt100Parser` fed through a `CsiCap`, its prefix cache kept
    below PREFIX_CACHE_LIMIT. While `full()` (the line is longer than any command), only
    control keys reach it: Enter (which refuses the line), Backspace, Ctrl-U, Ctrl-C.
    Before, 15,000 other keys at once held the prompt for seconds."""

    def __init__(self, parser: Any, full: Callable[[], bool] | None = None) -> None:
        self.parser = parser
        self.full = full
        self.cap = CsiCap()
        cache = getattr(sys.modules.get(type(parser).__module__), PREFIX_CACHE, None)
        self._cache = cache if isinstance(cache, dict) else None  # a later version's: none

    def feed(self, data: str) -> None:
        was_pasting = self.cap.pasting
        passed = self.cap.feed(data)
        # A paste is one key, kept whole, its marks above all: one cut away would leave
        # prompt_toolkit waiting for the paste's end for ever.
        pasting = was_pasting or self.cap.pasting or PASTE_START in passed
        pasting = pasting or PASTE_END in passed
        if passed and self.full is not None and not pasting and self.full():
            # dropped up to the first control key: what follows it may fit again (Ctrl-U,
            # then a command), and the prompt's own binding drops what still does not
            key = _CONTROL.search(passed)
            passed = passed[key.start() :] if key is not None else ""
        if passed:
            self.parser.feed(passed)
            if self._cache is not None and len(self._cache) > PREFIX_CACHE_LIMIT:
                self._cache.clear()

    def flush(self) -> None:
        held = self.cap.flush()
        if held:
            self.parser.feed(held)
        self.parser.flush()

    def feed_and_flush(self, data: str) -> None:
        self.feed(data)
        self.flush()

    def reset(self, request: bool = False) -> None:
        self.cap = CsiCap()
        self.parser.reset(request)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.parser, name)


# Where prompt_toolkit's inputs keep their parser: Vt100Input and the pipe inputs, and
# Win32Input's reader when Windows sends virtual-terminal sequences.
PARSERS = (("", "vt100_parser"), ("console_input_reader", "_vt100_parser"))


def cap_escapes(terminal: object, full: Callable[[], bool] | None = None) -> bool:
    """Feed `terminal`'s (a prompt_toolkit input's) parser through a `CsiCap`, and only
    control keys while `full()`. False when it has none (Windows' classic console
    reader, which reads keys, not bytes)."""
    for holder_name, name in PARSERS:
        holder = getattr(terminal, holder_name, None) if holder_name else terminal
        parser = getattr(holder, name, None)
        if isinstance(parser, CappedParser):
            parser.full = full
            return True
        if parser is not None and callable(getattr(parser, "feed", None)):
            setattr(holder, name, CappedParser(parser, full))
            return True
    return False
