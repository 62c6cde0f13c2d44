"""The tournament web pages (``/t``) over the TestClient: login and the first-run account,
every write guarded (login + CSRF), score entry, correction (audit log before → after),
confirmation by a second referee, the clock's after-limit flag, printable pages, the live
JSON endpoint and the ``stolik referee`` command."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database
from stolik.db.base import utcnow
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

SLUG = "puck-1"
PASSWORD = "haslo-sedziego"
T1 = "/t/puck-1/admin/round/1/table/1"


def csrf_of(html: str) -> str:
    """The first CSRF token of a page's forms."""
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def login(client: TestClient, name: str, password: str = PASSWORD) -> str:
    """Log ``client`` in; returns the CSRF token of its forms."""
    page = client.get("/t/login")
    resp = client.post("/t/login", data={"name": name, "password": password,
                                         "csrf": csrf_of(page.text), "next": "/t/admin/"},
                       follow_redirects=False)
    assert resp.status_code == 303, resp.text
    return csrf_of(client.get("/t/admin/").text)


@pytest.fixture
def app(db: Database) -> FastAPI:
    """The app over a database with two referees and a tournament of 9 players (2 teams),
    round 1 drawn (2 tables, 1 sitting out)."""
    auth.add_referee(db, "ala", PASSWORD)
    auth.add_referee(db, "bob", PASSWORD)
    store.create_tournament(db, SLUG, name="Turniej Pucki", ruleset="pucka-2019", who="ala",
                            rounds=3, deals=8, seed=0)
    for i in range(1, 10):
        store.add_player(db, SLUG, f"p{i}", f"Gracz {i}", who="ala",
                         team=("Puck" if i <= 5 else "Rumia") if i <= 8 else None)
    store.seat_round(db, SLUG, who="ala")
    return create_app(db)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A browser, not logged in."""
    with TestClient(app) as c:
        yield c


GRAN = {"contract": "gran", "declarer": "1", "level": "0", "points": "70"}
PLAIN = {"contract": "zwykla", "starzy": "0-2", "declarer": "3", "level": "1",
         "points": "80", "tricks": "3"}


# ----------------------------------------------------------------------- auth


def test_first_run_only_on_the_servers_computer(db: Database) -> None:
    """A player on the venue's network cannot claim the first referee account: the
    first-run page answers only the server's own computer."""
    with TestClient(create_app(db), client=("192.168.1.23", 50000)) as c:
        page = c.get("/t/setup")
        assert page.status_code == 403 and "stolik referee add" in page.text
        c.cookies.set(auth.PRE_COOKIE, "t0ken", path="/t")  # a valid double-submit pair
        post = c.post("/t/setup", data={"name": "eve", "password": PASSWORD,
                                        "password2": PASSWORD, "csrf": "t0ken"})
        assert post.status_code == 403 and "stolik referee add" in post.text
    assert auth.referee_count(db) == 0


def test_first_run_creates_the_first_account_only(db: Database) -> None:
    """With no referee the login page leads to the first-run page, which creates one
    account and logs it in; once one exists the page and its POST refuse."""
    with TestClient(create_app(db)) as c:
        assert c.get("/t/login", follow_redirects=False).headers["location"] == "/t/setup"
        page = c.get("/t/setup")
        assert page.status_code == 200
        token = csrf_of(page.text)
        bad = c.post("/t/setup", data={"name": "ala", "password": PASSWORD,
                                       "password2": PASSWORD, "csrf": "forged"})
        assert bad.status_code == 403
        short = c.post("/t/setup", data={"name": "ala", "password": "x", "password2": "x",
                                         "csrf": token})
        # in the page's language, Polish (issue 25.2: it was English)
        assert short.status_code == 400 and "co najmniej 8" in short.text
        assert auth.referee_count(db) == 0
        ok = c.post("/t/setup", data={"name": "ala", "password": PASSWORD,
                                      "password2": PASSWORD, "csrf": token},
                    follow_redirects=False)
        assert ok.status_code == 303 and ok.headers["location"] == "/t/admin/"
        cookie = ok.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
        assert c.get("/t/admin/").status_code == 200
    assert auth.referee_count(db) == 1
    with TestClient(create_app(db)) as other:
        assert other.get("/t/setup", follow_redirects=False).headers["location"] == \
            "/t/login"
        token = csrf_of(other.get("/t/login").text)
        again = other.post("/t/setup", data={"name": "eve", "password": PASSWORD,
                                             "password2": PASSWORD, "csrf": token})
        assert again.status_code == 403
    assert [n for n, _ in auth.referees(db)] == ["ala"]


