"""A Mariáš money tournament's pages in Debian's Chromium (Playwright), issue 10 §3:

- the round's table sheets (stolový lístek, MARIAS §7) print one A4 page per table, filled
  or blank: Chromium prints them to PDF and the pages are counted (as Baśka's sheets in
  tests/test_web_pages_browser.py);
- at a phone's 390 px no money page is wider than the screen, in Polish and English (the
  referee's sheet, the live page, a player's page, the printables, the admin pages), and
  the referee's sheet, the live page and the printables in Czech, the language Mariáš
  brings (its screenshot: ``phone-money-sheet-cs.png``);
- the live page, opened once, shows the money standings (Kč, MARIAS §10) after a sheet is
  entered elsewhere, by itself (league.js's money branch).

Widths and page counts go to ``test-artifacts/money-page-widths.txt``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fastapi import FastAPI

from stolik.db import Database
from stolik.games.marias.record import record_document, series_record
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.simulate import simulate
from stolik.tournament import store
from stolik.tournament.games import money_game
from stolik.web.app import create_app
from stolik.web.league import auth
from test_web_pages_browser import OUTERMOST_WIDE, PASSWORD, PHONE, REFEREE, pdf_pages
from test_web_pages_browser import _login as login

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

LiveServer = Callable[[FastAPI], str]
SLUG = "brno-podzim"
TABLES = 3
DEALS = 36
"""Deals of table 3: more than a 50-minute round usually holds (MARIAS §9)."""


def _tournament(db: Database) -> None:
    """12 players with long names, round 1 drawn and started (3 tables); table 1's sheet
    filled with top-ups and the organiser's equal-share correction, a warning."""
    auth.add_referee(db, REFEREE, PASSWORD)
    store.create_tournament(db, SLUG, name="Mariášový turnaj Brno — podzimní kolo",
                            ruleset="ctyrka", who=REFEREE, seed=5)
    for i in range(1, 4 * TABLES + 1):
        store.add_player(db, SLUG, f"p{i:02d}", f"Hráč Dlouhojmenovský-{i}", who=REFEREE)
    store.seat_round(db, SLUG, who=REFEREE)
    store.start_round(db, SLUG, 1, who=REFEREE)
    part = money_game("marias")
    tops = [part.topup(1, 2000, "19:10"), part.topup(1, 1000, "19:55"),
            part.topup(3, 1500, "20:05")]
    store.change_table_sheet(db, SLUG, 1, 1, part.money_change(
        final=[12340, 4010, 3650, 5000], topups=tops, spread=True), who=REFEREE,
        action="equal-share", what="final")
    seated = store.plans_of(db, SLUG)[0].tables[0]
    store.add_event(db, SLUG, 1, 1, seated[2], "warning", who=REFEREE)
    # table 3 played deal by deal: a long round's deals still fit its page (MARIAS §9)
    rs = load_ruleset("ctyrka")
    first = store.tournament_of(db, SLUG, complete=True).rounds[0].tables[2].first_dealer
    sim = simulate(rs, DEALS, seed=4, first_dealer=first)
    store.enter_deals(db, SLUG, 1, 3, record_document(series_record(rs, sim.records))["deal"],
                      who=REFEREE)


@pytest.fixture
def base(live_server: LiveServer, sqlite_db: Database) -> str:
    _tournament(sqlite_db)
    return live_server(create_app(sqlite_db))


@pytest.mark.parametrize("blank", [False, True])
def test_money_sheets_print_one_a4_page_per_table(page: Page, base: str,
                                                  artifacts_dir: Path, blank: bool) -> None:
    """MARIAS §7: ``print/sheets/1`` of 3 tables is 3 A4 pages — each sheet with its
    players, stake, top-ups, final money, results and four signatures on one page."""
    url = f"{base}/t/{SLUG}/print/sheets/1" + ("?blank=1" if blank else "")
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(url)
    tables = len(page.query_selector_all("section.sheet.money"))
    assert tables == TABLES
    assert len(page.query_selector_all("section.sheet[data-table='1'] tbody tr")) == 4
    if not blank:
        assert "+" in page.inner_text("section.sheet[data-table='1'] td.result")
        assert len(page.query_selector_all(
            "section.sheet[data-table='3'] table.deal-lines tbody tr")) == DEALS
    pdf = page.pdf(format="A4")
    (artifacts_dir / f"money-sheets{'-blank' if blank else ''}.pdf").write_bytes(pdf)
    pages = pdf_pages(pdf)
    with (artifacts_dir / "money-page-widths.txt").open("a", encoding="utf-8") as f:
        f.write(f"print {url.removeprefix(base)}: {pages} A4 pages for {tables} tables\n")
    assert pages == tables
    page.goto(f"{base}/t/{SLUG}/print/sheet/1/2" + ("?blank=1" if blank else ""))
    assert pdf_pages(page.pdf(format="A4")) == 1


