"""The Betel engine, rule by rule (BETEL §3 the auction and the dubel, §4 the play): a
deal as a state with an operation log, undo and clone, and the legal moves."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.betel.calls import (
    KONTRA,
    LOOK_BOTH,
    LOOK_FIRST,
    LOOK_SECOND,
    PAS,
    TAKE,
    Action,
)
from stolik.games.betel.deck import parse_card, parse_mask
from stolik.games.betel.play import legal
from stolik.games.betel.ruleset import NO_TRUMPS, load_ruleset
from stolik.games.betel.state import Deal

RS = load_ruleset("gps-2022")
HANDS = ["AC 9C AS KS QS JS AD KD QD JD",
         "JH 7H AH KH QH TS 9S 8S 7S TD",
         "KC 7C 8H TH 9H 9D 8D 7D TC 8C"]
DUBEL = "QC JC"


def deal(dealer: int = 0, *moves: str) -> Deal:
    d = Deal.from_text(RS, dealer, HANDS, DUBEL)
    for m in moves:
        d.move(m)
    return d


def refused(d: Deal, move: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        d.move(move)


# ---------------------------------------------------------------- BETEL §1


def test_betel_1_ten_cards_each_and_a_dubel_of_two() -> None:
    """BETEL §1: three hands of ten and two cards face down; a card dealt twice refused."""
    with pytest.raises(IllegalMove, match="the dubel must hold 2 cards, not 1"):
        Deal.from_text(RS, 0, HANDS, "QC")
    with pytest.raises(IllegalMove, match="card AC is dealt twice"):
        Deal.from_text(RS, 0, HANDS, "AC JC")
    with pytest.raises(IllegalMove, match="dealer must be a seat 0–2"):
        Deal.from_text(RS, 3, HANDS, DUBEL)


# ---------------------------------------------------------------- BETEL §3 auction


def test_betel_3_the_dealer_speaks_first_then_clockwise() -> None:
    d = deal(2)
    assert d.to_act == 2
    d.move("1C")
    assert d.to_act == 0


def test_betel_3_the_seeds_example_auction() -> None:
    """Seed 004's example: A 1♣, B 1♠, C Betelek 2, A pas, B 2♠, C Betelek 0, A kontra,
    B 1♥, C Betel, A pas, B Szlem BA, C pas, A pas — B plays Szlem bez atu, not doubled."""
    d = deal(0)
    for word in ["1C", "1S", "betelek-2", "pas", "2S", "betelek-0", "kontra", "1H", "betel",
                 "pas", "szlem-BA", "pas", "pas"]:
        d.move(word)
    assert d.phase == "play" and d.declarer == 1 and d.contract is not None
    assert d.contract.call == "szlem-BA" and not d.doubled and d.to_act == 1
    assert d.pos.trump == NO_TRUMPS


def test_betel_3_a_contract_must_be_higher() -> None:
    d = deal(0, "1S")
    refused(d, "1C", "seat 1 cannot bid 1C: a contract must be higher than 1S")
    refused(d, "1S", "must be higher than 1S")
    d.move("betelek-2")  # contract 7 is above 1♠ (contract 5)


def test_betel_3_two_passes_end_it_and_the_last_contract_is_played() -> None:
    d = deal(0, "pas", "pas", "2C", "pas")
    assert d.phase == "auction" and d.to_act == 1
    d.move("pas")
    assert d.legal_mask() and d.declarer == 2 and d.to_act == 2
    assert d.pos.trump == 0


def test_betel_3_all_pass_deal_dealer_leads_without_trumps() -> None:
    """BETEL §3–§4: all three pass at their first turn: no contract, the dealer leads."""
    d = deal(1, "pas", "pas", "pas")
    assert d.phase == "play" and d.all_pass and d.contract is None
    assert d.to_act == 1 and d.pos.trump == NO_TRUMPS


def test_betel_3_kontra_needs_a_standing_contract_of_another() -> None:
    refused(deal(0), "kontra", "cannot say kontra: no contract stands")
    assert deal(0, "1C", "kontra").doubled
    refused(deal(0, "1C", "pas", "kontra", "pas"), "kontra",
            "cannot say kontra: 1C was kontra'd already")


def test_betel_3_nobody_kontras_his_own_contract() -> None:
    """Decision: the declarer may not kontra his own contract."""
    d = deal(0, "1C", "kontra", "pas")   # seat 0's turn, his own 1♣ standing
    assert KONTRA not in d.legal_moves()
    refused(d, "kontra", "seat 0 cannot say kontra: nobody may kontra his own contract")


def test_betel_3_kontra_restarts_the_auction() -> None:
    """After a kontra any contract, even a lower one; later ones higher again."""
    d = deal(0, "2S", "kontra", "betelek-3")
    assert not d.doubled and d.declarer == 2 and d.contract is not None
    assert d.contract.call == "betelek-3"
    refused(d, "betelek-3", "must be higher than betelek-3")
    d.move("1C")


def test_betel_3_a_kontrad_contract_played_doubled() -> None:
    d = deal(0, "1C", "kontra", "pas", "pas")
    assert d.phase == "play" and d.declarer == 0 and d.doubled


def test_betel_3_each_contract_once_kontrad_per_deal() -> None:
    """BETEL §3: a contract kontra'd once cannot be kontra'd again in the deal, even when
    bid anew — what makes every auction end."""
    d = deal(0, "1C", "kontra", "1C")   # seat 2 bids the kontra'd 1♣ anew
    assert d.declarer == 2 and not d.doubled
    refused(d, "kontra", "1C was kontra'd already")


def test_betel_3_no_repeat_after_kontra_and_pass() -> None:
    """BETEL §3: kontra followed by a pass — the declarer may not bid it again at his next
    turn; he may later, or at once if no pass followed, and then it cannot be kontra'd."""
    d = deal(0, "1C", "kontra", "pas")
    refused(d, "1C", "seat 0 may not bid 1C again at this turn")
    d.move("1D")                      # his next turn over: the ban is gone
    d.move("kontra")
    d.move("betelek-3")
    d.move("1C")                      # later he may (above betelek-3)
    assert d.declarer == 0
    refused(d, "kontra", "1C was kontra'd already")
    # No pass after the kontra: he may bid it at once.
    e = deal(0, "1C", "kontra", "betelek-3")
    e.move("1C")
    assert e.declarer == 0 and not e.doubled


