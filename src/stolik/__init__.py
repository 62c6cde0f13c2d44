"""stolik — the software card-game leagues run on.

Generic pieces (cards, tricks, records, series, the solver, bots, the command line, the
web) live at the top of the package; each game lives in its own package under
:mod:`stolik.games`, whose registry is how the generic pieces find a game.
"""

__version__ = "0.1.0"
