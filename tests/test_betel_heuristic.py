"""The ``heuristic`` Betel bot (issue 12): legal everywhere, sees only its view, bids what its
counts make, and plays better than chance (BETEL §2–§5)."""

from __future__ import annotations

import random

from stolik.games.betel.bots import RandomBot
from stolik.games.betel.calls import PAS, TAKE, Action
from stolik.games.betel.deck import parse_card, parse_mask
from stolik.games.betel.heuristic import HeuristicBot, forced_tricks, sure_tricks
from stolik.games.betel.ruleset import NO_TRUMPS, load_ruleset
from stolik.games.betel.state import Deal

RS = load_ruleset()


def _auction(d: Deal, bots: list[HeuristicBot]) -> None:
    while d.phase == "auction":
        seat = d.to_act or 0
        d.move(bots[seat].act(d.view(seat)))


def test_whole_deals_are_legal() -> None:
    """Every move the bot makes is one the engine accepts (it raises otherwise)."""
    for seed in range(60):
        d = Deal.random(RS, seed % 3, random.Random(seed))
        bots = [HeuristicBot() for _ in range(3)]
        while not d.is_over:
            seat = d.to_act or 0
            d.move(bots[seat].act(d.view(seat)))
        assert len(d.history) == 10


def test_counts() -> None:
    hand = parse_mask("AS KS QS JS 9S AH KH AD 7D 7C")
    assert sure_tricks(hand, 3) == 9 and sure_tricks(hand, NO_TRUMPS) == 8
    assert sure_tricks(parse_mask("7S 8S 7H 9H 7D 8D 9D 7C 8C 9C"), 3) == 0
    assert forced_tricks(parse_mask("7S 8S 7H 9H 7D 8D 9D 7C 8C 9C")) == 0
    assert forced_tricks(parse_mask("AS KS QS AH KH QH AD KD QD AC")) == 10


def test_bids_follow_the_counts() -> None:
    """A hand of high cards bids a trick contract, a hand of low cards a betelek; a hand of
    neither, dealt first, passes; a hand one trick short takes the dubel."""
    strong = "AS KS QS JS TS 9S AH KH AD KD"
    low = "7S 8S 7H 8H 7D 8D 9D 7C 8C 9C"
    rest = [c for c in RS_CARDS if c not in (strong + " " + low).split()]
    d = Deal.from_text(RS, 0, [strong, low, " ".join(rest[:10])], " ".join(rest[10:]))
    bot = HeuristicBot()
    first = bot.act(d.view(0))
    assert isinstance(first, Action) and first.kind == "bid"
    assert not RS.contracts[first.contract].at_most
    d.move(first)
    second = bot.act(d.view(1))
    assert isinstance(second, Action) and second.kind == "bid"
    assert RS.contracts[second.contract].at_most
    mid = "AS 9S KH 9H AD JD 9D AC QC 8C"   # 3 sure tricks, 7 it cannot duck
    rest = [c for c in RS_CARDS if c not in mid.split()]
    e = Deal.from_text(RS, 0, [mid, " ".join(rest[:10]), " ".join(rest[10:20])],
                       " ".join(rest[20:]))
    assert bot.act(e.view(0)) == PAS
    short = "AS KS QS 7S AH 8H 9D 8D 8C 7C"   # 5 in spades by the count: 1S one short
    rest = [c for c in RS_CARDS if c not in short.split()]
    f = Deal.from_text(RS, 0, [short, " ".join(rest[:10]), " ".join(rest[10:20])],
                       " ".join(rest[20:]))
    assert sure_tricks(parse_mask(short), 3) == 5
    assert bot.act(f.view(0)) == TAKE
    f.move(TAKE)
    lay_back = bot.act(f.view(0))
    assert isinstance(lay_back, Action) and lay_back.kind == "lay"
    f.move(lay_back)
    after = bot.act(f.view(0))
    assert isinstance(after, Action) and after.kind == "bid"   # he may not pass now


RS_CARDS = [a + b for b in "CDHS" for a in "AKQJT987"]


def test_contracts_it_bids_are_often_makeable() -> None:
    """Of the contracts three heuristic bots bid, the solver says at least a third can be
    made against best defence (a random bidder's come out near none)."""
    from stolik.games.betel.solver import tricks

    played = makeable = 0
    for seed in range(80):
        d = Deal.random(RS, seed % 3, random.Random(seed))
        _auction(d, [HeuristicBot() for _ in range(3)])
        c = d.contract
        if d.phase != "play" or c is None:
            continue
        played += 1
        t = tricks(d)
        makeable += t <= c.goal if c.at_most else t >= c.goal
    assert played >= 40 and makeable * 3 >= played, (played, makeable)


def test_beats_random_play() -> None:
    """In the same deals, a heuristic bot in seat 0 among random bots scores far more than a
    random bot there."""
    totals = []
    for heuristic in (True, False):
        total = 0
        for seed in range(120):
            d = Deal.random(RS, seed % 3, random.Random(seed))
            bots: list[HeuristicBot | RandomBot] = [RandomBot(seed * 3 + i) for i in range(3)]
            if heuristic:
                bots[0] = HeuristicBot()
            while not d.is_over:
                seat = d.to_act or 0
                d.move(bots[seat].act(d.view(seat)))
            total += d.result().scores[0]
        totals.append(total)
    assert totals[0] > totals[1] + 1000, totals


HANDS = ["QH JH AS KS QS JS TS 9S 8S 7S", "8H AD KD QD JD TD 9D 8D 7D AC",
         "AH KH KC QC JC TC 9C 8C 7C TH"]


def _played(call: str, cards: list[str]) -> Deal:
    d = Deal.from_text(RS, 0, HANDS, "9H 7H")
    for word in [call, "pas", "pas", *cards]:
        d.move(word)
    return d


def test_play_takes_with_the_cheapest_card() -> None:
    """Last to a declarer's trick, a defender takes it with the lowest card that does."""
    d = _played("1BA", ["QH", "8H"])
    assert d.legal_moves() == [parse_card("AH"), parse_card("KH")]
    assert HeuristicBot().act(d.view(2)) == parse_card("KH")


def test_betelek_declarer_sheds_his_highest_loser() -> None:
    """Void in the suit led, the betelek declarer throws his highest card (BETEL §2)."""
    d = _played("betelek-3", ["QH", "8H", "KH", "KC"])
    assert d.to_act == 0
    assert HeuristicBot().act(d.view(0)) == parse_card("AS")
