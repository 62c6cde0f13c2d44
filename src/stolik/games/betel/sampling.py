"""Layouts of the unseen cards drawn from what one seat knows (BETEL §3, §4; hidden
information is sacred: nothing here reads more than the seat's
:class:`~stolik.games.betel.view.SeatView`).

The cards a seat has not seen lie in the other two hands or in the dubel. What it knows
about them (:func:`knowledge`):

- **its own hand**, every **card played** (all are shown, BETEL §4) and each seat's count of
  cards (ten, less its plays; the dubel two);
- **voids shown** (BETEL §4): every play was legal, so a seat that did not follow, did not
  beat the led suit's highest card, did not trump or did not overtrump where obliged held no
  card that would have been required — and a card gone from a hand never comes back. The
  fact of a play is computed from the rules themselves (:func:`~stolik.games.betel.play.legal`):
  a card ``x`` is ruled out when the played card would be illegal in a hand holding ``x``;
- **the dubel** (BETEL §3): the places it knows now (``view.dubel``: what it looked at, or
  laid back itself, since the last exchange), and the cards it saw there earlier: such a card
  lies in the dubel or with a seat that exchanged after it was seen — with nobody else. A
  card named in its own ``look 1`` or ``lay`` is dated by that call; cards of its own
  ``look 2`` (the view names no card there) are dated, more loosely, by its first ``look 2``.

Nothing else is used: no inference from the calls (a seat's contract says something about
its hand, but only as a likelihood, and PIMC draws from the hard facts only).
:func:`sample` then deals the unseen cards to the two hands and the dubel uniformly among
the layouts consistent with these facts (:mod:`stolik.bots.dealing`).

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.from_text(load_ruleset(), 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> for w in ["1S", "pas", "pas", "9S", "7C"]:       # seat 1 shows out of trumps
...     d.move(w)
>>> k = knowledge(d.view(2))
>>> from stolik.games.betel.deck import SUIT_MASKS
>>> k.void[1] & SUIT_MASKS[3] == SUIT_MASKS[3]
True
>>> lay = sample(d.view(2), 3, random.Random(1))[0]
>>> lay.hands[2] == d.hands[2], bin(lay.dubel).count("1")
(True, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stolik.bots.dealing import Counter, completions, deal
from stolik.games.betel.deck import CARDS, FULL_MASK, HAND_SIZE, SEATS, cards_of
from stolik.games.betel.deck import parse_card as _parse
from stolik.games.betel.play import legal
from stolik.games.betel.ruleset import NO_TRUMPS
from stolik.games.betel.view import SeatView

__all__ = ["InconsistentView", "Knowledge", "Layout", "Sampler", "knowledge", "sample"]

DUBEL = SEATS
"""The dubel's number among the places a card may lie (after seats 0–2)."""


class InconsistentView(ValueError):
    """No layout fits what the view shows (a bug, not a user error)."""


