"""What a seat can infer about the unseen cards, and layouts drawn uniformly from it.

From one seat's :class:`~stolik.games.baska.state.SeatView`:

* **held** — cards a seat is known to hold: the cards a called contract requires (an
  honour's four cards, wesele's two black queens) until they are played;
* **void** — cards a seat cannot hold: every card played was legal (RULES §3), so a seat
  that did not follow, did not beat or did not trump had no card that would have been
  required — and a card once gone from a hand never comes back;
* the number of cards each seat still holds.

:func:`sample_layouts` then draws complete layouts of the unseen cards uniformly among all
those consistent with these facts (exactly: a count of completions guides each draw).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> from stolik.games.baska.deck import DECK
>>> d = Deal.from_text(load_ruleset("pucka-2019"), 0,
...                    ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
>>> for c in ["pass"] * 4:
...     d.call(c)
>>> d.play("JC"); d.play("TC")            # seat 2 throws a fele on a trump lead: no trumps
>>> k = knowledge(d.view(1))
>>> DECK.format_mask(k.void[2] & k.unseen, ascii=True)
'QC JS AH TH JH AD QD JD'
>>> import random
>>> layout = sample_layouts(d.view(1), 1, random.Random(3))[0]
>>> layout[1] == d.hands[1] and layout[2] == d.hands[2]   # seat 2 keeps its black fele
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import SeatView
from stolik.tricks import CardOrder

Layout = tuple[int, int, int, int]
"""Current hands of the four seats as bitmasks."""


class InconsistentView(ValueError):
    """No layout of the unseen cards fits what the view shows (a bug, not a user error)."""


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows: its own hand, the unseen cards, per seat the cards it must hold
    and the cards it cannot hold, and how many cards each seat still holds."""

    seat: int
    hand: int
    unseen: int
    held: Layout
    void: Layout
    sizes: Layout


@lru_cache(maxsize=16)
def _ruleset(ref: str) -> Ruleset:
    return load_ruleset(ref)


def _order(view: SeatView, rs: Ruleset) -> CardOrder:
    if view.contract is not None and rs.has(view.contract):
        return rs.order_of(rs.contract(view.contract))
    return rs.order_of(rs.zwykla)


def knowledge(view: SeatView, rs: Ruleset | None = None) -> Knowledge:
    """Facts about the unseen cards for the seat whose view this is."""
    rs = rs or _ruleset(view.ruleset)
    order = _order(view, rs)
    hand = DECK.mask_of(view.hand)
    played = DECK.mask_of(c for _, c in view.plays)
    unseen = DECK.full_mask & ~hand & ~played
    void = [0, 0, 0, 0]
    sizes = [4, 4, 4, 4]
    trick: list[tuple[int, int]] = []
    win = 0
    for seat, card in view.plays:
        sizes[seat] -= 1
        if trick:
            led = trick[0][1]
            group, beats = order.group[led], order.beats[win]
            bit = 1 << card
            if not bit & group:
                void[seat] |= group
                if not bit & beats:
                    void[seat] |= beats
                    if not bit & order.trump_mask:
                        void[seat] |= order.trump_mask
            elif not bit & beats:
                void[seat] |= group & beats
            if bit & beats:
                win = card
        else:
            win = card
        trick.append((seat, card))
        if len(trick) == 4:
            trick = []
    held = [0, 0, 0, 0]
    if view.contract is not None and view.declarer is not None and rs.has(view.contract):
        held[view.declarer] |= rs.contract(view.contract).requires & unseen
    me = view.seat
    void[me] = DECK.full_mask & ~hand
    held[me] = hand
    for s in range(4):
        if s != me:
            void[s] &= ~held[s]
    return Knowledge(me, hand, unseen, _four(held), _four(void), _four(sizes))


def _four(v: list[int]) -> Layout:
    return (v[0], v[1], v[2], v[3])


def count_layouts(k: Knowledge) -> int:
    """How many layouts of the unseen cards fit ``k``."""
    cards, allowed, caps = _problem(k)
    return _counter(cards, allowed)(0, caps)


def _problem(k: Knowledge) -> tuple[list[int], list[tuple[int, ...]], tuple[int, ...]]:
    others = [s for s in range(4) if s != k.seat]
    free = k.unseen
    caps = []
    for s in others:
        forced = k.held[s] & free
        caps.append(k.sizes[s] - forced.bit_count())
        free &= ~forced
    cards = DECK.cards_of(free)
    allowed = [tuple(i for i, s in enumerate(others) if not k.void[s] >> c & 1) for c in cards]
    return cards, allowed, tuple(caps)


def _counter(cards: list[int], allowed: list[tuple[int, ...]]
             ) -> Callable[[int, tuple[int, ...]], int]:
    """Number of ways to give cards ``i..`` to the seats within capacities ``caps``."""
    @cache
    def ways(i: int, caps: tuple[int, ...]) -> int:
        if i == len(cards):
            return 1 if not any(caps) else 0
        total = 0
        for j in allowed[i]:
            if caps[j]:
                total += ways(i + 1, (*caps[:j], caps[j] - 1, *caps[j + 1:]))
        return total

    return ways


def sample_layouts(view: SeatView, n: int, rng: random.Random,
                   rs: Ruleset | None = None) -> list[Layout]:
    """``n`` layouts (current hands of all four seats) drawn independently and uniformly
    among those consistent with what ``view`` shows; the viewer's own hand is always his."""
    k = knowledge(view, rs)
    others = [s for s in range(4) if s != k.seat]
    cards, allowed, caps0 = _problem(k)
    ways = _counter(cards, allowed)
    if ways(0, caps0) == 0:
        raise InconsistentView(f"no layout fits the view of seat {k.seat}")
    out: list[Layout] = []
    for _ in range(n):
        hands = [k.held[s] & k.unseen if s != k.seat else k.hand for s in range(4)]
        caps = caps0
        for i, c in enumerate(cards):
            options = []
            for j in allowed[i]:
                if caps[j]:
                    nxt = (*caps[:j], caps[j] - 1, *caps[j + 1:])
                    options.append((j, nxt, ways(i + 1, nxt)))
            pick = rng.randrange(sum(w for _, _, w in options))
            for j, nxt, w in options:
                if pick < w:
                    hands[others[j]] |= 1 << c
                    caps = nxt
                    break
                pick -= w
        out.append(_four(hands))
    return out
