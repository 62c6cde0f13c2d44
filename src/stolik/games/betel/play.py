"""Playing a card in Betel (BETEL §4) on bitmasks: follow suit and beat within it, trump and
overtrump, the Betel defenders' exemption, the trick's winner.

``trump`` is a suit 0–3, or :data:`~stolik.games.betel.ruleset.NO_TRUMPS` (bez atu, every
betelek, betel, an all-pass deal), where only the first rule applies. ``best_led`` is the
highest card of the led suit in the trick, ``best_trump`` the highest trump played to a
trick of another suit (-1: none).

>>> from stolik.games.betel.deck import parse_card as pc, parse_mask, format_mask
>>> hand = parse_mask("KH 9H AS 7C")
>>> format_mask(legal(hand, pc("QH"), pc("QH"), -1, 0, False), ascii=True)  # beat the Q
'KH'
>>> format_mask(legal(hand, pc("QH"), pc("QH"), pc("8S"), 3, False), ascii=True)  # trumped:
'KH'
>>> format_mask(legal(hand, pc("AD"), pc("AD"), pc("8S"), 3, False), ascii=True)  # over
'AS'
>>> format_mask(legal(hand, pc("AD"), pc("AD"), -1, -1, False), ascii=True)  # bez atu: any
'7C KH 9H AS'
>>> format_mask(legal(hand, pc("QH"), pc("QH"), -1, -1, True), ascii=True)  # betel defender
'KH 9H'
"""

from __future__ import annotations

from stolik.games.betel.deck import HIGHER, SUIT_MASKS


def legal(hand: int, led: int, best_led: int, best_trump: int, trump: int,
          free: bool) -> int:
    """The cards of ``hand`` a follower may play to a trick led with ``led`` (BETEL §4):
    a card of the led suit, higher than ``best_led`` if he has one (even when the trick is
    already trumped); void, a trump, higher than ``best_trump`` if he has one; else any.
    ``free``: a Betel defender, who only follows suit."""
    follow = hand & SUIT_MASKS[led >> 3]
    if follow:
        if free:
            return follow
        return (follow & HIGHER[best_led]) or follow
    if free or trump < 0:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if best_trump >= 0:
        return (trumps & HIGHER[best_trump]) or trumps
    return trumps


def beats(card: int, best_led: int, best_trump: int, trump: int) -> bool:
    """Whether ``card`` now wins the trick whose best cards are ``best_led`` and
    ``best_trump`` (BETEL §4: the highest trump, else the highest card of the led suit).

    >>> from stolik.games.betel.deck import parse_card as pc
    >>> beats(pc("7S"), pc("AH"), -1, 3), beats(pc("KH"), pc("AH"), -1, 3)
    (True, False)
    """
    if best_trump >= 0:
        return card >> 3 == trump and bool(HIGHER[best_trump] >> card & 1)
    if card >> 3 == best_led >> 3:
        return bool(HIGHER[best_led] >> card & 1)
    return trump >= 0 and card >> 3 == trump
