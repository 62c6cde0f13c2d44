"""What one seat may know (MARIAS §2–§4; hidden information is sacred).

A seat sees its own cards (only the first four before the choice, MARIAS §2), everything
said, the trick in progress and its own last trick (MARIAS §3 last sentence, seed §9:
looking at any other finished trick is a renonc), how many tricks lie before each seat, the
marriages announced, and, in betl from the second trick, every hand (MARIAS §4.6, seed §7).
"Own last trick" is the last trick in the seat's own pile: the last one it took itself (a
partner's pile is his own), or, in betl and durch where the soloist collects every trick
(seed §7), the last finished trick for the soloist and none for the others. Card points are
not shown: a Czech table counts them only when the deal is over.

The laid trump card is known to the chooser only. The partner
(the called card's holder) is known to others only once he shows himself — by announcing,
by raising a flek, or by playing the called card — or once the public calls leave only one
seat who can be him (MARIAS §4.1, §4.3, §4.4).

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), 3, ["7A AA KA OA KH OH TL AL",
...     "AH TH 9H 8H UL 9L 8L 7L", "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
>>> v = d.view(0)
>>> from stolik.games.marias.deck import format_cards
>>> format_cards(v.hand, ascii=True)       # the chooser sees his first four only
'AA KA OA 7A'
>>> d.move("trump=7A call=TA")
>>> for _ in range(4):
...     d.move("dobry")
>>> [d.view(s).partner for s in range(4)]   # only the partner himself knows
[None, None, None, 3]
>>> d.move("sto")
>>> for text in ["nic"] * 3 + ["pass"] * 4 + ["AA", "AH", "KL", "TA", "AL", "7L", "OL", "8A"]:
...     d.move(text)
>>> [d.view(s).taken for s in range(4)]    # the piles on the table are public
[(1, 0, 0, 1), (1, 0, 0, 1), (1, 0, 0, 1), (1, 0, 0, 1)]
>>> [format_cards(t.cards, ascii=True) if (t := d.view(s).last_trick) else None
...  for s in range(4)]                     # each sees only the last trick he took himself
['AA AH KL TA', None, None, 'AL 7L OL 8A']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import cards_of
from stolik.games.marias.play import NO_TRUMPS

if TYPE_CHECKING:
    from stolik.games.marias.state import Deal, Move, Phase, Trick


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge. ``sides[s]``: 0 choosing side, 1 the others, None unknown to
    this seat; ``partner``: the called card's holder where this seat knows him (the
    chooser himself when he plays sám); ``trick``: the trick in progress as ``(seat,
    card)`` in play order; ``last_trick``: the last trick in this seat's own pile, the only
    finished trick it may look at (MARIAS §3, seed §9); ``taken``: the tricks lying before
    each seat; ``open_hands``: every unplayed hand once a betl is laid open, else None."""

    seat: int
    dealer: int
    chooser: int
    ruleset: str
    phase: Phase
    to_act: int | None
    hand: tuple[int, ...]
    trump: int | None
    trump_card: int | None
    called: int | None
    game: str
    soloist: int | None
    partner: int | None
    sides: tuple[int | None, int | None, int | None, int | None]
    calls: tuple[tuple[int, str], ...]
    levels: tuple[int, int, int]
    sedma_by: int | None
    proti_by: int | None
    trick: tuple[tuple[int, int], ...]
    last_trick: Trick | None
    taken: tuple[int, int, int, int]
    marriages: tuple[tuple[int, int], ...]
    open_hands: tuple[tuple[int, ...], ...] | None
    legal: tuple[Move, ...]


def known_sides(deal: Deal, seat: int) -> tuple[int | None, int | None, int | None, int | None]:
    """Each seat's side as ``seat`` can tell it from his own cards and the public calls and
    cards: the chooser is always of the choosing side; the called card's holder knows all;
    a raiser or announcer shows his side; when the public facts leave one seat who can hold
    the called card, everything is known (MARIAS §4.1, §4.3, §4.4)."""
    p = deal.pos
    if not p.game:
        return (None, None, None, None)
    truth = [deal.side(s) for s in range(4)]
    chooser = deal.chooser
    holder = p.partner if p.partner >= 0 else chooser
    if (p.phase == "done" or p.shown == 0b1111 or p.trump == NO_TRUMPS or seat == holder
            or p.shown >> holder & 1):
        return (truth[0], truth[1], truth[2], truth[3])
    known: list[int | None] = [None] * 4
    known[chooser] = 0
    known[seat] = truth[seat]
    for s in range(4):
        if p.shown >> s & 1:
            known[s] = truth[s]
    candidates = [s for s in range(4) if s not in (seat, chooser) and known[s] != 1]
    if seat != chooser and not any(known[s] == 0 for s in range(4) if s != chooser):
        candidates.append(chooser)  # he may hold it himself (sám)
    if len(candidates) == 1:
        return (truth[0], truth[1], truth[2], truth[3])
    return (known[0], known[1], known[2], known[3])