def test_money_pages_fit_a_phone(page: Page, browser_context: BrowserContext, base: str,
                                 artifacts_dir: Path) -> None:
    """At 390 px no money page scrolls sideways, in both languages, and in Czech where the
    pages offer it (issue 9 item 8, issue 10 §3)."""
    t = f"/t/{SLUG}"
    public = [f"{t}/", f"{t}/player/p01", f"{t}/print/sheets/1", f"{t}/print/sheet/1/1",
              f"{t}/print/sheets/1?blank=1", f"{t}/print/standings", f"{t}/print/seating/1"]
    referee = ["/t/admin/", f"{t}/admin/", f"{t}/admin/round/1/table/1",
               f"{t}/admin/round/1/table/2", f"{t}/admin/audit"]
    page.set_viewport_size(PHONE)
    widths: dict[str, int] = {}
    why: dict[str, str] = {}

    def measure(lang: str, url: str) -> None:
        page.goto(base + url, wait_until="networkidle")
        width: int = page.evaluate("document.documentElement.scrollWidth")
        widths[f"{lang} {url}"] = width
        if width > PHONE["width"]:
            why[f"{lang} {url}"] = page.evaluate(OUTERMOST_WIDE)

    for lang in ("pl", "en", "cs"):
        browser_context.add_cookies([{"name": "lang", "value": lang, "url": base}])
        for u in public if lang != "cs" else public[:5]:
            measure(lang, u)
    login(page, base)
    for lang in ("pl", "en", "cs"):
        browser_context.add_cookies([{"name": "lang", "value": lang, "url": base}])
        for u in referee if lang != "cs" else referee[2:4]:
            measure(lang, u)
        if lang in ("pl", "cs"):
            page.goto(base + f"{t}/admin/round/1/table/1")
            if lang == "cs":  # the sheet in a referee's Czech words
                body = page.inner_text("body")
                assert "stolový lístek" in body and "konečná částka" in body, body[:300]
            page.screenshot(path=str(artifacts_dir / ("phone-money-sheet.png" if lang == "pl"
                                                      else "phone-money-sheet-cs.png")),
                            full_page=True)
    report = "\n".join(f"{w:5d}  {u}" for u, w in sorted(widths.items()))
    report += "".join(f"\n{u}: {e}" for u, e in why.items())
    with (artifacts_dir / "money-page-widths.txt").open("a", encoding="utf-8") as f:
        f.write(report + "\n")
    wide = {u: w for u, w in widths.items() if w > PHONE["width"]}
    assert not wide, f"wider than {PHONE['width']} px:\n{report}"


def test_live_page_shows_money_standings_by_itself(page: Page, base: str,
                                                   sqlite_db: Database) -> None:
    """MARIAS §10: the live page (never reloaded) shows table 2's results in Kč and the
    ranking after the sheet is entered elsewhere."""
    page.goto(f"{base}/t/{SLUG}/")
    page.evaluate("window.__notReloaded = true")
    part = money_game("marias")
    store.change_table_sheet(sqlite_db, SLUG, 1, 2, part.money_change(
        final=[10000, 5000, 2500, 2500]), who=REFEREE, action="money", what="final")
    page.wait_for_function(
        "() => { const c = document.querySelector('.table-card[data-table=\"2\"]');"
        " return c && [...c.querySelectorAll('td.total')].map(x => x.textContent).join('|')"
        " === '+50,00 Kč|0,00 Kč|-25,00 Kč|-25,00 Kč'; }", timeout=15000)
    assert page.evaluate("window.__notReloaded") is True
    winner = store.plans_of(sqlite_db, SLUG)[0].tables[1][0]
    row = page.inner_text(f"#standings tbody tr[data-id='{winner}'] td.kc")
    assert row == "+50,00 Kč"
    ranks = page.eval_on_selector_all("#standings tbody tr td:first-child",
                                      "tds => tds.map(t => Number(t.textContent))")
    assert ranks == sorted(ranks) and ranks[0] == 1
