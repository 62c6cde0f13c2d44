"""Audit of issue 12, the play (BETEL §1 ranks, §4 obligations, leads and tricks).

A second reading of BETEL §4, written here from the spec's letter (not from the engine's
masks): the cards a player may play, and who takes a trick. Whole random deals under every
kind of contract (trumps, bez atu, betelki, betel, all-pass) are played by the engine, and at
every card its legal cards must be the referee's; every trick's leader and winner too."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.betel.deck import ASCII_NAMES, SUITS, parse_card, parse_mask
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal
from test_betel_audit_ruleset_keys import HANDS

RS = load_ruleset("gps-2022")
ORDER = "AKQJT987"
"""BETEL §1: A K Q J 10 9 8 7, high to low, in every suit — written here, not imported."""


def suit(card: int) -> str:
    return ASCII_NAMES[card][1]


def rank(card: int) -> int:
    """Higher is better."""
    return len(ORDER) - ORDER.index(ASCII_NAMES[card][0])


def referee_legal(hand: set[int], trick: list[int], trump: str | None,
                  free: bool) -> set[int]:
    """BETEL §4: follow the led suit, higher than its highest card in the trick if he can
    (even when trumped; not for a Betel defender, ``free``); void, trump — higher than a
    trump in the trick if he can, else a lower one; no trump in hand, any card. No-trump
    deals: the first rule only."""
    if not trick:
        return set(hand)
    led = suit(trick[0])
    follow = {c for c in hand if suit(c) == led}
    if follow:
        if free:
            return follow
        top = max(rank(c) for c in trick if suit(c) == led)
        return {c for c in follow if rank(c) > top} or follow
    if trump is None:
        return set(hand)
    trumps = {c for c in hand if suit(c) == trump}
    if not trumps:
        return set(hand)
    played = [rank(c) for c in trick if suit(c) == trump]
    if played:
        return {c for c in trumps if rank(c) > max(played)} or trumps
    return trumps


def referee_winner(cards: list[int], trump: str | None) -> int:
    """BETEL §4: the highest trump, else the highest card of the led suit (its index)."""
    trumps = [i for i, c in enumerate(cards) if suit(c) == trump]
    pool = trumps or [i for i, c in enumerate(cards) if suit(c) == suit(cards[0])]
    return max(pool, key=lambda i: rank(cards[i]))


CONTRACTS = ["pas", "1C", "2D", "3H", "szlemik-S", "1BA", "betelek-3", "betelek-0", "betel"]


@pytest.mark.parametrize("word", CONTRACTS)
def test_betel_audit_4_every_card_follows_a_second_reading_of_the_obligations(
        word: str) -> None:
    """BETEL §4 card by card, on random deals: the engine allows exactly the referee's
    cards; the declarer leads the first trick (the dealer in an all-pass deal), then each
    trick's winner; the trick goes to the highest trump, else the highest of the led suit;
    ten tricks, the dubel never played."""
    rng = random.Random(word)
    forced = chosen = 0
    for n in range(12):
        d = Deal.random(RS, n % 3, rng)
        for m in (["pas"] * 3 if word == "pas" else [word, "pas", "pas"]):
            d.move(m)
        c = d.contract
        trump = None if c is None or c.trump < 0 else SUITS[c.trump]
        free = c is not None and c.defenders_free
        leader = d.dealer if c is None else d.declarer
        while not d.is_over:
            trick: list[int] = []
            assert d.to_act == leader
            for _ in range(3):
                seat = d.to_act
                assert seat is not None
                hand = {x for x in range(32) if d.hands[seat] >> x & 1}
                want = referee_legal(hand, trick, trump, free and seat != d.declarer)
                got = {m for m in d.legal_moves() if isinstance(m, int)}
                assert got == want, (word, n, seat, sorted(got), sorted(want))
                forced += len(want) < len(hand)
                card = rng.choice(sorted(want))
                chosen += 1
                d.play(card)
                trick.append(card)
            last = d.history[-1]
            assert list(last.cards) == trick and last.leader == leader
            assert last.winner == (leader + referee_winner(trick, trump)) % 3
            leader = last.winner
        played = {x for t in d.history for x in t.cards}
        assert len(d.history) == 10 and len(played) == 30
        assert played.isdisjoint(d.pos.dubel)           # the dubel stays out of play
    assert chosen == 12 * 30 and forced > 100


def test_the_play_referee_can_fail() -> None:
    """The referee is no stub: it demands the 10 be beaten by the J, not the 9; it makes a
    void player overtrump; in no trumps it lets him discard; a Betel defender only follows."""
    pc = parse_card
    hand = {pc("JH"), pc("9H"), pc("KS"), pc("7S"), pc("AC")}
    assert referee_legal(hand, [pc("TH")], None, False) == {pc("JH")}
    assert referee_legal(hand, [pc("TH")], None, True) == {pc("JH"), pc("9H")}
    assert referee_legal(hand, [pc("AD"), pc("QS")], "S", False) == {pc("KS")}
    assert referee_legal(hand, [pc("AD"), pc("AS")], "S", False) == {pc("KS"), pc("7S")}
    assert referee_legal(hand, [pc("AD")], None, False) == hand
    assert referee_winner([pc("9D"), pc("AS"), pc("TD")], None) == 2
    assert referee_winner([pc("9D"), pc("7S"), pc("AD")], "S") == 1


@pytest.mark.parametrize("letter", SUITS)
def test_betel_audit_1_the_ten_ranks_below_the_jack_in_every_suit(letter: str) -> None:
    """BETEL §1 (Decision): A K Q J 10 9 8 7 in every suit — the 10 is no high card here.
    The 10 led in an all-pass deal: the player holding the J and the 9 must beat it, with
    the J alone, and the J takes the trick over the 8."""
    def cards(ranks: str) -> list[str]:
        return [r + letter for r in ranks]

    others = [name for name in ASCII_NAMES if name[1] != letter]
    hands = [[*cards("TAKQ7"), *others[:5]], [*cards("J9"), *others[5:13]],
             [*cards("8"), *others[13:22]]]
    d = Deal.from_text(RS, 0, [" ".join(h) for h in hands], " ".join(others[22:]))
    for m in ("pas", "pas", "pas", "T" + letter):
        d.move(m)
    assert d.legal_mask() == parse_mask("J" + letter)
    with pytest.raises(IllegalMove, match="he must follow suit, higher if he can"):
        d.move("9" + letter)
    d.move("J" + letter)
    d.move("8" + letter)
    assert d.history[-1].winner == 1


def test_betel_audit_4_the_dubel_stays_out_of_play() -> None:
    """BETEL §4: the cards an exchange laid back are out of play (refused: not held); the
    two it took are played like any other card of the hand."""
    d = Deal.from_text(RS, 0, HANDS, "QC JC")
    for m in ("take", "lay AD KD", "1S", "pas", "pas"):
        d.move(m)
    with pytest.raises(IllegalMove, match="seat 0 does not hold AD"):
        d.move("AD")
    d.move("QC")
    while not d.is_over:
        d.move(d.legal_moves()[0])
    played = {x for t in d.history for x in t.cards}
    assert parse_card("JC") in played and not played & {parse_card("AD"), parse_card("KD")}
