"""core.values: records behave as the frozen, slotted dataclasses they replace."""

import pytest

from halfmoon_a11y.core.places import Location
from halfmoon_a11y.core.values import FrozenError, field, fields, record, replace


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
        Pair()
    with pytest.raises(TypeError):
        Pair(1, (), 3)


def test_equality_and_hash_by_value_and_class():
    assert Pair(1) == Pair(1) and hash(Pair(1)) == hash(Pair(1))
    assert Pair(1) != Pair(2)
    assert Pair(1) != Other(1)  # same fields, another class: not equal, as dataclasses
    assert len({Pair(1), Pair(1), Pair(2)}) == 2


def test_frozen_and_slotted():
    pair = Pair(1)
    with pytest.raises(FrozenError):
        pair.left = 2
    with pytest.raises(AttributeError):
        pair.extra = 3
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
