"""The ``pimc`` licitovaný bot: perfect-information Monte Carlo for the card play, from its
seat's view alone (LICITOVANY §3, §5, §6).

- **Card play.** :class:`~stolik.games.licitovany.sampling.Sampler` draws layouts of the
  cards the seat has not seen, consistent with its view and the cards it saw fall. In each
  layout the position is set up as the solver's :class:`~.solver.Play` (the hands drawn,
  the trick in progress, the tricks and card points so far, the announced hlášky) and every
  legal card is valued exactly (:class:`~.solver.Problem`: the aktér's money under best
  play). The seat's score is that money as aktér, its negation as a defender (the
  defenders play together against the aktér, as the solver's do). The card of the best
  mean wins; a tie goes to the heuristic's card where it is among the best. A hláška is
  always announced where the card may (it never costs its side, §5 "highest").
- **The contract** (§4.4): after the heuristic's discard, every legal contract (and
  omyl) is valued by its mean money for the aktér over layouts of the defenders' hands,
  each solved from the first lead without fleky; the best mean is named (a tie: the
  heuristic's choice). Measured here against the heuristic at the same seat of the same
  deals (pimc-fast, 60 deals × 3 seats): card play alone +1.77 units a deal (95 % [0.56,
  2.99]); with the contract so chosen +4.05 ([1.72, 6.38]).
- **Fleky** (§4.5): ``dobra``, each single raise and the heuristic's call, each valued
  by its mean money for the seat's side over solved layouts with the fleky as that call
  leaves them (the later rounds unseen); with it, the same measurement gave +4.99
  ([2.45, 7.53]).
- **The other calls** (licitace, talon): the heuristic bot's
  (:mod:`~stolik.games.licitovany.heuristic`).

numba is imported at the first solve, not with this module.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(4))
>>> bots = [PimcBot(layouts=3, seed=s, ruleset=rs) for s in range(3)]
>>> while not d.is_over:
...     seat = d.to_act or 0
...     d.move(bots[seat].act(d.view(seat)))
>>> sum(d.money())
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stolik.deck32 import CARD_POINTS, FULL_MASK, KING, LAST_TRICK_BONUS, OBER, SEVEN, card
from stolik.games.licitovany import flek_rounds
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.heuristic import HeuristicBot, play_card
from stolik.games.licitovany.knowledge import Knowledge, Memory, seats_of
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import Fleky, Table, settle_omyl
from stolik.games.licitovany.results import AKTER, DEFENCE, NOBODY
from stolik.games.licitovany.rules import TRICKS, Contract, first_leader, taker
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.sampling import Layout, Sampler
from stolik.games.licitovany.solver import Play, Problem
from stolik.games.licitovany.view import SeatView
from stolik.tricks32 import HIGHER

__all__ = ["BUDGET", "LEVELS", "PimcBot", "card_scores", "equals", "problem_of"]

LEVELS = {"pimc": 20, "pimc-fast": 6}
"""The pimc bots by name: layouts per card decision."""

BUDGET = 3_000_000
"""Search nodes a card decision spends at most (then its layouts so far decide, at least
:data:`LEAST`): a hard sto early in the play took 11 s of 20 layouts unbudgeted here."""

LEAST = 3


def problem_of(view: SeatView, k: Knowledge, rs: Ruleset) -> Problem:
    """The solver's problem of the deal the view shows (its contract, fleky, table)."""
    assert k.contract is not None and k.defenders is not None
    _, pauzirak = seats_of(view)
    fleky = k.rounds.fleky if k.rounds is not None else Fleky()
    table = Table(len(view.counts), k.akter, k.defenders, pauzirak)
    return Problem(rs, k.contract, fleky, table, k.order)


