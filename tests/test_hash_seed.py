"""The game says the same whatever Python's string hash seed: a page restored from a
memory snapshot (web/game.js) has the same seed at every start, a terminal a new one.
A whole won game and the commands around it, in each language, through the page's front
end, in processes with different PYTHONHASHSEEDs, answer word for word alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.web_support import ROOT

pytestmark = pytest.mark.slow

PLAY = """
import json, sys, tempfile
from halfmoon_a11y.core.dealcode import DealCode, deal
from halfmoon_a11y.ui.web import Page
from tests.solver import winning_line

code = "HM1-N-AAAAAAC"
around = ["help", "tops", "hidden", "xyzzy", "info", "moves", "undo", "redo", "help keys",
          "set", "stats", "table"]
said = {}
for language in ("ca", "da", "en"):
    front = Page.open(tempfile.mkdtemp(), [language], code=code)
    answers = [json.loads(front.opening())]
    line = [" ".join(move) for move in winning_line(deal(DealCode.parse(code)))]
    for typed in around + line + ["stats"]:
        answers.append(json.loads(front.line(typed)))
    answers.append(json.loads(front.buttons()))
    said[language] = answers
json.dump(said, sys.stdout)
"""


def played(seed: str) -> object:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_every_answer_is_the_same_whatever_the_hash_seed():
    first = played("0")
    for seed in ("1", "4242"):
        assert played(seed) == first
