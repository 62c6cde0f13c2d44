"""The messages of a Mariáš web table (:mod:`stolik.games.marias.web`): one seat's deal
built from its :class:`~stolik.games.marias.view.SeatView` alone, a spectator's from what
every seat sees, the sheet of the series in Kč, and the reveal of a settled deal.

Hidden information (MARIAS §2–§4): a seat gets its own cards (the first four before the
choice), everything said as it may read it (the laid trump card face down), the trick, its
own last trick, the piles, the marriages, the open hands of a betl from the second trick,
and whom it plays with only as its view knows it. A spectator gets no hand, no move, no
laid card, no finished trick (none is every seat's to look at: issue 24.6, seed §9), and
a side only where everyone knows it: the chooser's, a seat that showed itself, the
soloist's, or all once the partner is shown or the deal is over.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(4))
>>> m = deal_message(d, None, 1, ["A", "B", "C", "D"], "en")
>>> m["hand"], m["legal"], m["phase"], m["to_act"]
([], [], 'choice', 1)
>>> mine = deal_message(d, 1, 1, ["A", "B", "C", "D"], "en")
>>> len(mine["hand"]), mine["legal"][0]["group"] in mine["hand"]
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import ASCII_NAMES, KING, NAMES, OBER, card
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.view import SeatView, public_last_trick
from stolik.games.marias.web_text import (
    call_label,
    fleky_text,
    game_text,
    money,
    said_label,
    suit_text,
    t,
)
from stolik.i18n import Msg
from stolik.web.play.deal_view import Finished, sheet_rows, trick_cards, trick_message
from stolik.web.play.game import Message

if TYPE_CHECKING:
    from stolik.games.marias.scoring import DealResult
    from stolik.games.marias.state import Deal

Settled: TypeAlias = Finished["Deal", "DealResult"]
"""A settled deal of the series and its money (:class:`~stolik.web.play.deal_view.Finished`)."""

Sides = list[int | None]


def public_sides(deal: Deal) -> Sides:
    """Each seat's side as everyone at the table knows it (MARIAS §4.1, §4.3, §4.4): the
    chooser's; a seat that showed itself (announcing, raising, playing the called card);
    all of them once the called card's holder is shown, or the soloist is public, or every
    other seat showed itself a defender, or the deal is over."""
    p = deal.pos
    if not p.game:
        return [None] * 4
    truth: Sides = [deal.side(s) for s in range(4)]
    if p.phase == "done" or p.shown == 0b1111:
        return truth
    known: Sides = [None] * 4
    known[deal.chooser] = 0
    for s in range(4):
        if p.shown >> s & 1:
            known[s] = truth[s]
    others = [s for s in range(4) if s != deal.chooser]
    if any(known[s] == 0 for s in others) or all(known[s] == 1 for s in others):
        return truth
    return known


def _sedma(view: SeatView, sides: Sides) -> str | None:
    """``sedma`` (the choosing side's), ``sedma-proti`` (a defender's) or None."""
    if view.sedma_by is None:
        return None
    return "sedma-proti" if sides[view.sedma_by] == 1 else "sedma"


def _legal(view: SeatView, rs: Ruleset, lang: str) -> list[Message]:
    """The moves offered: cards in the play; calls with their labels, the choice grouped
    by the laid card (MARIAS §4.1: one of the first four, then another card of its suit)."""
    out: list[Message] = []
    for m in view.legal:
        if isinstance(m, int):
            out.append({"move": ASCII_NAMES[m]})
            continue
        item: Message = {"move": m.text(rs.flek_names), "label": call_label(m, rs, lang)}
        if m.word == "choose":
            item["group"] = ASCII_NAMES[m.card]
            item["group_label"] = t(lang, Msg("play-mar-trump-card", "trumps {card}",
                                    card=NAMES[m.card]))
            item["label"] = t(lang, Msg("play-mar-call-card", "call {card}", card=NAMES[m.called]))
        out.append(item)
    return out


def _trhak(view: SeatView, rs: Ruleset) -> bool:
    """The seat's only move is the trhák's flek on the game (seed §5, MARIAS §4.4)."""
    if not (rs.trhak_duty and view.phase == "fleky" and len(view.legal) == 1
            and view.trump is not None):
        return False
    only = view.legal[0]
    held = {card(view.trump, KING), card(view.trump, OBER)}
    return (isinstance(only, Call) and only.word == "raise" and only.component == view.game
            and bool(held & set(view.hand)))


def _notes(view: SeatView, seat: int | None, sides: Sides, partner: int | None,
           names: Sequence[str], rs: Ruleset, lang: str) -> list[str]:
    """The lines beside the felt: what is chosen, whom the seat plays with, duties."""
    notes: list[str] = []
    if view.phase == "choice" and seat == view.to_act:
        notes.append(t(lang, Msg("play-mar-choose-how", "You choose: lay a trump card from your "
                       "first four, then call another card of its suit (MARIAS §4.1)")))
    if view.called is not None and view.game not in ("betl", "durch"):
        line = t(lang, Msg("play-mar-called", "called card: {card}", card=NAMES[view.called]))
        if view.trump is not None:
            line = t(lang, Msg("play-mar-trumps", "trumps: {suit}",
                     suit=suit_text(view.trump))) + " · " + line
        if seat is not None and view.trump_card is not None:
            line += " · " + t(lang, Msg("play-mar-laid", "you laid {card}",
                              card=NAMES[view.trump_card]))
        notes.append(line)
    if view.game in ("hra", "sto") and view.called is not None:
        chooser = view.chooser
        if partner is None:
            notes.append(t(lang, Msg("play-mar-partner-hidden",
                           "{chooser}'s partner is not shown yet",
                           chooser=names[chooser])))
        elif partner == chooser:
            notes.append(t(lang, Msg("play-mar-alone", "{chooser} plays alone (sám)",
                           chooser=names[chooser])))
        elif seat == partner:
            notes.append(t(lang, Msg("play-mar-you-partner", "you hold the called card: you "
                           "play with {chooser}", chooser=names[chooser])))
        else:
            notes.append(t(lang, Msg("play-mar-partner", "{chooser} plays with {partner}",
                           chooser=names[chooser], partner=names[partner])))
    if seat is not None and _trhak(view, rs):
        notes.append(t(lang, Msg("play-mar-trhak", "trhák: you hold the trump king or svršek, "
                       "so you must flek the game (seed §5)")))
    if view.marriages:
        notes.append(t(lang, Msg("play-mar-marriages", "marriages: {list}", list=", ".join(
            f"{names[s]} {40 if su == view.trump else 20} {suit_text(su)}"
            for s, su in view.marriages))))
    if view.open_hands is not None:
        notes.append(t(lang, Msg("play-mar-open", "betl is played open: every hand lies face up "
                       "(MARIAS §4.6)")))
    return notes


def deal_message(deal: Deal, seat: int | None, number: int, names: Sequence[str],
                 lang: str) -> Message:
    """The deal as ``seat`` (None: a spectator) may see it."""
    rs = deal.rs
    spectator = seat is None
    # a spectator reads the calls as any seat but the chooser does (the laid card hidden)
    view = deal.view((deal.chooser + 1) % 4 if seat is None else seat)
    sides = public_sides(deal) if spectator else list(view.sides)
    everything = None not in sides
    lone = view.game in ("betl", "durch") or (everything and sides.count(0) == 1)
    partner = view.partner if not spectator else (
        None if not everything or view.game not in ("hra", "sto")
        else next((s for s in range(4) if sides[s] == 0 and s != deal.chooser), deal.chooser))
    soloist = None
    if lone and everything:
        soloist = next(s for s in range(4) if sides[s] == 0)
    sedma = _sedma(view, sides)
    proti = view.proti_by is not None
    # a spectator sees only a finished trick every seat may look at: none (MARIAS §3,
    # seed §9: a seat looks at its own last trick only; issue 24.6)
    lt = public_last_trick(deal) if spectator else view.last_trick
    mine = not spectator and view.to_act == seat
    return {
        "number": number, "dealer": view.dealer, "chooser": view.chooser, "bok": False,
        "phase": view.phase, "to_act": view.to_act, "call_rows": True,
        "hand": [] if spectator else [ASCII_NAMES[c] for c in view.hand],
        "legal": _legal(view, rs, lang) if mine else [],
        "calls": [[s, w, said_label(w, s == seat, rs, lang)] for s, w in view.calls],
        "trick": trick_cards(view.trick, ASCII_NAMES.__getitem__),
        "last_trick": trick_message(lt, 4, ASCII_NAMES.__getitem__),
        "tricks": list(view.taken),
        "contract": view.game or None,
        "contract_name": game_text(view.game, view.trump, sedma, proti) if view.game else None,
        "declarer": (soloist if soloist is not None else view.chooser) if view.game else None,
        "lone": lone, "plain_known": False, "level": max(view.levels),
        "doubling": fleky_text(rs, view.game, view.levels, sedma, proti) if view.game else None,
        "laid_down": False, "sides": sides, "partner": partner,
        "trump": "HLBA"[view.trump] if view.trump is not None else None,
        "called": ASCII_NAMES[view.called] if view.called is not None else None,
        "trump_card": None if spectator or view.trump_card is None
        else ASCII_NAMES[view.trump_card],
        "trhak": mine and _trhak(view, rs),
        "open_hands": None if view.open_hands is None
        else [[ASCII_NAMES[c] for c in h] for h in view.open_hands],
        "notes": _notes(view, seat, sides, partner, names, rs, lang),
    }


def _who(f: Settled, names: Sequence[str]) -> str:
    s = f.result.settlement
    return " + ".join(names[x] for x in s.side) if s.side else "—"


def _game(f: Settled) -> str:
    s = f.result.settlement
    trump = s.trump if 0 <= s.trump < 4 else None
    text = game_text(s.game, trump, "sedma" if s.sedma_by >= 0 and s.sedma_by in s.side
                     else "sedma-proti" if s.sedma_by >= 0 else None, s.proti)
    return text


def _note(f: Settled, lang: str) -> str:
    """How the deal ended and each component's amount, in Kč (MARIAS §5–§8)."""
    r, s = f.result, f.result.settlement
    parts = [f"{n} {money(a)}" for n, a in r.lines]
    if r.capped:
        parts.append(t(lang, Msg("play-mar-capped", "capped")))
    if s.end == "no-re":
        parts.insert(0, t(lang, Msg("play-mar-no-re", "no re: the flekked hra is paid (seed §5)")))
    elif s.end == "claim":
        parts.insert(0, t(lang, Msg("play-mar-laid-down", "cards laid down (MARIAS §4.7)")))
    elif s.end == "renonc":
        parts.insert(0, t(lang, Msg("play-mar-renonc", "renonc (MARIAS §8)")))
    return "; ".join(parts)


