"""Fakes under real modules' names (pyttsx3, pythoncom), for a game started as a
subprocess with this folder first on its PYTHONPATH. A package, so that pytest's
--doctest-modules imports them as tests.fakes.on_path.*, never under those names."""
