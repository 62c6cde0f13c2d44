"""The auction as the ``expert`` Baśka bot values it (issue 27.2): layouts of the hidden
hands at the seat's call, and the value of a call on one layout with the other seats'
answers (RULES §4–§7; hidden information: nothing here reads a hand the seat cannot see).

- **Layouts.** :func:`auction_layouts` draws the others' hands uniformly over what the
  view fixes (:func:`~stolik.games.baska.inference.sample_layouts`: the seat's own hand,
  the cards a called contract requires; a lone player announced as laid down holds a
  laid-down hand, :func:`~stolik.games.baska.inference.public_draws`), optionally
  resampled by how likely the others' calls are on each under the heuristic as a policy
  (a ``weigh`` function, e.g.
  :meth:`~stolik.games.baska.policy_model.CallModel.log_weight`). On each the public calls
  are replayed from the dealing; a layout on which they would not be legal, or would not
  announce the same laid-down contracts (public, RULES §7), is dropped.
- **Value of a call.** :func:`call_value` makes the call on a copy of the layout's deal,
  lets the ``rollout`` bot make the later calls of all four seats — every one, or the next
  ``answers`` with everybody passing after them — so the others answer as that bot would
  (the expert's: :class:`AuctionPimc`, each seat on its own view; a gran may be overcalled,
  a contract doubled — RULES §4, not "everyone else passes"), and solves the play exactly
  (both sides seeing every card, :func:`~stolik.games.baska.solver.best_payout`): the
  seat's payout (RULES §7). An honour is its settled payout. Calls that lead to the same
  game on the same hands are solved once (``done``).
- **Cost.** Each solve's search nodes, and the rollout's ``cost`` per call it works out
  (:data:`CALL_NODES` for the heuristic), are spent from a
  :class:`~stolik.solver.budget.Budget`; :func:`call_value` returns None (the layout is
  not finished) once it is spent.

>>> import random
>>> from stolik.games.baska.bots.heuristic import HeuristicBot
>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> d = Deal.from_text(rs, 0, ["QC AH TC TS", "QS TH AC TD", "JC JS JH JD", "QH QD AD AS"])
>>> lays = auction_layouts(d.view(2), rs, 5, random.Random(1))
>>> len(lays), all(x.hands[2] == d.hands[2] for x in lays)
(5, True)
>>> budget, rollout = Budget(10_000, float("inf")), Rollout(HeuristicBot())
>>> [call_value(d, 2, d.parse_call(c), rollout, budget, {}) for c in ("gran-du", "zolo")]
[30, -15]
>>> 0 < budget.used <= 10_000
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from stolik.bots import Bot
from stolik.errors import IllegalMove
from stolik.games.baska.bots.base import Move
from stolik.games.baska.bots.pimc import Evaluation, PimcBot, evaluate
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.inference import Layout, public_draws
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.solver import best_payout, points_solver
from stolik.games.baska.state import Deal, SeatView
from stolik.solver.budget import Budget

__all__ = ["CALL_NODES", "AuctionPimc", "Rollout", "auction_layouts", "call_value", "replay"]

CALL_NODES = 200
"""What one call of a rollout is charged, in search nodes: a rollout call (a copy of the
deal's view and the heuristic's rules) costs about as much CPU as 200 nodes of the solver,
so the node count bounds a decision's time as well as its search."""


def replay(view: SeatView, rs: Ruleset, layout: Layout) -> Deal | None:
    """The deal of ``layout`` (the dealt hands) with the view's calls made on it; None when
    a call would not be legal on these hands or the laid-down announcements (RULES §7)
    differ from those the view shows."""
    try:
        d = Deal(rs, view.dealer, layout)
        for _, text in view.calls:
            d.call(text)
    except IllegalMove:
        return None
    if d.announcements != view.announcements or d.to_act != view.seat:
        return None
    return d