def test_login_logout_and_wrong_password(client: TestClient, db: Database) -> None:
    """A wrong password is one line, no cookie; logout ends the login in the database."""
    token = csrf_of(client.get("/t/login").text)
    forged = client.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                           "csrf": "x" + token})
    assert forged.status_code == 403 and auth.COOKIE not in client.cookies
    bad = client.post("/t/login", data={"name": "ala", "password": "nope", "csrf": token})
    assert bad.status_code == 400 and 'id="error"' in bad.text
    assert auth.COOKIE not in client.cookies
    for _ in range(5):
        client.post("/t/login", data={"name": "bob", "password": "guess", "csrf": token})
    slow = client.post("/t/login", data={"name": "bob", "password": PASSWORD,
                                         "csrf": token})
    assert slow.status_code == 429 and auth.COOKIE not in client.cookies
    csrf = login(client, "ala")
    cookie = client.cookies[auth.COOKIE]
    assert auth.referee_of(db, cookie) is not None
    with db.read() as s:  # only the token's hash is stored
        from stolik.tournament.orm import LoginRow
        assert s.get(LoginRow, cookie) is None
    resp = client.post("/t/logout", data={"csrf": csrf}, follow_redirects=False)
    assert resp.status_code == 303
    assert auth.referee_of(db, cookie) is None
    assert client.get("/t/admin/", follow_redirects=False).status_code == 303


def _routes(routes: Sequence[Any], prefix: str = "") -> Iterator[tuple[str, set[str]]]:
    """(path, methods) of every API route, into included routers (FastAPI ≥ 0.16x keeps
    them nested)."""
    for r in routes:
        if isinstance(r, APIRoute):
            yield prefix + r.path, set(r.methods or ())
        ctx = getattr(r, "include_context", None)
        if ctx is not None:
            yield from _routes(ctx.included_router.routes, prefix + ctx.prefix)


def _post_routes(app: FastAPI) -> list[str]:
    """Every POST path under /t with its parameters filled in."""
    values = {"slug": SLUG, "rnd": "1", "table": "1", "number": "1", "code": "p1",
              "what": "start", "event_id": "1"}
    return sorted({re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)
                   for path, methods in _routes(app.routes)
                   if "POST" in methods and path.startswith("/t/")})


def test_every_write_refused_without_login_or_with_a_bad_csrf(app: FastAPI,
                                                              db: Database) -> None:
    """Every POST route: without login 303 to the login page; logged in with a missing or
    forged CSRF token 403; the audit log does not move."""
    paths = [p for p in _post_routes(app) if p not in ("/t/login", "/t/setup")]
    assert len(paths) >= 14, paths
    paths += [f"/t/{SLUG}/admin/round/1/{w}" for w in ("extend", "close", "reopen")]
    store.enter_deal(db, SLUG, 1, 1, {"contract": "gran", "declarer": 0, "points": 80},
                     who="bob")
    before = len(store.audit_log(db, SLUG))
    data = {"slug": "x2", "name": "X", "ruleset": "pucka-2019", "rounds": "1",
            "minutes": "40", "break_minutes": "5", "code": "p99", **GRAN}
    with TestClient(app) as anon:
        for path in paths:
            resp = anon.post(path, data=data, follow_redirects=False)
            assert resp.status_code == 303, path
            assert resp.headers["location"].startswith("/t/login"), path
    with TestClient(app) as c:
        login(c, "ala")
        for path in paths:
            assert c.post(path, data=data).status_code == 403, path
            assert c.post(path, data={**data, "csrf": "forged"}).status_code == 403, path
        other = TestClient(app)
        other_csrf = login(other, "bob")  # a token of another login is no good either
        assert c.post(paths[0], data={**data, "csrf": other_csrf}).status_code == 403
    assert len(store.audit_log(db, SLUG)) == before
    assert [t.slug for t in store.list_tournaments(db)] == [SLUG]
    assert len(store.deals_of(db, SLUG, 1, 1)) == 1


