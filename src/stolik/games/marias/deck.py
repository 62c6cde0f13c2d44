"""The Mariáš deck: 32 German-suited cards, their names, orders and points (MARIAS §1, §2).

A card is an index 0–31: ``8 × suit + rank`` with the suits in the order of MARIAS §1
(``H`` červené, ``L`` zelené, ``B`` kule, ``A`` žaludy) and the ranks in the trump-game
order ``A T K O U 9 8 7`` (MARIAS §2), so that a lower rank index is a higher card in a
trump game. A set of cards is a 32-bit mask, bit *i* for card *i* (as in
:mod:`stolik.cards`, whose :class:`~stolik.cards.Deck` holds only French suits). The deck is
the mariáš games' shared core (:mod:`stolik.deck32`); this module adds čtyřka's deal
sizes (four hands of eight, eight tricks).

Records write ``AH``, ``TL``, ``OB``, ``7A`` (MARIAS §1); ``10`` is read for ``T``. People
see Czech names and suit pictures; the ASCII form is the fallback.

>>> parse_card("AH"), parse_card("7A"), name(parse_card("OB"), ascii=True)
(0, 31, 'OB')
>>> HANDS * CARDS_PER_HAND == CARDS, TRICKS
(True, 8)
"""

from __future__ import annotations

from stolik.deck32 import (
    ACE,
    ASCII_NAMES,
    BETL_ORDER,
    CARD_HINT,
    CARD_POINTS,
    CARDS,
    EIGHT,
    FULL_MASK,
    HEARTS,
    HIGHER_BETL_ORDER,
    HIGHER_TRUMP_ORDER,
    KING,
    LAST_TRICK_BONUS,
    NAMES,
    NINE,
    OBER,
    RANK_LABELS,
    RANK_NAMES,
    RANKS,
    SEVEN,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_PICTURES,
    SUITS,
    TEN,
    TOTAL_POINTS,
    UNTER,
    card,
    cards_of,
    czech,
    format_cards,
    format_mask,
    marriage_cards,
    marriages_in,
    mask_of,
    name,
    parse_card,
    parse_cards,
    parse_mask,
    points,
    rank_of,
    suit_of,
)

__all__ = ["ACE", "ASCII_NAMES", "BETL_ORDER", "CARDS", "CARDS_PER_HAND", "CARD_HINT",
           "CARD_POINTS", "EIGHT", "FULL_MASK", "HANDS", "HEARTS", "HIGHER_BETL_ORDER",
           "HIGHER_TRUMP_ORDER", "KING", "LAST_TRICK_BONUS", "NAMES", "NINE", "OBER", "RANKS",
           "RANK_LABELS", "RANK_NAMES", "SEVEN", "SUITS", "SUIT_MASKS", "SUIT_NAMES",
           "SUIT_PICTURES", "TEN", "TOTAL_POINTS", "TRICKS", "UNTER", "card", "cards_of", "czech",
           "format_cards", "format_mask", "marriage_cards", "marriages_in", "mask_of", "name",
           "parse_card", "parse_cards", "parse_mask", "points", "rank_of", "suit_of"]

HANDS = 4
CARDS_PER_HAND = 8
TRICKS = 8
