"""The cursor under a terminal screen reader (issue 19): keys a reader lets through, the
caret where a reader reads, an Escape that answers at once, and only true ends."""

import pytest

from halfmoon_a11y.core.places import ALL_LOCATIONS, PILES
from halfmoon_a11y.play import cursor as moves
from halfmoon_a11y.play.cursor import Cursor


def at(index: int) -> Cursor:
    cursor = Cursor()
    cursor.index = index
    return cursor


@pytest.mark.parametrize("index", range(1, PILES))
def test_page_up_on_a_pile_other_than_1_goes_to_pile_1_and_is_no_end(index):
    """Page Up on pile 12 said "End of the table." though pile 12 is no end."""
    stop = at(index).move(moves.PILES_ROW)
    assert (str(stop.location), stop.edge) == ("1", False)


@pytest.mark.parametrize("index", range(PILES, len(ALL_LOCATIONS)))
def test_page_down_in_the_reserve_goes_to_r1_and_is_no_end(index):
    stop = at(index).move(moves.OTHER_ROW)
    assert (str(stop.location), stop.edge) == ("R1", False)


@pytest.mark.parametrize(
    ("index", "how"),
    [(0, moves.PREVIOUS), (0, moves.PILES_ROW), (len(ALL_LOCATIONS) - 1, moves.NEXT)],
)
def test_only_pile_1_and_r8_are_ends(index, how):
    stop = at(index).move(how)
    assert stop.edge and stop.location == ALL_LOCATIONS[index]


def test_no_key_says_an_end_anywhere_but_at_pile_1_or_r8():
    ends = {ALL_LOCATIONS[0], ALL_LOCATIONS[-1]}
    for index in range(len(ALL_LOCATIONS)):
        for how in moves.MOVES:
            stop = at(index).move(how)
            assert not stop.edge or stop.location in ends, (index, how)