def own_last_trick(deal: Deal, seat: int) -> Trick | None:
    """The last finished trick in ``seat``'s own pile, the only one he may look at
    (MARIAS §3, seed §9); in betl and durch the soloist collects every trick (seed §7)."""
    p = deal.pos
    if p.game in ("betl", "durch"):
        return p.history[-1] if seat == p.soloist and p.history else None
    return next((t for t in reversed(p.history) if t.winner == seat), None)


def public_last_trick(deal: Deal) -> Trick | None:
    """The finished trick every seat may look at — the intersection of the four seats'
    :func:`own_last_trick` — and so the only one a spectator is shown (issue 24.6: a
    spectator learns nothing a seat would not). Each trick lies in one pile, and a seat may
    look at the last trick of its own pile only (MARIAS §3, seed §9), so no finished trick
    is every seat's to look at: this is None in every position of a Czech table.

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> from stolik.games.marias.state import Deal
    >>> d = Deal.from_text(load_ruleset(), 3, ["7A AA KA OA KH OH TL AL",
    ...     "AH TH 9H 8H UL 9L 8L 7L", "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
    >>> for text in ["trump=7A call=TA", "dobry", "dobry", "dobry", "dobry", "sto",
    ...              "nic", "nic", "nic", "pass", "pass", "pass", "pass",
    ...              "AA", "AH", "KL", "TA"]:
    ...     d.move(text)
    >>> own_last_trick(d, 0) is not None, public_last_trick(d)
    (True, None)
    """
    tricks = [own_last_trick(deal, s) for s in range(4)]
    first = tricks[0]
    return first if first is not None and all(t == first for t in tricks) else None


def _taken(deal: Deal) -> tuple[int, int, int, int]:
    """How many tricks lie before each seat (public: the piles are on the table)."""
    p = deal.pos
    if p.game in ("betl", "durch") and p.soloist >= 0:  # the soloist collects (seed §7)
        n = len(p.history)
        return (n if p.soloist == 0 else 0, n if p.soloist == 1 else 0,
                n if p.soloist == 2 else 0, n if p.soloist == 3 else 0)
    return p.tricks


def seat_view(deal: Deal, seat: int) -> SeatView:
    """Build ``seat``'s :class:`SeatView` of ``deal``."""
    p = deal.pos
    rs = deal.rs
    chosen = p.phase != "choice"
    if p.phase == "choice":
        hand = tuple(cards_of(deal.first_four[seat]))
    else:
        hand = tuple(cards_of(p.hands[seat]))
    sides = known_sides(deal, seat)
    everything = None not in sides
    partner: int | None = None
    if everything and p.trump != NO_TRUMPS and p.shown != 0b1111:
        partner = p.partner if p.partner >= 0 else deal.chooser
    calls: list[tuple[int, str]] = []
    for op in deal.log:
        if op.kind == "call" and op.call is not None:
            c: Call = op.call
            if c.word == "choose":  # the laid card stays face down (MARIAS §4.1)
                text = (c.text(rs.flek_names) if op.seat == seat
                        else f"trump={'HLBA'[c.card >> 3]} call=" + c.text(rs.flek_names)[-2:])
            else:
                text = c.text(rs.flek_names)
            calls.append((op.seat, text))
    open_hands = None
    if p.game == "betl" and rs.betl_open and p.history:
        open_hands = tuple(tuple(cards_of(h)) for h in p.hands)
    return SeatView(
        seat=seat, dealer=deal.dealer, chooser=deal.chooser, ruleset=rs.id, phase=p.phase,
        to_act=deal.to_act, hand=hand,
        trump=p.trump if chosen and p.trump not in (-1, NO_TRUMPS) else None,
        trump_card=p.trump_card if seat == deal.chooser and p.trump_card >= 0 else None,
        called=p.called if p.called >= 0 else None, game=p.game,
        soloist=p.soloist if p.soloist >= 0 and everything else None,
        partner=partner, sides=sides, calls=tuple(calls), levels=p.levels,
        sedma_by=p.sedma_by if p.sedma_by >= 0 else None,
        proti_by=p.proti_by if p.proti_by >= 0 else None,
        trick=p.trick, last_trick=own_last_trick(deal, seat), taken=_taken(deal),
        marriages=p.marriages,
        open_hands=open_hands,
        legal=tuple(deal.legal_moves()) if deal.to_act == seat else (),
    )
