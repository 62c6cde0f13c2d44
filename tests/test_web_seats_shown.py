"""Seats and tables as a person reads them (issue 25.5), on the pages as served (no
browser): the referee's round tables head their seat columns 1–4, as the printed seating
and the score sheets do; records keep seats 0–3 (RULES §11, MARIAS §11), the pages never
show them."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app
from test_web_league_money import SLUG, _tournament, referee

__all__ = ["referee"]  # the logged-in browser, a fixture shared with the money pages' tests


@pytest.fixture
def app(sqlite_db: Database) -> FastAPI:
    _tournament(sqlite_db)
    return create_app(sqlite_db, bot_delay=0)


@pytest.mark.parametrize("lang", ["pl", "en", "cs"])
def test_the_round_tables_number_their_seats_1_to_4(referee: TestClient, lang: str) -> None:
    """Issue 25.5: the referee's round table said "Stůl 0 1 2 3"; its seat columns are
    1–4, the tables 1 and 2."""
    html = referee.get(f"/t/{SLUG}/admin/?lang={lang}").text
    section = html[html.index('id="round-1"'):]
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", section, re.S)
    assert head, "no round table"
    cells = re.findall(r"<th[^>]*>(.*?)</th>", head.group(1), re.S)
    assert [c.strip() for c in cells[1:5]] == ["1", "2", "3", "4"], cells
    body = section[head.end():section.index("</tbody>")]
    numbers = re.findall(r"<tr><td>(\d+)</td>", body)
    assert numbers == ["1", "2"]
