"""Mariáš čtyřka, four-player volený mariáš with the mandatory hundred (MARIAS.md, seed 002).

Each rule lives in one module: the cards and their orders in :mod:`.deck` (MARIAS §1–§2),
playing a card in :mod:`.play` (§3), the bidding words in :mod:`.calls` (§4, §11), a deal as
a state in :mod:`.state` (§2–§5), what a seat may know in :mod:`.view`, money in
:mod:`.scoring` (§5, §6, §8), the tariff as data in :mod:`.ruleset` and ``rulesets/`` (§6).

>>> from stolik.games.marias import load_ruleset, Deal
>>> load_ruleset("ctyrka").name
'Mariáš čtyřka s povinnou stovkou (seed 002)'
"""

from stolik.games.marias.calls import Call
from stolik.games.marias.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    describe,
    load_ruleset,
    parse_ruleset,
)
from stolik.games.marias.scoring import DealResult, Settlement, score
from stolik.games.marias.state import Deal, Move, Op, Trick
from stolik.games.marias.view import SeatView

__all__ = [
    "DEFAULT_RULESET", "Call", "Deal", "DealResult", "Move", "Op", "Ruleset", "SeatView",
    "Settlement", "Trick", "available_rulesets", "describe", "load_ruleset", "parse_ruleset",
    "score",
]
