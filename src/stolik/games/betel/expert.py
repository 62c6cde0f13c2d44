"""The ``expert`` Betel bot: every auction step chosen by its expected standing over sampled
layouts (issue 27.2; BETEL §3, §5), the card play as the ``pimc`` bot's within a budget
(BETEL §4).

- **Plans.** A plan is the step the bot takes now and what it means to do with it: a pass,
  kontra, or a contract (BETEL §3); taking the dubel, laying back the two cards a contract
  kind wants least (:func:`~stolik.games.betel.bidding.lay_for`, from the twelve each layout
  gives it) and bidding a contract of that kind; after taking, each kind's lay (and the
  heuristic's) with each contract of the kind. Contracts whose kind the heuristic's counts
  call out of reach by more than :data:`SLACK` tricks are not weighed; the heuristic's own
  call always is. Looking costs only when a pass follows (BETEL §3): a bot about to bid or
  double looks at both dubel cards first, for free, and decides again with them known —
  the call it meant to make then stands where the heuristic's would (see Choice), so that
  noise alone does not turn it into a pass that costs the look; it never looks to pass.
- **Layouts.** :class:`~stolik.games.betel.sampling.Sampler` draws them from the seat's
  knowledge; with ``infer`` ``layouts × DRAWS`` are drawn and resampled by how likely the
  others' calls are under the heuristic as a policy
  (:class:`~stolik.games.betel.policy_model.CallModel`). On by default, though the
  weighting is known to mislead against players who bid otherwise (``CALL_EPS``'s
  measurement against ``pimc-fast``): against ``pimc`` (both playing their cards over 20
  layouts, 12 duplicate deals of seeds 11 and 23, the machine loaded) ``pimc`` − ``expert``
  was −12.2 [−32.0, +7.6] and −8.2 [−29.6, +13.1] points a deal and seat with it, +1.1
  [−23.8, +26.0] and −5.9 [−32.7, +20.8] without — better both times, within the noise.
  It costs some 10 ms a decision. Every plan is valued on the same layouts (paired).
- **Value of a plan on a layout** (:mod:`~stolik.games.betel.expert_rollout`): its steps
  made, the rest of the auction played by the heuristic's rules for all seats, the play
  solved exactly: the seat's score less the others' mean (BETEL §5), peeking costs included.
  Passing in the first round is thus worth the all-pass deal it leads to where the others
  pass too (+5 a trick), and kontra what the declarer's doubled score and the auction it
  restarts make of the standing.
- **Choice.** The step whose best plan has the highest mean; the heuristic's step stays
  unless another is better by more than :data:`EPS` points and :data:`Z` standard errors of
  the paired differences.
- **Time** (issue 27.4): an auction decision spends at most ``nodes`` search nodes
  (:class:`~stolik.solver.budget.Budget`) and ``seconds`` of CPU; layouts are valued one by
  one, every plan on each, and the decision is made on the layouts finished — none, the
  heuristic's step.
- **Strength** (issue 27.3; ``stolik arena``, duplicate, six seatings a deal, 95 %
  intervals, the 2-core machine shared with other work): ``expert`` − ``pimc`` **+14.6
  [+5.8, +23.4]** points a deal and seat over 100 deals (seed 2028, 25,463 decisions, 0
  illegal, 867 s) and **+14.5 [+8.3, +20.7]** over 100 others (seed 3031, 898 s) — so it
  is the terminal's default opponent and the hint (:mod:`stolik.games.betel.hint`);
  ``expert`` − ``heuristic`` +25.8 [+18.1, +33.4] (60 deals, seed 3032, 322 s);
  ``expert`` − ``random`` +177.0 [+165.4, +188.6] (30 deals, seed 2030). A first sample
  of 10 deals had shown −9.0 [−43.2, +25.2], and ``expert`` − ``heuristic`` +22.6 [+0.2,
  +45.0] over 8 deals (seed 2027). The margin's :data:`Z` was compared on the
  proxy arena of the inference note (seeds 11 and 23): ``pimc`` − ``expert`` −19.2 and +1.6
  with Z = 0, −12.2 and −8.2 with Z = 1, −6.0 and +3.8 with Z = 2.
- **Card play** (BETEL §4): the ``pimc`` bot's (:func:`~stolik.games.betel.pimc.card_scores`
  over ``card_layouts`` layouts drawn from the seat's knowledge, the heuristic's card among
  the best kept), its layouts solved one by one while ``seconds`` of CPU last: the ``pimc``
  bot's first leads took up to 1.2 s (8 self-play deals, the machine loaded), over the 1 s a
  web table allows (issue 27.4); none solved, the heuristic's card.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> bot = ExpertBot(layouts=4, card_layouts=4, seed=1, seconds=float("inf"))
>>> bot.act(d.view(0)) in d.view(0).legal, bot.last_solved, len(bot.last_values) > 1
(True, 4, True)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from stolik.bots.inference import weighted_layouts
from stolik.bots.layout_bot import LayoutBot
from stolik.games.betel.bidding import Kind, kind_of, lay_for
from stolik.games.betel.calls import LOOK_BOTH, TAKE, Action, bid, lay
from stolik.games.betel.expert_rollout import Rollout, decision_deal, shortfalls
from stolik.games.betel.heuristic import bid_or_pass, play_card, view_rules
from stolik.games.betel.pimc import card_scores
from stolik.games.betel.policy_model import CallModel
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.sampling import Layout, Sampler
from stolik.games.betel.state import Deal, Move
from stolik.games.betel.view import SeatView
from stolik.solver.budget import Budget

__all__ = ["EPS", "LEVELS", "NODES", "SECONDS", "ExpertBot", "Plan", "Z", "plans"]

LEVELS = {"expert": (16, 100)}
"""The expert bots by name: layouts per auction decision, layouts per card decision."""
DRAWS = 3
"""Layouts drawn per layout kept, for the inference's resampling."""
SLACK = 2
"""How many tricks (a betelek: tricks or honours) beyond the heuristic's counts a contract
may lie and still be weighed."""
EPS, Z = 5.0, 1.0
"""Another step replaces the heuristic's only when better by ``EPS`` points and ``Z``
standard errors (module notes)."""
NODES = 400_000
"""Search nodes an auction decision may spend in all (issue 27.4)."""
SECONDS = 0.9
"""The CPU-time cap of an auction decision (issue 27.4)."""


