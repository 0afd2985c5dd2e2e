"""The fake pyttsx3 (tests/fakes/fake_pyttsx3.py) under its real name, for a game started
as a subprocess: this folder goes first on its PYTHONPATH, the project's root after it.
`FAKE_PYTTSX3_LOG` names a file where each sentence made is written, one JSON line."""

from tests.fakes.fake_pyttsx3 import *  # noqa: F403
from tests.fakes.fake_pyttsx3 import init  # noqa: F401 (what the game calls)
