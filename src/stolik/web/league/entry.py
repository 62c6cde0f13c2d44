"""A table's entry page (referee): one form per paper-sheet line, the table's deals with
running totals and flags, correcting, deleting and confirming deals, events (late, left,
excluded) and totals-only entry.

Paths under ``/t/{slug}/admin/round/{rnd}/table/{table}``: ``GET`` the page; ``POST
deal`` enter; ``GET|POST deal/{n}/edit`` correct; ``POST deal/{n}/delete``, ``POST
deal/{n}/confirm``; ``POST event``, ``POST event/{id}/remove``; ``POST totals``.
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
from stolik.web.app import render
from stolik.web.league import auth, money, views
from stolik.web.league.common import Db, Post, Posted, Ref, attempt, back
from stolik.web.league.forms import (
    PAIRS,
    FormError,
    contracts,
    form_of_line,
    int_field,
    line_of_form,
    need_int,
)

router = APIRouter(include_in_schema=False)
BASE = "/{slug}/admin/round/{rnd}/table/{table}"


def table_url(slug: str, rnd: int, table: int) -> str:
    """The entry page of a table."""
    return f"/t/{slug}/admin/round/{rnd}/table/{table}"


def entry_page(request: Request, db: Database, ref: auth.Referee, slug: str, rnd: int,
               table: int, *, error: str | None = None, form: dict[str, str] | None = None,
               edit: int | None = None) -> Response:
    """The page: the table, its deals, the forms (``edit``: the deal being corrected)."""
    try:
        ctx = views.context(db, slug)
        if money.is_money(ctx.info.game):  # the stolový lístek (MARIAS §7)
            return money.sheet_page(request, db, ref, slug, rnd, table, error=error,
                                    form=form)
        tv = views.table_view(db, ctx, rnd, table)
    except StolikError as e:
        return render(request, "league/missing.html", {"message": e}, status_code=404)
    state = next(r for r in ctx.rounds if r.number == rnd)
    if form is None and edit is not None:
        line = next((ln for ln in tv.lines if ln.info.number == edit), None)
        if line is None:
            return render(request, "league/missing.html",
                          {"message": Msg("lg-nf-deal", "{slug}: round {round}, table {table}: no "
                                           "deal {deal}", slug=slug, round=rnd,
                                           table=table, deal=edit)},
                          status_code=404)
        form = form_of_line(line.info.data)
    return render(request, "league/entry.html", {
        "referee": ref, "info": ctx.info, "slug": slug, "round": rnd, "tv": tv,
        "state": state, "phase": state.phase(utcnow()), "tables": len(ctx.round(rnd).tables),
        "contracts": contracts(ctx.ruleset), "pairs": PAIRS, "error": error,
        # the ruleset's own names of the doubling levels (kontra, rekontra, bok, hirsch)
        "doublings": list(enumerate(ctx.ruleset.doublings[:4], start=1)),
        "form": form or {}, "edit": edit, "url": table_url(slug, rnd, table),
        "kinds": store.EVENT_KINDS, "sheet_kind": tv.lines[0].info.kind if tv.lines else "sheet",
    }, status_code=400 if error else 200)


@router.get(BASE, response_class=HTMLResponse)
def page(slug: str, rnd: int, table: int, request: Request,
         ref: Ref,
         db: Db) -> Response:
    """The entry page."""
    return entry_page(request, db, ref, slug, rnd, table)


@router.get(BASE + "/deal/{number}/edit", response_class=HTMLResponse)
def edit_page(slug: str, rnd: int, table: int, number: int, request: Request,
              ref: Ref,
              db: Db) -> Response:
    """The entry page with the form filled with deal ``number``, to correct it."""
    return entry_page(request, db, ref, slug, rnd, table, edit=number)


def _do(request: Request, db: Database, p: Posted, slug: str, rnd: int, table: int,
        action: Callable[[], Any], *, edit: int | None = None,
        keep_form: bool = True) -> Response:
    message = attempt(request, action)
    if message is not None:
        return entry_page(request, db, p.referee, slug, rnd, table, error=message,
                          form=p.form if keep_form else None, edit=edit)
    return back(table_url(slug, rnd, table) + "#deals")


def _line(db: Database, slug: str, form: dict[str, str]) -> dict[str, Any]:
    return line_of_form(views.context(db, slug).ruleset, form)


@router.post(BASE + "/deal", response_class=HTMLResponse)
def enter(slug: str, rnd: int, table: int, request: Request, p: Post,
          db: Db) -> Response:
    """Enter the table's next deal (``after_limit`` ticked: it began after the limit)."""
    def act() -> None:
        line = _line(db, slug, p.form)
        started: Any = "auto"
        if p.form.get("after_limit") == "on":
            started = store.round_clock(db, slug, rnd).limit
            if started is None:
                raise FormError("the round has not started: no limit to be after")
        store.enter_deal(db, slug, rnd, table, line, who=p.who, started_at=started)

    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/deal/{number}/edit", response_class=HTMLResponse)
def correct(slug: str, rnd: int, table: int, number: int, request: Request,
            p: Post, db: Db) -> Response:
    """Correct deal ``number`` (the audit log keeps before and after)."""
    return _do(request, db, p, slug, rnd, table, lambda: store.correct_deal(
        db, slug, rnd, table, number, _line(db, slug, p.form), who=p.who), edit=number)


@router.post(BASE + "/deal/{number}/delete", response_class=HTMLResponse)
def delete(slug: str, rnd: int, table: int, number: int, request: Request,
           p: Post, db: Db) -> Response:
    """Delete deal ``number``."""
    return _do(request, db, p, slug, rnd, table, lambda: store.delete_deal(
        db, slug, rnd, table, number, who=p.who), keep_form=False)


@router.post(BASE + "/deal/{number}/confirm", response_class=HTMLResponse)
def confirm(slug: str, rnd: int, table: int, number: int, request: Request,
            p: Post, db: Db) -> Response:
    """Confirm deal ``number`` (a referee other than the one who entered it)."""
    return _do(request, db, p, slug, rnd, table, lambda: store.confirm_deal(
        db, slug, rnd, table, number, who=p.who), keep_form=False)


@router.post(BASE + "/event", response_class=HTMLResponse)
def event(slug: str, rnd: int, table: int, request: Request, p: Post,
          db: Db) -> Response:
    """Record late (minutes), left (after N deals) or excluded."""
    return _do(request, db, p, slug, rnd, table, lambda: store.add_event(
        db, slug, rnd, table, p.form.get("player", ""), p.form.get("kind", ""),
        int_field(p.form, "value", lo=0, label="value"), who=p.who))


@router.post(BASE + "/event/{event_id}/remove", response_class=HTMLResponse)
def remove_event(slug: str, rnd: int, table: int, event_id: int, request: Request,
                 p: Post, db: Db) -> Response:
    """Remove a recorded event."""
    return _do(request, db, p, slug, rnd, table, lambda: store.remove_event(
        db, slug, event_id, who=p.who), keep_form=False)


@router.post(BASE + "/totals", response_class=HTMLResponse)
def totals(slug: str, rnd: int, table: int, request: Request, p: Post,
           db: Db) -> Response:
    """Enter only the table's final points by seat (sum 0), or clear them."""
    def act() -> None:
        if p.form.get("clear"):
            store.set_totals(db, slug, rnd, table, None, who=p.who)
            return
        values = [need_int(p.form, f"total{s}", label=f"seat {s + 1}") for s in range(4)]
        store.set_totals(db, slug, rnd, table, values, who=p.who)

    return _do(request, db, p, slug, rnd, table, act)
