"""The messages of a Betel web table (:mod:`stolik.games.betel.web`): one seat's deal built
from its :class:`~stolik.games.betel.view.SeatView` alone, a spectator's from what the whole
table sees, the sheet of the match, its score chart, and the end of a settled deal.

Hidden information (BETEL §3, §4): a seat gets its own hand, the auction as it saw it (a
dubel card it looked at or laid back is named to it alone; the others read "looks at one
dubel card", "lays two cards back"), the dubel cards it knows (face down where it does not),
every card played and the tricks taken. A spectator gets what every seat sees: no hand, no
dubel card, no move. At the end of a played deal every card but the dubel's two was played
in front of everyone, so the hands as played and the dubel as it lies are shown — nothing a
seat could not count itself; the dubel as dealt and what others looked at are not.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(4))
>>> d.move("look 1 #2")
>>> mine, others = deal_message(d, 0, 1, "en"), deal_message(d, 1, 1, "en")
>>> mine["card_rows"][0]["cards"][0], mine["card_rows"][0]["cards"][1] is not None
(None, True)
>>> others["card_rows"][0]["cards"], others["calls"][0][2]
([None, None], 'looks at one dubel card')
>>> spectator = deal_message(d, None, 1, "en")
>>> spectator["hand"], spectator["legal"], spectator["card_rows"][0]["cards"]
([], [], [None, None])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeAlias

from stolik.games.betel.deck import ASCII_NAMES, NAMES, SEATS
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.view import SeatView
from stolik.games.betel.web_box import bidding_box
from stolik.games.betel.web_text import (
    action_label,
    contract_text,
    said_label,
    t,
    trumps_text,
)
from stolik.i18n import Msg, tr
from stolik.web.play.deal_view import Finished, sheet_rows, trick_cards, trick_message
from stolik.web.play.game import Message

if TYPE_CHECKING:
    from stolik.games.betel.scoring import DealResult
    from stolik.games.betel.state import Deal

ALL_PASS, REDEAL, MADE, FAILED = "btui-all-pass", "btui-redeal", "btui-made", "btui-failed"
"""The terminal table's words for how a deal ended (:mod:`stolik.games.betel.terminal`)."""

LAY = "lay"
"""The move word of laying two cards back; the page picks the cards (BETEL §3)."""

Settled: TypeAlias = Finished["Deal", "DealResult"]
"""A settled deal of the match and its score (:class:`~stolik.web.play.deal_view.Finished`)."""


def public_calls(deal: Deal) -> tuple[tuple[int, str], ...]:
    """The auction as the whole table saw it: who looked (at how many), who took the dubel
    and laid two back — never the cards (BETEL §3)."""
    out: list[tuple[int, str]] = []
    for op in deal.log:
        a = op.action
        if op.kind != "action" or a is None:
            continue
        text = f"look {a.n}" if a.kind == "look" else a.kind if a.kind in ("take", "lay") \
            else a.text(deal.rs)
        out.append((op.seat, text))
    return tuple(out)


def spectator_view(deal: Deal) -> SeatView:
    """What every seat sees: a seat's view with its own cards and knowledge taken out."""
    v = deal.view(deal.to_act if deal.to_act is not None else 0)
    return replace(v, hand=(), dubel=tuple(None for _ in v.dubel), dubel_seen=(),
                   calls=public_calls(deal), legal=())


def _legal(view: SeatView, rs: Ruleset, lang: str) -> list[Message]:
    """The moves offered: cards in the play; the auction's steps with their labels, the
    lay-back as one pick of two cards from the hand (BETEL §3)."""
    out: list[Message] = []
    for m in view.legal:
        if isinstance(m, int):
            out.append({"move": ASCII_NAMES[m]})
        elif m.kind == "lay":
            if not out:
                out.append({"move": LAY, "pick": 2, "label": t(lang, Msg(
                    "play-btl-lay", "lay the two chosen cards back"))})
        else:
            item: Message = {"move": m.text(rs), "label": action_label(m, rs, lang)}
            if m.kind == "bid":
                item["kind"] = "bid"
            out.append(item)
    return out


