"""The tournament pages under ``/t``: public (list, live results, where-do-I-sit), printable
(seating, score sheets, standings) and, from :mod:`.admin`, the referee's pages.

``install(app)`` adds them to the application (:func:`stolik.web.app.create_app`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from stolik.db import Database
from stolik.errors import StolikError
from stolik.i18n import LANGS, Msg, translate
from stolik.tournament import store
from stolik.web.app import render
from stolik.web.league import admin, auth, money, texts, views
from stolik.web.league.common import Db, LoginRequired, current_referee, login_redirect

router = APIRouter(prefix="/t", include_in_schema=False)


def not_found(request: Request, message: object) -> Response:
    """The 404 page with one line saying what is missing, in the page's language where
    ``message`` (an error or a :class:`~stolik.i18n.Msg`) carries a code (issue 9.9)."""
    return render(request, "league/missing.html", {"message": message}, status_code=404)


@router.get("/", response_class=HTMLResponse)
def index(request: Request, db: Db) -> Response:
    """Every tournament, newest first."""
    items = list(reversed(store.list_tournaments(db)))
    return render(request, "league/index.html",
                  {"tournaments": items, "referee": current_referee(request, db)})


@router.get("/season/{name}", response_class=HTMLResponse)
def season(name: str, request: Request, db: Db) -> Response:
    """A season's standings (RULES §10): its tournaments summed, players and teams; a
    player seated during a yellow-card ban is named as the error (seed 000 §7t)."""
    try:
        results, st = store.season_of(db, name)
    except StolikError as e:
        return not_found(request, e)
    tournaments = [(r.tournament.source or "", r.tournament.name,
                    r.tournament.date.isoformat() if r.tournament.date else "")
                   for r in results]
    return render(request, "league/season.html",
                  {"name": name, "st": st, "tournaments": tournaments, "fmt": views.fmt})


@router.get("/{slug}/", response_class=HTMLResponse)
def live(slug: str, request: Request, db: Db) -> Response:
    """The live results page (updates itself from :func:`live_json`)."""
    try:
        data = views.live_data(db, slug)
    except StolikError as e:
        return not_found(request, e)
    # info: the tournament's game, whose players' language the page speaks first
    return render(request, "league/live.html",
                  {"d": data, "slug": slug, "referee": current_referee(request, db),
                   "info": store.tournament_info(db, slug)})


@router.get("/{slug}/live.json")
def live_json(slug: str, request: Request, db: Db) -> Response:
    """The live page's data: clock, standings, tables' progress (no caching)."""
    try:
        data = views.live_data(db, slug)
    except StolikError as e:
        lang = request.query_params.get("lang")  # ?lang= asks, else English (issue 9.9)
        return JSONResponse({"error": translate(e, lang if lang in LANGS else "en")},
                            status_code=404)
    return JSONResponse(data, headers={"Cache-Control": "no-store"})


@router.get("/{slug}/player/{code}", response_class=HTMLResponse)
def player(slug: str, code: str, request: Request,
           db: Db) -> Response:
    """Where a player sits in each round, and his results."""
    try:
        ctx = views.context(db, slug)
    except StolikError as e:
        return not_found(request, e)
    if code not in ctx.names:
        return not_found(request, Msg("lg-nf-player", "{slug}: no player '{code}'",
                                      slug=slug, code=code))
    st, err = views.standings(db, slug)
    mine = next((p for p in st.players if p.id == code), None) if st else None
    rows: list[dict[str, Any]] = []
    scored: dict[tuple[int, int], Any] = {}
    if st is not None:
        res = store.result_of(db, slug)[0]
        scored = {(r.number, t.table): t for r in res.rounds for t in r.tables}
    for rn, rnd in enumerate(ctx.model.rounds, 1):
        row: dict[str, Any] = {"round": rn, "table": None}
        for tn, tb in enumerate(rnd.tables, 1):
            if code in tb.seats:
                seat = tb.seats.index(code)
                row.update(table=tn, seat=seat, dealer=tb.first_dealer,
                           others=[(s, ctx.names.get(c, c)) for s, c in enumerate(tb.seats)])
                tr = scored.get((rn, tn))
                if tr is not None:
                    row.update(table_points=tr.table_points[seat],
                               place_points=views.fmt(tr.place_points[seat]),
                               deals=tr.deals_played)
        if code in rnd.sitting_out:
            row["sitting_out"] = True
        rows.append(row)
    cur = views.current_round(ctx.rounds)
    now_row = rows[cur.number - 1] if cur is not None else None
    return render(request, "league/player.html",
                  {"info": ctx.info, "slug": slug, "code": code, "name": ctx.names[code],
                   "now": now_row,
                   "team": ctx.teams.get(code), "rows": rows, "mine": mine, "error": err,
                   "fmt": views.fmt,
                   # a money tournament: results in Kč, no place points (MARIAS §10)
                   "money": money.is_money(ctx.info.game),
                   "kc": money.money_writer(ctx.info.game) if money.is_money(ctx.info.game)
                   else None})


@router.get("/{slug}/print/seating/{rnd}", response_class=HTMLResponse)
def print_seating(slug: str, rnd: int, request: Request,
                  db: Db) -> Response:
    """The round's seating, to print: tables, seats, first dealer, sitting out."""
    try:
        ctx = views.context(db, slug)
        r = ctx.round(rnd)
    except StolikError as e:
        return not_found(request, e)
    return render(request, "league/print_seating.html",
                  {"info": ctx.info, "slug": slug, "round": rnd, "tables": r.tables,
                   "sitting_out": r.sitting_out, "names": ctx.names, "teams": ctx.teams})


