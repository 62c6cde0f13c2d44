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
from collections.abc import Sequence

from stolik.bots.inference import CARD_EPS, DecisionCache, EpsilonPolicy
from stolik.errors import IllegalMove
from stolik.games.baska.bots.heuristic import HeuristicBot
from stolik.games.baska.inference import Layout
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import Deal, SeatView

__all__ = ["CALL_EPS", "HEURISTIC", "CallModel", "initial_hands"]

CALL_EPS = 0.5
"""The spread share of a call: measured (``benchmarks/bench_inference.py``, 200 positions,
50 draws) the true layout gains +1.60 nats at 0.2, +1.46 at 0.5 and +0.97 at 0.8 in the
heuristic's own self-play, but against ``pimc-fast`` players, whose calls the heuristic
only approximates, −0.05 [−0.36, +0.27] at 0.2 and +0.29 [+0.11, +0.47] at 0.5."""

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
    ``cards`` of :class:`~stolik.bots.inference.EpsilonPolicy`). Each decision's
    probability is kept over the deal by the seat's hand
    (:class:`~stolik.bots.inference.DecisionCache`): a layout whose every decision is kept
    is weighed without replaying the deal."""

    def __init__(self, rs: Ruleset, call_eps: float = CALL_EPS, card_eps: float = CARD_EPS,
                 cards: bool = True) -> None:
        super().__init__(rs, call_eps, card_eps, cards)
        self.cache = DecisionCache()

    def log_weight(self, view: SeatView, layout: Layout) -> float:
        """The log-probability that the other seats, following the model, made the calls
        (and cards) ``view`` shows, were the hands those of ``layout``."""
        self.cache.sync((view.dealer, *view.calls, *view.plays))
        initial = initial_hands(view, layout)
        moves: list[tuple[int, str | int]] = [*view.calls]
        if self.cards:
            moves += view.plays
        total = 0.0
        for i, (seat, _) in enumerate(moves):
            if seat != view.seat:
                got = self.cache.get((i, seat, initial[seat]))
                if got is None:
                    return self._replay(view, initial, moves)
                total += got
        return total

    def _replay(self, view: SeatView, initial: Layout,
                moves: list[tuple[int, str | int]]) -> float:
        try:
            d = Deal(self.rules, view.dealer, initial)
        except IllegalMove:
            return -math.inf
        total = 0.0
        for i, (seat, move) in enumerate(moves):
            key = (i, seat, initial[seat])
            try:
                if seat != view.seat:
                    got = self.cache.get(key)
                    if got is None:
                        got = self._log_p(d, seat, move)
                        self.cache.put(key, got)
                    total += got
                if isinstance(move, int):
                    d.play(move)
                else:
                    d.call(move)
            except IllegalMove:  # the seat's hand cannot make the move seen
                if seat != view.seat:
                    self.cache.put(key, -math.inf)
                return -math.inf
        return total

    def _log_p(self, d: Deal, seat: int, move: str | int) -> float:
        if d.to_act != seat:
            raise IllegalMove("out of turn")
        v = d.view(seat)
        call = not isinstance(move, int)
        legal = v.legal_calls if call else v.legal_cards
        if len(legal) <= 1:
            return 0.0
        made = move if isinstance(move, int) else d.parse_call(move)
        return self.log_p(made, HEURISTIC.act(v), len(legal), call=call)
