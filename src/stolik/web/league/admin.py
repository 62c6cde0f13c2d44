"""The referee's pages: login, first run, tournaments and players, rounds and the clock,
the audit log. Every POST goes through :func:`~.common.posted` (login + CSRF); every GET
page through :func:`~.common.require_referee`. A refused change (``StoreError``, a bad
field) is shown as one line on the same page with the form kept; nothing is written.

The table entry page (deals, corrections, confirmation, events, totals) is
:mod:`.entry`.
"""

from __future__ import annotations

import datetime
import json
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from stolik.db import Database
from stolik.db.base import utcnow
from stolik.errors import StolikError
from stolik.games import GameSpec, games
from stolik.i18n import Msg, Term, translate
from stolik.tournament import store
from stolik.web.app import lang_of, render
from stolik.web.league import auth, entry, money, texts, views
from stolik.web.league.common import (
    Db,
    Form,
    Post,
    Posted,
    Ref,
    attempt,
    back,
    check_pre_csrf,
    current_referee,
    safe_next,
)
from stolik.web.league.forms import FormError, int_field, need_int, players_of_csv

router = APIRouter(prefix="/t", include_in_schema=False)
router.include_router(entry.router)
router.include_router(money.router)


# ------------------------------------------------------------------ login


def _pre_form(request: Request, name: str, ctx: dict[str, Any],
              status_code: int = 200) -> Response:
    """A form shown before login, with its double-submit CSRF cookie."""
    token = request.cookies.get(auth.PRE_COOKIE) or secrets.token_urlsafe(16)
    resp = render(request, name, {**ctx, "csrf": token}, status_code=status_code)
    resp.set_cookie(auth.PRE_COOKIE, token, httponly=True, samesite="strict", path="/t")
    return resp


def _logged_in(db: Database, token: str, to: str) -> Response:
    resp = back(to)
    resp.set_cookie(auth.COOKIE, token, httponly=True, samesite="lax", path="/",
                    max_age=auth.LOGIN_DAYS * 24 * 3600)
    return resp


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, db: Db) -> Response:
    """The login form (the first-run page when no referee exists yet)."""
    if auth.referee_count(db) == 0:
        return back("/t/setup")
    return _pre_form(request, "league/login.html",
                     {"next": safe_next(request.query_params.get("next")),
                      "referee": current_referee(request, db)})


def address_of(request: Request) -> str:
    """The client's address, the key of the login throttle."""
    return request.client.host if request.client is not None else "?"


@router.post("/login", response_class=HTMLResponse)
def login_post(request: Request, form: Form,
               db: Db) -> Response:
    """Log in: a right name and password set the login cookie. Throttled per client
    address and per account (:class:`~.auth.LoginGuard`: 429 with ``Retry-After``); the
    hashing is bounded (:class:`~.auth.HashGate`: 503 when full)."""
    check_pre_csrf(request, form)
    to = safe_next(form.get("next"))
    name = form.get("name", "").strip()
    guard: auth.LoginGuard = request.app.state.league_guard  # set by install()
    gate: auth.HashGate = request.app.state.league_hash_gate
    address = address_of(request)

    def again(error: str, status: int, retry: float | None = None) -> Response:
        resp = _pre_form(request, "league/login.html",
                         {"next": to, "name": name, "error": error, "referee": None},
                         status_code=status)
        if retry is not None:
            resp.headers["Retry-After"] = str(max(1, int(retry + 0.999)))
        return resp

    known = auth.is_known(db, name, request.cookies.get(auth.KNOWN_COOKIE))
    wait = guard.wait(address, name, known=known)
    if wait > 0:
        return again("lg-too-many", 429, wait)
    try:
        token = auth.login(db, name, form.get("password", ""), gate=gate)
    except auth.BusyError:
        return again("lg-busy", 503, 2.0)
    if token is None:
        guard.failed(address, name)
        return again("bad-login", 400)
    guard.succeeded(address, name)
    resp = _logged_in(db, token, to)
    mark = auth.known_mark(db, name)
    if mark is not None:
        resp.set_cookie(auth.KNOWN_COOKIE, mark, httponly=True, samesite="strict",
                        path="/t/login", max_age=365 * 24 * 3600)
    return resp