def test_admin_pages_require_login(client: TestClient) -> None:
    """GET admin pages redirect to login (and back afterwards)."""
    for path in ("/t/admin/", f"/t/{SLUG}/admin/", f"/t/{SLUG}/admin/audit", T1,
                 T1 + "/deal/1/edit"):
        resp = client.get(path, follow_redirects=False)
        assert resp.status_code == 303, path
        assert resp.headers["location"] == f"/t/login?next={path}"
    page = client.get("/t/login?next=" + T1)
    resp = client.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                         "csrf": csrf_of(page.text), "next": T1},
                       follow_redirects=False)
    assert resp.headers["location"] == T1
    evil = client.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                         "csrf": csrf_of(page.text),
                                         "next": "//evil.example/"}, follow_redirects=False)
    assert evil.headers["location"] == "/t/admin/"


# ------------------------------------------------------------ tournament admin


def test_create_tournament_players_csv_and_draw(client: TestClient, db: Database) -> None:
    """A tournament made with the forms: players pasted as CSV, round 1 drawn, redrawn,
    started; a refused request is one line with the form kept."""
    csrf = login(client, "ala")
    resp = client.post("/t/admin/new", data={
        "csrf": csrf, "slug": "gdy", "name": "Gdynia Open", "ruleset": "mester-sport",
        "date": "2026-11-22", "rounds": "2", "minutes": "40", "break_minutes": "5"},
        follow_redirects=False)
    assert resp.headers["location"] == "/t/gdy/admin/"
    dup = client.post("/t/admin/new", data={
        "csrf": csrf, "slug": "gdy", "name": "Again", "ruleset": "pucka-2019",
        "rounds": "2", "minutes": "40", "break_minutes": "5"})
    # the page's language, Polish (issue 25.2: the new-tournament form's refusals were English)
    assert dup.status_code == 400 and "już istnieje" in dup.text and 'value="Again"' in dup.text
    csv = "id;name;team\n" + "\n".join(f"g{i};Gracz G{i};{'A' if i < 4 else ''}"
                                       for i in range(1, 9))
    client.post("/t/gdy/admin/players", data={"csrf": csrf, "csv": csv})
    assert [(p.code, p.team) for p in store.players_of(db, "gdy")][:4] == [
        ("g1", "A"), ("g2", "A"), ("g3", "A"), ("g4", None)]
    bad = client.post("/t/gdy/admin/players", data={"csrf": csrf, "code": "g1",
                                                     "name": "Inny"})
    assert bad.status_code == 400 and "Gracz G1" in bad.text
    client.post("/t/gdy/admin/draw", data={"csrf": csrf})
    first = store.plans_of(db, "gdy")[0]
    client.post("/t/gdy/admin/draw", data={"csrf": csrf, "round": "1", "seed": "77"})
    assert len(store.plans_of(db, "gdy")) == 1
    assert [a.action for a in store.audit_log(db, "gdy")][-2:] == ["seat", "redraw"]
    client.post("/t/gdy/admin/round/1/start", data={"csrf": csrf})
    assert store.round_clock(db, "gdy", 1).started_at is not None
    late = client.post("/t/gdy/admin/draw", data={"csrf": csrf, "round": "1"})
    assert late.status_code == 400 and "nie można jej rozlosować ponownie" in late.text
    client.post("/t/gdy/admin/round/1/extend", data={"csrf": csrf, "minutes": "7"})
    assert store.round_clock(db, "gdy", 1).extra_minutes == 7
    page = client.get("/t/gdy/admin/")
    assert page.status_code == 200 and "Gdynia Open" in page.text
    client.post("/t/gdy/admin/round/1/close", data={"csrf": csrf})
    closed = client.post("/t/gdy/admin/round/1/table/1/deal",
                         data={"csrf": csrf, "contract": "gran", "declarer": "0",
                               "points": "70"})
    assert closed.status_code == 400 and "runda jest zamknięta" in closed.text
    client.post("/t/gdy/admin/round/1/reopen", data={"csrf": csrf})
    client.post("/t/gdy/admin/round/1/table/1/deal",
                data={"csrf": csrf, "contract": "gran", "declarer": "0", "points": "70"})
    assert len(store.deals_of(db, "gdy", 1, 1)) == 1
    assert first.tables  # the first draw seated two tables


