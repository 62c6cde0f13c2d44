"""Playing a card in the mariáš games (MARIAS §3, LICITOVANY §3) as bitmask tables over
the German-suited deck (:mod:`stolik.deck32`): follow, beat within the suit, trump,
overtrump; the trick's winner. Game-free: what a game adds (an announced seven kept to
the end, who leads) is the game's.

``trump`` is a suit index 0–3 in trump games and :data:`NO_TRUMPS` in betl and durch,
which also use the betl order (the ten below the spodek, MARIAS §2, LICITOVANY §2).

>>> from stolik.deck32 import parse_card as pc, parse_mask, format_mask
>>> hand = parse_mask("KH 9H AL 7B")
>>> format_mask(legal(hand, pc("OH"), pc("OH"), 0), ascii=True)   # must beat the O with the K
'KH'
>>> format_mask(legal(hand, pc("TB"), pc("TB"), 0), ascii=True)   # follows with the 7
'7B'
>>> format_mask(legal(hand, pc("AA"), pc("AA"), 0), ascii=True)   # no žaludy: must trump
'KH 9H'
>>> format_mask(legal(hand, pc("AA"), pc("AA"), NO_TRUMPS), ascii=True)  # betl: any card
'KH 9H AL 7B'
>>> trick_winner([pc("TB"), pc("AB"), pc("7H"), pc("KB")], 0)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from stolik.deck32 import CARDS, HIGHER_BETL_ORDER, HIGHER_TRUMP_ORDER, SUIT_MASKS

NO_TRUMPS = 4
"""The ``trump`` of betl and durch (no trumps)."""


def _beats_table() -> tuple[tuple[int, ...], ...]:
    out = []
    for trump in range(5):
        higher = HIGHER_BETL_ORDER if trump == NO_TRUMPS else HIGHER_TRUMP_ORDER
        row = []
        for c in range(CARDS):
            beats = higher[c]
            if trump != NO_TRUMPS and c >> 3 != trump:
                beats |= SUIT_MASKS[trump]
            row.append(beats)
        out.append(tuple(row))
    return tuple(out)


BEATS: tuple[tuple[int, ...], ...] = _beats_table()
"""``BEATS[trump][w]``: the cards that take a trick now won by ``w`` (MARIAS §3)."""

HIGHER: tuple[tuple[int, ...], ...] = tuple(
    HIGHER_BETL_ORDER if t == NO_TRUMPS else HIGHER_TRUMP_ORDER for t in range(5))
"""``HIGHER[trump][c]``: the cards of c's suit above c in the order played."""

TRUMP_MASKS: tuple[int, ...] = (*SUIT_MASKS, 0)


def legal(hand: int, led: int, winning: int, trump: int) -> int:
    """The cards of ``hand`` that may follow a trick led with ``led`` and won by ``winning``
    (MARIAS §3 steps 2–4; the leader may play any card: do not call this for him)."""
    follow = hand & SUIT_MASKS[led >> 3]
    if follow:
        if winning >> 3 == led >> 3:  # a trick already trumped need not be beaten in L
            return (follow & HIGHER[trump][winning]) or follow
        return follow
    trumps = hand & TRUMP_MASKS[trump]
    if trumps:
        if winning >> 3 == trump:
            return (trumps & HIGHER[trump][winning]) or trumps
        return trumps
    return hand


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the lead) of the card that takes the trick: the highest trump, else
    the highest card of the led suit (MARIAS §3)."""
    beats = BEATS[trump]
    best = 0
    for i in range(1, len(cards)):
        if beats[cards[best]] >> cards[i] & 1:
            best = i
    return best
