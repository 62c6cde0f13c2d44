"""What one seat of a Baśka deal may know (RULES §3, §4, §7): his own hand, every call and
card played, the trick on the table and the last one, the tricks' counts, the contract
where it is public, and each seat's side where he can tell it — the only thing bots and
clients get of a :class:`~stolik.games.baska.state.Deal` (:meth:`Deal.view
<stolik.games.baska.state.Deal.view>`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from stolik.games.baska.calls import Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.position import Announcement, Phase, Sides, Trick
from stolik.games.baska.scoring import DECLARING, OPPOSING

if TYPE_CHECKING:
    from stolik.games.baska.state import Deal


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (RULES §3: taken tricks stay hidden, the last trick may be
    shown). ``sides[s]`` is DECLARING (0: starzy / declarer's side), OPPOSING (1), or None
    where this seat cannot yet tell."""

    seat: int
    dealer: int
    ruleset: str
    hand: tuple[int, ...]
    calls: tuple[tuple[int, str], ...]
    plays: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, int], ...]
    last_trick: Trick | None
    tricks_taken: tuple[int, int, int, int]
    phase: Phase
    to_act: int | None
    contract: str | None
    declarer: int | None
    level: int
    sides: tuple[int | None, int | None, int | None, int | None]
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[int, ...]
    laid_down: bool = False
    """The current game is announced as laid down (wykładane, RULES §7)."""
    announcements: tuple[Announcement, ...] = ()
    """Every laid-down announcement of this deal so far (public, RULES §7)."""



@lru_cache(maxsize=8192)
def _sides_by_placement(wesele_declarer: int | None, key: tuple[int, ...],
                        known: tuple[tuple[int, int], ...], viewer: int,
                        room: tuple[int, int, int, int]) -> Sides:
    """Each seat's side where every placement of the unseen key cards agrees (else None):
    ``key`` the starzy queens (a plain game: their holders are the starzy, RULES §5) or a
    wesele's partner cards (the partner is the holder of the first not held by
    ``wesele_declarer``); ``known`` (card, seat) for the key cards ``viewer`` has seen;
    ``room[s]`` how many unseen key cards seat ``s`` can still hold. Pure, so cached:
    :meth:`Deal.view` asks on every move and the answer changes only when a key card shows
    or hands run short (a server asks for hundreds of tables at once).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> Q = DECK.cards_of(load_ruleset("pucka-2019").plain.starzy)
    >>> D, O = DECLARING, OPPOSING
    >>> seen = ((Q[0], 0), (Q[1], 2))  # seat 0 holds one queen, seat 2 played the other
    >>> _sides_by_placement(None, tuple(Q), seen, 0, (0, 4, 4, 4)) == (D, O, D, O)
    True
    >>> _sides_by_placement(None, tuple(Q), ((Q[0], 0),), 0, (0, 1, 1, 1))[1:]
    (None, None, None)
    >>> _sides_by_placement(None, tuple(Q), ((Q[0], 0),), 0, (0, 0, 1, 0)) == (D, O, D, O)
    True
    >>> _sides_by_placement(None, tuple(Q), ((Q[0], 0),), 0, (0, 0, 1, 1))[1:]  # no room at 1
    (1, None, None)
    """
    unknown = [c for c in key if c not in dict(known)]
    others = [s for s in range(4) if s != viewer]
    outcomes: set[tuple[int, ...]] = set()
    for holders in product(others, repeat=len(unknown)):
        if any(holders.count(s) > room[s] for s in others):
            continue
        where = dict(known)
        where.update(zip(unknown, holders, strict=True))
        if wesele_declarer is not None:
            partner = next(where[c] for c in key if where[c] != wesele_declarer)
            team = {wesele_declarer, partner}
        else:
            team = set(where.values())
        outcomes.add(tuple(DECLARING if s in team else OPPOSING for s in range(4)))
    return tuple(  # type: ignore[return-value]
        next(iter({o[s] for o in outcomes})) if len({o[s] for o in outcomes}) == 1 else None
        for s in range(4)
    )


