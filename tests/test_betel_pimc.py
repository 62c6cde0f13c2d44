"""The ``pimc`` Betel bot (issue 12): layouts drawn from the seat's information only (BETEL
§3, §4), the same decision in deals the seat cannot tell apart, auction judgements by
expected score, legal moves, registration."""

from __future__ import annotations

import random

import pytest

from stolik.games.betel.bidding import Evaluator, lay_for
from stolik.games.betel.bots import RandomBot, available_bots, make_bot
from stolik.games.betel.calls import KONTRA, LOOK_BOTH, Action, bid
from stolik.games.betel.deck import CARDS, cards_of, parse_card
from stolik.games.betel.pimc import PimcBot, _equals, layout_deal
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.sampling import DUBEL, Sampler, knowledge
from stolik.games.betel.state import Deal, Op

RS = load_ruleset()


def wandering_deal(seed: int, stop: int) -> Deal:
    """A random deal played by random bots (dubel looks, exchanges, kontras included) for
    ``stop`` moves, or to its last move before the end."""
    rng = random.Random(seed)
    d = Deal.random(RS, seed % 3, rng)
    bot = RandomBot(seed)
    for _ in range(stop):
        if d.is_over:
            break
        d.move(bot.act(d.view(d.to_act or 0)))
        if d.is_over:
            d.undo()
            break
    return d


def truth_fits(d: Deal, seat: int) -> bool:
    """Whether the real hands and dubel satisfy every fact the sampler uses."""
    s = Sampler(d.view(seat))
    real = {c: j for j, place in enumerate(s.places) for c in cards_of(
        d.pos.hands[place] if place != DUBEL else sum(1 << x for x in d.pos.dubel))}
    return all(real[c] in ok for c, ok in zip(s.cards, s.allowed, strict=True))


@pytest.mark.parametrize("seed", range(40))
def test_layouts_fit_the_seat_information_and_the_truth_fits_them(seed: int) -> None:
    """BETEL §3, §4: every drawn layout keeps the seat's hand, the sizes, the dubel cards it
    knows, and replays the whole play legally (voids respected); the real deal is always one
    of the layouts allowed (no fact the seat does not have)."""
    d = wandering_deal(seed, 4 + seed * 7 % 40)
    seat = d.to_act
    assert seat is not None
    view = d.view(seat)
    assert truth_fits(d, seat)
    for lay in Sampler(view).draw(20, random.Random(seed)):
        assert lay.hands[seat] == d.pos.hands[seat]
        assert [h.bit_count() for h in lay.hands] == [h.bit_count() for h in d.pos.hands]
        assert lay.dubel.bit_count() == len(d.pos.dubel)
        assert all(lay.dubel >> c & 1 for c in view.dubel if c is not None)
        everything = lay.hands[0] | lay.hands[1] | lay.hands[2] | lay.dubel
        played = [c for t in d.history for c in t.cards] + [c for _, c in d.pos.trick]
        assert everything.bit_count() + len(played) == CARDS
        if d.phase == "play":
            again = layout_deal(RS, view, lay)  # raises if a play were illegal there
            assert again.view(seat).trick == view.trick


