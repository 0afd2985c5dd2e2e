"""Playing a game: the command language, the settings and the words players type for
them, the clock, views of the table, the session and what it answers.

Imports the standard library and `halfmoon_a11y.core` only. Pure: the clock and the
random source are injected, no file is opened and no text is translated here. The
file and system code the store and the voice share is `halfmoon_a11y.host`, a layer of
its own that this one never imports.
"""
