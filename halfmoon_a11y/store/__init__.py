"""Nothing lost: where the files are, the settings file, the saved game, statistics,
and the keeper that saves after every move.

Imports `core` and `play`; never a front end, the presenter or the voice. The
only layer that imports sqlite3, and only when statistics are first written or
read.
"""