# ---------------------------------------------------------------- score entry


def test_enter_correct_and_audit(client: TestClient, db: Database) -> None:
    """Deals entered with the form are scored with running totals; a refused line keeps
    the form and writes nothing; a correction shows up in the audit log before → after."""
    csrf = login(client, "ala")
    resp = client.post(T1 + "/deal", data={"csrf": csrf, **GRAN}, follow_redirects=False)
    assert resp.status_code == 303 and resp.headers["location"] == T1 + "#deals"
    client.post(T1 + "/deal", data={"csrf": csrf, **PLAIN})
    deals = store.deals_of(db, SLUG, 1, 1)
    assert [d.data for d in deals] == [
        {"contract": "gran", "declarer": 1, "points": 70},
        {"contract": "zwykla", "starzy": [0, 2], "level": 1, "points": 80, "tricks": 3}]
    assert all(d.entered_by == "ala" for d in deals)
    page = client.get(T1)
    assert 'id="deal-2"' in page.text
    # Seats read 1–4 like the printed plan (the stored lines keep 0–3): the gran by
    # stored seat 1 shows as seat 2, the starzy 0+2 as 1+3; the choices say "2: name".
    names = [p.name for p in store.players_of(db, SLUG)]
    seats = store.plans_of(db, SLUG)[0].tables[0]
    by_code = {p.code: p.name for p in store.players_of(db, SLUG)}
    rows = {n: re.search(rf'<tr id="deal-{n}".*?</tr>', page.text, re.S) for n in (1, 2)}
    cells = {n: re.findall(r"<td[^>]*>(.*?)</td>", m.group(0), re.S) if m else []
             for n, m in rows.items()}
    assert names and cells[1][2] == "2" and cells[2][2] == "1+3", cells
    assert f'<option value="1">2: {by_code[seats[1]]}</option>' in page.text
    assert f'<option value="0-2">1+3: {by_code[seats[0]]} &amp; {by_code[seats[2]]}' \
        in page.text or f'>1+3: {by_code[seats[0]]} & {by_code[seats[2]]}' in page.text

    bad = client.post(T1 + "/deal", data={"csrf": csrf, "contract": "gran", "declarer": "2",
                                          "points": "150"})
    assert bad.status_code == 400
    # the page's language names the field (issue 9.9): "Oczka: 0–104, nie 150"
    assert re.search(r'class="error"[^>]*>[^<]*Oczka', bad.text)
    assert 'name="points" type="number" min="0" max="104" value="150"' in bad.text
    assert len(store.deals_of(db, SLUG, 1, 1)) == 2

    edit = client.get(T1 + "/deal/1/edit")
    assert 'value="70"' in edit.text
    client.post(T1 + "/deal/1/edit", data={"csrf": csrf, **GRAN, "points": "40"})
    assert store.deals_of(db, SLUG, 1, 1)[0].data["points"] == 40
    audit = client.get(f"/t/{SLUG}/admin/audit")
    row = re.search(r'<tr class="action-correct">(.*?)</tr>', audit.text, re.S)
    assert row, audit.text
    # The audit log speaks the page's language (issue 9.9): "rozdanie 1", not "deal 1".
    assert "ala" in row.group(1) and "rozdanie 1" in row.group(1)
    assert "&#34;points&#34;: 70" in row.group(1) and "&#34;points&#34;: 40" in row.group(1)

    client.post(T1 + "/deal/2/delete", data={"csrf": csrf})
    assert len(store.deals_of(db, SLUG, 1, 1)) == 1


