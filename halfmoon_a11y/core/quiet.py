"""`suppress`: what `contextlib.suppress` does, without loading contextlib.

Every start of the game passes through some twenty modules that let an expected error
go (a file already gone, a stream already closed). contextlib costs a start about
0.5 to 1 ms to load, for this one small class.

>>> with suppress(FileNotFoundError):
...     raise FileNotFoundError("gone")
>>> with suppress(KeyError):
...     raise ValueError("not this one")
Traceback (most recent call last):
...
ValueError: not this one
"""

from __future__ import annotations

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from types import TracebackType


class suppress:
    """A `with` block whose errors of the given kinds end the block and go no further."""

    __slots__ = ("_kinds",)

    def __init__(self, *kinds: type[BaseException]) -> None:
        self._kinds = kinds

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool:
        return kind is not None and issubclass(kind, self._kinds)
