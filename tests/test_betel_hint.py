"""The hint at a Betel table (issue 27: a hint is the strongest bot's): the expert bot's
move on the seat's own view, the terminal's and the web table's alike; the same position at
the same table gives the same hint, and two layouts the seat cannot tell apart give it the
same hint (hidden information, BETEL §3)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

from stolik.games.betel.hint import hint_move, hint_seed
from stolik.games.betel.web import BetelMatch
from test_marias_hint import check_hints
from test_web_play_betel import _hidden_places, _swapped, chooser, match


def test_twin_layouts_give_a_seat_the_same_hint() -> None:
    """At each turn, another layout the seat cannot tell apart — two cards it has not seen
    swapped between the other hands and the dubel, the same moves made — gives it the same
    hint, in the auction, the dubel and the play; asked again, the same hint."""
    rng = random.Random(3)
    compared: Counter[str] = Counter()
    dubel = 0
    for seed in (1, 4):
        m = match(seed)

        def twins(seat: int, m: BetelMatch = m, seed: int = seed) -> list[BetelMatch]:
            nonlocal dubel
            d = m.deal
            places = _hidden_places(d, seat)
            pairs = [rng.sample(places, 2)]
            dub = [p for p in places if p[0] == 3]
            if dub:  # a dubel card the seat has not seen, swapped with another unseen
                a = rng.choice(dub)
                pairs.append([a, rng.choice([p for p in places if p != a])])
            out = []
            for a, b in pairs:
                other = _swapped(d, a, b)
                if other is not None and other.view(seat) == d.view(seat):
                    dubel += other.pos.dubel != d.pos.dubel
                    out.append(match(seed))
                    out[-1].deal = other
            return out

        compared += check_hints(m, twins, partial(chooser, rng), "pl")
    assert compared["auction"] > 10 and compared["play"] > 10 and dubel > 5, (
        compared, dubel)


def test_the_web_hint_is_the_expert_bots_move_in_polish_first() -> None:
    """The web table's hint names the expert bot's move (legal) in the page's language:
    Polish first, the search said."""
    m = match(2)
    seat = m.to_act()
    assert seat is not None
    text = m.hint(seat, "pl")
    assert text.startswith("Najsilniejszy bot (expert, który rozgrywa rozdania"), text
    assert m.hint(seat, "en").startswith("The strongest bot (expert, which plays out deals")


def test_the_hint_move_is_repeatable_and_legal() -> None:
    """:func:`hint_move`: the same view and seed, the same move, a legal one (no clock in
    it: the expert's budget is its search nodes)."""
    m = match(7)
    seat = m.to_act()
    assert seat is not None
    view = m.deal.view(seat)
    seed = hint_seed(7, 1, 0, seat)
    first = hint_move(m.rs, view, seed)
    assert first in view.legal and hint_move(m.rs, view, seed) == first