def test_confirmation_by_a_second_referee(app: FastAPI, db: Database) -> None:
    """The referee who entered a deal cannot confirm it; another one can."""
    with TestClient(app) as a, TestClient(app) as b:
        ca = login(a, "ala")
        cb = login(b, "bob")
        a.post(T1 + "/deal", data={"csrf": ca, **GRAN})
        same = a.post(T1 + "/deal/1/confirm", data={"csrf": ca})
        assert same.status_code == 400 and "potwierdza je ktoś inny" in same.text
        assert store.deals_of(db, SLUG, 1, 1)[0].confirmed_by is None
        assert "/deal/1/confirm" in b.get(T1).text
        ok = b.post(T1 + "/deal/1/confirm", data={"csrf": cb}, follow_redirects=False)
        assert ok.status_code == 303
        assert store.deals_of(db, SLUG, 1, 1)[0].confirmed_by == "bob"
        assert "✓ bob" in a.get(T1).text


def test_deal_after_the_limit_is_flagged(client: TestClient, db: Database) -> None:
    """In the break after the limit, the next deal began after it: flagged, not counted
    (live JSON counts 1 of 2); the "after the limit" box flags a deal entered from paper."""
    store.start_round(db, SLUG, 1, who="ala",
                      at=utcnow() - datetime.timedelta(minutes=42))
    csrf = login(client, "ala")
    client.post(T1 + "/deal", data={"csrf": csrf, **GRAN})
    client.post(T1 + "/deal", data={"csrf": csrf, **PLAIN})
    d1, d2 = store.deals_of(db, SLUG, 1, 1)
    assert (d1.after_limit, d2.after_limit) == (False, True)
    page = client.get(T1)
    assert page.text.count('class="flag after-limit"') == 1
    live = client.get(f"/t/{SLUG}/live.json").json()
    tb = live["tables"][0]
    assert (tb["deals"], tb["counted"], tb["after_limit"]) == (2, 1, 1)
    assert live["clock"]["phase"] == "break"
    client.post("/t/puck-1/admin/round/1/table/2/deal",
                data={"csrf": csrf, **GRAN, "after_limit": "on"})
    assert store.deals_of(db, SLUG, 1, 2)[0].after_limit


def test_events_and_totals_only(client: TestClient, db: Database) -> None:
    """A late event on one table, final totals only on another (and a bad sum refused)."""
    csrf = login(client, "ala")
    seats = store.plans_of(db, SLUG)[0].tables
    client.post(T1 + "/event", data={"csrf": csrf, "player": seats[0][1], "kind": "late",
                                     "value": "7"})
    assert [(e.player, e.kind, e.value) for e in store.events_of(db, SLUG)] == [
        (seats[0][1], "late", 7)]
    t2 = "/t/puck-1/admin/round/1/table/2"
    bad = client.post(t2 + "/totals", data={"csrf": csrf, "total0": "10", "total1": "0",
                                            "total2": "0", "total3": "0"})
    assert bad.status_code == 400 and "dają razem 10" in bad.text
    client.post(t2 + "/totals", data={"csrf": csrf, "total0": "30", "total1": "-10",
                                      "total2": "-10", "total3": "-10"})
    live = client.get(f"/t/{SLUG}/live.json").json()
    assert live["tables"][1]["totals"] == [30, -10, -10, -10]
    assert live["tables"][1]["totals_only"] is True
    ev = store.events_of(db, SLUG)[0]
    client.post(T1 + f"/event/{ev.id}/remove", data={"csrf": csrf})
    assert store.events_of(db, SLUG) == []


# ------------------------------------------------------------- public pages


