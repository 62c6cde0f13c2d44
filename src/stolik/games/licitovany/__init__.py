"""Three-player licitovaný mariáš as Czech competitions play it (LICITOVANY.md, issue 28).

One aktér against two defenders for a contract bid on a ladder of twelve rungs, talon of
two, fleky, money on a tariff; four at a table with the dealer sitting out (pauzírák).

This package is the engine's core so far — not yet a registered game: it has **no**
``game.toml``, so the registry (:mod:`stolik.games`) does not list it and the tests that
walk every registered game's terminal, web table and records leave it alone until those
parts exist. Done: the ruleset as data (:mod:`.ruleset`, :mod:`.ladder`), money
(:mod:`.money`, :mod:`.results`), playing a card (:mod:`.rules`) and the deal step by step
(:mod:`.state`). Next, on the core: records (LICITOVANY §10), the terminal and web tables,
bots and the solver, series and tournaments; then ``game.toml``.
"""