def test_betel_3_the_declarers_own_pass_after_a_kontra_bans_nothing() -> None:
    """Decision: "followed by a pass" is the next call by another than the declarer."""
    d = deal(0, "pas", "1C", "kontra")    # seat 2 doubles seat 1's 1♣, seat 0 passes
    d.move("pas")
    refused(d, "1C", "seat 1 may not bid 1C again")
    e = deal(0, "1C", "pas", "kontra")    # the declarer (seat 0) is next: he passes
    e.move("pas")
    assert e.phase == "auction" and e.to_act == 1
    e.move("pas")
    assert e.legal_mask() and e.declarer == 0 and e.doubled


# ---------------------------------------------------------------- BETEL §3 dubel


def test_betel_3_look_at_one_card_shows_it_to_the_looker_only() -> None:
    d = deal(0)
    d.move("look 1 JC")
    assert d.view(0).dubel == (None, parse_card("JC"))
    assert d.view(1).dubel == (None, None) and d.view(2).dubel == (None, None)
    assert (0, "look 1") in d.view(1).calls and (0, "look 1 JC") in d.view(0).calls


def test_betel_3_peeking_then_passing_costs() -> None:
    """BETEL §3: one card and pass −5, both and pass −10; looking and bidding is free."""
    d = deal(0, "look 1 QC", "pas", "look 2", "pas", "look 2", "1C", "pas", "pas")
    assert d.pos.peek == (5, 10, 0)
    assert d.view(2).peek == (5, 10, 0)


def test_betel_3_looking_at_the_cards_he_laid_himself_costs_too() -> None:
    """Decision (BETEL §3): the cost counts the cards looked at in that call, cards he
    himself laid in the dubel included — he knows them, yet looking and passing costs."""
    d = deal(0, "take", "lay AC 9C", "1C", "1D", "kontra")   # seat 0 to speak again
    assert d.to_act == 0 and d.view(0).dubel == (parse_card("AC"), parse_card("9C"))
    d.move("look 1 #1")
    d.move("pas")
    assert d.pos.peek == (5, 0, 0)


