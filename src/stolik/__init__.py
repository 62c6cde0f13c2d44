"""stolik — the software card-game leagues run on.

Generic pieces (cards, tricks, records, series) live at the top of the package;
each game lives under :mod:`stolik.games` (today :mod:`stolik.games.baska`).
"""

__version__ = "0.1.0"
