"""The ``expert`` licitovaný bot: every call of the bidding chosen by expected money over
sampled layouts (issue 27.2, 28.4; LICITOVANY §4, §6), the card play by the ``pimc`` bot
(§3).

- **Candidates** (:func:`candidates`). The licitace (§4.2): every legal call — each rung
  it may bid, ``mam``, ``dobra``. The discard (§4.3): the heuristic's, and the pairs of
  the four cards the heuristic would lay away first for each contract the twelve cards
  make by its counts (and for none). The contract (§4.4): every legal contract at or
  above the won rung, and omyl. The fleky (§4.5): ``dobra``, each single raise, all of
  them together, and the heuristic's call.
- **Layouts.** :func:`~stolik.games.licitovany.expert_layouts.bidding_layouts` draws
  ``layouts × DRAWS`` deals consistent with the seat's cards and the public calls; with
  ``infer`` they are resampled to ``layouts`` by how likely the others' calls are on each
  under the heuristic as an ε-policy (:func:`~stolik.bots.inference.weighted_layouts`),
  else the first ``layouts`` are kept. Every candidate is valued on the same layouts
  (paired).
- **Value of a call on a layout.** The call is made, the rest of the bidding (licitace,
  talon, contract, fleky) is played out by the heuristic's rules for all seats (a cheap
  rollout, not a search of the later calls), and the play is solved exactly
  (:class:`~stolik.games.licitovany.solver.Problem`): the seat's money in units (§6). The
  aktér's is the solver's value; a defender's is his pair's (:class:`PairProblem`: the
  same play solved on what that defender and the aktér settle, exact where both pairs
  stand at the same fleky). A deal that ends unplayed (omyl, §4.4) is its settled money.
- **Choice.** The call of the highest mean money; the heuristic's call stays unless another
  is better by more than :data:`EPS` units and :data:`Z` standard errors of the paired
  differences (:mod:`stolik.bots.paired_choice`). From :data:`RACE_AFTER` layouts on a
  call far below the best so far is valued no further.
- **Time** (issue 27.4): a decision spends at most ``nodes`` search nodes
  (:class:`~stolik.solver.budget.Budget`; each rollout is charged :data:`ROLLOUT_NODES`)
  and ``seconds`` of CPU; layouts are valued one by one, every candidate on each, and the
  decision is made on the layouts finished — none (a budget of 0), the heuristic's call.

**Measured** (2026-12-07, a 2-core machine shared with other jobs, load about 3–4):
duplicate arenas (``stolik arena -b expert,heuristic -r licitovany``, 6 seatings a deal,
the arena's 95 % intervals, haléřů a deal and seat) expert − heuristic +61.9 [−6.1,
+130.0] (seed 1, 30 deals, 3 min 16 s CPU) and +122.7 [+6.5, +238.8] (seed 2, 30 deals,
3 min 4 s CPU); the two pooled (normal, 60 deals) +92.3 [+27.8, +156.8]. Inference: over
187 bidding positions of 40 heuristic self-play deals (30 layouts each), the true layout
gains +1.55 nats [+1.32, +1.78] over uniform sampling
(:func:`~stolik.bots.inference.log_gain`). Against ``pimc`` (seed 3, 24 deals, 4 min 6 s
CPU) +297.2 [−99.4, +693.9]: not shown better. CPU time of a bidding decision with a
choice (16 deals of expert self-play, 123 decisions, thread time): median 0.09–0.19 s by
phase, max 0.61 s (a discard), at most 5.32 M nodes counted.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(5))
>>> bot = ExpertBot(layouts=4, seed=1, ruleset=rs, seconds=float("inf"))
>>> bot.act(d.view(2)) in d.legal_moves(), bot.last_solved, len(bot.last_values) > 1
(True, 4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stolik.bots.inference import EpsilonPolicy, weighted_layouts
from stolik.bots.layout_bot import LayoutBot
from stolik.bots.paired_choice import keep_or_switch, value_rows
from stolik.deck32 import KING, OBER, SEVEN, card
from stolik.errors import IllegalMove
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.expert_layouts import bidding_layouts
from stolik.games.licitovany.heuristic import HeuristicBot, _discard_for, plans
from stolik.games.licitovany.knowledge import Knowledge
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import settle
from stolik.games.licitovany.pimc import LEVELS as PIMC_LEVELS
from stolik.games.licitovany.pimc import PimcBot
from stolik.games.licitovany.results import Tally, judge
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.solver import Problem, play_of
from stolik.games.licitovany.state import Deal
from stolik.games.licitovany.view import SeatView
from stolik.solver.budget import Budget

__all__ = ["EPS", "LEVELS", "NODES", "SECONDS", "ExpertBot", "PairProblem", "Z",
           "candidates", "worth"]

LEVELS = {"expert": (12, PIMC_LEVELS["pimc"])}
"""The expert bots by name: layouts per bidding decision, layouts per card decision."""
DRAWS = 3
"""Layouts drawn per layout kept, for the inference's resampling."""
EPS, Z = 0.25, 1.0
"""Another call replaces the heuristic's only when better by ``EPS`` units (5 haléřů) and
``Z`` standard errors (module notes)."""
RACE_AFTER = 4
"""Layouts after which a call far below the best is dropped (module notes)."""
NODES = 5_000_000
"""Search nodes a bidding decision may spend in all (issue 27.4)."""
SECONDS = 0.9
"""The CPU-time cap of a bidding decision (issue 27.4)."""
ROLLOUT_NODES = 500
"""What one rollout of the bidding is charged, in nodes (about its CPU time)."""
DISCARD_FROM = 4
"""The discard candidates are pairs of the first this many cards of a plan's order."""


