"""The ``pimc`` bot's auction (BETEL §2, §3, §5): contracts, the dubel and kontra judged by
their expected score over layouts drawn from what the seat knows, each solved exactly.

- **A contract's kind** — a trump suit, bez atu, the betelki, the betel: the declarer's
  tricks under best play depend on the kind only (the most he can make, or the fewest he
  can be held to), not on the level. :class:`Evaluator` solves each layout once per kind
  (:func:`~stolik.games.betel.solver.tricks`, the declarer leading, BETEL §4) and scores
  every contract of the kind from those tricks
  (:func:`~stolik.games.betel.scoring.contract_points`).
  Kinds the heuristic counts call hopeless for every contract still open are not solved
  (:func:`~stolik.games.betel.heuristic.sure_tricks`, ``forced_tricks``, with a slack).
- **Bid**: the open contract with the highest mean score, when that mean is above what
  passing is worth (issue 27): the peeking cost after a look (BETEL §3), and while no
  contract stands in the first round, the all-pass deal it may lead to (BETEL §4–§5:
  +5 a trick, some +16.7 a seat on average, not 0) — in each layout where the seats still
  to speak pass too by the heuristic's counts (the model of the others: a hand that makes
  no contract and is not one trick short of one, :func:`~stolik.games.betel.heuristic.shortfall`),
  the seat's all-pass score with its tricks solved; where one of them would bid, 0 (a
  defender scores nothing). Once a contract stands a pass leaves the seat a defender: 0.
- **Dubel**: an exchange is judged by its own mean — in each layout the dubel drawn there
  joins the hand and, for each kind, the two cards that kind wants least are laid back
  (:func:`lay_for`); the best contract's mean over those layouts, committed to before the
  dubel is seen (a lower bound of the exchange's worth). The bot takes the dubel when that
  beats its best call by :data:`TAKE_MARGIN`. Looking costs only when one then passes
  (BETEL §3), so a seat about to bid or double looks at both cards first, for free, and
  decides again with them known. After taking, each kind's lay is judged by the layouts and
  the best kept.
- **Kontra** (BETEL §3, §5: the kontra'd declarer's score doubles; the doubler's own score
  is unchanged) is valued by what it changes (issue 27): in each layout the declarer's
  score kontra'd minus not (:func:`~stolik.games.betel.scoring.contract_points` with the
  ruleset's factor, the declarer's solved tricks), and the seat gains half its negation —
  a seat's standing against the other two is its score less their mean; the declarer is
  taken to stay on it (he bid it: with layouts drawn uniformly, not weighted by his calls,
  a model of him running from it would judge hands that would not have bid it). It is said when no
  bid of its own is worth making and that gain is positive with :data:`KONTRA_Z` standard
  errors to spare (:func:`kontra_says`); before, any standing contract whose declarer's
  mean was below −10 drew one. In 100 self-play auctions (seeds 1000–1099) kontra fell
  only from 2.40 to 2.17 a deal: the contracts it meets mostly fail in its layouts (the
  pimc declarers overbid), and each kontra restarts the auction (BETEL §3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from stolik.games.betel.calls import KONTRA, LOOK_BOTH, PAS, TAKE, Action, bid, lay
from stolik.games.betel.deck import SUIT_MASKS, cards_of
from stolik.games.betel.heuristic import forced_tricks, shortfall, sure_tricks
from stolik.games.betel.ruleset import NO_TRUMPS, Contract, Ruleset
from stolik.games.betel.sampling import Layout, Sampler
from stolik.games.betel.scoring import contract_points
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView

__all__ = ["KONTRA_Z", "Evaluator", "Kind", "all_pass_mean",
           "first_round_to_speak", "kind_of", "kontra_gains", "kontra_says", "lay_for",
           "would_bid"]

Kind = tuple[int, bool, bool]
"""A contract's kind: (trump, at most, defenders free) — BETEL §2, §4."""

SLACK = 3
"""How many tricks beyond the heuristic count a kind may still be solved for."""
TAKE_MARGIN = 10.0
"""How many points an exchange must be worth above the best call (its estimate's noise)."""
KONTRA_Z = 2.0
"""Kontra when its mean gain is above this many standard errors (issue 27)."""


