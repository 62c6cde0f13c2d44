"""The lobby and the pages around a table: names and session cookies, creating tables
(open or private, bots of each strength), joining by link, watching, a player's history
and the record download, in Polish and English — on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.games.baska.session import available_bots
from stolik.web.app import create_app
from stolik.web.play.routes import COOKIE


def make_app(db: Database) -> Any:
    """The app with client seeds allowed (a test setting: these tests deal known hands)."""
    return create_app(db, bot_delay=0, client_seeds=True)


def form(**seats: str) -> dict[str, str]:
    data = {"ruleset": "linia", "deals": "1", "seat0": "me", "seat1": "heuristic",
            "seat2": "random", "seat3": "open", "hints": "1"}
    data.update(seats)
    return data


def test_lobby_lists_rulesets_and_bots_in_both_languages(db: Database) -> None:
    with TestClient(make_app(db)) as c:
        pl = c.get("/play/")
        assert pl.status_code == 200 and "Stoliki" in pl.text and "Nowy stolik" in pl.text
        en = c.get("/play/?lang=en")
        assert "Tables" in en.text and "Create the table" in en.text
        for kind in available_bots():
            assert f'value="{kind}"' in en.text
        for rs in ("pucka-2019", "mester-sport", "linia"):
            assert f'value="{rs}"' in en.text
        assert "Tables" in c.get("/play/").text  # the language stays (cookie)


def test_name_cookie_create_join_watch(db: Database) -> None:
    app = make_app(db)
    with TestClient(app) as ala:
        r = ala.post("/play/tables", data={**form(), "name": "Ala"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/play/t/")
        assert ala.cookies.get(COOKIE)
        tid = r.headers["location"].rsplit("/", 1)[1]
        page = ala.get(f"/play/t/{tid}?lang=en")
        assert 'data-seat="0"' in page.text and "/static/play.js" in page.text
        table = app.state.play_hub.table(tid)
        assert [s.bot for s in table.seats] == [None, "heuristic", "random", None]
        assert not table.started
        lobby = ala.get("/play/").text
        assert tid in lobby and "Ala" in lobby
        # Bolek comes by the link (a new browser: no cookies), gives his name and sits.
        c = ala
        c.cookies.clear()
        page = c.get(f"/play/t/{tid}?lang=en")
        assert 'data-seat=""' in page.text and "sit down" in page.text
        r = c.post(f"/play/t/{tid}/join", data={"seat": "3", "name": "Bolek"},
                   follow_redirects=False)
        bolek = c.cookies.get(COOKIE)
        assert r.status_code == 303 and bolek
        assert 'data-seat="3"' in c.get(f"/play/t/{tid}").text
        assert table.started and table.seats[3].name == "Bolek"
        # the seat is gone for the next one, who only watches
        c.cookies.clear()
        r = c.post(f"/play/t/{tid}/join", data={"seat": "3", "name": "Cela"})
        assert r.status_code == 409
        assert "Oglądasz jako widz" in c.get(f"/play/t/{tid}").text
        # the same cookie takes back the seat after a disconnect
        c.cookies.clear()
        c.cookies.set(COOKIE, bolek)
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            assert ws.receive_json()["seat"] == 3
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            assert ws.receive_json()["seat"] == 3


def test_private_tables_are_not_listed(db: Database) -> None:
    with TestClient(make_app(db)) as c:
        c.post("/play/name", data={"name": "Ala"})
        r = c.post("/play/tables", data={**form(), "private": "1"}, follow_redirects=False)
        tid = r.headers["location"].rsplit("/", 1)[1]
        assert tid not in c.get("/play/").text
        assert c.get(f"/play/t/{tid}").status_code == 200


def test_bad_tables_and_missing_pages(db: Database) -> None:
    with TestClient(make_app(db)) as c:
        c.post("/play/name", data={"name": "Ala"})
        assert c.post("/play/tables", data=form(seat1="nobot")).status_code == 400
        assert c.post("/play/tables", data=form(deals="0")).status_code == 400
        assert c.post("/play/api/tables", json={"bots": [None]}).status_code == 400
        assert c.post("/play/api/tables", content=b"{").status_code == 400
        assert c.get("/play/t/nothere").status_code == 404
        assert c.get("/play/t/nothere/record.toml").status_code == 404
        assert c.get("/play/players/999").status_code == 404


def test_history_and_record(db: Database) -> None:
    with TestClient(make_app(db)) as c:
        assert c.get("/play/history", follow_redirects=False).status_code == 303
        r = c.post("/play/api/tables", json={"name": "Ala <b>", "deals": 1, "seed": 4,
                                             "bots": [None, "random", "random", "random"]})
        tid = r.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            while True:
                m = ws.receive_json()
                if m["type"] != "state":
                    continue
                if m["over"]:
                    break
                if m["deal"]["to_act"] == 0 and m["deal"]["legal"]:
                    ws.send_json({"type": "move", "move": m["deal"]["legal"][0]["move"]})
        page = c.get("/play/history?lang=en").text
        assert tid in page and "finished" in page and f"/play/t/{tid}/record.toml" in page
        assert "Ala &lt;b&gt;" in page  # names are escaped
        total = m["totals"][0]
        assert f"{total:+d}" in page
        rec = c.get(f"/play/t/{tid}/record.toml")
        assert rec.status_code == 200 and 'players = ["Ala <b>"' in rec.text
        assert "attachment" in rec.headers["content-disposition"]
        finished = c.get(f"/play/t/{tid}?lang=en")  # gone from memory: the results page
        assert finished.status_code == 200 and "End of the series" in finished.text


def test_the_table_page_switches_hints(db: Database) -> None:
    """The table page has the hints switch for its players (not for spectators), showing
    the table's setting as it stands; the lobby's choice is only where it starts."""
    app = create_app(db, bot_delay=0)
    with TestClient(app) as c:
        r = c.post("/play/tables", data={**form(seat3="heuristic"), "name": "Ala",
                                          "hints": ""}, follow_redirects=False)
        tid = r.headers["location"].rsplit("/", 1)[1]
        page = c.get(f"/play/t/{tid}?lang=en").text
        assert 'id="hints-toggle">' in page and "hints at this table" in page
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.send_json({"type": "hints", "on": True, "id": 1})
            while (m := ws.receive_json()).get("ack") != 1:
                pass
            assert m["hints"] is True
        assert 'id="hints-toggle" checked>' in c.get(f"/play/t/{tid}").text
        token = c.cookies.get(COOKIE)
        c.cookies.clear()
        assert "hints-toggle" not in c.get(f"/play/t/{tid}").text  # a spectator
        c.cookies.set(COOKIE, str(token))
        app.state.play_store.flush()
        assert app.state.play_store.table(tid).config["hints"] is True
