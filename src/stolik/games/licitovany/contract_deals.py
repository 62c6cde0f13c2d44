"""Random licitovaný deals brought to the first lead of a chosen contract, for the solver's
tests and benchmark (LICITOVANY §4): the zadák bids the lowest rung, the others pass, and
the aktér lays a random pair away and names a contract of the rung wanted (any trump and
helper the talon allows, §4.3–§4.4); the fleky are drawn at random or all ``dobra``.

Such a contract is usually not one anybody would bid on those cards: the solver meets it
at its hardest.

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> d = contract_deal(load_ruleset(), 3, 9, sevens=True)
>>> d.phase, d.pos.contract.rung.word
('play', 'dve-sedmy')
>>> from dataclasses import replace
>>> contract_deal(replace(load_ruleset(), ladder=(1, 2, 3)), 3, 9)
Traceback (most recent call last):
ValueError: rung 9 is not played under ruleset licitovany (LICITOVANY §2)
"""

from __future__ import annotations

import random

from stolik.deck32 import SEVEN, card
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.state import Deal


def _holds_sevens(d: Deal, m: Move) -> bool:
    """Whether the aktér holds the sevens a dvě sedmy ``m`` names (LICITOVANY §5)."""
    hand = d.pos.hands[d.pos.akter]
    return m.trump is not None and m.helper is not None and \
        hand >> card(m.trump, SEVEN) & 1 == 1 and hand >> card(m.helper, SEVEN) & 1 == 1


def contract_deal(rs: Ruleset, seed: int, rung: int, *, players: int = 3,
                  sevens: bool = False, fleky: bool = True) -> Deal:
    """A deal of seed ``seed`` at the first lead of a contract of ``rung``; ``sevens``: a
    dvě sedmy whose aktér holds both sevens; ``fleky``: random raises, else all ``dobra``."""
    if rung not in rs.ladder:
        raise ValueError(f"rung {rung} is not played under ruleset {rs.id} (LICITOVANY §2)")
    rng = random.Random(seed)
    while True:
        d = Deal.random(rs, rng.randrange(players), rng, players=players)
        for call in (Move.bid(rs.lowest), Move("dobra"), Move("dobra")):
            d.move(call)
        hand = d.pos.hands[d.pos.akter]
        cards = [c for c in range(32) if hand >> c & 1]
        for _ in range(20):
            pair = tuple(sorted(rng.sample(cards, 2)))
            d.move(Move("discard", cards=pair))
            named = [m for m in d.legal_moves() if m.kind == "contract" and m.rung == rung
                     and (not sevens or _holds_sevens(d, m))]
            if named:
                d.move(rng.choice(named))
                while d.phase == "fleky":
                    moves = d.legal_moves()
                    d.move(rng.choice(moves) if fleky else moves[0])
                if d.phase == "play":
                    return d
                break
            d.undo()
