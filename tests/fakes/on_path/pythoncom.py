"""The fake pythoncom (tests/fakes/fake_pythoncom.py) under its real name, for a game
started as a subprocess with this folder on its PYTHONPATH."""

from tests.fakes.fake_pythoncom import *  # noqa: F403
from tests.fakes.fake_pythoncom import CoInitialize  # noqa: F401 (what the game calls)