def candidates(view: SeatView, k: Knowledge, hint: Move, rs: Ruleset) -> list[Move]:
    """The calls the bot weighs (module notes), ``hint`` first."""
    legal = list(k.legal)
    if view.phase == "discard":
        allowed = set(legal)
        out = [hint]
        plan_list = [p for p in plans(view.hand, rs) if p.rung >= k.won]
        for plan in [None, *plan_list]:
            first = _discard_for(view.hand, plan)[:DISCARD_FROM]
            for pair in combinations(sorted(first), 2):
                m = Move("discard", cards=pair)
                if m in allowed and m not in out:
                    out.append(m)
        return out
    if view.phase == "fleky":
        raises = [m for m in legal if m.kind == "raise"]
        widest = max(raises, key=lambda m: len(m.raises), default=hint)
        keep = [m for m in legal if m.kind == "dobra" or len(m.raises) == 1 or m == widest]
        return [hint, *(m for m in keep if m != hint)]
    return [hint, *(m for m in legal if m != hint and (
        m.kind not in ("bid", "contract") or worth(view.hand, m)))]


def worth(hand: int, m: Move) -> bool:
    """Whether a bid or a contract ``m`` is worth weighing on ``hand`` (LICITOVANY §4.4:
    a contract need not match the cards above rung 2, and is then lost): an announced
    seven held (of the named trump, or of a suit the rung may name; dvě sedmy: two
    sevens), a sto with a marriage in the hand; betl and durch always.

    >>> from stolik.deck32 import parse_mask
    >>> hand = parse_mask("7L 7A KA OA AB TB 9B 8B UH 9H")
    >>> [r for r in RUNGS if worth(hand, Move.bid(r))]
    [1, 3, 4, 5, 7, 8, 9, 10]
    """
    rung = RUNGS[m.rung]
    if rung.closed:
        return True
    suits = [m.trump] if m.trump is not None else [0] if rung.red else [1, 2, 3]
    sevens = [s for s in suits if hand >> card(s, SEVEN) & 1]
    helpers = [m.helper] if m.helper is not None else range(4)
    if rung.helper and not any(hand >> card(h, SEVEN) & 1 for t in sevens for h in helpers
                               if h != t):
        return False
    if rung.has_sedma and not sevens:
        return False
    return not rung.has_sto or any(
        hand >> card(s, KING) & 1 and hand >> card(s, OBER) & 1 for s in range(4))


class PairProblem(Problem):
    """The play solved on what the aktér gets from one ``opponent`` (LICITOVANY §6: each
    defender settles with the aktér alone), for that opponent's own money."""

    def __init__(self, base: Problem, opponent: int) -> None:
        super().__init__(base.rs, base.contract, base.fleky, base.table, base.order)
        self.opponent = opponent

    def money(self, t: Tally) -> int:
        """What the opponent pays the aktér for a play ending with tally ``t``."""
        got = self._money.get(t)
        if got is None:
            result = judge(self.rs, self.rung, t)
            got = -settle(self.rs, self.rung, result, self.fleky, self.table)[self.opponent]
            self._money[t] = got
        return got


