"""`assert_never` without loading `typing` at start-up (issue 12): the last case of every
`match` over commands, events and answers. For a type checker its argument must be of
type `Never`, so mypy names every case a new command or event leaves out; at run time
it raises, since reaching it is a bug."""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from typing import Never


def assert_never(value: Never, /) -> Never:
    raise AssertionError(f"unhandled value: {value!r}")
