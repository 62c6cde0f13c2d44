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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

from stolik.bots.dealing import completions, deal
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
    if allowed and all(a == allowed[0] for a in allowed):
        # Every card may lie at the same places (no seat void of some of them, as in the
        # auction): the count is a multinomial.
        places = allowed[0]
        if sum(caps) != len(cards) or any(caps[j] for j in range(len(caps))
                                          if j not in places):
            return 0
        left, ways = len(cards), 1
        for j in places:
            ways *= comb(left, caps[j])
            left -= caps[j]
        return ways
    return completions(cards, allowed)(0, caps)


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


def sample_layouts(view: SeatView, n: int, rng: random.Random,
                   rs: Ruleset | None = None) -> list[Layout]:
    """``n`` layouts (current hands of all four seats) drawn independently and uniformly
    among those consistent with what ``view`` shows; the viewer's own hand is always his."""
    return _draw(knowledge(view, rs), n, rng)


def _draw(k: Knowledge, n: int, rng: random.Random) -> list[Layout]:
    others = [s for s in range(4) if s != k.seat]
    cards, allowed, caps0 = _problem(k)
    ways = completions(cards, allowed)
    if ways(0, caps0) == 0:
        raise InconsistentView(f"no layout fits the view of seat {k.seat}")
    out: list[Layout] = []
    for _ in range(n):
        hands = [k.held[s] & k.unseen if s != k.seat else k.hand for s in range(4)]
        for j, got in enumerate(deal(cards, allowed, caps0, rng, ways)):
            hands[others[j]] |= got
        out.append(_four(hands))
    return out


def shuffled_layouts(view: SeatView, n: int, rng: random.Random,
                     rs: Ruleset | None = None) -> list[Layout]:
    """Like :func:`sample_layouts` (the same distribution, uniform over the layouts that fit
    the view), quicker where no unseen card is barred from any seat — in the auction, before
    a card is played (RULES §4): the free cards are shuffled and cut to the seats' room. Its
    draws differ from :func:`sample_layouts`'s for the same ``rng``.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.state import Deal
    >>> d = Deal.from_text(load_ruleset("pucka-2019"), 0,
    ...                    ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    >>> lays = shuffled_layouts(d.view(1), 3, random.Random(2))
    >>> all(x[1] == d.hands[1] and sum(h.bit_count() for h in x) == 16 for x in lays)
    True
    """
    k = knowledge(view, rs)
    others = [s for s in range(4) if s != k.seat]
    cards, allowed, caps = _problem(k)
    if any(len(a) != len(others) for a in allowed):
        return _draw(k, n, rng)
    base = [k.held[s] & k.unseen if s != k.seat else k.hand for s in range(4)]
    out: list[Layout] = []
    for _ in range(n):
        order = list(cards)
        rng.shuffle(order)
        hands = list(base)
        at = 0
        for j, room in enumerate(caps):
            for c in order[at:at + room]:
                hands[others[j]] |= 1 << c
            at += room
        out.append(_four(hands))
    return out


def sample_layouts_where(view: SeatView, n: int, rng: random.Random, seat: int,
                         accept: Callable[[int], bool], rs: Ruleset | None = None
                         ) -> list[Layout]:
    """Like :func:`sample_layouts`, among the layouts where ``accept`` holds for the
    current hand of ``seat`` (another seat than the viewer's) — for a public fact about that
    hand, such as a laid-down announcement (RULES §7). Uniform: each hand of ``seat`` is
    weighted by the number of ways to complete the others.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.state import Deal
    >>> d = Deal.from_text(load_ruleset("pucka-2019"), 0,
    ...                    ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    >>> has_ah = lambda hand: bool(hand & DECK.parse_mask("AH"))
    >>> all(has_ah(x[2]) for x in sample_layouts_where(d.view(1), 5, random.Random(1), 2,
    ...                                                 has_ah))
    True
    """
    return LayoutSampler(view, rs, seat, accept).draw(n, rng)


