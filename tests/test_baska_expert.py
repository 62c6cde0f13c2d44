"""The ``expert`` Baśka bot (issue 27.2): its calls chosen by the expected payout over
inferred layouts, the others answering as ``pimc`` would and the play solved (RULES §4–§7);
legal, repeatable for a seed, within its node budget (issue 27.4)."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.baska.bots import bot_names, make_bot
from stolik.games.baska.bots.expert import ANSWER_NODES, ANSWERS, MARGIN, ExpertBot
from stolik.games.baska.bots.expert_auction import (
    AuctionPimc,
    Rollout,
    auction_layouts,
    call_value,
)
from stolik.games.baska.bots.heuristic import HeuristicBot
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.laid_down import is_laid_down
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.solver import best_payout
from stolik.games.baska.state import Deal
from stolik.solver.budget import Budget

INF = float("inf")

# Dealer 0: seat 2 speaks first (RULES §4) and holds every jack — in the gran order the only
# trumps (RULES §2), so a gran-du takes all four tricks on every layout (10 × 3, RULES §7).
JACKS = ["QC AH TC TS", "QS TH AC TD", "JC JS JH JD", "QH QD AD AS"]


def _bot(seed: int = 1, layouts: int = 12, nodes: int = 400_000) -> ExpertBot:
    """An expert whose calls depend on its seed and node count only (no CPU cap)."""
    return ExpertBot(seed=seed, layouts=layouts, card_layouts=6, nodes=nodes, seconds=INF)


def _deal(hands: list[str], calls: list[str], ruleset: str = "pucka-2019") -> Deal:
    d = Deal.from_text(load_ruleset(ruleset), 0, hands)
    for c in calls:
        d.call(c)
    return d


def test_registered() -> None:
    assert "expert" in bot_names()
    bot = make_bot("expert", seed=3)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


@pytest.mark.parametrize("ruleset", ["pucka-2019", "linia"])
def test_bids_a_sure_contract(ruleset: str) -> None:
    """RULES §2, §4, §7: four jacks make a gran-du that no defence beats — worth 10 from
    each seat; the expert bids it and values it above passing. A plain gran, worth half as
    much (15 below it as ``pimc`` values it), is not even rolled out (more than
    :data:`MARGIN` below)."""
    d = _deal(JACKS, [], ruleset)
    bot = _bot()
    chosen = bot.act(d.view(2))
    assert chosen == Call("contract", "gran-du")
    vals = bot.last_values
    assert vals[chosen] == max(vals.values()) and vals[chosen] > vals[PASS]
    gran = Call("contract", "gran")
    assert gran not in vals and bot.anchor.last is not None
    assert bot.anchor.last.payout_of(gran) < bot.anchor.last.payout_of(chosen) - MARGIN


def test_a_call_is_valued_with_the_others_answers() -> None:
    """Issue 27.2, RULES §4: not "everyone else passes". Seat 2's gran-du is sure, but seat 0
    (A♥ 10♥ Q♣ A♦, strong in the normal order) overcalls with zoło and zoło-du in the
    heuristic's rollout and loses it (RULES §5: all four tricks): the gran-du is worth +10 to
    seat 2 (seat 0's loss), not the +30 it would bring if the auction closed after it."""
    hands = ["QC AH TH AD", "QS QH TD AC", "JC JS JH JD", "QD TC AS TS"]
    d = _deal(hands, [])
    closed = _deal(hands, ["gran-du", "pass", "pass", "pass"])
    assert best_payout(closed)[2] == 30
    rollout = Rollout(HeuristicBot())
    value = call_value(d, 2, Call("contract", "gran-du"), rollout, Budget(10**6, INF), {})
    assert value == 10
    assert Call("contract", "zolo-du") in rollout.kept.values()


def test_answers_by_pimc_then_everyone_passes() -> None:
    """Issue 27.2, RULES §4: the expert's rollout has the next :data:`ANSWERS` calls made as
    ``pimc`` would make them (each on its own seat's view), the auction then closing. On
    the deal above seat 0's answer is worked out once however often it is asked, and
    charged once (the node budget of issue 27.4)."""
    hands = ["QC AH TH AD", "QS QH TD AC", "JC JS JH JD", "QD TC AS TS"]
    d = _deal(hands, [])
    rollout = Rollout(AuctionPimc(seed=3, samples=8), cost=ANSWER_NODES)
    budget = Budget(10**6, INF)
    first = call_value(d, 2, Call("contract", "gran-du"), rollout, budget, {}, ANSWERS)
    assert first is not None and rollout.asked == ANSWERS
    again = call_value(d, 2, Call("contract", "gran-du"), rollout, budget, {}, ANSWERS)
    assert again == first and rollout.asked == ANSWERS
    assert budget.used >= ANSWERS * ANSWER_NODES
    # With no answer at all it is pimc's own valuation: the auction closes after the call.
    closed = call_value(d, 2, Call("contract", "gran-du"), rollout, budget, {}, 0)
    assert closed == best_payout(_deal(hands, ["gran-du", "pass", "pass", "pass"]))[2] == 30


def test_a_hopeless_kontra_is_not_said() -> None:
    """RULES §4, §7: seat 2's gran-du is announced laid down (it cannot be lost); a kontra
    only doubles seat 3's loss, so the expert passes and values the kontra lower. Its layouts
    all give seat 2 a laid-down hand (the announcement is public) — ``pimc``'s, drawn over
    the plain facts, do not, and ``pimc`` says kontra here."""
    d = _deal(JACKS, ["gran-du"])
    view = d.view(3)
    assert view.laid_down and Call("double", level=1) in view.legal_calls
    rs = d.rs
    lays = auction_layouts(view, rs, 10, random.Random(2))
    gran_du = rs.contract("gran-du")
    assert lays and all(is_laid_down(rs, gran_du, x.hands[2], 1) for x in lays)
    bot = _bot()
    assert bot.act(view) == PASS
    ev = bot.anchor.last  # the anchor's layouts honour the announcement too: −20 to −10
    assert ev is not None and ev.payout_of(Call("double", level=1)) < ev.payout_of(PASS)


def test_kontra_against_a_doomed_gran() -> None:
    """RULES §4, §5, §7: seat 2 bid gran on two black aces and the queens of its suits —
    seat 3 holds every jack (the gran's only trumps, RULES §2) and the tens. A kontra, which
    doubles the gran's loss, is worth more than a pass; more still is seat 3's own gran-du,
    which nobody can beat (+10 from each seat): the expert bids it."""
    d = _deal(["QC AH TH AD", "QS QH TD QD", "AC AS TC TS", "JC JS JH JD"], ["gran"])
    view = d.view(3)
    kontra = Call("double", level=1)
    assert kontra in view.legal_calls
    bot = _bot()
    assert bot.act(view) == Call("contract", "gran-du")
    assert bot.last_values[Call("contract", "gran-du")] == 30 > bot.last_values[PASS]
    ev = bot.anchor.last
    assert ev is not None and ev.payout_of(kontra) > ev.payout_of(PASS)


def _auction(seed: int, ruleset: str, bots: list[ExpertBot]) -> list[tuple[int, Call]]:
    """The auction of a random deal by ``bots``; every call checked legal (RULES §4)."""
    d = Deal.random(load_ruleset(ruleset), seed % 4, random.Random(seed))
    made = []
    while d.phase == "auction":
        seat = d.to_act or 0
        view = d.view(seat)
        m = bots[seat].act(view)
        assert isinstance(m, Call) and m in view.legal_calls
        d.call(m)
        made.append((seat, m))
    return made


@pytest.mark.parametrize("seed", range(6))
def test_every_call_legal_and_repeatable(seed: int) -> None:
    """Property over random auctions in each ruleset: every call legal (RULES §4), the same
    calls for the same seeds."""
    ruleset = ("pucka-2019", "mester-sport", "linia")[seed % 3]
    first = _auction(seed, ruleset, [_bot(seed + s, layouts=6) for s in range(4)])
    again = _auction(seed, ruleset, [_bot(seed + s, layouts=6) for s in range(4)])
    assert first == again and len(first) >= 4


def test_budget_counts_nodes() -> None:
    """Issue 27.4: a call decision spends no more than its nodes, bar the last valuation
    (one rollout's answers and one solve); with none to spend it says ``pimc``'s call."""
    view = _deal(JACKS, []).view(2)
    full = _bot()
    full.act(view)
    assert full.last_solved == 12
    small = _bot(nodes=full.last_nodes // 3)
    small.act(view)
    assert 0 < small.last_solved < 12
    assert small.last_nodes <= full.last_nodes // 3 + ANSWERS * ANSWER_NODES + 5_000
    none = _bot(nodes=0)
    assert none.act(view) == none.last_hint == Call("contract", "gran-du")
    assert none.last_solved == 0 and none.last_nodes == 0


def test_plays_whole_deals() -> None:
    """RULES §3, §4: the card play (pimc with inference) is legal to the end of the deal and
    every deal is settled (sum zero, RULES §7)."""
    rs = load_ruleset("mester-sport")
    for seed in range(2):
        d = Deal.random(rs, seed, random.Random(seed + 40))
        bots = [_bot(s, layouts=4) for s in range(4)]
        while not d.is_over:
            view = d.view(d.to_act or 0)
            m = bots[view.seat].act(view)
            if isinstance(m, Call):
                d.call(m)
            else:
                assert m in view.legal_cards
                d.play(m)
            assert bots[view.seat].explain(view)
        assert sum(d.result().payout) == 0


@pytest.mark.parametrize("seed", range(4))
def test_deals_the_seat_cannot_tell_apart_give_the_same_call(seed: int) -> None:
    """Hidden information (RULES §4): two deals that differ only in the hands of two other
    seats, with the same calls heard, give the seat the same view — and the expert, for
    one seed, the same call and the same values (its layouts, answers and anchor read the
    view alone)."""
    rs = load_ruleset(("pucka-2019", "mester-sport", "linia")[seed % 3])
    rng = random.Random(seed)
    base = Deal.random(rs, seed % 4, rng)
    heard = rng.randrange(0, 4)
    calls = []
    d = base.clone()
    for _ in range(heard):
        view = d.view(d.to_act or 0)
        call = HeuristicBot().act(view)
        assert isinstance(call, Call)
        d.call(call)
        calls.append(call)
    me = d.to_act or 0
    a, b = [s for s in range(4) if s != me][:2]
    hands = list(base.initial_hands)
    hands[a], hands[b] = hands[b], hands[a]
    twin = Deal(rs, base.dealer, (hands[0], hands[1], hands[2], hands[3]))
    try:
        for call in calls:
            twin.call(call)
    except IllegalMove:
        pytest.skip("the calls heard are not legal on the twin deal")
    view, other = d.view(me), twin.view(me)
    assert view == other
    first, second = _bot(seed, layouts=8), _bot(seed, layouts=8)
    assert first.act(view) == second.act(other)
    assert first.last_values == second.last_values
