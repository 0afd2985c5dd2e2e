"""core.values: records behave as the frozen, slotted dataclasses they replace."""

import dataclasses
import os
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, TypeVar, dataclass_transform

import pytest

from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import (
    KW_ONLY,
    SWITCH,
    FrozenError,
    field,
    fields,
    record,
    replace,
)

STANDARD = os.environ.get(SWITCH) == "dataclasses"  # records are dataclasses in this run


@record
class Pair:
    left: int
    right: tuple[int, ...] = ()


@record
class Other:
    left: int
    right: tuple[int, ...] = ()


@record(frozen=False)
class Box:
    items: list[int] = field(default_factory=list)
    checked: bool = False

    def __post_init__(self) -> None:
        self.checked = True


def test_fields_defaults_and_keywords():
    assert fields(Pair) == ("left", "right") == Pair.__match_args__
    assert Pair(1) == Pair(left=1, right=())
    assert Pair(1, (2,)).right == (2,)
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]  # refused: no value for a field without a default
    with pytest.raises(TypeError):
        Pair(1, (), 3)  # type: ignore[call-arg]  # refused: one value too many


def test_equality_and_hash_by_value_and_class():
    assert Pair(1) == Pair(1) and hash(Pair(1)) == hash(Pair(1))
    assert Pair(1) != Pair(2)
    assert Pair(1) != Other(1)  # same fields, another class: not equal, as dataclasses
    assert len({Pair(1), Pair(1), Pair(2)}) == 2


def test_frozen_and_slotted():
    pair = Pair(1)
    with pytest.raises(FrozenError):
        pair.left = 2  # type: ignore[misc]  # refused: frozen
    # a frozen slotted dataclass of Python 3.11 raises TypeError for a name that is not a
    # field (CPython gh-105936, fixed later); a record raises FrozenError, as was meant
    with pytest.raises((FrozenError, TypeError) if STANDARD else FrozenError):
        pair.extra = 3  # type: ignore[attr-defined]  # refused: no such field, and slotted
    with pytest.raises(FrozenError):
        del pair.left
    assert not hasattr(pair, "__dict__")


def test_repr_and_replace():
    assert repr(Pair(1, (2,))) == "Pair(left=1, right=(2,))"
    assert replace(Pair(1), right=(5,)) == Pair(1, (5,))


def test_mutable_records_with_factories_and_post_init():
    one, two = Box(), Box()
    one.items.append(1)
    assert two.items == []  # a default made anew for each instance
    assert one.checked  # __post_init__ ran
    one.checked = False
    assert Box.__hash__ is None  # mutable and compared by value: not hashable


def test_match_by_position():
    match Pair(3, (4,)):
        case Pair(left, right):
            assert (left, right) == (3, (4,))
        case _:  # pragma: no cover
            pytest.fail("no match")


def test_order_compares_field_by_field():
    assert sorted([Location.parse("R1"), Location.parse("12"), Location.parse("2")]) == [
        Location.parse("2"),
        Location.parse("12"),
        Location.parse("R1"),
    ]


def test_records_pickle_and_copy_as_frozen_dataclasses_do():
    """Found in the final read-back: pickle and copy set a slotted object's fields one
    by one, which a frozen record refuses; a frozen dataclass gives its state whole."""
    import copy
    import pickle

    from halfmoon_a11y.core.cards import Card

    card = Card.parse("5S")
    hash(card)  # its hash, kept in a slot of its own, is worked out again after a copy
    assert pickle.loads(pickle.dumps(card)) == card
    assert hash(pickle.loads(pickle.dumps(card))) == hash(card)
    assert copy.deepcopy(Pair(1, (2,))) == Pair(1, (2,))
    assert copy.copy(Location.parse("R3")) == Location.parse("R3")
    box = copy.deepcopy(Box([1]))  # a mutable record copies as any object does
    assert box.items == [1]


# -- what a record refuses or allows when it is defined, as a dataclass does -----------
# Each case defines a class with a kit (the decorator, `field`, `KW_ONLY`) and answers
# what it got. It runs with records and with the standard library's dataclasses: both
# must give the expected answer, the same exception and the same words ("dataclass"
# read as "record"). `defined(kit)` is the kit's decorator, which mypy sees as a
# dataclass maker: what a case refuses on purpose is marked for it.

RECORDS = SimpleNamespace(make=record, field=field, KW_ONLY=KW_ONLY, replace=replace)


def _dataclass(frozen=True, **options):
    return dataclasses.dataclass(frozen=frozen, slots=True, **options)


DATACLASSES = SimpleNamespace(
    make=_dataclass,
    field=dataclasses.field,
    KW_ONLY=dataclasses.KW_ONLY,
    replace=dataclasses.replace,
)


