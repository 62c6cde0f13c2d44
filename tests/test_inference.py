"""Inference from a seat's view (RULES §3: every card played was legal, so failures to
follow, beat or trump reveal voids; RULES §4: a called contract shows the cards it needs)
and uniform sampling of the unseen cards."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace as dc_replace

import pytest

from stolik.games.baska.deck import DECK
from stolik.games.baska.inference import count_layouts, knowledge, sample_layouts
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.state import Deal

RULESETS = ["pucka-2019", "mester-sport", "linia"]


def random_deal_to(rs_id: str, seed: int, cards: int) -> Deal:
    rng = random.Random(seed)
    d = Deal.random(load_ruleset(rs_id), seed % 4, rng)
    while d.phase == "auction":
        d.call(rng.choice(d.legal_calls()))
    while not d.is_over and len(d.log) - sum(op.kind == "call" for op in d.log) < cards:
        d.play(rng.choice(d.legal_cards()))
    return d


@pytest.mark.parametrize("rs_id", RULESETS)
def test_true_layout_is_always_consistent(rs_id: str) -> None:
    """RULES §3: what a view reveals never excludes the real hands — over many random
    positions, the true layout satisfies every held/void fact of every seat's view."""
    for seed in range(300):
        d = random_deal_to(rs_id, seed, seed % 15)
        if d.is_over:
            continue
        for seat in range(4):
            k = knowledge(d.view(seat))
            for s in range(4):
                assert d.hands[s] & k.void[s] == 0, (seed, seat, s)
                assert d.hands[s] & k.held[s] == k.held[s], (seed, seat, s)
                assert d.hands[s].bit_count() == k.sizes[s]
            assert count_layouts(k) >= 1


def test_counts_are_the_dealings_count() -> None:
    """``count_layouts`` counts what the general counter of dealings counts, over views
    of the auction and the play (where it is a multinomial and where voids bar cards),
    and after held cards or a false fact that leave no layout."""
    from stolik.bots.dealing import completions
    from stolik.games.baska.inference import _problem

    shapes = set()
    for seed in range(120):
        d = random_deal_to("pucka-2019", seed, seed % 13)
        for seat in range(4):
            k = knowledge(d.view(seat))
            for fact in (k, dc_replace(k, sizes=(1, 1, 1, 13))):
                cards, allowed, caps = _problem(fact)
                got = count_layouts(fact)
                assert got == completions(cards, allowed)(0, caps), (seed, seat)
                shapes.add((len(set(allowed)) <= 1, got > 0))
    assert shapes == {(True, True), (False, True), (True, False), (False, False)}


def test_failure_to_follow_and_to_beat_reveal_voids() -> None:
    """RULES §3: seat 2 throws a fele on a trump lead (no trumps at all); seat 3 follows
    with a trump that does not beat (none that beats)."""
    d = Deal.from_text(load_ruleset("pucka-2019"), 0,
                       ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    for _ in range(4):
        d.call("pass")
    d.play("QH")
    d.play("AC")
    d.play("JD")  # below Q♥, so seat 3 holds no trump above Q♥
    k = knowledge(d.view(0))
    rs = load_ruleset("pucka-2019")
    order = rs.order_of(rs.zwykla)
    qh = DECK.parse_card("QH")
    assert k.void[2] & order.trump_mask == order.trump_mask
    assert k.void[3] & order.beats[qh] == order.beats[qh]
    assert not k.void[3] & DECK.parse_mask("JS JH")  # lower trumps are still possible


def test_called_contract_shows_its_cards() -> None:
    """RULES §4: a wesele caller holds both black queens — every layout gives them to him."""
    rs = load_ruleset("pucka-2019")
    d = Deal.from_text(rs, 0, ["AH TH AD TD", "QS QC JC JH", "AC TC AS TS", "QD JS QH JD"])
    d.call("pass")
    d.call("pass")
    d.call("pass")
    d.call("wesele")  # seat 1 is forehand and speaks fourth
    for _ in range(3):
        d.call("pass")
    qq = DECK.parse_mask("QC QS")
    for layout in sample_layouts(d.view(0), 50, random.Random(1)):
        assert layout[1] & qq == qq


def test_samples_are_uniform() -> None:
    """Layouts are drawn uniformly: with no facts but hand sizes, each of the 3 other seats
    gets any given unseen card a third of the time, and the count of layouts is
    12! / (4!)^3 = 34650."""
    d = Deal.from_text(load_ruleset("linia"), 0,
                       ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    k = knowledge(d.view(0))
    assert count_layouts(k) == 34650
    where: Counter[int] = Counter()
    card = DECK.parse_card("QS")
    for layout in sample_layouts(d.view(0), 3000, random.Random(5)):
        assert layout[0] == d.hands[0]
        where[next(s for s in range(4) if layout[s] >> card & 1)] += 1
    assert set(where) == {1, 2, 3}
    for s in (1, 2, 3):
        assert 850 < where[s] < 1150