def sheet(finished: Sequence[Settled], rs: Ruleset, names: Sequence[str],
          lang: str) -> list[Message]:
    """The table sheet: each deal's game, its choosing side, money and running money
    (:func:`~stolik.web.play.deal_view.sheet_rows`)."""
    return sheet_rows(
        finished, 4, lambda f: f.result.payouts,
        lambda f: {"bok": False, "game": _game(f), "declarer": _who(f, names),
                   "note": _note(f, lang)},
        lambda pay, running: {"payout_text": [money(x) for x in pay],
                              "running_text": [money(x) for x in running]})


def reveal(f: Settled, rs: Ruleset, lang: str, seat: int | None = None) -> Message:
    """The settled deal: every hand as dealt, card points and tricks by seat, money. A deal
    that ended before the play (no game without re, MARIAS §4.5) is thrown in unseen: only
    ``seat``'s own hand is in it (a spectator's: none), so that a flek without the cards
    for it stays the flekker's secret."""
    from stolik.games.marias.deck import cards_of

    d = f.deal
    r = f.result
    s = r.settlement
    pos = d.pos
    unseen = pos.end == "no-re"
    return {"hands": [[] if unseen and x != seat else [ASCII_NAMES[c] for c in cards_of(h)]
                      for x, h in enumerate(d.initial_hands)],
            "game": _game(f), "declarer": s.side[0] if len(s.side) == 1 else d.chooser,
            "side": list(s.side),
            "doubling": fleky_text(rs, s.game, s.levels, None, s.proti),
            "note": _note(f, lang), "points": list(pos.points), "tricks": list(pos.tricks),
            "payout": list(r.payouts), "payout_text": [money(x) for x in r.payouts],
            "winners": [x for x in range(4) if r.payouts[x] > 0], "bok": False}


__all__ = ["Settled", "deal_message", "public_sides", "reveal", "sheet"]