@router.post("/logout")
def logout_post(p: Post, db: Db) -> Response:
    """Log out this browser."""
    auth.logout(db, p.referee.token)
    resp = back("/t/")
    resp.delete_cookie(auth.COOKIE, path="/")
    return resp


LOCAL_CLIENTS = ("127.0.0.1", "::1", "testclient")
"""Who may create the first account: the machine running the server (``testclient`` is
Starlette's test client). From elsewhere on a venue's network: ``stolik referee add``."""


def _local(request: Request) -> bool:
    return request.client is not None and request.client.host in LOCAL_CLIENTS


def _not_local(request: Request) -> Response:
    return render(request, "league/missing.html",
                  {"message": Msg("lg-setup-not-local", "the first referee account is "
                                     "created on the computer that runs stolik serve "
                                     "(or with: stolik referee add NAME)")},
                  status_code=403)


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request, db: Db) -> Response:
    """First run: create the first referee account (only while none exists, and only on
    the server's own computer)."""
    if auth.referee_count(db):
        return back("/t/login")
    if not _local(request):
        return _not_local(request)
    return _pre_form(request, "league/setup.html", {})


@router.post("/setup", response_class=HTMLResponse)
def setup_post(request: Request, form: Form,
               db: Db) -> Response:
    """Create the first account and log it in; refused once any account exists."""
    check_pre_csrf(request, form)
    if auth.referee_count(db):
        return render(request, "league/missing.html",
                      {"message": Msg("lg-setup-exists",
                                      "a referee account exists already: log in")},
                      status_code=403)
    if not _local(request):
        return _not_local(request)
    name, pw = form.get("name", ""), form.get("password", "")
    try:
        if pw != form.get("password2", ""):
            raise auth.AuthError(Msg("err-auth-differ", "the two passwords differ"))
        auth.add_referee(db, name, pw, only_first=True)
    except auth.AuthError as e:
        return _pre_form(request, "league/setup.html",  # the page's language (25.2)
                         {"error": translate(e, lang_of(request)), "name": name},
                         status_code=400)
    token = auth.login(db, name, pw)
    assert token is not None
    return _logged_in(db, token, "/t/admin/")


# -------------------------------------------------------------- tournaments


def tournament_games() -> list[GameSpec]:
    """The games a tournament can be run for: those with a ``tournament`` part and shipped
    rulesets (issue 25.7: Betel has none, so the new-tournament form does not offer it)."""
    return [g for g in games() if g.rulesets() and g.has_part("tournament")]


def available_rulesets() -> list[str]:
    """The ids of the shipped rulesets of every game a tournament can be run for (unique
    across games, so an id names its game: ``ctyrka`` a Mariáš tournament, MARIAS §10) —
    never a path on the server."""
    return [r for g in tournament_games() for r in g.rulesets()]


def _home(request: Request, db: Database, ref: auth.Referee, error: str | None = None,
          form: dict[str, str] | None = None) -> Response:
    return render(request, "league/admin_home.html",
                  {"referee": ref, "tournaments": store.list_tournaments(db),
                   "ruleset_groups": [(g.name(lang_of(request)), g.rulesets())
                                      for g in tournament_games()],
                   "error": error, "form": form or {},
                   "referees": auth.referees(db)}, status_code=400 if error else 200)


@router.get("/admin/", response_class=HTMLResponse)
def admin_home(request: Request, ref: Ref,
               db: Db) -> Response:
    """The referee's home: tournaments, a new tournament."""
    return _home(request, db, ref)


MAX_RULESET_UPLOAD = 64 * 1024
"""Largest ruleset file a referee may upload (the shipped ones are under 8 KiB)."""


