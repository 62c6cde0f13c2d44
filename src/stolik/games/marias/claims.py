"""Laying the cards down (MARIAS §4.7, seed §8), judged from the claimer's information.

MARIAS §4.7 lets a player lay his cards down "when the result can no longer change" and
says the engine checks it exactly, like Baśka's: the verdict must not tell the claimer
anything about cards he cannot see, so it is decided over every deal he cannot tell from
the real one — every layout of the unseen cards on which the whole public history (every
call and every card, played face up) replays legally to the very view he has
(:func:`claimer_worlds`) — never on the real hands alone. The claim stands when in every
such deal every legal continuation ends with one and the same money
(:func:`claim_verdict`); then the deal is settled as the real cards end it. Otherwise the
lay-down is a renonc by the claimer (:meth:`~stolik.games.marias.state.Deal.claim`; seed
§8: "zaplatí hru + RENONC"). :func:`claim_outcome` is the same question on the real
hands only (the table's check once the cards lie open).

The check is exact; more than :data:`MAX_WORLDS` layouts or :data:`MAX_CLAIM_POSITIONS`
positions in all (:data:`MAX_POSITIONS` on the real hands alone) is refused as too early
(play on). Two exact reductions keep the search small:

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
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import CARD_POINTS, FULL_MASK, SEVEN, SUIT_MASKS, card, cards_of
from stolik.games.marias.facts import marriage_facts, trick_facts
from stolik.games.marias.play import HIGHER, NO_TRUMPS
from stolik.i18n import Msg

if TYPE_CHECKING:
    from stolik.games.marias.scoring import DealResult
    from stolik.games.marias.state import Deal, Move

MAX_POSITIONS = 20_000
"""Positions searched at most on the real hands (:func:`claim_outcome`)."""

MAX_WORLDS = 1_000
"""Layouts of the unseen cards tried at most for a claim; more is too early to judge."""

MAX_CLAIM_POSITIONS = 50_000
"""Positions searched at most over all the claimer's layouts; more is too early."""


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
    """The deal's result if no legal continuation **of the real hands** can change the money,
    else None. :class:`IllegalMove` when the deal is too open to judge (over
    :data:`MAX_POSITIONS`). The table's check once the cards lie open; the verdict on a
    claim is :func:`claim_verdict`'s, from the claimer's information."""
    results: dict[tuple[int, int, int, int], DealResult] = {}
    try:
        _walk(deal.clone(), results, [0], MAX_POSITIONS, seat)
    except _Differs:
        return None
    return next(iter(results.values()))


def _too_early(seat: int, what: Msg) -> IllegalMove:
    return IllegalMove(Msg("err-ma-claim-too-early", "seat {seat}: too early to lay the cards "
                           "down — {what} would have to be checked; play on (MARIAS §4.7)",
                           seat=seat, what=what))


def _walk(d: Deal, results: dict[tuple[int, int, int, int], DealResult], count: list[int],
          limit: int, seat: int) -> None:
    """Every continuation of ``d`` (one of each set of equivalent cards): each end's money
    into ``results``; :class:`_Differs` at a second payout; ``count[0]`` positions counted
    against ``limit``."""
    trump, soloist = d.pos.trump, d.pos.soloist
    side0 = tuple(s for s in range(4) if d.side(s) == 0)
    seen: set[tuple[object, ...]] = set()

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
        count[0] += 1
        if count[0] > limit:
            raise _too_early(seat, Msg("err-ma-claim-positions", "more than {n} positions",
                                       n=format(limit, ",")))
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        for _, c in p.trick:
            live |= 1 << c
        for c in cards_of(representatives(d.legal_mask(), live, trump)):
            d.play(c)
            walk()
            d.undo()

    walk()


