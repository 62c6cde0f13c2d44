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
from stolik.web.league.forms import FormError, int_field, need_int
from stolik.web.league.parts import has_league, league_game

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
            page = money.sheet_page(request, db, ref, slug, rnd, table, error=error,
                                    form=form)
            return _with_deal_form(request, page, db, ctx, rnd, table)
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
        form = ctx.league.form_of_deal(line.info.data)
    return render(request, "league/entry.html", {
        "referee": ref, "info": ctx.info, "slug": slug, "round": rnd, "tv": tv,
        "state": state, "phase": state.phase(utcnow()), "tables": len(ctx.round(rnd).tables),
        # the game's deal form: its choices (Baśka: contracts, starzy pairs, doublings)
        **ctx.league.entry_context(ctx.ruleset), "error": error,
        "form": form or {}, "edit": edit, "url": table_url(slug, rnd, table),
        "kinds": store.EVENT_KINDS, "entry_kind": ctx.league.ENTRY_KIND,
        "sheet_kind": tv.lines[0].info.kind if tv.lines else ctx.league.ENTRY_KIND,
    }, status_code=400 if error else 200)


def _with_deal_form(request: Request, page: Response, db: Database, ctx: views.Context,
                    rnd: int, table: int) -> Response:
    """The money sheet's page with the game's deal form below it, when the game has one
    (Mariáš: one deal record, MARIAS §11) and the page is the sheet (not a 404): the deals
    entered so far with each one's money and the table's running money after it (MARIAS
    §6, §9). The money page's own context is kept whole (:func:`.money.sheet_page`)."""
    context = getattr(page, "context", None)
    template = getattr(getattr(page, "template", None), "name", "")
    if (context is None or template != "league/money_sheet.html"
            or not has_league(ctx.info.game)):
        return page
    deals = store.deals_of(db, ctx.info.slug, rnd, table)
    kc = money.money_writer(ctx.info.game)
    rows: list[dict[str, Any]] = []
    error: StolikError | None = None
    try:
        faces = ctx.league.settle(ctx.ruleset, ctx.league.ENTRY_KIND,
                                  [d.data for d in deals])
    except StolikError as e:  # the store refuses such tables; shown, not fatal
        faces, error = [], e
    running = [0, 0, 0, 0]
    for d, face in zip(deals, faces, strict=error is None):
        running = [a + b for a, b in zip(running, face.payout, strict=True)]
        rows.append({"number": d.number, "dealer": int(d.data.get("dealer", 0)) % 4,
                     "label": face.label, "money": [kc(x) for x in face.payout],
                     "running": [kc(x) for x in running]})
    dealer = (ctx.entry(rnd, table).first_dealer + len(deals)) % 4
    return render(request, "league/money_deals.html", {
        **{k: v for k, v in context.items() if k != "request"},
        "deal_rows": rows, "deal_error": error, "next_deal": len(deals) + 1,
        "next_dealer": dealer, "next_chooser": (dealer + 1) % 4,
        **ctx.league.entry_context(ctx.ruleset)}, status_code=page.status_code)


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


def _line(db: Database, slug: str, rnd: int, table: int, form: dict[str, str],
          number: int | None = None) -> dict[str, Any]:
    """Deal ``number`` (``None``: the next one) as the posted form describes it, read by
    the game's ``league`` part; its dealer is the table's first dealer moved clockwise
    once per deal before it (RULES §9, MARIAS §9)."""
    ctx = views.context(db, slug)
    before = len(store.deals_of(db, slug, rnd, table)) if number is None else number - 1
    dealer = (ctx.entry(rnd, table).first_dealer + before) % 4
    return ctx.league.deal_of_form(ctx.ruleset, form, dealer=dealer)


def _check_money_sheet(db: Database, slug: str, rnd: int, table: int) -> None:
    """A money table takes deals while its sheet has no final money (the money then comes
    from the deals, MARIAS §7) and is not handed in (seed 002 §10)."""
    sheet = store.table_sheet_of(db, slug, rnd, table).sheet
    if sheet is not None and sheet.handed_in:
        raise FormError(Msg("lg-mdeal-handed-in", "the table sheet is handed in: no deal is "
                            "added after it (seed 002 §10)"))
    if sheet is not None and sheet.final is not None:
        raise FormError(Msg("lg-mdeal-has-final", "this table's money is entered as final "
                            "amounts: it takes no deals besides (MARIAS §7)"))


@router.post(BASE + "/deal", response_class=HTMLResponse)
def enter(slug: str, rnd: int, table: int, request: Request, p: Post,
          db: Db) -> Response:
    """Enter the table's next deal as the game's form writes it (Baśka: a sheet line;
    Mariáš: a deal record, MARIAS §11), settled by the engine when the store checks it
    (``after_limit`` ticked: it began after the limit)."""
    def act() -> None:
        info = store.tournament_info(db, slug)
        if money.is_money(info.game):
            _check_money_sheet(db, slug, rnd, table)
        line = _line(db, slug, rnd, table, p.form)
        started: Any = "auto"
        if p.form.get("after_limit") == "on":
            started = store.round_clock(db, slug, rnd).limit
            if started is None:
                raise FormError(Msg("err-form-not-started",
                                    "the round has not started: no limit to be after"))
        store.enter_deal(db, slug, rnd, table, line, who=p.who, started_at=started,
                         kind=league_game(info.game).ENTRY_KIND)

    return _do(request, db, p, slug, rnd, table, act)


@router.post(BASE + "/deal/{number}/edit", response_class=HTMLResponse)
def correct(slug: str, rnd: int, table: int, number: int, request: Request,
            p: Post, db: Db) -> Response:
    """Correct deal ``number`` (the audit log keeps before and after)."""
    return _do(request, db, p, slug, rnd, table, lambda: store.correct_deal(
        db, slug, rnd, table, number, _line(db, slug, rnd, table, p.form, number),
        who=p.who), edit=number)


@router.post(BASE + "/deal/{number}/delete", response_class=HTMLResponse)
def delete(slug: str, rnd: int, table: int, number: int, request: Request,
           p: Post, db: Db) -> Response:
    """Delete deal ``number`` (the later deals move up; the store refuses what the engine
    then refuses: a Mariáš table's dealers must still go clockwise, MARIAS §9). A money
    table's deals are not deleted once its sheet is handed in (seed 002 §10)."""
    def act() -> None:
        if money.is_money(store.tournament_info(db, slug).game):
            _check_money_sheet(db, slug, rnd, table)
        store.delete_deal(db, slug, rnd, table, number, who=p.who)

    return _do(request, db, p, slug, rnd, table, act, keep_form=False)


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
        values = [need_int(p.form, f"total{s}", label=Msg("lg-f-seat-n", "seat {n}", n=s + 1))
                  for s in range(4)]
        store.set_totals(db, slug, rnd, table, values, who=p.who)

    return _do(request, db, p, slug, rnd, table, act)
