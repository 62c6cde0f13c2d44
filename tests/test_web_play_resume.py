"""A server restart resumes every unfinished table from the database (SQLite and
PostgreSQL): the op log is replayed and the players find the exact state — the ready flags
for the next deal and the hints switch included; finished series keep their record; a
graceful shutdown commits every move still queued."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stolik.db import open_database
from stolik.games.baska.record import loads_document, parse_record, replay
from stolik.web.app import create_app
from stolik.web.play.routes import COOKIE

Msg = dict[str, Any]


def next_state(ws: WebSocketTestSession) -> Msg:
    while True:
        m: Msg = ws.receive_json()
        if m["type"] == "state":
            return m


def play(ws: WebSocketTestSession, moves: int | None, first: Msg | None = None) -> Msg:
    """Make ``moves`` moves (None: to the end of the series) at seat 0, from the state
    ``first`` (default: the next one); the last state."""
    made = 0
    while True:
        m, first = first or next_state(ws), None
        d = m["deal"]
        if m["over"] or (moves is not None and made >= moves and d["to_act"] == 0):
            return m
        if d["to_act"] == 0 and d["legal"]:
            made += 1
            ws.send_json({"type": "move", "move": d["legal"][0]["move"]})
        elif m["waiting_next"] and 0 not in m["ready"]:
            ws.send_json({"type": "next"})


def test_a_restart_resumes_unfinished_tables(db_url: str) -> None:
    url = db_url
    app = create_app(open_database(url, migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app) as c:
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "seed": 11})
        tid, token = r.json()["id"], r.json()["token"]
        r2 = c.post("/play/api/tables", json={"deals": 1, "seed": 12,
                                              "bots": ["random"] * 4})
        done_id = r2.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            before = play(ws, 6)
        assert before["deal"]["to_act"] == 0 and not before["over"]
        bots_only = app.state.play_hub.table(done_id)
        for _ in range(200):
            if bots_only.match.is_over():
                break
            with c.websocket_connect(f"/play/ws/{done_id}") as ws:
                ws.receive_json()
        assert bots_only.match.is_over()
    # a new process over the same database
    app2 = create_app(open_database(url, migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app2) as c2:
        assert app2.state.play_hub.table(tid) is not None
        assert app2.state.play_hub.table(done_id) is None  # finished: not resumed
        c2.cookies.set("stolik_player", token)
        with c2.websocket_connect(f"/play/ws/{tid}") as ws:
            assert ws.receive_json()["seat"] == 0
            after = next_state(ws)
            for key in ("deal", "sheet", "totals", "seq", "players", "bok_pending"):
                assert after[key] == before[key], key
            end = play(ws, None, after)
        assert end["over"] and len(end["sheet"]) == 2
        text = c2.get(f"/play/t/{tid}/record.toml").text
        rec = parse_record(loads_document(text, "toml"))
        assert replay(rec).totals == tuple(end["totals"])
        assert rec.players is not None and rec.players[0] == "Ala"
        assert "[[deal]]" in c2.get(f"/play/t/{done_id}/record.toml").text


def play_as(c: TestClient, token: str, tid: str) -> Msg:
    """Connect with ``token``'s cookie and make that seat's moves until another person is
    to act or the deal is settled; that state."""
    c.cookies.clear()
    c.cookies.set(COOKIE, token)
    with c.websocket_connect(f"/play/ws/{tid}") as ws:
        seat = ws.receive_json()["seat"]
        while True:
            m = next_state(ws)
            d = m["deal"]
            if m["waiting_next"] or m["over"]:
                return m
            if d["to_act"] == seat and d["legal"]:
                ws.send_json({"type": "move", "move": d["legal"][0]["move"]})
            elif d["to_act"] is not None and m["bots"][d["to_act"]] is None:
                return m


def test_ready_flags_survive_a_restart(db_url: str) -> None:
    """Ala is ready for the next deal, the server restarts, and Bolek's ``next`` alone
    deals it: her flag was kept."""
    app = create_app(open_database(db_url, migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app) as c:
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "seed": 5,
                                             "bots": [None, None, "random", "random"]})
        tid, ala = r.json()["id"], r.json()["token"]
        c.cookies.clear()
        c.post("/play/name", data={"name": "Bolek"})
        bolek = str(c.cookies.get(COOKIE))
        assert c.post(f"/play/t/{tid}/join", data={"seat": "1"}).status_code == 200
        tokens = {0: ala, 1: bolek}
        table = app.state.play_hub.table(tid)
        for _ in range(50):
            if table.match.waiting_for_next():
                break
            to_act = table.match.to_act()
            play_as(c, tokens[to_act if to_act in tokens else 0], tid)
        assert table.match.waiting_for_next()
        c.cookies.clear()
        c.cookies.set(COOKIE, ala)
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            next_state(ws)
            ws.send_json({"type": "next", "id": 1})
            m = ws.receive_json()
            assert m["event"]["kind"] == "ready" and m["ready"] == [0] and m["ack"] == 1
            ws.send_json({"type": "next", "id": 2})  # again: nothing new to store
            assert ws.receive_json()["ready"] == [0]
        assert table.ops[-1] == "r 0" and table.ops.count("r 0") == 1
    app2 = create_app(open_database(db_url, migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app2) as c2:
        again = app2.state.play_hub.table(tid)
        assert again.ready == {0} and again.match.waiting_for_next()
        c2.cookies.set(COOKIE, bolek)
        with c2.websocket_connect(f"/play/ws/{tid}") as ws:
            assert ws.receive_json()["seat"] == 1
            assert next_state(ws)["ready"] == [0]
            ws.send_json({"type": "next", "id": 1})
            m = until_ack(ws, 1)
            assert m["event"]["kind"] == "next" and m["ready"] == []
            assert m["deal"]["number"] == 2 and not m["waiting_next"]
        k = again.ops.index("r 0")
        assert again.ops[k + 1] == "n" and again.ready == set()


def until_ack(ws: WebSocketTestSession, ident: int) -> Msg:
    """The answer to the message ``ident``."""
    while True:
        m: Msg = ws.receive_json()
        if m.get("ack") == ident:
            return m


def test_a_graceful_shutdown_commits_every_queued_move(db_url: str) -> None:
    """Writes still queued when the server stops are committed by the shutdown: a new
    server over the database resumes with every one of them. (The writer is held up until
    after the shutdown has begun, so without that flush the new server would read the op
    log before the last move reached it; that move was never acknowledged — a move is
    echoed only once committed, ``tests/test_web_play_durable.py``.)"""
    app = create_app(open_database(db_url, migrate=True), bot_delay=0,
                     client_seeds=True)
    gate = threading.Event()
    with TestClient(app) as c:
        store = app.state.play_store
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "seed": 21})
        tid, token = r.json()["id"], r.json()["token"]
        table = app.state.play_hub.table(tid)
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            before = play(ws, 5)
            n = len(table.ops)
            store.writer.put(lambda s: gate.wait(10))  # what comes next waits behind it
            ws.send_json({"type": "move", "move": before["deal"]["legal"][0]["move"]})
            for _ in range(1000):
                if len(table.ops) > n:
                    break
                time.sleep(0.01)
        ops = list(table.ops)
        assert len(store.unfinished(tid)[0][1]) <= n < len(ops)  # not written yet
        threading.Timer(0.3, gate.set).start()
    assert gate.is_set()
    app2 = create_app(open_database(db_url, migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app2) as c2:
        again = app2.state.play_hub.table(tid)
        assert again is not None and again.ops[:len(ops)] == ops
        c2.cookies.set(COOKIE, token)
        with c2.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            after = next_state(ws)
        assert after["seq"] >= len(ops) > before["seq"]
