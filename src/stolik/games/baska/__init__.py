"""Baśka, the Kashubian four-player trick-taking game (RULES.md).

>>> from stolik.games.baska import Deal, load_ruleset
>>> rs = load_ruleset("mester-sport")
>>> rs.contract("mester").kind
'honour'
"""

from stolik.games.baska.calls import PASS, Call, parse_call
from stolik.games.baska.deck import CARD_POINTS, DECK, points
from stolik.games.baska.record import (
    DealRecord,
    SeriesRecord,
    SeriesResult,
    dumps_record,
    load_record,
    parse_record,
    record_of,
    replay,
)
from stolik.games.baska.ruleset import (
    DEFAULT_RULESET,
    Contract,
    Ruleset,
    available_rulesets,
    load_ruleset,
    parse_ruleset,
)
from stolik.games.baska.scoring import DECLARING, OPPOSING, DealResult, Game, score
from stolik.games.baska.state import Deal, Op, SeatView, Trick

__all__ = [
    "CARD_POINTS", "DECK", "DECLARING", "DEFAULT_RULESET", "OPPOSING", "PASS", "Call",
    "Contract", "Deal", "DealRecord", "DealResult", "Game", "Op", "Ruleset", "SeatView",
    "SeriesRecord", "SeriesResult", "Trick", "available_rulesets", "dumps_record",
    "load_record", "load_ruleset", "parse_call", "parse_record", "parse_ruleset", "points",
    "record_of", "replay", "score",
]