def _play(view: SeatView, k: Knowledge, memory: Memory, lay: Layout) -> Play:
    """The solver's position in layout ``lay`` (LICITOVANY §3, §5)."""
    assert k.contract is not None
    points = tricks = 0
    by: dict[int, tuple[int, int, bool]] = {}  # card -> (seat, trick number, took it)
    for no, t in enumerate(memory.tricks, 1):
        i = k.order.index(t.leader)
        won = t.cards[taker(t.cards, k.contract)]
        for j, x in enumerate(t.cards):
            by[x] = (k.order[(i + j) % 3], no, x == won)
        if t.winner == k.akter:
            tricks += 1
            points += sum(CARD_POINTS[c] for c in t.cards) + LAST_TRICK_BONUS * (no == TRICKS)
    leader = memory.leader(k)
    i = k.order.index(leader)
    for j, x in enumerate(view.trick):
        by[x] = (k.order[(i + j) % 3], len(memory.tricks) + 1, False)
    holder, alive = NOBODY, True
    c = k.contract
    if c.trump is not None:
        seven = card(c.trump, SEVEN)
        seat = next((s for s, h in enumerate(lay.hands) if h >> seven & 1),
                    by.get(seven, (-1, 0, False))[0])
        holder = NOBODY if seat < 0 else AKTER if seat == k.akter else DEFENCE
    if c.helper is not None and c.trump is not None:
        for seven, no in ((card(c.helper, SEVEN), 9), (card(c.trump, SEVEN), TRICKS)):
            if not lay.hands[k.akter] >> seven & 1:
                s, when, took = by.get(seven, (-1, 0, False))
                alive = alive and s == k.akter and when == no and (
                    took or when > len(memory.tricks))
    return Play(lay.hands, view.trick, leader, len(memory.tricks), points, tricks,
                view.hlasky, holder, 0, alive)


def equals(cards: Sequence[int], view: SeatView, k: Knowledge, memory: Memory) -> dict[int, int]:
    """Each card → the highest card of the seat equal to it for the rest of the deal: of
    its suit, no card still out between them (in the order of play, LICITOVANY §2), worth
    the same points; a seven, a king or a svršek stands for itself (the sevens' tricks,
    the hlášky, §3, §5)."""
    assert k.contract is not None
    higher = HIGHER[k.contract.trumps]
    trick = sum(1 << c for c in view.trick)
    out = FULL_MASK & ~(memory.played() & ~trick)  # the trick's cards still count
    rep: dict[int, int] = {}
    for c in sorted(cards, key=lambda x: higher[x].bit_count()):  # highest first
        if c & 7 in (KING, OBER, SEVEN):
            rep[c] = c
            continue
        above = higher[c] & out & ~(1 << c)
        nearest = min((x for x in range(32) if above >> x & 1),
                      key=lambda x: (higher[c] ^ higher[x]).bit_count(), default=-1)
        same = nearest in rep and CARD_POINTS[nearest] == CARD_POINTS[c] and \
            nearest & 7 not in (KING, OBER, SEVEN)
        rep[c] = rep[nearest] if same else c
    return rep


def card_scores(view: SeatView, k: Knowledge, memory: Memory, rs: Ruleset,
                layouts: Sequence[Layout], cards: Sequence[int], *,
                budget: int = 0, least: int = 1) -> dict[int, float]:
    """Each card's mean score for the seat over ``layouts`` (module notes); with a node
    ``budget``, the layouts after it is spent are left out (``least`` always solved)."""
    prob = problem_of(view, k, rs)
    sign = 1 if view.seat == k.akter else -1
    rep = equals(cards, view, k, memory)
    total = dict.fromkeys(cards, 0.0)
    n = 0
    for lay in layouts:
        if budget and n >= least and prob.nodes >= budget:
            break
        n += 1
        play = _play(view, k, memory, lay)
        seen: dict[int, float] = {}
        for c in cards:
            if rep[c] not in seen:
                seen[rep[c]] = sign * prob.value(prob.advance(play, rep[c], True))
            total[c] += seen[rep[c]]
    return {c: v / max(1, n) for c, v in total.items()}


