"""The pages of a money tournament (a game whose tables keep a money sheet: the stolový
lístek, MARIAS §7, §10; seed 002 §2, §3, §10), on the store's generic API
(:func:`stolik.tournament.store.table_sheet_of`, :func:`~stolik.tournament.store.
change_table_sheet`) and the game's ``tournament`` part (:class:`~stolik.tournament.games.
MoneyGame`). No game is named here: a tournament keeps money sheets when its game's part
counts results in haléř (``UNIT == "haler"``).

The table's referee page is the table entry page's URL (``/t/{slug}/admin/round/{rnd}/
table/{table}``, :mod:`.entry` hands it here). Its writes:

- ``POST …/money/final``: the final money on the table by seat (MARIAS §7);
- ``POST …/money/topup``: one top-up ≥ 10 Kč with its time (seed 002 §3);
- either with ``equal_share`` ticked: the organiser's correction of a sheet that does not
  balance (seed 002 §10), in the audit log as its own action (``equal-share``);
- ``POST …/money/leader``, ``POST …/money/hand-in`` (signed and handed in, seed 002 §10);
- ``POST …/money/event``: a warning, or an exclusion after one (seed 002 §2).

A sheet handed in changes only with ``correction`` ticked (the referee's, audited). The
rules are the store's and the game's part's, not re-checked here: each refusal is theirs,
one line in the page's language (Polish, English, or Czech, which a Mariáš tournament's
pages offer: the part's ``LANGUAGES``), and nothing is written.

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

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.games import UnknownGame
from stolik.i18n import Msg
from stolik.tournament import store
from stolik.tournament.games import MoneyGame, money_game, tournament_game
from stolik.tournament.standings import Standings
from stolik.web.app import render
from stolik.web.league import auth
from stolik.web.league.common import Db, Post, Posted, attempt, back


class FormError(StolikError):
    """A money form's field that is not what it should be (one line, nothing written)."""


router = APIRouter(include_in_schema=False)
BASE = "/{slug}/admin/round/{rnd}/table/{table}/money"


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


def sheet_url(slug: str, rnd: int, table: int) -> str:
    """The referee's page of a table (the entry page's URL)."""
    return f"/t/{slug}/admin/round/{rnd}/table/{table}"


def sheet_page(request: Request, db: Database, ref: auth.Referee, slug: str, rnd: int,
               table: int, *, error: str | None = None,
               form: dict[str, str] | None = None) -> Response:
    """The referee's page of a table's money sheet."""
    from stolik.web.league import views

    try:
        ctx = views.context(db, slug)
        ctx.entry(rnd, table)
        sv = sheet_view(db, slug, rnd, table)
    except StolikError as e:
        return render(request, "league/missing.html", {"message": e}, status_code=404)
    state = next(r for r in ctx.rounds if r.number == rnd)
    part = money_game(ctx.info.game)
    return render(request, "league/money_sheet.html", {
        "referee": ref, "info": ctx.info, "slug": slug, "round": rnd, "sv": sv,
        "state": state, "phase": state.phase(utcnow()), "tables": len(ctx.round(rnd).tables),
        "url": sheet_url(slug, rnd, table), "kinds": part.EVENT_KINDS,
        "min_topup": cash_text(part, part.MIN_TOPUP), "error": error, "form": form or {},
    }, status_code=400 if error else 200)


def print_page(request: Request, db: Database, slug: str, rnd: int,
               tables: list[int] | None) -> Response:
    """The printable sheets of a round (or of the tables asked), one table per A4 page,
    filled as entered, or blank (``?blank=1``) for the table leader to fill (MARIAS §7)."""
    from stolik.web.league import views

    blank = request.query_params.get("blank") in ("1", "true", "yes")
    try:
        ctx = views.context(db, slug)
        numbers = tables or list(range(1, len(ctx.round(rnd).tables) + 1))
        for n in numbers:
            ctx.entry(rnd, n)
        events = store.events_of(db, slug)
        sheets = [sheet_view(db, slug, rnd, n, events) for n in numbers]
    except StolikError as e:
        return render(request, "league/missing.html", {"message": e}, status_code=404)
    part = money_game(ctx.info.game)
    return render(request, "league/print_money.html", {
        "info": ctx.info, "slug": slug, "round": rnd, "sheets": sheets, "blank": blank,
        "min_topup": cash_text(part, part.MIN_TOPUP), "topup_rows": 4})


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


# ----------------------------------------------------------------- writes


