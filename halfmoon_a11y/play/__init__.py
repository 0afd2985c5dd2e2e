"""Playing a game: the command language, the settings and the words players type for
them, the clock, views of the table, the session and what it answers.

Imports the standard library and `halfmoon_a11y.core` only. Still pure: the
clock and the random source are injected, and no text is translated here. One
exception: `atomic.py` writes a file whole or not at all, for the store and the
voice, which may not import each other (issue 17, docs/decisions.md).
"""
