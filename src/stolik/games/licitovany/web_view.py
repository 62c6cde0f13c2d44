"""The messages of a licitovaný web table (:mod:`stolik.games.licitovany.web`) in the shape
the browser client draws (``play.js``): the deal as one seat may know it, from its own
:class:`~stolik.games.licitovany.view.SeatView` (LICITOVANY §3, §4.3), the sheet's rows
and the end of a settled deal.

The moves offered are ``{move, label}``: the licitace, the contract, the fleky as buttons;
laying two cards away as one pick of two cards from the hand; a card as the hand's
button (``card``: the card a move with a hláška is played by — the card announces it).
The talon lies face down (``None``) until the rules show it: to the aktér when he takes
it and the cards he laid away, to everyone after a trump game.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.table_deal import TableDeal
>>> d = TableDeal.random(load_ruleset(), 0, random.Random(5))
>>> m = deal_message(d, 0, "en")
>>> m["legal"][0], m["card_rows"], m["tricks"]
({'move': 'sedma', 'label': 'sedma'}, [{'label': 'talon', 'cards': [None, None]}], [0, 0, 0])
>>> while d.phase == "licitace":
...     d.move(d.legal_moves()[-1])
>>> a = d.pos.akter
>>> [x.get("pick") for x in deal_message(d, a, "en")["legal"]]
[2]
>>> deal_message(d, a, "en")["card_rows"][0]["cards"] != [None, None]
True
>>> deal_message(d, (a + 1) % 3, "en")["card_rows"], deal_message(d, None, "en")["legal"]
([], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stolik.deck32 import ASCII_NAMES
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.table_deal import Result, TableDeal
from stolik.games.licitovany.view import SeatView
from stolik.games.licitovany.words import contract_name, kc, move_label, said
from stolik.i18n import tr
from stolik.web.play.deal_view import Finished, sheet_rows
from stolik.web.play.game import Message

DISCARD = "discard"
"""The move word of laying two cards away; the page picks the cards (LICITOVANY §4.3)."""
TALON = "talon"
"""The talon's row on the felt: the game's own word in every language."""


def _legal(legal: Sequence[Move], lang: str, names: Sequence[str]) -> list[Message]:
    """The moves offered: the discard as one pick of two cards, a card by its hand's
    button (with its hláška where it announces one), the rest as labelled calls (a flek
    or re on one defender's game naming him)."""
    out: list[Message] = []
    cards: dict[str, Message] = {}
    for m in legal:
        if m.kind == "discard":
            if not out:
                out.append({"move": DISCARD, "pick": 2, "label": tr(lang, "lic-web-discard")})
        elif m.kind == "play":
            code = ASCII_NAMES[m.cards[0]]
            if code not in cards or m.hlaska:
                cards[code] = {"move": m.text(), "card": code, "label": move_label(m, lang)}
        else:
            out.append({"move": m.text(),
                        "label": move_label(m, lang, who=names.__getitem__)})
    return out + list(cards.values())


def _names(mask: int) -> list[str]:
    return [ASCII_NAMES[c] for c in range(32) if mask >> c & 1]


def _talon(view: SeatView, seat: int | None) -> list[Message]:
    """The talon on the felt: face down in the licitace; the cards the aktér takes, to him
    alone; then the two laid away, named where the seat may know them (LICITOVANY §3)."""
    if view.phase == "licitace":
        cards: list[str | None] = [None, None]
    elif view.phase == "discard":
        cards = list(_names(view.talon)) if seat is not None and seat == view.akter else []
    else:
        cards = list(_names(view.discard)) or [None, None]
    return [{"label": TALON, "cards": cards}] if cards else []


def _notes(view: SeatView, seat: int | None, names: Sequence[str], lang: str) -> list[str]:
    """Beside the felt: how to lay two cards away, the hlášky announced."""
    notes: list[str] = []
    if seat is not None and view.to_act == seat and view.phase == "discard":
        notes.append(tr(lang, "lic-web-discard-how"))
    if view.hlasky:
        notes.append(tr(lang, "lic-hlasky") + ": " + ", ".join(
            f"{names[s]} {worth}" for s, worth in view.hlasky))
    return notes


def deal_message(deal: TableDeal, seat: int | None, lang: str,
                 names: Sequence[str] = ("0", "1", "2", "3")) -> dict[str, Any]:
    """The deal as ``seat`` may know it, from its view only (LICITOVANY §3, §4.3); a
    spectator (None) sees what a defender sees, without a hand and without the talon
    the aktér takes. ``roles``: forhont, prostřední and zadák; the pauzírák at four
    (§8)."""
    p = deal.pos
    looker = seat if seat is not None else deal.defenders[0] if p.akter >= 0 else \
        deal.forhont
    view = deal.view(looker)
    mine = seat is not None and view.to_act == seat
    order = deal.order
    leader = order[(order.index(p.to_act) - len(view.trick)) % 3] if view.trick else 0
    last = view.last_trick
    contract = next((said(text, lang) for _, text in reversed(view.calls)
                     if text.startswith("contract ")), None)
    sides = view.akter >= 0 and contract is not None
    tricks = [0] * len(view.counts)
    for trick in p.tricks:
        tricks[trick.winner] += 1
    return {
        "dealer": deal.dealer, "roles": list(order), "pauzirak": deal.pauzirak,
        "phase": view.phase, "to_act": view.to_act, "akter": view.akter, "bok": False,
        "call_rows": True,
        "calls": [[s, text, said(text, lang, who=names.__getitem__)]
                  for s, text in view.calls],
        "contract": contract, "contract_name": contract,
        "declarer": view.akter if sides else None, "plain_known": False,
        "laid_down": False, "level": 0, "doubling": None,
        "no_sides": not sides, "sides": [
            None if not sides or s == deal.pauzirak else 0 if s == view.akter else 1
            for s in range(len(view.counts))],
        "talon": _names(view.talon if seat is not None else 0),
        "discard": _names(view.discard), "hlasky": [list(h) for h in view.hlasky],
        "counts": list(view.counts), "tricks": tricks,
        "hand": [] if seat is None else _names(view.hand),
        "legal": _legal(deal.legal_moves(), lang, names) if mine else [],
        "trick": _trick(order, leader, view.trick),
        "last_trick": None if last is None else {
            "leader": last.leader, "winner": last.winner,
            "cards": _trick(order, last.leader, last.cards)},
        "open_hands": None, "card_rows": _talon(view, seat),
        "notes": _notes(view, seat, names, lang)}


def _trick(order: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> list[list[Any]]:
    """``[seat, card]`` in the order played, the seats in playing order from ``leader``
    (the pauzírák skipped at four, LICITOVANY §8)."""
    if not cards:
        return []
    first = order.index(leader)
    return [[order[(first + i) % 3], ASCII_NAMES[c]] for i, c in enumerate(cards)]


Settled = Finished[TableDeal, Result]
"""A settled deal of the series and its money."""


def game_text(r: Result) -> str:
    """What was played: the contract with its suits, or how the deal ended unplayed."""
    if r.ending == "omyl" or r.contract is None:
        return r.ending
    return contract_name(r.contract)


def note_text(r: Result, lang: str) -> str:
    """How the deal ended for the aktér: what he wins or pays (an omyl, LICITOVANY §4.4,
    unplayed), or a vyrovnaná sedma. The aktér goes unnamed: the page names him beside it
    as the declarer, in the end's line and in the sheet's row.

    >>> r = Result(0, 1, 3, None, "omyl", (1, -2, 1), (20, -40, 20))
    >>> note_text(r, "cs"), note_text(r, "en")
    ('aktér platí 0,40 Kč, hra se nehraje', 'the aktér pays 0,40 Kč, the deal is not played')
    """
    if r.ending == "vyrovnana" or r.akter < 0:
        return tr(lang, "lic-end-vyrovnana")
    money = r.haler[r.akter]
    if r.ending == "omyl":
        return tr(lang, "lic-note-omyl", money=kc(-money))
    if money == 0:
        return tr(lang, "lic-note-even")
    if money > 0:
        return tr(lang, "lic-note-won", money=kc(money))
    return tr(lang, "lic-note-lost", money=kc(-money))


def _money(pay: Sequence[int], running: Sequence[int]) -> Message:
    return {"payout_text": [kc(x) for x in pay], "running_text": [kc(x) for x in running]}


def sheet(finished: Sequence[Settled], names: Sequence[str], lang: str) -> list[Message]:
    """The series' sheet: each deal's contract, aktér and money in Kč (LICITOVANY §6)."""
    return sheet_rows(finished, len(names), lambda f: f.result.haler,
                      lambda f: {"akter": f.result.akter, "contract": game_text(f.result),
                                 "game": game_text(f.result),
                                 "declarer": names[f.result.akter]
                                 if f.result.akter >= 0 else "—",
                                 "note": note_text(f.result, lang)}, _money)


def reveal(f: Settled, names: Sequence[str], lang: str) -> Message:
    """The settled deal as everyone may see it: each seat's cards as played (all shown
    in front of the table), tricks, money in Kč; never the cards laid away (LICITOVANY
    §3: in betl and durch not even after the game)."""
    d, r = f.deal, f.result
    seats = len(names)
    played: list[list[int]] = [[] for _ in range(seats)]
    tricks = [0] * seats
    for trick in d.history:
        tricks[trick.winner] += 1
        for s, c in _trick(d.order, trick.leader, trick.cards):
            played[s].append(ASCII_NAMES.index(c))
    return {"hands": [[ASCII_NAMES[c] for c in sorted(h)] for h in played],
            "game": game_text(r), "declarer": r.akter if r.akter >= 0 else None,
            "doubling": None, "note": note_text(r, lang), "points": None,
            "tricks": tricks, "payout": list(r.haler),
            "payout_text": [kc(x) for x in r.haler], "bok": False,
            "winners": [s for s in range(seats) if r.haler[s] > 0]}


__all__ = ["DISCARD", "Settled", "deal_message", "game_text", "note_text", "reveal", "sheet"]
