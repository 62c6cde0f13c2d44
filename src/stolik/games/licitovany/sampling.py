"""Layouts of the cards a seat has not seen, drawn consistent with its view (LICITOVANY §3,
§4.3, §4.4): its own hand, the cards it saw played (:class:`~.knowledge.Memory`), the
discard where it may see it (the aktér), how many cards each seat holds, the voids the
play showed (a seat that did not follow holds none of the led suit; one that neither
followed nor trumped no trumps), what the rules say of the hidden cards — a trump game's
talon holds no ace, no ten, no announced seven (§4.3); a sedma's aktér holds the trump 7
until he plays it (§4.4); a seat that announced a hláška holds the other card of the pair
until it plays it (§3, :func:`partners`) — and nothing else.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.contract_deals import contract_deal
>>> from stolik.games.licitovany.knowledge import Memory, knowledge
>>> rs = load_ruleset()
>>> d = contract_deal(rs, 1, 1)
>>> seat = d.to_act or 0
>>> view, memory = d.view(seat), Memory()
>>> memory.observe(view)
>>> lay = Sampler(view, knowledge(view, rs), memory).draw(random.Random(2))
>>> lay.hands[seat] == view.hand, [h.bit_count() for h in lay.hands], lay.discard.bit_count()
(True, [10, 10, 10], 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stolik.deck32 import ACE, FULL_MASK, KING, OBER, SEVEN, TEN, card
from stolik.games.licitovany.knowledge import Knowledge, Memory, seats_of
from stolik.games.licitovany.view import SeatView

DISCARD, PLAYED = -1, -2
"""The slots besides the seats: the aktér's discard, played cards this seat did not see."""

_HIGH = sum(1 << card(s, r) for s in range(4) for r in (ACE, TEN))


@dataclass(frozen=True)
class Layout:
    """One layout: every seat's hand (the pauzírák's empty) and the discard."""

    hands: tuple[int, ...]
    discard: int


def partners(view: SeatView, k: Knowledge, memory: Memory) -> dict[int, int]:
    """The cards a seat must still hold for the hlášky it announced (LICITOVANY §3: a
    hláška is announced with the first card of a pair held whole): the other card of each
    pair whose first card the seat was seen to play, where the announcements name the
    pairs — the 40 the trump pair, the 20s when the seat played as many first cards of
    other pairs as it announced 20s. Card → seat."""
    c = k.contract
    if c is None or not view.hlasky:
        return {}
    by: list[tuple[int, int]] = []  # (seat, card) in the order played
    tricks = [(t.leader, t.cards) for t in memory.tricks] + [(memory.leader(k), view.trick)]
    for leader, cards in tricks:
        i = k.order.index(leader)
        by += [(k.order[(i + j) % 3], x) for j, x in enumerate(cards)]
    who = {x: seat for seat, x in by}
    firsts: dict[int, list[int]] = {}  # seat -> first cards of pairs it may have held
    for n, (seat, x) in enumerate(by):
        other = x ^ (KING ^ OBER)
        if x & 7 in (KING, OBER) and who.get(other, seat) == seat and \
                all(y != other for _, y in by[:n]):  # a first card, no other seat's pair
            firsts.setdefault(seat, []).append(x)
    out: dict[int, int] = {}
    for seat, played in firsts.items():
        worths = [w for s, w in view.hlasky if s == seat]
        trump = [x for x in played if x >> 3 == c.trump]
        side = [x for x in played if x >> 3 != c.trump]
        if 40 in worths and len(trump) == 1:
            out[trump[0] ^ (KING ^ OBER)] = seat
        if side and len(side) == worths.count(20):
            out.update({x ^ (KING ^ OBER): seat for x in side})
    return {x: s for x, s in out.items() if x not in who}


class Sampler:
    """Draws layouts of the unseen cards for the seat of ``view`` (module notes)."""

    def __init__(self, view: SeatView, k: Knowledge, memory: Memory) -> None:
        self.view, self.k = view, k
        _, pauzirak = seats_of(view)
        akter = view.seat == k.akter
        played = memory.played()
        known = view.hand | played | (view.discard if akter else 0)
        self.unseen = FULL_MASK & ~known
        self.room: dict[int, int] = {s: n for s, n in enumerate(view.counts)
                                     if s not in (view.seat, pauzirak) and n}
        if not akter and k.contract is not None:
            self.room[DISCARD] = 2
        missing = memory.unseen_played(view)
        if missing:
            self.room[PLAYED] = missing
        self.banned: dict[int, int] = dict(memory.voids(k)) if k.contract else {}
        self.fixed: dict[int, int] = {}
        c = k.contract
        if c is not None and not c.rung.closed:
            kept = 0
            for seven, _ in c.kept_back:
                kept |= 1 << seven
            self.banned[DISCARD] = _HIGH | kept
            if c.trump is not None and "hra" in c.rung.components:
                seven = card(c.trump, SEVEN)
                if self.unseen >> seven & 1 and k.akter != view.seat:
                    self.fixed[seven] = k.akter  # sedma needs the seven (§4.4)
            for x, seat in partners(view, k, memory).items():
                if self.unseen >> x & 1:
                    self.fixed[x] = seat

    def draw(self, rng: random.Random, tries: int = 60) -> Layout:
        """A layout at random: each unseen card to a slot it may go to (the cards with
        fewest such slots first), weighted by the room left; after ``tries`` failures the
        voids are set aside (a view that memory missed tricks of)."""
        for attempt in range(tries + 1):
            got = self._try(rng, strict=attempt < tries)
            if got is not None:
                return got
        raise ValueError("no layout fits the view")  # pragma: no cover - room adds up

    def _try(self, rng: random.Random, *, strict: bool) -> Layout | None:
        room = dict(self.room)
        out = dict.fromkeys(room, 0)
        cards = [c for c in range(32) if self.unseen >> c & 1]
        rng.shuffle(cards)

        def slots(c: int) -> list[int]:
            if c in self.fixed and self.fixed[c] in room:
                return [self.fixed[c]]
            return [s for s in room if not (strict and self.banned.get(s, 0) >> c & 1)]

        cards.sort(key=lambda c: len(slots(c)))
        for c in cards:
            free = [s for s in slots(c) if room[s]]
            if not free:
                return None
            s = rng.choices(free, weights=[room[x] for x in free])[0]
            room[s] -= 1
            out[s] |= 1 << c
        hands = tuple(self.view.hand if s == self.view.seat else out.get(s, 0)
                      for s in range(len(self.view.counts)))
        discard = self.view.discard if self.view.seat == self.k.akter else out.get(DISCARD, 0)
        return Layout(hands, discard)
