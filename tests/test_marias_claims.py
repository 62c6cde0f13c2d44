"""Laying the cards down (MARIAS §4.7, seed §8): the check is exact — equivalent cards are
tried once without changing any verdict, and a certain claim is judged at the first trick."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.claims import claim_outcome, claim_verdict, claimer_worlds
from stolik.games.marias.deck import cards_of
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal

RS = load_ruleset("ctyrka")
EIGHT_HEARTS = ["AH TH KH OH UH 9H 8H 7H", "AL TL KL OL UL 9L 8L 7L",
                "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"]


def every_payout(d: Deal) -> set[tuple[int, int, int, int]]:
    """The money of every legal continuation, by brute force (no card merged)."""
    if d.is_over:
        return {d.result().payouts}
    out: set[tuple[int, int, int, int]] = set()
    for c in cards_of(d.legal_mask()):
        d.play(c)
        out |= every_payout(d)
        d.undo()
    return out


def test_a_certain_claim_is_judged_at_the_first_trick() -> None:
    """The real-hands check is exact: a chooser with all eight hearts after ``sto sedma``
    can no longer change the money before the first card (it was refused as too early,
    over 20,000 positions)."""
    d = Deal.from_text(RS, 3, EIGHT_HEARTS)
    for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry", "sto sedma",
              "nic", "nic", "nic", "pass", "pass", "pass", "pass"]:
        d.move(m)
    result = claim_outcome(d, 0)
    assert result is not None and result.payouts == (2160, -720, -720, -720)


def test_a_claim_is_judged_from_the_claimers_information() -> None:
    """MARIAS §4.7 (like Baśka's): the lay-down is judged over every layout the claimer
    cannot tell from the real one. Before the first card 24 unseen cards make billions of
    layouts: too early, nothing happens; after six tricks the claim stands."""
    d = Deal.from_text(RS, 3, EIGHT_HEARTS)
    for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry", "sto sedma",
              "nic", "nic", "nic", "pass", "pass", "pass", "pass"]:
        d.move(m)
    with pytest.raises(IllegalMove, match=r"too early to lay the cards down .* layouts"):
        d.claim(0)
    assert d.phase == "play" and not d.history
    while len(d.history) < 6:
        d.move(d.legal_moves()[0])
    worlds = claimer_worlds(d, 0)
    # seats 1–3 showed no hearts; their 6 cards (2 leaves, 2 bells, 2 acorns) in any order
    assert len(worlds) == 90 and all(w.view(0) == d.view(0) for w in worlds)
    d.claim(0)
    assert d.pos.end == "claim" and d.result().payouts == (2160, -720, -720, -720)


def test_a_claim_certain_on_the_real_hands_only_is_a_renonc() -> None:
    """MARIAS §4.7, seed §8: where the real cards can no longer change the result but a
    layout the claimer cannot tell from them would, he cannot know it — his lay-down is a
    renonc (MARIAS §8) — and never the other way round. Random trump games after six
    tricks; such claims do occur."""
    kinds = set()
    for seed in range(60):
        rng = random.Random(seed)
        d = Deal.random(RS, seed % 4, rng)
        while d.phase != "play" and not d.is_over:
            moves = d.legal_moves()
            d.move(Call("dobry") if Call("dobry") in moves else rng.choice(moves))
        while not d.is_over and len(d.history) < 6:
            d.move(rng.choice(d.legal_moves()))
        if d.is_over:
            continue
        seat = rng.randrange(4)
        real = claim_outcome(d, seat)
        verdict = claim_verdict(d, seat)
        assert verdict is None or (real is not None and verdict.payouts == real.payouts)
        kinds.add((real is not None, verdict is not None))
        d.claim(seat)
        if verdict is None:
            assert d.pos.end == "renonc" and d.pos.offender == seat
        else:
            assert d.pos.end == "claim" and d.result() == verdict
    assert (True, False) in kinds and (True, True) in kinds and (False, False) in kinds


@pytest.mark.parametrize("seed", range(60))
def test_merged_cards_never_change_a_verdict(seed: int) -> None:
    """MARIAS §4.7: trying one of each set of equivalent cards gives the verdict of trying
    every card, over random deals (trump games, betl, durch) from the fifth trick."""
    rng = random.Random(seed)
    d = Deal.random(RS, seed % 4, rng)
    betl = seed % 3 == 0
    while d.phase != "play" and not d.is_over:
        moves = d.legal_moves()
        if d.phase == "approval":
            want = ("betl", "durch") if betl else ("dobry",)
            moves = [m for m in moves if getattr(m, "word", "") in want] or moves
        d.move(rng.choice(moves))
    while not d.is_over and len(d.history) < 4 + seed % 2:
        d.move(rng.choice(d.legal_moves()))
    if d.is_over:
        return
    seat = d.to_act
    assert seat is not None
    payouts = every_payout(d.clone())
    try:
        result = claim_outcome(d, seat)
    except IllegalMove:  # too open to judge: nothing to compare
        return
    if len(payouts) == 1:
        assert result is not None and result.payouts in payouts
    else:
        assert result is None


def test_the_verdict_is_the_same_in_every_deal_the_claimer_cannot_tell_apart() -> None:
    """Hidden information (MARIAS §4.7, like Baśka's): the verdict on a lay-down depends on
    the claimer's information only — in deals he cannot tell from the real one it is the
    same: the same money when certain, a renonc everywhere when not."""
    kinds = set()
    for seed in range(12):
        rng = random.Random(seed)
        d = Deal.random(RS, seed % 4, rng)
        while d.phase != "play" and not d.is_over:
            moves = d.legal_moves()
            d.move(Call("dobry") if Call("dobry") in moves else rng.choice(moves))
        while not d.is_over and len(d.history) < 6:
            d.move(rng.choice(d.legal_moves()))
        if d.is_over:
            continue
        seat = rng.randrange(4)
        verdict = claim_verdict(d, seat)
        worlds = claimer_worlds(d, seat)
        assert any(w.pos.hands == d.pos.hands for w in worlds)
        for w in worlds[:4]:
            other = claim_verdict(w, seat)
            assert (other is None) == (verdict is None)
            if verdict is not None and other is not None:
                assert other.payouts == verdict.payouts
        kinds.add((verdict is not None, len(worlds) > 1))
    assert (True, True) in kinds and (False, True) in kinds
