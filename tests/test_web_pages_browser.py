"""Every page of the site in Debian's Chromium (Playwright), filled with sample data: a
tournament of 16 players (4 tables, table 1's 32 deals entered), a season, play tables
finished, in play and with a free seat, the referee's pages logged in.

- On a phone (390 px wide) no page is wider than the screen (issue 9 item 8): the page's
  ``scrollWidth`` is at most the viewport's, in Polish and English. Every GET route of
  the application that answers HTML has a sample here — a new route fails the test until
  it is given one.
- The round's score sheets print one A4 page per table, 32 deals and the signatures
  included (issue 9 item 7): Chromium prints the page to PDF and the pages are counted.

The widths and page counts measured are written to ``test-artifacts/page-widths.txt``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, ViewportSize

pytestmark = pytest.mark.browser

LiveServer = Callable[[FastAPI], str]
SLUG = "puck-16"
SEASON = "Liga Pucka 2026"
REFEREE, PASSWORD = "ala", "haslo-sedziego"
PHONE: ViewportSize = {"width": 390, "height": 844}
DEALS = 32
NOT_PAGES = {"/healthz", "/favicon.ico", "/t/{slug}/live.json",
             "/play/t/{table_id}/record.toml", "/api/docs", "/openapi.json",
             "/docs/oauth2-redirect"}
"""GET routes that answer data, not a page (TOML, JSON, an icon, the API's own docs)."""


def _routes(routes: Sequence[Any], prefix: str = "") -> Iterator[tuple[str, set[str]]]:
    """(path, methods) of every route, into included routers (FastAPI ≥ 0.16x keeps them
    nested)."""
    for r in routes:
        if isinstance(r, APIRoute):
            yield prefix + r.path, set(r.methods or ())
        ctx = getattr(r, "include_context", None)
        if ctx is not None:
            yield from _routes(ctx.included_router.routes, prefix + ctx.prefix)
        elif getattr(r, "path", None) and getattr(r, "methods", None) and \
                not isinstance(r, APIRoute):
            yield prefix + r.path, set(r.methods)


def html_get_routes(app: FastAPI) -> set[str]:
    """The path templates of the application's GET pages."""
    return {p for p, m in _routes(app.routes) if "GET" in m and p not in NOT_PAGES}


def _deal(i: int) -> dict[str, Any]:
    """Deal ``i`` of table 1's sheet: a gran by seat 1 or 2, won or lost (RULES §5).
    Seats 1 and 2 are the same people whichever way a sheet line numbers its seats."""
    return {"contract": "gran", "declarer": 1 + i % 2, "points": (70, 40, 90, 60)[i % 4]}


def tournament(db: Database) -> None:
    """A referee; a season of one tournament of 16 players (two teams of 5 and 6, the
    rest alone), round 1 drawn (4 tables) and started, table 1's 32 deals on its sheet,
    table 2's first deal."""
    auth.add_referee(db, REFEREE, PASSWORD)
    store.create_tournament(db, SLUG, name="Turniej Pucki — jesień, runda finałowa",
                            ruleset="pucka-2019", who=REFEREE, rounds=3, season=SEASON)
    for i in range(1, 17):
        store.add_player(db, SLUG, f"p{i:02d}", f"Gracz Długonazwiskowski-{i}", who=REFEREE,
                         team=("Klub Karciany Puck", "Rumia Wschodnia", None)[min(i // 6, 2)])
    store.seat_round(db, SLUG, who=REFEREE)
    store.start_round(db, SLUG, 1, who=REFEREE)
    store.enter_deals(db, SLUG, 1, 1, [_deal(i) for i in range(DEALS)], who=REFEREE,
                      kind="sheet")
    store.enter_deal(db, SLUG, 1, 2, _deal(0), who=REFEREE)


@dataclass(frozen=True)
class Site:
    """The served app and the ids its sample URLs need."""

    base: str
    app: FastAPI
    finished: str
    playing: str
    open_table: str
    player_id: int


def _api_table(page: Page, base: str, body: dict[str, Any]) -> str:
    resp = page.request.post(f"{base}/play/api/tables", data=body)
    assert resp.ok, resp.text()
    return str(resp.json()["id"])


def _play_tables(page: Page, app: FastAPI, base: str) -> tuple[str, str, str]:
    """A finished bot table (gone from memory, as after a restart), a table where this
    browser's player sits with three bots, and one with a free seat."""
    hub = app.state.play_hub
    finished = _api_table(page, base, {"name": "Ala", "deals": 1, "bots": ["random"] * 4})
    deadline = time.monotonic() + 30
    while not hub.table(finished).match.is_over():
        assert time.monotonic() < deadline, "the bots' table did not finish"
        time.sleep(0.05)
    hub.tables.pop(finished)
    playing = _api_table(page, base, {"name": "Ala", "deals": 2,
                                      "bots": [None, "random", "random", "random"]})
    open_table = _api_table(page, base, {"name": "Ala", "deals": 2,
                                         "bots": ["random", "random", "random", None],
                                         "seat": None})
    return finished, playing, open_table


@pytest.fixture
def site(page: Page, live_server: LiveServer, sqlite_db: Database) -> Site:
    tournament(sqlite_db)
    app = create_app(sqlite_db, bot_delay=0)
    base = live_server(app)
    finished, playing, open_table = _play_tables(page, app, base)
    player = app.state.play_store.player_by_token(
        next(c["value"] for c in page.context.cookies() if c["name"] == "stolik_player"))
    return Site(base, app, finished, playing, open_table, player.id)


def samples(site: Site) -> dict[str, list[str]]:
    """Sample URLs of every page: {route: [url, ...]}; ``@`` marks a page seen logged in
    as the referee, ``~`` one seen as a stranger (no cookies)."""
    t = f"/t/{SLUG}"
    entry = f"{t}/admin/round/1/table/1"
    return {
        "/": ["/"],
        "/play/": ["/play/"],
        "/play/t/{table_id}": [f"/play/t/{site.playing}", f"/play/t/{site.finished}",
                               "/play/t/nothere", f"~/play/t/{site.open_table}"],
        "/play/history": ["/play/history"],
        "/play/players/{player_id}": [f"/play/players/{site.player_id}"],
        "/t/": ["/t/"],
        "/t/season/{name}": [f"/t/season/{SEASON}", "/t/season/nope"],
        "/t/{slug}/": [f"{t}/", "/t/nope/"],
        "/t/{slug}/player/{code}": [f"{t}/player/p01", f"{t}/player/p16"],
        "/t/{slug}/print/seating/{rnd}": [f"{t}/print/seating/1"],
        "/t/{slug}/print/sheet/{rnd}/{table}": [f"{t}/print/sheet/1/1",
                                                 f"{t}/print/sheet/1/1?blank=1"],
        "/t/{slug}/print/sheets/{rnd}": [f"{t}/print/sheets/1"],
        "/t/{slug}/print/standings": [f"{t}/print/standings"],
        "/t/login": ["/t/login"],
        "/t/setup": ["/t/setup"],
        "/t/admin/": ["@/t/admin/"],
        "/t/{slug}/admin/": [f"@{t}/admin/"],
        "/t/{slug}/admin/audit": [f"@{t}/admin/audit"],
        "/t/{slug}/admin/round/{rnd}/table/{table}": [f"@{entry}", f"@{t}/admin/round/1/table/2"],
        "/t/{slug}/admin/round/{rnd}/table/{table}/deal/{number}/edit": [
            f"@{entry}/deal/32/edit"],
    }


def _login(page: Page, base: str) -> None:
    page.goto(f"{base}/t/login")
    page.fill("input[name=name]", REFEREE)
    page.fill("input[name=password]", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_url(f"{base}/t/admin/")


OUTERMOST_WIDE = """() => {
  const w = document.documentElement.clientWidth, out = [];
  for (const e of document.body.querySelectorAll('*')) {
    const p = e.parentElement;
    if (e.getBoundingClientRect().right > w + 0.5 &&
        (p === document.body || p.getBoundingClientRect().right <= w + 0.5)) {
      out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
               (e.className && typeof e.className === 'string' ? '.' +
                e.className.trim().split(/\\s+/).join('.') : '') +
               ' ' + Math.round(e.getBoundingClientRect().right));
    }
  }
  return out.slice(0, 6).join(', ');
}"""
"""The outermost elements that stick out of the window (what to fix), for the message."""


SHOTS = {"/play/": "lobby", f"/t/{SLUG}/": "live", f"/t/{SLUG}/player/p01": "player",
         "/play/history": "history", f"/t/{SLUG}/admin/round/1/table/1": "entry"}
"""Pages kept as phone screenshots (Polish), ``test-artifacts/phone-NAME.png``."""


def _width(page: Page, base: str, url: str, culprits: dict[str, str],
           shots: Path | None = None) -> int:
    page.goto(base + url, wait_until="networkidle")  # the live page fills from live.json
    if page.query_selector("#play[data-table]"):  # the table draws itself from the socket
        page.wait_for_selector("#play[data-version]", timeout=15000)
    width: int = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        culprits[url] = page.evaluate(OUTERMOST_WIDE)
    if shots is not None and url in SHOTS:
        page.screenshot(path=str(shots / f"phone-{SHOTS[url]}.png"), full_page=True)
    return width


def test_every_page_fits_a_phone(page: Page, browser_context: BrowserContext, site: Site,
                                 artifacts_dir: Path) -> None:
    """At 390 px no page scrolls sideways (issue 9 item 8), in both languages."""
    table = samples(site)
    assert set(table) == html_get_routes(site.app), \
        "every GET page needs a sample URL here"
    page.set_viewport_size(PHONE)
    widths: dict[str, int] = {}
    why: dict[str, str] = {}
    urls = [u for us in table.values() for u in us]
    stranger = [u[1:] for u in urls if u.startswith("~")]
    referee = [u[1:] for u in urls if u.startswith("@")]
    plain = [u for u in urls if u[0] not in "~@"]
    for lang in ("pl", "en"):
        shots = artifacts_dir if lang == "pl" else None
        browser_context.add_cookies([{"name": "lang", "value": lang, "url": site.base}])
        for u in plain:
            widths[f"{lang} {u}"] = _width(page, site.base, u, why, shots)
    saved = browser_context.cookies()
    browser_context.clear_cookies()
    for lang in ("pl", "en"):
        shots = None
        browser_context.add_cookies([{"name": "lang", "value": lang, "url": site.base}])
        for u in stranger:
            widths[f"{lang} ~{u}"] = _width(page, site.base, u, why, shots)
    assert page.query_selector(".join-seat"), "the stranger is offered the free seat"
    browser_context.add_cookies(saved)  # type: ignore[arg-type]
    _login(page, site.base)
    for lang in ("pl", "en"):
        shots = artifacts_dir if lang == "pl" else None
        browser_context.add_cookies([{"name": "lang", "value": lang, "url": site.base}])
        for u in referee:
            widths[f"{lang} @{u}"] = _width(page, site.base, u, why, shots)
    report = "\n".join(f"{w:5d}  {u}" for u, w in sorted(widths.items()))
    report += "".join(f"\n{u}: {e}" for u, e in why.items())
    (artifacts_dir / "page-widths.txt").write_text(report + "\n", encoding="utf-8")
    wide = {u: w for u, w in widths.items() if w > PHONE["width"]}
    assert not wide, f"wider than {PHONE['width']} px:\n{report}"


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF Chromium printed: its ``/Type /Page`` objects (not ``/Pages``).

    >>> pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> <</Type/Page/X 1>>")
    2
    """
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("blank", [False, True])
def test_score_sheets_print_one_page_per_table(page: Page, site: Site, artifacts_dir: Path,
                                               blank: bool) -> None:
    """``print/sheets/1`` of 4 tables is 4 A4 pages: each table's 32 deals and the
    signatures on one page (issue 9 item 7), filled or blank."""
    url = f"{site.base}/t/{SLUG}/print/sheets/1" + ("?blank=1" if blank else "")
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(url)
    tables = len(page.query_selector_all("section.sheet"))
    assert tables == 4
    rows = page.query_selector_all("section.sheet[data-table='1'] tbody tr")
    assert len(rows) == DEALS
    pdf = page.pdf(format="A4")
    name = "score-sheets-blank.pdf" if blank else "score-sheets.pdf"
    (artifacts_dir / name).write_bytes(pdf)
    pages = pdf_pages(pdf)
    with (artifacts_dir / "page-widths.txt").open("a", encoding="utf-8") as f:
        f.write(f"print {url.removeprefix(site.base)}: {pages} A4 pages for {tables} tables\n")
    assert pages == tables
