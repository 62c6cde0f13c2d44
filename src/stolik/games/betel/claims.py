"""Claims in Betel (BETEL §4, a Decision), judged from the claimer's information only.

BETEL §4: "an interface may offer a claim, which the engine accepts only when the result is
certain from the claimer's own information; the remaining cards are then played out
automatically, so a record always holds all 30 plays."

**What "certain" means here (Decision).** The claimer cannot see two hands and the dubel.
The layouts he cannot tell from the real one are those :mod:`stolik.games.betel.sampling`
draws from: his hand, every card played, the voids the play has shown, the dubel cards he
saw (:func:`~stolik.games.betel.sampling.knowledge` — his :class:`SeatView` and nothing
else). Each layout is solved exactly (:func:`stolik.games.betel.solver.tricks`: best play
by both sides from here, the declarer against the two defenders). The claim is certain
when every layout gives the same score: the declarer's contract points (the only score
the play changes, BETEL §5), or in an all-pass deal each seat's tricks — there each seat is
solved against the other two, and the claim stands only when what the three can make for
sure adds up to every trick left, so that nobody's play can move a trick. The remaining
cards are then played by the solver for each side (each seat a card keeping its side's
best result), which ends the real deal with that very score.

One claim needs no layouts: a seat on lead each of whose cards is above every card of its
suit he cannot see, where he cannot see a trump, takes every trick left whoever holds what
and however anybody plays (nobody can follow higher or trump, BETEL §4) — the claim "the
rest are mine", accepted at any trick.

Hidden information: the verdict is computed from the set of layouts, which is a function
of the claimer's view alone (the real layout is one of them, never singled out), so a
refused claim says nothing he could not know. More than :data:`MAX_LAYOUTS` layouts is
refused as too early (the count, too, comes from his view).

>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.from_text(load_ruleset(), 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> for w in ["szlem-S", "pas", "pas"] + "AS 7C 7D KS 8C 8D QS 9C 9D JS TC TD".split():
...     d.move(w)
>>> layouts(d, 1)            # seat 1: where the 14 cards he cannot see may lie
5880
>>> verdict(d, 1)
Traceback (most recent call last):
stolik.games.betel.claims.ClaimRefused: seat 1 may claim only at his turn (BETEL §4)
>>> for w in "TS JC JD 9S QC QD 8S KC KD".split():
...     d.move(w)
>>> v = verdict(d, 0)              # 7S AH KH: the szlem is made
>>> v.scores, v.layouts
((290, 0, 0), 560)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from stolik.errors import IllegalMove
from stolik.games.betel.deck import HIGHER, SEATS, SUIT_MASKS, TRICKS
from stolik.games.betel.sampling import DUBEL, Sampler, knowledge
from stolik.games.betel.scoring import contract_points
from stolik.i18n import Msg

if TYPE_CHECKING:
    from stolik.games.betel.state import Deal

__all__ = ["MAX_LAYOUTS", "ClaimRefused", "Verdict", "best_card", "layouts", "verdict"]

MAX_LAYOUTS = 20_000
"""Layouts of the unseen cards solved at most for one claim; more is too early to judge
(each is one exact solve: about 0.3 ms once five tricks are played — 16,632 layouts in
4.7 s on a loaded machine)."""

Code = Literal["not-in-play", "not-your-turn", "too-early", "not-certain"]


class ClaimRefused(IllegalMove):
    """A claim the engine does not accept (BETEL §4); ``why`` is the verdict's code:
    ``not-in-play``, ``not-your-turn``, ``too-early`` or ``not-certain``."""

    def __init__(self, message: Msg, why: Code) -> None:
        super().__init__(message)
        self.why = why


@dataclass(frozen=True)
class Verdict:
    """An accepted claim: the score the deal will end with (BETEL §5, the peeking costs
    included), the layouts that were solved, the claimer and the length of the deal's
    log when it was judged."""

    scores: tuple[int, int, int]
    layouts: int
    seat: int
    at: int


def refuse(deal: Deal, seat: int) -> ClaimRefused | None:
    """Why ``seat`` may not claim now at all (not in the play, not his turn), or None."""
    if deal.phase != "play":
        return ClaimRefused(Msg("err-be-claim-not-in-play", "seat {seat}: a claim is made "
                                "only during the play (BETEL §4)", seat=seat), "not-in-play")
    if deal.to_act != seat:
        return ClaimRefused(Msg("err-be-claim-turn", "seat {seat} may claim only at his "
                                "turn (BETEL §4)", seat=seat), "not-your-turn")
    return None


def layouts(deal: Deal, seat: int) -> int:
    """How many layouts of the cards ``seat`` cannot see fit his view (module notes)."""
    return Sampler(deal.view(seat)).count()


def _layouts(deal: Deal, seat: int) -> Iterator[tuple[tuple[int, int, int], int]]:
    """Every layout fitting ``seat``'s view: the hands (masks, by seat) and the dubel
    (a mask), in an order that depends on the view alone."""
    s = Sampler(deal.view(seat))
    k, cards, allowed, ways = s.k, s.cards, s.allowed, s.ways
    places = s.places

    def walk(i: int, caps: tuple[int, ...], got: tuple[int, ...]
             ) -> Iterator[tuple[int, ...]]:
        if i == len(cards):
            yield got
            return
        for j in allowed[i]:
            if not caps[j]:
                continue
            room = (*caps[:j], caps[j] - 1, *caps[j + 1:])
            if ways(i + 1, room):
                yield from walk(i + 1, room,
                                (*got[:j], got[j] | 1 << cards[i], *got[j + 1:]))

    for got in walk(0, s.caps, (0, 0, 0)):
        hands = [0, 0, 0]
        hands[k.seat] = k.hand
        dubel = k.dubel_known
        for j, place in enumerate(places):
            if place == DUBEL:
                dubel |= got[j]
            else:
                hands[place] = got[j]
        yield (hands[0], hands[1], hands[2]), dubel


def _takes_the_rest(deal: Deal, seat: int) -> bool:
    """Whether ``seat``, on lead, takes every trick left whatever the others hold and play
    (module notes), judged from his view: each of his cards above every card of its suit
    he cannot see, and no trump he cannot see."""
    view = deal.view(seat)
    if view.trick:
        return False
    k = knowledge(view)
    if view.trump is not None and k.unseen & SUIT_MASKS[view.trump]:
        return False
    for suit in SUIT_MASKS:
        mine = k.hand & suit
        if mine and k.unseen & HIGHER[mine.bit_length() - 1]:  # one above his lowest
            return False
    return True


def _score(deal: Deal, tricks: tuple[int, int, int]) -> tuple[int, int, int]:
    """The deal's score (BETEL §5) when it ends with ``tricks`` by seat."""
    p = deal.pos
    scores = [-p.peek[0], -p.peek[1], -p.peek[2]]
    contract = deal.contract
    for s in range(SEATS):
        if contract is None:
            scores[s] += deal.rs.all_pass_trick * tricks[s]
        elif s == p.declarer:
            scores[s] += contract_points(deal.rs, contract, p.doubled, tricks[s])[0]
    return (scores[0], scores[1], scores[2])


