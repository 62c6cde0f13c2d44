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

Amounts, the sheet as the pages show it and the money rows of the live page and the
standings are :mod:`.money_view`'s (read only; :mod:`.views` shows them too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.i18n import Msg
from stolik.tournament import store
from stolik.tournament.games import MoneyGame, money_game
from stolik.web.app import render
from stolik.web.league import auth, views
from stolik.web.league.common import Db, Post, Posted, attempt, back
from stolik.web.league.money_view import (
    SeatLine,
    SheetView,
    cash_text,
    is_money,
    live_tables,
    money_text,
    money_writer,
    sheet_view,
    standings_rows,
)


class FormError(StolikError):
    """A money form's field that is not what it should be (one line, nothing written)."""


__all__ = [  # the read side is re-exported: the pages and their tests read it here
    "FormError", "SeatLine", "SheetView", "cash_text", "is_money", "live_tables", "money_text",
    "money_writer", "router", "sheet_page", "sheet_url", "sheet_view", "standings_rows",
]

router = APIRouter(include_in_schema=False)
BASE = "/{slug}/admin/round/{rnd}/table/{table}/money"




def sheet_url(slug: str, rnd: int, table: int) -> str:
    """The referee's page of a table (the entry page's URL)."""
    return f"/t/{slug}/admin/round/{rnd}/table/{table}"


def sheet_page(request: Request, db: Database, ref: auth.Referee, slug: str, rnd: int,
               table: int, *, error: str | None = None,
               form: dict[str, str] | None = None) -> Response:
    """The referee's page of a table's money sheet."""
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
        seats = len(store.table_sheet_of(db, slug, rnd, table).players)  # 3 or 4
        texts = [p.form.get(f"final{s}", "") for s in range(seats)]
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
