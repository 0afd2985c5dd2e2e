"""Value classes that cost almost nothing to define.

`@record` gives a class what `@dataclass(frozen=True, slots=True)` gives it: an
`__init__` taking the annotated fields in order (with the defaults written in
the class), `__repr__`, `__eq__`, `__hash__`, `__match_args__` and `__slots__`,
and instances that cannot be changed. `@record(frozen=False)` makes a class
whose fields can be set; `field(default_factory=dict)` a default made anew for
each instance; `eq=False` keeps identity for equality;
`order=True` compares field by field; `kw_only=True`, or a `_: KW_ONLY` line,
makes fields keyword-only. A record that derives from a record has its base's
fields first, as a dataclass has. A `__hash__`, `__eq__`, `__repr__` or
`__init__` the class writes itself is kept.

What a dataclass refuses when its class is defined, a record refuses too, with
the same exception and words, before anything is compiled: a field without a
default after one with a default (TypeError), a mutable default such as a list
(ValueError: use `field(default_factory=...)`), a frozen record derived from a
mutable one or the other way round, `order` without `eq`, a class that writes
its own `__slots__`, or its own `__lt__`… with `order`, or `__setattr__` when
frozen (TypeError). `tests/test_values.py` defines each case both ways.

Why not dataclasses: they generate and compile each class's methods while the
module loads (about 0.5 ms a class, and 9 ms to import `dataclasses` with
`inspect`); the game defines some sixty value classes, so a start paid about
40 ms for them, most never used in that run. Here nothing is compiled when a
class is defined; the `__init__` of a class is compiled the first time one is
made, and is then the same code a dataclass has. Type checkers see these
classes as dataclasses (`dataclass_transform`).

With `HALFMOON_A11Y_RECORDS=dataclasses` in the environment, `record`, `field`,
`fields`, `replace`, `KW_ONLY` and `FrozenError` are the standard library's
(`dataclass(..., slots=True)`; `fields` still gives the names), so the tests
can run on both and find where they differ. CI runs the tests both ways.

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(1, 0), Point(2, y=3).y
(Point(x=1, y=0), True, 3)
>>> Point(1).x = 5  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
FrozenInstanceError: cannot assign to field 'x'
>>> replace(Point(1), y=7)
Point(x=1, y=7)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from operator import attrgetter

from halfmoon_a11y.core.checking import TYPE_CHECKING  # typing is not loaded at start

if TYPE_CHECKING:
    from dataclasses import KW_ONLY as KW_ONLY  # type checkers know this one
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")
else:

    def dataclass_transform(**kwargs):  # for type checkers only
        return lambda function: function

    class KW_ONLY:
        """`_: KW_ONLY` in a record: the fields after it are keyword-only."""


SWITCH = "HALFMOON_A11Y_RECORDS"  # =dataclasses: the standard library's (at the end)


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned or deleted (named as dataclasses name it)."""