def seat_view(deal: Deal, seat: int) -> SeatView:
    """What ``seat`` may know now: own hand, all calls, all cards played, the trick on the
    table and the last trick, tricks counts, and each seat's side where it can tell."""
    p = deal.pos
    g = p.game
    plays = tuple((op.seat, op.card) for op in deal.log
                  if op.kind == "card" and op.card is not None)
    calls = tuple((op.seat, op.call.text(deal.rs)) for op in deal.log
                  if op.kind == "call" and op.call is not None)
    sides = known_sides(deal, seat, plays)
    contract, declarer = None, None
    a = p.auction
    if a.contract is not None:
        contract, declarer = a.contract.id, a.declarer
    elif a.laid_down:
        # An announced laid-down cicha is public, its player too (RULES §7).
        contract, declarer = "cicha", deal.cicha_seat
    elif g is not None and g.contract.kind == "cicha" and (
            seat == g.declarer or (sides.count(DECLARING) == 1 and None not in sides)):
        contract, declarer = "cicha", g.declarer
    order = deal.order
    mine = deal.to_act == seat
    return SeatView(
        seat=seat, dealer=deal.dealer, ruleset=deal.rs.id,
        hand=tuple(order.sort(DECK.cards_of(p.hands[seat]))),
        calls=calls, plays=plays, trick=p.trick,
        last_trick=p.history[-1] if p.history else None,
        tricks_taken=p.tricks, phase=deal.phase, to_act=deal.to_act,
        contract=contract, declarer=declarer, level=p.auction.level, sides=sides,
        legal_calls=tuple(deal.legal_calls()) if mine else (),
        legal_cards=tuple(deal.legal_cards()) if mine else (),
        laid_down=a.laid_down, announcements=a.announced,
    )


def known_sides(deal: Deal, viewer: int, plays: Iterable[tuple[int, int]]
                ) -> tuple[int | None, int | None, int | None, int | None]:
    """Sides as ``viewer`` can deduce them from his own cards and the cards played:
    every placement of the unseen key cards (the starzy queens, or the wesele partner
    cards) that fits the other hands' sizes is tried; a seat's side is known when it is
    the same in all of them. (Inferences from a failure to follow are not drawn.)"""
    plays = tuple(plays)
    p = deal.pos
    a = p.auction
    cur = p.game.contract if p.game else deal.current_game(a)
    declarer = p.game.declarer if p.game else a.declarer
    if a.contract is None and a.laid_down:  # an announced cicha: its player is public
        cur, declarer = deal.rs.cicha, deal.cicha_seat
    if cur.kind in ("solo", "honour", "cicha") and (cur.kind != "cicha" or a.laid_down):
        assert declarer is not None
        return tuple(DECLARING if s == declarer else OPPOSING  # type: ignore[return-value]
                     for s in range(4))
    key = list(cur.partner_cards) if cur.kind == "wesele" else DECK.cards_of(
        deal.rs.plain.starzy)
    known: dict[int, int] = {}
    for s, c in plays:
        if c in key:
            known[c] = s
    for c in key:
        if deal.initial_hands[viewer] >> c & 1:
            known[c] = viewer
    n_unknown = sum(c not in known for c in key)
    # How many unseen key cards each other seat can still hold: a wesele declarer's
    # unplayed black queens (public: he needed them to call it) take room in his hand.
    # More room than unseen key cards changes nothing (and keeps the cache small).
    room = [0 if s == viewer else min(p.hands[s].bit_count(), n_unknown) for s in range(4)]
    wesele = cur.kind == "wesele"
    if wesele and a.declarer is not None and a.declarer != viewer:
        played = DECK.mask_of(c for _, c in plays)
        room[a.declarer] = min(room[a.declarer], p.hands[a.declarer].bit_count()
                               - (cur.requires & ~played).bit_count())
    return _sides_by_placement(a.declarer if wesele else None, tuple(key),
                               tuple(sorted(known.items())), viewer,
                               (room[0], room[1], room[2], room[3]))


__all__ = ["SeatView", "known_sides", "seat_view"]
