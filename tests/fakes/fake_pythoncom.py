"""A fake pywin32 `pythoncom`, for tests only: which threads initialised COM. The fake
SAPI5 driver (fake_pyttsx3) refuses to start on a thread that did not, as COM does
("CoInitialize has not been called")."""

from __future__ import annotations

import threading

INITIALISED: list[int] = []  # one entry a call


def CoInitialize() -> None:  # pywin32's own name
    INITIALISED.append(threading.get_ident())
