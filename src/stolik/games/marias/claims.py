"""Laying the cards down (MARIAS §4.7, seed §8), judged exactly on the real cards.

Seed §8 lets a player lay his cards down "when the card is laid" (the result can no longer
change) and the others agree; the table then checks his cards, so the verdict is taken on
the real hands: the claim stands when every legal continuation of the deal ends with the
same money. A claim that could still change the result is a renonc by the claimer
(:meth:`~stolik.games.marias.state.Deal.claim`).

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), 3, ["AH TH KH OH UH 9H 8H 7H",
...     "AL TL KL OL UL 9L 8L 7L", "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"])
>>> for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry", "sto sedma",
...           "nic", "nic", "nic", "pass", "pass", "pass", "pass"]:
...     d.move(m)
>>> claim_outcome(d, 0)             # at the first trick: too open to judge
Traceback (most recent call last):
stolik.errors.IllegalMove: seat 0: too early to lay the cards down — more than 20,000 \
positions would have to be checked; play on (MARIAS §4.7)
>>> while len(d.history) < 4:
...     d.move(d.legal_moves()[0])
>>> claim_outcome(d, 0).payouts     # eight hearts: sám, sto with the 40, sedma
(2160, -720, -720, -720)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stolik.errors import IllegalMove
from stolik.games.marias.deck import cards_of

if TYPE_CHECKING:
    from stolik.games.marias.scoring import DealResult
    from stolik.games.marias.state import Deal

MAX_POSITIONS = 20_000
"""Positions searched at most; a claim needing more is refused as too early to judge."""


class _Differs(Exception):
    """Two continuations end with different money."""


def claim_outcome(deal: Deal, seat: int) -> DealResult | None:
    """The deal's result if no legal continuation can change the money, else None.
    :class:`IllegalMove` when the deal is too open to judge (over :data:`MAX_POSITIONS`)."""
    d = deal.clone()
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
        key = (p.hands, p.trick, p.to_act, p.points, p.tricks, len(p.history))
        if key in seen:
            return
        seen.add(key)
        if len(seen) > MAX_POSITIONS:
            raise IllegalMove(f"seat {seat}: too early to lay the cards down — more than "
                              f"{MAX_POSITIONS:,} positions would have to be checked; play "
                              "on (MARIAS §4.7)")
        for c in cards_of(d.legal_mask()):
            d.play(c)
            walk()
            d.undo()

    try:
        walk()
    except _Differs:
        return None
    return next(iter(results.values()))