class LayoutSampler:
    """Draws layouts consistent with ``view`` (see :func:`sample_layouts_where`); the
    weights are computed once, so one sampler serves many draws of one view."""

    def __init__(self, view: SeatView, rs: Ruleset | None, seat: int,
                 accept: Callable[[int], bool]) -> None:
        k = knowledge(view, rs)
        if seat == k.seat:
            raise ValueError("the viewer's own hand is known")
        must = k.held[seat] & k.unseen
        pool = k.unseen & ~k.void[seat] & ~must
        size = k.sizes[seat] - must.bit_count()
        self.seat = seat
        self.options: list[tuple[int, Knowledge, int]] = []
        for combo in combinations(DECK.cards_of(pool), max(size, 0)):
            hand = must | DECK.mask_of(combo)
            if not accept(hand):
                continue
            held = list(k.held)
            held[seat] = 0
            sizes = list(k.sizes)
            sizes[seat] = 0
            void = list(k.void)
            void[seat] = DECK.full_mask
            rest = Knowledge(k.seat, k.hand, k.unseen & ~hand, _four(held), _four(void),
                             _four(sizes))
            weight = count_layouts(rest)
            if weight:
                self.options.append((hand, rest, weight))
        self.total = sum(w for _, _, w in self.options)
        if not self.total:
            raise InconsistentView(f"no layout fits the view of seat {k.seat}")

    def draw(self, n: int, rng: random.Random) -> list[Layout]:
        """``n`` layouts, independently and uniformly."""
        out: list[Layout] = []
        for _ in range(n):
            pick = rng.randrange(self.total)
            for hand, rest, w in self.options:
                if pick < w:
                    layout = list(_draw(rest, 1, rng)[0])
                    layout[self.seat] = hand
                    out.append(_four(layout))
                    break
                pick -= w
        return out


def public_draws(view: SeatView, rs: Ruleset, quick: bool = False
                 ) -> Callable[[int, random.Random], list[Layout]]:
    """Uniform draws of layouts for the view among those where the lone player of the last
    laid-down announcement by another seat held a laid-down hand when dealt (RULES §7: the
    announcement is public, in the auction and in the play), else over the plain facts
    (``quick``: by :func:`shuffled_layouts`, for the auction).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.state import Deal
    >>> rs = load_ruleset("pucka-2019")
    >>> from stolik.games.baska.laid_down import is_laid_down
    >>> d = Deal.from_text(rs, 0, ["AC TC TS QH", "QC AS QS TH", "JC JS JH JD", "AH AD TD QD"])
    >>> d.call("gran"); d.announcements[0].seat     # it cannot be lost: announced
    2
    >>> for c in ("pass", "pass", "pass", "TH", "JC"):
    ...     d.call(c) if d.phase == "auction" else d.play(c)
    >>> def laid(x):  # seat 2's dealt hand on a layout: what it holds and played
    ...     return is_laid_down(rs, rs.contract("gran"), x[2] | DECK.parse_mask("JC"), 1)
    >>> lays = public_draws(d.view(3), rs)(30, random.Random(1))
    >>> all(laid(x) for x in lays), len({x[2] for x in lays}) > 1
    (True, True)
    >>> all(laid(x) for x in sample_layouts(d.view(3), 30, random.Random(1), rs))
    False
    """
    shown = [a for a in view.announcements if a.seat != view.seat]
    if not shown:
        plain = shuffled_layouts if quick else sample_layouts
        return lambda k, rng: plain(view, k, rng, rs)
    from stolik.games.baska.laid_down import is_laid_down

    last = shown[-1]
    game = rs.cicha if last.game == rs.cicha.id else rs.contract(last.game)
    place = (last.seat - view.dealer - 1) % 4
    played = DECK.mask_of(c for s, c in view.plays if s == last.seat)

    def accept(hand: int) -> bool:
        return is_laid_down(rs, game, hand | played, place)

    return LayoutSampler(view, rs, last.seat, accept).draw


def all_layouts(view: SeatView, rs: Ruleset | None = None) -> Iterator[Layout]:
    """Every layout (current hands of all four seats) consistent with what ``view`` shows
    by :func:`knowledge`, in a fixed order — what a seat cannot rule out from its hand, the
    calls' required cards and the cards played. (The whole history may rule out more: a
    caller must replay it to the same view.)

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.state import Deal
    >>> d = Deal.from_text(load_ruleset("pucka-2019"), 0,
    ...                    ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    >>> for c in ["pass"] * 4:
    ...     d.call(c)
    >>> sum(1 for _ in all_layouts(d.view(1))) == count_layouts(knowledge(d.view(1)))
    True
    """
    k = knowledge(view, rs)
    others = [s for s in range(4) if s != k.seat]
    cards, allowed, caps0 = _problem(k)
    ways = completions(cards, allowed)
    base = [k.held[s] & k.unseen if s != k.seat else k.hand for s in range(4)]

    def go(i: int, caps: tuple[int, ...], hands: list[int]) -> Iterator[Layout]:
        if i == len(cards):
            yield _four(hands)
            return
        for j in allowed[i]:
            if caps[j]:
                nxt = (*caps[:j], caps[j] - 1, *caps[j + 1:])
                if ways(i + 1, nxt):
                    s = others[j]
                    hands[s] |= 1 << cards[i]
                    yield from go(i + 1, nxt, hands)
                    hands[s] &= ~(1 << cards[i])

    if ways(0, caps0):
        yield from go(0, caps0, base)