T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field, dataclasses.field))
def defined(kit: SimpleNamespace, **options: Any) -> Callable[[type[T]], type[T]]:
    """The kit's decorator with these options: a record, or a dataclass, as mypy sees it."""
    return kit.make(**options)


def outcome(case, kit):
    try:
        return case(kit)
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error).replace("dataclass", "record")


def no_default_after_a_default(kit):
    @defined(kit)
    class Late:
        x: int = 0
        y: int  # type: ignore[misc]  # refused: no default after a default


def mutable_default(kind):
    def case(kit):
        @defined(kit)
        class Shared:
            x: object = kind()

    case.__qualname__ = f"mutable_default_{kind.__name__}"
    return case


def hashable_default_is_kept(kit):
    @defined(kit)
    class Kept:
        x: tuple[int, ...] = ()
        y: frozenset[int] = frozenset()

    return repr(Kept()).rpartition(".")[2], Kept() == Kept((), frozenset())


def fields_of_a_base_come_first(kit):
    @defined(kit)
    class Base:
        x: int
        y: int = 2

    @defined(kit)
    class Derived(Base):
        z: int = 3
        x: int = 9  # declared again: keeps its place, takes the new default

    derived = Derived()
    return (
        repr(derived).rpartition(".")[2],
        Derived.__match_args__,
        Derived(1, 2, 3) == Derived(1, 2, 3),
        Derived(9, 2) == Base(9, 2),  # another class: not equal
        hash(Derived(1)) == hash(Derived(1)),
        kit.replace(derived, z=4).z,
    )


def mutable_record_from_a_frozen_one(kit):
    @defined(kit)
    class Base:
        x: int

    @defined(kit, frozen=False)
    class Derived(Base):  # type: ignore[misc]  # refused: mutable from frozen
        y: int = 0


def frozen_record_from_a_mutable_one(kit):
    @defined(kit, frozen=False)
    class Base:
        x: int

    @defined(kit)
    class Derived(Base):  # type: ignore[misc]  # refused: frozen from mutable
        y: int = 0


def own_hash_is_kept(kit):
    @defined(kit)
    class Hashed:
        x: int

        def __hash__(self):
            return 5

    return hash(Hashed(1)), Hashed(1) == Hashed(1)


def own_eq_gets_a_hash(kit):
    @defined(kit)
    class Equal:
        x: int

        def __eq__(self, other):
            return True

    return Equal(1) == Equal(2), hash(Equal(1)) == hash(Equal(1))


def mutable_with_own_hash(kit):
    @defined(kit, frozen=False)
    class Hashed:
        x: int

        def __hash__(self):
            return 6

    return hash(Hashed(1))


def keyword_only_record(kit):
    @defined(kit, kw_only=True)
    class Keywords:
        x: int = 0
        y: int  # keyword-only: no default needed after one

    try:
        Keywords(1, 2)  # type: ignore[call-arg]  # refused: keyword-only
        positional = "accepted"
    except TypeError:
        positional = "refused"
    return repr(Keywords(y=1)).rpartition(".")[2], Keywords.__match_args__, positional


def keyword_only_marker(kit):
    @defined(kit)
    class Marked:
        x: int = 0
        _: kit.KW_ONLY  # type: ignore[name-defined, misc]  # the kit's own marker: mypy sees no type
        y: int  # type: ignore[misc]  # keyword-only after that marker
        z: int = 3

    marked = Marked(1, y=2)  # type: ignore[call-arg]  # (y is keyword-only)
    return repr(marked).rpartition(".")[2], Marked.__match_args__, kit.replace(marked, z=5).z


def two_keyword_only_markers(kit):
    @defined(kit)
    class Marked:
        _: kit.KW_ONLY  # type: ignore[name-defined]  # the kit's own marker
        x: int
        __: kit.KW_ONLY  # type: ignore[name-defined]  # refused: a second marker


def order_without_eq(kit):
    @defined(kit, eq=False, order=True)  # type: ignore[misc]  # refused: order without eq
    class Ordered:
        x: int


def order_over_own_comparison(kit):
    @defined(kit, order=True)
    class Ordered:
        x: int

        def __lt__(self, other):  # type: ignore[misc]  # refused: own __lt__ with order
            return True


def frozen_over_own_setattr(kit):
    @defined(kit)
    class Frozen:
        x: int

        def __setattr__(self, name, value):
            pass


def own_slots(kit):
    @defined(kit)
    class Slotted:
        __slots__ = ("x",)
        x: int


def factory_without_annotation(kit):
    @defined(kit)
    class Loose:
        x = kit.field(default_factory=list)


