"""A refused form post from the browser is a page in the user's language with the way
back (issue 9 item 11): a seat taken meanwhile, a table that cannot be created. The API
keeps answering JSON."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app

SEATS = {"ruleset": "linia", "deals": "1", "seat0": "me", "seat1": "random",
         "seat2": "random", "seat3": "open"}


def _table(c: TestClient) -> str:
    r = c.post("/play/tables", data={**SEATS, "name": "Ala"}, follow_redirects=False)
    assert r.status_code == 303
    return str(r.headers["location"]).rsplit("/", 1)[1]


def test_a_stale_join_is_a_page_with_the_way_back(sqlite_db: Database) -> None:
    """Bolek takes seat 4 (index 3); Cela's form, still offering it, ends on a page in her
    language naming what happened, with a link back to the table — not bare English."""
    with TestClient(create_app(sqlite_db, bot_delay=0)) as c:
        tid = _table(c)
        c.cookies.clear()
        assert c.post(f"/play/t/{tid}/join", data={"seat": "3", "name": "Bolek"},
                      follow_redirects=False).status_code == 303
        for lang, words in (("pl", "To miejsce jest już zajęte"),
                            ("en", "This seat is taken")):
            c.cookies.clear()
            r = c.post(f"/play/t/{tid}/join?lang={lang}", data={"seat": "3", "name": "Cela"})
            assert r.status_code == 409
            assert r.headers["content-type"].startswith("text/html")
            assert f'<html lang="{lang}">' in r.text and words in r.text
            assert re.search(rf'<a href="/play/t/{tid}"[^>]*id="back"', r.text)
            assert "is not free" not in r.text
        # Bolek again: he sits already
        r = c.post(f"/play/t/{tid}/join?lang=en", data={"seat": "3", "name": "Bolek"})
        assert r.status_code == 409 and "This seat is taken" in r.text


def test_a_refused_table_is_a_page_and_the_api_json(sqlite_db: Database) -> None:
    with TestClient(create_app(sqlite_db, bot_delay=0)) as c:
        r = c.post("/play/tables?lang=en", data={**SEATS, "name": "Ala", "seat1": "nobot"})
        assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
        assert "This table cannot be created." in r.text and 'href="/play/"' in r.text
        api = c.post("/play/api/tables", json={"bots": [None, "nobot", None, None]})
        assert api.status_code == 400 and "error" in api.json()
