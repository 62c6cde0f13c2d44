"""The ``pimc`` bot (Perfect Information Monte Carlo) and its evaluation.

The values it averages are checked against the solver's Baśka adapter on real
:class:`~stolik.games.baska.state.Deal` objects (``best_payout`` once a move is made, or
once the auction closes after a call): the bot's own Deal-free fast path must agree exactly
on every legal move, in every ruleset, for every kind of game the auction produces.
"""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from stolik.games.baska.bots import make_bot
from stolik.games.baska.bots import pimc as pimc_module
from stolik.games.baska.bots.base import BotError
from stolik.games.baska.bots.pimc import PimcBot, evaluate, sample
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.solver import best_payout
from stolik.games.baska.state import Deal
from stolik.solver import TrickSolver

RULESETS = ["pucka-2019", "mester-sport", "linia"]

# Endgames found by search over random deals, each checked by hand (see the comments).
ENDGAMES = {
    # pucka-2019, zoło by seat 2, seat 1 (defending) is last to a trick he wins either way
    # with Q♥ or J♠. The declarer's A♥ then takes the last trick with the card seat 1 kept:
    # keeping Q♥ gives him 35 there, 53 in all (a win); keeping J♠ only 52 (a loss).
    "zolo-52": ("pucka-2019", ["TC JC AS QD", "QC JS QH TD", "AC AH TH JH", "TS QS AD JD"],
                ["zolo", "pass", "pass", "pass"],
                "TD JH QS JC JD QD QC TH AC AD TC", "QH"),
    # linia, gran by seat 2 (jacks are the only trumps): 10♣ makes it in every layout,
    # Q♦ loses it.
    "gran": ("linia", ["AC TS TD JD", "QC AS TH QH", "TC JC JH QD", "QS JS AH AD"],
             ["gran", "pass", "pass", "pass"], "TH JH AH JD JC JS AC AS", "TC"),
    # mester-sport, plain game: A♦ wins for seat 2's side in every layout.
    "plain": ("mester-sport", ["JS TH QD JD", "TC AS AH TD", "QS QH JH AD", "AC QC JC TS"],
              ["pass", "pass", "pass", "pass"], "AH JH AC JD QC TH AS", "AD"),
}


def endgame(name: str) -> tuple[Deal, int]:
    """The deal of an :data:`ENDGAMES` entry at its decision, and the card to play."""
    rs_id, hands, calls, plays, best = ENDGAMES[name]
    deal = Deal.from_text(load_ruleset(rs_id), 0, hands)
    for c in calls:
        deal.call(c)
    for card in plays.split():
        deal.play(card)
    return deal, DECK.parse_card(best)


def play_out(deal: Deal, rng: random.Random) -> None:
    """Finish a deal with random legal moves."""
    while not deal.is_over:
        if deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        else:
            deal.play(rng.choice(deal.legal_cards()))


def close_after(deal: Deal, call: Call) -> Deal:
    """A copy of ``deal`` with ``call`` made and everybody passing until the auction ends."""
    d = deal.clone()
    d.call(call)
    while d.phase == "auction":
        d.call(PASS)
    return d


def oracle(deal: Deal, seat: int) -> tuple[int, int, int, int]:
    """The payout under best play from here (the result once over)."""
    return deal.result().payout if deal.is_over else best_payout(deal)


# ---------------------------------------------------------------- values


@pytest.mark.parametrize("rs_id", RULESETS)
def test_card_values_agree_with_the_solver_adapter(rs_id: str) -> None:
    """With the real hands as the only layout, each card's value is the seat's payout under
    best play once it is played (``solver.best_payout`` on the Deal) — random auctions give
    plain games, cicha, wesele, solos and doublings."""
    rs = load_ruleset(rs_id)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.random(rs, seed % 4, rng)
        while deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            ev = evaluate(view, [deal.hands], rs=rs)
            assert sorted(ev.moves, key=str) == sorted(view.legal_cards, key=str)
            for card in view.legal_cards:
                deal.play(card)
                assert ev.payout_of(card) == oracle(deal, seat)[seat], (seed, card)
                deal.undo()
                checked += 1
            deal.play(rng.choice(deal.legal_cards()))
    assert checked > 300


@pytest.mark.parametrize("rs_id", RULESETS)
def test_call_values_agree_with_the_solver_adapter(rs_id: str) -> None:
    """Each call is worth the seat's payout if the auction closed after it (the others
    passing) and the deal were played double-dummy: pass with both black queens is cicha,
    an honour its sure win, a doubling the doubled game."""
    rs = load_ruleset(rs_id)
    kinds: set[str] = set()
    for seed in range(60):
        rng = random.Random(1000 + seed)
        deal = Deal.random(rs, seed % 4, rng)
        while deal.phase == "auction":
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            ev = evaluate(view, [deal.hands], rs=rs)
            for call in view.legal_calls:
                closed = close_after(deal, call)
                assert closed.game is not None
                kinds.add(closed.game.contract.kind)
                assert ev.payout_of(call) == oracle(closed, seat)[seat], (seed, call)
            deal.call(rng.choice(deal.legal_calls()))
    assert {"plain", "cicha", "wesele", "solo"} <= kinds


