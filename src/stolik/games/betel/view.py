"""What one seat may know in a Betel deal (BETEL §3, §4; hidden information is sacred).

A seat sees its own hand, every call, every card played and the tricks each seat took. Of
the dubel it sees only what it looked at or laid down itself: the table sees that another
seat looked, and at how many cards, or that it exchanged — never the cards (BETEL §3).
``dubel`` holds, place by place, the card this seat knows lies there now (None where it
does not: another seat's exchange makes every other seat's knowledge of the dubel stale);
``dubel_seen`` the cards it has seen in the dubel in this deal, its own memory.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.from_text(load_ruleset(), 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> d.move("look 1 7H")
>>> d.move("pas")
>>> v0, v1 = d.view(0), d.view(1)
>>> v0.dubel, v1.dubel, v0.calls, v1.calls
((None, 23), (None, None), ((0, 'look 1 7H'), (0, 'pas')), ((0, 'look 1'), (0, 'pas')))
>>> v1.peek                       # public: he looked at one card and passed
(5, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from stolik.games.betel.deck import ASCII_NAMES, cards_of
from stolik.games.betel.ruleset import Contract

if TYPE_CHECKING:
    from stolik.games.betel.state import Deal, Move, Phase, Step, Trick


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge. ``calls``: the auction as this seat saw it, ``(seat, text)``
    per step; ``trick``: the trick in progress as ``(seat, card)``; ``history``: the
    finished tricks (every card played was shown to all); ``taken``: tricks by seat;
    ``peek``: the peeking costs so far (public, BETEL §3); ``ruleset``: the ruleset as
    :func:`~stolik.games.betel.ruleset.load_ruleset` finds it — a shipped id, or a club
    file's path (its id alone would not be found: the bots load the rules by it)."""

    seat: int
    dealer: int
    ruleset: str
    phase: Phase
    step: Step
    to_act: int | None
    hand: tuple[int, ...]
    dubel: tuple[int | None, ...]
    dubel_seen: tuple[int, ...]
    calls: tuple[tuple[int, str], ...]
    contract: Contract | None
    declarer: int | None
    doubled: bool
    trump: int | None
    trick: tuple[tuple[int, int], ...]
    history: tuple[Trick, ...]
    taken: tuple[int, int, int]
    peek: tuple[int, int, int]
    legal: tuple[Move, ...]


def _calls(deal: Deal, seat: int) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...]]:
    """The auction as ``seat`` saw it, and the dubel cards it saw (in order, once each)."""
    rs = deal.rs
    out: list[tuple[int, str]] = []
    seen: list[int] = []
    dubel = deal.dealt_dubel
    for op in deal.log:
        a = op.action
        if op.kind != "action" or a is None:
            continue
        own = op.seat == seat
        if a.kind == "look":
            text = f"look {a.n}"
            if own:
                looked = [op.card] if a.n == 1 else list(dubel)
                seen += [c for c in looked if c not in seen]
                text += " " + " ".join(ASCII_NAMES[c] for c in looked) if a.n == 1 else ""
        elif a.kind == "take":
            text = "take"
            if own:
                seen += [c for c in dubel if c not in seen]
        elif a.kind == "lay":
            dubel = a.cards
            text = "lay " + " ".join(ASCII_NAMES[c] for c in a.cards) if own else "lay"
            if own:
                seen += [c for c in a.cards if c not in seen]
        else:
            text = a.text(rs)
        out.append((op.seat, text))
    return tuple(out), tuple(seen)


def seat_view(deal: Deal, seat: int) -> SeatView:
    """Build ``seat``'s :class:`SeatView` of ``deal``."""
    p = deal.pos
    calls, seen = _calls(deal, seat)
    known = p.knows[seat]
    contract = deal.contract
    return SeatView(
        seat=seat, dealer=deal.dealer, ruleset=deal.rs.ref, phase=p.phase, step=p.step,
        to_act=deal.to_act, hand=tuple(cards_of(p.hands[seat])),
        dubel=tuple(c if known >> i & 1 else None for i, c in enumerate(p.dubel)),
        dubel_seen=seen, calls=calls, contract=contract, declarer=deal.declarer,
        doubled=p.doubled,
        trump=(p.trump if p.trump >= 0 else None) if p.phase != "auction" else None,
        trick=p.trick, history=p.history, taken=p.tricks, peek=p.peek,
        legal=tuple(deal.legal_moves()) if deal.to_act == seat else (),
    )