class PimcBot(HeuristicBot):
    """Card play by solved layouts (module notes); the calls as the heuristic bot."""

    def __init__(self, layouts: int = LEVELS["pimc"], seed: int | None = None,
                 ruleset: Ruleset | None = None, name: str = "pimc") -> None:
        super().__init__(seed=seed, ruleset=ruleset)
        self.layouts, self.name = layouts, name
        self.seed_rng = random.Random(seed)

    def decide(self, view: SeatView, k: Knowledge) -> Move:
        """The move for a view already observed: the contract and the cards by solved
        layouts, the other calls the heuristic's."""
        if view.phase == "contract":
            return self._contract_by_layouts(view, k)
        if view.phase == "fleky":
            return self._fleky_by_layouts(view, k)
        if view.phase != "play" or k.contract is None:
            return super().decide(view, k)
        legal = list(k.legal)
        with_hl = {m.cards[0]: m for m in legal if m.hlaska}
        cards = sorted({m.cards[0] for m in legal})
        hint = play_card(view, k, self.memory).cards[0]
        if len(cards) == 1:
            return with_hl.get(cards[0], Move.play(cards[0]))
        sampler = Sampler(view, k, self.memory)
        rng = random.Random(self.seed_rng.random())
        lays = [sampler.draw(rng) for _ in range(self.layouts)]
        scores = card_scores(view, k, self.memory, self.rs, lays, cards, budget=BUDGET,
                             least=LEAST)
        best = max(scores.values())
        top = [c for c in cards if scores[c] >= best - 1e-9]
        c = hint if hint in top else top[0]
        return with_hl.get(c, Move.play(c))

    def _contract_by_layouts(self, view: SeatView, k: Knowledge) -> Move:
        """The contract (or omyl) of the best mean money over solved layouts of the
        defenders' hands, each from the first lead without fleky (LICITOVANY §4.4, §5,
        §6); layouts are added round by round until the node budget is spent."""
        hint = super().decide(view, k)
        named = [m for m in k.legal if m.kind == "contract"]
        assert k.defenders is not None
        _, pauzirak = seats_of(view)
        table = Table(len(view.counts), k.akter, k.defenders, pauzirak)
        scores: dict[Move, float] = {}
        if Move("omyl") in k.legal:
            scores[Move("omyl")] = float(settle_omyl(self.rs, table)[k.akter])
        if not named:
            return hint
        probs = {m: Problem(self.rs, Contract(RUNGS[m.rung], m.trump, m.helper), Fleky(),
                            table, k.order) for m in named}
        total, n = self._solved_totals(view, k, probs, 1)
        scores.update({m: v / n for m, v in total.items()})
        best = max(scores.values())
        top = [m for m in scores if scores[m] >= best - 1e-9]
        return hint if hint in top else top[0]

    def _fleky_by_layouts(self, view: SeatView, k: Knowledge) -> Move:
        """A raise or ``dobra`` by its mean money for the seat's side over solved layouts,
        the fleky as this call leaves them (the later rounds unseen, LICITOVANY §4.5)."""
        hint = super().decide(view, k)
        assert k.contract is not None and k.rounds is not None and k.defenders is not None
        moves = [m for m in k.legal if m.kind == "dobra" or len(m.raises) == 1 or m == hint]
        _, pauzirak = seats_of(view)
        table = Table(len(view.counts), k.akter, k.defenders, pauzirak)
        probs = {m: Problem(self.rs, k.contract,
                            flek_rounds.after(self.rs, k.rounds, m.raises).fleky, table,
                            k.order) for m in moves}
        total, _ = self._solved_totals(view, k, probs, 1 if view.seat == k.akter else -1)
        best = max(total.values())
        top = [m for m in moves if total[m] >= best - 1e-9]
        return hint if hint in top else top[0]

    def _solved_totals(self, view: SeatView, k: Knowledge, probs: dict[Move, Problem],
                       sign: int) -> tuple[dict[Move, float], int]:
        """Each move's money (times ``sign``: the seat's side) summed over layouts drawn
        one by one and solved from the first lead of its problem, and how many layouts:
        at least :data:`LEAST`, then until the layouts or the node :data:`BUDGET` run
        out."""
        sampler = Sampler(view, k, self.memory)
        rng = random.Random(self.seed_rng.random())
        total = dict.fromkeys(probs, 0.0)
        n = 0
        while n < self.layouts and (n < LEAST or sum(p.nodes for p in probs.values()) <
                                    BUDGET):
            lay = sampler.draw(rng)
            n += 1
            for m, prob in probs.items():
                total[m] += sign * prob.value(first_play(prob, lay))
        return total, n


def first_play(prob: Problem, lay: Layout) -> Play:
    """The solver's position at the first lead of ``prob``'s contract in layout ``lay``
    (LICITOVANY §3: the forhont leads a trump game, the aktér a betl or durch)."""
    c = prob.contract
    leader = first_leader(c, forhont=prob.order[0], akter=prob.akter)
    holder, alive = NOBODY, True
    if c.trump is not None:
        seven = card(c.trump, SEVEN)
        seat = next((s for s, h in enumerate(lay.hands) if h >> seven & 1), -1)
        holder = NOBODY if seat < 0 else AKTER if seat == prob.akter else DEFENCE
    if c.helper is not None and c.trump is not None:
        need = 1 << card(c.helper, SEVEN) | 1 << card(c.trump, SEVEN)
        alive = lay.hands[prob.akter] & need == need
    return Play(lay.hands, (), leader, 0, holder=holder, alive=alive)
