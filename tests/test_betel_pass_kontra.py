"""Betel pimc's auction values passing and kontra by what they lead to (issue 27; BETEL §3,
§5). On the code before, passing was worth 0 even where it ends the auction in an all-pass
deal (each seat +5 a trick, some +16.7), and kontra was said on any contract whose
declarer's mean was below −10 — these tests fail there (a bid or a look instead of the
pass; no ``kontra_gains`` / ``kontra_says``)."""

from __future__ import annotations

import random

from stolik.games.betel.bidding import (
    Evaluator,
    all_pass_mean,
    first_round_to_speak,
    kontra_gains,
    kontra_says,
)
from stolik.games.betel.calls import PAS, bid
from stolik.games.betel.ruleset import Contract, Ruleset, load_ruleset
from stolik.games.betel.scoring import contract_points
from stolik.games.betel.state import Deal


def _two_hearts(rs: Ruleset) -> Contract:
    c = rs.contract_of("2H")
    assert c is not None
    return c


def test_the_third_pass_is_worth_the_all_pass_deal_and_is_preferred() -> None:
    """Seed 5's deal, both others passed: the old bot looked at the dubel to bid (its best
    contract's mean above 0), though the all-pass deal its pass ends is worth more."""
    rs = load_ruleset()
    d = Deal.random(rs, 0, random.Random(5))
    d.act(PAS)
    d.act(PAS)
    view = d.view(2)
    ev = Evaluator(rs, 16, random.Random(7))
    assert ev.act(view) == PAS
    worth = all_pass_mean(rs, view, ev._draw(view))
    assert worth > 0 and worth > max(ev.last.values(), default=float("-inf"))


def test_kontra_gains_are_half_the_declarers_change_with_the_factor() -> None:
    rs = load_ruleset()
    c = _two_hearts(rs)  # BETEL §5: made, the kontra'd declarer gains; down, loses
    gains = kontra_gains(rs, c, [9, 6])
    assert gains[0] < 0 < gains[1]
    assert gains[1] * 2 == -(rs.kontra_factor - 1) * contract_points(rs, c, False, 6)[0]


def test_kontra_is_said_only_where_it_pays() -> None:
    rs = load_ruleset()
    c = _two_hearts(rs)
    assert kontra_says(kontra_gains(rs, c, [6, 6, 7, 6, 5, 6]))  # always down: it pays
    assert not kontra_says(kontra_gains(rs, c, [8, 9, 9, 10]))  # always made
    tricks = [6, 6, 6, 9, 9]  # the old rule said kontra: the declarer's mean below −10 …
    assert sum(contract_points(rs, c, False, t)[0] for t in tricks) / len(tricks) < -10
    assert not kontra_says(kontra_gains(rs, c, tricks))  # … its gain is mostly noise


def test_a_first_round_pass_counts_the_seats_still_to_speak() -> None:
    """BETEL §3: all three passing at their first turn is an all-pass deal; once a contract
    stands a pass no longer leads there."""
    rs = load_ruleset()
    d = Deal.random(rs, 0, random.Random(5))
    assert first_round_to_speak(d.view(0)) == [1, 2]
    d.act(PAS)
    assert first_round_to_speak(d.view(1)) == [2]
    d.act(bid(_two_hearts(rs).index))
    assert first_round_to_speak(d.view(2)) is None