def seat_money(d: Deal, seat: int, budget: Budget | None) -> int | None:
    """The seat's money from ``d`` (the bidding over): settled, or the play solved; None
    when the budget is spent."""
    if d.is_over:
        return d.money()[seat]
    if budget is not None and budget.over():
        return None
    base = Problem.of(d)
    prob = base if seat == base.akter else PairProblem(base, seat)
    value = prob.value(play_of(d))
    if budget is not None:
        budget.spend(prob.nodes)
    return value if seat == base.akter else -value


class ExpertBot(LayoutBot[Move]):
    """The ``expert`` bot (module notes): ``layouts`` per bidding decision,
    ``card_layouts`` per card decision (the pimc bot's); ``seed`` makes it repeatable;
    ``nodes`` and ``seconds`` a bidding decision's budget; ``infer``: layouts weighted by
    the others' calls. What it weighed at its last bidding decision: :attr:`last_values`
    (each call's mean money for the seat), :attr:`last_solved`, :attr:`last_nodes`
    (rollouts charged)."""

    def __init__(self, layouts: int = LEVELS["expert"][0],
                 card_layouts: int = LEVELS["expert"][1], seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "expert",
                 nodes: int = NODES, seconds: float = SECONDS, infer: bool = True) -> None:
        super().__init__(name, int(layouts), seed=seed, nodes=int(nodes),
                         seconds=float(seconds))
        self.rs = ruleset if ruleset is not None else load_ruleset()
        self.model: EpsilonPolicy[None] | None = EpsilonPolicy(None) if infer else None
        self.heuristic = HeuristicBot(seed=self.rng.randrange(1 << 30), ruleset=self.rs)
        self.rollout = HeuristicBot(seed=self.rng.randrange(1 << 30), ruleset=self.rs)
        self.pimc = PimcBot(int(card_layouts), seed=self.rng.randrange(1 << 30),
                            ruleset=self.rs, name=name)

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        return self.weigh(view)

    choose = act

    def weigh(self, view: SeatView, also: Sequence[Move] = ()) -> Move:
        """The move :meth:`act` makes, the legal calls of ``also`` weighed besides its
        candidates and never dropped by the race (a review weighs the call a player made);
        what was weighed is in :attr:`last_values` (empty where nothing was)."""
        k = self.pimc.observe(view)
        if not k.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        if view.phase == "play":
            return self.pimc.decide(view, k)
        hint = self.heuristic.decide(view, k)
        self.last_values, self.last_solved, self.last_nodes = {}, 0, 0
        if len(k.legal) == 1:
            return k.legal[0]
        calls = candidates(view, k, hint, self.rs)
        keep = [m for m in also if m in k.legal]
        return self._best(view, calls + [m for m in keep if m not in calls], keep)

    def _layouts(self, view: SeatView, budget: Budget) -> list[Deal]:
        if budget.over():
            return []
        n = self.layouts * (DRAWS if self.model is not None else 1)
        drawn = bidding_layouts(view, self.rs, n, self.rng, memory=self.pimc.memory,
                                model=self.model)
        if self.model is None:
            return [d for d, _ in drawn]
        weight = {id(d): w for d, w in drawn}
        return weighted_layouts([d for d, _ in drawn], lambda d: weight[id(d)],
                                self.layouts, self.rng)

    def _best(self, view: SeatView, calls: list[Move], keep: Sequence[Move] = ()) -> Move:
        from stolik.games.licitovany.solver import warm_up

        hint = calls[0]
        warm_up()  # compiled (or loaded) before the CPU cap starts: 9 µs once they are
        budget = self.decision_budget()
        if budget is None:  # the constructor always takes a node count
            return hint
        done: dict[tuple[object, ...], int | None] = {}

        def value(lay: Deal, call: Move) -> float | None:
            if budget.over():
                return None
            d = lay.clone()
            try:
                d.move(call)
                while not d.is_over and d.phase != "play":
                    d.move(self.rollout.act(d.view(d.to_act or 0)))
            except IllegalMove:  # pragma: no cover - the candidates are legal moves
                return None
            budget.spend(ROLLOUT_NODES)
            key = (id(lay), tuple(d.log))
            if key not in done:
                done[key] = seat_money(d, view.seat, budget)
            return done[key]

        rows, alive, solved = value_rows(self._layouts(view, budget), calls, value,
                                         race_after=RACE_AFTER, eps=EPS, keep=keep)
        self.last_solved, self.last_nodes = solved, budget.used
        if not solved:
            return hint
        self.last_values = {c: sum(rows[c]) / solved for c in alive}
        return keep_or_switch({c: [float(x) for x in rows[c]] for c in alive}, alive, hint,
                              eps=EPS, z=Z)
