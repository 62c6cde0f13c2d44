"""The ``heuristic`` licitovaný bot: bids, lays away, names the contract, fleks and plays by
a club player's simple rules, from its seat's view alone (LICITOVANY §3, §4).

- **Hand values** (:func:`plans`): for each trump suit a count of trumps, their aces and
  tens, side aces, hlášky; a sedma needs the trump 7 (§4.4) and a long suit, a sto a
  hláška and more; a betl a hand whose every card has enough lower cards of its suit
  under it (the betl order, §2); a durch the reverse, from the top. The highest rung it
  makes is what the bot will go to.
- **Licitace** (§4.2): the later seat bids the lowest rung above the standing one that it
  makes, the earlier holds (``mam``) what it makes; else ``dobra``.
- **Talon and contract** (§4.3, §4.4): the best plan of the twelve cards at or above the
  won rung; lay away low side cards of the shortest suits for a trump game (never an ace,
  a ten, the seven or a hláška), the most dangerous cards for a betl, the loosest for a
  durch; name that plan, else the cheapest: a sedma (a lost one costs less than omyl),
  omyl at the lowest rung, else the lowest contract.
- **Fleky** (§4.5): a defender with three trumps, one of them the ace or the ten, fleks
  the hra (and the sedma with four); the aktér says ``re`` with a strong hand.
- **Play** (§3): every hláška announced; the aktér draws trumps, then cashes aces; a
  defender leads aces; a follower takes a trick it can (the last to play as cheaply as it
  can), smears an ace or a ten on its partner's trick, else plays its lowest card; in
  betl the aktér ducks under the card taking the trick, the defenders lead low.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(4))
>>> bots = [HeuristicBot(seed=s, ruleset=rs) for s in range(3)]
>>> while not d.is_over:
...     seat = d.to_act or 0
...     d.move(bots[seat].act(d.view(seat)))
>>> sum(d.money())
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stolik.deck32 import ACE, CARD_POINTS, HIGHER_BETL_ORDER, KING, OBER, SEVEN, TEN, card
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.knowledge import Knowledge, Memory, knowledge
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.rules import taker
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.view import SeatView

__all__ = ["HeuristicBot", "Plan", "plans", "play_card"]


def _suit(hand: int, s: int) -> list[int]:
    return [c for c in range(8 * s, 8 * s + 8) if hand >> c & 1]


def _betl_rank(c: int) -> int:
    """0 = the lowest card of its suit in the betl order (7) … 7 = the ace (LICITOVANY §2)."""
    return 7 - HIGHER_BETL_ORDER[c].bit_count()


@dataclass(frozen=True)
class Plan:
    """A contract the hand makes: its rung, trump and helper, and how strong it is."""

    rung: int
    trump: int | None
    strength: int


def _trump_strength(hand: int, t: int) -> int:
    trumps = _suit(hand, t)
    s = 2 * len(trumps) + 3 * (card(t, ACE) in trumps) + 2 * (card(t, TEN) in trumps)
    for o in range(4):
        if o != t:
            side = _suit(hand, o)
            s += 2 * (card(o, ACE) in side) + (card(o, TEN) in side and card(o, ACE) in side)
    return s


def _hlasky(hand: int, t: int) -> int:
    return sum((40 if s == t else 20) for s in range(4)
               if hand >> card(s, KING) & 1 and hand >> card(s, OBER) & 1)


def _danger(hand: int, top: bool) -> int:
    """How far the hand is from a betl (``top`` False) or a durch (True): each card's rank
    from the bottom (top) of its suit beyond what the cards under (over) it cover."""
    out = 0
    for s in range(4):
        ranks = sorted(_betl_rank(c) for c in _suit(hand, s))
        if top:
            ranks = sorted(7 - r for r in ranks)
            out += sum(max(0, r - i) for i, r in enumerate(ranks))
        else:
            out += sum(max(0, r - 2 * i - 1) for i, r in enumerate(ranks))
    return out


def plans(hand: int, rs: Ruleset) -> list[Plan]:
    """The contracts ``hand`` makes by simple counts, on the rungs ``rs`` plays."""
    out = []
    for t in range(4):
        st = _trump_strength(hand, t)
        n = len(_suit(hand, t))
        hl = _hlasky(hand, t)
        red = t == 0
        if hand >> card(t, SEVEN) & 1 and n >= 4 and st >= 13:
            out.append(Plan(2 if red else 1, t, st))
        if hl and st + hl // 10 >= 20 and n >= 5:
            out.append(Plan(5 if red else 3, t, st + hl // 10))
    if hand.bit_count() >= 10 and _danger(hand, False) <= 0:
        out.append(Plan(7, None, 20))
    if hand.bit_count() >= 10 and _danger(hand, True) <= 0:
        out.append(Plan(8, None, 30))
    return [p for p in out if p.rung in rs.ladder]


def _discard_for(hand: int, plan: Plan | None) -> list[int]:
    """Two cards to lay away for ``plan`` (LICITOVANY §4.3), best first."""
    cards = [c for c in range(32) if hand >> c & 1]
    if plan is not None and plan.rung == 7:
        return sorted(cards, key=lambda c: -_betl_rank(c))
    if plan is not None and plan.rung == 8:
        return sorted(cards, key=_betl_rank)
    t = plan.trump if plan is not None else None

    def score(c: int) -> tuple[int, ...]:
        s = c >> 3
        keep = (c & 7) in (ACE, TEN) or ((c & 7) == SEVEN and t in (s, None)) or \
            (hand >> card(s, KING) & 1 and hand >> card(s, OBER) & 1 and (c & 7) in (KING, OBER))
        return (int(keep), int(s == t), len(_suit(hand, s)), -(c & 7))

    return sorted(cards, key=score)


def play_card(view: SeatView, k: Knowledge, memory: Memory) -> Move:
    """The card by a club player's rules (module notes, LICITOVANY §3)."""
    assert k.contract is not None
    legal = list(k.legal)
    with_hl = {m.cards[0]: m for m in legal if m.hlaska}
    cards = sorted({m.cards[0] for m in legal})
    c = _choose(view, k, memory, cards)
    return with_hl.get(c, Move.play(c))