def kind_of(c: Contract) -> Kind:
    """The kind of contract ``c``.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> kind_of(rs.contract_of("2H")), kind_of(rs.contract_of("betel"))
    ((2, False, False), (-1, True, True))
    """
    return (c.trump, c.at_most, c.defenders_free)


def lay_for(hand: int, kind: Kind) -> tuple[int, int]:
    """The two cards of a 12-card ``hand`` that ``kind`` wants least (BETEL §3): for tricks,
    the lowest cards outside the trumps, from the shortest suits first (voids ruff, short
    suits cost no honours); for few tricks, the highest cards.

    >>> from stolik.games.betel.deck import parse_mask, ASCII_NAMES
    >>> h = parse_mask("AS KS QS JS TS AH KH 7H AD 9D 8C 7C")
    >>> [ASCII_NAMES[c] for c in lay_for(h, (3, False, False))]
    ['7C', '8C']
    >>> [ASCII_NAMES[c] for c in lay_for(h, (NO_TRUMPS, True, False))]
    ['AS', 'AH']
    """
    cards = cards_of(hand)
    trump, few, _ = kind
    if few:
        order = sorted(cards, key=lambda c: (c % 8, -(c >> 3)))
    else:
        def key(c: int) -> tuple[bool, int, int]:
            return (c >> 3 == trump, (hand & SUIT_MASKS[c >> 3]).bit_count(), -(c % 8))
        order = sorted(cards, key=key)
    return order[0], order[1]


def declarer_tricks(rs: Ruleset, hands: Sequence[int], dubel: int, declarer: int,
                    contract: int) -> int:
    """The declarer's tricks under best play in ``contract`` with these cards (BETEL §4)."""
    from stolik.games.betel.solver import tricks

    d = Deal(rs, declarer, [cards_of(h) for h in hands], cards_of(dubel))
    d.act(bid(contract))
    d.act(PAS)
    d.act(PAS)
    return tricks(d)


def kontra_gains(rs: Ruleset, c: Contract, tricks: Sequence[int]) -> list[float]:
    """The seat's gain from a kontra on ``c`` for each of the declarer's trick counts
    (issue 27; BETEL §5): half the declarer's loss by the kontra — his score kontra'd
    minus not, negated; the doubler's own score does not change.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> kontra_gains(rs, rs.contract_of("2H"), [9, 6])   # made: he gains; down: he loses
    [-60.0, 50.0]
    """
    return [-(contract_points(rs, c, True, t)[0] - contract_points(rs, c, False, t)[0]) / 2
            for t in tricks]


def kontra_says(gains: Sequence[float], z: float = KONTRA_Z) -> bool:
    """Whether the gains of a kontra over the layouts make it pay: their mean above ``z``
    standard errors of it (issue 27).

    >>> kontra_says([40.0, 40.0, -60.0]), kontra_says([40.0, 40.0, 40.0, 30.0])
    (False, True)
    """
    n = len(gains)
    if n == 0:
        return False
    mean = sum(gains) / n
    var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
    return mean > 0 and mean > z * (var / n) ** 0.5


def all_pass_mean(rs: Ruleset, view: SeatView, layouts: Sequence[Layout],
                  to_speak: Sequence[int] = ()) -> float:
    """The seat's mean all-pass score over ``layouts`` (BETEL §4–§5): +``all_pass_trick``
    a trick it takes, every deal played with the dealer leading and each seat for itself
    (the solver's tricks for the seat); 0 where the ruleset redeals an all-pass deal, and 0
    in a layout where one of the seats ``to_speak`` would bid by :func:`would_bid`."""
    from stolik.games.betel.solver import tricks

    if not rs.all_pass_play or not layouts:
        return 0.0
    total = 0
    for lay_ in layouts:
        if any(would_bid(rs, lay_.hands[s]) for s in to_speak):
            continue
        d = Deal(rs, view.dealer, [cards_of(h) for h in lay_.hands], cards_of(lay_.dubel))
        for _ in range(3):
            d.act(PAS)
        total += rs.all_pass_trick * tricks(d, view.seat)
    return total / len(layouts)