def test_a_card_seen_in_the_dubel_goes_only_to_a_later_exchanger() -> None:
    """BETEL §3: seat 0 saw 8H in the dubel, seat 1 exchanged after: 8H is with seat 1 or
    back in the dubel, never with seat 2."""
    d = Deal.from_text(RS, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                               "AC KC QC JC TC 9C 8C 7C QH JH",
                               "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    for w in ["look 1 #1", "1C", "take", "lay AC KC", "1D", "pas"]:
        d.move(w)
    s = Sampler(d.view(0))
    eight = dict(zip(s.cards, s.allowed, strict=True))[parse_card("8H")]
    assert [s.places[j] for j in eight] == [1, DUBEL]
    assert truth_fits(d, 0)
    assert knowledge(d.view(2)).since == ()  # seat 2 saw nothing of the dubel


def test_a_seat_exchanging_twice_after_the_look_is_one_seat() -> None:
    """BETEL §3: seat 1 saw AD in the dubel, then seat 0 exchanged twice: AD lies with seat
    0 or in the dubel (a regression: the seats were once summed, not joined, so seat 0
    twice read as seat 1)."""
    d = Deal.from_text(RS, 1, ["AS KS QS JS TS 9S 8S 7S AH KH",
                               "AC KC QC JC TC 9C 8C 7C QH JH",
                               "KD QD JD TD 9D 8D 7D TH 9H 8H"], "AD 7H")
    for w in ["look 1 #1", "1C", "pas", "take", "lay AD 7H", "1D", "1H", "pas", "take",
              "lay 7S 8S", "1S"]:
        d.move(w)
    k = knowledge(d.view(1))
    assert dict(k.since)[parse_card("AD")] == 1 << 0
    assert truth_fits(d, 1)
    assert Sampler(d.view(1)).count() > 0


def swapped(d: Deal, seat: int, rng: random.Random) -> Deal | None:
    """A deal ``seat`` cannot tell from ``d``: the cards it never saw (not in its hands, not
    played, not seen in the dubel) permuted among themselves, the same moves replayed; None
    where a move is illegal there or the deal comes out the same."""
    view = d.view(seat)
    shown = set(view.hand) | set(view.dubel_seen) | {c for t in view.history for c in t.cards}
    shown |= {c for _, c in view.trick}
    shown |= set(d.dealt[seat])
    hidden = [c for c in range(CARDS) if c not in shown]
    perm = hidden[:]
    rng.shuffle(perm)
    sigma = dict(zip(hidden, perm, strict=True))

    def m(c: int) -> int:
        return sigma.get(c, c)

    e = Deal(RS, d.dealer, [[m(c) for c in h] for h in d.dealt], [m(c) for c in d.dealt_dubel])
    try:
        for op in d.log:
            a = op.action
            if a is not None and a.kind == "lay":
                a = Action("lay", cards=tuple(m(c) for c in a.cards))
            e.apply(Op(op.kind, op.seat, a, m(op.card) if op.card >= 0 else -1))
    except ValueError:
        return None
    if e.pos.hands == d.pos.hands and e.pos.dubel == d.pos.dubel:
        return None
    return e


@pytest.mark.parametrize("seed", range(12))
def test_deals_the_seat_cannot_tell_apart_give_the_same_decision(seed: int) -> None:
    """Hidden information is sacred (BETEL §3, §4): in two deals that differ only in cards
    the seat never saw, its views are equal, its sampler draws the same layouts and a pimc
    bot with a fixed seed decides the same."""
    rng = random.Random(seed)
    found = 0
    for attempt in range(60):
        d = wandering_deal(1000 * seed + attempt, rng.randrange(2, 36))
        seat = d.to_act
        assert seat is not None
        e = swapped(d, seat, rng)
        if e is None:
            continue
        found += 1
        assert e.view(seat) == d.view(seat)
        assert truth_fits(e, seat) and truth_fits(d, seat)
        draws = [Sampler(x.view(seat)).draw(5, random.Random(seed)) for x in (d, e)]
        assert draws[0] == draws[1]
        moves = [PimcBot(6, 3, seed=seed).act(x.view(seat)) for x in (d, e)]
        assert moves[0] == moves[1]
        if found == 2:
            break
    assert found


def test_a_hand_of_ten_tops_looks_for_free_then_bids_the_slam() -> None:
    """BETEL §3, §5: looking costs only when one passes, so the bot about to bid looks at
    both dubel cards first; all eight spades and the two top hearts take every trick in bez
    atu, the highest contract it makes (Szlem BA, 300)."""
    d = Deal.from_text(RS, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
                               "AC KC QC JC TC 9C 8C 7C QH JH",
                               "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
    bot = PimcBot(8, 4, seed=1)
    first = bot.act(d.view(0))
    assert first == LOOK_BOTH
    d.move(first)
    assert bot.act(d.view(0)) == bid(RS.contract_of("szlem-BA").index)  # type: ignore[union-attr]


def test_kontra_when_the_declarer_is_expected_to_fail() -> None:
    """BETEL §3, §5: seat 0 bids Szlem ♣ (all ten) while seat 1 holds the top three clubs;
    with nothing to bid itself, seat 1 doubles (after a free look)."""
    d = Deal.from_text(RS, 0, ["JC TC 9C 8C AH KH QH AD KD QD",
                               "AC KC QC 7H 8H 9H 7D 8D 9D 7S",
                               "7C TH JH TD JD AS KS QS JS TS"], "8S 9S")
    d.move("szlem-C")
    bot = PimcBot(8, 6, seed=3)
    moves = []
    while d.to_act == 1:
        moves.append(bot.act(d.view(1)))
        d.move(moves[-1])
    assert moves[-1] == KONTRA and d.doubled


def test_after_an_exchange_it_lays_back_and_bids() -> None:
    """BETEL §3: a seat that took the dubel lays two cards back and must bid: the bot's
    lay is legal and its plan is a legal contract."""
    d = Deal.from_text(RS, 0, ["AS KS QS JS TS 9S AH KH 7D 7C",
                               "AC KC QC JC TC 9C 8C 8S QH JH",
                               "AD KD QD JD TD 9D 8D TH 9H 7S"], "7H 8H")
    d.move("take")
    bot = PimcBot(6, 4, seed=2)
    while d.to_act == 0 and d.phase == "auction":
        m = bot.act(d.view(0))
        assert m in d.legal_moves() or (isinstance(m, Action) and m.kind == "lay")
        d.move(m)
    assert d.declarer == 0


def test_lay_for_keeps_the_trumps() -> None:
    """BETEL §3: for a trump contract no trump is laid back while other cards remain."""
    rng = random.Random(4)
    for _ in range(50):
        hand = sum(1 << c for c in rng.sample(range(CARDS), 12))
        for trump in range(4):
            a, b = lay_for(hand, (trump, False, False))
            outside = [c for c in cards_of(hand) if c >> 3 != trump]
            if len(outside) >= 2:
                assert a >> 3 != trump and b >> 3 != trump


def test_equal_cards_are_solved_once() -> None:
    """BETEL §4: with no card points, touching cards of a suit (no live card between) are
    equal; a card in the trick or another hand separates them."""
    live = sum(1 << c for c in range(CARDS))
    assert _equals([0, 1, 3], live) == {0: 0, 1: 0, 3: 3}          # QC lies between
    assert _equals([0, 1, 3], live & ~(1 << 2)) == {0: 0, 1: 0, 3: 0}   # QC is gone
    assert _equals([7, 8], live) == {7: 7, 8: 8}                   # 7C and AD


def test_pimc_plays_legal_moves_with_the_others() -> None:
    """A bounded legality check (the benchmark counts more): pimc-fast-sized bots with a
    random and a heuristic bot, every move accepted by the engine (BETEL §3, §4)."""
    from stolik.games.betel.arena import deal_hands, play_deal

    for i in range(3):
        bots = [PimcBot(4, 2, seed=i), make_bot("heuristic"), make_bot("random", seed=i)]
        rot = bots[i:] + bots[:i]
        play_deal(deal_hands(RS, 9, i), rot)  # raises on an illegal move


def test_registered() -> None:
    """`stolik arena --bots pimc,heuristic` and `stolik play --opponents pimc` find it
    (issue 12: the pimc bot's registration; no rule of the spec)."""
    assert {"pimc", "pimc-fast"} <= set(available_bots())
    bot = make_bot("pimc", seed=1, ruleset=RS)
    assert isinstance(bot, PimcBot) and (bot.layouts, bot.bid_layouts) == (100, 16)
    ev = Evaluator(RS, 3, random.Random(1))
    assert ev.layouts == 3
