"""The Betel deck: 32 French-suited cards, three hands of ten and a two-card dubel
(BETEL §1).

A card is an index 0–31: ``8 × suit + rank``, the suits in the order of the denominations
(``C`` trefl, ``D`` karo, ``H`` kier, ``S`` pik — BETEL §1) and the ranks ``A K Q J 10 9 8
7``, highest first, so that within a suit a lower index is a higher card. A set of cards is
a 32-bit mask, bit *i* for card *i* (:mod:`stolik.cards`). Records write ``AS``, ``TD``,
``7C`` (BETEL §6); ``10`` is read for ``T``.

>>> parse_card("AC"), parse_card("7S"), parse_card("10h")
(0, 31, 20)
>>> name(parse_card("QD")), name(parse_card("QD"), ascii=True)
('Q♦', 'QD')
>>> format_mask(parse_mask("7S AC TH"), ascii=True)
'AC TH 7S'
>>> format_mask(HIGHER[parse_card("JH")], ascii=True)
'AH KH QH'
"""

from __future__ import annotations

from collections.abc import Iterable

from stolik.cards import Deck
from stolik.errors import CardError

SUITS = "CDHS"
"""Suit letters in the order of the denominations, low to high (BETEL §1)."""

RANKS = "AKQJT987"
"""Rank letters, highest first, the same in every suit (BETEL §1, a Decision)."""

SUIT_PICTURES = ("♣", "♦", "♥", "♠")
SUIT_NAMES = ("trefl", "karo", "kier", "pik")
"""The suits as Polish players name them (BETEL §1)."""

CARDS = 32
SEATS = 3
HAND_SIZE = 10
TRICKS = 10
DUBEL_SIZE = 2
FULL_MASK = (1 << CARDS) - 1

DECK = Deck.of(ranks=RANKS, suits=SUITS)
"""The 32 cards in index order (:class:`stolik.cards.Deck`)."""

ASCII_NAMES: tuple[str, ...] = DECK.ascii_names
NAMES: tuple[str, ...] = DECK.names

SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
"""The cards of each suit."""

HIGHER: tuple[int, ...] = tuple(((1 << c) - 1) & SUIT_MASKS[c >> 3] for c in range(CARDS))
"""``HIGHER[c]``: the cards of c's suit above it (BETEL §4: "a card of it higher")."""


def parse_card(text: str) -> int:
    """The index of the card written ``text`` (``AS``, ``10d``, ``T♦``).

    >>> parse_card("XS")
    Traceback (most recent call last):
    stolik.errors.CardError: cannot read card 'XS': write rank (A T 10 K Q J 9 8 7) then \
suit (C S H D)
    """
    return DECK.parse_card(text)


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """The cards of ``text`` (separated by spaces or commas), in order."""
    return DECK.parse(text)


def parse_mask(text: str | Iterable[str]) -> int:
    """The set of cards in ``text``; a card written twice is a :class:`CardError`."""
    return DECK.parse_mask(text)


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, highest suit order first (index order)."""
    return Deck.cards_of(mask)


def name(card: int, *, ascii: bool = False) -> str:
    """One card's text: ``A♠``, or ``AS`` with ``ascii``."""
    if isinstance(card, bool) or not isinstance(card, int) or card not in range(CARDS):
        raise CardError(f"{card!r} is not a Betel card (BETEL §1)")
    return ASCII_NAMES[card] if ascii else NAMES[card]


def format_cards(cards: Iterable[int], *, ascii: bool = False) -> str:
    """Cards in the given order, separated by spaces."""
    return DECK.format(cards, ascii=ascii)


def format_mask(mask: int, *, ascii: bool = False) -> str:
    """A set of cards in index order."""
    return DECK.format_mask(mask, ascii=ascii)


def _bytes_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``BYTE_CARDS[s][b]``: the cards of suit ``s`` whose bits within the suit's byte are
    ``b`` (the random-play kernel lists a suit's cards with one look-up)."""
    return tuple(tuple(tuple(8 * s + i for i in range(8) if b >> i & 1) for b in range(256))
                 for s in range(4))


BYTE_CARDS = _bytes_table()
