"""The other seats as a stochastic policy: how likely a layout makes the calls already seen
(issue 27.1; the machinery in :mod:`stolik.bots.inference`).

The model is the ``heuristic`` bot (:mod:`stolik.games.marias.heuristic`) turned into a
policy: at each call of another seat, its call with probability ``1 − ε``, ``ε`` spread over
the legal calls (:func:`~stolik.bots.inference.epsilon_probability`). A layout drawn by
:func:`~stolik.games.marias.sampling.sample` carries the deal replayed on its hands
(``Layout.start``); its log of calls is replayed once more from the dealing, and each call
of another seat is weighed on the view that seat had then:

- **the choice** (MARIAS §4.1): the chooser picks trumps from his first four cards, which
  nobody else saw; the model's probability is the share of the 70 ways his eight cards
  could hold his first four in which the heuristic picks the suit and the called card seen
  (a chooser who called the ten of his suit most likely holds its ace);
- **approval** (MARIAS §4.2: dobrý, špatný with betl or durch), **announcements** (§4.3:
  hra, sto, sedma, nic) and **fleky** (§4.4–§4.5: flek, re, … or pass): the heuristic's
  call on the seat's view then — a defender who said flek on the hra makes the layouts
  where he holds trumps likelier.

Calls the engine forces (one legal call) weigh nothing. The card play is not weighed.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal, Op
>>> from stolik.games.marias.heuristic import HeuristicBot
>>> from stolik.games.marias.sampling import Seen, sample
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 0, random.Random(2))
>>> bot = HeuristicBot()
>>> while d.phase != "play":
...     d.move(bot.choose(d.view(d.to_act or 0)))
>>> v = d.view(3); seen = Seen(); seen.update(v)
>>> lays = sample(v, seen, rs, 20, random.Random(1))
>>> model = CallModel()
>>> all(model.log_weight(v, lay) <= 0.0 for lay in lays)
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from stolik.bots.inference import EPS, DecisionCache, EpsilonPolicy
from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import cards_of
from stolik.games.marias.heuristic import announce, choose_trumps, claim, flek
from stolik.games.marias.sampling import Layout
from stolik.games.marias.state import Deal, Op
from stolik.games.marias.view import SeatView

__all__ = ["CALL_EPS", "CallModel", "choice_share"]

CALL_EPS = EPS
"""The spread share of a call, 0.2: every Mariáš bot bids by the heuristic today; measured
(``benchmarks/bench_inference.py``, 50 draws, 100 positions of ``pimc-fast`` self-play)
the true layout gains +0.85 nats [+0.66, +1.05] at 0.2 and +0.60 at 0.5."""


class _Four(NamedTuple):
    hand: tuple[int, ...]


@lru_cache(maxsize=4096)
def _choices(hand: int) -> dict[tuple[int, int], int]:
    """(trump suit, called card) → in how many of the 4-card subsets of ``hand`` the
    heuristic's choice is that one."""
    out: dict[tuple[int, int], int] = {}
    for four in combinations(cards_of(hand), 4):
        c = choose_trumps(_Four(four))  # type: ignore[arg-type]
        key = (c.card >> 3, c.called)
        out[key] = out.get(key, 0) + 1
    return out


def choice_share(hand: int, suit: int, called: int) -> float:
    """The share of the first fours the chooser's eight cards ``hand`` (a mask) could
    hold in which the heuristic chooses ``suit`` and calls ``called`` (MARIAS §4.1).

    >>> from stolik.games.marias.deck import parse_cards, parse_card
    >>> hand = sum(1 << c for c in parse_cards("AL KL 9L 7L 8B 9B 7H 8A"))
    >>> leaves = parse_card("7L") >> 3
    >>> [round(choice_share(hand, leaves, parse_card(c)), 3) for c in ("TL", "AL", "KL")]
    [0.471, 0.343, 0.0]
    """
    got = _choices(hand)
    return got.get((suit, called), 0) / sum(got.values())


def _model_call(view: SeatView) -> Call:
    if view.phase == "approval":
        return claim(view)
    if view.phase == "announce":
        return announce(view)
    return flek(view)


class CallModel(EpsilonPolicy[None]):
    """The policy model of the module notes; ``eps`` the spread share of a call. Each
    call's probability is kept over the deal by the caller's hand
    (:class:`~stolik.bots.inference.DecisionCache`): a layout whose every call is kept is
    weighed without replaying the calls."""

    def __init__(self, eps: float = CALL_EPS) -> None:
        super().__init__(None, call_eps=eps, cards=False)
        self.cache = DecisionCache()

    def log_weight(self, view: SeatView, lay: Layout) -> float:
        """The log-probability that the other seats, following the model, made the calls
        ``view`` shows, were the hands those of ``lay``."""
        self.cache.sync((view.dealer, *view.calls))
        start = lay.start
        hands = start.initial_hands
        ops = [op for op in start.log if op.kind == "call"]
        total = 0.0
        for i, op in enumerate(ops):
            if op.seat != view.seat:
                got = self.cache.get((i, op.seat, hands[op.seat]))
                if got is None:
                    return self._replay(view, lay, ops)
                total += got
        return total

    def _replay(self, view: SeatView, lay: Layout, ops: list[Op]) -> float:
        start = lay.start
        hands = start.initial_hands
        total = 0.0
        try:
            d = Deal(start.rs, start.dealer, start.dealt, paper=start.paper)
            for i, op in enumerate(ops):
                assert op.call is not None
                if op.seat != view.seat:
                    key = (i, op.seat, hands[op.seat])
                    got = self.cache.get(key)
                    if got is None:
                        got = self._log_p(d, op.seat, op.call)
                        self.cache.put(key, got)
                    total += got
                d.apply(op)
        except IllegalMove:
            return -math.inf
        return total

    def _log_p(self, d: Deal, seat: int, made: Call) -> float:
        legal = d.legal_calls()
        if len(legal) <= 1:
            return 0.0
        if made.word == "choose":
            share = choice_share(d.initial_hands[seat], made.card >> 3, made.called)
            return math.log((1.0 - self.call_eps) * share + self.call_eps / len(legal))
        return self.log_p(made, _model_call(d.view(seat)), len(legal))
