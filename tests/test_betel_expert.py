"""The ``expert`` Betel bot (issue 27.2): every auction step chosen by its expected standing
over sampled layouts (BETEL §3, §5), repeatable for a seed, legal, within its node budget
(issue 27.4)."""

from __future__ import annotations

import random

import pytest

from stolik.games.betel.bots import RandomBot, available_bots, make_bot
from stolik.games.betel.calls import KONTRA, LOOK_BOTH, PAS, Action, bid
from stolik.games.betel.expert import ExpertBot, Plan
from stolik.games.betel.expert_rollout import Rollout, standing
from stolik.games.betel.heuristic import bid_or_pass, play_card
from stolik.games.betel.ruleset import Ruleset, load_ruleset
from stolik.games.betel.sampling import Layout
from stolik.games.betel.solver import tricks
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView

INF = float("inf")
RS = load_ruleset()

# Seat 0 holds all eight spades, AH and KH: ten top tricks in bez atu whoever holds the rest
# (he leads, BETEL §4). Seat 1's aces make the heuristic's counts say kontra (BETEL §3).
SURE = ["AS KS QS JS TS 9S 8S 7S AH KH", "AC TC 9C 8C 7C AD TD 9D 8D 7D",
        "KC QC JC KD QD JD QH JH TH 9H"]


def _bot(seed: int = 1, layouts: int = 8, nodes: int | None = 400_000) -> ExpertBot:
    """An expert whose decisions depend on its seed and node count only (no CPU cap)."""
    return ExpertBot(layouts=layouts, card_layouts=4, seed=seed, nodes=nodes, seconds=INF)


class Seer(ExpertBot):
    """An expert whose layouts are the true one: its valuation on known cards."""

    def __init__(self, deal: Deal) -> None:
        super().__init__(layouts=4, card_layouts=4, seed=1, seconds=INF)
        self.deal = deal

    def _layouts(self, rs: Ruleset, view: SeatView) -> list[Layout]:
        p = self.deal.pos
        dubel = sum(1 << c for c in p.dubel)
        return [Layout(p.hands, dubel)] * self.layouts


def _deal(moves: list[str]) -> Deal:
    d = Deal.from_text(RS, 0, SURE, "8H 7H")
    for m in moves:
        d.move(m)
    return d


def test_registered() -> None:
    assert "expert" in available_bots()
    bot = make_bot("expert", 3, RS)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


def test_bids_a_sure_contract() -> None:
    """BETEL §2, §3, §5: with ten top tricks the expert bids Szlem bez atu (300, made on
    every layout; a kontra only doubles it), not the heuristic's lowest contract its counts
    make; it looks at the dubel first, free when a bid follows."""
    d = _deal([])
    bot = _bot()
    hint = bid_or_pass(d.view(0), RS)
    assert hint.kind == "bid" and hint.contract < 20
    assert bot.act(d.view(0)) == LOOK_BOTH
    d.act(LOOK_BOTH)
    chosen = bot.act(d.view(0))
    szlem = RS.contract_of("szlem-BA")
    assert szlem is not None and chosen == bid(szlem.index)
    assert bot.last_values[Plan(chosen)] >= 300
    assert bot.last_values[Plan(chosen)] == max(bot.last_values.values())
    d.act(chosen)
    d.move("pas")
    d.move("pas")
    assert tricks(d) == 10


def test_no_hopeless_kontra() -> None:
    """BETEL §3, §5: on the true cards Szlem bez atu is made, and a kontra only doubles
    the declarer's 300 (he keeps a doubled contract his counts make): seat 1 passes,
    although the heuristic's counts (his two aces) say kontra."""
    d = _deal(["szlem-BA"])
    end = d.clone()
    end.move("pas")
    end.move("pas")
    assert tricks(end) == 10
    view = d.view(1)
    assert bid_or_pass(view, RS) == KONTRA
    seer = Seer(d)
    assert seer.act(view) == PAS
    assert seer.last_values[Plan(KONTRA)] == -300 < seer.last_values[Plan(PAS)] == -150


def test_standing_of_an_all_pass_deal() -> None:
    """BETEL §5: +5 a trick in an all-pass deal; the others take the rest, their mean
    counts against the seat."""
    d = _deal(["pas", "pas", "pas"])
    assert d.phase == "play" and d.contract is None
    assert standing(RS, d, 0, 4) == 5 * 4 - 5 * 6 / 2


