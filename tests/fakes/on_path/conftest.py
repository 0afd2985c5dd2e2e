"""The fakes here take real modules' names (pyttsx3, pythoncom) for a subprocess's
PYTHONPATH. pytest must never import them (--doctest-modules would, under those very
names, and every later test in the run would get the fake pyttsx3)."""

collect_ignore = ["pyttsx3.py", "pythoncom.py"]
