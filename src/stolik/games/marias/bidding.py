"""The bidding of one Mariáš deal (MARIAS §4.1–§4.5): what the seat to act may say in the
choice, the approval, the announcements and the fleky, why anything else is refused, and
the position each call makes. :class:`~stolik.games.marias.state.Deal` asks these with
its current position; they change nothing.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.from_text(load_ruleset(), dealer=3, hands=[
...     "7A AA KA OA  KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
...     "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
>>> d.move("trump=7A call=TA")
>>> [c.text(d.rs.flek_names) for c in legal_calls(d, d.pos)]
['dobry', 'betl', 'durch']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stolik.deal import replace
from stolik.games.marias.calls import CLAIM_RANK, DOBRY, GAME_WORDS, NIC, PASS, Call
from stolik.games.marias.deck import (
    ACE,
    HEARTS,
    SEVEN,
    SUIT_MASKS,
    card,
    cards_of,
    marriage_cards,
    marriages_in,
)
from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.position import GAME, PROTI, SEDMA, Position, set3
from stolik.i18n import Msg

if TYPE_CHECKING:
    from stolik.games.marias.state import Deal


def legal_calls(deal: Deal, p: Position) -> list[Call]:
    """The calls the seat to act may make at ``p`` (none in the play)."""
    seat = p.to_act
    if p.phase == "choice":  # MARIAS §4.1: trump card from the first four, not z lidu
        out: list[Call] = []
        for t in cards_of(deal.first_four[seat]):
            suit = SUIT_MASKS[t >> 3] & ~(1 << t)
            out.extend(Call("choose", card=t, called=c) for c in cards_of(suit))
        return out
    if p.phase == "approval":  # MARIAS §4.2
        rank = CLAIM_RANK.get(p.claim, 0)
        claims = [Call(w) for w in ("betl", "durch") if CLAIM_RANK[w] > rank]
        if seat == deal.chooser and p.forgot:
            return [*claims, Call("cerveny-sam")]
        return [DOBRY, *claims]
    if p.phase == "announce":
        return announcements(deal, p, seat)
    if p.phase == "fleky":
        return fleky_calls(deal, p, seat)
    return []


def announcements(deal: Deal, p: Position, seat: int) -> list[Call]:
    """MARIAS §4.3: the chooser's game (and sedma), the partner's mandatory sto or
    sedma; everyone else says nothing."""
    rs = deal.rs
    hand = p.hands[seat]
    ctyrka = marriage_cards(p.trump)
    seven = hand >> card(p.trump, SEVEN) & 1
    if seat == deal.chooser:
        alone = p.soloist == seat
        if hand & ctyrka == ctyrka and not alone:  # povinná stovka (seed §6)
            games = ["sto"]
        elif not rs.voluntary_sto_needs_marriage or marriages_in(hand):
            games = ["hra", "sto"]
        else:
            games = ["hra"]
        out = [Call(g) for g in games]
        if seven:
            out.extend(Call(g, sedma=True) for g in games)
        return out
    if seat == p.partner:
        if hand & ctyrka == ctyrka and p.game != "sto":  # povinná stovka (seed §6)
            out = [Call("sto")]
            if seven and rs.partner_sedma:
                out.append(Call("sto", sedma=True))
            return out
        if seven and rs.partner_sedma:
            return [NIC, Call("sedma")]
    return [NIC]


def _trhak(deal: Deal, p: Position, seat: int) -> bool:
    """A player outside the choosing side holding the trump king or svršek (seed §5)."""
    return (p.trump != NO_TRUMPS and deal.side(seat, p) == 1
            and bool(p.hands[seat] & marriage_cards(p.trump)))


def fleky_calls(deal: Deal, p: Position, seat: int) -> list[Call]:
    """MARIAS §4.4: pass, one raise of one component by one level, sto proti, or (where
    the ruleset plays it) sedma proti by a defender holding the trump 7."""
    rs = deal.rs
    side = deal.side(seat, p)
    if rs.trhak_duty and p.levels[GAME] == 0 and _trhak(deal, p, seat):
        return [Call("raise", component=p.game, level=1)]
    out = [PASS]
    for i, name in enumerate(deal.components(p)):
        comp = GAME if i == 0 else (PROTI if name == "sto-proti" else SEDMA)
        level = p.levels[comp]
        if level >= rs.top_level:
            continue
        owner = 1 if comp == PROTI else (deal.side(p.sedma_by, p) if comp == SEDMA else 0)
        if (level == 0 and side != owner) or (level > 0 and side != p.last_side[comp]):
            out.append(Call("raise", component=name, level=level + 1))
    if (rs.sto_proti and p.trump != NO_TRUMPS and side == 1 and p.proti_by < 0
            and not p.spoke >> seat & 1 and marriages_in(deal.initial_hands[seat])):
        out.append(Call("sto-proti"))
    if (rs.sedma_proti and p.trump != NO_TRUMPS and side == 1 and p.sedma_by < 0
            and not p.spoke >> seat & 1 and p.hands[seat] >> card(p.trump, SEVEN) & 1):
        out.append(Call("sedma-proti"))
    return out



def why_not(deal: Deal, p: Position, seat: int, c: Call) -> str:
    """Why ``seat`` may not say ``c`` at ``p``: the refusal, naming the rule."""
    names = deal.rs.flek_names
    allowed = ", ".join(x.text(names) for x in legal_calls(deal, p))
    said = c.text(names)
    if p.phase == "choice":
        if c.word == "choose" and 0 <= c.card < 32 and not deal.first_four[seat] >> c.card & 1:
            why = Msg("err-ma-trump-first-four", "the trump card must be one of the "
                      "chooser's first four cards; z lidu nelze volit (seed §5, MARIAS §4.1)")
        else:
            why = Msg("err-ma-called-suit", "the called card must be another card of the "
                      "trump suit (MARIAS §4.1)")
        return Msg("err-ma-cannot-choose", "seat {seat} cannot choose {said}: {why}",
                   seat=seat, said=said, why=why)
    rule = {"approval": "MARIAS §4.2", "announce": "MARIAS §4.3, seed §6",
            "fleky": "MARIAS §4.4, seed §5"}[p.phase]
    return Msg("err-ma-cannot-say", "seat {seat} cannot say {said!r} now: allowed "
               "{allowed} ({rule})", seat=seat, said=said, allowed=allowed, rule=rule)


def after_approval(deal: Deal, p: Position, seat: int, c: Call) -> Position:
    """The position after ``seat``'s approval call ``c`` (MARIAS §4.2)."""
    claim, claimant = p.claim, p.claimant
    if c.word in CLAIM_RANK:
        claim, claimant = c.word, seat
    n = p.approvals + 1
    if n < 4:
        return replace(p, approvals=n, claim=claim, claimant=claimant,
                        to_act=(seat + 1) % 4)
    q = replace(p, approvals=n, claim=claim, claimant=claimant)
    if claim:  # the highest claim wins: betl or durch alone, no trumps (MARIAS §4.2)
        return replace(q, phase="fleky", game=claim, trump=NO_TRUMPS, soloist=claimant,
                        shown=0b1111, to_act=(deal.chooser + 1) % 4)
    if c.word == "cerveny-sam":  # hearts, the ace called "as if he held it" (seed §5)
        return replace(q, phase="announce", game="hra", trump=HEARTS,
                        called=card(HEARTS, ACE), soloist=deal.chooser, shown=0b1111,
                        to_act=deal.chooser)
    partner = next(s for s in range(4) if deal.initial_hands[s] >> p.called & 1)
    if partner == deal.chooser:  # sám: nobody else is told (MARIAS §4.1)
        return replace(q, phase="announce", game="hra", soloist=deal.chooser,
                        to_act=deal.chooser)
    return replace(q, phase="announce", game="hra", partner=partner, to_act=deal.chooser)


