"""The ``heuristic`` Mariáš bot: legal in every deal, its rules, and stronger than
``random`` (MARIAS §3–§6)."""

from __future__ import annotations

import random

from stolik.games.marias.arena import run_arena
from stolik.games.marias.bots import BOTS, RandomBot, make_bot
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import parse_card, parse_cards
from stolik.games.marias.heuristic import (
    HeuristicBot,
    betl_safe,
    choose_trumps,
    claim,
    durch_safe,
    play_card,
)
from stolik.games.marias.match import play_deal
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal

RS = load_ruleset("ctyrka")


def test_registered_beside_random() -> None:
    assert "heuristic" in BOTS
    assert isinstance(make_bot("heuristic", 1, ruleset=RS), HeuristicBot)


def test_no_illegal_move_in_many_deals() -> None:
    """The engine refuses nothing the bot says, alone or at a table with random bots."""
    asked = 0
    games = set()
    for i in range(1000):
        d = Deal.random(RS, i % 4, random.Random(i))
        bots = [HeuristicBot() if (i >> s) & 1 or i % 3 else RandomBot(random.Random(s))
                for s in range(4)]
        n, refused = play_deal(d, bots)
        asked += n
        games.add(d.game)
        assert refused == 0, d.log
    assert asked > 30_000 and {"hra", "sto"} <= games


def test_beats_random_in_a_duplicate_match() -> None:
    """Heuristic − random over 120 deals × 6 seatings (the arena's duplicate match): the
    95% interval lies above zero."""
    r = run_arena(["heuristic", "random"], 120, ruleset=RS, seed=11)
    assert sum(b.illegal for b in r.bots) == 0
    assert r.pairs[0].diff.low > 0, r.pairs[0].diff


def test_choice_lays_the_lowest_of_the_longest_suit() -> None:
    d = Deal.from_text(RS, 3, ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
                               "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
    c = choose_trumps(d.view(0))
    assert (c.card, c.called) == (parse_card("7A"), parse_card("TA"))
    d.move(c)   # legal (MARIAS §4.1)


def test_betl_and_durch_claims() -> None:
    assert betl_safe(parse_cards("7H 8H 9H")) and not betl_safe(parse_cards("9H AH"))
    assert durch_safe(parse_cards("AL KL OL UL")) and not durch_safe(parse_cards("AL OL"))
    d = Deal.from_text(RS, 3, ["AH TH KH 9H AL TL KL 9L", "7H 8H 7B 8B 9B 7A 8A 9A",
                               "OH UH OL UL 8L 7L AB TB", "KB OB UB TA AA KA OA UA"])
    d.move(choose_trumps(d.view(0)))
    assert claim(d.view(1)) == Call("betl")      # 7 8, 7 8 9, 7 8 9: ducks everywhere
    d.move("betl")
    assert claim(d.view(2)) == Call("dobry")


def test_partner_gets_the_points_and_the_seven_waits() -> None:
    """Seat 1 follows his partner's winning ace with the ten (mazat); the trump 7 is kept."""
    d = Deal.from_text(RS, 3, ["AH KH OH UH 9H AL 7L 8L", "TH 7H TL KL OL UL 9L AB",
                               "8H TB KB OB UB 9B 8B 7B", "TA AA KA OA UA 9A 8A 7A"])
    for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry"]:
        d.move(m)
    d.move(next(m for m in d.legal_moves() if isinstance(m, Call) and m.word == "sto"))
    while d.phase != "play":
        moves = d.legal_moves()
        d.move(Call("pass") if Call("pass") in moves else moves[0])
    d.move("AL")                                  # seat 0 leads the ace of leaves
    v = d.view(1)
    assert v.sides[0] == 0 and v.sides[1] == 0   # the partner knows his side
    assert play_card(v) == parse_card("TL")


def test_simulate_bots_records_replay_to_the_same_money() -> None:
    """A series by named bots writes records that replay to its money (MARIAS §11)."""
    from stolik.games.marias.match import simulate_bots
    from stolik.games.marias.record import replay, series_record

    res = simulate_bots(RS, 40, seed=5, bots=("heuristic", "random", "heuristic", "random"))
    assert replay(series_record(RS, res.records)).totals == res.totals
    assert sum(res.totals) == 0 and sum(res.games.values()) == 40
    try:
        simulate_bots(RS, 1, seed=1, bots=("heuristic", "nobody", "random", "random"))
    except ValueError as e:
        assert "nobody" in str(e)
    else:
        raise AssertionError("an unknown bot must be refused")
