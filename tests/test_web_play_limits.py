"""Abuse limits of browser play (issue 14, item 4): tables one client address and the
server may hold, new tables a minute, WebSocket connections per client, hints per
connection, and idle tables closed (stored as expired). Each limit is set small here;
``stolik serve`` gives the defaults of :class:`~stolik.web.play.ratelimit.PlayLimits`."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play.protocol import Command
from stolik.web.play.ratelimit import PlayGuard, PlayLimits

Msg = dict[str, Any]
BOTS: list[str | None] = ["heuristic"] * 4
PERSON: list[str | None] = [None, "heuristic", "heuristic", "heuristic"]


def make_app(tmp_path: Path, bot_delay: float = 5.0, **limits: Any) -> Any:
    """The app with only ``limits`` set (the rest off); bots slow unless asked."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    play_limits = dataclasses.replace(PlayLimits.unlimited(), **limits)
    return create_app(db, bot_delay=bot_delay, play_limits=play_limits)


def client(app: Any, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))


def create(c: TestClient, bots: list[str | None], name: str = "Ala") -> Any:
    return c.post("/play/api/tables", json={"name": name, "deals": 2, "bots": bots})


def test_tables_per_client_and_bot_tables(tmp_path: Path) -> None:
    """One address may hold 3 tables in play, 1 of bots only; another address is not
    held back by the first one's tables."""
    app = make_app(tmp_path, tables_per_client=3, bot_tables_per_client=1)
    with client(app, "10.1.0.1") as a, client(app, "10.1.0.2") as b:
        assert create(a, BOTS).status_code == 200
        refused = create(a, BOTS)
        assert refused.status_code == 429 and "bots only" in refused.json()["error"]
        assert [create(a, PERSON).status_code for _ in range(3)] == [200, 200, 429]
        assert "too many tables" in create(a, PERSON).json()["error"]
        assert create(b, BOTS).status_code == 200
        form = b.post("/play/tables", data={"name": "Bob", "seat0": "me"},
                      follow_redirects=False)
        assert form.status_code == 303


def test_server_cap_and_creation_rate(tmp_path: Path) -> None:
    """The server holds at most 4 tables in play from everyone; one address makes at
    most 2 at once (then one a minute)."""
    app = make_app(tmp_path, max_tables=4, tables_per_minute=1.0, table_burst=2)
    codes = []
    for n in range(3):
        with client(app, f"10.2.0.{n}") as c:
            codes.append([create(c, PERSON).status_code for _ in range(3)])
    assert codes == [[200, 200, 429], [200, 200, 429], [429, 429, 429]]


def test_websocket_connections_per_client(tmp_path: Path) -> None:
    """An address may hold 3 connections; the 4th is told why and closed (1013, try
    again later); another address still connects; a closed one frees its place."""
    app = make_app(tmp_path, connections_per_client=3)
    with client(app, "10.3.0.1") as a, client(app, "10.3.0.2") as b:
        tid = create(a, PERSON).json()["id"]
        held = [a.websocket_connect(f"/play/ws/{tid}") for _ in range(3)]
        for ws in held:
            ws.__enter__()
            assert ws.receive_json()["type"] == "hello"
        with a.websocket_connect(f"/play/ws/{tid}") as extra:
            msg = extra.receive_json()
            assert msg["type"] == "error" and msg["code"] == "too-many"
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_json()
            assert closed.value.code == 1013
        with b.websocket_connect(f"/play/ws/{tid}") as other:
            assert other.receive_json()["type"] == "hello"
        held.pop().__exit__(None, None, None)
        with a.websocket_connect(f"/play/ws/{tid}") as again:
            assert again.receive_json()["type"] == "hello"
        for ws in held:
            ws.__exit__(None, None, None)


def test_hints_per_connection(tmp_path: Path) -> None:
    """A connection gets 3 hint requests at once, then "rate-limited" — before any
    search is started."""
    app = make_app(tmp_path, hint_rate=0.01, hint_burst=3)
    with client(app, "10.4.0.1") as c:
        made = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "bots": PERSON,
                                                "hints": True})
        tid = made.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            for i in range(5):
                ws.send_json({"type": "hint", "id": 100 + i})
            codes: dict[int, str] = {}
            for _ in range(200):
                m = ws.receive_json()
                if m.get("ack", 0) >= 100:
                    codes[m["ack"]] = m.get("code") or m["type"]
                    if len(codes) == 5:
                        break
            assert [codes[100 + i] == "rate-limited" for i in range(5)] == \
                [False, False, False, True, True]


def test_switching_hints_goes_at_the_hints_pace(tmp_path: Path) -> None:
    """Switching the table's hints on and off is stored and told to everyone: a connection
    gets 3 switches at once, then "rate-limited", and the others hear of none of those."""
    app = make_app(tmp_path, hint_rate=0.01, hint_burst=3)
    with client(app, "10.4.0.2") as c:
        made = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "bots": PERSON,
                                                "hints": True})
        tid = made.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            for i in range(6):
                ws.send_json({"type": "hints", "on": i % 2 == 1, "id": 200 + i})
            codes: dict[int, str] = {}
            for _ in range(200):
                m = ws.receive_json()
                if m.get("ack", 0) >= 200:
                    codes[m["ack"]] = m.get("code") or m["type"]
                    if len(codes) == 6:
                        break
            assert [codes[200 + i] == "rate-limited" for i in range(6)] == \
                [False, False, False, True, True, True]


def test_hint_slots_across_the_server() -> None:
    """With the server's one hint slot taken, another hint is told the server is busy."""
    guard = PlayGuard(dataclasses.replace(PlayLimits.unlimited(), hint_slots=1))
    guard._thinking = 1  # a hint is being computed
    sent: list[Msg] = []

    class Sub:
        seat: int | None = 0
        lang = "en"

        def deliver(self, msg: Msg) -> None:
            sent.append(msg)

    guard.hub = object()  # type: ignore[assignment]  # never reached
    # On a thread of its own: a browser test's Playwright may leave this thread's loop running.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, guard.handle("t", Sub(), Command("hint", id=5), None)).result()
    assert sent == [{"type": "error", "code": "busy", "ack": 5,
                     "message": "the server is thinking for others: try again in a moment"}]


def test_idle_tables_expire(tmp_path: Path) -> None:
    """A table nobody is connected to for the idle time (here 0.6 s) is closed and stored
    as expired, its page says so; a table with a connected person stays in play; so does
    any table without the limit."""
    app = make_app(tmp_path, bot_delay=0.0, idle_minutes=0.01)
    with client(app, "10.5.0.1") as c:
        lone = create(c, PERSON).json()["id"]
        bots = create(c, BOTS, name="").json()["id"]
        watched = create(c, PERSON).json()["id"]
        with c.websocket_connect(f"/play/ws/{watched}") as ws:
            assert ws.receive_json()["type"] == "hello"
            deadline = time.monotonic() + 10
            hub = app.state.play_hub
            while time.monotonic() < deadline and (lone in hub.tables or bots in hub.tables):
                time.sleep(0.1)
            assert lone not in hub.tables and bots not in hub.tables
            assert watched in hub.tables
        store = app.state.play_store
        store.flush()
        assert store.table(lone).status == "expired"
        assert store.table(bots).status in ("expired", "finished")
        page = c.get(f"/play/t/{lone}?lang=en")
        assert page.status_code == 200 and "closed before the end" in page.text
    (tmp_path / "off").mkdir()
    app2 = make_app(tmp_path / "off")
    with client(app2, "10.5.0.2") as c:
        tid = create(c, PERSON).json()["id"]
        time.sleep(1.0)
        assert tid in app2.state.play_hub.tables