async def _uploaded_ruleset(request: Request) -> tuple[str, str] | None:
    """The uploaded ruleset file (name, text), if one was sent; FormError when it is too
    large or not UTF-8 text. Never a path on the server: a typed name is only a shipped
    ruleset's id."""
    size = request.headers.get("content-length", "")
    if size.isdigit() and int(size) > MAX_RULESET_UPLOAD + 64 * 1024:
        raise FormError(Msg("err-form-ruleset-size", "ruleset file{name}: at most {kib} KiB",
                            name="", kib=MAX_RULESET_UPLOAD // 1024))
    form = await request.form()  # cached: the guard read it already
    upload = form.get("ruleset_file")
    if isinstance(upload, str) or upload is None or not upload.filename:
        return None
    data = await upload.read(MAX_RULESET_UPLOAD + 1)
    name = upload.filename[-100:]
    if len(data) > MAX_RULESET_UPLOAD:
        raise FormError(Msg("err-form-ruleset-size", "ruleset file{name}: at most {kib} KiB",
                            name=" " + name, kib=MAX_RULESET_UPLOAD // 1024))
    try:
        return name, data.decode("utf-8")
    except UnicodeDecodeError:
        raise FormError(Msg("err-form-ruleset-utf8", "ruleset file {name}: not UTF-8 text",
                            name=name)) from None


def _create(db: Database, p: Posted, ruleset: str, text: str | None) -> str:
    f = p.form
    slug = f.get("slug", "").strip()
    date = None
    if f.get("date", "").strip():
        try:
            date = datetime.date.fromisoformat(f["date"].strip())
        except ValueError:
            raise FormError(Msg("err-form-date", "date: YYYY-MM-DD, not {raw}",
                                raw=repr(f["date"]))) from None
    store.create_tournament(
        db, slug, name=f.get("name", "").strip() or slug, ruleset=ruleset,
        ruleset_text=text, who=p.who, date=date, place=f.get("place", "").strip() or None,
        # the fields by the form's own labels (issue 25.2: "rounds: 1–50" was English)
        rounds=int_field(f, "rounds", lo=1, hi=50, label=Term("lg-rounds", "rounds")) or 5,
        deals=int_field(f, "deals", lo=1, hi=200, label=Term("lg-deals-per-round", "deals")),
        # empty: the game's round length (Mariáš 5 × 50 min, seed 002 §1)
        minutes=int_field(f, "minutes", lo=1, hi=600, label=Term("lg-minutes", "minutes")),
        break_minutes=need_int(f, "break_minutes", lo=0, hi=600,
                               label=Term("lg-break", "break")),
        season=f.get("season", "").strip() or None,
        require_confirmation=f.get("require_confirmation") == "on")
    return slug


@router.post("/admin/new", response_class=HTMLResponse)
async def new_tournament(request: Request, p: Post, db: Db) -> Response:
    """Create a tournament. The ruleset is a shipped one (its id) or an uploaded file of
    at most :data:`MAX_RULESET_UPLOAD` bytes — never a path read on the server."""
    f = p.form
    try:
        upload = await _uploaded_ruleset(request)
        if upload is not None:
            ruleset, text = upload
        else:
            ruleset, text = f.get("ruleset", "").strip(), None
            if ruleset not in available_rulesets():
                raise FormError(Msg("err-form-ruleset-choice", "ruleset {ruleset}: choose "
                                    "one of {rulesets} or upload a file",
                                    ruleset=repr(ruleset[:60]),
                                    rulesets=", ".join(available_rulesets())))
        slug = await run_in_threadpool(_create, db, p, ruleset, text)
    except StolikError as e:
        return await run_in_threadpool(_home, request, db, p.referee,
                                       translate(e, lang_of(request)), f)
    return back(f"/t/{slug}/admin/")


# ------------------------------------------------------------ a tournament


def tournament_page(request: Request, db: Database, ref: auth.Referee, slug: str,
                    error: str | None = None, form: dict[str, str] | None = None) -> Response:
    """The tournament's admin page: players, rounds and the clock, links to the tables."""
    try:
        ctx = views.context(db, slug)
    except StolikError as e:
        return render(request, "league/missing.html", {"message": e}, status_code=404)
    rounds = []
    now = utcnow()
    for rs in ctx.rounds:
        r = ctx.round(rs.number)
        rounds.append({"state": rs, "phase": rs.phase(now), "tables": r.tables,
                       "sitting_out": r.sitting_out,
                       "remaining": rs.clock.remaining(now)})
    return render(request, "league/admin_tournament.html",
                  {"referee": ref, "info": ctx.info, "slug": slug, "ctx": ctx,
                   "players": store.players_of(db, slug), "rounds": rounds,
                   "live": views.live_data(db, slug, now),
                   "error": error, "form": form or {}},
                  status_code=400 if error else 200)


@router.get("/{slug}/admin/", response_class=HTMLResponse)
def tournament_admin(slug: str, request: Request, ref: Ref,
                     db: Db) -> Response:
    """A tournament's admin page."""
    return tournament_page(request, db, ref, slug)


def _do(request: Request, db: Database, p: Posted, slug: str, action: Any,
        to: str | None = None) -> Response:
    """Run one store write; on a refusal show the page again with the error."""
    message = attempt(request, action)
    if message is not None:
        return tournament_page(request, db, p.referee, slug, message, p.form)
    return back(to or f"/t/{slug}/admin/")


@router.post("/{slug}/admin/players", response_class=HTMLResponse)
def add_players(slug: str, request: Request, p: Post,
                db: Db) -> Response:
    """Enter one player (id, name, team) or many pasted as CSV; all or nothing per line."""
    f = p.form

    def act() -> None:
        if f.get("csv", "").strip():
            rows = players_of_csv(f["csv"])
            known = {e.code for e in store.players_of(db, slug)}
            for code, name, team in rows:
                if code not in known:
                    store.add_player(db, slug, code, name, who=p.who, team=team)
        else:
            store.add_player(db, slug, f.get("code", "").strip(), f.get("name", ""),
                             who=p.who, team=f.get("team", "").strip() or None)

    return _do(request, db, p, slug, act, f"/t/{slug}/admin/#players")


@router.post("/{slug}/admin/players/{code}/team", response_class=HTMLResponse)
def set_team(slug: str, code: str, request: Request, p: Post,
             db: Db) -> Response:
    """Change a player's team."""
    return _do(request, db, p, slug, lambda: store.set_team(
        db, slug, code, p.form.get("team", "").strip() or None, who=p.who),
        f"/t/{slug}/admin/#players")


@router.post("/{slug}/admin/players/{code}/remove", response_class=HTMLResponse)
def remove_player(slug: str, code: str, request: Request, p: Post,
                  db: Db) -> Response:
    """Withdraw a player not seated yet."""
    return _do(request, db, p, slug, lambda: store.remove_player(db, slug, code, who=p.who),
               f"/t/{slug}/admin/#players")


@router.post("/{slug}/admin/draw", response_class=HTMLResponse)
def draw(slug: str, request: Request, p: Post,
         db: Db) -> Response:
    """Draw the next round, or draw round ``number`` again (before it starts)."""
    def act() -> None:
        number = int_field(p.form, "round", lo=1, label=Term("lg-round", "round"))
        seed = int_field(p.form, "seed", label=Term("lg-seed", "seed"))
        store.seat_round(db, slug, number, who=p.who, seed=seed)

    return _do(request, db, p, slug, act, f"/t/{slug}/admin/#rounds")


@router.post("/{slug}/admin/round/{rnd}/{what}", response_class=HTMLResponse)
def round_action(slug: str, rnd: int, what: str, request: Request,
                 p: Post, db: Db) -> Response:
    """The round's clock: ``start``, ``extend`` (minutes), ``close``, ``reopen``."""
    def act() -> None:
        if what == "start":
            store.start_round(db, slug, rnd, who=p.who)
        elif what == "extend":
            store.extend_round(db, slug, rnd, need_int(p.form, "minutes", lo=-600, hi=600,
                                                       label=Term("lg-f-extend", "minutes")),
                               who=p.who)
        elif what == "close":
            store.close_round(db, slug, rnd, who=p.who)
        elif what == "reopen":
            store.reopen_round(db, slug, rnd, who=p.who)
        else:
            raise FormError(Msg("err-form-round-action", "unknown round action {what}",
                                what=repr(what)))

    return _do(request, db, p, slug, act, f"/t/{slug}/admin/#round-{rnd}")


@router.get("/{slug}/admin/audit", response_class=HTMLResponse)
def audit(slug: str, request: Request, ref: Ref,
          db: Db) -> Response:
    """The audit log: who, when, what, before → after (newest first)."""
    try:
        rows = list(reversed(store.audit_log(db, slug)))
        info = store.tournament_info(db, slug)
    except StolikError as e:
        return render(request, "league/missing.html", {"message": e}, status_code=404)
    return render(request, "league/audit.html",
                  {"referee": ref, "info": info, "slug": slug, "rows": rows, "show": _show,
                   "audit_action": texts.audit_action, "audit_what": texts.audit_what})


def _show(value: Any) -> str:
    """A before/after value as the audit page shows it (JSON, Polish letters kept)."""
    return "" if value is None else json.dumps(value, ensure_ascii=False)