def auction_layouts(view: SeatView, rs: Ruleset, n: int, rng: random.Random,
                    weigh: Callable[[Layout], float] | None = None, draws: int = 3
                    ) -> list[Deal]:
    """Up to ``n`` deals at the seat's call, one per layout (module notes): ``n`` drawn
    uniformly, or with ``weigh`` ``draws × n`` drawn and ``n`` resampled by it (a layout
    may come back several times). Fewer where replays fail."""
    if view.phase != "auction":
        raise ValueError("auction layouts are drawn before the play (RULES §4)")
    draw = public_draws(view, rs)
    if weigh is None:
        drawn = draw(n, rng)
    else:
        from stolik.bots.inference import weighted_layouts

        drawn = weighted_layouts(draw(draws * n, rng), weigh, n, rng, key=lambda lay: lay)
    out = []
    for lay in drawn:
        d = replay(view, rs, lay)
        if d is not None:
            out.append(d)
    return out


class Rollout:
    """The ``bot``'s calls for the rest of an auction, kept: in the auction a seat's view
    (and so the bot's call, a seeded bot's included) is fixed by its dealt hand, the calls
    so far and the public laid-down announcements (RULES §4, §7), so a call asked again on
    another layout or after another candidate is not worked out twice. At most ``size``
    are kept. ``cost``: what one call worked out is charged, in search nodes
    (:data:`CALL_NODES` for the heuristic; a ``pimc`` bot's answer costs more); a kept call
    is charged nothing. :attr:`asked`: the calls worked out so far."""

    def __init__(self, bot: Bot[SeatView, Move], size: int = 200_000,
                 cost: int = CALL_NODES) -> None:
        self.bot = bot
        self.size = size
        self.cost = cost
        self.asked = 0
        self.kept: dict[Hashable, Call] = {}

    def call(self, d: Deal) -> Call:
        """The bot's call for the seat to act on ``d``."""
        seat = d.to_act or 0
        key = (seat, d.initial_hands[seat], tuple(op.call for op in d.log), d.announcements)
        got = self.kept.get(key)
        if got is None:
            move = self.bot.act(d.view(seat))
            assert isinstance(move, Call)
            if len(self.kept) >= self.size:
                self.kept.clear()
            got = self.kept[key] = move
            self.asked += 1
        return got


class AuctionPimc(PimcBot):
    """The ``pimc`` bot's call — each call valued as if the auction closed after it (RULES
    §4–§7) — over ``samples`` layouts that also honour the public laid-down announcements
    (RULES §7; ``pimc`` itself draws over the plain facts, and so says kontra to a gran-du
    announced laid down). The expert's anchor, and how its rollout's seats answer a
    candidate (module notes). For the auction only."""

    def evaluate(self, view: SeatView) -> Evaluation:
        """Every legal call with its expected payout over the bot's layouts."""
        rs = self.source.get(view.ruleset)
        layouts = public_draws(view, rs, quick=True)(self.call_samples, self.rng)
        return evaluate(view, layouts, rs=rs)


def call_value(base: Deal, seat: int, call: Call, rollout: Rollout, budget: Budget,
               done: dict[Hashable, int], answers: int | None = None) -> int | None:
    """``seat``'s payout (RULES §7) when it makes ``call`` on ``base`` (a deal at its call),
    the ``rollout`` then makes the next ``answers`` calls (None: every later call), everyone
    passing after them, and the play is solved (module notes); None when ``budget`` is
    spent first."""
    if budget.over():
        return None
    d = base.clone()
    d.call(call)
    asked, made = rollout.asked, 0
    while d.phase == "auction":
        d.call(rollout.call(d) if answers is None or made < answers else PASS)
        made += 1
    budget.spend((rollout.asked - asked) * rollout.cost)
    if d.is_over:  # an honour: settled at once (RULES §4)
        return d.result().payout[seat]
    game = d.game
    assert game is not None
    key = (d.initial_hands, game)
    if key not in done:
        stats = points_solver(d.order).stats
        before = int(stats[0])
        done[key] = best_payout(d)[seat]
        budget.spend(int(stats[0]) - before)
    return done[key]
