"""Three-player licitovaný mariáš as Czech competitions play it (LICITOVANY.md, issue 28).

One aktér against two defenders for a contract bid on a ladder of twelve rungs, talon of
two, fleky, money on a tariff; four at a table with the dealer sitting out (pauzírák).

The registry (:mod:`stolik.games`) lists it by its ``game.toml``; a part it does not have
is refused in one line by the generic layers, which ask the registry for it. Its cards
and trick rule are the core's (:mod:`stolik.deck32`, :mod:`stolik.tricks32`), its deal
state's log the core's (:mod:`stolik.deal`).

Done, one module per concept of the spec:

- the ruleset as data: :mod:`.ruleset` (``rulesets/licitovany.toml``), the ladder
  :mod:`.ladder` (§2, head);
- playing a card: :mod:`.rules` (§3);
- a deal step by step: :mod:`.state` on :mod:`.position`, with the licitace
  :mod:`.auction`, the talon and the contract :mod:`.talon`, the fleky
  :mod:`.flek_rounds`, moves and their words :mod:`.calls`, a seat's view :mod:`.view`
  (§4);
- results and money: :mod:`.results`, :mod:`.money` (§5–§7: renonc and paušál as pure
  functions; the live engine never makes a renonc);
- ``stolik rules list``/``show``: :mod:`.rules_sheet` (the registry's ``rules`` part is
  :mod:`.rules`, which re-exports it);
- deal records (§10): :mod:`.record` on the core's :mod:`stolik.record_io`, each entry
  replayed and its refusal worded by :mod:`.record_replay` (renoncs and paušál, §7);
  the §6 examples are records in ``tests/data/licitovany``;
- ``stolik simulate``: :mod:`.simulate` on the fast kernel (:mod:`.fast`: whole random
  deals on integer masks, numba; :mod:`.fast_tables`, :mod:`.fast_talon`), the sheet and
  the summary :mod:`.sheet`; ``stolik arena``: :mod:`.arena`;
- the exact solver of the play: :mod:`.solver` (trump games, betl, durch on the core's
  trick-32 kernels) and :mod:`.solver_dve` (dvě sedmy, its own search);
- bots, the ``bots`` part :mod:`.bots`: ``random``, ``heuristic`` (:mod:`.heuristic`, with
  :mod:`.knowledge`: the legal moves and what a seat saw, from its view only), ``pimc`` and
  ``pimc-fast`` (:mod:`.pimc` on :mod:`.sampling`);
- the terminal (``stolik play --game licitovany``): :mod:`.terminal` on the core's table;
  the web table: :mod:`.web` (three seats, or four with the pauzírák), its messages in
  the shape the browser client draws :mod:`.web_view`, its words :mod:`.words`, the
  deck's suit letters :mod:`.deck`; the table's deal :mod:`.table_deal`; the review of a
  seat's cards after a deal, on the exact solver with every hand open,
  :mod:`.web_review`.
"""