def claimer_worlds(deal: Deal, seat: int) -> list[Deal]:
    """Every deal ``seat`` cannot tell from ``deal`` now (the real one among them): the
    layouts of the cards he has not seen — the other hands — on which the whole history
    (every call, and every card, played face up) replays legally to the very view he has.
    A seat that did not see the laid trump card (MARIAS §4.1) has it replayed as any card
    of the chosen suit but the called card in the chooser's hand. :class:`IllegalMove`
    (too early) over :data:`MAX_WORLDS` layouts."""
    p = deal.pos
    view = deal.view(seat)
    played = [0, 0, 0, 0]
    moves: list[tuple[int, Move]] = []
    for op in deal.log:
        if op.kind == "card":
            played[op.seat] |= 1 << op.card
            moves.append((op.seat, op.card))
        elif op.kind == "call" and op.call is not None:
            moves.append((op.seat, op.call))
    choose = next((m for _, m in moves if isinstance(m, Call) and m.word == "choose"), None)
    others = [s for s in range(4) if s != seat]
    if view.open_hands is not None:  # an open betl: every hand is public (MARIAS §4.6)
        layouts: list[tuple[int, ...]] = [p.hands]
    else:
        pool = FULL_MASK & ~p.hands[seat] & ~(played[0] | played[1] | played[2] | played[3])
        forbidden = _public_facts(deal)
        layouts = []
        for three in _layouts(pool, [bin(p.hands[s]).count("1") for s in others],
                              [forbidden[s] for s in others], seat):
            hands = [p.hands[seat]] * 4
            for s, h in zip(others, three, strict=True):
                hands[s] = h
            layouts.append(tuple(hands))
    out = []
    for layout in layouts:
        initial = [layout[s] | played[s] for s in range(4)]
        laid = -1
        if choose is not None:
            laid = choose.card
            if seat != deal.chooser:  # any card of the chosen suit but the called one
                mine = initial[deal.chooser] & SUIT_MASKS[laid >> 3] & ~(1 << choose.called)
                if not mine:
                    continue
                laid = (mine & -mine).bit_length() - 1
        world = deal.replayed(deal.rs, deal.dealer, initial, moves, laid=laid,
                              paper=deal.paper)
        if world is not None and world.view(seat) == view:
            out.append(world)
    return out


def _public_facts(deal: Deal) -> list[int]:
    """The cards each seat is shown not to hold by the public play (MARIAS §3, §4.6)."""
    p = deal.pos
    forbidden = [0, 0, 0, 0]
    plays: list[tuple[int, int]] = []
    for t in p.history:
        trick = [((t.leader + i) % 4, c) for i, c in enumerate(t.cards)]
        trick_facts(p.trump, trick, forbidden)
        plays.extend(trick)
    trick_facts(p.trump, p.trick, forbidden)
    plays.extend(p.trick)
    marriage_facts(p.trump, plays, p.marriages, forbidden)
    return forbidden


def _layouts(pool: int, counts: list[int], forbidden: list[int],
             seat: int) -> list[tuple[int, ...]]:
    """Every way to deal ``pool`` into hands of ``counts`` cards avoiding ``forbidden``;
    :class:`IllegalMove` (too early) over :data:`MAX_WORLDS`."""
    cards = cards_of(pool)
    out: list[tuple[int, ...]] = []
    hands = [0, 0, 0]

    def deal_from(i: int) -> None:
        if i == len(cards):
            out.append((hands[0], hands[1], hands[2]))
            if len(out) > MAX_WORLDS:
                raise _too_early(seat, Msg("err-ma-claim-layouts", "more than {n} layouts of "
                                           "the unseen cards", n=format(MAX_WORLDS, ",")))
            return
        c = cards[i]
        for j in range(3):
            if (bin(hands[j]).count("1") < counts[j] and not forbidden[j] >> c & 1):
                hands[j] |= 1 << c
                deal_from(i + 1)
                hands[j] &= ~(1 << c)

    deal_from(0)
    return out


def claim_verdict(deal: Deal, seat: int) -> DealResult | None:
    """MARIAS §4.7 (seed §8), like Baśka's: ``seat`` may lay his cards down when the result
    can no longer change — judged from his own information: in every deal he cannot tell
    from the real one (:func:`claimer_worlds`), every legal continuation ends with one and
    the same money. Returns the real deal's result then (the table sees the cards once they
    lie open), else None (a false lay-down). :class:`IllegalMove` (too early, play on) over
    :data:`MAX_WORLDS` layouts or :data:`MAX_CLAIM_POSITIONS` positions in all."""
    count = [0]
    payouts: tuple[int, int, int, int] | None = None
    real: DealResult | None = None
    for world in claimer_worlds(deal, seat):
        local: dict[tuple[int, int, int, int], DealResult] = {}
        try:
            _walk(world, local, count, MAX_CLAIM_POSITIONS, seat)
        except _Differs:
            return None
        r = next(iter(local.values()))
        if payouts is not None and r.payouts != payouts:
            return None
        payouts = r.payouts
        if world.pos.hands == deal.pos.hands:
            real = r
    if real is None:  # pragma: no cover - the real deal is always one of the worlds
        raise AssertionError("the real deal is not among the claimer's worlds")
    return real
