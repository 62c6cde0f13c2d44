"""A server restart resumes every unfinished table from the database: the op log is
replayed and the players find the exact state; finished series keep their record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stolik.db import open_database
from stolik.games.baska.record import loads_document, parse_record, replay
from stolik.web.app import create_app

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


def test_a_restart_resumes_unfinished_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    app = create_app(open_database(url, migrate=True), bot_delay=0)
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
    app2 = create_app(open_database(url, migrate=True), bot_delay=0)
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
