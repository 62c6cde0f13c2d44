"""Layouts of the hidden cards during a Mariáš bidding, for the ``expert`` bot (MARIAS §4;
hidden information: nothing here reads a hand the seat cannot see).

Before the first card nothing has been played: a layout is the seat's own hand (all eight,
or in the choice its first four and four more drawn for the chooser, MARIAS §4.1) and the
other cards dealt at random, on which every public call so far is replayed
(:func:`~stolik.games.marias.inference.replay`); a layout on which a call would not have
been legal (a sedma without the trump 7, a trhák who passed, a partner's sto without the
čtyřka …) is drawn again. :func:`bidding_layouts` returns each layout as the deal at the
seat's decision, ready for a call to be tried on it.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(4))
>>> lays = bidding_layouts(d.view(1), d.rs, 3, random.Random(0))
>>> [(x.phase, x.first_four[1] == d.first_four[1]) for x in lays]
[('choice', True), ('choice', True), ('choice', True)]
"""

from __future__ import annotations

import random

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import FULL_MASK, SUIT_MASKS, SUITS, cards_of, parse_card
from stolik.games.marias.inference import replay
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView

__all__ = ["bidding_layouts", "public_moves"]


def public_moves(view: SeatView) -> tuple[list[tuple[int, Move | str]], int, int]:
    """The calls to replay, the suit chosen as trumps and the called card (−1: none yet)."""
    out: list[tuple[int, Move | str]] = []
    suit = called = -1
    for s, text in view.calls:
        if text.startswith("trump="):
            suit = SUITS.index(text.split()[0][-1])
            called = parse_card(text.split("call=")[1])
            laid = view.trump_card if view.trump_card is not None else -1
            out.append((s, Call("choose", card=laid, called=called)))
        else:
            out.append((s, text))
    return out, suit, called


def _one(view: SeatView, rs: Ruleset, rng: random.Random,
         moves: list[tuple[int, Move | str]], suit: int, called: int) -> Deal | None:
    me = view.seat
    mine = sum(1 << c for c in view.hand)
    rest = cards_of(FULL_MASK & ~mine)
    rng.shuffle(rest)
    if view.phase == "choice":  # the chooser sees his first four only (MARIAS §4.1)
        dealt: list[list[int]] = [[], [], [], []]
        dealt[me] = [*view.hand, *sorted(rest[:4])]
        others = rest[4:]
        for i, s in enumerate(x for x in range(4) if x != me):
            dealt[s] = sorted(others[8 * i: 8 * i + 8])
        return Deal(rs, view.dealer, dealt)
    hands = [0, 0, 0, 0]
    hands[me] = mine
    for i, s in enumerate(x for x in range(4) if x != me):
        hands[s] = sum(1 << c for c in rest[8 * i: 8 * i + 8])
    laid = view.trump_card if view.trump_card is not None else -1
    if suit >= 0 and laid < 0:  # any card of the chosen suit but the called one
        spare = hands[view.chooser] & SUIT_MASKS[suit] & ~(1 << called)
        if not spare:
            return None
        laid = rng.choice(cards_of(spare))
    d = replay(rs, view.dealer, hands, moves, laid=laid)
    if d is None or d.to_act != me or d.phase != view.phase:
        return None
    return d


def bidding_layouts(view: SeatView, rs: Ruleset, n: int, rng: random.Random,
                    tries: int = 40) -> list[Deal]:
    """Up to ``n`` deals at the seat's decision, each a layout consistent with its hand and
    the public calls (module notes); fewer only when ``tries × n`` draws found fewer."""
    if view.phase == "play":
        raise ValueError("bidding layouts are drawn before the play (MARIAS §4)")
    moves, suit, called = public_moves(view)
    out: list[Deal] = []
    for _ in range(tries * n):
        d = _one(view, rs, rng, moves, suit, called)
        if d is not None:
            out.append(d)
            if len(out) == n:
                break
    return out
