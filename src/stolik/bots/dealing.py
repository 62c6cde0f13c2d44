"""Dealing unseen cards to places uniformly under per-card restrictions, generic over games.

A bot that samples layouts knows, for each card it has not seen, the places where that card
may lie (the other seats' hands, a dubel or talon) and how many cards each place still
holds. :func:`completions` counts the ways to deal the cards from any card on with the
places' remaining room; :func:`deal` draws one way, every way equally likely (each card's
place is drawn with weight the number of completions after it).

>>> import random
>>> cards = [0, 1, 2]
>>> allowed = [(0, 1), (1,), (0, 1)]       # card 1 may lie only at place 1
>>> ways = completions(cards, allowed)
>>> ways(0, (2, 1))                        # place 0 gets cards 0 and 2
1
>>> ways(0, (1, 2))                        # card 0 or card 2 at place 0
2
>>> deal(cards, allowed, (1, 2), random.Random(1), ways)[1] >> 1 & 1   # card 1 at place 1
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

__all__ = ["Counter", "completions", "deal"]

Counter = Callable[[int, tuple[int, ...]], int]
"""``ways(i, room)``: the ways to deal cards ``i…`` to places with ``room`` left each."""


def completions(cards: Sequence[int], allowed: Sequence[tuple[int, ...]]) -> Counter:
    """The counter of ways to give ``cards[i:]`` to places, card ``k`` to one of
    ``allowed[k]`` (place numbers), filling every place's room exactly (memoised)."""

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


def deal(cards: Sequence[int], allowed: Sequence[tuple[int, ...]], caps: tuple[int, ...],
         rng: random.Random, ways: Counter | None = None) -> list[int]:
    """One dealing of ``cards`` drawn uniformly among all that :func:`completions` counts:
    the cards given to each place, as a mask per place. ValueError where there is none."""
    ways = ways or completions(cards, allowed)
    if not ways(0, caps):
        raise ValueError("no way to deal these cards to these places")
    out = [0] * len(caps)
    for i, c in enumerate(cards):
        options = []
        for j in allowed[i]:
            if caps[j]:
                nxt = (*caps[:j], caps[j] - 1, *caps[j + 1:])
                options.append((j, nxt, ways(i + 1, nxt)))
        pick = rng.randrange(sum(w for _, _, w in options))
        for j, nxt, w in options:
            if pick < w:
                out[j] |= 1 << c
                caps = nxt
                break
            pick -= w
    return out
