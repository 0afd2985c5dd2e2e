"""Playing a game: the command language, the settings and the words players type for
them, the clock, views of the table, the session and what it answers.

Imports the standard library and `halfmoon_a11y.core` only. Still pure: the
clock and the random source are injected, and no text is translated here. One
exception: `owned.py`, the one way to open a file the game owns (bounded reads,
whole writes), for the store and the voice, which may not import each other
(issues 17 and 18, docs/decisions.md).
"""
