"""Deal codes in sentences are said so that a screen reader spells them: espeak-ng, Orca's
default synthesiser, says seven letters written together as one word ("'EmkpNkt"), and
spells a letter written alone before a comma ("A" between spaces is the word "a" in
English and Catalan). `new` takes the code back in the form said; `code` keeps the
dashed form, to copy."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from tests.support import Clock, transcript

SEED = "HM1-N-EMQPNCT"
LETTERS = "EMQPNCT"
LANGUAGES = ("ca", "da", "en")


def lines(language: str, commands: list[str]) -> list[str]:
    session = Session(DealCode.parse(SEED), settings=Settings(language=language), now=Clock())
    return transcript(session, commands, start=False).splitlines()


def phonemes(language: str, text: str) -> list[str]:
    """espeak-ng's phonemes for `text`, word by word, stress marks left out."""
    done = subprocess.run(
        ["espeak-ng", "-q", "-x", "-v", language, text],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    marks = str.maketrans("", "", "',;")  # stress, and a lengthening espeak adds at random
    return done.stdout.translate(marks).split()


def spelled_in(said: list[str], letters: list[str]) -> bool:
    """Whether `letters` (each letter's phonemes alone) come one after the other in `said`."""
    return any(said[at : at + len(letters)] == letters for at in range(len(said)))


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("command", ["info", "new HM1-N-AAAAAAC"])
def test_espeak_spells_the_letters_of_a_code_in_a_sentence(language, command):
    """The letters of `info`'s code, and of the deal `new` opens (A: a word too), each
    named in turn."""
    said = lines(language, [command])[1]
    code = "AAAAAAC" if command.startswith("new") else LETTERS
    letters = [phonemes(language, letter)[0] for letter in code]
    assert spelled_in(phonemes(language, said), letters), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_says_the_code_letters_apart_and_code_keeps_the_dashes(language):
    info, code = lines(language, ["info", "code"])[1::2]
    assert info.endswith(" HM1 N, E, M, Q, P, N, C, T.")
    assert code.endswith(" HM1-N-EMQPNCT.")


@pytest.mark.parametrize(("language", "new"), [("ca", "nova"), ("da", "nyt"), ("en", "new")])
def test_new_takes_back_the_code_as_a_sentence_says_it(language, new):
    said = lines(language, [f"{new} HM1 N, A, A, A, A, A, A, C.", "code"])
    assert said[-1].endswith(" HM1-N-AAAAAAC.")
    assert " HM1 N, A, A, A, A, A, A, C." in said[1]


@pytest.mark.parametrize(
    ("text", "seed"),
    [("HM1 N, A, A, A, A, A, A, B", 1), ("HM1 N A A A A A A B", 1), ("hm1-n-a a a a a b a", 26)],
)
def test_a_code_parses_with_its_letters_apart(text, seed):
    assert DealCode.parse(text).seed == seed