def _auction(seed: int, bots: list[ExpertBot]) -> list[tuple[int, Action]]:
    """The auction of a random deal by ``bots``; every step checked legal (BETEL §3)."""
    d = Deal.random(RS, seed % 3, random.Random(seed))
    made = []
    while d.phase == "auction":
        seat = d.to_act or 0
        view = d.view(seat)
        m = bots[seat].act(view)
        assert isinstance(m, Action) and m in view.legal
        d.act(m)
        made.append((seat, m))
    return made


@pytest.mark.parametrize("seed", range(4))
def test_every_step_legal_and_repeatable(seed: int) -> None:
    """Property over random deals: every auction step legal (BETEL §3), the same steps
    for the same seeds."""
    first = _auction(seed, [_bot(seed + s, layouts=4) for s in range(3)])
    again = _auction(seed, [_bot(seed + s, layouts=4) for s in range(3)])
    assert first == again and first


def test_budget_counts_nodes() -> None:
    """Issue 27.4: a decision spends no more than its nodes (bar one search's last
    checks); with none to spend it says the heuristic's call."""
    view = _deal(["1S"]).view(1)
    small = _bot(nodes=5_000)
    small.act(view)
    assert 0 < small.last_nodes <= 5_000 + 1_000
    assert small.last_solved < 8
    none = _bot(nodes=0)
    assert none.act(view) == bid_or_pass(view, RS) and none.last_solved == 0
    full = _bot()
    full.act(view)
    assert full.last_solved == 8 and full.last_nodes <= 400_000


@pytest.mark.parametrize("seed", range(40))
def test_rollout_calls_are_the_heuristics(seed: int) -> None:
    """The rollout's model of a seat makes the heuristic's call (BETEL §3) at every step
    but the lay after an exchange (fewer lays weighed) and a kontra'd declarer's turn (he
    keeps a contract his counts make: the rollout's Decision), over auctions where every
    other step is a random bot's."""
    d = Deal.random(RS, seed % 3, random.Random(seed))
    roll = Rollout(RS, 0)
    other = RandomBot(seed)
    checked = 0
    for k in range(40):
        if d.phase != "auction":
            break
        p = d.pos
        view = d.view(p.to_act)
        heuristic = bid_or_pass(view, RS)
        if p.step != "taken" and not (p.declarer == p.to_act and p.contract >= 0):
            assert roll.call(d) == heuristic
            checked += 1
        m = other.act(view) if k % 2 else heuristic
        assert isinstance(m, Action)
        d.act(m)
    assert checked


def test_card_play_within_its_time() -> None:
    """BETEL §4, issue 27.4: the card play solves layouts while its CPU time lasts; with
    none, the heuristic's card; with time, a legal card valued on every layout."""
    d = _deal(["1S", "pas", "pas"])
    view = d.view(0)
    none = ExpertBot(card_layouts=6, seed=1, seconds=0.0)
    assert none.act(view) == play_card(view) and none.last_solved == 0
    full = ExpertBot(card_layouts=6, seed=1, seconds=INF)
    assert full.act(view) in view.legal and full.last_solved == 6


def _public(view: SeatView) -> list[tuple[int, str]]:
    """The calls as the table sees them: no dubel card named (BETEL §3)."""
    return [(s, " ".join(t.split()[:2]) if t.startswith("look") else t.split()[0])
            for s, t in view.calls]


@pytest.mark.parametrize("seed", range(30))
def test_layout_set_up_at_the_decision(seed: int) -> None:
    """A drawn layout replayed to the seat's decision (BETEL §3): the same seat to act, step,
    calls as the table saw them and peeking costs, and the hands and dubel as drawn — over
    random auctions with looks and exchanges. (The card of its own earlier ``look 1`` may
    differ: an exchange since may have taken it from the drawn dubel.)"""
    from stolik.games.betel.expert_rollout import decision_deal
    from stolik.games.betel.sampling import sample

    d = Deal.random(RS, seed % 3, random.Random(seed))
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while d.phase == "auction":
        seat = d.to_act or 0
        view = d.view(seat)
        lay_ = sample(view, 1, rng)[0]
        x = decision_deal(RS, view, lay_)
        assert (x.to_act, x.pos.step, _public(x.view(seat)), x.pos.peek) == (
            seat, d.pos.step, _public(view), d.pos.peek)
        assert x.pos.hands == lay_.hands and x.pos.hands[seat] == d.pos.hands[seat]
        if d.pos.step != "taken":
            assert sum(1 << c for c in x.pos.dubel) == lay_.dubel
        m = bot.act(view)
        assert isinstance(m, Action)
        d.act(m)
