"""RULES §1: cards are written rank+suit — ranks ``A T Q J`` (also ``10``, Polish ``D`` dama
and ``W`` walet), suits ``C S H D`` (also ``♣ ♠ ♥ ♦``) — and the 16-card Baśka deck with its
card points. Parsing, printing (symbols and ASCII), masks and errors for bad text."""

from __future__ import annotations

import pytest

from stolik.cards import Card, Deck, Rank, Suit, popcount
from stolik.errors import CardError, StolikError
from stolik.games.baska.deck import CARD_POINTS, DECK, TOTAL_POINTS, points

# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AH", Rank.ACE, Suit.HEARTS),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("10D", Rank.TEN, Suit.DIAMONDS),
        ("QC", Rank.QUEEN, Suit.CLUBS),
        ("JS", Rank.JACK, Suit.SPADES),
        ("A♥", Rank.ACE, Suit.HEARTS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        ("J♠", Rank.JACK, Suit.SPADES),
    ],
)
def test_rules_1_card_text_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    """RULES §1: a card is rank+suit; ``T`` and ``10`` are the ten, symbols are suits."""
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["ah", "Ah", "aH", "td", "10d", "t♦", "qc", "js"])
def test_rules_1_card_text_is_case_insensitive(text: str) -> None:
    """RULES §1: card text is read regardless of case."""
    assert Card.parse(text) == Card.parse(text.upper())


@pytest.mark.parametrize(
    ("polish", "english"),
    [("DC", "QC"), ("D♠", "QS"), ("dh", "QH"), ("DD", "QD"),
     ("WC", "JC"), ("W♠", "JS"), ("wh", "JH"), ("WD", "JD")],
)
def test_rules_1_polish_aliases_dama_and_walet(polish: str, english: str) -> None:
    """RULES §1 glossary: D = dama (queen), W = walet (jack); ``DD`` is the dama of karo."""
    assert Card.parse(polish) == Card.parse(english)


def test_rules_1_parse_surrounding_space_and_text_variant_symbols() -> None:
    """RULES §1: a card with spaces around it, and the outline suit symbols, still read."""
    assert Card.parse("  AH ") == Card(Rank.ACE, Suit.HEARTS)
    assert Card.parse("Q♤") == Card(Rank.QUEEN, Suit.SPADES)
    assert Card.parse("A♡") == Card(Rank.ACE, Suit.HEARTS)
    assert Card.parse("A♥\ufe0f") == Card(Rank.ACE, Suit.HEARTS)


def test_rules_1_deck_parse_list_in_order() -> None:
    """RULES §1: a list of cards (spaces or commas) gives deck indices in the written order."""
    assert DECK.parse("AH TD 10D QC JS") == [8, 13, 13, 2, 7]
    assert DECK.parse("A♥, 10♦,d♣ w♠") == [8, 13, 2, 7]
    assert DECK.parse(["AH", "td"]) == [8, 13]
    assert DECK.parse("") == []


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("text", ["AX", "1H", "A", "AHH", "10", "11H", "H", "XX", "A H", "♥A"])
def test_rules_1_unreadable_card_text_is_refused(text: str) -> None:
    """RULES §1: text that is not rank+suit is a CardError (a ValueError) naming the text."""
    with pytest.raises(CardError, match="cannot read card") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, StolikError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["KH", "9C", "8S", "7D"])
def test_rules_1_cards_outside_the_16_card_deck_are_refused(text: str) -> None:
    """RULES §1: the Baśka deck is A, 10, Q, J only — a king or a nine is not in it."""
    Card.parse(text)  # a card in general …
    with pytest.raises(CardError, match="is not a card of this deck"):
        DECK.parse_card(text)  # … but not of this deck


def test_rules_1_bad_card_inside_a_list_is_refused() -> None:
    """RULES §1: one bad card spoils the list."""
    with pytest.raises(CardError, match="'ZZ'"):
        DECK.parse("AH ZZ TD")


def test_rules_1_card_written_twice_in_a_set_is_refused() -> None:
    """RULES §1: a set of cards (a hand) may not name a card twice, in any spelling."""
    with pytest.raises(CardError, match="AH is written twice"):
        DECK.parse_mask("AH TD ah")
    with pytest.raises(CardError, match="TD is written twice"):
        DECK.parse_mask("10D TD")


