"""The deal state (RULES §3–§4 as a machine): the operation log, undo restoring exactly,
clone independence, legal calls and cards never empty while someone is to act, and what
one seat may know — its view never holds another seat's unplayed cards (RULES §3: taken
tricks stay hidden) and sides are shown only where the seat can tell them (RULES §4: the
plain game's sides and the wesele partner show themselves by playing)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stolik.errors import IllegalMove
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING
from stolik.games.baska.state import Deal, Op

RULESETS = ("pucka-2019", "mester-sport", "linia")
DECL, OPP = DECLARING, OPPOSING

# Dealer 0, forehand 1; order 2, 3, 0, 1. Starzy: seat 0 (Q♣), seat 1 (Q♠).
PLAIN = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]


def snapshot(d: Deal) -> dict[str, Any]:
    """Everything observable about a deal."""
    return {
        "phase": d.phase, "to_act": d.to_act, "hands": d.hands, "trick": d.trick,
        "history": d.history, "points": d.points, "tricks": d.tricks, "game": d.game,
        "contract": d.contract, "level": d.level, "log": list(d.log),
        "legal_calls": d.legal_calls(), "legal_cards": d.legal_cards(),
        "views": [d.view(s) for s in range(4)],
        "result": d.result() if d.is_over else None,
    }


def random_step(d: Deal, rng: random.Random) -> None:
    """One random legal call (passing more often than not) or card."""
    if d.phase == "auction":
        calls = d.legal_calls()
        d.call(PASS if rng.random() < 0.6 else rng.choice(calls))
    else:
        d.play(rng.choice(d.legal_cards()))


def random_deals(ruleset: str, count: int, seed: int) -> list[Deal]:
    """Finished random deals, each played with random legal calls and cards."""
    rng = random.Random(seed)
    rs = load_ruleset(ruleset)
    out = []
    for i in range(count):
        d = Deal.random(rs, i % 4, rng)
        while not d.is_over:
            random_step(d, rng)
        out.append(d)
    return out


# ---------------------------------------------------------------- the log, undo, clone


@pytest.mark.parametrize("ruleset", RULESETS)
def test_operation_log_records_calls_and_cards_in_order(ruleset: str) -> None:
    """The log holds every call and card with its seat, in order (RULES §4 order, §3)."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    for c in ("zolo", "kontra", "pass", "pass", "pass"):
        d.call(c)
    d.play("JC")
    assert d.log == [
        Op("call", 2, call=Call("contract", "zolo")),
        Op("call", 3, call=Call("double", level=1)),
        Op("call", 0, call=PASS), Op("call", 1, call=PASS), Op("call", 2, call=PASS),
        Op("card", 1, card=DECK.parse_card("JC")),
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_restores_exactly_at_every_step(ruleset: str) -> None:
    """RULES §3–§4 as a state: undo of each operation restores every observable of the
    deal (views and results included), and returns the op;
    redoing it with ``apply`` gives the same deal again."""
    rng = random.Random(7)
    rs = load_ruleset(ruleset)
    for i in range(12):
        d = Deal.random(rs, i % 4, rng)
        while not d.is_over:
            before = snapshot(d)
            random_step(d, rng)
            after = snapshot(d)
            op = d.undo()
            assert op == after["log"][-1]
            assert snapshot(d) == before
            d.apply(op)
            assert snapshot(d) == after
        while d.log:
            d.undo()
        assert d.phase == "auction" and d.hands == d.initial_hands and d.level == 0
    with pytest.raises(IndexError):
        d.undo()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_replaying_the_log_rebuilds_the_deal(ruleset: str) -> None:
    """RULES §3–§4, §11: a fresh deal given the same operations (a record's auction and
    play) reaches the same state and result."""
    for d in random_deals(ruleset, 20, seed=11):
        again = Deal(d.rs, d.dealer, d.initial_hands)
        for op in d.log:
            again.apply(op)
        assert snapshot(again) == snapshot(d)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_apply_checks_the_seat(ruleset: str) -> None:
    """An operation naming a seat out of turn is refused (RULES §4)."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    with pytest.raises(IllegalMove, match="seat 2's turn"):
        d.apply(Op("call", 3, call=PASS))
    assert d.log == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_clone_is_independent(ruleset: str) -> None:
    """RULES §3: a clone (what a bot searches with) and its original move on separately;
    each keeps its own log and position."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    for _ in range(4):
        d.call("pass")
    d.play("JC")
    before = snapshot(d)
    c = d.clone()
    assert snapshot(c) == before
    c.play(c.legal_cards()[0])
    c.play(c.legal_cards()[0])
    assert snapshot(d) == before           # the original did not move
    d.undo()
    assert len(c.log) == 7 and c.trick[0] == (1, DECK.parse_card("JC"))
    c.undo()
    assert len(d.log) == 4 and d.trick == ()


# ---------------------------------------------------------------- legal moves


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_moves_never_empty_while_someone_is_to_act(ruleset: str) -> None:
    """RULES §3–§4: pass is always a legal call; some card is always legal; every legal
    call is accepted; the legal cards are the seat's own and exactly the ones accepted."""
    rng = random.Random(3)
    rs = load_ruleset(ruleset)
    for i in range(60):
        d = Deal.random(rs, i % 4, rng)
        while not d.is_over:
            seat = d.to_act
            assert seat is not None
            if d.phase == "auction":
                calls = d.legal_calls()
                assert calls and calls[0] == PASS
                assert d.legal_cards() == []
                for call in calls:
                    assert d.why_not_call(call) is None
            else:
                cards = d.legal_cards()
                assert cards
                assert d.legal_calls() == []
                hand = d.hands[seat]
                assert all(hand >> c & 1 for c in cards)
                for c in DECK.cards_of(hand):
                    assert (d.why_not_card(c) is None) == (c in cards)
            random_step(d, rng)
        assert d.to_act is None and d.legal_calls() == [] and d.legal_cards() == []


# ---------------------------------------------------------------- views


@pytest.mark.parametrize("ruleset", RULESETS)
def test_view_never_holds_other_seats_unplayed_cards(ruleset: str) -> None:
    """RULES §3: a seat's view shows its own hand and the played cards — never a card still
    in another seat's hand — and its legal moves only when it is to act."""
    rng = random.Random(5)
    rs = load_ruleset(ruleset)
    for i in range(30):
        d = Deal.random(rs, i % 4, rng)
        while True:
            played = {op.card for op in d.log if op.card is not None}
            for seat in range(4):
                v = d.view(seat)
                hidden = 0
                for s in range(4):
                    if s != seat:
                        hidden |= d.hands[s]
                shown = set(v.hand) | {c for _, c in v.plays} | {c for _, c in v.trick}
                shown |= set(v.legal_cards)
                if v.last_trick is not None:
                    shown |= set(v.last_trick.cards)
                assert not any(hidden >> c & 1 for c in shown)
                assert set(v.hand) == set(DECK.cards_of(d.hands[seat]))
                assert {c for _, c in v.plays} == played
                if d.to_act != seat:
                    assert v.legal_calls == () and v.legal_cards == ()
                assert (v.seat, v.dealer, v.ruleset, v.to_act) == (seat, d.dealer, rs.id,
                                                                   d.to_act)
            if d.is_over:
                break
            random_step(d, rng)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_known_sides_are_never_wrong(ruleset: str) -> None:
    """RULES §4: whatever side a view shows for a seat is that seat's real side, at every
    moment of the play."""
    rng = random.Random(9)
    rs = load_ruleset(ruleset)
    for i in range(40):
        d = Deal.random(rs, i % 4, rng)
        while not d.is_over:
            random_step(d, rng)
            g = d.game
            if g is None:
                continue
            for seat in range(4):
                sides = d.view(seat).sides
                assert sides[seat] is not None or g.contract.kind == "wesele"
                for s, side in enumerate(sides):
                    assert side is None or side == g.side_of(s), (seat, s, g.contract.id)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_plain_game_sides_show_themselves_with_the_black_queens(ruleset: str) -> None:
    """RULES §4 (000 §6a): in a plain game each seat knows its own side; the partner of a
    stary is revealed when the other black queen is played; młodzi learn the starzy as
    the queens fall."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    for _ in range(4):
        d.call("pass")
    assert [d.view(s).sides for s in range(4)] == [
        (DECL, None, None, None),     # seat 0 holds Q♣: Q♠ may be anywhere
        (None, DECL, None, None),     # seat 1 holds Q♠
        (None, None, OPP, None),     # seat 2 holds no queen: młody (or against a cicha)
        (None, None, None, OPP),
    ]
    assert all(d.view(s).contract is None for s in range(4))
    d.play("QS")   # seat 1 leads Q♠
    assert d.view(0).sides == (DECL, DECL, OPP, OPP)
    assert d.view(1).sides == (None, DECL, None, None)   # Q♣ still unseen by seat 1
    assert d.view(2).sides == (None, DECL, OPP, None)
    d.play(d.legal_cards()[0])      # seat 2
    d.play(d.legal_cards()[0])      # seat 3
    d.play("QC")                    # seat 0
    assert all(d.view(s).sides == (DECL, DECL, OPP, OPP) for s in range(4))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_solo_sides_are_known_to_all(ruleset: str) -> None:
    """RULES §4: a solo is called aloud — every seat knows the declarer and his three
    opponents."""
    d = Deal.from_text(load_ruleset(ruleset), 0, PLAIN)
    for c in ("pass", "gran", "pass", "pass", "pass"):   # seat 3 calls gran
        d.call(c)
    for s in range(4):
        v = d.view(s)
        assert v.sides == (OPP, OPP, OPP, DECL)
        assert (v.contract, v.declarer) == ("gran", 3)


@pytest.mark.parametrize(
    ("ruleset", "hands"),
    [
        # Declarer seat 0 holds no partner card; the partner is seat 1 (J♣ or 10♥).
        ("pucka-2019", ["QC QS AH AD", "JC TH TD AC", "JS QH JH TC", "AS TS QD JD"]),
        ("linia", ["QC QS AH AD", "JC TH TD AC", "JS QH JH TC", "AS TS QD JD"]),
        ("mester-sport", ["QC QS AH AD", "TH JC TD TC", "QH QD JH AC", "AS TS JS JD"]),
    ],
)
def test_wesele_partner_is_revealed_by_playing(ruleset: str, hands: list[str]) -> None:
    """RULES §4: the wesele partner is not announced; he knows himself (he holds the first
    partner card and the declarer cannot), the others learn it when he plays the card. A
    seat holding a later partner card cannot tell his own side until then (the declarer
    might hold the first card)."""
    d = Deal.from_text(load_ruleset(ruleset), 2, hands)   # dealer 2: order 0, 1, 2, 3
    for c in ("wesele", "pass", "pass", "pass"):
        d.call(c)
    g = d.game
    assert g is not None and g.partner == 1
    assert d.view(0).sides == (DECL, None, None, None)
    assert d.view(1).sides == (DECL, DECL, OPP, OPP)
    assert d.view(2).sides == (DECL, None, None, None)
    assert d.view(3).sides == (DECL, None, None, OPP)        # seat 3 holds no partner card
    assert all((d.view(s).contract, d.view(s).declarer) == ("wesele", 0) for s in range(4))
    # Forehand 3 leads J♦; seat 0 must beat it; seat 1 cannot beat A♥ and plays his
    # partner card.
    d.play("JD")
    d.play("AH")
    partner_card = "TH" if ruleset == "mester-sport" else "JC"
    assert partner_card in DECK.format(d.legal_cards(), ascii=True).split()
    d.play(partner_card)
    assert all(d.view(s).sides == (DECL, DECL, OPP, OPP) for s in range(4))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_cicha_is_hidden_from_the_others(ruleset: str) -> None:
    """RULES §4 (000 §6c): cicha is unannounced — its player knows it, the others see
    neither the contract nor his side until the black queens show it."""
    # Seat 0 holds both black queens. Dealer 2: order 0, 1, 2, 3; forehand 3 leads.
    d = Deal.from_text(load_ruleset(ruleset), 2,
                       ["QC QS JC TH", "AC TC AS TS", "JS AH JH AD", "QH TD QD JD"])
    for _ in range(4):
        d.call("pass")
    assert d.game is not None and d.game.contract.id == "cicha"
    v0 = d.view(0)
    assert (v0.contract, v0.declarer, v0.sides) == ("cicha", 0, (DECL, OPP, OPP, OPP))
    for s in (1, 2, 3):
        v = d.view(s)
        assert (v.contract, v.declarer) == (None, None)
        assert v.sides[s] == OPP and v.sides[0] is None