def _scores(world: Deal) -> tuple[int, int, int] | None:
    """The score the deal ends with under best play from here (BETEL §5), or None in an
    all-pass deal where the seats' sure tricks leave some trick open (module notes)."""
    from stolik.games.betel.solver import tricks

    if world.contract is None:  # all-pass: each seat against the other two
        sure = [tricks(world, s) for s in range(SEATS)]
        if sum(sure) != TRICKS:
            return None
        return _score(world, (sure[0], sure[1], sure[2]))
    final = list(world.pos.tricks)
    final[world.pos.declarer] = tricks(world)
    return _score(world, (final[0], final[1], final[2]))


def verdict(deal: Deal, seat: int) -> Verdict:
    """Judge ``seat``'s claim in ``deal`` (module notes), changing nothing:
    :class:`ClaimRefused` unless it is certain."""
    refusal = refuse(deal, seat)
    if refusal is not None:
        raise refusal
    n = layouts(deal, seat)
    if _takes_the_rest(deal, seat):
        tricks = list(deal.pos.tricks)
        tricks[seat] += TRICKS - len(deal.history)
        return Verdict(_score(deal, (tricks[0], tricks[1], tricks[2])), n, seat,
                       len(deal.log))
    if n > MAX_LAYOUTS:
        raise ClaimRefused(Msg("err-be-claim-too-early", "seat {seat}: too early to claim — "
                               "{n} layouts of the cards he cannot see would have to be "
                               "solved, at most {most}; play on (BETEL §4)", seat=seat, n=n,
                               most=MAX_LAYOUTS), "too-early")
    first: tuple[int, int, int] | None = None
    for hands, dubel in _layouts(deal, seat):
        got = _scores(deal.with_cards(hands, dubel))
        if got is None or (first is not None and got != first):
            raise ClaimRefused(Msg("err-be-claim-not-certain", "seat {seat}: the claim is "
                                   "not certain — best play from here does not end with "
                                   "the same score in every layout of the cards he cannot "
                                   "see; play on (BETEL §4)", seat=seat), "not-certain")
        first = got
    assert first is not None  # the real layout is one of them
    return Verdict(first, n, seat, len(deal.log))


def best_card(deal: Deal) -> int:
    """The card the seat to act plays in a claim's play-out: one keeping his side's best
    result under best play (the declarer's most tricks, or fewest in a betelek or the
    betel; the defenders' opposite; in an all-pass deal his own most), the lowest such
    card in index order; the only legal card without a search."""
    from stolik.games.betel.solver import card_values

    legal = deal.legal_moves()
    if len(legal) == 1:
        card = legal[0]
        assert isinstance(card, int)
        return card
    seat = deal.to_act
    contract = deal.contract
    if contract is None:
        values = card_values(deal, seat)
        best = max(values.values())
    else:
        values = card_values(deal)
        wants_few = contract.at_most
        if seat != deal.declarer:
            wants_few = not wants_few
        best = min(values.values()) if wants_few else max(values.values())
    return min(c for c, v in values.items() if v == best)