FrozenError = FrozenInstanceError


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A default made anew for each instance: `names: dict = field(default_factory=dict)`."""
    return _Factory(default_factory)  # type: ignore[return-value]


_MISSING = object()


if TYPE_CHECKING:

    @overload
    def record(cls: type[T], /) -> type[T]: ...

    @overload
    def record(
        *, frozen: bool = True, eq: bool = True, order: bool = False, kw_only: bool = False
    ) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, kw_only_default=False, field_specifiers=(field,))
def record(
    cls: type[T] | None = None,
    /,
    *,
    frozen: bool = True,
    eq: bool = True,
    order: bool = False,
    kw_only: bool = False,
) -> type[T] | Callable[[type[T]], type[T]]:
    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, frozen, eq, order, kw_only)

    return wrap if cls is None else wrap(cls)


def fields(cls: type) -> tuple[str, ...]:
    """The names of a value class's fields, in order."""
    return tuple(cls.__record_fields__)  # type: ignore[attr-defined]


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a value with some fields changed; an unknown field is a TypeError."""
    values = {name: getattr(obj, name) for name in fields(type(obj))}
    values.update(changes)
    return type(obj)(**values)


if TYPE_CHECKING:
    # A field as a record keeps it: its default (or _MISSING, or a _Factory) and whether
    # it is keyword-only. `__record_fields__` maps each field's name to one, in order.
    Field = tuple[Any, bool]

_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")


def _make(cls: type[T], frozen: bool, eq: bool, order: bool, kw_only: bool) -> type[T]:
    """The class as a record. Everything a dataclass refuses when it is defined is
    refused here too, with the same exception, before anything is compiled."""
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    own = cls.__dict__
    name = cls.__name__
    if "__slots__" in own:
        raise TypeError(f"{name} already specifies __slots__")
    every, inherited_slots = _inherited(cls, frozen)
    every.update(_own_fields(cls, kw_only))
    names = tuple(every)
    _check_defaults(every)
    namespace = {
        key: item
        for key, item in own.items()
        if key not in names and key not in ("__dict__", "__weakref__")
    }
    namespace["__qualname__"] = cls.__qualname__  # kept, as a dataclass keeps it
    namespace["__record_fields__"] = every
    namespace["__record_frozen__"] = frozen
    # a frozen record keeps its hash once worked out (cards and places are hashed often)
    hashed = eq and frozen and not _explicit_hash(own)
    slots = tuple(field for field in names if field not in inherited_slots)
    if hashed and "_hash" not in inherited_slots:
        slots = (*slots, "_hash")
    namespace["__slots__"] = slots
    positional = tuple(field for field, (_, keyword) in every.items() if not keyword)
    namespace.setdefault("__match_args__", positional)
    post_init = hasattr(cls, "__post_init__")
    namespace.setdefault("__init__", _lazy_init(every, post_init, frozen))
    namespace.setdefault("__repr__", _repr(names))
    key = _key(names)
    if eq:
        namespace.setdefault("__eq__", _eq(key))
        if hashed:
            namespace["__hash__"] = _hash(key)
        elif not frozen and not _explicit_hash(own):
            namespace["__hash__"] = None  # mutable and compared by value: not hashable
    if order:
        for method, compare in zip(
            _ORDER, (tuple.__lt__, tuple.__le__, tuple.__gt__, tuple.__ge__), strict=True
        ):
            if method in own:
                raise TypeError(
                    f"Cannot overwrite attribute {method} in class {name}. "
                    "Consider using functools.total_ordering"
                )
            namespace[method] = _compare(key, compare)
    if frozen:
        for method in ("__setattr__", "__delattr__"):
            if method in own:
                raise TypeError(f"Cannot overwrite attribute {method} in class {name}")
        namespace["__setattr__"] = _refuse_assign
        namespace["__delattr__"] = _refuse_delete
        # pickle and copy set slots one by one: a frozen record gives its fields as one
        # state, as a frozen dataclass does (its hash is worked out again)
        namespace.setdefault("__getstate__", _getstate(key))
        namespace.setdefault("__setstate__", _setstate(names))
    made: type[T] = type.__new__(type(cls), name, cls.__bases__, namespace)
    return made


def _inherited(cls: type, frozen: bool) -> tuple[dict[str, Field], set[str]]:
    """The fields of the record classes `cls` derives from, the base's first (a field
    declared again keeps its place), and the slots its bases already have."""
    every: dict[str, Field] = {}
    slots: set[str] = set()
    bases = [base.__dict__ for base in cls.__mro__[-2:0:-1]]  # not cls, nor object
    for base in bases:
        base_slots = base.get("__slots__", ())
        slots.update((base_slots,) if isinstance(base_slots, str) else base_slots)
    records = [base for base in bases if "__record_fields__" in base]
    for base in records:
        every.update(base["__record_fields__"])
    if records:
        frozen_base = any(base["__record_frozen__"] for base in records)
        if frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen record from a frozen one")
        if frozen and not frozen_base:
            raise TypeError("cannot inherit frozen record from a non-frozen one")
    return every, slots


def _own_fields(cls: type, kw_only: bool) -> dict[str, Field]:
    own = cls.__dict__
    found: dict[str, Field] = {}
    marked = False
    for name, hint in own.get("__annotations__", {}).items():
        if hint is KW_ONLY or str(hint).rpartition(".")[2] == "KW_ONLY":
            if marked:
                raise TypeError(f"{name!r} is KW_ONLY, but KW_ONLY has already been specified")
            marked = kw_only = True
            continue
        if str(hint).startswith(("ClassVar", "typing.ClassVar")):
            continue
        found[name] = (own.get(name, _MISSING), kw_only)
    for name, item in own.items():
        if isinstance(item, _Factory) and name not in found:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    return found


def _check_defaults(every: dict[str, Field]) -> None:
    """A mutable default, or a positional field without a default after one with a
    default: refused as a dataclass refuses them."""
    after_default = False
    for name, (default, keyword) in every.items():
        if type(default).__hash__ is None:  # unhashable: a list, a dict, a set…
            raise ValueError(
                f"mutable default {type(default)} for field {name} "
                "is not allowed: use default_factory"
            )
        if keyword:
            continue
        if default is _MISSING and after_default:
            raise TypeError(f"non-default argument {name!r} follows default argument")
        after_default = after_default or default is not _MISSING


def _explicit_hash(own: Any) -> bool:
    """A `__hash__` the class defines itself, as dataclasses tell it: a class that
    defines `__eq__` alone gets `__hash__ = None` from Python, which is not one."""
    written = own.get("__hash__", _MISSING)
    return not (written is _MISSING or (written is None and "__eq__" in own))


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


COMPILED_AFTER = 4  # calls of a class's __init__ through the general one before its own


def _lazy_init(every: dict[str, Field], post_init: bool, frozen: bool) -> Callable[..., None]:
    """An `__init__` that binds its arguments by the field table for its first calls, then
    compiles the real one and puts it in its place: the same code as a dataclass's, paid
    for only by classes made more than a few times (a start makes some twenty kinds of
    value once or twice each: compiling their code cost about 1 ms of it).
    Anything the general binding does not take (a missing or unknown argument, one given
    twice) goes to the real one at once, so every error is Python's own."""
    names = tuple(every)
    positional = tuple(name for name, (_, keyword) in every.items() if not keyword)
    assign = object.__setattr__ if frozen else setattr
    calls = 0

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        if calls <= COMPILED_AFTER and len(args) <= len(positional):
            values = dict(zip(positional, args, strict=False))  # args may be fewer
            if len(values) + len(kwargs) <= len(names) and all(
                name in every and name not in values for name in kwargs
            ):
                values.update(kwargs)
                if all(name in values or every[name][0] is not _MISSING for name in names):
                    for name in names:
                        if name in values:
                            assign(self, name, values[name])
                        else:
                            default = every[name][0]
                            made = default.make() if isinstance(default, _Factory) else default
                            assign(self, name, made)
                    if post_init:
                        self.__post_init__()
                    return
        owner = _owner(type(self), __init__)
        real = _compile_init(every, post_init, frozen, owner.__qualname__)
        type.__setattr__(owner, "__init__", real)
        real(self, *args, **kwargs)

    return __init__