def after_announce(deal: Deal, p: Position, seat: int, c: Call) -> Position:
    """The position after ``seat``'s announcement ``c`` (MARIAS §4.3)."""
    changes: dict[str, Any] = {}
    if c.word in GAME_WORDS:
        changes["game"] = c.word
        if c.word == "sto":
            changes["sto_by"] = seat
    if c.sedma or c.word == "sedma":
        changes["sedma_by"] = seat
    if seat != deal.chooser and c.word != "nic":  # the partner shows himself
        changes["shown"] = p.shown | (1 << seat)
    n = p.announced + 1
    if n < 4:
        return replace(p, announced=n, to_act=(seat + 1) % 4, **changes)
    return replace(p, announced=n, phase="fleky", to_act=(deal.chooser + 1) % 4,
                    **changes)


def after_fleky(deal: Deal, p: Position, seat: int, c: Call) -> Position:
    """The position after ``seat``'s pass or raise ``c`` (MARIAS §4.4)."""
    spoke = p.spoke | (1 << seat)
    nxt = (seat + 1) % 4
    if c.word == "pass":
        if p.passes + 1 < 4:
            return replace(p, passes=p.passes + 1, spoke=spoke, to_act=nxt)
        return start_play(deal, replace(p, passes=4, spoke=spoke))
    # A raise shows the raiser's side (MARIAS §4.4); the chooser's side is always known,
    # and his raise must not tell whether he plays sám.
    shown = p.shown | (1 << seat) if seat != deal.chooser else p.shown
    if c.word == "sto-proti":
        return replace(p, proti_by=seat, passes=0, spoke=spoke, shown=shown, to_act=nxt)
    if c.word == "sedma-proti":
        return replace(p, sedma_by=seat, passes=0, spoke=spoke, shown=shown, to_act=nxt)
    comp = GAME if c.component == p.game else (
        PROTI if c.component == "sto-proti" else SEDMA)
    return replace(p, levels=set3(p.levels, comp, c.level),
                    last_side=set3(p.last_side, comp, deal.side(seat, p)),
                    passes=0, spoke=spoke, shown=shown, to_act=nxt)


def start_play(deal: Deal, p: Position) -> Position:
    """The play opens after the fleky, or the deal ends unplayed (MARIAS §4.5)."""
    if deal.rs.no_game_without_re and p.game == "hra" and p.levels[GAME] == 1:
        return replace(p, phase="done", end="no-re")  # seed §5, MARIAS §4.5
    leader = p.soloist if p.game in ("betl", "durch") else deal.chooser
    return replace(p, phase="play", leader=leader, to_act=leader)


__all__ = ["after_announce", "after_approval", "after_fleky", "announcements", "fleky_calls",
           "legal_calls", "start_play", "why_not"]