def test_card_utilities_match_one_search_per_card() -> None:
    """``TrickSolver.card_utilities`` (the fast path) equals :meth:`utility` run after each
    card, mid-trick and at trick ends, with a table that is not monotone."""
    rs = load_ruleset("mester-sport")
    for seed in range(25):
        rng = random.Random(seed)
        deal = Deal.random(rs, 0, rng)
        for _ in range(4):
            deal.call(PASS)
        assert deal.game is not None
        team = deal.game.team
        solver = TrickSolver(deal.order, CARD_POINTS)
        table = solver.utility_table(lambda p, t: (p >= 53) * 3 + t * t - (p == 52))
        while not deal.is_over:
            leader = deal.trick[0][0] if deal.trick else deal.to_act
            assert leader is not None
            got = solver.card_utilities(
                deal.hands, leader=leader, team=team, table=table,
                trick=[c for _, c in deal.trick], points=sum(deal.points[s] for s in team),
                tricks=sum(deal.tricks[s] for s in team))
            assert set(got) == set(deal.legal_cards())
            for card in deal.legal_cards():
                deal.play(card)
                p, t = (sum(deal.points[s] for s in team), sum(deal.tricks[s] for s in team))
                if deal.is_over:
                    want = int(table[p, t])
                else:
                    lead = deal.trick[0][0] if deal.trick else deal.to_act
                    assert lead is not None
                    want = solver.utility(deal.hands, leader=lead, team=team, table=table,
                                          trick=[c for _, c in deal.trick], points=p, tricks=t)
                deal.undo()
                assert got[card] == want
            deal.play(rng.choice(deal.legal_cards()))


# ---------------------------------------------------------------- the bot


@pytest.mark.parametrize("rs_id", RULESETS)
def test_pimc_only_makes_legal_moves(rs_id: str) -> None:
    """Four pimc bots play whole deals: every call and card is one of the view's legal
    moves (the Deal would refuse any other), and every deal settles to zero."""
    rs = load_ruleset(rs_id)
    bots = [make_bot("pimc", seed=s, samples=12) for s in range(4)]
    for seed in range(3):
        deal = Deal.random(rs, seed % 4, random.Random(seed))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            move = bots[seat].act(view)
            if isinstance(move, Call):
                assert move in view.legal_calls
                deal.call(move)
            else:
                assert move in view.legal_cards
                deal.play(move)
        assert sum(deal.result().payout) == 0


@pytest.mark.parametrize("name", sorted(ENDGAMES))
def test_pimc_finds_the_winning_card(name: str) -> None:
    """In the constructed endgames the one card that wins in every layout is played."""
    deal, best = endgame(name)
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    assert len(view.legal_cards) > 1
    for s in range(3):
        assert PimcBot(seed=s, samples=30).act(view) == best
    ev = PimcBot(seed=0, samples=30).evaluate(view)
    assert ev.best == best and ev.spread[0] == 0.0   # the same payout in every layout


def test_pimc_calls_an_honour() -> None:
    """Four queens (baszka in pucka-2019) always win: the bot calls it."""
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 3, ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    view = deal.view(1)                        # forehand 0: seat 1 speaks first
    assert Call("contract", "baszka") in view.legal_calls
    assert PimcBot(seed=1, samples=20).act(view) == Call("contract", "baszka")


def test_pimc_never_sees_the_hidden_hands() -> None:
    """The bot is given a SeatView only: two deals that differ only in cards the seat cannot
    see give the same view and, for one seed, the same evaluation; and the module does not
    import the Deal."""
    rs = load_ruleset("pucka-2019")
    hands = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]
    swapped = [hands[0], hands[1], hands[3], hands[2]]
    for phase in ("auction", "play"):
        views = []
        for h in (hands, swapped):
            d = Deal.from_text(rs, 3, h)                  # forehand 0
            if phase == "play":
                for _ in range(4):
                    d.call(PASS)
            views.append(d.view(d.to_act or 0))
        assert views[0] == views[1]
        a = PimcBot(seed=7, samples=25).evaluate(views[0])
        b = PimcBot(seed=7, samples=25).evaluate(views[1])
        assert a == b
    tree = ast.parse(inspect.getsource(pimc_module))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert "Deal" not in imported


def test_pimc_is_deterministic_for_a_seed() -> None:
    """Two bots with one seed make the same moves over a whole deal."""
    rs = load_ruleset("linia")
    runs = []
    for _ in range(2):
        deal = Deal.random(rs, 1, random.Random(11))
        bots = [make_bot("pimc-fast", seed=3 + s, samples=15) for s in range(4)]
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            move = bots[seat].act(deal.view(seat))
            deal.call(move) if isinstance(move, Call) else deal.play(move)
        runs.append([(op.seat, op.call, op.card) for op in deal.log])
    assert runs[0] == runs[1]


def test_pimc_options_and_errors() -> None:
    """A time limit still takes a few layouts; a bot asked out of turn refuses; explain
    names the move."""
    deal, best = endgame("gran")
    view = deal.view(2)
    bot = PimcBot(seed=1, samples=500, time_limit=0.0)
    ev = bot.evaluate(view)
    assert pimc_module.MIN_LAYOUTS <= ev.layouts < 500 and ev.best == best
    assert DECK.name(best) in bot.explain(view)
    with pytest.raises(BotError):
        bot.act(deal.view(3))
    with pytest.raises(BotError):
        PimcBot(samples=0)
    layouts = sample(view, 5, random.Random(1))
    assert all(layout[2] == deal.hands[2] for layout in layouts)