@dataclass(frozen=True)
class Layout:
    """One drawn layout: every seat's hand now (the seat's own included) and the dubel now,
    as masks."""

    hands: tuple[int, int, int]
    dubel: int


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows (module notes): its ``hand``; the ``unseen`` cards; by seat the
    cards it cannot hold (``void``, the seat's own: all but its hand); the cards known to lie
    in the dubel now (``dubel_known``) and the dubel's ``dubel_room`` for the rest; the cards
    each seat holds now (``sizes``); each card seen in the dubel earlier and the seats that
    exchanged after it was seen (``since``: card → seat mask)."""

    seat: int
    hand: int
    unseen: int
    void: tuple[int, int, int]
    sizes: tuple[int, int, int]
    dubel_known: int
    dubel_room: int
    since: tuple[tuple[int, int], ...]


def _mask(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c
    return m


def play_facts(view: SeatView) -> tuple[int, int, int]:
    """By seat, the cards its plays show it no longer holds (BETEL §4, module notes)."""
    void = [0, 0, 0]
    if view.phase == "auction":
        return (0, 0, 0)
    trump = view.trump if view.trump is not None else NO_TRUMPS
    free_def = view.contract is not None and view.contract.defenders_free
    tricks = [list(zip([(t.leader + i) % SEATS for i in range(SEATS)], t.cards, strict=True))
              for t in view.history]
    for plays in [*tricks, list(view.trick)]:
        if not plays:
            continue
        led = plays[0][1]
        best_led, best_trump = led, -1
        for s, c in plays[1:]:
            free = free_def and s != view.declarer
            for x in range(CARDS):
                if x != c and not legal((1 << c) | (1 << x), led, best_led, best_trump, trump,
                                        free) >> c & 1:
                    void[s] |= 1 << x
            if c >> 3 == best_led >> 3 and c < best_led:
                best_led = c
            elif trump != NO_TRUMPS and c >> 3 == trump != led >> 3 and (
                    best_trump < 0 or c < best_trump):
                best_trump = c
    return (void[0], void[1], void[2])


def _dubel_history(view: SeatView) -> dict[int, int]:
    """Each card this seat saw in the dubel (not in its hand now) → the seats (a mask) that
    exchanged after it saw it last (BETEL §3; module notes)."""
    me = view.seat
    lays: list[int] = []  # the seat of each exchange, in order
    seen_at: dict[int, int] = {}  # card → how many exchanges had been made when last seen
    loose = -1
    for s, text in view.calls:
        words = text.split()
        if words[0] == "lay":
            lays.append(s)
            if s == me:
                for w in words[1:]:
                    seen_at[_parse(w)] = len(lays)
        elif s == me and words[0] == "look":
            if words[1] == "1" and len(words) == 3:
                seen_at[_parse(words[2])] = len(lays)
            elif words[1] == "2" and loose < 0:
                loose = len(lays)
    for c in view.dubel_seen:
        if c not in seen_at and loose >= 0:
            seen_at[c] = loose
    out = {}
    for c, k in seen_at.items():
        out[c] = 0
        for s in lays[k:]:  # a seat may exchange more than once
            if s != me:
                out[c] |= 1 << s
    return out


def knowledge(view: SeatView) -> Knowledge:
    """The facts of the module notes for the seat whose view this is."""
    me = view.seat
    hand = _mask(view.hand)
    played = _mask(c for t in view.history for c in t.cards) | _mask(c for _, c in view.trick)
    dubel_known = _mask(c for c in view.dubel if c is not None)
    unseen = FULL_MASK & ~hand & ~played & ~dubel_known
    void = list(play_facts(view))
    void[me] = FULL_MASK & ~hand
    sizes = [HAND_SIZE - len(view.history) - (1 if any(x == s for x, _ in view.trick) else 0)
             for s in range(SEATS)]
    sizes[me] = len(view.hand)
    since = tuple(sorted((c, m) for c, m in _dubel_history(view).items() if unseen >> c & 1))
    room = sum(1 for c in view.dubel if c is None)
    return Knowledge(me, hand, unseen, (void[0], void[1], void[2]),
                     (sizes[0], sizes[1], sizes[2]), dubel_known, room, since)


class Sampler:
    """Draws layouts for one view (module notes): the counts are computed once, so one
    sampler serves many draws. :class:`InconsistentView` where none fits."""

    def __init__(self, view: SeatView) -> None:
        k = knowledge(view)
        self.k = k
        self.places = [s for s in range(SEATS) if s != k.seat] + [DUBEL]
        since = dict(k.since)
        self.cards = cards_of(k.unseen)
        self.allowed = []
        for c in self.cards:
            ok = []
            for j, place in enumerate(self.places):
                if place != DUBEL and (k.void[place] >> c & 1
                                       or (c in since and not since[c] >> place & 1)):
                    continue
                ok.append(j)
            self.allowed.append(tuple(ok))
        self.caps = (k.sizes[self.places[0]], k.sizes[self.places[1]], k.dubel_room)
        self.ways: Counter = completions(self.cards, self.allowed)
        if sum(self.caps) != len(self.cards) or not self.ways(0, self.caps):
            raise InconsistentView(f"no layout fits the view of seat {k.seat}")

    def count(self) -> int:
        """How many layouts fit the view."""
        return self.ways(0, self.caps)

    def draw(self, n: int, rng: random.Random) -> list[Layout]:
        """``n`` layouts drawn independently and uniformly."""
        out = []
        k = self.k
        for _ in range(n):
            got = deal(self.cards, self.allowed, self.caps, rng, self.ways)
            hands = [0, 0, 0]
            hands[k.seat] = k.hand
            hands[self.places[0]] = got[0]
            hands[self.places[1]] = got[1]
            out.append(Layout((hands[0], hands[1], hands[2]), got[2] | k.dubel_known))
        return out


def sample(view: SeatView, n: int, rng: random.Random) -> list[Layout]:
    """``n`` layouts consistent with what ``view`` shows (module notes), uniformly."""
    return Sampler(view).draw(n, rng)
