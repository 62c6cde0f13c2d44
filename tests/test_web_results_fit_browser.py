"""Results on a phone (issue 25.4), in Debian's Chromium (Playwright), at 390 px and 1280
px: every results page of every game shows its results without sideways scrolling — the
page is no wider than the window, no box on it scrolls sideways (scrollWidth >
clientWidth), and every cell of a results table, the totals included, lies inside the
window. At 390 px the payout and total columns and the score sheets sat in sideways
scrolling boxes in all three games; at 1280 px the Mariáš sheet clipped its last columns.

- The table page at the end of a series of 30 deals of each game (Baśka RULES §9, Mariáš
  MARIAS §6, Betel BETEL §5): the end of the last deal (the hands, points, tricks, payout,
  total), the auction and the score sheet with its totals.
- The tournament pages (Baśka's league, a Mariáš money tournament, MARIAS §7): the live
  standings, a player's rounds, the referee's table (32 deals) and the Mariáš money sheet
  with 30 deals, the printed score and money sheets, the printed standings, the season.

Screenshots in ``test-artifacts/fit-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from test_web_league_marias_deals import deals as marias_deals
from test_web_pages_browser import REFEREE, SEASON, SLUG, tournament
from test_web_pages_browser import _login as login
from test_web_suits_browser import GAMES, watch_series

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

WIDTHS = (390, 1280)
DEALS = 30
MONEY = "brno-zima"

OVERFLOWS = """() => {
  const out = [], w = window.innerWidth;
  if (document.scrollingElement.scrollWidth > w) {
    out.push('the page: ' + document.scrollingElement.scrollWidth + ' > ' + w);
  }
  for (const e of document.querySelectorAll('body *')) {
    const s = getComputedStyle(e);
    if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && e.scrollWidth > e.clientWidth) {
      out.push('a box scrolls: ' + e.tagName + '#' + e.id + '.' + e.className + ' ' +
               e.scrollWidth + ' > ' + e.clientWidth);
    }
  }
  return out;
}"""
"""What scrolls sideways: the page, or a box on it (its content wider than itself)."""

OUTSIDE = """(selector) => {
  const out = [], w = window.innerWidth;
  for (const e of document.querySelectorAll(selector)) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) { continue; }  // not shown (a header row stacked)
    if (r.left < -0.5 || r.right > w + 0.5) {
      out.push(e.tagName + '.' + e.className + ' "' + e.textContent.trim().slice(0, 20) +
               '" ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  }
  return out;
}"""
"""Elements of ``selector`` shown but not wholly inside the window."""


def check(page: Page, cells: str, totals: str, where: str) -> None:
    """Nothing scrolls sideways; every cell of ``cells`` and every total (``totals``, at
    least one) lies inside the window."""
    assert page.evaluate(OVERFLOWS) == [], where
    assert page.evaluate(OUTSIDE, cells) == [], where
    shown = page.evaluate(
        "(s) => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length"
        " && e.getBoundingClientRect().width > 0).length", totals)
    assert shown > 0, f"{where}: no total shown ({totals})"
    assert page.evaluate(OUTSIDE, totals) == [], where


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_series_of_30_deals_fits_the_table_page(
        live_server: Callable[[Any], str], page: Page, tmp_path: Path, artifacts_dir: Path,
        game: str) -> None:
    """Issue 25.4: the end of the 30th deal and the sheet of 30 deals, at 390 and 1280 px."""
    watch_series(live_server, page, tmp_path, game, DEALS)
    assert page.evaluate("() => [...document.querySelectorAll('#sheet tr')].filter("
                         "r => /^\\d/.test(r.cells[0].textContent)).length") == DEALS
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(100)
        where = f"{game} at {width} px"
        check(page, "#result td, #sheet td, #auction td",
              "#sheet tr.total td.seat, #result td.total", where)
        page.screenshot(path=str(artifacts_dir / f"fit-table-{game}-{width}.png"),
                        full_page=True)


def money_tournament(db: Database) -> None:
    """A Mariáš money tournament (MARIAS §7) of 8 players, round 1 drawn and started, table
    1's 30 deals entered as records (MARIAS §11)."""
    store.create_tournament(db, MONEY, name="Mariáš Brno — zimní kolo, finále",
                            ruleset="ctyrka", who=REFEREE, seed=5)
    for i in range(1, 9):
        store.add_player(db, MONEY, f"m{i:02d}", f"Hráč Dlouhojmenovský-{i}", who=REFEREE)
    store.seat_round(db, MONEY, who=REFEREE)
    store.start_round(db, MONEY, 1, who=REFEREE)
    first = store.tournament_of(db, MONEY, complete=True).rounds[0].tables[0].first_dealer
    store.enter_deals(db, MONEY, 1, 1, marias_deals(DEALS, first, seed=12), who=REFEREE,
                      kind="record")


PAGES = {
    f"/t/{SLUG}/": "#standings tbody tr:first-child td:last-child",
    f"/t/{SLUG}/player/p01": "#rounds td:nth-child(2)",
    f"/t/{SLUG}/admin/round/1/table/1": "#deal-list tfoot th.running",
    f"/t/{SLUG}/print/sheet/1/1": "table.score-sheet tfoot th",
    f"/t/{SLUG}/print/sheets/1": "table.score-sheet tfoot th",
    f"/t/{SLUG}/print/standings": "#standings td:last-child",
    f"/t/season/{SEASON}": "#standings td:last-child",
    f"/t/{MONEY}/": "#standings td:last-child",
    f"/t/{MONEY}/player/m01": "#rounds td:nth-child(2)",
    f"/t/{MONEY}/admin/round/1/table/1": "#money-sheet td.result, #deal-money .running-total",
    f"/t/{MONEY}/print/sheet/1/1": "#money-sheet td.result",
    f"/t/{MONEY}/print/standings": "#standings td:last-child",
}
"""The results pages of the tournaments and where their totals are."""


def test_the_tournament_results_pages_fit(live_server: Callable[[Any], str], page: Page,
                                          sqlite_db: Database, artifacts_dir: Path) -> None:
    """Issue 25.4: Baśka's league (32 deals on table 1) and a Mariáš money tournament (30
    deals on table 1), each results page at 390 and 1280 px, the referee logged in."""
    tournament(sqlite_db)
    money_tournament(sqlite_db)
    base = live_server(create_app(sqlite_db, bot_delay=0))
    login(page, base)
    for url, totals in PAGES.items():
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{base}{url}?lang=pl", wait_until="networkidle")
            page.wait_for_timeout(50)  # fit.js lays its tables out after the page loads
            check(page, "main table.grid td, main table.grid th", totals, f"{url} at {width} px")
            if width == 390:
                name = url.strip("/").replace("/", "-").replace(" ", "-")
                page.screenshot(path=str(artifacts_dir / f"fit-{name}.png"), full_page=True)
