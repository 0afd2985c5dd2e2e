"""How the statistics can fail, and how long the game's own writes wait: what the
store needs of the statistics at every start, without loading sqlite3 (the database
module, `store/statistics.py`, is loaded when statistics are first written or read)."""

from __future__ import annotations

QUICK_TIMEOUT = 0.25  # seconds the game's own writes wait: the winning move answers at once


class StatisticsFailed(Exception):
    """The database could not be opened, read or written (sqlite3.Error or OSError)."""


class StatisticsBusy(StatisticsFailed):
    """Another connection held the database longer than the busy timeout."""


class StatisticsGarbage(StatisticsFailed):
    """The file is not an SQLite database, or a damaged one."""


class StatisticsForeign(StatisticsGarbage):
    """The database holds a table, view, index or trigger the game did not make: set
    aside as garbage is, since such an object runs inside every use of it."""


class StatisticsSlow(StatisticsFailed):
    """A use of the database ran past its bound, or a leaving signal stopped it."""
