"""Value classes that cost almost nothing to define.

`@record` gives a class what `@dataclass(frozen=True, slots=True)` gives it: an
`__init__` taking the annotated fields in order (with the defaults written in
the class), `__repr__`, `__eq__`, `__hash__`, `__match_args__` and `__slots__`,
and instances that cannot be changed. `@record(frozen=False)` makes a class
whose fields can be set; `field(default_factory=dict)` a default made anew for
each instance; `eq=False` keeps identity for equality;
`order=True` compares field by field.

Why not dataclasses: they generate and compile each class's methods while the
module loads (about 0.5 ms a class, and 9 ms to import `dataclasses` with
`inspect`); the game defines some sixty value classes, so a start paid about
40 ms for them, most never used in that run. Here nothing is compiled when a
class is defined; the `__init__` of a class is compiled the first time one is
made, and is then the same code a dataclass has. Type checkers see these
classes as dataclasses (`dataclass_transform`).

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(1, 0), Point(2, y=3).y
(Point(x=1, y=0), True, 3)
>>> Point(1).x = 5
Traceback (most recent call last):
...
halfmoon_a11y.core.values.FrozenError: cannot change field 'x'
>>> replace(Point(1), y=7)
Point(x=1, y=7)
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False  # typing is not loaded at run time (issue 12: start-up)
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")
else:

    def dataclass_transform(**kwargs):  # for type checkers only
        return lambda function: function


class FrozenError(AttributeError):
    """A field of a frozen value was assigned."""


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
        *, frozen: bool = True, eq: bool = True, order: bool = False
    ) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(
    cls: type[T] | None = None,
    /,
    *,
    frozen: bool = True,
    eq: bool = True,
    order: bool = False,
) -> type[T] | Callable[[type[T]], type[T]]:
    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, frozen, eq, order)

    return wrap if cls is None else wrap(cls)


def fields(cls: type) -> tuple[str, ...]:
    """The names of a value class's fields, in order."""
    names: tuple[str, ...] = cls.__match_args__  # type: ignore[attr-defined]
    return names


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a value with some fields changed."""
    names = fields(type(obj))
    return type(obj)(**{name: changes.get(name, getattr(obj, name)) for name in names})


def _make(cls: type[T], frozen: bool, eq: bool, order: bool) -> type[T]:
    own = cls.__dict__
    names = tuple(
        name
        for name, hint in own.get("__annotations__", {}).items()
        if not str(hint).startswith(("ClassVar", "typing.ClassVar"))
    )
    defaults = {name: own[name] for name in names if name in own}
    namespace = {
        key: item
        for key, item in own.items()
        if key not in names and key not in ("__dict__", "__weakref__")
    }
    # a frozen record keeps its hash once worked out (cards and places are hashed often)
    namespace["__slots__"] = (*names, "_hash") if frozen and eq else names
    namespace["__match_args__"] = names
    namespace["__init__"] = _lazy_init(names, defaults, "__post_init__" in own, frozen)
    namespace.setdefault("__repr__", _repr(names))
    key = _key(names)
    if eq:
        namespace.setdefault("__eq__", _eq(key))
        namespace["__hash__"] = _hash(key) if frozen else None
    if order:
        for method, compare in (
            ("__lt__", tuple.__lt__),
            ("__le__", tuple.__le__),
            ("__gt__", tuple.__gt__),
            ("__ge__", tuple.__ge__),
        ):
            namespace[method] = _compare(key, compare)
    if frozen:
        namespace["__setattr__"] = _refuse
        namespace["__delattr__"] = _refuse
        # pickle and copy set slots one by one: a frozen record gives its fields as one
        # state, as a frozen dataclass does (its hash is worked out again)
        namespace["__getstate__"] = _getstate(key)
        namespace["__setstate__"] = _setstate(names)
    made: type[T] = type.__new__(type(cls), cls.__name__, cls.__bases__, namespace)
    return made


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


def _lazy_init(
    names: tuple[str, ...], defaults: dict[str, Any], post_init: bool, frozen: bool
) -> Callable[..., None]:
    """An `__init__` that compiles the real one at its first call and puts it in its
    place: the same code as a dataclass's, paid for only by classes that are used."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        owner = _owner(type(self), __init__)
        real = _compile_init(names, defaults, post_init, frozen, owner.__qualname__)
        type.__setattr__(owner, "__init__", real)
        real(self, *args, **kwargs)

    return __init__


def _owner(cls: type, method: Any) -> type:
    for klass in cls.__mro__:
        if klass.__dict__.get("__init__") is method:
            return klass
    raise TypeError(f"{cls.__name__} has lost its __init__")  # pragma: no cover


def _compile_init(
    names: tuple[str, ...],
    defaults: dict[str, Any],
    post_init: bool,
    frozen: bool,
    qualname: str,
) -> Callable[..., None]:
    parameters = []
    body = []
    scope: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": _MISSING}
    for name in names:
        default = defaults.get(name, _MISSING)
        if isinstance(default, _Factory):
            scope[f"_make_{name}"] = default.make
            parameters.append(f"{name}=_MISSING")
            body.append(f"    if {name} is _MISSING: {name} = _make_{name}()")
        elif default is not _MISSING:
            scope[f"_default_{name}"] = default
            parameters.append(f"{name}=_default_{name}")
        else:
            parameters.append(name)  # Python refuses it after a default, as dataclasses do
        if frozen:
            body.append(f"    _set(self, {name!r}, {name})")
        else:
            body.append(f"    self.{name} = {name}")
    if post_init:
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
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
            return self._hash
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


def _refuse(self: Any, name: str, *rest: Any) -> None:
    raise FrozenError(f"cannot change field {name!r}")