# ---------------------------------------------------------------- printing


def test_rules_1_printing_with_symbols_and_ascii() -> None:
    """RULES §1: cards print as ``A♥``/``10♦`` (symbols) or ``AH``/``TD`` (ASCII)."""
    ten = Card.parse("TD")
    assert ten.text() == "10♦"
    assert str(ten) == "10♦"
    assert ten.text(ascii=True) == "TD"
    assert repr(ten) == "Card('10♦')"
    assert Card.parse("dc").text(ascii=True) == "QC"
    assert Card.parse("w♠").text() == "J♠"


def test_rules_1_deck_order_and_names() -> None:
    """RULES §1: the deck is A, 10, Q, J in ♣ ♠ ♥ ♦ — 16 cards, suit-major."""
    assert len(DECK) == 16
    assert DECK.format_mask(DECK.full_mask, ascii=True) == (
        "AC TC QC JC AS TS QS JS AH TH QH JH AD TD QD JD")
    assert DECK.format_mask(DECK.full_mask) == (
        "A♣ 10♣ Q♣ J♣ A♠ 10♠ Q♠ J♠ A♥ 10♥ Q♥ J♥ A♦ 10♦ Q♦ J♦")
    assert DECK.name(13) == "10♦"
    assert DECK.name(13, ascii=True) == "TD"
    assert DECK[0] == Card(Rank.ACE, Suit.CLUBS)
    assert DECK.index(Card(Rank.JACK, Suit.DIAMONDS)) == 15


def test_rules_1_format_keeps_given_order_and_mask_prints_in_deck_order() -> None:
    """RULES §1: a list prints in its own order; a set (mask) prints in deck order."""
    cards = DECK.parse("JS AH TD")
    assert DECK.format(cards, ascii=True) == "JS AH TD"
    assert DECK.format(DECK.parse("TD AH JS")) == "10♦ A♥ J♠"
    # J♠ (7) < A♥ (8) < 10♦ (13) in deck order
    assert DECK.format_mask(DECK.parse_mask("TD AH JS")) == "J♠ A♥ 10♦"


def test_rules_1_suit_names() -> None:
    """RULES §1 glossary: ♣ trefl, ♠ pik, ♥ kier, ♦ karo."""
    assert [(s.letter, s.symbol, s.polish) for s in Suit] == [
        ("C", "♣", "trefl"), ("S", "♠", "pik"), ("H", "♥", "kier"), ("D", "♦", "karo")]


# ---------------------------------------------------------------- masks


def test_rules_1_masks_round_trip() -> None:
    """RULES §1: a set of cards as a bitmask, bit i = card i; round trip through text."""
    mask = DECK.parse_mask("AH TD QC JS")
    assert mask == (1 << 8) | (1 << 13) | (1 << 2) | (1 << 7)
    assert Deck.cards_of(mask) == [2, 7, 8, 13]
    assert popcount(mask) == 4
    assert DECK.parse_mask(DECK.format_mask(mask)) == mask
    assert DECK.parse_mask(DECK.format_mask(mask, ascii=True)) == mask
    assert DECK.mask_of([2, 7, 8, 13]) == mask
    assert DECK.full_mask == 0xFFFF
    assert Deck.cards_of(0) == []


def test_rules_1_deck_of_other_games() -> None:
    """The card module is generic: a 32-card deck holds K, 9, 8, 7 as well."""
    deck = Deck.of(ranks="AKQJT987", suits="CSHD")
    assert len(deck) == 32
    assert deck.parse("KH 9c 7♦") == [17, 5, 31]
    with pytest.raises(ValueError, match="twice"):
        Deck([Card.parse("AH"), Card.parse("ah")])


# ---------------------------------------------------------------- card points


def test_rules_1_card_points() -> None:
    """RULES §1: oczka A 11, 10 10, Q 3, J 2; 104 in the deck, 52 is half."""
    assert [CARD_POINTS[DECK.parse_card(c)] for c in ("AC", "TS", "QH", "JD")] == [11, 10, 3, 2]
    assert points(DECK.full_mask) == TOTAL_POINTS == 104
    assert points(DECK.parse_mask("AH TD QC JS")) == 26
    assert points(DECK.parse_mask("AC AS AH AD")) == 44
    assert points(0) == 0
