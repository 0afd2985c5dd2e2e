"""JSON from the game's files nested past reason is refused before Python's parser sees
it: in the browser's Python a few thousand levels overflow WebAssembly's stack and kill
the interpreter (tests/test_web_storage.py shows it in the page)."""

from __future__ import annotations

import pytest

from halfmoon_a11y.store import shallow
from halfmoon_a11y.store.saved_game import SavedGame, SaveError


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[" * 33 + "]" * 33, True),
        ("[" * 32 + "]" * 32, False),
        ('{"a": ' * 40 + "1" + "}" * 40, True),
        ('["' + "[" * 100 + '", "\\"[[[[[["]', False),  # brackets in strings do not count
        ("[" + ",".join(["[]"] * 1000) + "]", False),  # many, side by side
    ],
)
def test_nesting_past_the_bound_is_refused(text, deep):
    if deep:
        with pytest.raises(ValueError):
            shallow.loads(text)
    else:
        assert shallow.loads(text) is not None


def test_a_saved_game_nested_ten_thousand_deep_is_unreadable():
    with pytest.raises(SaveError):
        SavedGame.from_bytes(b"[" * 10_000 + b"]" * 10_000)
