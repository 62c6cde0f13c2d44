"""The ``expert`` Mariáš bot (issue 27.2): its calls chosen by expected money over sampled
layouts (MARIAS §4.1–§4.5), repeatable for a seed, legal, within its node budget."""

from __future__ import annotations

import random

import pytest

from stolik.games.marias.bots import available_bots, make_bot
from stolik.games.marias.calls import Call
from stolik.games.marias.expert import ExpertBot
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.solver import solve
from stolik.games.marias.state import Deal

INF = float("inf")


def _bot(seed: int = 1, layouts: int = 8, nodes: int | None = 2_000_000) -> ExpertBot:
    """An expert whose decisions depend on its seed and node count only (no CPU cap)."""
    return ExpertBot(layouts=layouts, card_layouts=4, seed=seed, nodes=nodes, seconds=INF)


def _deal(hands: list[str], moves: list[str]) -> Deal:
    d = Deal.from_text(load_ruleset(), 3, hands)
    for m in moves:
        d.move(m)
    return d


# Seat 1, a defender, holds every ace and ten: the choosing side (seat 0 and seat 2, who
# holds the called UH; they hold the trump king and svršek, so no defender is a trhák)
# cannot win the hra (MARIAS §5).
SURE = ["7H 8H 9H 7L 8L 9L 7B OH", "AH TH AL TL AB TB AA TA",
        "UH KH 9B UL OL KL UB OB", "8B 9A 8A 7A KA OA UA KB"]
# Seat 1 holds nothing: the chooser has the top trumps, aces and tens.
HOPELESS = ["AH TH 7H AL AB AA TA OH", "8L 9L 7B 8B 9A 8A 7A 8H",
            "KH 9H UH TL TB KB OB UB", "KL OL UL 7L 9B KA OA UA"]
TO_FLEKY = ["dobry", "dobry", "dobry", "dobry", "hra", "nic", "nic", "nic"]


def test_registered() -> None:
    assert "expert" in available_bots()
    bot = make_bot("expert", 3)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


def test_values_a_sure_flek_above_a_pass() -> None:
    """MARIAS §4.4: a defender whose side cannot lose values a flek above a pass. Seat 1
    cannot see that his partner is no trhák (a trhák would flek anyway), so the flek's
    gain is small; the expert says it only when it beats the heuristic's pass by 5 haléř
    and a standard error (``expert``'s rule), else the heuristic's pass stays."""
    d = _deal(SURE, ["trump=7H call=UH", *TO_FLEKY])
    assert d.phase == "fleky" and d.to_act == 1
    after = d.clone()
    while after.phase == "fleky":  # everyone passes where he may (a trhák must flek, §4.4)
        legal = after.view(after.to_act or 0).legal
        after.move(Call("pass") if Call("pass") in legal else legal[0])
    # the defence wins the hra against best play
    won = after.result() if after.is_over else solve(after)
    assert won.payouts[1] > 0
    view = d.view(1)
    flek = Call("raise", component="hra", level=1)
    bot = _bot()
    chosen = bot.choose(view)
    assert bot.last_values[flek] > bot.last_values[Call("pass")]
    assert chosen in (flek, HeuristicBot().choose(view))


def test_declines_a_hopeless_flek() -> None:
    """MARIAS §4.4: a defender with nothing passes."""
    d = _deal(HOPELESS, ["trump=7H call=KH", *TO_FLEKY])
    assert d.phase == "fleky" and d.to_act == 1
    bot = _bot()
    assert bot.choose(d.view(1)) == Call("pass")
    assert bot.last_values[Call("pass")] > bot.last_values[Call("raise", component="hra",
                                                                    level=1)]


def test_claims_durch_with_an_unbeatable_hand() -> None:
    """MARIAS §4.2, §5, §6: seat 1 holds the top four of two suits (no trumps in a durch,
    A > K > O > U, and the soloist leads) — every trick is his, worth 3 × 2,00 Kč on every
    layout; defending the chooser's hearts with no trump is worth less."""
    d = _deal(["7H AH KH OH 7L 8L 9L 7B", "AL KL OL UL AB KB OB UB",
               "TH UH 9H 8B 9B TB 9A TL", "8H TA AA KA OA UA 8A 7A"], ["trump=7H call=TH"])
    assert d.phase == "approval" and d.to_act == 1
    bot = _bot()
    assert bot.choose(d.view(1)) == Call("durch")
    assert bot.last_values[Call("durch")] == 600
    assert max(bot.last_values, key=lambda c: bot.last_values[c]) == Call("durch")


def test_defends_rather_than_a_durch_worth_less() -> None:
    """MARIAS §4.2, §4.4: the top four trumps and the top four of a second suit make a sure
    durch (600), but defending the chooser's hearts with them is worth more: the expert
    says dobrý, by expected money and not by the hand's look."""
    d = _deal(["7H 8H 9H 7L 8L 9L 7B 8B", "AH KH OH UH AL KL OL UL",
               "TH 9B AB KB OB UB TB 9A", "TL AA KA OA UA TA 8A 7A"], ["trump=7H call=TH"])
    bot = _bot()
    assert bot.choose(d.view(1)) == Call("dobry")
    assert bot.last_values[Call("durch")] == 600
    assert bot.last_values[Call("dobry")] > 600


def _bidding(seed: int, bots: list[ExpertBot]) -> list[tuple[int, Call]]:
    """The bidding of a random deal by ``bots``; every call checked legal (MARIAS §4)."""
    d = Deal.random(load_ruleset(), seed % 4, random.Random(seed))
    made = []
    while not d.is_over and d.phase != "play":
        seat = d.to_act or 0
        view = d.view(seat)
        m = bots[seat].choose(view)
        assert isinstance(m, Call) and m in view.legal
        d.move(m)
        made.append((seat, m))
    return made


@pytest.mark.parametrize("seed", range(6))
def test_every_call_legal_and_repeatable(seed: int) -> None:
    """Property over random deals: every call legal, the same calls for the same seeds."""
    first = _bidding(seed, [_bot(seed + s, layouts=4) for s in range(4)])
    again = _bidding(seed, [_bot(seed + s, layouts=4) for s in range(4)])
    assert first == again and first


def test_budget_counts_nodes() -> None:
    """Issue 27.4: a decision spends no more than its nodes (bar one solve's last check);
    with none to spend it says the heuristic's call."""
    d = _deal(SURE, ["trump=7H call=UH", *TO_FLEKY])
    view = d.view(1)
    small = _bot(nodes=20_000)
    small.choose(view)
    assert 0 < small.last_nodes <= 20_000 + 1_000
    assert small.last_solved < 8
    none = _bot(nodes=0)
    assert none.choose(view) == HeuristicBot().choose(view) and none.last_solved == 0
    full = _bot()
    full.choose(view)
    assert full.last_solved == 8 and full.last_nodes <= 2_000_000
