"""The other seats as a stochastic policy: how likely a layout makes the calls (and cards)
already seen (issue 27.1; the machinery in :mod:`stolik.bots.inference`).

The model is the ``heuristic`` bot (:mod:`stolik.games.baska.bots.heuristic`) turned into a
policy: at each decision of another seat, its move with probability ``1 − ε``, ``ε`` spread
over the legal moves (:func:`~stolik.bots.inference.epsilon_probability`). On a layout (the
current hands; the initial ones are they and the cards played) the deal is replayed from the
dealing; each call of another seat is weighed on the view that seat had then (RULES §4: a
contract, a doubling or pass is chosen on the whole hand) — a seat that bid gran makes the
layouts where his hand carries it likelier. Cards (RULES §3) are weighed too with their own,
larger ``ε`` (the heuristic's card play is less like a person's than its calls). A layout
the replay refuses gets ``-inf``.

>>> import random
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> from stolik.games.baska.inference import sample_layouts
>>> rs = load_ruleset("pucka-2019")
>>> d = Deal.random(rs, 0, random.Random(4))
>>> while d.phase == "auction":
...     d.call(HEURISTIC.act(d.view(d.to_act or 0)))
>>> model = CallModel(rs)
>>> lays = sample_layouts(d.view(2), 30, random.Random(1), rs)
>>> all(model.log_weight(d.view(2), lay) <= 0.0 for lay in lays)
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from stolik.bots.inference import EpsilonPolicy
from stolik.errors import IllegalMove
from stolik.games.baska.bots.heuristic import HeuristicBot
from stolik.games.baska.inference import Layout
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import Deal, SeatView

__all__ = ["HEURISTIC", "CallModel", "initial_hands"]

HEURISTIC = HeuristicBot()
"""The model's player (deterministic, stateless between decisions)."""


def initial_hands(view: SeatView, layout: Sequence[int]) -> tuple[int, int, int, int]:
    """The dealt hands of a layout of current hands: each with the cards its seat played."""
    hands = list(layout)
    for seat, c in view.plays:
        hands[seat] |= 1 << c
    return (hands[0], hands[1], hands[2], hands[3])


class CallModel(EpsilonPolicy[Ruleset]):
    """The policy model of the module notes for one ruleset (the spread shares and
    ``cards`` of :class:`~stolik.bots.inference.EpsilonPolicy`)."""

    def log_weight(self, view: SeatView, layout: Layout) -> float:
        """The log-probability that the other seats, following the model, made the calls
        (and cards) ``view`` shows, were the hands those of ``layout``."""
        try:
            d = Deal(self.rules, view.dealer, initial_hands(view, layout))
            total = 0.0
            for seat, text in view.calls:
                if seat != view.seat:
                    total += self._log_p(d, seat, d.parse_call(text), call=True)
                d.call(text)
            if self.cards:
                for seat, c in view.plays:
                    if seat != view.seat:
                        total += self._log_p(d, seat, c, call=False)
                    d.play(c)
        except IllegalMove:
            return -math.inf
        return total

    def _log_p(self, d: Deal, seat: int, made: Hashable, *, call: bool) -> float:
        if d.to_act != seat:
            raise IllegalMove("out of turn")
        v = d.view(seat)
        legal = v.legal_calls if call else v.legal_cards
        if len(legal) <= 1:
            return 0.0
        return self.log_p(made, HEURISTIC.act(v), len(legal), call=call)
