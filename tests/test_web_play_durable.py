"""A move is stored before anyone hears of it (issue 14): with the writer held up, the
mover's acknowledgement and the spectator's echo wait; they come once the move is
committed. A write the database refuses is never acknowledged: the clients get a
``not-stored`` error and the table goes on from what is stored. (The kill -9 test of the
same promise against the real server is ``tests/test_web_play_crash.py``.)"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession
from starlette.testclient import WebSocketTestSession

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play.orm import OpRow
from stolik.web.play.store import PlayStore

Msg = dict[str, Any]
BOTS = [None, "random", "random", "random"]


def stored_ops(store: PlayStore, table_id: str) -> list[str]:
    """The op log as committed."""
    with store.db.read() as s:
        return list(s.scalars(select(OpRow.op).where(OpRow.table_id == table_id)
                              .order_by(OpRow.seq)))


def my_turn(ws: WebSocketTestSession) -> Msg:
    """The first state in which seat 0 is to act."""
    while True:
        m: Msg = ws.receive_json()
        if m["type"] == "state" and m["deal"]["to_act"] == 0 and m["deal"]["legal"]:
            return m


def receiver(ws: WebSocketTestSession) -> queue.Queue[Msg]:
    """A thread that passes on what ``ws`` receives (so the test can wait with a time
    limit)."""
    got: queue.Queue[Msg] = queue.Queue()

    def run() -> None:
        try:
            while True:
                got.put(ws.receive_json())
        except Exception:  # closed
            return

    threading.Thread(target=run, daemon=True).start()
    return got


def wait_until(cond: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_a_move_is_echoed_only_once_committed(db_url: str) -> None:
    app = create_app(open_database(db_url, migrate=True), bot_delay=0)
    gate = threading.Event()
    with TestClient(app) as c:
        store = app.state.play_store
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 1, "bots": BOTS})
        tid, token = r.json()["id"], r.json()["token"]
        table = app.state.play_hub.table(tid)
        c.cookies.clear()
        with c.websocket_connect(f"/play/ws/{tid}") as watcher:
            assert watcher.receive_json()["seat"] is None
            c.cookies.set("stolik_player", token)
            with c.websocket_connect(f"/play/ws/{tid}") as ws:
                assert ws.receive_json()["seat"] == 0
                state = my_turn(ws)
                wait_until(lambda: len(stored_ops(store, tid)) == state["seq"])
                move = state["deal"]["legal"][0]["move"]
                watched = receiver(watcher)
                while watched.get(timeout=10).get("version") != state["version"]:
                    pass  # what the watcher saw so far
                store.writer.put(lambda s: gate.wait(10))  # the writer is held up
                ws.send_json({"type": "move", "move": move, "id": 7})
                mine = receiver(ws)
                wait_until(lambda: len(table.ops) > state["seq"])  # applied in memory
                assert table.ops[state["seq"]] == f"m 0 {move}"
                time.sleep(0.3)
                assert mine.empty() and watched.empty()  # nobody told: not stored yet
                assert len(stored_ops(store, tid)) == state["seq"]
                gate.set()
                acked = mine.get(timeout=10)
                assert acked["ack"] == 7 and acked["seq"] == state["seq"] + 1
                echo = watched.get(timeout=10)
                assert echo["event"] == acked["event"] and echo["seq"] == acked["seq"]
                assert echo["event"]["moves"][0] == [0, move]
                assert stored_ops(store, tid)[state["seq"]] == f"m 0 {move}"


def test_a_refused_write_is_never_acknowledged(tmp_path: Any,
                                              caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(open_database(f"sqlite:///{tmp_path}/s.db", migrate=True), bot_delay=0)
    with TestClient(app) as c:
        store = app.state.play_store
        writer = store.writer
        writer.retries, writer.backoff = 1, 0.01
        failures = [0]
        real = writer._write

        def flaky(s: OrmSession, jobs: list[Any]) -> None:
            if failures[0] > 0:
                failures[0] -= 1
                raise RuntimeError("disk full")
            real(s, jobs)

        writer._write = flaky
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 1, "bots": BOTS})
        tid = r.json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            state = my_turn(ws)
            wait_until(lambda: len(stored_ops(store, tid)) == state["seq"])
            failures[0] = 2  # the first try and the one retry
            ws.send_json({"type": "move", "move": state["deal"]["legal"][0]["move"],
                          "id": 7})
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "not-stored"
            assert "ack" not in err
            again = my_turn(ws)  # the reloaded table: the move is not there
            assert again["seq"] == state["seq"] and "ack" not in again
            assert app.state.play_hub.table(tid) is not None
            ws.send_json({"type": "move", "move": again["deal"]["legal"][-1]["move"],
                          "id": 8})
            while (m := ws.receive_json()).get("ack") != 8:
                assert m["type"] != "error", m
            ops = stored_ops(store, tid)
            assert ops[state["seq"]] == f"m 0 {again['deal']['legal'][-1]['move']}"
    assert "not stored" in caplog.text
