"""The auction of one Betel deal (BETEL §3): what the seat to act may do — the dubel's
look, take and lay, a pass, a contract, kontra — why anything else is refused, and the
position a call makes. :class:`~stolik.games.betel.state.Deal` asks these with its current
position; they change nothing.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, __import__("random").Random(4))
>>> [a.text(d.rs) for a in legal_actions(d, d.pos)][:5]
['look 1 #1', 'look 1 #2', 'look 2', 'take', 'pas']
>>> holds(0b110, 2), holds(0b110, True), card_text("x" * 30)
(True, False, "'xxxxxxxxxxxxxxxxxxx")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from stolik.deal import replace
from stolik.games.betel.calls import (
    KONTRA,
    LOOK_BOTH,
    LOOK_FIRST,
    LOOK_SECOND,
    PAS,
    TAKE,
    Action,
    bid,
    bids,
    lay,
)
from stolik.games.betel.deck import ASCII_NAMES, CARDS, SEATS, cards_of
from stolik.games.betel.position import Position, set_seat
from stolik.games.betel.ruleset import NO_TRUMPS
from stolik.i18n import Msg

if TYPE_CHECKING:
    from stolik.games.betel.state import Deal


def is_card(c: object) -> TypeGuard[int]:
    """Whether ``c`` is a card (an index, not a bool)."""
    return type(c) is int and 0 <= c < CARDS


def holds(hand: int, c: object) -> bool:
    """Whether the mask ``hand`` holds ``c`` (anything else than a card is not held)."""
    return is_card(c) and bool(hand >> c & 1)


def card_text(c: object) -> str:
    """A card as records write it; anything else as it came, shortened."""
    return ASCII_NAMES[c] if is_card(c) else repr(c)[:20]


def commitments(deal: Deal, p: Position) -> list[Action]:
    """The contracts and the kontra the seat to act may call (BETEL §3)."""
    out = list(bids(p.floor + 1, len(deal.rs.contracts)))
    if p.to_act == p.ban_seat and p.ban_contract > p.floor:
        out.remove(bid(p.ban_contract))  # not his kontra'd contract at once (BETEL §3)
    if may_kontra(p):
        out.append(KONTRA)
    return out


def may_kontra(p: Position) -> bool:
    """Whether the seat to act may kontra the standing contract (BETEL §3)."""
    return (p.contract >= 0 and not p.doubled and p.declarer != p.to_act
            and not p.kontrad >> p.contract & 1)


def legal_actions(deal: Deal, p: Position) -> list[Action]:
    """The auction steps the seat to act may take at ``p`` (BETEL §3)."""
    if p.step == "taken":  # lay two of the twelve back (BETEL §3)
        cs = cards_of(p.hands[p.to_act])
        return [lay(a, b) for i, a in enumerate(cs) for b in cs[i + 1:]]
    commit = commitments(deal, p)
    if p.step == "laid":
        return commit
    if p.step == "looked":
        return [PAS, *commit]
    dubel_actions = [LOOK_FIRST, LOOK_SECOND, LOOK_BOTH]
    if commit:  # an exchange only where a contract or kontra can follow (Decision)
        dubel_actions.append(TAKE)
    return [*dubel_actions, PAS, *commit]


def why_not(deal: Deal, p: Position, seat: int, a: Action) -> str:
    """Why ``seat`` may not take the step ``a`` at ``p``: the refusal, naming the rule."""
    rs = deal.rs
    said = a.text(rs) if a.kind != "bid" or 0 <= a.contract < len(rs.contracts) \
        else f"contract #{a.contract}"
    if p.step == "taken" and a.kind == "lay" and len(a.cards) == 2:
        if a.cards[0] == a.cards[1]:
            return Msg("err-be-lay-twice", "seat {seat} lays back two different cards, "
                       "not {card} twice (BETEL §3)", seat=seat, card=card_text(a.cards[0]))
        missing = next(c for c in a.cards if not holds(p.hands[seat], c))
        return Msg("err-be-lay-not-held", "seat {seat} lays back two of his twelve cards: "
                   "he does not hold {card} (BETEL §3)", seat=seat, card=card_text(missing))
    if p.step == "taken":
        return Msg("err-be-lay-first", "seat {seat} took the dubel: he lays two of his "
                   "cards back first (BETEL §3)", seat=seat)
    if a.kind == "lay":
        return Msg("err-be-lay-after-take", "seat {seat} lays cards back only after taking "
                   "the dubel (BETEL §3)", seat=seat)
    if a.kind in ("look", "take") and p.step != "start":
        return Msg("err-be-one-dubel-action", "seat {seat}: one dubel action per call "
                   "(BETEL §3, Decision)", seat=seat)
    if a.kind == "take":
        return Msg("err-be-no-exchange", "seat {seat} may not exchange: no contract or "
                   "kontra could follow (BETEL §3, Decision)", seat=seat)
    if a.kind == "pas" and p.step == "laid":
        return Msg("err-be-no-pass-after-lay", "seat {seat} exchanged the dubel: he may not "
                   "pass (BETEL §3)", seat=seat)
    if a.kind == "kontra":
        if p.contract < 0:
            why = Msg("err-be-kontra-no-contract", "no contract stands")
        elif p.declarer == seat:
            why = Msg("err-be-kontra-own", "nobody may kontra his own contract")
        else:
            why = Msg("err-be-kontra-again", "{contract} was kontra'd already in this deal",
                      contract=rs.contracts[p.contract].call)
        return Msg("err-be-no-kontra", "seat {seat} cannot say kontra: {why} (BETEL §3)",
                   seat=seat, why=why)
    if a.kind == "bid" and 0 <= a.contract < len(rs.contracts):
        if seat == p.ban_seat and a.contract == p.ban_contract:
            return Msg("err-be-bid-again", "seat {seat} may not bid {said} again at this "
                       "turn: his kontra'd contract was followed by a pass (BETEL §3)",
                       seat=seat, said=said)
        if a.contract <= p.floor:
            return Msg("err-be-bid-higher", "seat {seat} cannot bid {said}: a contract "
                       "must be higher than {floor} (BETEL §3)", seat=seat, said=said,
                       floor=rs.contracts[p.floor].call)
    return Msg("err-be-cannot-do", "seat {seat} cannot do {said!r} now (BETEL §3)",
               seat=seat, said=said)


def after_call(deal: Deal, p: Position, seat: int, a: Action) -> Position:
    """The position after ``seat``'s call ``a`` — a pass, a contract or kontra (BETEL §3)."""
    nxt = (seat + 1) % SEATS
    base: dict[str, Any] = {"step": "start", "looked": 0, "to_act": nxt,
                            "kontra_just": a.kind == "kontra"}
    if seat == p.ban_seat:  # the ban lasts his next turn only (Decision)
        base.update(ban_seat=-1, ban_contract=-1)
    if a.kind == "bid":  # a new contract drops any kontra (Decision)
        return replace(p, contract=a.contract, declarer=seat, doubled=False,
                        floor=a.contract, passes=0, **base)
    if a.kind == "kontra":  # doubles it, and the auction starts again (BETEL §3)
        return replace(p, doubled=True, kontrad=p.kontrad | (1 << p.contract), floor=-1,
                        passes=0, **base)
    peek = set_seat(p.peek, seat, p.peek[seat] + deal.rs.peek_cost(p.looked))
    if p.kontra_just and seat != p.declarer:  # BETEL §3: no repeat at his next turn
        base.update(ban_seat=p.declarer, ban_contract=p.contract)
    q = replace(p, passes=p.passes + 1, peek=peek, **base)
    if p.contract >= 0 and q.passes >= 2:
        c = deal.rs.contracts[p.contract]
        return replace(q, phase="play", trump=c.trump, free=c.defenders_free,
                        leader=p.declarer, to_act=p.declarer)
    if p.contract < 0 and q.passes >= SEATS:  # all-pass (BETEL §3, §4)
        if not deal.rs.all_pass_play:
            return replace(q, phase="done", end="redeal")
        return replace(q, phase="play", trump=NO_TRUMPS, leader=deal.dealer,
                        to_act=deal.dealer)
    return q


__all__ = ["after_call", "card_text", "commitments", "holds", "is_card", "legal_actions",
           "may_kontra", "why_not"]
