"""What one call of the Betel auction leads to, for the ``expert`` bot (issue 27.2; BETEL
§3–§5): a drawn layout set up at the seat's decision, the rest of the auction played out by
the ``heuristic`` bot's rules for every seat, the play solved exactly within a node budget,
and the seat's standing from the score.

- **The layout at the decision** (:func:`decision_deal`): the hands and dubel drawn for the
  seat (:class:`~stolik.games.betel.sampling.Layout`, the hands *now*) are dealt, and the
  public calls replayed on them; a seat's exchange lays back the very cards it took, so that
  the hands stay as drawn (as the policy model does, :mod:`~stolik.games.betel.policy_model`);
  a look at one card looks at the card the seat saw where it lies in the drawn dubel, else
  at the first place (an exchange since may have taken it: the hands and every public fact
  are still the view's). Only the seat's own step ``taken`` needs its two extra cards
  dealt to the dubel first.
- **The rollout** (:class:`Rollout`): each seat's call by the heuristic's auction rules
  (:func:`~stolik.games.betel.heuristic.bid_or_pass`) computed from the hand's counts, kept
  by hand (a hand's counts do not change while the auction goes on): the same call as
  ``bid_or_pass`` at every step but ``taken`` (a test checks it), where only each kind's
  lay (:func:`~stolik.games.betel.bidding.lay_for`) is weighed instead of all 66, the one
  leaving the highest contract its counts make kept. **Decision:** a declarer whose
  contract was kontra'd (the only way his turn comes back while it stands, BETEL §3) keeps
  it — passes — where his counts make it; the heuristic would run to the lowest contract
  its counts make, which neither a player nor the ``pimc`` bot does with a contract he
  expects to make doubled. The deciding seat's own later calls are the heuristic's too,
  except that it always keeps its kontra'd contract so (it decides again when it gets
  there).
- **The value** (:func:`standing`): the seat's score less the mean of the other two
  (BETEL §5: each for himself, and the highest total wins a match; the arena's figure is
  the difference of the kinds' means too), peeking costs included. A played contract's
  tricks come from the solver (:mod:`~stolik.games.betel.solver`, the declarer leading);
  in an all-pass deal the seat's own tricks against the other two, who take the rest.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.sampling import sample
>>> from stolik.games.betel.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 0, random.Random(5))
>>> d.move("pas")
>>> v = d.view(1)
>>> x = decision_deal(rs, v, sample(v, 1, random.Random(2))[0])
>>> x.to_act, x.pos.step, x.view(1).calls == v.calls
(1, 'start', True)
>>> r = Rollout(rs, 1)
>>> end = r.play_out(x, PAS)
>>> end.phase != "auction", isinstance(r.value(end, None), float)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stolik.games.betel.bidding import Kind, kind_of, lay_for
from stolik.games.betel.calls import KONTRA, LOOK_BOTH, PAS, TAKE, Action, lay
from stolik.games.betel.deck import SEATS, TRICKS, cards_of, parse_card
from stolik.games.betel.heuristic import forced_tricks, honours, sure_tricks
from stolik.games.betel.ruleset import NO_TRUMPS, Ruleset
from stolik.games.betel.sampling import Layout
from stolik.games.betel.scoring import contract_points
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView
from stolik.solver.budget import Budget, within

__all__ = ["Rollout", "decision_deal", "shortfalls", "standing"]

TRUMPS = (0, 1, 2, 3, NO_TRUMPS)


def shortfalls(rs: Ruleset, hand: int) -> tuple[int, ...]:
    """By contract index, how far the heuristic's counts miss it with ``hand``
    (:func:`~stolik.games.betel.heuristic.shortfall`, ≤ 0: they make it), from the hand's
    eight counts (sure tricks for each trump, tricks it cannot duck, honours).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.deck import parse_mask
    >>> rs = load_ruleset()
    >>> s = shortfalls(rs, parse_mask("AS KS QS JS 9S AH KH AD 7D 7C"))
    >>> s[rs.contract_of("szlem-S").index], s[rs.contract_of("betelek-3").index]
    (2, 5)
    """
    sure = {t: sure_tricks(hand, t) for t in TRUMPS}
    forced = (forced_tricks(hand, 1), forced_tricks(hand, 2))
    hon = honours(hand)
    return tuple(max(hon - c.goal, forced[c.defenders_free] - c.goal) if c.at_most
                 else c.goal - sure[c.trump] for c in rs.contracts)


def decision_deal(rs: Ruleset, view: SeatView, lay_: Layout) -> Deal:
    """The deal at ``view``'s auction decision with the hands and dubel of ``lay_`` (module
    notes); :class:`~stolik.errors.IllegalMove` should the replay fail (a bug)."""
    me = view.seat
    hands = list(lay_.hands)
    dubel = lay_.dubel
    if view.step == "taken":  # his two extra cards lay in the dubel before he took them
        extra = cards_of(hands[me])[:2]
        dubel = (1 << extra[0]) | (1 << extra[1])
        hands[me] &= ~dubel
    d = Deal(rs, view.dealer, [cards_of(h) for h in hands], cards_of(dubel))
    took: tuple[int, ...] = ()
    for seat, text in view.calls:
        words = text.split()
        if words[0] == "look":
            if words[1] == "2":
                d.act(LOOK_BOTH)
            else:
                seen = parse_card(words[2]) if seat == me and len(words) == 3 else -1
                pos = d.pos.dubel.index(seen) if seen in d.pos.dubel else 0
                d.act(Action("look", n=1, pos=pos))
        elif words[0] == "take":
            took = d.pos.dubel
            d.act(TAKE)
        elif words[0] == "lay":
            d.act(lay(*took))
        else:
            d.move(text)
    return d


def standing(rs: Ruleset, d: Deal, seat: int, tricks: int) -> float:
    """``seat``'s score less the others' mean (module notes) when the deal in play ends
    with ``tricks`` for its declarer (in an all-pass deal: for ``seat``) — or, finished, its
    own result (a redeal)."""
    p = d.pos
    scores: list[float] = [-p.peek[s] for s in range(SEATS)]
    if d.is_over:
        scores = [float(x) for x in d.result().scores]
    elif d.contract is None:
        scores[seat] += rs.all_pass_trick * tricks
        for s in range(SEATS):
            if s != seat:  # the other two take the rest: their mean counts
                scores[s] += rs.all_pass_trick * (TRICKS - tricks) / 2
    else:
        assert d.declarer is not None
        scores[d.declarer] += contract_points(rs, d.contract, d.doubled, tricks)[0]
    return scores[seat] - sum(scores[s] for s in range(SEATS) if s != seat) / 2


def _solve(d: Deal, seat: int | None, budget: Budget | None) -> int | None:
    """The declarer's (``seat``'s) tricks under best play, or None when the budget ran out
    first (issue 27.4: the solve gets what is left as its node limit)."""
    from stolik.games.betel.solver import Problem

    prob = Problem(d, seat)
    return within(budget, prob.stats, lambda: prob.tricks(d))


@dataclass
class Rollout:
    """The rollouts of one seat's decisions (module notes); the hands' counts and the
    solved plays are kept (``solved``: by the hands, declarer and contract kind)."""

    rs: Ruleset
    seat: int
    counts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    solved: dict[tuple[object, ...], int] = field(default_factory=dict)

    def short(self, hand: int) -> tuple[int, ...]:
        """The hand's :func:`shortfalls`, kept."""
        got = self.counts.get(hand)
        if got is None:
            if len(self.counts) > 50_000:
                self.counts.clear()
            got = self.counts[hand] = shortfalls(self.rs, hand)
        return got

    def call(self, d: Deal) -> Action:
        """The heuristic's step for the seat to act in ``d``'s auction (module notes)."""
        p = d.pos
        seat = p.to_act
        hand = p.hands[seat]
        if p.step == "taken":
            return self._lay(hand)
        sf = self.short(hand)
        if p.declarer == seat and p.step == "start" and p.contract >= 0 \
                and (seat == self.seat or sf[p.contract] <= 0):
            return PAS  # his kontra'd contract stands: he keeps it (module notes, Decision)
        legal = d.legal_moves()
        bids = [a for a in legal if isinstance(a, Action) and a.kind == "bid"]
        for a in bids:
            if sf[a.contract] <= 0:
                return a
        if p.step == "laid":
            return min(bids, key=lambda a: sf[a.contract]) if bids else KONTRA
        c = d.contract
        if KONTRA in legal and c is not None and not c.at_most \
                and c.goal - sf[c.index] > TRICKS - c.goal:  # his sure tricks beat it
            return KONTRA
        if TAKE in legal and any(sf[a.contract] == 1 for a in bids):
            return TAKE
        return PAS

    def _lay(self, hand: int) -> Action:
        kinds = dict.fromkeys(kind_of(c) for c in self.rs.contracts)
        best: tuple[int, tuple[int, int]] | None = None
        for kind in kinds:
            pair = tuple(sorted(lay_for(hand, kind)))
            rest = hand & ~(1 << pair[0]) & ~(1 << pair[1])
            sf = self.short(rest)
            top = max((i for i, s in enumerate(sf) if s <= 0), default=-1)
            if best is None or (top, -pair[0], -pair[1]) > (best[0], -best[1][0], -best[1][1]):
                best = (top, (pair[0], pair[1]))
        assert best is not None
        return lay(*best[1])

    def play_out(self, d: Deal, *steps: Action) -> Deal:
        """A clone of ``d`` after ``steps`` and the rest of the auction (module notes)."""
        d = d.clone()
        for a in steps:
            d.act(a)
        while d.phase == "auction":
            d.act(self.call(d))
        return d

    def value(self, d: Deal, budget: Budget | None) -> float | None:
        """The seat's :func:`standing` at the end of ``d``'s auction, the play solved (kept
        by the hands, declarer and kind); None when the budget ran out first."""
        if d.is_over:
            return standing(self.rs, d, self.seat, 0)
        p = d.pos
        c = d.contract
        kind: Kind | None = None if c is None else kind_of(c)
        who = self.seat if c is None else d.declarer
        key = (p.hands, p.to_act, who, kind)
        if key not in self.solved:
            t = _solve(d, self.seat if c is None else None, budget)
            if t is None:
                return None
            if len(self.solved) > 50_000:
                self.solved.clear()
            self.solved[key] = t
        return standing(self.rs, d, self.seat, self.solved[key])
