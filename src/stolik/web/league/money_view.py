"""What a money tournament's pages show (a game whose tables keep a money sheet: the
stolový lístek, MARIAS §7, §10; seed 002 §2, §3, §10), read from the store: amounts in Kč,
a table's sheet (:func:`sheet_view`), the money standings' rows and the live page's table
cards. Nothing here writes; :mod:`.money` holds the pages and their writes, :mod:`.views`
the live page that shows these rows too (issue 26.2: its own module, so that neither of
those two imports the other both ways). No game is named here.

Amounts are written by the game's part (:meth:`~stolik.tournament.games.MoneyGame.
cash_text`, ``amount_text``), in Kč:

>>> from stolik.games import games
>>> part = next(money_game(g.id) for g in games() if is_money(g.id))
>>> money_text(part, 1250), money_text(part, -320), money_text(part, 0)
('+12,50 Kč', '-3,20 Kč', '0,00 Kč')
>>> cash_text(part, 5000)
'50,00 Kč'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from stolik.db import Database
from stolik.games import UnknownGame
from stolik.tournament import store
from stolik.tournament.games import MoneyGame, money_game, tournament_game
from stolik.tournament.standings import Standings


def is_money(game_id: str) -> bool:
    """Whether the tournaments of ``game_id`` keep money sheets at their tables (MARIAS
    §7): the game's tournament part counts its results in haléř."""
    try:
        return tournament_game(game_id).UNIT == "haler"
    except UnknownGame:  # a game without tournaments keeps no money sheet either
        return False


def money_text(part: MoneyGame, haler: int) -> str:
    """A result in Kč, signed, as the game's part writes it (MARIAS §10: the ranking is
    in Kč)."""
    return f"{part.amount_text(haler)} Kč"


def cash_text(part: MoneyGame, haler: int) -> str:
    """Money on the table (a stake, a top-up, the final money) in Kč, unsigned."""
    return f"{part.cash_text(haler)} Kč"


def money_writer(game_id: str) -> Callable[[int], str]:
    """:func:`money_text` for the tournaments of ``game_id`` (the pages' ``kc``)."""
    part = money_game(game_id)
    return lambda haler: money_text(part, haler)


@dataclass(frozen=True)
class SeatLine:
    """One player's line of the table sheet (MARIAS §7)."""

    seat: int
    code: str
    name: str
    topups: tuple[tuple[str, str | None], ...]
    """Each top-up (Kč text, time ``HH:MM`` or ``None``)."""
    put_in: str
    final: str | None
    raw: str | None
    """final − stake − top-ups (or the deals' money), before any correction."""
    correction: str | None
    result: str | None
    """The round result that counts (with the correction); ``None`` while unbalanced."""
    leader: bool
    warned: bool
    excluded: bool


@dataclass(frozen=True)
class SheetView:
    """A table's sheet for one round as the pages show it."""

    round: int
    number: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    stake: str
    lines: tuple[SeatLine, ...]
    how: str
    """``deals``, ``final`` or ``none``: how the table's money was entered."""
    deals: int
    handed_in: bool
    corrected: bool
    unbalanced: str | None
    """The table's results' sum (Kč text) when it is not zero (seed 002 §10)."""
    events: tuple[store.EventInfo, ...]
    deal_lines: tuple[tuple[str, ...], ...]
    """Each deal's money by seat (Kč text) when the table was entered deal by deal."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Kept for the generic table card (nothing counted in points)."""
        return ()


def sheet_view(db: Database, slug: str, rnd: int, table: int,
               events: Sequence[store.EventInfo] | None = None) -> SheetView:
    """The sheet of table ``table`` in round ``rnd`` (StoreError if there is none)."""
    info = store.table_sheet_of(db, slug, rnd, table)
    part = money_game(info.game)
    sheet = info.sheet
    stake = sheet.stake if sheet is not None else part.STAKE
    res = info.result.table_points if info.result is not None else None
    play = list(info.result.played) if info.result is not None and info.deals else None
    raw = part.results(sheet, play) if sheet is not None or play is not None else None
    finals = part.final_money(sheet, play)  # written, or settled by the deals (MARIAS §7)
    has_final = sheet is not None and sheet.final is not None
    every = store.events_of(db, slug) if events is None else events
    mine = tuple(e for e in every if e.round == rnd and e.table == table)
    lines = []
    for s, (code, name) in enumerate(info.players):
        tops = tuple((cash_text(part, t.amount), t.at)
                     for t in (sheet.topups if sheet is not None else ()) if t.seat == s)
        corr = sheet.correction[s] if sheet is not None and sheet.correction else None
        lines.append(SeatLine(
            s, code, name, tops,
            cash_text(part, sheet.put_in(s) if sheet is not None else stake),
            cash_text(part, finals[s]) if finals is not None else None,
            (money_text(part, raw[s]) if raw is not None and (has_final or info.deals)
             else None),
            money_text(part, corr) if corr is not None else None,
            money_text(part, res[s]) if res is not None else None,
            (sheet.leader if sheet is not None else 0) == s,
            any(e.player == code and e.kind == "warning" for e in mine),
            any(e.player == code and e.kind == "excluded" for e in mine)))
    entered = bool(info.deals) or has_final
    off = None
    if entered and res is None and raw is not None:
        total = sum(raw) + (sum(sheet.correction) if sheet and sheet.correction else 0)
        off = money_text(part, total) if total else None
    # each deal's money by seat, as the engine settled it (MARIAS §6, §11)
    deal_lines = tuple(tuple(money_text(part, x) for x in part.deal_money(r))
                       for r in (info.result.results if info.result else ()))
    return SheetView(rnd, table, tuple(c for c, _ in info.players),
                     tuple(n for _, n in info.players), cash_text(part, stake), tuple(lines),
                     "deals" if info.deals else "final" if has_final else "none", info.deals,
                     bool(sheet is not None and sheet.handed_in),
                     bool(sheet is not None and sheet.correction), off, mine, deal_lines)


def standings_rows(st: Standings) -> list[dict[str, Any]]:
    """The money standings' rows (MARIAS §10): rank, player, total in Kč, the best and
    second best round (the tie rule), rounds played, excluded."""
    part = money_game(st.game)
    out = []
    for p in st.players:
        best = [*sorted(p.rounds, reverse=True), None, None]
        out.append({"rank": p.rank, "id": p.id, "name": p.name, "team": p.team,
                    "money": money_text(part, p.table_points),
                    "best": money_text(part, best[0]) if best[0] is not None else "–",
                    "second": money_text(part, best[1]) if best[1] is not None else "–",
                    "rounds": [money_text(part, x) for x in p.rounds],
                    "played": p.played, "excluded": p.excluded})
    return out


def live_tables(db: Database, slug: str, rnd: int, tables: int, names: dict[str, str]
                ) -> list[dict[str, Any]]:
    """The live page's table cards of a money tournament: each player's result so far
    (Kč), whether the sheet is handed in."""
    events = store.events_of(db, slug)
    out = []
    for n in range(1, tables + 1):
        sv = sheet_view(db, slug, rnd, n, events)
        out.append({"table": n, "players": [names.get(c, c) for c in sv.seats],
                     "seats": list(sv.seats), "deals": sv.deals, "of": 0,
                     "money": True, "handed_in": sv.handed_in,
                     "totals": [ln.result or "" for ln in sv.lines],
                     "totals_only": False, "unconfirmed": 0, "after_limit": 0,
                     "counted": 0})
    return out
