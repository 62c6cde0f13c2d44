"""The ``expert`` Mariáš bot: the bidding chosen by expected money over sampled layouts
(issue 27.2), the card play by the ``pimc`` bot with inference (MARIAS §4–§6).

- **Candidates.** Every legal call of the approval (dobrý, betl, durch: a chooser's claim is
  his withdrawal, MARIAS §4.2), the announcements (hra, sto, with or without sedma, the
  partner's sedma, MARIAS §4.3) and the fleky (pass, every raise flek … kalhoty, sto proti,
  sedma proti, MARIAS §4.4). In the choice (MARIAS §4.1) one call per trump suit of the
  first four — the highest card of the suit not among them called — and, in the
  heuristic's suit, the next one too (the laid card of a suit changes nothing but what the
  others cannot see).
- **Layouts.** :func:`~stolik.games.marias.expert_layouts.bidding_layouts` draws
  ``layouts × DRAWS`` deals consistent with the seat's hand and the public calls; with
  ``infer`` they are resampled to ``layouts`` by how likely the others' calls are on each
  under the heuristic as a policy (:class:`~stolik.games.marias.policy_model.CallModel`,
  :func:`~stolik.bots.inference.weighted_layouts`), else the first ``layouts`` are kept.
  Every candidate is valued on the same layouts (paired).
- **Value of a call on a layout.** The call is made, the rest of the bidding is played out
  by the heuristic's rules for all four seats (:mod:`~stolik.games.marias.heuristic`: a
  cheap rollout, not a search of the later calls), and the play is solved exactly
  (:class:`~stolik.games.marias.solver.Problem`, both sides seeing every card): the seat's
  money (MARIAS §6, haléř; the soloist's ×3 included). A deal that ends in the bidding
  (no game without re, MARIAS §4.5) is its settled money.
- **Choice.** The call of the highest mean money; the heuristic's call stays unless another
  is better by more than :data:`EPS` haléř and :data:`Z` standard errors of the paired
  differences (noise should not move the bot off a sound rule).
- **Time** (issue 27.4): a decision spends at most ``nodes`` search nodes
  (:class:`~stolik.solver.budget.Budget`) and ``seconds`` of CPU; layouts are valued one
  by one, every candidate on each, and the decision is made on the layouts finished —
  none, the heuristic's call.
- **Strength** (issue 27.3; ``stolik arena -r ctyrka``, duplicate, six seatings a deal,
  Kč a deal and seat, 95 % intervals, the 2-core machine shared with other work):
  ``expert`` − ``pimc`` **+0.23 [+0.01, +0.44]** (300 deals, seed 4044; 84,326
  decisions, 0 illegal), after +0.11 [−0.27, +0.50] (100 deals, seed 11) and +0.38
  [−0.17, +0.94] (100 others, seed 3033) — over the 500 deals +0.23 [+0.05, +0.42];
  ``expert`` − ``heuristic`` +0.68 [−0.00, +1.37] (60 deals, seed 2029); ``expert`` −
  ``random`` +18.57 [+16.45, +20.69] (30 deals, seed 2030). So it is the default
  opponent and the hint (:mod:`stolik.games.marias.hint`). Its calls on the 300 deals:
  hra 727 times (pimc 777), sto 108 (114), betl 30 (3), a flekked hra given up without re
  (MARIAS §4.5) 40 (1).

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> bot = ExpertBot(layouts=4, card_layouts=4, seed=1, seconds=float("inf"))
>>> bot.choose(d.view(1)).word, bot.last_solved, len(bot.last_values) > 1
('choose', 4, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

from stolik.bots.inference import weighted_layouts
from stolik.bots.layout_bot import LayoutBot
from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import rank_of, suit_of
from stolik.games.marias.expert_layouts import bidding_layouts
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.pimc import PimcBot
from stolik.games.marias.policy_model import CallModel
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.sampling import Layout
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView
from stolik.solver.budget import Budget, within

__all__ = ["EPS", "NODES", "SECONDS", "ExpertBot", "Z", "candidates"]

LEVELS = {"expert": (12, 100)}
"""The expert bots by name: layouts per bidding decision, layouts per card decision."""
DRAWS = 3
"""Layouts drawn per layout kept, for the inference's resampling."""
EPS, Z = 5, 1.0
"""Another call replaces the heuristic's only when better by ``EPS`` haléř and ``Z``
standard errors (module notes)."""
NODES = 3_000_000
"""Search nodes a bidding decision may spend in all (issue 27.4)."""
SECONDS = 0.9
"""The CPU-time cap of a bidding decision (issue 27.4)."""


def candidates(view: SeatView, hint: Move) -> list[Call]:
    """The calls the bot weighs (module notes): ``hint`` first, then the rest of the legal
    calls; in the choice one per suit of the first four (the highest absent card called)
    and the next called card in the hint's suit."""
    legal = [m for m in view.legal if isinstance(m, Call)]
    assert isinstance(hint, Call)
    if view.phase != "choice":
        return [hint, *(c for c in legal if c != hint)]
    out = [hint]
    mine = set(view.hand)
    for suit in sorted({suit_of(c) for c in view.hand}):
        absent = sorted((c.called for c in legal if suit_of(c.card) == suit
                         and c.called not in mine), key=rank_of)
        laid = hint.card if suit_of(hint.card) == suit else next(
            c.card for c in legal if suit_of(c.card) == suit)
        picks = absent[:2] if suit == suit_of(hint.card) else absent[:1]
        for called in dict.fromkeys(picks):
            call = Call("choose", card=laid, called=called)
            if call not in out and call in legal:
                out.append(call)
    return out


