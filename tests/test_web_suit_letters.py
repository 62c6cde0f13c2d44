"""The letters toggle of a table names its game's own suit letters (issue 25.3), on the
page as served (no browser): ``C S H D`` for Baśka (RULES §1), ``H L B A`` for Mariáš
(MARIAS §1), ``C D H S`` for Betel (BETEL §1) — a Mariáš table said "C S H D"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app


@pytest.fixture
def client(sqlite_db: Database) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_db, bot_delay=0)) as c:
        yield c


@pytest.mark.parametrize(("game", "bots", "letters"), [
    ("baska", ["random"] * 4, "C S H D"),
    ("marias", ["random"] * 4, "H L B A"),
    ("betel", ["random"] * 3, "C D H S"),
])
@pytest.mark.parametrize("lang", ["pl", "en", "cs"])
def test_the_letters_toggle_names_the_games_own_letters(
        client: TestClient, game: str, bots: list[str], letters: str, lang: str) -> None:
    """Issue 25.3: each game's letters are its own, as its records write them."""
    made = client.post("/play/api/tables", json={"game": game, "deals": 1, "bots": bots})
    assert made.status_code < 300, made.text
    html = client.get(f"/play/t/{made.json()['id']}?lang={lang}").text
    toggle = re.search(r'<input type="checkbox" id="ascii">([^<]*)</label>', html)
    assert toggle, "no letters toggle"
    assert f"({letters})" in toggle.group(1), toggle.group(1)
    assert "{letters}" not in html
