"""Playing a card (MARIAS §3) as bitmask tables: follow, beat within the suit, trump,
overtrump; the trick's winner; the announced seven kept to the end.

``trump`` is a suit index 0–3 in trump games and :data:`NO_TRUMPS` in betl and durch,
which also use the betl order (the ten below the spodek, MARIAS §2). The tables and the
rule are the mariáš games' shared core (:mod:`stolik.tricks32`); the seven kept to the end
is this game's.

>>> from stolik.games.marias.deck import parse_card as pc, parse_mask, format_mask
>>> hand = parse_mask("KH 9H AL 7B")
>>> format_mask(legal(hand, pc("OH"), pc("OH"), 0), ascii=True)   # must beat the O with the K
'KH'
>>> format_mask(legal(hand, pc("AA"), pc("AA"), 0), ascii=True)   # no žaludy: must trump
'KH 9H'
>>> trick_winner([pc("TB"), pc("AB"), pc("7H"), pc("KB")], 0)
2
"""

from __future__ import annotations

from stolik.games.marias.deck import SEVEN
from stolik.tricks32 import BEATS, HIGHER, NO_TRUMPS, TRUMP_MASKS, legal, trick_winner

__all__ = ["BEATS", "HIGHER", "NO_TRUMPS", "TRUMP_MASKS", "keep_seven", "legal",
           "trick_winner"]


def keep_seven(cards: int, trump: int, tricks_left: int) -> int:
    """``cards`` less the trump 7 of an announced sedma before the last trick, unless it is
    the only card allowed (MARIAS §3).

    >>> from stolik.games.marias.deck import parse_mask, format_mask
    >>> format_mask(keep_seven(parse_mask("7H AL"), 0, 3), ascii=True)
    'AL'
    >>> format_mask(keep_seven(parse_mask("7H"), 0, 3), ascii=True)
    '7H'
    """
    seven = 1 << (8 * trump + SEVEN)
    if tricks_left > 1 and cards & seven and cards != seven:
        return cards & ~seven
    return cards

