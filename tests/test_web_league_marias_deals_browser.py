"""A Mariáš table entered deal by deal in Debian's Chromium (Playwright) at a phone's 390 px
(issue 10 §3): the referee copies three deals into the form below the table sheet (MARIAS
§11), in Polish and in English; after each the page shows the table's running money — the
engine's (MARIAS §6, §9) — and never scrolls sideways; a refused deal is one line in the
page's language and the typed form stays. A screenshot goes to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fastapi import FastAPI

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth
from stolik.web.league.money import money_writer
from test_web_league_marias_deals import RS, deals, form_of
from test_web_pages_browser import OUTERMOST_WIDE, PASSWORD, PHONE, REFEREE
from test_web_pages_browser import _login as login

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

LiveServer = Callable[[FastAPI], str]
SLUG = "brno-zima"


@pytest.fixture
def base(live_server: LiveServer, sqlite_db: Database) -> str:
    auth.add_referee(sqlite_db, REFEREE, PASSWORD)
    store.create_tournament(sqlite_db, SLUG, name="Mariášový turnaj Brno — zimní kolo",
                            ruleset="ctyrka", who=REFEREE, seed=5)
    for i in range(1, 9):
        store.add_player(sqlite_db, SLUG, f"p{i:02d}", f"Hráč Dlouhojmenovský-{i}",
                         who=REFEREE)
    store.seat_round(sqlite_db, SLUG, who=REFEREE)
    store.start_round(sqlite_db, SLUG, 1, who=REFEREE)
    return live_server(create_app(sqlite_db))


def _fill(page: Page, form: dict[str, str]) -> None:
    for key in ("hand0", "hand1", "hand2", "hand3", "trump", "call", "renonc_kind"):
        page.fill(f"#deal-form [name={key}]", form.get(key, ""))
    for key in ("bidding", "play"):
        page.fill(f"#deal-form textarea[name={key}]", form.get(key, ""))
    for key in ("renonc_seat", "claim"):
        page.select_option(f"#deal-form select[name={key}]", form.get(key, ""))
    if form.get("forgot"):
        page.check("#deal-form [name=forgot]")


def _width(page: Page) -> tuple[int, str]:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width, (page.evaluate(OUTERMOST_WIDE) if width > PHONE["width"] else "")


@pytest.mark.parametrize(("lang", "table"), [("pl", 1), ("en", 2)])
def test_deals_entered_on_a_phone_show_the_running_money(
        page: Page, browser_context: BrowserContext, base: str, sqlite_db: Database,
        artifacts_dir: Path, lang: str, table: int) -> None:
    """MARIAS §11: three deals typed into the form at 390 px are stored as the engine's
    records; after each, the running money row is the engine's sum so far (MARIAS §6, §9);
    a deal with a seven-card hand is refused in one line in the page's language (MARIAS
    §2), nothing written; no page scrolls sideways."""
    from stolik.games.marias.simulate import simulate

    browser_context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page.set_viewport_size(PHONE)
    login(page, base)
    url = f"{base}/t/{SLUG}/admin/round/1/table/{table}"
    first = store.tournament_of(sqlite_db, SLUG, complete=True).rounds[0].tables[table - 1]
    docs = deals(3, first.first_dealer, seed=12)
    kc = money_writer("marias")
    widths = []
    page.goto(url)
    bad = {**form_of(docs[0]), "hand2": " ".join(docs[0]["hands"][2].split()[:7])}
    _fill(page, bad)
    page.click("#deal-submit")
    line = page.inner_text("#error")
    assert ("kart ma być 8, nie 7" if lang == "pl"
            else "8 cards, not 7") in line and "§" not in line  # no citation (issue 25.8)
    assert page.input_value("#deal-form [name=hand0]") == bad["hand0"]
    assert store.deals_of(sqlite_db, SLUG, 1, table) == []
    widths.append(_width(page))
    for n, doc in enumerate(docs, 1):
        page.goto(url)
        _fill(page, form_of(doc))
        page.click("#deal-submit")
        page.wait_for_selector(f"#mdeal-{n}")
        want = simulate(RS, n, seed=12, first_dealer=first.first_dealer).totals
        shown = [c.strip() for c in page.locator("#deal-money tfoot .running-total")
                 .all_inner_texts()]
        assert shown == [kc(x) for x in want]
        widths.append(_width(page))
    assert [dict(d.data) for d in store.deals_of(sqlite_db, SLUG, 1, table)] == docs
    page.screenshot(path=str(artifacts_dir / f"phone-marias-deals-{lang}.png"),
                    full_page=True)
    with (artifacts_dir / "money-page-widths.txt").open("a", encoding="utf-8") as f:
        f.write("".join(f"{w:5d}  {lang} deal form, table {table}{' ' + why if why else ''}\n"
                        for w, why in widths))
    assert all(w <= PHONE["width"] for w, _ in widths), widths