def would_bid(rs: Ruleset, hand: int) -> bool:
    """The model of another seat at its first turn (issue 27): the heuristic bot's auction
    — it bids a contract its counts make, or takes the dubel one trick short
    (:func:`~stolik.games.betel.heuristic.shortfall` at most 1), else passes (BETEL §3).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.deck import parse_mask
    >>> rs = load_ruleset()
    >>> would_bid(rs, parse_mask("AS KS QS JS TS AH KH AD 7D 7C"))
    True
    >>> would_bid(rs, parse_mask("KS QS 9S KH QH 8H KD QD 9C 8C"))   # six honours, no run
    False
    """
    return any(shortfall(hand, c) <= 1 for c in rs.contracts)


def first_round_to_speak(view: SeatView) -> list[int] | None:
    """While no contract stands in the first round (only passes and looks so far, BETEL
    §3): the other seats still to speak for the first time, after this one — a pass of
    the seat leads to an all-pass deal if they pass too; else None (a pass leaves it a
    defender, or the auction goes on)."""
    if view.contract is not None or view.doubled:
        return None
    if any(text != "pas" and not text.startswith("look") for _, text in view.calls):
        return None
    spoke = {s for s, text in view.calls if text == "pas"}
    return [s for s in range(3) if s != view.seat and s not in spoke]


def _hopeless(hand: int, kind: Kind, goals: list[int]) -> bool:
    """Whether the heuristic counts call every contract of ``kind`` with these ``goals``
    out of reach (module notes)."""
    trump, few, free = kind
    if few:
        return forced_tricks(hand, 2 if free else 1) > max(goals) + SLACK
    return sure_tricks(hand, trump) + SLACK < min(goals)