def test_live_json_and_pages(client: TestClient, db: Database) -> None:
    """The live JSON: clock, tables' progress and running totals, standings and teams;
    the live page, the list and the player page render without login."""
    store.start_round(db, SLUG, 1, who="ala")
    store.enter_deal(db, SLUG, 1, 1, {"contract": "gran", "declarer": 1, "points": 70},
                     who="ala")
    resp = client.get(f"/t/{SLUG}/live.json")
    assert resp.headers["cache-control"] == "no-store"
    d = resp.json()
    assert d["tournament"]["name"] == "Turniej Pucki"
    assert d["clock"]["round"] == 1 and d["clock"]["phase"] == "playing"
    assert 0 < d["clock"]["remaining"] <= 40 * 60
    tb = d["tables"][0]
    assert tb["deals"] == 1 and tb["of"] == 8 and sum(tb["totals"]) == 0
    assert tb["totals"][1] > 0
    assert len(d["players"]) == 9 and d["players"][0]["rank"] == 1
    assert {t["team"] for t in d["teams"]} == {"Puck", "Rumia"}
    seated = store.plans_of(db, SLUG)[0].tables[0][1]
    assert d["players"][0]["id"] == seated
    page = client.get(f"/t/{SLUG}/")
    assert page.status_code == 200 and "/static/league.js" in page.text
    assert 'data-src="/t/puck-1/live.json"' in page.text
    assert client.get("/t/").status_code == 200
    me = client.get(f"/t/{SLUG}/player/{seated}")
    # index 1 of the draw is seat 2 of the printed plan, as `tournament seat --player` says
    assert me.status_code == 200 and "<strong>2</strong>" in me.text
    assert re.search(r'id="where">Runda 1:\s*<strong>Stolik 1</strong>, miejsce przy stole '
                     r'<strong>2</strong>', me.text)
    assert client.get(f"/t/{SLUG}/player/nobody").status_code == 404
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/t/nope/live.json").status_code == 404
    en = client.get(f"/t/{SLUG}/?lang=en")
    assert "Standings" in en.text and "Table pts" in en.text


def test_printable_pages(client: TestClient, db: Database) -> None:
    """Seating (seats, first dealer, sitting out), the sheet blank and filled (payouts,
    running totals), every sheet of the round, standings: all with the print styles."""
    store.enter_deal(db, SLUG, 1, 1, {"contract": "gran", "declarer": 1, "points": 70},
                     who="ala")
    plan = store.plans_of(db, SLUG)[0]
    seating = client.get(f"/t/{SLUG}/print/seating/1")
    assert seating.status_code == 200 and "/static/league.css" in seating.text
    assert seating.text.count('class="dealer-mark"') == 2
    assert 'id="sitting-out"' in seating.text
    assert "Miejsce przy stole 1" in seating.text and "Miejsce przy stole 0" not in seating.text
    sheet = client.get(f"/t/{SLUG}/print/sheet/1/1")
    assert sheet.status_code == 200
    assert "<b>1</b>:" in sheet.text and "<b>0</b>:" not in sheet.text  # seats 1–4
    assert sheet.text.count('class="blank"') == 7  # 8 deals, 1 entered
    assert 'class="running"' in sheet.text
    blank = client.get(f"/t/{SLUG}/print/sheet/1/1?blank=1")
    assert blank.text.count('class="blank"') == 8 and "☐" not in blank.text
    every = client.get(f"/t/{SLUG}/print/sheets/1")
    assert every.text.count('<section class="sheet"') == len(plan.tables)
    standings = client.get(f"/t/{SLUG}/print/standings")
    assert standings.status_code == 200 and 'id="teams"' in standings.text
    assert client.get(f"/t/{SLUG}/print/seating/3").status_code == 404
    assert client.get(f"/t/{SLUG}/print/sheet/1/9").status_code == 404
    css = client.get("/static/league.css").text
    assert "@media print" in css and "break-after: page" in css


# ----------------------------------------------------------------------- CLI