@dataclass(frozen=True)
class Plan:
    """A step now (``first``) and what follows it: after taking the dubel the lay of
    ``kind`` (a lay now: ``first`` itself), then the contract ``then`` (-1: none)."""

    first: Action
    kind: Kind | None = None
    then: int = -1


def _weighed(rs: Ruleset, hand: int, bids: list[int], keep: Action | None) -> list[int]:
    """The contracts of ``bids`` within :data:`SLACK` of the counts of ``hand``, and the
    heuristic's ``keep``."""
    sf = shortfalls(rs, hand)
    return [i for i in bids if sf[i] <= SLACK or (keep is not None and keep == bid(i))]


def plans(rs: Ruleset, view: SeatView, hint: Action) -> list[Plan]:
    """The plans the bot weighs at ``view`` (module notes), the heuristic's ``hint`` first
    (BETEL §3).

    >>> import random
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.state import Deal
    >>> from stolik.games.betel.calls import PAS
    >>> rs = load_ruleset()
    >>> d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
    ...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    >>> ps = plans(rs, d.view(0), PAS)
    >>> ps[0], Plan(bid(rs.contract_of("szlem-S").index)) in ps, len(ps) < 40
    (Plan(first=Action(kind='pas', contract=-1, n=0, pos=-1, cards=()), kind=None, \
then=-1), True, True)
    """
    hand = sum(1 << c for c in view.hand)
    legal = [a for a in view.legal if isinstance(a, Action)]
    bids = [a.contract for a in legal if a.kind == "bid"]
    out = [Plan(hint)]
    if view.step == "taken":
        open_ = _open_after(rs, view)
        lays = {kind_of(rs.contracts[i]): lay(*sorted(lay_for(hand, kind_of(rs.contracts[i]))))
                for i in open_}
        for kind, a in lays.items():
            rest = hand & ~(1 << a.cards[0]) & ~(1 << a.cards[1])
            for i in _weighed(rs, rest, [i for i in open_ if kind_of(rs.contracts[i]) == kind],
                              None):
                out.append(Plan(a, kind, i))
        if hint.kind == "lay":
            rest = hand & ~(1 << hint.cards[0]) & ~(1 << hint.cards[1])
            out += [Plan(hint, None, i) for i in _weighed(rs, rest, open_, None)]
        return list(dict.fromkeys(out))
    out += [Plan(a) for a in legal if a.kind in ("pas", "kontra")]
    out += [Plan(bid(i)) for i in _weighed(rs, hand, bids, hint)]
    if TAKE in legal:
        # two more cards to choose from: a contract one trick further is within reach
        sf = shortfalls(rs, hand)
        for i in bids:
            if sf[i] <= SLACK + 1:
                out.append(Plan(TAKE, kind_of(rs.contracts[i]), i))
    return list(dict.fromkeys(out))