def _card_rows(view: SeatView, seat: int | None, lang: str) -> list[Message]:
    """The dubel as the seat knows it, place by place (None: face down), and the dubel
    cards it saw in this deal that it no longer knows to lie there."""
    rows: list[Message] = []
    if view.dubel and view.phase != "done":
        rows.append({"label": "dubel", "cards": [
            None if c is None else ASCII_NAMES[c] for c in view.dubel]})
    if seat is not None:
        here = {c for c in view.dubel if c is not None}
        gone = [ASCII_NAMES[c] for c in view.dubel_seen
                if c not in here and c not in view.hand and view.phase == "auction"]
        if gone:
            rows.append({"label": t(lang, Msg("play-btl-seen", "you saw in the dubel")),
                         "cards": gone})
    return rows


def _notes(view: SeatView, seat: int | None, names: Sequence[str], lang: str) -> list[str]:
    """The lines beside the felt: what to do in the exchange, trumps, peeking costs."""
    notes: list[str] = []
    mine = seat is not None and view.to_act == seat
    if mine and view.step == "taken":
        notes.append(t(lang, Msg("play-btl-lay-how", "You took the dubel: choose two cards "
                       "to lay back face down (BETEL §3)")))
    if mine and view.step == "laid":
        notes.append(t(lang, Msg("play-btl-no-pass", "You exchanged the dubel: you may not "
                       "pass now (BETEL §3)")))
    if view.phase != "auction":
        notes.append(tr(lang, "btui-trumps") + ": " + trumps_text(view.trump, lang))
        if view.contract is not None and view.contract.defenders_free:
            notes.append(t(lang, Msg("play-btl-free", "Betel: the defenders need not beat, "
                           "only follow suit (BETEL §4)")))
    if any(view.peek):
        notes.append(tr(lang, "btui-peek") + ": " + ", ".join(
            f"{names[s]} −{view.peek[s]}" for s in range(SEATS) if view.peek[s]))
    return notes


def deal_message(deal: Deal, seat: int | None, number: int, lang: str,
                 names: Sequence[str] = ("0", "1", "2")) -> Message:
    """The deal as ``seat`` (None: a spectator) may see it."""
    rs = deal.rs
    view = spectator_view(deal) if seat is None else deal.view(seat)
    declarer = view.declarer
    playing = view.phase != "auction" and view.contract is not None
    lt = view.history[-1] if view.history else None
    return {
        "number": number, "dealer": view.dealer, "bok": False, "phase": view.phase,
        "step": view.step, "to_act": view.to_act, "call_rows": True,
        "hand": [ASCII_NAMES[c] for c in view.hand],
        "legal": _legal(view, rs, lang) if seat is not None else [],
        "bidding_box": bidding_box(view, rs, lang) if seat is not None else None,
        "calls": [[s, "pass" if w == "pas" else w, said_label(w, rs, lang)]
                  for s, w in view.calls],
        "trick": trick_cards(view.trick, ASCII_NAMES.__getitem__),
        "last_trick": trick_message(lt, SEATS, ASCII_NAMES.__getitem__),
        "tricks": list(view.taken),
        "contract": view.contract.call if view.contract else None,
        "contract_name": view.contract.name if view.contract else None,
        # not "lone": the page's words for it say "alone against three" (four seats)
        "declarer": declarer, "lone": False, "plain_known": False,
        "level": 1 if view.doubled else 0,
        "doubling": "kontra" if view.doubled else None, "laid_down": False,
        "sides": [None if not playing else 0 if s == declarer else 1 for s in range(SEATS)],
        "no_sides": not playing, "partner": None,
        "trump": None if view.trump is None or view.trump < 0 else "CDHS"[view.trump],
        "open_hands": None, "card_rows": _card_rows(view, seat, lang),
        "peek": list(view.peek), "notes": _notes(view, seat, names, lang),
    }