def _money(d: Deal, seat: int, budget: Budget | None) -> int | None:
    """The seat's money from ``d`` (bidding over): settled, or the play solved; None when
    the budget ran out first."""
    if d.is_over:
        return d.result().payouts[seat]
    from stolik.games.marias.solver import Problem

    prob = Problem(d)
    money = within(budget, prob.stats, partial(prob.value, d))
    if money is None:
        return None
    side = prob.side
    if seat not in side:
        return -money
    return 3 * money if len(side) == 1 else money


class ExpertBot(LayoutBot[Call]):
    """The ``expert`` bot (module notes): ``layouts`` per bidding decision, ``card_layouts``
    per card decision (the pimc bot's); ``seed`` makes it repeatable; ``nodes`` and
    ``seconds`` a bidding decision's budget (``nodes=None``: none); ``infer``: layouts
    weighted by the others' calls, in the bidding and the play. Its last bidding
    decision's values are the mean money for the seat of each call."""

    def __init__(self, layouts: int = 12, card_layouts: int = 100, seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "expert",
                 nodes: int | None = NODES, seconds: float = SECONDS,
                 infer: bool = True) -> None:
        super().__init__(name, layouts, seed=seed, nodes=nodes, seconds=seconds)
        self.model = CallModel() if infer else None
        self.heuristic = HeuristicBot()
        self.rollout = HeuristicBot()
        self.pimc = PimcBot(card_layouts, self.rng.randrange(1 << 30), ruleset,
                            name=name, infer=infer)

    def choose(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if view.phase == "play" or not view.legal:
            return self.pimc.choose(view)
        return self.weigh(view)

    def weigh(self, view: SeatView, also: Sequence[Call] = ()) -> Move:
        """The bidding move :meth:`choose` makes, the legal calls of ``also`` weighed
        besides its candidates (a review weighs the call a player made); what was weighed
        is in :attr:`last_values` (empty where nothing was)."""
        self.pimc.seen.update(view)
        hint = self.heuristic.choose(view)
        if len(view.legal) == 1:
            return view.legal[0]
        calls = candidates(view, hint)
        calls += [c for c in also if c not in calls and c in view.legal]
        return self._best(view, calls)

    def _layouts(self, view: SeatView) -> list[Deal]:
        rs = self.pimc._rules(view)  # the club's ruleset, or the view's shipped one
        if self.model is None:
            return bidding_layouts(view, rs, self.layouts, self.rng)
        drawn = bidding_layouts(view, rs, self.layouts * DRAWS, self.rng)
        model = self.model
        weigh = partial(model.log_weight, view)

        def log_weight(d: Deal) -> float:
            return weigh(Layout(d.pos.hands, 0, 0, d))

        return weighted_layouts(drawn, log_weight, self.layouts, self.rng,
                                key=lambda d: d.initial_hands)

    def _value(self, lay: Deal, seat: int, call: Call, budget: Budget | None,
               done: dict[tuple[object, ...], int | None]) -> int | None:
        d = lay.clone()
        try:
            d.move(call)
            while not d.is_over and d.phase != "play":
                s = d.to_act or 0
                d.move(self.rollout.choose(d.view(s)))
        except IllegalMove:
            return None
        key = (d.initial_hands, tuple(op.call for op in d.log))
        if key not in done:
            done[key] = _money(d, seat, budget)
        return done[key]

    def _best(self, view: SeatView, calls: list[Call]) -> Call:
        hint = calls[0]
        self.last_values, self.last_solved, self.last_nodes = {}, 0, 0
        if len(calls) == 1:
            return hint
        budget = self.decision_budget()
        rows: dict[Call, list[int]] = {c: [] for c in calls}
        done: dict[tuple[object, ...], int | None] = {}
        for lay in self._layouts(view):
            got = {}
            for c in calls:
                v = self._value(lay, view.seat, c, budget, done)
                if v is None:
                    break
                got[c] = v
            else:
                for c, v in got.items():
                    rows[c].append(v)
                self.last_solved += 1
                continue
            if budget is not None and budget.over():
                break
        self.last_nodes = 0 if budget is None else budget.used
        if not self.last_solved:
            return hint
        self.last_values = {c: sum(v) / len(v) for c, v in rows.items()}
        best = max(calls, key=lambda c: self.last_values[c])  # the first of equals
        if best == hint:
            return hint
        diff = [a - b for a, b in zip(rows[best], rows[hint], strict=True)]
        n = len(diff)
        mean = sum(diff) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diff) / (n - 1)) if n > 1 else 0.0
        return best if mean > EPS + Z * sd / math.sqrt(n) else hint
