"""The licitovaný ``expert`` bot (issue 28.4, 27.2): registered, legal and repeatable, its
bidding by solved layouts (LICITOVANY §4, §6), its budget (issue 27.4)."""

from __future__ import annotations

import random

import pytest

from stolik.games.licitovany.bots import available_bots, make_bot
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.expert import ExpertBot, PairProblem, candidates, worth
from stolik.games.licitovany.expert_layouts import bidding_layouts
from stolik.games.licitovany.heuristic import HeuristicBot
from stolik.games.licitovany.knowledge import knowledge
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.solver import Problem, play_of
from stolik.games.licitovany.state import Deal

RS = load_ruleset()
INF = float("inf")


def _fast(seed: int, **kw: object) -> ExpertBot:
    opts: dict[object, object] = {"layouts": 3, "card_layouts": 2, "seconds": INF}
    opts.update(kw)
    return ExpertBot(seed=seed, ruleset=RS, **opts)  # type: ignore[arg-type]


def _play(seed: int, expert_seat: int) -> tuple[list[Move], tuple[int, ...]]:
    d = Deal.random(RS, seed % 3, random.Random(seed))
    bots = [HeuristicBot(seed=s, ruleset=RS) for s in range(3)]
    expert = _fast(seed)
    while not d.is_over:
        s = d.to_act or 0
        m = (expert if s == expert_seat else bots[s]).act(d.view(s))
        assert m in d.legal_moves(), (d.phase, m)
        d.move(m)  # the engine refuses an illegal move (LICITOVANY §4)
    return list(d.log), d.money()


def test_registered() -> None:
    """``expert`` is a licitovaný bot kind of the registry (issue 28.4)."""
    assert "expert" in available_bots()
    bot = make_bot("expert", seed=1, ruleset=RS)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


@pytest.mark.parametrize("seed", [3, 7])
def test_legal_and_repeatable(seed: int) -> None:
    """Over seeded random deals every move is legal (LICITOVANY §4, §3) and the same seed
    plays the same deal move for move; the money adds up to 0 (§6)."""
    log, money = _play(seed, seed % 3)
    assert sum(money) == 0
    assert _play(seed, seed % 3) == (log, money)


def test_layouts_keep_what_the_seat_saw() -> None:
    """Bidding layouts hold the seat's own cards and replay every public call (LICITOVANY
    §4.2); in the fleky a defender's layouts keep the talon rule (§4.3: no ace or ten
    laid away in a trump game) and the sedma's seven with the aktér (§4.4)."""
    for seed in range(6):
        d = Deal.random(RS, 0, random.Random(seed))
        bot = HeuristicBot(ruleset=RS)
        while d.phase != "fleky" and not d.is_over:
            d.move(bot.act(d.view(d.to_act or 0)))
        if d.is_over or d.pos.contract is None or d.pos.contract.rung.closed:
            continue
        seat = d.to_act or 0
        lays = bidding_layouts(d.view(seat), RS, 4, random.Random(seed))
        assert lays
        for lay, _ in lays:
            assert lay.pos.hands[seat] == d.pos.hands[seat]
            assert [m.text() for m in lay.log if m.kind != "discard"] == \
                [m.text() for m in d.log if m.kind != "discard"]
            discard = lay.pos.discard
            assert not discard & sum(1 << (8 * s + r) for s in range(4) for r in (0, 1)), \
                "a trump game's talon holds no ace and no ten (LICITOVANY §4.3)"
            if "sedma" in lay.pos.contract.rung.components:  # type: ignore[union-attr]
                t = lay.pos.contract.trump  # type: ignore[union-attr]
                assert lay.pos.hands[lay.pos.akter] >> (8 * (t or 0) + 7) & 1


def test_a_sure_contract_is_bid() -> None:
    """The zadák holding every heart and two aces bids (LICITOVANY §4.2): the bid is worth
    more than passing over solved layouts."""
    d = Deal.from_text(RS, dealer=2, hands=[
        "TL KL 9L 8L 7L TB KB OB 8A 7A", "OL UL 9B 8B 7B TA KA OA UA 9A",
        "AH TH KH OH UH 9H 8H 7H AL AB"], talon="UB AA")
    bot = ExpertBot(layouts=6, seed=2, ruleset=RS, seconds=INF)
    m = bot.act(d.view(2))
    assert m.kind == "bid"
    assert bot.last_values[m] > bot.last_values[Move("dobra")]


def test_budget_zero_is_the_heuristics_call() -> None:
    """With no budget (0 nodes) every call of the bidding is the heuristic's (issue 27.4:
    the best so far, and none valued)."""
    seen = set()
    for seed in range(5):
        d = Deal.random(RS, seed % 3, random.Random(seed))
        heur = HeuristicBot(seed=0, ruleset=RS)
        expert = _fast(0, nodes=0)
        while d.phase != "play" and not d.is_over:
            v = d.view(d.to_act or 0)
            m = expert.act(v)
            assert m == heur.decide(v, knowledge(v, RS))
            assert expert.last_solved == 0
            seen.add(v.phase)
            d.move(m)
    assert {"licitace", "discard", "contract", "fleky"} <= seen


def test_budget_counted_nodes() -> None:
    """A decision stops valuing layouts once its node budget is spent (issue 27.4): with
    a small budget fewer layouts are solved than with a large one, fewer nodes are spent,
    and the move is still legal (the best on the layouts finished)."""
    d = Deal.random(RS, 2, random.Random(5))
    big = ExpertBot(layouts=8, seed=1, ruleset=RS, seconds=INF, nodes=10**12)
    big.act(d.view(2))
    assert big.last_solved == 8
    small = ExpertBot(layouts=8, seed=1, ruleset=RS, seconds=INF, nodes=big.last_nodes // 4)
    m = small.act(d.view(2))
    assert m in d.legal_moves()
    assert 0 < small.last_solved < 8
    assert small.last_nodes < big.last_nodes


def test_pair_money_is_half_the_akters_at_equal_fleky() -> None:
    """Each defender settles with the aktér alone (LICITOVANY §6): at three, without
    fleky, each pair's money is half the aktér's whatever the layout."""
    for seed in range(4):
        d = Deal.random(RS, 0, random.Random(seed))
        bot = HeuristicBot(ruleset=RS)
        while d.phase != "play" and not d.is_over:
            s = d.to_act or 0
            v = d.view(s)
            m = bot.act(v)
            d.move(Move("dobra") if d.phase == "fleky" else m)
        if d.is_over:
            continue
        base = Problem.of(d)
        total = base.value(play_of(d))
        for defender in d.defenders:
            assert 2 * PairProblem(base, defender).value(play_of(d)) == total


def test_candidates_and_worth() -> None:
    """The licitace weighs the hint, passing and the bids the hand could make: no dvě sedmy
    without two sevens (LICITOVANY §4.4: a contract not matching the cards is lost)."""
    d = Deal.from_text(RS, dealer=2, hands=[
        "TL KL 9L 8L 7L TB KB OB 8A 7A", "OL UL 9B 8B 7B TA KA OA UA 9A",
        "AH TH KH OH UH 9H 8H 7H AL AB"], talon="UB AA")
    v = d.view(2)
    k = knowledge(v, RS)
    hint = HeuristicBot(ruleset=RS).decide(v, k)
    cands = candidates(v, k, hint, RS)
    assert cands[0] == hint and Move("dobra") in cands
    assert {m.rung for m in cands if m.kind == "bid"} == {1, 2, 3, 5, 6, 7, 8}  # 1: the hint
    assert not worth(v.hand, Move.bid(9))