def _choose(view: SeatView, k: Knowledge, memory: Memory, cards: list[int]) -> int:
    contract = k.contract
    assert contract is not None
    me_akter = view.seat == k.akter
    trump = contract.trump
    closed = contract.rung.closed
    if closed:
        def rank(c: int) -> int:
            return _betl_rank(c)
    else:
        def rank(c: int) -> int:
            return (7 - (c & 7)) + (10 if c >> 3 == trump else 0)
    low = min(cards, key=lambda c: (CARD_POINTS[c], rank(c)))
    high = max(cards, key=rank)
    trick = view.trick
    if not trick:
        if "betl" in contract.rung.components:
            return min(cards, key=rank)
        if "durch" in contract.rung.components:
            return high
        gone = memory.played() | view.hand | view.discard
        if me_akter and trump is not None:
            out = 0xFF << (8 * trump) & ~gone
            mine = [c for c in cards if c >> 3 == trump and (c & 7) != SEVEN]
            if out and mine:
                return max(mine, key=rank)
        aces = [c for c in cards if (c & 7) == ACE and c >> 3 != trump]
        if aces:
            return aces[0]
        return low
    pos = taker(trick, contract)
    i = k.order.index(memory.leader(k))
    winner = k.order[(i + pos) % 3]
    last = len(trick) == 2
    ours = (winner == k.akter) == me_akter
    beats = [c for c in cards if taker((*trick, c), contract) == len(trick)]
    if "betl" in contract.rung.components:
        if me_akter:
            under = [c for c in cards if c not in beats]
            return max(under, key=rank) if under else min(cards, key=rank)
        return min(cards, key=rank)
    if ours and (last or winner != k.akter):
        smear = [c for c in cards if c not in beats or last]
        if smear:
            return max(smear, key=lambda c: (CARD_POINTS[c], -rank(c)))
    if beats and not ours:
        if last:
            return max(beats, key=lambda c: (CARD_POINTS[c], -rank(c)))
        return max(beats, key=rank)
    return low


