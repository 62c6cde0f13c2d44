"""The other seats as a stochastic policy: how likely a layout makes the calls and cards
already seen (issue 27.1; the machinery in :mod:`stolik.bots.inference`).

The model is the ``heuristic`` bot (:mod:`stolik.games.betel.heuristic`) turned into a
policy: at each decision of another seat, its move with probability ``1 − ε``, ``ε`` spread
over the legal moves (:func:`~stolik.bots.inference.epsilon_probability`).

- **The auction** (BETEL §3): a seat's hand at the dealing is its hand now with the cards it
  played — unless it exchanged with the dubel, when two of its cards are hidden. So the
  auction is replayed from the dealing on the layout up to the first look at the dubel, and
  each call there of another seat that never laid cards back is weighed on the view it had
  then: a seat that bid 2♠ makes the layouts where its hand carries two spade tricks
  likelier, a seat that passed the ones where it does not.
- **The play** (BETEL §4): each card of another seat is weighed with its own, larger ``ε``
  on the view it had then, the deal set up by :func:`~stolik.games.betel.layout_deal.layout_deal`
  (the auction shortened to the contract; the card play reads no more of it).

A layout the replay refuses gets ``-inf``.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> from stolik.games.betel.heuristic import HeuristicBot
>>> from stolik.games.betel.sampling import sample
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 0, random.Random(5))
>>> bot = HeuristicBot(ruleset=rs)
>>> for _ in range(12):
...     if d.is_over: break
...     d.move(bot.act(d.view(d.to_act or 0)))
>>> v = d.view(d.to_act or 0)
>>> model = CallModel(rs)
>>> all(model.log_weight(v, lay) <= 0.0 for lay in sample(v, 20, random.Random(1)))
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from stolik.bots.inference import CARD_EPS, DecisionCache, EpsilonPolicy
from stolik.errors import IllegalMove
from stolik.games.betel.calls import LOOK_BOTH, Action
from stolik.games.betel.calls import lay as lay_back
from stolik.games.betel.deck import SEATS, cards_of
from stolik.games.betel.heuristic import bid_or_pass, play_card
from stolik.games.betel.layout_deal import layout_deal
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.sampling import Layout
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView

__all__ = ["CALL_EPS", "CallModel", "exchanged"]

CALL_EPS = 0.8
"""The spread share of a call: measured (``benchmarks/bench_inference.py``, 50 draws) the
true layout gains +1.32 nats at 0.2 (1,000 positions) and +1.16 at 0.8 (200) in the
heuristic's own self-play; against ``pimc-fast`` players, who bid by solved layouts and
not by the heuristic's counts, the weighting misleads: −1.76 [−2.39, −1.14] at 0.2,
−1.06 at 0.5, −0.46 [−0.71, −0.22] at 0.8 (100 positions). The least harm is taken."""


def exchanged(view: SeatView) -> int:
    """The seats (a mask) that took the dubel in the auction (BETEL §3): their hands at the
    dealing are not known, so their calls are not weighed.

    >>> class V: calls = ((0, "pas"), (1, "1S"), (2, "look 2"), (2, "take"),
    ...                   (2, "lay 7H 8H"), (2, "2S"))
    >>> exchanged(V())  # type: ignore[arg-type]
    4
    """
    out = 0
    for s, text in view.calls:
        if text.split()[:1] == ["take"]:
            out |= 1 << s
    return out


class CallModel(EpsilonPolicy[Ruleset]):
    """The policy model of the module notes for one ruleset (the spread shares and
    ``cards`` of :class:`~stolik.bots.inference.EpsilonPolicy`). Each decision's
    probability is kept over the deal by the seat's hand (and the dubel, for a seat that
    looked at it; :class:`~stolik.bots.inference.DecisionCache`): a layout whose every
    decision is kept is weighed without replaying the deal."""

    def __init__(self, rs: Ruleset, call_eps: float = CALL_EPS, card_eps: float = CARD_EPS,
                 cards: bool = True) -> None:
        super().__init__(rs, call_eps, card_eps, cards)
        self.cache = DecisionCache()

    def log_weight(self, view: SeatView, lay: Layout) -> float:
        """The log-probability that the other seats, following the model, made the calls
        and cards ``view`` shows, were the hands and dubel those of ``lay``."""
        plays = [((t.leader + i) % SEATS, c) for t in view.history
                 for i, c in enumerate(t.cards)] + list(view.trick)
        self.cache.sync((view.dealer, *view.calls, *plays))
        start = list(lay.hands)
        for s, c in plays:
            start[s] |= 1 << c
        keys = self._keys(view, lay, start, plays)
        total = 0.0
        for key in keys.values():
            got = self.cache.get(key)
            if got is None:
                break
            total += got
        else:
            return total
        try:
            return self._auction(view, lay, start, keys) + (
                self._play(view, lay, keys) if self.cards and plays else 0.0)
        except IllegalMove:
            return -math.inf

    def _keys(self, view: SeatView, lay: Layout, start: list[int],
              plays: list[tuple[int, int]]) -> dict[tuple[str, int], tuple[object, ...]]:
        """The cache key of each decision weighed: ("a", i) the i-th call, ("p", j) the
        j-th card."""
        laid = exchanged(view)
        looked = 0
        keys: dict[tuple[str, int], tuple[object, ...]] = {}
        for i, (s, text) in enumerate(view.calls):
            word = text.split()[0]
            if word == "look":
                looked |= 1 << s
            elif s != view.seat and not laid >> s & 1 and word not in ("take", "lay"):
                keys["a", i] = ("a", i, s, start[s], lay.dubel if looked >> s & 1 else 0)
        if self.cards:
            for j, (s, _) in enumerate(plays):
                if s != view.seat:
                    keys["p", j] = ("p", j, s, start[s])
        return keys

    def _kept(self, key: tuple[object, ...] | None, value: Callable[[], float]) -> float:
        if key is None:
            return 0.0
        got = self.cache.get(key)
        if got is None:
            got = value()
            self.cache.put(key, got)
        return got

    def _auction(self, view: SeatView, lay: Layout, start: list[int],
                 keys: dict[tuple[str, int], tuple[object, ...]]) -> float:
        d = Deal(self.rules, view.dealer, [cards_of(h) for h in start], cards_of(lay.dubel))
        total = 0.0
        took: tuple[int, ...] = ()
        for i, (s, text) in enumerate(view.calls):
            if d.to_act != s:
                raise IllegalMove("out of turn")
            word = text.split()[0]
            if word == "lay":  # the replay lays back what it took: hands stay as drawn
                d.act(lay_back(*took))
                continue
            if word == "look":
                d.act(LOOK_BOTH if text.split()[1] == "2" else Action("look", n=1, pos=0))
                continue
            if word == "take":
                took = d.pos.dubel
            total += self._kept(keys.get(("a", i)), partial(self._call_p, d, s, text))
            d.move(text)
        return total

    def _call_p(self, d: Deal, s: int, text: str) -> float:
        v = d.view(s)
        return self.log_p(d.parse_move(text), bid_or_pass(v, self.rules), len(v.legal))

    def _play(self, view: SeatView, lay: Layout,
              keys: dict[tuple[str, int], tuple[object, ...]]) -> float:
        end = layout_deal(self.rules, view, lay)
        plays = len(end.log) - len(view.history) * SEATS - len(view.trick)
        d = Deal(self.rules, end.dealer, end.dealt, end.dealt_dubel)
        for op in end.log[:plays]:
            d.apply(op)
        total = 0.0
        for j, op in enumerate(end.log[plays:]):
            total += self._kept(keys.get(("p", j)), partial(self._card_p, d, op.seat, op.card))
            d.apply(op)
        return total

    def _card_p(self, d: Deal, s: int, card: int) -> float:
        v = d.view(s)
        cards = [m for m in v.legal if isinstance(m, int)]
        return self.log_p(card, play_card(v), len(cards), call=False)