def _sheets(request: Request, db: Database, slug: str, rnd: int,
            tables: list[int] | None) -> Response:
    blank = request.query_params.get("blank") in ("1", "true", "yes")
    try:
        ctx = views.context(db, slug)
        if money.is_money(ctx.info.game):  # one stolový lístek per A4 page (MARIAS §7)
            return money.print_page(request, db, slug, rnd, tables)
        numbers = tables or list(range(1, len(ctx.round(rnd).tables) + 1))
        events = store.events_of(db, slug)
        sheets = [views.table_view(db, ctx, rnd, n, events) for n in numbers]
    except StolikError as e:
        return not_found(request, e)
    return render(request, "league/print_sheet.html",
                  {"info": ctx.info, "slug": slug, "round": rnd, "sheets": sheets,
                   "blank": blank, "rows": ctx.info.deals_per_round,
                   # what the game's printed sheet needs (Baśka: a bok column, RULES §6)
                   **ctx.league.print_context(ctx.ruleset)})


@router.get("/{slug}/print/sheet/{rnd}/{table}", response_class=HTMLResponse)
def print_sheet(slug: str, rnd: int, table: int, request: Request,
                db: Db) -> Response:
    """A table's score sheet: filled with the entered deals, or blank with ``?blank=1``."""
    return _sheets(request, db, slug, rnd, [table])


@router.get("/{slug}/print/sheets/{rnd}", response_class=HTMLResponse)
def print_sheets(slug: str, rnd: int, request: Request,
                 db: Db) -> Response:
    """Every table's score sheet of a round, one per page."""
    return _sheets(request, db, slug, rnd, None)


@router.get("/{slug}/print/standings", response_class=HTMLResponse)
def print_standings(slug: str, request: Request, db: Db) -> Response:
    """The standings, to print: players, then teams (best 4)."""
    try:
        info = store.tournament_info(db, slug)
    except StolikError as e:
        return not_found(request, e)
    st, err = views.standings(db, slug)
    return render(request, "league/print_standings.html",
                  {"info": info, "slug": slug, "st": st, "error": err, "fmt": views.fmt,
                   # a money tournament's ranking (MARIAS §10): Kč, best and second round
                   "money_rows": money.standings_rows(st) if st is not None
                   and money.is_money(info.game) else None})


def install(app: FastAPI) -> None:
    """Add the tournament pages (and their texts) to ``app``."""
    texts.register_texts()
    settings = app.state.settings
    app.state.league_guard = auth.LoginGuard(settings.get("login_limits"))
    if settings.get("hub"):  # the site's processes count failed logins together (issue 13)
        from stolik.web.league.redis_login import RedisLoginGuard

        app.state.league_guard = RedisLoginGuard(settings["hub"], settings.get("login_limits"))
    app.state.league_hash_gate = auth.HashGate(int(settings.get("hash_slots", 1)))

    @app.exception_handler(LoginRequired)
    def _login(request: Request, exc: LoginRequired) -> Response:
        return login_redirect(exc)

    app.include_router(admin.router)  # first: /t/admin/ before /t/{slug}/
    app.include_router(router)