def _owner(cls: type, method: Any) -> type:
    for klass in cls.__mro__:
        if klass.__dict__.get("__init__") is method:
            return klass
    raise TypeError(f"{cls.__name__} has lost its __init__")  # pragma: no cover


def _compile_init(
    every: dict[str, Field], post_init: bool, frozen: bool, qualname: str
) -> Callable[..., None]:
    positional: list[str] = []
    keywords: list[str] = []
    body = []
    scope: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": _MISSING}
    for name, (default, keyword) in every.items():
        parameters = keywords if keyword else positional
        if isinstance(default, _Factory):
            scope[f"_make_{name}"] = default.make
            parameters.append(f"{name}=_MISSING")
            body.append(f"    if {name} is _MISSING: {name} = _make_{name}()")
        elif default is not _MISSING:
            scope[f"_default_{name}"] = default
            parameters.append(f"{name}=_default_{name}")
        else:
            parameters.append(name)
        if frozen:
            body.append(f"    _set(self, {name!r}, {name})")
        else:
            body.append(f"    self.{name} = {name}")
    if post_init:
        body.append("    self.__post_init__()")
    signature = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    source = f"def __init__({signature}):\n" + "\n".join(body or ["    pass"])
    exec(source, scope)  # the same generated code as a dataclass's __init__
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{qualname}.__init__"
    return init


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        try:
            cached: int = self._hash
            return cached
        except AttributeError:
            worked_out = hash(key(self))
            object.__setattr__(self, "_hash", worked_out)
            return worked_out

    return __hash__


def _compare(
    key: Callable[[Any], tuple[Any, ...]],
    compare: Callable[[tuple[Any, ...], tuple[Any, ...]], Any],
) -> Callable[[Any, Any], Any]:
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return compare(key(self), key(other))
        return NotImplemented

    return method


def _getstate(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
    def __getstate__(self: Any) -> tuple[Any, ...]:
        return key(self)

    return __getstate__


def _setstate(names: tuple[str, ...]) -> Callable[[Any, tuple[Any, ...]], None]:
    def __setstate__(self: Any, state: tuple[Any, ...]) -> None:
        for name, item in zip(names, state, strict=True):
            object.__setattr__(self, name, item)

    return __setstate__


def _refuse_assign(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


if not TYPE_CHECKING and os.environ.get(SWITCH) == "dataclasses":
    # The standard library's dataclasses in place of the records, only when asked.
    from halfmoon_a11y.core.standard_records import KW_ONLY as KW_ONLY
    from halfmoon_a11y.core.standard_records import FrozenInstanceError as FrozenInstanceError
    from halfmoon_a11y.core.standard_records import field as field
    from halfmoon_a11y.core.standard_records import fields as fields
    from halfmoon_a11y.core.standard_records import record as record
    from halfmoon_a11y.core.standard_records import replace as replace

    FrozenError = FrozenInstanceError