@dataclass
class Evaluator:
    """The auction of the module notes for one seat; ``layouts`` per evaluation."""

    rs: Ruleset
    layouts: int
    rng: random.Random
    plan: int = -1
    """The contract chosen when laying back (bid at the next step, BETEL §3)."""
    cache: dict[tuple[object, ...], list[Layout]] = field(default_factory=dict)
    last: dict[int, float] = field(default_factory=dict)
    """The mean score of each contract at the last evaluation (for tests and display)."""

    def _draw(self, view: SeatView) -> list[Layout]:
        key = (view.dealer, view.seat, view.hand, view.dubel, view.calls)
        if key not in self.cache:
            self.cache = {key: Sampler(view).draw(self.layouts, self.rng)}
        return self.cache[key]

    def _open(self, view: SeatView) -> dict[Kind, list[Contract]]:
        out: dict[Kind, list[Contract]] = {}
        for a in view.legal:
            if isinstance(a, Action) and a.kind == "bid":
                c = self.rs.contracts[a.contract]
                out.setdefault(kind_of(c), []).append(c)
        return out

    def _means(self, layouts: list[Layout], seat: int,
               open_: dict[Kind, list[Contract]]) -> dict[int, float]:
        """Each open contract's mean score for ``seat`` as its declarer."""
        out: dict[int, float] = {}
        for kind, cs in open_.items():
            hand = layouts[0].hands[seat] if layouts else 0
            if _hopeless(hand, kind, [c.goal for c in cs]):
                continue
            rep = cs[0].index
            ts = [declarer_tricks(self.rs, lay.hands, lay.dubel, seat, rep) for lay in layouts]
            for c in cs:
                out[c.index] = sum(contract_points(self.rs, c, False, t)[0]
                                   for t in ts) / len(ts)
        return out

    def _take_mean(self, view: SeatView, layouts: list[Layout],
                   open_: dict[Kind, list[Contract]]) -> float:
        """The exchange's worth (module notes): the best contract's mean with each kind's
        lay, the dubel of each layout taken."""
        me = view.seat
        best = float("-inf")
        for kind, cs in open_.items():
            trial = []
            for lay_ in layouts:
                hand = lay_.hands[me] | lay_.dubel
                a, b = lay_for(hand, kind)
                laid = (1 << a) | (1 << b)
                hands = list(lay_.hands)
                hands[me] = hand & ~laid
                trial.append(Layout((hands[0], hands[1], hands[2]), laid))
            if _hopeless(trial[0].hands[me], kind, [c.goal for c in cs]):
                continue
            means = self._means(trial, me, {kind: cs})
            if means:
                best = max(best, max(means.values()))
        return best

    def _kontra_pays(self, view: SeatView, layouts: list[Layout]) -> bool:
        """Whether a kontra on the standing contract pays over this seat's layouts
        (:func:`kontra_gains`, :func:`kontra_says`)."""
        c = view.contract
        assert c is not None and view.declarer is not None
        ts = [declarer_tricks(self.rs, lay.hands, lay.dubel, view.declarer, c.index)
              for lay in layouts]
        return kontra_says(kontra_gains(self.rs, c, ts))

    def act(self, view: SeatView) -> Action:
        """The auction step of the module notes for the seat whose view this is."""
        legal = view.legal
        if view.step == "taken":
            return self._lay(view)
        if view.step == "laid" and self.plan >= 0 and bid(self.plan) in legal:
            return bid(self.plan)
        layouts = self._draw(view)
        open_ = self._open(view)
        means = self._means(layouts, view.seat, open_)
        self.last = means
        best_bid = max(means, key=lambda i: (means[i], i)) if means else -1
        best = means[best_bid] if means else float("-inf")
        looked = view.calls[-1][1].split()[1] if view.step == "looked" else "0"
        pass_value = -float(self.rs.peek_cost(int(looked)))  # BETEL §3
        to_speak = first_round_to_speak(view)
        if to_speak is not None:  # issue 27: the all-pass deal it may lead to (BETEL §5)
            pass_value += all_pass_mean(self.rs, view, layouts, to_speak)
        if view.step == "laid":  # he must bid (BETEL §3): the best he may, else kontra
            if best_bid >= 0:
                return bid(best_bid)
            bids = [a for a in legal if isinstance(a, Action) and a.kind == "bid"]
            return bids[0] if bids else KONTRA
        if view.step == "start" and TAKE in legal and open_:
            taken = self._take_mean(view, layouts, open_)
            if taken > max(best, pass_value) + TAKE_MARGIN:
                return TAKE
        if best_bid >= 0 and best > pass_value:
            if view.step == "start" and LOOK_BOTH in legal and None in view.dubel:
                return LOOK_BOTH  # free when a bid follows (BETEL §3): look first
            return bid(best_bid)
        if KONTRA in legal and self._kontra_pays(view, layouts):
            if view.step == "start" and LOOK_BOTH in legal and None in view.dubel:
                return LOOK_BOTH
            return KONTRA
        return PAS

    def _lay(self, view: SeatView) -> Action:
        """After taking the dubel: each kind's lay judged over the layouts, the best kept,
        and its contract planned for the next step (BETEL §3)."""
        me = view.seat
        hand = sum(1 << c for c in view.hand)
        open_ = self._open_after(view)
        layouts = self._draw(view)
        best: tuple[float, int, tuple[int, int]] | None = None
        for kind, cs in open_.items():
            a, b = lay_for(hand, kind)
            laid = (1 << a) | (1 << b)
            trial = []
            for lay_ in layouts:
                hands = list(lay_.hands)
                hands[me] = hand & ~laid
                trial.append(Layout((hands[0], hands[1], hands[2]), laid))
            if _hopeless(hand & ~laid, kind, [c.goal for c in cs]):
                continue
            for i, m in self._means(trial, me, {kind: cs}).items():
                if best is None or m > best[0]:
                    best = (m, i, (a, b))
        if best is None:  # nothing worth solving: the heuristic's count decides the lay
            kind = max(open_, key=lambda k: -min(c.goal for c in open_[k])) if open_ \
                else (NO_TRUMPS, False, False)
            a, b = lay_for(hand, kind)
            self.plan = -1
            return lay(a, b)
        self.plan = best[1]
        return lay(*best[2])

    def _open_after(self, view: SeatView) -> dict[Kind, list[Contract]]:
        """The contracts he may bid after laying back: those above the standing one,
        less a banned one (BETEL §3) — the engine lists them only at the next step."""
        floor = view.contract.index if view.contract is not None else -1
        if view.doubled:  # a kontra restarts the auction (BETEL §3)
            floor = -1
        out: dict[Kind, list[Contract]] = {}
        for c in self.rs.contracts[floor + 1:]:
            out.setdefault(kind_of(c), []).append(c)
        return out