def test_betel_3_looking_then_doubling_costs_nothing() -> None:
    """BETEL §3: "obejrzenie obu kart i skontrowanie nie daje ujemnych punktów"."""
    d = deal(0, "1C", "look 2", "kontra", "pas", "pas")
    assert d.phase == "play" and d.doubled and d.pos.peek == (0, 0, 0)


def test_betel_3_one_dubel_action_per_call() -> None:
    """Decision: a call has at most one dubel action."""
    d = deal(0)
    d.act(LOOK_FIRST)
    assert LOOK_SECOND not in d.legal_moves() and TAKE not in d.legal_moves()
    refused(d, "look 2", "one dubel action per call")


def test_betel_3_exchange_then_no_pass() -> None:
    """BETEL §3: take both dubel cards, lay two back (possibly the same), then bid or
    kontra — never pass."""
    d = deal(0)
    d.act(TAKE)
    assert d.pos.step == "taken" and bin(d.hands[0]).count("1") == 12
    refused(d, "pas", "lays two of his cards back first")
    d.move("lay AC 9C")
    assert d.pos.dubel == (parse_card("AC"), parse_card("9C"))
    assert d.hands[0] & parse_mask("QC JC") == parse_mask("QC JC")
    refused(d, "pas", "exchanged the dubel: he may not pass")
    assert PAS not in d.legal_moves()
    d.move("2BA")
    assert d.view(0).dubel == (parse_card("AC"), parse_card("9C"))
    assert d.view(1).dubel == (None, None)


def test_betel_3_an_exchange_makes_others_knowledge_of_the_dubel_stale() -> None:
    d = deal(0, "look 2", "1C")
    assert d.view(0).dubel == (parse_card("QC"), parse_card("JC"))
    d.act(TAKE)
    d.move("lay TS 9S")
    d.move("2C")
    assert d.view(0).dubel == (None, None)               # no longer known to lie there
    assert set(d.view(0).dubel_seen) == set(parse_card(c) for c in ("QC", "JC"))
    assert d.view(1).dubel == (parse_card("TS"), parse_card("9S"))


@pytest.mark.parametrize(("cards", "message"), [
    ((99, parse_card("AC")), "seat 0 lays back two of his twelve cards: he does not hold 99 "
                             r"\(BETEL §3\)"),
    ((parse_card("AS"), parse_card("AS")), "seat 0 lays back two different cards, not AS "
                                           r"twice \(BETEL §3\)"),
    ((parse_card("QC"), parse_card("KC")), "he does not hold KC"),
    ((parse_card("AC"),), "seat 0 took the dubel: he lays two of his cards back first"),
])
def test_betel_3_only_two_held_cards_are_laid_back(cards: tuple[int, ...],
                                                   message: str) -> None:
    """BETEL §3: two of the twelve cards (the hand and the dubel taken) are laid back; a
    refusal names what is wrong — a card named twice, a card not held (review: all of
    them used to say "he lays two of his cards back first")."""
    d = deal(0)
    d.act(TAKE)
    with pytest.raises(IllegalMove, match=message):
        d.act(Action("lay", cards=cards))
    assert d.pos.step == "taken"


def test_betel_3_laying_back_the_same_cards_is_allowed() -> None:
    d = deal(0)
    d.act(TAKE)
    d.move("lay JC QC")
    assert sorted(d.pos.dubel) == sorted(parse_mask_cards("QC JC"))


def parse_mask_cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_betel_3_no_exchange_when_nothing_could_follow() -> None:
    """Decision: exchange is not offered when no contract or kontra could follow it."""
    d = deal(0, "szlem-BA", "kontra", "szlem-BA")
    assert d.to_act == 0
    assert d.legal_moves() == [LOOK_FIRST, LOOK_SECOND, LOOK_BOTH, PAS]
    refused(d, "take", "may not exchange")


