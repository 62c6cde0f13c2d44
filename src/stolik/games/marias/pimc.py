"""The ``pimc`` Mariáš bot: perfect-information Monte Carlo over layouts drawn from what its
seat has seen, each solved exactly, the card chosen by expected money (MARIAS §3–§6).

- **Card play.** :func:`~stolik.games.marias.sampling.sample` draws ``layouts`` layouts
  consistent with everything the seat was shown — the calls, the called card, the
  announcements and fleky, the marriages, every card it saw played and what each play
  shows (voids, "could not beat", "could not trump", MARIAS §3) — never the real hands.
  Each layout is solved by the exact solver (:mod:`stolik.games.marias.solver`, the
  :mod:`stolik.solver.trick32` search) once per legal card, the siblings sharing one
  transposition-table generation, and the money table (MARIAS §6, ``DealResult.pair``) is
  computed once per distinct side, marriages and trump-7 holder; a layout drawn twice (late
  in a deal, an open betl) is solved once. The card with the highest mean money for the
  seat's side wins (haléř; the soloist's ×3 is a constant factor); a tie goes to the
  heuristic bot's card where it is among the best, else to the lowest index.
- **Successive elimination.** The layouts are drawn all at once (the same draws whatever
  is solved) and solved one by one; after the first :data:`FIRST` and then every
  :data:`EVERY`, :func:`survivors` drops each card that is, with :data:`Z` standard errors
  of the paired differences to spare, not better than the leader by more than :data:`EPS`
  haléř, and the rest of the layouts are solved for the cards left only — none once one
  card is left. Measured (``benchmarks/bench_marias_pimc.py --check``): the first trick's
  decisions several times faster, the same card as solving every card in every layout in
  most decisions, and where not, a card worth a fraction of a haléř less by that solve's
  own means; judged on other layouts than those it chose on, no loss distinguishable
  from zero. ``z=0`` solves every card in every layout.
- **Inference** (``infer=True``, issue 27.1): the layouts drawn are resampled by how likely
  the other seats' calls are on each under the heuristic as a policy
  (:mod:`~stolik.games.marias.policy_model`: the choice, approval, announcements, fleky);
  a layout drawn twice is solved once and counted twice. The weighing is spent from the
  decision's CPU cap. Off by default.
- **Bidding** (the choice, approval, announcements, fleky): the heuristic bot's decisions
  (:mod:`stolik.games.marias.heuristic`) — not evaluated by sampling.
- **Strength** by budget: ``pimc`` draws 100 layouts, ``pimc-fast`` 20.
- **Time** (issue 27.4): a card decision spends at most :data:`NODES` search nodes in all
  (:class:`~stolik.solver.budget.Budget`; some 0.6 s of CPU at ten million a second)
  and stops at :data:`SECONDS` of CPU whatever the count: the layouts are solved in their
  order while the budget lasts, each solve limited to what is left; one stopped unfinished
  is dropped, and the card is chosen on the layouts solved — none, the heuristic's card. A
  first trick of a hra with an announced sedma solved 40 layouts in 8 s before.

numba is imported at the first card decision, not with this module.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> bots = [PimcBot(layouts=4, seed=s) for s in range(4)]
>>> while not d.is_over:
...     seat = d.to_act or 0
...     d.move(bots[seat].choose(d.view(seat)))
>>> sum(d.result().payouts)
0
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

from stolik.bots.inference import weighted_layouts
from stolik.bots.layout_bot import LayoutBot
from stolik.games.marias.claims import representatives
from stolik.games.marias.deck import (
    KING,
    OBER,
    SEVEN,
    TRICKS,
    card,
    cards_of,
)
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.play import HIGHER, NO_TRUMPS
from stolik.games.marias.policy_model import CallModel
from stolik.games.marias.ruleset import Ruleset, load_ruleset
from stolik.games.marias.sampling import Layout, Seen, sample
from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView
from stolik.solver.budget import Budget, within

if TYPE_CHECKING:
    from stolik.games.marias.solver import Problem

__all__ = ["NODES", "SECONDS", "PimcBot", "card_values", "survivors"]

LEVELS = {"pimc": 100, "pimc-fast": 20}
"""The pimc bots by name and their layouts per card decision."""

Z, EPS = 2.5, 5
"""The successive elimination (:func:`survivors`): a card leaves when it is not better than
the leader by more than ``EPS`` haléř with ``Z`` standard errors to spare."""
FIRST, EVERY = 20, 10
"""No card is dropped before ``FIRST`` layouts are solved; then every ``EVERY`` layouts."""
NODES = 6_000_000
"""Search nodes a card decision may spend in all (issue 27.4; measured in
``benchmarks/bench_bot_decisions.py``)."""
SECONDS = 0.9
"""The CPU-time cap of a card decision, whatever is left of :data:`NODES` (issue 27.4)."""


_PAIRS = sum(1 << card(suit, rank) for suit in range(4) for rank in (KING, OBER))


def _table_key(lay: Layout) -> tuple[object, ...]:
    """What the money table depends on beyond the public calls: the sides, who held which
    king and svršek (the marriages, the povinná sto) and the trump 7 (MARIAS §5–§6)."""
    hands = lay.start.initial_hands
    seven = 1 << card(lay.start.pos.trump, SEVEN)
    return (lay.side, tuple(h & _PAIRS for h in hands), tuple(bool(h & seven) for h in hands))


def card_values(view: SeatView, layouts: list[Layout]) -> dict[int, list[int]]:
    """Each legal card's money for the choosing side (``pair``, haléř) in each layout,
    solved exactly with both sides playing their best afterwards (MARIAS §5–§6)."""
    cards = [m for m in view.legal if isinstance(m, int)]
    out: dict[int, list[int]] = {c: [] for c in cards}
    solver = _Solver(view)
    for lay in layouts:
        got = solver.values(lay, cards)
        assert got is not None  # no budget: every solve ends
        for c, v in got.items():
            out[c].append(v)
    return out


def survivors(rows: dict[int, list[int]], z: float = Z, eps: float = EPS,
              prefer: int | None = None) -> list[int]:
    """The cards still in the running: ``rows`` each card's money for the seat (haléř) in
    the same layouts so far. The leader is the card of the highest mean (``prefer`` among
    equals, else the first); another card is dropped when, by the paired differences
    layout by layout, it is not better than the leader by more than ``eps`` with ``z``
    standard errors to spare: ``mean(leader − card) − z·sd/√n > −eps``. So a card worse in
    the layouts so far, or equal in every one of them, leaves (equal: the leader stands for
    it).

    >>> survivors({1: [10, 20, 10, 20], 2: [0, 10, 0, 10], 3: [10, 0, 20, 10]})
    [1, 3]
    >>> survivors({1: [10, 20, 10, 20], 2: [10, 20, 10, 20]}, prefer=2)
    [2]
    >>> survivors({1: [10, 20, 10, 20], 2: [10, 20, 10, 20]}, eps=0)
    [1, 2]
    """
    means = {c: sum(v) / len(v) for c, v in rows.items()}
    top = max(means.values())
    lead = prefer if prefer in rows and means[prefer] >= top - 1e-9 else next(
        c for c in rows if means[c] >= top - 1e-9)
    out = []
    for c, v in rows.items():
        d = [a - b for a, b in zip(rows[lead], v, strict=True)]
        n = len(d)
        m = sum(d) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1)) if n > 1 else math.inf
        if c == lead or m - z * sd / math.sqrt(n) <= -eps:
            out.append(c)
    return out


class _Solver:
    """Solves the seat's cards in the layouts of one decision: one money table per distinct
    :func:`_table_key`, one solve per distinct layout (hands, points, sides, money —
    late in a deal, or in an open betl, many draws are the same layout) and card set;
    ``budget`` (issue 27.4): the nodes its solves may spend, None: no limit."""

    def __init__(self, view: SeatView, budget: Budget | None = None) -> None:
        self.view = view
        self.budget = budget
        self.trump = view.trump if view.trump is not None else NO_TRUMPS
        self.tables: dict[tuple[object, ...], list[list[int]]] = {}
        self.done: dict[tuple[object, ...], dict[int, int]] = {}

    def values(self, lay: Layout, cards: list[int]) -> dict[int, int] | None:
        """Each of ``cards`` (legal cards of the seat) → its money in layout ``lay``; None
        when the budget ran out before the layout was solved (issue 27.4)."""
        from stolik.games.marias.solver import Problem, money_table

        key = _table_key(lay)
        seen = (lay.hands, lay.points, key, tuple(cards))
        if seen in self.done:
            return self.done[seen]
        if key not in self.tables and lay.start.pos.trump != NO_TRUMPS:
            self.tables[key] = money_table(lay.start)
        prob = Problem(lay.start, table=self.tables.get(key))
        live = lay.hands[0] | lay.hands[1] | lay.hands[2] | lay.hands[3]
        for _, x in self.view.trick:
            live |= 1 << x
        same = _equivalents(cards, live, self.trump)
        value: dict[int, int] = {}
        out = {}
        for c in cards:  # the highest of each set first: its equals copy its value
            rep = same[c]
            if rep not in value:
                got = self._after(prob, lay, rep)
                if got is None:
                    return None
                value[rep] = got
            out[c] = value[rep]
        self.done[seen] = out
        return out

    def _after(self, prob: Problem, lay: Layout, c: int) -> int | None:
        """:func:`_after` within the budget: None when it ran out first."""
        return within(self.budget, prob.stats, partial(_after, prob, self.view, lay, c))


def _equivalents(cards: list[int], live: int, trump: int) -> dict[int, int]:
    """Each card → the highest card equivalent to it for the rest of this layout: cards of
    the seat adjacent in one suit's order among the ``live`` cards (hands and trick), worth
    the same points, never the trump 7 (:func:`~stolik.games.marias.claims.representatives`
    keeps one of each set; nothing can fall between them, so their values are equal)."""
    keep = representatives(sum(1 << c for c in cards), live, trump)
    same = {c: c for c in cards}
    higher = HIGHER[trump]
    for c in sorted(cards, key=lambda x: -higher[x].bit_count()):  # lowest card first
        if not keep >> c & 1:
            above = higher[c] & live
            nxt = next(x for x in cards_of(above) if higher[x] & live == above & ~(1 << x))
            same[c] = nxt
    for c in cards:  # follow each chain up to its kept card
        while same[same[c]] != same[c]:
            same[c] = same[same[c]]
    return same


def _after(prob: Problem, view: SeatView, lay: Layout, c: int) -> int:
    """The solved money after the seat plays ``c`` in layout ``lay``."""
    me = view.seat
    hands = list(lay.hands)
    hands[me] &= ~(1 << c)
    return prob.after(hands, [*view.trick, (me, c)], lay.points,
                      TRICKS - sum(view.taken))


class PimcBot(LayoutBot[int]):
    """The ``pimc`` bot (module notes): ``layouts`` per card decision; ``seed`` makes its
    draws repeatable; ``ruleset`` for a club's own file (else the view's shipped one);
    ``z`` the margin of the successive elimination (:func:`survivors`; 0: every card is
    solved in every layout); ``nodes`` and ``seconds`` a card decision's budget (issue
    27.4; ``nodes=None``: none, every layout solved); ``infer``: the layouts weighted by
    the others' calls (module notes). Its last card decision's values are the mean money
    for the seat of each card (its nodes are counted under a budget only)."""

    def __init__(self, layouts: int = 100, seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "pimc", z: float = Z,
                 nodes: int | None = NODES, seconds: float = SECONDS,
                 infer: bool = False) -> None:
        super().__init__(name, layouts, seed=seed, nodes=nodes, seconds=seconds)
        self.model = CallModel() if infer else None
        self.z = z
        self.ruleset = ruleset
        self.heuristic = HeuristicBot()
        self.seen = Seen()

    def _rules(self, view: SeatView) -> Ruleset:
        if self.ruleset is None or self.ruleset.id != view.ruleset:
            self.ruleset = load_ruleset(view.ruleset)
        return self.ruleset

    def choose(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        self.seen.update(view)
        hint = self.heuristic.choose(view)
        if view.phase != "play":
            return hint
        cards = [m for m in view.legal if isinstance(m, int)]
        move = cards[0] if len(cards) == 1 else self._best(view, cards, hint)
        self.seen.played(view.seat, move)
        return move

    def _best(self, view: SeatView, cards: list[int], hint: Move) -> int:
        budget = self.decision_budget()
        layouts = sample(view, self.seen, self._rules(view), self.layouts, self.rng)
        if self.model is not None:
            layouts = weighted_layouts(layouts, partial(self.model.log_weight, view),
                                       len(layouts), self.rng)
        assert isinstance(hint, int)
        self.last_solved = 0
        if not layouts:  # nothing consistent found within the draws: play the club rules
            return hint
        sign = 1 if view.sides[view.seat] == 0 else -1
        solver = _Solver(view, budget)
        rows: dict[int, list[int]] = {c: [] for c in cards}
        alive = list(cards)
        i = 0
        for lay in layouts:
            got = solver.values(lay, alive)
            if got is None:  # the budget ran out within this layout: decide without it
                break
            i += 1
            for c, v in got.items():
                rows[c].append(sign * v)
            if self.z > 0 and i >= FIRST and i % EVERY == 0 and i < len(layouts):
                alive = survivors({c: rows[c] for c in alive}, self.z, EPS,
                                  hint if isinstance(hint, int) else None)
                if len(alive) == 1:
                    break
        self.last_solved = i
        self.last_nodes = 0 if budget is None else budget.used
        if i == 0:  # not one layout within the budget: the heuristic's card (issue 27.4)
            self.last_values = {}
            return hint
        means = {c: sum(v) / len(v) for c, v in rows.items() if v}
        self.last_values = means
        top = max(means[c] for c in alive)
        best = [c for c in alive if means[c] >= top - 1e-9]
        return hint if isinstance(hint, int) and hint in best else best[0]
