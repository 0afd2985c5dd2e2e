"""What type checkers need, without loading `typing` at start-up (it costs a start about 2 ms):

- `TYPE_CHECKING`, False at run time. Type checkers read any name `TYPE_CHECKING`
  as true, so `from halfmoon_a11y.core.checking import TYPE_CHECKING` and then
  `if TYPE_CHECKING:` guard the imports only they need, in every module.
- `assert_never`, the last case of every `match` over commands, events and answers.
  For a type checker its argument must be of type `Never`, so mypy names every case a
  new command or event leaves out; at run time it raises, since reaching it is a bug.
"""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Never


def assert_never(value: Never, /) -> Never:
    raise AssertionError(f"unhandled value: {value!r}")
