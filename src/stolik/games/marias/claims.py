"""Laying the cards down (MARIAS §4.7, seed §8), judged exactly on the real cards.

Seed §8 lets a player lay his cards down "when the card is laid" (the result can no longer
change) and the others agree; the table then checks his cards, so the verdict is taken on
the real hands: the claim stands when every legal continuation of the deal ends with the
same money. A claim that could still change the result is a renonc by the claimer
(:meth:`~stolik.games.marias.state.Deal.claim`).

The check is exact over every continuation; a position needing more than
:data:`MAX_POSITIONS` is refused as too early (play on). Two exact reductions keep the
search small:

- **Equivalent cards.** Of two cards the player to act may play, of one suit, adjacent in
  the order of play among the cards not yet in a finished trick (hands and the trick in
  progress), only one is tried when they are worth the same points (in betl and durch
  points do not count) and neither is the trump 7 (its place in the last trick is the
  sedma, MARIAS §5). Nothing can fall between them, so every continuation after one is a
  continuation after the other with the two swapped. Marriages need no exception: a king
  and svršek of one hand are both announced either way, and a king whose svršek is still
  out is never adjacent to another card of his holder's suit but through it.
- **Positions met twice** (the same hands, trick, seat to act, choosing side's points and
  soloist's tricks) are searched once; the money depends on nothing else.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), 3, ["AH TH KH OH UH 9H 8H 7H",
...     "AL TL KL OL UL 9L 8L 7L", "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"])
>>> for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry", "sto sedma",
...           "nic", "nic", "nic", "pass", "pass", "pass", "pass"]:
...     d.move(m)
>>> claim_outcome(d, 0).payouts     # eight hearts at the first trick: sám, sto, sedma
(2160, -720, -720, -720)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stolik.errors import IllegalMove
from stolik.games.marias.deck import CARD_POINTS, SEVEN, card, cards_of
from stolik.games.marias.play import HIGHER, NO_TRUMPS

if TYPE_CHECKING:
    from stolik.games.marias.scoring import DealResult
    from stolik.games.marias.state import Deal

MAX_POSITIONS = 20_000
"""Positions searched at most; a claim needing more is refused as too early to judge."""


class _Differs(Exception):
    """Two continuations end with different money."""


def representatives(allowed: int, live: int, trump: int) -> int:
    """``allowed`` less the cards equivalent to a higher one kept (see the module notes):
    ``live`` holds every card not yet in a finished trick.

    >>> from stolik.games.marias.deck import mask_of, parse_cards, format_cards
    >>> from stolik.games.marias.play import NO_TRUMPS
    >>> live = mask_of(range(32))
    >>> keep = representatives(mask_of(parse_cards("AL TL KL OL 9L 7L")), live, 0)
    >>> format_cards(cards_of(keep), ascii=True)    # AT one class; K O one; 9 alone (U out)
    'AL KL 9L 7L'
    """
    seven = card(trump, SEVEN) if trump != NO_TRUMPS else -1
    higher = HIGHER[trump]
    keep = allowed
    for c in cards_of(allowed):
        if c == seven:
            continue
        above = higher[c] & live
        if not above:
            continue
        # the live card just above c: the one with every other card of ``above`` above it
        nxt = next(x for x in cards_of(above) if higher[x] & live == above & ~(1 << x))
        if (allowed >> nxt & 1 and nxt != seven
                and (trump == NO_TRUMPS or CARD_POINTS[nxt] == CARD_POINTS[c])):
            keep &= ~(1 << c)
    return keep


def claim_outcome(deal: Deal, seat: int) -> DealResult | None:
    """The deal's result if no legal continuation can change the money, else None.
    :class:`IllegalMove` when the deal is too open to judge (over :data:`MAX_POSITIONS`)."""
    d = deal.clone()
    trump, soloist = d.pos.trump, d.pos.soloist
    side0 = tuple(s for s in range(4) if d.side(s) == 0)
    seen: set[tuple[object, ...]] = set()
    results: dict[tuple[int, int, int, int], DealResult] = {}

    def walk() -> None:
        if d.is_over:
            r = d.result()
            results.setdefault(r.payouts, r)
            if len(results) > 1:
                raise _Differs
            return
        p = d.pos
        key = (p.hands, p.trick, p.to_act, sum(p.points[s] for s in side0),
               p.tricks[soloist] if soloist >= 0 else 0)
        if key in seen:
            return
        seen.add(key)
        if len(seen) > MAX_POSITIONS:
            raise IllegalMove(f"seat {seat}: too early to lay the cards down — more than "
                              f"{MAX_POSITIONS:,} positions would have to be checked; play "
                              "on (MARIAS §4.7)")
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        for _, c in p.trick:
            live |= 1 << c
        for c in cards_of(representatives(d.legal_mask(), live, trump)):
            d.play(c)
            walk()
            d.undo()

    try:
        walk()
    except _Differs:
        return None
    return next(iter(results.values()))