def _note(f: Settled, names: Sequence[str], lang: str) -> str:
    """How the deal ended: made or failed and the declarer's tricks, peeking costs."""
    r = f.result
    if r.contract is None:
        how = ALL_PASS if r.played else REDEAL
        parts = [tr(lang, how)]
    else:
        made = MADE if r.made else FAILED
        parts = [tr(lang, made) + " · " + t(lang, Msg(
            "play-btl-tricks", "tricks: {n}", n=r.tricks[r.declarer]))]
    if any(r.peek):
        parts.append(tr(lang, "btui-peek") + " " + ", ".join(
            f"{names[s]} −{r.peek[s]}" for s in range(SEATS) if r.peek[s]))
    return "; ".join(parts)


def _game(f: Settled, lang: str) -> str:
    r = f.result
    return contract_text(r.contract, lang) + (" · kontra" if r.doubled else "")


def sheet(finished: Sequence[Settled], names: Sequence[str], lang: str) -> list[Message]:
    """The match's sheet: each deal's contract, declarer, result, scores and running
    totals (BETEL §5; :func:`~stolik.web.play.deal_view.sheet_rows`)."""
    return sheet_rows(
        finished, SEATS, lambda f: f.result.scores,
        lambda f: {"bok": False, "game": _game(f, lang),
                   "declarer": names[f.result.declarer] if f.result.contract is not None
                   else "—", "note": _note(f, names, lang)})


def chart(finished: Sequence[Settled], target: int) -> Message:
    """The running totals after each deal, by seat (0 before the first), and the
    target: what the page draws as the match's score chart (BETEL §5)."""
    series = [[0] for _ in range(SEATS)]
    for f in finished:
        for s in range(SEATS):
            series[s].append(series[s][-1] + f.result.scores[s])
    return {"target": target or None, "series": series}


def reveal(f: Settled, names: Sequence[str], lang: str) -> Message:
    """The settled deal as everyone may see it now: each seat's cards as played (all
    thirty were shown), the dubel as it lies (the two cards left: counted by everyone),
    tricks, scores with the peeking costs. A deal dealt again unplayed shows no card."""
    d, r = f.deal, f.result
    played: list[list[int]] = [[] for _ in range(SEATS)]
    for trick in d.history:
        for i, c in enumerate(trick.cards):
            played[(trick.leader + i) % SEATS].append(c)
    hands = [[ASCII_NAMES[c] for c in sorted(h)] for h in played]
    shown = r.played and len(d.history) == 10
    return {"hands": hands if shown else [[] for _ in range(SEATS)],
            "dubel": [ASCII_NAMES[c] for c in d.pos.dubel] if shown else None,
            "game": _game(f, lang),
            "declarer": r.declarer if r.contract is not None else None,
            "doubling": "kontra" if r.doubled else None, "note": _note(f, names, lang),
            "points": None, "tricks": list(r.tricks), "payout": list(r.scores),
            "peek": [-x for x in r.peek],
            "winners": [s for s in range(SEATS) if r.scores[s] > 0], "bok": False}


def card_words(msg: object) -> set[str]:
    """Every card a message names, by its code (``7H``) or its name (``7♥``), in texts
    too: what the hidden-information tests look for."""
    codes = {n: ASCII_NAMES[c] for c, n in enumerate(NAMES)} | {a: a for a in ASCII_NAMES}
    found: set[str] = set()
    stack = [msg]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)
        elif isinstance(x, str):
            for token in re.split(r"[\s,.:;()=·]+", x):
                if token in codes:
                    found.add(codes[token])
    return found


__all__ = ["LAY", "Settled", "card_words", "chart", "deal_message", "public_calls", "reveal",
           "sheet", "spectator_view"]