def _open_after(rs: Ruleset, view: SeatView) -> list[int]:
    """The contracts he may bid after laying back: those above the standing one, or any
    after a kontra (BETEL §3) — the engine lists them only at the next step."""
    floor = -1 if view.doubled or view.contract is None else view.contract.index
    return list(range(floor + 1, len(rs.contracts)))


class ExpertBot(LayoutBot[Plan]):
    """The ``expert`` bot (module notes): ``layouts`` per auction decision,
    ``card_layouts`` per card decision; ``seed`` makes it repeatable;
    ``nodes`` and ``seconds`` an auction decision's budget (``nodes=None``: none);
    ``infer``: the auction's layouts weighted by the others' calls. Its last auction
    decision's values are the mean standing of each plan."""

    def __init__(self, layouts: int = LEVELS["expert"][0],
                 card_layouts: int = LEVELS["expert"][1], seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "expert",
                 nodes: int | None = NODES, seconds: float = SECONDS,
                 infer: bool = True) -> None:
        super().__init__(name, layouts, seed=seed, nodes=nodes, seconds=seconds)
        self.infer = infer
        self.ruleset = ruleset
        self.card_layouts = card_layouts
        self.model: CallModel | None = None
        self.meant: Action | None = None
        """The call it looked at the dubel for (module notes)."""

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if view.phase != "auction" or not view.legal:
            return self._card(view)
        rs = self.ruleset = view_rules(view, self.ruleset)
        hint = bid_or_pass(view, rs)
        if view.step == "looked" and self.meant in view.legal:
            hint = self.meant  # the call it looked for stands (module notes)
        self.meant = None
        self.last_values, self.last_solved, self.last_nodes = {}, 0, 0
        if len(view.legal) == 1:
            return view.legal[0]
        chosen = self._best(rs, view, plans(rs, view, hint))
        if chosen.kind in ("bid", "kontra") and view.step == "start" \
                and LOOK_BOTH in view.legal and None in view.dubel:
            self.meant = chosen
            return LOOK_BOTH  # free when a bid or kontra follows (BETEL §3): look first
        return chosen

    choose = act

    def weigh(self, view: SeatView, also: Sequence[Action] = ()) -> Action:
        """The auction step the bot's plans weigh best (BETEL §3), the legal steps of
        ``also`` weighed besides them (a review weighs the call a player made); what was
        weighed is in :attr:`last_values` (each plan's mean standing, empty where nothing
        was). No dubel is looked at for it."""
        rs = self.ruleset = view_rules(view, self.ruleset)
        self.last_values, self.last_solved, self.last_nodes = {}, 0, 0
        weighed = plans(rs, view, bid_or_pass(view, rs))
        weighed += [Plan(a) for a in also
                    if a in view.legal and all(p.first != a for p in weighed)]
        return self._best(rs, view, weighed)

    def _card(self, view: SeatView) -> Move:
        """The card of the module notes (BETEL §4); ValueError if the seat has no move."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        cards = [m for m in view.legal if isinstance(m, int)]
        if len(cards) == 1:
            return cards[0]
        rs = self.ruleset = view_rules(view, self.ruleset)
        start = time.thread_time()
        total = dict.fromkeys(cards, 0.0)
        self.last_solved = 0
        for lay_ in Sampler(view).draw(self.card_layouts, self.rng):
            if time.thread_time() - start >= self.seconds:
                break
            for x, v in card_scores(rs, view, [lay_]).items():
                total[x] += v
            self.last_solved += 1
        hint = play_card(view)
        top = max(total.values())
        best = [x for x in cards if total[x] >= top - 1e-9]
        return hint if hint in best or not self.last_solved else best[0]

    def _layouts(self, rs: Ruleset, view: SeatView) -> list[Layout]:
        sampler = Sampler(view)
        if not self.infer:
            return sampler.draw(self.layouts, self.rng)
        if self.model is None or self.model.rules is not rs:
            self.model = CallModel(rs)
        drawn = sampler.draw(self.layouts * DRAWS, self.rng)
        return weighted_layouts(drawn, partial(self.model.log_weight, view), self.layouts,
                                self.rng, key=lambda lay_: lay_)

    def _steps(self, rs: Ruleset, d: Deal, plan: Plan) -> list[Action]:
        """The steps of ``plan`` on the layout's deal ``d``."""
        steps = [plan.first]
        if plan.first == TAKE and plan.kind is not None:
            seat = d.pos.to_act
            twelve = d.pos.hands[seat] | (1 << d.pos.dubel[0]) | (1 << d.pos.dubel[1])
            steps.append(lay(*lay_for(twelve, plan.kind)))
        if plan.then >= 0:
            steps.append(bid(plan.then))
        return steps

    def _row(self, rs: Ruleset, d: Deal, weighed: list[Plan], roll: Rollout,
             budget: Budget | None) -> dict[Plan, float] | None:
        """Each plan's value on the layout's deal ``d``; None once the budget is spent."""
        got: dict[Plan, float] = {}
        for p in weighed:
            try:
                end = roll.play_out(d, *self._steps(rs, d, p))
            except ValueError:  # a plan this layout cannot follow (a banned bid)
                continue
            v = roll.value(end, budget)
            if v is None:
                return None
            got[p] = v
        return got

    def _best(self, rs: Ruleset, view: SeatView, weighed: list[Plan]) -> Action:
        hint = weighed[0].first
        budget = self.decision_budget()
        roll = Rollout(rs, view.seat)
        rows: dict[Plan, list[float]] = {p: [] for p in weighed}
        for lay_ in self._layouts(rs, view):
            got = self._row(rs, decision_deal(rs, view, lay_), weighed, roll, budget)
            if got is None:  # the budget is spent (issue 27.4)
                break
            if hint in {p.first for p in got}:
                for p, v in got.items():
                    rows[p].append(v)
                self.last_solved += 1
        self.last_nodes = 0 if budget is None else budget.used
        if not self.last_solved:
            return hint
        n = self.last_solved
        self.last_values = {p: sum(r) / n for p, r in rows.items() if len(r) == n}
        best_of: dict[Action, Plan] = {}
        for p, m in self.last_values.items():
            if p.first not in best_of or m > self.last_values[best_of[p.first]]:
                best_of[p.first] = p
        if hint not in best_of:
            return hint
        top = max(best_of.values(), key=lambda p: self.last_values[p])
        if top.first == hint:
            return hint
        diff = [a - b for a, b in zip(rows[top], rows[best_of[hint]], strict=True)]
        se = statistics.stdev(diff) / math.sqrt(n) if n > 1 else 0.0
        return top.first if statistics.fmean(diff) > EPS + Z * se else hint
