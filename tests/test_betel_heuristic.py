"""The ``heuristic`` Betel bot (issue 12): legal everywhere, sees only its view, bids what its
counts make, and plays better than chance (BETEL §2–§5)."""

from __future__ import annotations

import random

from stolik.games.betel.bots import RandomBot
from stolik.games.betel.calls import PAS, TAKE, Action
from stolik.games.betel.deck import parse_card, parse_mask
from stolik.games.betel.heuristic import (
    HeuristicBot,
    forced_tricks,
    honours,
    makes,
    shortfall,
    sure_tricks,
)
from stolik.games.betel.ruleset import NO_TRUMPS, load_ruleset
from stolik.games.betel.state import Deal

RS = load_ruleset()


def _auction(d: Deal, bots: list[HeuristicBot]) -> None:
    while d.phase == "auction":
        seat = d.to_act or 0
        d.move(bots[seat].act(d.view(seat)))


def test_whole_deals_are_legal() -> None:
    """Every move the bot makes is one the engine accepts (it raises otherwise): BETEL §3's
    auction and §4's play, to the ten tricks of §1."""
    for seed in range(60):
        d = Deal.random(RS, seed % 3, random.Random(seed))
        bots = [HeuristicBot() for _ in range(3)]
        while not d.is_over:
            seat = d.to_act or 0
            d.move(bots[seat].act(d.view(seat)))
        assert len(d.history) == 10


def test_counts() -> None:
    """issue 12 (the heuristic bot's counts): sure tricks with spades trumps and in no
    trumps, and forced tricks, by BETEL §1's order of the ranks (A high, 7 low)."""
    hand = parse_mask("AS KS QS JS 9S AH KH AD 7D 7C")
    assert sure_tricks(hand, 3) == 8 and sure_tricks(hand, NO_TRUMPS) == 8
    assert sure_tricks(parse_mask("7S 8S 7H 9H 7D 8D 9D 7C 8C 9C"), 3) == 0
    assert forced_tricks(parse_mask("7S 8S 7H 9H 7D 8D 9D 7C 8C 9C")) == 0
    assert forced_tricks(parse_mask("AS KS QS AH KH QH AD KD QD AC")) == 10


def test_bids_follow_the_counts() -> None:
    """A hand of high cards bids a trick contract, a hand of low cards a betelek (BETEL §2);
    a hand of neither, dealt first, passes; a hand one trick short takes the dubel, and
    after the exchange may not pass (BETEL §3)."""
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
    made against best defence, by BETEL §2's goals (a random bidder's come out near none)."""
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
    random bot there (issue 12: better than chance; the scores are BETEL §5's)."""
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
    """Last to a declarer's trick, a defender takes it with the lowest card that does
    (BETEL §4: holding the suit led, he must play higher than the trick's highest)."""
    d = _played("1BA", ["QH", "8H"])
    assert d.legal_moves() == [parse_card("AH"), parse_card("KH")]
    assert HeuristicBot().act(d.view(2)) == parse_card("KH")


def test_betelek_declarer_sheds_his_highest_loser() -> None:
    """Void in the suit led, the betelek declarer throws his highest card (BETEL §2)."""
    d = _played("betelek-3", ["QH", "8H", "KH", "KC"])
    assert d.to_act == 0
    assert HeuristicBot().act(d.view(0)) == parse_card("AS")


def test_a_betelek_wants_no_more_honours_than_its_limit() -> None:
    """The club player's rule (BETEL §1 honours, §2 betelki): each ace, king, queen or jack
    is a trick he may be forced to take. The count alone called these hands good for a
    betelek-3 and a betelek-2; with four (three) honours they are not."""
    b3, b2 = RS.contract_of("betelek-3"), RS.contract_of("betelek-2")
    assert b3 is not None and b2 is not None
    four = parse_mask("AS 8S 7S KH 9H 7H QD 8D 7D JC")
    assert honours(four) == 4 and forced_tricks(four) <= 3
    assert not makes(four, b3) and shortfall(four, b3) == 1
    three = parse_mask("AS 8S 7S KH 9H 7H QD 8D 7D 8C")
    assert makes(three, b3) and not makes(three, b2)


def _declared_at_once(*, at_most: bool, deals: int = 600) -> tuple[int, int]:
    """Over seeded deals, seat 0 declares at once the highest contract of the family
    (``at_most``: the betelki and betel, else the trick contracts) that its counts make,
    the others pass and three heuristic bots play it out: (contracts played, made)."""
    family = [c for c in RS.contracts if bool(c.at_most) == at_most]
    played = made = 0
    for seed in range(deals):
        d = Deal.random(RS, 0, random.Random(seed))
        hand = sum(1 << c for c in d.view(0).hand)
        good = [c for c in family if makes(hand, c)]
        if not good:
            continue
        c = max(good, key=lambda c: c.index)
        for word in (c.call, "pas", "pas"):
            d.move(word)
        bots = [HeuristicBot() for _ in range(3)]
        while not d.is_over:
            seat = d.to_act or 0
            d.move(bots[seat].act(d.view(seat)))
        tricks = d.result().tricks[0]
        played += 1
        made += tricks <= c.goal if at_most else tricks >= c.goal
    return played, made


