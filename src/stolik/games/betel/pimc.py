"""The ``pimc`` Betel bot: perfect-information Monte Carlo over layouts drawn from what its
seat knows, each solved exactly, every decision by expected score (BETEL §2–§5).

- **Card play.** :func:`~stolik.games.betel.sampling.sample` draws layouts of the unseen
  cards (the other hands and the dubel) consistent with the seat's own hand, the dubel cards
  it looked at or laid back, every card played and the voids the plays showed — nothing
  else. In each layout the deal is set up at the current position (the drawn hands, the
  contract, the plays so far) and the exact solver values each legal card
  (:func:`~stolik.games.betel.solver.tricks` after it: the declarer's tricks under best
  play, or in an all-pass deal the seat's own). Tricks become this seat's score (BETEL
  §5): the contract's score as declarer, its negation as a defender (defenders score
  nothing themselves; they play to defeat the declarer, as the solver's two defenders do),
  5 a trick in an all-pass deal. The card of the highest mean wins; a tie goes to the
  heuristic bot's card where it is among the best, else to the lowest index. Cards equal
  for the rest of the deal — the seat's cards of one suit with no live card between them —
  are solved once.
- **Inference** (``infer=True``, issue 27.1): a card decision's layouts are resampled by how
  likely the other seats' calls and cards are on each under the heuristic as a policy
  (:mod:`~stolik.games.betel.policy_model`) from one in :data:`INFER_SHARE` as many drawn
  uniformly (weighing a layout costs about a millisecond, mostly the heuristic's auction;
  so the decision keeps its time: some 60 ms median instead of 25); a layout drawn twice
  is solved once and counted twice. Off by default; the auction's layouts are not
  weighted.
- **Auction**: :mod:`stolik.games.betel.bidding` — contracts, the dubel (look, exchange,
  what to lay back) and kontra by their mean score over solved layouts.
- **Strength** by budget (:data:`LEVELS`): ``pimc`` draws 100 layouts per card decision and
  16 per auction evaluation; ``pimc-fast`` 20 and 6.

numba is imported at the first solve, not with this module.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> bots = [PimcBot(layouts=4, bid_layouts=2, seed=s) for s in range(3)]
>>> while not d.is_over:
...     seat = d.to_act or 0
...     d.move(bots[seat].act(d.view(seat)))
>>> len(d.history)
10
"""

from __future__ import annotations

import random
from functools import partial

from stolik.bots.inference import weighted_layouts
from stolik.games.betel.bidding import Evaluator
from stolik.games.betel.deck import HIGHER, SUIT_MASKS, cards_of
from stolik.games.betel.heuristic import play_card, view_rules
from stolik.games.betel.layout_deal import layout_deal
from stolik.games.betel.policy_model import CallModel
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.sampling import Layout, Sampler
from stolik.games.betel.scoring import contract_points
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

__all__ = ["INFER_SHARE", "LEVELS", "PimcBot", "card_scores", "layout_deal"]

LEVELS = {"pimc": (100, 16), "pimc-fast": (20, 6)}
"""The pimc bots by name: layouts per card decision, layouts per auction evaluation."""

INFER_SHARE = 2
"""With inference: the layouts a card decision solves at most are one in ``INFER_SHARE``
of its layouts, drawn uniformly and weighed (module notes)."""


def _equals(cards: list[int], live: int) -> dict[int, int]:
    """Each card → the highest card of the seat equal to it for the rest of the deal: one of
    the same suit with no live card (in a hand or the trick) between them (BETEL §4: no
    card points, so only the order among live cards matters)."""
    rep: dict[int, int] = {}
    for c in sorted(cards):  # highest first (a lower index is a higher card)
        above = HIGHER[c] & live & SUIT_MASKS[c >> 3]
        nearest = max(cards_of(above), default=-1)  # the next live card above c
        rep[c] = rep.get(nearest, c)
    return rep


def card_scores(rs: Ruleset, view: SeatView, layouts: list[Layout]) -> dict[int, float]:
    """Each legal card's mean score for the seat over ``layouts`` (module notes)."""
    from stolik.games.betel.solver import tricks

    me = view.seat
    cards = [m for m in view.legal if isinstance(m, int)]
    c = view.contract
    total = dict.fromkeys(cards, 0.0)
    done: dict[Layout, dict[int, float]] = {}
    for lay in layouts:
        if lay in done:  # drawn twice (resampled by inference): solved once
            for x in cards:
                total[x] += done[lay][x]
            continue
        d = layout_deal(rs, view, lay)
        live = lay.hands[0] | lay.hands[1] | lay.hands[2]
        for _, x in view.trick:
            live |= 1 << x
        rep = _equals(cards, live)
        score: dict[int, float] = {}
        for x in sorted(set(rep.values())):
            after = d.clone()
            after.play(x)
            t = tricks(after, me if c is None else None)
            if c is None:
                score[x] = rs.all_pass_trick * t
            else:
                pts = contract_points(rs, c, view.doubled, t)[0]
                score[x] = pts if me == view.declarer else -pts
        done[lay] = {x: score[rep[x]] for x in cards}
        for x in cards:
            total[x] += score[rep[x]]
    return {x: v / len(layouts) for x, v in total.items()}


class PimcBot:
    """The ``pimc`` bot (module notes): ``layouts`` per card decision, ``bid_layouts`` per
    auction evaluation; ``seed`` makes its draws repeatable; ``ruleset`` for a club's own
    file (else the view's shipped one); ``infer``: a card decision's layouts weighted by
    the others' calls and cards (module notes)."""

    def __init__(self, layouts: int = 100, bid_layouts: int = 16, seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "pimc",
                 infer: bool = False) -> None:
        self.name = name
        self.infer = infer
        self.model: CallModel | None = None
        self.layouts = layouts
        self.bid_layouts = bid_layouts
        self.rng = random.Random(seed)
        self.ruleset = ruleset
        self.auction: Evaluator | None = None
        self.last_values: dict[int, float] = {}
        """The mean score for the seat of each card at the last card decision."""

    def _rules(self, view: SeatView) -> Ruleset:
        """The ruleset of the view: the one given or loaded before when the view names it
        (a shipped id, or a club file's path: ``view.ruleset`` is the ruleset's ref)."""
        self.ruleset = view_rules(view, self.ruleset)
        return self.ruleset

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        rs = self._rules(view)
        if view.phase == "auction":
            if self.auction is None or self.auction.rs is not rs:
                self.auction = Evaluator(rs, self.bid_layouts, self.rng)
            return self.auction.act(view)
        cards = [m for m in view.legal if isinstance(m, int)]
        if len(cards) == 1:
            return cards[0]
        if self.infer:
            if self.model is None or self.model.rules is not rs:
                self.model = CallModel(rs)
            drawn = Sampler(view).draw(max(1, self.layouts // INFER_SHARE), self.rng)
            layouts = weighted_layouts(drawn, partial(self.model.log_weight, view),
                                       self.layouts, self.rng, key=lambda lay: lay)
        else:
            layouts = Sampler(view).draw(self.layouts, self.rng)
        means = card_scores(rs, view, layouts)
        self.last_values = means
        top = max(means.values())
        best = [x for x in cards if means[x] >= top - 1e-9]
        hint = play_card(view)
        return hint if hint in best else best[0]

    choose = act