def test_betel_3_look_1_must_name_a_dubel_card() -> None:
    refused(deal(0), "look 1 AS", "AS does not lie in the dubel")
    d = deal(0)
    d.move("look 1 #2")
    assert d.view(0).dubel == (None, parse_card("JC"))
    assert d.log[-1].action == LOOK_SECOND and LOOK_SECOND.text(RS) == "look 1 #2"


# ---------------------------------------------------------------- BETEL §4 play


def test_betel_4_declarer_leads_then_the_winner() -> None:
    d = deal(1, "pas", "pas", "1H", "pas", "pas")
    assert d.phase == "play" and d.to_act == 0


def test_betel_4_follow_and_beat_even_when_trumped_void_must_trump() -> None:
    """BETEL §4: void in clubs, seat 1 must trump; seat 2 must still beat the 9♣."""
    d = deal(0, "1H", "pas", "pas", "9C")
    assert d.legal_mask() == parse_mask("AH KH QH JH 7H")
    refused(d, "TS", "void, he must trump")
    d.move("7H")
    assert d.legal_mask() == parse_mask("KC TC")
    refused(d, "7C", "he must follow suit, higher if he can")
    d.move("KC")
    assert d.history[-1].winner == 1 and d.to_act == 1


def test_betel_4_rules_of_legal_in_each_case() -> None:
    pc = parse_card
    hand = parse_mask("KH 9H 7H AS 7C")
    # overtrump a trump already in the trick if he can
    assert legal(hand, pc("AD"), pc("AD"), pc("8H"), 2, False) == parse_mask("KH 9H")
    # else a lower trump
    assert legal(hand, pc("AD"), pc("AD"), pc("AH"), 2, False) == parse_mask("KH 9H 7H")
    # the led suit, higher if he can
    assert legal(hand, pc("8S"), pc("8S"), -1, 2, False) == parse_mask("AS")
    # no trumps: only the first rule
    assert legal(hand, pc("AD"), pc("AD"), -1, NO_TRUMPS, False) == hand
    # betel defender: follows, need not beat
    assert legal(hand, pc("8H"), pc("8H"), -1, NO_TRUMPS, True) == parse_mask("KH 9H 7H")


def test_betel_4_betel_defenders_need_not_beat_the_declarer_must() -> None:
    d = deal(0, "betel", "pas", "pas", "9C", "AH")
    assert d.legal_mask() == parse_mask("KC TC 8C 7C")   # a defender: any club
    d.move("KC")
    assert d.to_act == 2
    d.move("TC")
    assert d.legal_mask() == parse_mask("AC")           # the declarer beats the 10♣


def test_betel_4_ten_tricks_and_the_deal_ends() -> None:
    rng = random.Random(5)
    d = deal(0, "pas", "pas", "pas")
    while not d.is_over:
        d.move(rng.choice(d.legal_moves()))
    assert len(d.history) == 10 and sum(d.pos.tricks) == 10
    assert all(len(t.cards) == 3 for t in d.history)
    with pytest.raises(IllegalMove, match="the deal is over"):
        d.move("AC")


# ---------------------------------------------------------------- log, undo, clone


def test_undo_and_clone() -> None:
    """Issue 12's engine: one deal as a state with an op log, clone and undo — a kontra
    (BETEL §3) undone and said again gives the clone's position, every op undone the dealt
    one; nothing left to undo is an IndexError."""
    d = deal(0, "look 1 QC", "1C", "kontra")
    e = d.clone()
    op = d.undo()
    assert op.action == KONTRA and not d.doubled and e.doubled
    d.move("kontra")
    assert d.pos == e.pos and d.log == e.log
    while d.log:
        d.undo()
    assert d.pos == deal(0).pos
    with pytest.raises(IndexError):
        d.undo()


def test_apply_replays_a_log() -> None:
    """A random deal's op log applied to a fresh deal of the same cards reaches the same
    position and result, as a record replays (BETEL §6: scores replay exactly)."""
    rng = random.Random(9)
    d = Deal.random(RS, 1, rng)
    while not d.is_over:
        d.move(rng.choice(d.legal_moves()))
    again = Deal(RS, 1, d.dealt, d.dealt_dubel)
    for op in d.log:
        again.apply(op)
    assert again.pos == d.pos and again.result() == d.result()
