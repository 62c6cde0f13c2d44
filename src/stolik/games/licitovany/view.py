"""What one seat may know of a licitovaný deal (LICITOVANY §3, §4.3): its own hand; the
talon only as the aktér takes it; the discard only to the aktér, and to everyone after a
trump game is over (in betl and durch never, even after the game); of the play only the
trick in progress and the last finished trick; every call, but not which cards were laid
away; the announced hlášky; how many cards each seat holds.

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> import random
>>> d = Deal.random(load_ruleset(), 2, random.Random(1))
>>> v = d.view(0)
>>> v.talon, v.discard, v.counts
(0, 0, (10, 10, 10))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from stolik.deal import Trick

if TYPE_CHECKING:
    from stolik.games.licitovany.state import Deal


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge: its hand, the talon and the discard where it may see them (0
    otherwise), the calls ``(seat, words)`` with a discard's cards left out, the trick in
    progress, the last finished trick, each seat's number of cards, the phase and who is
    to act, the aktér, the announced hlášky ``(seat, worth)``."""

    seat: int
    phase: str
    to_act: int | None
    hand: int
    talon: int
    discard: int
    calls: tuple[tuple[int, str], ...]
    trick: tuple[int, ...]
    last_trick: Trick | None
    counts: tuple[int, ...]
    akter: int
    hlasky: tuple[tuple[int, int], ...]


def seat_view(d: Deal, seat: int) -> SeatView:
    """What ``seat`` of deal ``d`` may know now."""
    p = d.pos
    akter = seat == p.akter
    trump_over = p.phase == "done" and p.ending == "played" and p.contract is not None \
        and not p.contract.rung.closed
    calls = tuple((d.seat_of(i), "discard" if m.kind == "discard" and not akter
                   else m.text()) for i, m in enumerate(d.log) if m.kind != "play")
    return SeatView(
        seat=seat, phase=p.phase, to_act=d.to_act, hand=p.hands[seat],
        talon=p.talon if akter else 0,
        discard=p.discard if akter or trump_over else 0,
        calls=calls, trick=p.trick, last_trick=p.tricks[-1] if p.tricks else None,
        counts=tuple(h.bit_count() for h in p.hands), akter=p.akter, hlasky=p.hlasky)
