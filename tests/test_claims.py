"""Claims are judged from the claimer's information only (hidden information, issue 9 item 2;
RULES §3, §7): over every layout he cannot tell from the real one, never on the real hands."""

from __future__ import annotations

from stolik.games.baska.claims import claim_is_certain, worlds
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.session import Seat, Session, outcome_is_fixed
from stolik.games.baska.state import Deal

RS = load_ruleset("pucka-2019")
PLAYS = ["1 QS", "2 QD", "3 AH", "0 TD", "3 JH", "0 QC", "1 TH", "2 JD"]
# Two layouts seat 1 cannot tell apart after PLAYS (seats 0, 2, 3 trade A♠ 10♠ J♣ Q♥):
# on the first the rest of the play cannot change the result, on the second it can.
FIXED = ["AC QC AS TD", "TC QS JS TH", "JC QH QD JD", "TS AH JH AD"]
OPEN = ["AC QC JC TD", "TC QS JS TH", "AS TS QD JD", "AH QH JH AD"]


def played(hands: list[str], plays: list[str]) -> Deal:
    d = Deal.from_text(RS, 0, hands)
    for _ in range(4):
        d.call("pass")
    for entry in plays:
        seat, card = entry.split()
        assert d.to_act == int(seat)
        d.play(card)
    return d


def test_two_layouts_alike_to_the_claimer_get_one_verdict() -> None:
    a, b = played(FIXED, PLAYS), played(OPEN, PLAYS)
    assert a.to_act == b.to_act == 1 and a.view(1) == b.view(1)
    # Judged on the real hands (as before) the verdicts would differ: a leak.
    assert outcome_is_fixed(a) and not outcome_is_fixed(b)
    assert claim_is_certain(a, 1) is claim_is_certain(b, 1) is False
    for hands in (FIXED, OPEN):
        s = Session(RS, [Seat("a"), Seat("b"), Seat("c"), Seat("d")], {}, deals=1)
        s.deal = played(hands, PLAYS)
        v = s.claim(1)
        assert (v.certain, v.code, v.reason) == (
            False, "not-fixed", "not certain: the rest of the play can still change the result")


def test_a_claim_certain_on_every_layout_is_accepted_and_played_out() -> None:
    hands = ["QS AH TH JD", "AC QC TS QH", "TC AS JH AD", "JC JS TD QD"]
    plays = ["1 QC", "2 JH", "3 JS", "0 AH", "0 JD", "1 QH", "2 AD", "3 TD"]
    d = played(hands, plays)
    assert d.to_act == 1 and len(worlds(d, 1)) > 1
    assert claim_is_certain(d, 1)
    assert all(outcome_is_fixed(w) for w in worlds(d, 1))
    s = Session(RS, [Seat("a"), Seat("b"), Seat("c"), Seat("d")], {}, deals=1)
    s.deal = played(hands, plays)
    v = s.claim(1)
    assert (v.certain, v.code) == (True, "fixed")
    assert s.deal.is_over


def test_worlds_hold_the_real_layout_and_only_what_the_seat_cannot_rule_out() -> None:
    d = played(FIXED, PLAYS)
    ws = worlds(d, 1)
    assert any(w.initial_hands == d.initial_hands for w in ws)
    assert all(w.view(1) == d.view(1) for w in ws)
    assert all(w.initial_hands[1] == DECK.parse_mask(FIXED[1]) for w in ws)