def own_init_is_kept(kit):
    @defined(kit)
    class Own:
        x: int

        def __init__(self):
            object.__setattr__(self, "x", 7)

    return Own().x


def replace_refuses_an_unknown_field(kit):
    @defined(kit)
    class Point:
        x: int

    try:
        kit.replace(Point(1), y=2)
    except TypeError:
        return "refused"
    return "accepted"


def nested_class_repr(kit):
    @defined(kit)
    class Inner:
        x: int

    return repr(Inner(1))


CASES = [
    (
        no_default_after_a_default,
        ("TypeError", "non-default argument 'y' follows default argument"),
    ),
    *[
        (
            mutable_default(kind),
            (
                "ValueError",
                f"mutable default {kind} for field x is not allowed: use default_factory",
            ),
        )
        for kind in (list, dict, set)
    ],
    (hashable_default_is_kept, ("Kept(x=(), y=frozenset())", True)),
    (
        fields_of_a_base_come_first,
        ("Derived(x=9, y=2, z=3)", ("x", "y", "z"), True, False, True, 4),
    ),
    (
        mutable_record_from_a_frozen_one,
        ("TypeError", "cannot inherit non-frozen record from a frozen one"),
    ),
    (
        frozen_record_from_a_mutable_one,
        ("TypeError", "cannot inherit frozen record from a non-frozen one"),
    ),
    (own_hash_is_kept, (5, True)),
    (own_eq_gets_a_hash, (True, True)),
    (mutable_with_own_hash, 6),
    (keyword_only_record, ("Keywords(x=0, y=1)", (), "refused")),
    (keyword_only_marker, ("Marked(x=1, y=2, z=3)", ("x",), 5)),
    (
        two_keyword_only_markers,
        ("TypeError", "'__' is KW_ONLY, but KW_ONLY has already been specified"),
    ),
    (order_without_eq, ("ValueError", "eq must be true if order is true")),
    (
        order_over_own_comparison,
        (
            "TypeError",
            "Cannot overwrite attribute __lt__ in class Ordered. "
            "Consider using functools.total_ordering",
        ),
    ),
    (
        frozen_over_own_setattr,
        ("TypeError", "Cannot overwrite attribute __setattr__ in class Frozen"),
    ),
    (own_slots, ("TypeError", "Slotted already specifies __slots__")),
    (factory_without_annotation, ("TypeError", "'x' is a field but has no type annotation")),
    (own_init_is_kept, 7),
    (replace_refuses_an_unknown_field, "refused"),
    (nested_class_repr, "nested_class_repr.<locals>.Inner(x=1)"),
]


@pytest.mark.parametrize(
    ("case", "expected"), CASES, ids=[case.__qualname__.split(".")[0] for case, _ in CASES]
)
def test_a_record_is_defined_as_a_dataclass_is(case, expected):
    assert (outcome(case, RECORDS), outcome(case, DATACLASSES)) == (expected, expected)


BINDINGS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((1, (2,)), {}),
    ((), {"left": 1}),
    ((1,), {"right": (3,), "size": 4}),
    ((1,), {"size": 2}),
    ((), {}),  # missing
    ((1, (2,), 3), {}),  # too many
    ((1,), {"left": 2}),  # twice
    ((1,), {"colour": 2}),  # unknown
    ((1, (2,)), {"right": (3,)}),  # twice, by keyword
]


@pytest.mark.parametrize(("args", "kwargs"), BINDINGS)
def test_the_first_calls_bind_as_the_compiled_init_does(args, kwargs):
    """A record's first few `__init__` calls bind by the field table (issue 27: no code
    compiled for a class made once at start); they make what the compiled `__init__`
    makes, and refuse with its own error, whichever call it is."""

    def made(calls: int) -> list[Any]:
        @record
        class Sized:
            left: int
            right: tuple[int, ...] = ()
            _: KW_ONLY
            size: int = 0
            seen: dict[str, int] = field(default_factory=dict)

        results: list[Any] = []
        for _ in range(calls):
            try:
                results.append(Sized(*args, **kwargs))
            except TypeError as error:
                results.append(str(error))
        return [repr(r) for r in results]

    early, late = made(1), made(8)
    assert late == early * 8


def test_a_record_made_often_gets_its_compiled_init():
    @record
    class Often:
        value: int

    first = Often.__init__
    for n in range(10):
        assert Often(n).value == n
    assert STANDARD or Often.__init__ is not first  # compiled, in place of the general one


def test_the_first_calls_run_post_init_and_make_each_default_anew():
    made = [Box() for _ in range(3)]
    made[0].items.append(1)
    assert [b.items for b in made] == [[1], [], []]