class HeuristicBot:
    """Plays licitovaný by simple counts and a club player's rules (module notes), from
    its seat's view alone; ``seed`` breaks ties at random."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        self.rng = random.Random(seed)
        self.rs = ruleset or load_ruleset()
        self.memory = Memory()

    def observe(self, view: SeatView) -> Knowledge:
        """Take in a view (the cards it shows played) and work out the public state."""
        self.memory.observe(view)
        return knowledge(view, self.rs)

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        k = self.observe(view)
        if not k.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        return self.decide(view, k)

    choose = act

    def decide(self, view: SeatView, k: Knowledge) -> Move:
        """The move for a view already observed."""
        legal = list(k.legal)
        if view.phase == "licitace":
            return self._licitace(view, legal)
        if view.phase == "discard":
            return self._discard(view, k, legal)
        if view.phase == "contract":
            return self._contract(view, k, legal)
        if view.phase == "fleky":
            return self._fleky(view, k, legal)
        return play_card(view, k, self.memory)

    def _best(self, hand: int, at_least: int) -> Plan | None:
        ok = [p for p in plans(hand, self.rs) if p.rung >= at_least]
        return max(ok, key=lambda p: (p.rung, p.strength), default=None)

    def _licitace(self, view: SeatView, legal: list[Move]) -> Move:
        best = self._best(view.hand, 0)
        top = best.rung if best else 0
        bids = [m for m in legal if m.kind == "bid" and m.rung <= top]
        if bids:
            return min(bids, key=lambda m: m.rung)
        if Move("mam") in legal:
            return Move("mam") if top and self._holds(view) <= top else Move("dobra")
        return Move("dobra")

    def _holds(self, view: SeatView) -> int:
        """The standing rung of the licitace: the last rung bid (LICITOVANY §4.2)."""
        rungs = [parse_move(t).rung for _, t in view.calls if parse_move(t).kind == "bid"]
        return rungs[-1] if rungs else 0

    def _discard(self, view: SeatView, k: Knowledge, legal: list[Move]) -> Move:
        plan = self._best(view.hand, k.won)
        order = _discard_for(view.hand, plan)
        rank = {c: i for i, c in enumerate(order)}
        return min(legal, key=lambda m: sum(rank[c] for c in m.cards))

    def _contract(self, view: SeatView, k: Knowledge, legal: list[Move]) -> Move:
        plan = self._best(view.hand, k.won)
        named = [m for m in legal if m.kind == "contract"]
        if plan is not None:
            for m in named:
                if m.rung == plan.rung and m.trump == plan.trump:
                    return m
        sedma = [m for m in named if RUNGS[m.rung].components == ("hra", "sedma")]
        if sedma:
            return max(sedma, key=lambda m: _trump_strength(view.hand, m.trump or 0))
        if Move("omyl") in legal:
            return Move("omyl")
        return min(named, key=lambda m: (m.rung, -_trump_strength(view.hand, m.trump or 0)))

    def _fleky(self, view: SeatView, k: Knowledge, legal: list[Move]) -> Move:
        c = k.contract
        assert c is not None
        want: set[str] = set()
        hand = view.hand
        if view.seat == k.akter:
            if c.trump is not None and _trump_strength(hand, c.trump) >= 22:
                want = {"hra", "sedma", "sto"}
        elif c.trump is not None:
            trumps = _suit(hand, c.trump)
            high = card(c.trump, ACE) in trumps or card(c.trump, TEN) in trumps
            if len(trumps) >= 3 and high:
                want.add("hra")
            if len(trumps) >= 4 and high:
                want.add("sedma")
        raises = [m for m in legal if m.kind == "raise"
                  and {comp for comp, _ in m.raises} <= want]
        return max(raises, key=lambda m: len(m.raises)) if raises else Move("dobra")