def test_the_betelki_its_counts_make_are_mostly_made() -> None:
    """Seat 0 declares at once the highest betelek its counts make (BETEL §2) and three
    heuristic bots play it out: most are made. Without the honours rule the same deals gave
    59 made of 88 (67 %), the betelki below 3 mostly lost; with it 39 of 41."""
    played, made = _declared_at_once(at_most=True)
    assert played >= 25 and made >= 0.8 * played, (played, made)


def test_after_an_exchange_it_bids_what_its_counts_miss_least() -> None:
    """After taking the dubel he may not pass (BETEL §3). With nothing his counts make, the
    bot bid the lowest contract it might — a betelek-3 with four honours; now the contract
    its counts miss by least."""
    d = Deal.from_text(RS, 0, ["AC 7C QD KH 9H 8H 7H AS 8S 7S", "KC TC 9C AD 9D 8D 7D JH TH JS",
                               "JC 8C KD JD TD AH QH QS TS 9S"], "KS QC")
    bot = HeuristicBot()
    for _ in range(2):  # take, lay
        move = bot.act(d.view(0))
        assert isinstance(move, Action) and move.kind in ("take", "lay"), move
        d.move(move)
    view = d.view(0)
    hand = sum(1 << c for c in view.hand)
    open_bids = [RS.contracts[a.contract] for a in view.legal
                 if isinstance(a, Action) and a.kind == "bid"]
    assert not any(makes(hand, c) for c in open_bids)
    said = bot.act(view)
    assert isinstance(said, Action) and said.kind == "bid"
    least = min(shortfall(hand, c) for c in open_bids)
    assert shortfall(hand, RS.contracts[said.contract]) == least
    assert least < shortfall(hand, open_bids[0]), said   # not the lowest open contract


def test_a_trump_takes_one_trick_and_long_suits_wait_for_drawn_trumps() -> None:
    """The club player's counts for a trump contract (BETEL §4: a void hand must trump): a
    trump takes one trick, drawing theirs or ruffing — five trumps and a void are not six;
    a side suit runs past its top cards only once their trumps are drawn. The old count
    gave 9, 10 (a szlem in spades without a spade) and 10; the true counts are lower."""
    assert sure_tricks(parse_mask("AS KS QS JS 9S AH KH AD 7D 7C"), 3) == 8
    no_trumps = parse_mask("AC KC QC JC TC 9C AD KD QD JD")
    assert sure_tricks(no_trumps, 3) <= 3 and sure_tricks(no_trumps, 0) == 10
    four_small = parse_mask("AD KD JD TD 8D 7D AH JH 8H 7H")   # KH QH TH 9H are theirs
    assert sure_tricks(four_small, 2) <= 8


def test_betelek_declarer_second_beats_with_his_lowest_card() -> None:
    """Second to a trick he must beat (BETEL §4: follow, and beat in the suit), the betelek
    declarer beats with his lowest card, which the third, bound to beat too, takes over
    here; the old bot played his highest (the ace) and took the trick for sure. In the
    betel, whose defenders need not beat, the trick is his anyway: he sheds the ace."""
    hands = ["AS TS 9S AH 7H AD 8D 7D 8C 7C", "KS QS KH 9H 8H KD 9D JC TC 9C",
             "JS 8S 7S QH JH TH QD JD AC KC"]
    for call, card in (("betelek-3", "9S"), ("betel", "AS")):
        d = Deal.from_text(RS, 0, hands, "TD QC")
        for word in (call, "pas", "pas", "7C", "9C", "KC", "8S"):   # seat 2 wins, leads 8S
            d.move(word)
        assert d.to_act == 0 and d.legal_moves() == [parse_card(c) for c in ("AS", "TS", "9S")]
        assert HeuristicBot().act(d.view(0)) == parse_card(card), call
    d = Deal.from_text(RS, 0, hands, "TD QC")
    for word in ("betelek-3", "pas", "pas", "7C", "9C", "KC", "8S", "9S"):
        d.move(word)
    assert HeuristicBot().act(d.view(1)) in (parse_card("KS"), parse_card("QS"))


def test_the_trick_contracts_its_counts_make_are_mostly_made() -> None:
    """Seat 0 declares at once the highest trick contract (BETEL §2: six to ten tricks) its
    counts make, and three heuristic bots play it out: most are made. The old count (a
    ruff on top of every trump, long side suits under undrawn trumps) made 40 of 62 (65 %)
    of the same deals; now 48 of 50."""
    played, made = _declared_at_once(at_most=False)
    assert played >= 40 and made >= 0.85 * played, (played, made)
