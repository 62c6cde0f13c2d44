"""Three-player licitovaný mariáš as Czech competitions play it (LICITOVANY.md, issue 28).

One aktér against two defenders for a contract bid on a ladder of twelve rungs, talon of
two, fleky, money on a tariff; four at a table with the dealer sitting out (pauzírák).

This package is the engine's core so far — **not yet a registered game**: it has no
``game.toml``, so the registry (:mod:`stolik.games`) does not list it, and the tests that
walk every registered game's terminal, web table and records leave it alone until those
parts exist. Its cards and trick rule are the core's (:mod:`stolik.deck32`,
:mod:`stolik.tricks32`), its deal state's log the core's (:mod:`stolik.deal`).

Done, one module per concept of the spec:

- the ruleset as data: :mod:`.ruleset` (``rulesets/licitovany.toml``), the ladder
  :mod:`.ladder` (§2, head);
- playing a card: :mod:`.rules` (§3);
- a deal step by step: :mod:`.state` on :mod:`.position`, with the licitace
  :mod:`.auction`, the talon and the contract :mod:`.talon`, the fleky
  :mod:`.flek_rounds`, moves and their words :mod:`.calls`, a seat's view :mod:`.view`
  (§4);
- results and money: :mod:`.results`, :mod:`.money` (§5–§7: renonc and paušál as pure
  functions; the live engine never makes a renonc).

Next, on the core: deal records (§10, replaying renoncs), the terminal and web tables,
words in the catalogs (the refusals are English lines for now), bots and the solver,
series and tournaments (§8, §9); then ``game.toml``.
"""
