"""A licitovaný mariáš money tournament on the tournament web pages (issue 28.5; LICITOVANY
§9), over the TestClient: seven players drawn at a table of three and a table of four; each
table's money sheet (stolový lístek) asks for as many final amounts as the table has
players and takes them; the live standings, the printed seating, sheets and standings in
Czech (and English), in Kč.
"""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth
from test_web_league_money import PASSWORD, referee

SLUG = "lic-1"
__all__ = ["referee"]  # the referee's browser, logged in (test_web_league_money)


@pytest.fixture
def app(sqlite_db: Database) -> FastAPI:
    """A licitovaný tournament of seven, round 1 drawn (what ``referee`` logs into)."""
    auth.add_referee(sqlite_db, "ala", PASSWORD)
    store.create_tournament(sqlite_db, SLUG, name="Licitovaný Jihlava", ruleset="licitovany",
                            who="ala", seed=3)
    for i in range(1, 8):
        store.add_player(sqlite_db, SLUG, f"p{i}", f"Hráč {i}", who="ala")
    store.seat_round(sqlite_db, SLUG, who="ala")
    return create_app(sqlite_db)


def test_sheets_of_three_and_four_and_standings_in_czech(referee: TestClient,
                                                         sqlite_db: Database) -> None:
    """LICITOVANY §9: the table of three's sheet has three final amounts, the table of
    four's four; both are taken, the results sum to zero; the standings rank by money in
    Kč; the pages and printed sheets speak Czech (English on request)."""
    plan = store.plans_of(sqlite_db, SLUG)[0]
    sizes = [len(t) for t in plan.tables]
    assert sorted(sizes) == [3, 4]
    finals = {3: ("62,40", "37,60", "50"), 4: ("60", "40", "50", "50")}
    for n, size in enumerate(sizes, 1):
        url = f"/t/{SLUG}/admin/round/1/table/{n}"
        page = referee.get(f"{url}?lang=cs").text
        assert "stolový lístek" in page
        assert len(re.findall(r'name="final\d"', page)) == size
        data = {f"final{s}": a for s, a in enumerate(finals[size])}
        resp = referee.post(f"{url}/money/final?lang=cs",
                            data={"csrf": referee.csrf, **data},  # type: ignore[attr-defined]
                            follow_redirects=False)
        assert resp.status_code == 303, resp.text
    money = {p: r for t in store.tournament_of(sqlite_db, SLUG, complete=True).rounds[0].tables
             for p, r in zip(t.seats, (_result(a) for a in finals[len(t.seats)]), strict=True)}
    assert sum(money.values()) == 0
    best = max(money, key=lambda p: money[p])
    live = referee.get(f"/t/{SLUG}/?lang=cs").text
    assert "+12,40" in live and f"Hráč {best[1:]}" in live and 'lang="cs"' in live
    printed = referee.get(f"/t/{SLUG}/print/standings?lang=cs").text
    assert "+12,40" in printed and "-12,40" in printed and 'lang="cs"' in printed
    seating = referee.get(f"/t/{SLUG}/print/seating/1?lang=cs").text
    assert "Rozlosování" in seating and all(f"Hráč {i}" in seating for i in range(1, 8))
    sheets = referee.get(f"/t/{SLUG}/print/sheets/1?lang=cs").text
    assert "stolový lístek" in sheets.lower()
    english = referee.get(f"/t/{SLUG}/admin/round/1/table/1?lang=en").text
    assert "table sheet" in english.lower() and 'lang="en"' in english


def _result(final: str) -> int:
    whole, _, frac = final.partition(",")
    return int(whole) * 100 + int(frac or 0) - 5000