def _amount(part: MoneyGame, text: str, field: str) -> int:
    """Haléř of a Kč amount a person typed; one line in the page's language if it is
    not one (MARIAS §7)."""
    try:
        return part.parse_kc(text)
    except StolikError:
        raise FormError(Msg("lg-money-bad-kc", "{field}: Kč such as 62,40, not {raw} "
                            "(MARIAS §7)", field=field, raw=repr(text.strip()[:30]))) from None


def _seat(form: dict[str, str], key: str = "seat") -> int:
    raw = (form.get(key) or "").strip()
    if raw not in ("0", "1", "2", "3"):
        raise FormError(Msg("lg-money-bad-seat", "choose a player at the table (MARIAS §7)"))
    return int(raw)


def _do(request: Request, db: Database, p: Posted, slug: str, rnd: int, table: int,
        action: Callable[[], Any]) -> Response:
    message = attempt(request, action)
    if message is None:
        return back(sheet_url(slug, rnd, table) + "#sheet")
    try:
        has_sheet = is_money(store.tournament_info(db, slug).game)
    except StolikError:  # no such tournament: the refusal already says so
        has_sheet = False
    if not has_sheet:  # no sheet to show again
        return render(request, "league/missing.html", {"message": message}, status_code=400)
    return sheet_page(request, db, p.referee, slug, rnd, table, error=message, form=p.form)


def _change(db: Database, p: Posted, slug: str, rnd: int, table: int, change: Any,
            action: str, what: str) -> None:
    store.change_table_sheet(db, slug, rnd, table, change, who=p.who, action=action,
                             what=what, correction=p.form.get("correction") == "on")


def _part(db: Database, slug: str) -> MoneyGame:
    return money_game(store.tournament_info(db, slug).game)


@router.post(BASE + "/final", response_class=HTMLResponse)
def final(slug: str, rnd: int, table: int, request: Request, p: Post, db: Db) -> Response:
    """The money on the table at the end, by seat (result = final − stake − top-ups,
    MARIAS §7); ``equal_share`` ticked: the organiser's correction of an unbalanced table
    (seed 002 §10)."""
    def act() -> None:
        part = _part(db, slug)
        texts = [p.form.get(f"final{s}", "") for s in range(4)]
        amounts = [_amount(part, t, f"{s + 1}") for s, t in enumerate(texts)]
        spread = p.form.get("equal_share") == "on"
        _change(db, p, slug, rnd, table, part.money_change(final=amounts, spread=spread),
                "equal-share" if spread else "money",
                "final " + " ".join(cash_text(part, a) for a in amounts))

    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/topup", response_class=HTMLResponse)
def topup(slug: str, rnd: int, table: int, request: Request, p: Post, db: Db) -> Response:
    """One top-up of a player (at least 10 Kč, with its time; seed 002 §3)."""
    def act() -> None:
        part = _part(db, slug)
        seat = _seat(p.form)
        amount = _amount(part, p.form.get("amount", ""), "Kč")
        spread = p.form.get("equal_share") == "on"
        at = (p.form.get("at") or "").strip() or None
        _change(db, p, slug, rnd, table,
                part.money_change(topups=[part.topup(seat, amount, at)], spread=spread),
                "equal-share" if spread else "money",
                f"top-up seat {seat + 1} {cash_text(part, amount)}"
                + (f" at {at}" if at else ""))

    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/leader", response_class=HTMLResponse)
def leader(slug: str, rnd: int, table: int, request: Request, p: Post, db: Db) -> Response:
    """Name the table leader who keeps the sheet (seed 002 §3)."""
    def act() -> None:
        seat = _seat(p.form)
        _change(db, p, slug, rnd, table, _part(db, slug).money_change(leader=seat), "money",
                f"leader seat {seat + 1}")

    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/hand-in", response_class=HTMLResponse)
def hand_in(slug: str, rnd: int, table: int, request: Request, p: Post,
            db: Db) -> Response:
    """Signed by the four players and handed in (seed 002 §10): no complaint after it;
    a change needs the referee's correction."""
    def act() -> None:
        _change(db, p, slug, rnd, table, _part(db, slug).money_change(hand_in=True),
                "hand-in", "signed and handed in")

    p.form.pop("correction", None)  # a hand-in is never a correction
    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/event", response_class=HTMLResponse)
def event(slug: str, rnd: int, table: int, request: Request, p: Post, db: Db) -> Response:
    """A warning, or an exclusion after one (seed 002 §2)."""
    return _do(request, db, p, slug, rnd, table, lambda: store.add_event(
        db, slug, rnd, table, p.form.get("player", ""), p.form.get("kind", ""), None,
        who=p.who))
