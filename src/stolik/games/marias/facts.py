"""What the public play shows about the cards a seat does not hold (MARIAS §3, §4.6;
hidden information): shared by the claimer's check (:mod:`stolik.games.marias.claims`) and
the ``pimc`` bot (:mod:`stolik.games.marias.sampling`), through
:mod:`stolik.games.marias.inference`.

- :func:`trick_facts` — the cards a play shows its player not to hold any more. MARIAS §3
  obliges a follower to follow the led suit L, to beat a trick won in L, else to trump and
  to overtrump: a card off L shows a void in L; off L and not a trump, a void in trumps as
  well; a card of L below the winning L card shows no L card above it; a trump below a
  winning trump, played for want of L, shows no trump above it. (An announced sedma's 7
  changes nothing: when it is the only trump the rules force it out.) Marriages are the
  engine's (MARIAS §4.6): a king or svršek played with no marriage recorded for its
  player shows that he did not hold the other card of the pair.

>>> from stolik.games.marias.deck import parse_card as pc, format_mask
>>> forbidden = [0, 0, 0, 0]
>>> trick_facts(0, [(0, pc("KL")), (1, pc("9L")), (2, pc("7B")), (3, pc("8H"))], forbidden)
>>> format_mask(forbidden[1], ascii=True)     # followed below the K: no A or 10 of leaves
'AL TL'
>>> format_mask(forbidden[2], ascii=True)     # neither leaves nor hearts (trumps)
'AH TH KH OH UH 9H 8H 7H AL TL KL OL UL 9L 8L 7L'
>>> format_mask(forbidden[3], ascii=True)     # trumped: void in leaves only
'AL TL KL OL UL 9L 8L 7L'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stolik.games.marias.deck import KING, OBER, SUIT_MASKS, marriage_cards
from stolik.games.marias.play import BEATS, HIGHER, NO_TRUMPS

__all__ = ["marriage_facts", "play_fact", "trick_facts"]


def play_fact(trump: int, led: int, win: int, c: int) -> int:
    """The cards a follower playing ``c`` to a trick led with ``led`` and won so far by
    ``win`` is shown not to hold (MARIAS §3; see the module notes)."""
    suit = SUIT_MASKS[led >> 3]
    if not suit >> c & 1:
        out = suit  # MARIAS §3.2: void in the led suit
        if trump != NO_TRUMPS:
            trumps = SUIT_MASKS[trump]
            if not trumps >> c & 1:
                out |= trumps  # §3.3: no trump either
            elif win >> 3 == trump and not BEATS[trump][win] >> c & 1:
                out |= HIGHER[trump][win]  # §3.3: could not overtrump
        return out
    if win >> 3 == led >> 3 and not BEATS[trump][win] >> c & 1:
        return HIGHER[trump][win]  # §3.2: could not beat in the suit
    return 0


def trick_facts(trump: int, plays: Sequence[tuple[int, int]], forbidden: list[int]) -> None:
    """Add to ``forbidden[seat]`` the cards each follower of one trick (``plays``: seat and
    card in play order, the lead first) is shown not to hold after his play (MARIAS §3)."""
    if not plays:
        return
    led = plays[0][1]
    win = led
    for seat, c in plays[1:]:
        forbidden[seat] |= play_fact(trump, led, win, c)
        if BEATS[trump][win] >> c & 1:
            win = c


def marriage_facts(trump: int, plays: Iterable[tuple[int, int]],
                   marriages: Sequence[tuple[int, int]], forbidden: list[int]) -> None:
    """Add to ``forbidden`` the other card of each king or svršek played without a marriage
    recorded for its player (MARIAS §4.6: the engine announces every pair held)."""
    if trump == NO_TRUMPS:
        return
    for seat, c in plays:
        if c & 7 in (KING, OBER) and (seat, c >> 3) not in marriages:
            forbidden[seat] |= marriage_cards(c >> 3) & ~(1 << c)