def test_referee_cli(db: Database, db_url: str) -> None:
    """``stolik referee add NAME --password-stdin`` and ``list``; a short password or a
    taken name is one line and status 1."""
    runner = CliRunner()
    ok = runner.invoke(cli_app, ["referee", "add", "Jan", "--db", db_url, "--password-stdin"],
                       input=PASSWORD + "\n")
    assert ok.exit_code == 0, ok.output
    assert auth.login(db, "Jan", PASSWORD) is not None
    again = runner.invoke(cli_app, ["referee", "add", "Jan", "--db", db_url,
                                    "--password-stdin"], input=PASSWORD + "\n")
    # Polish by default, like the other organiser's commands (issue 25.2).
    assert again.exit_code == 1 and "już istnieje" in again.output
    short = runner.invoke(cli_app, ["referee", "add", "Ewa", "--db", db_url,
                                    "--password-stdin"], input="abc\n")
    assert short.exit_code == 1
    typed = runner.invoke(cli_app, ["referee", "add", "Ewa", "--db", db_url],
                          input=f"{PASSWORD}\n{PASSWORD}\n")
    assert typed.exit_code == 0, typed.output
    listing = runner.invoke(cli_app, ["referee", "list", "--db", db_url])
    assert [line.split("\t")[0] for line in listing.output.splitlines()] == ["Ewa", "Jan"]


def test_sheet_marks_bok_deals(db: Database) -> None:
    """Under ``linia`` a 52:52 starts a bok-round: the sheet marks the doubled deal and the
    blank sheet has a box to tick; the gran after the tie pays double (RULES §6)."""
    store.create_tournament(db, "lin", name="Linia", ruleset="linia", who="ala", deals=4, seed=0)
    for i in range(1, 5):
        store.add_player(db, "lin", f"l{i}", f"L {i}", who="ala")
    store.seat_round(db, "lin", who="ala")
    store.enter_deal(db, "lin", 1, 1, {"contract": "zwykla", "starzy": [0, 2], "points": 52,
                                       "tricks": 2}, who="ala")
    store.enter_deal(db, "lin", 1, 1, {"contract": "gran", "declarer": 1, "points": 70},
                     who="ala")
    with TestClient(create_app(db)) as c:
        sheet = c.get("/t/lin/print/sheet/1/1").text
        assert "52:52" in sheet
        assert sheet.count('<tr class="bok') == 1
        assert re.search(r'<td class="box"><b title="[^"]+">B</b></td>', sheet)
        assert "☐" in c.get("/t/lin/print/sheet/1/1?blank=1").text
        tb = c.get("/t/lin/live.json").json()["tables"][0]
    assert tb["totals"] == [-12, 32, -12, -8]


def test_season_page(db: Database) -> None:
    """A season's public page sums its tournaments (RULES §10: individual and team), is
    linked from the tournament list, and names an unknown season in one line."""
    for n, day in (("s1", 1), ("s2", 8)):
        store.create_tournament(db, n, name=f"Turniej {n}", ruleset="pucka-2019", who="ala",
                                season="Liga 2026", date=datetime.date(2026, 11, day), seed=0)
        for i in range(1, 5):
            store.add_player(db, n, f"p{i}", f"Gracz {i}", who="ala", team="Puck")
        store.seat_round(db, n, who="ala")
        store.enter_deal(db, n, 1, 1, {"contract": "gran", "declarer": 0, "points": 90},
                         who="ala", started_at=None)
    with TestClient(create_app(db)) as c:
        index = c.get("/t/?lang=en")
        assert 'href="/t/season/Liga%202026"' in index.text
        page = c.get("/t/season/Liga%202026?lang=en")
        assert page.status_code == 200
        assert "Turniej s1" in page.text and "Turniej s2" in page.text
        _, st = store.season_of(db, "Liga 2026")
        first = st.players[0]
        assert first.played == 2 and first.place_points == 12.0  # 6 + 6
        assert re.search(rf"<td>1</td><td class=\"name\">{first.name}</td>", page.text)
        missing = c.get("/t/season/nope")
        assert missing.status_code == 404 and "no season &#39;nope&#39;" in missing.text
