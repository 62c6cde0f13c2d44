"""Betel, GPS's three-player trick-taking game with a dubel and a 30-contract auction
(BETEL.md, seed 004).

Each rule lives in one module: the cards in :mod:`.deck` (BETEL §1), the ladder of
contracts and every number as data in :mod:`.ruleset` and ``rulesets/`` (§2, §5).
"""

from stolik.games.betel.ruleset import (
    DEFAULT_RULESET,
    Contract,
    Ruleset,
    available_rulesets,
    describe,
    load_ruleset,
    parse_ruleset,
)

__all__ = ["DEFAULT_RULESET", "Contract", "Ruleset", "available_rulesets", "describe",
           "load_ruleset", "parse_ruleset"]
