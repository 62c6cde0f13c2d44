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
  on the view it had then, the deal set up by :func:`~stolik.games.betel.pimc.layout_deal`
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

from stolik.bots.inference import EpsilonPolicy
from stolik.errors import IllegalMove
from stolik.games.betel.calls import LOOK_BOTH, Action
from stolik.games.betel.calls import lay as lay_back
from stolik.games.betel.deck import SEATS, cards_of
from stolik.games.betel.heuristic import bid_or_pass, play_card
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.sampling import Layout
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView

__all__ = ["CallModel", "exchanged"]

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
    ``cards`` of :class:`~stolik.bots.inference.EpsilonPolicy`)."""

    def log_weight(self, view: SeatView, lay: Layout) -> float:
        """The log-probability that the other seats, following the model, made the calls
        and cards ``view`` shows, were the hands and dubel those of ``lay``."""
        try:
            total = self._auction(view, lay)
            if self.cards and view.phase == "play":
                total += self._play(view, lay)
        except IllegalMove:
            return -math.inf
        return total

    def _auction(self, view: SeatView, lay: Layout) -> float:
        laid = exchanged(view)
        start = list(lay.hands)
        for t in view.history:
            for i, c in enumerate(t.cards):
                start[(t.leader + i) % SEATS] |= 1 << c
        for s, c in view.trick:
            start[s] |= 1 << c
        d = Deal(self.rules, view.dealer, [cards_of(h) for h in start], cards_of(lay.dubel))
        total = 0.0
        took: tuple[int, ...] = ()
        for s, text in view.calls:
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
            elif s != view.seat and not laid >> s & 1:
                v = d.view(s)
                if len(v.legal) > 1:
                    total += self.log_p(d.parse_move(text), bid_or_pass(v, self.rules),
                                        len(v.legal))
            d.move(text)
        return total

    def _play(self, view: SeatView, lay: Layout) -> float:
        from stolik.games.betel.pimc import layout_deal

        end = layout_deal(self.rules, view, lay)
        plays = len(end.log) - len(view.history) * SEATS - len(view.trick)
        d = Deal(self.rules, end.dealer, end.dealt, end.dealt_dubel)
        for op in end.log[:plays]:
            d.apply(op)
        total = 0.0
        for op in end.log[plays:]:
            if op.seat != view.seat:
                v = d.view(op.seat)
                cards = [m for m in v.legal if isinstance(m, int)]
                if len(cards) > 1:
                    total += self.log_p(op.card, play_card(v), len(cards), call=False)
            d.apply(op)
        return total
