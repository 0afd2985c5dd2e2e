"""The standard library's frozen, slotted dataclasses, in place of the records of
core/values.py when `HALFMOON_A11Y_RECORDS=dataclasses` is set: CI runs the tests both
ways, so that the two never drift apart. This module is imported only then: importing
`dataclasses` costs a start about 9 ms.

`typing` is loaded whole here, in the main thread: a dataclass made in another thread
(the screen-reader check) while the main thread was still importing typing
(prompt_toolkit) found it half made and failed (dataclasses reads `typing.ClassVar` from
sys.modules)."""

from __future__ import annotations

import dataclasses
from typing import Any  # typing whole, here in the main thread: see above

field = dataclasses.field
replace = dataclasses.replace
KW_ONLY = dataclasses.KW_ONLY
FrozenInstanceError = dataclasses.FrozenInstanceError


def record(
    cls: Any = None,
    /,
    *,
    frozen: bool = True,
    eq: bool = True,
    order: bool = False,
    kw_only: bool = False,
) -> Any:
    """`@dataclass(frozen=..., slots=True, ...)`, with the records' arguments."""

    def wrap(cls: Any) -> Any:
        options = {"frozen": frozen, "eq": eq, "order": order, "kw_only": kw_only}
        return dataclasses.dataclass(cls, slots=True, **options)

    return wrap if cls is None else wrap(cls)


def fields(cls: type) -> tuple[str, ...]:
    """The names of the fields, in order, as the records' `fields` gives them."""
    return tuple(item.name for item in dataclasses.fields(cls))
