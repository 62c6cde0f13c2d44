"""A client address's message budget over all its connections (``messages_per_client``):
many connections from one address, each within its own limit, are refused together past
the address's budget — answered ``rate-limited`` at most once a second, and a connection
that goes on sending is closed (1008) and its address kept out for the flood penalty, as
for a flood on one connection (issue 24.2) — while another address plays on; a family
behind one NAT (a person in three tabs and a spectator) playing a whole series at a
human's pace is never refused; the buckets of addresses gone quiet are forgotten.
The figures under load: ``benchmarks/bench_floods.py --only none many``.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play.ratelimit import PRUNE_AT, PlayGuard, PlayLimits
from stolik.web.play.routes import COOKIE
from test_web_play_flood import flood, new_table, pong

BUDGET = 6
"""The address's burst in these tests (its rate: next to none on the guard's clock)."""


def make_app(tmp_path: Path, **limits: Any) -> Any:
    """An app whose addresses may send :data:`BUDGET` messages over all their connections
    (each connection: 20 a second, 40 at once, as under ``stolik serve``), and ``limits``;
    the guard's clock stands still."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    play = dataclasses.replace(PlayLimits.unlimited(), **{
        "messages_per_client": 0.001, "message_burst": BUDGET, **limits})
    app = create_app(db, bot_delay=5.0, play_limits=play)
    app.state.play_guard.clock = lambda: 1000.0
    return app


def connect(c: TestClient, table: str) -> WebSocketTestSession:
    """A connection to ``table`` (its hello read)."""
    ws = c.websocket_connect(f"/play/ws/{table}")
    ws.__enter__()
    assert ws.receive_json()["type"] == "hello"
    return ws


def refused(ws: WebSocketTestSession, ident: int) -> None:
    """Ping: answered ``rate-limited`` (the refusal carries no ``ack``: nothing was read)."""
    ws.send_json({"type": "ping", "id": ident})
    for _ in range(100):
        m = ws.receive_json()
        assert m.get("ack") != ident, "answered"
        if m["type"] == "error":
            assert m["code"] == "rate-limited"
            return
    raise AssertionError("no refusal")


def test_many_connections_share_the_address_budget(tmp_path: Path) -> None:
    """Four connections from one address, two pings each (each far within its own 40):
    the address's first :data:`BUDGET` are answered, the rest refused — on whichever
    connection they come; a connection of another address to the same table is
    answered."""
    app = make_app(tmp_path)
    with TestClient(app, client=("10.20.0.1", 4000)) as a, \
            TestClient(app, client=("10.20.0.2", 4000)) as b:
        table, _ = new_table(a, "baska")
        conns = [connect(a, table) for _ in range(4)]
        other = connect(b, table)
        try:
            for n, ws in enumerate(conns[:3]):
                pong(ws, 10 * n + 1)
                pong(ws, 10 * n + 2)
            refused(conns[3], 41)
            refused(conns[0], 42)
            for ident in range(50, 50 + BUDGET):  # its own budget
                pong(other, ident)
        finally:
            for ws in (*conns, other):
                ws.__exit__(None, None, None)


def test_a_flood_through_many_connections_is_closed_and_kept_out(tmp_path: Path) -> None:
    """Three connections from one address each send 30 pings at once (within their own
    burst of 40): past the address's budget each gets one refusal and is closed (1008);
    the address then opens no new connection for the flood penalty; another address's
    connection plays on, and a new one of it connects."""
    app = make_app(tmp_path, flood_penalty_s=30.0)
    with TestClient(app, client=("10.21.0.1", 4000)) as a, \
            TestClient(app, client=("10.21.0.2", 4000)) as b:
        table, token = new_table(a, "baska")
        other, flooders = connect(b, table), [connect(a, table) for _ in range(3)]
        try:
            got = [flood(ws, 30) for ws in flooders]
            assert got == [(BUDGET, 1, 1008), (0, 1, 1008), (0, 1, 1008)]
            a.cookies.set(COOKIE, token)
            with pytest.raises(WebSocketDisconnect) as kept_out, \
                    a.websocket_connect(f"/play/ws/{table}") as ws:
                ws.receive_json()
            assert kept_out.value.code == 1008
            pong(other, 1)
            with b.websocket_connect(f"/play/ws/{table}") as again:
                assert again.receive_json()["type"] == "hello"
                pong(again, 2)
        finally:
            for ws in (*flooders, other):
                ws.__exit__(None, None, None)


def test_quiet_addresses_are_forgotten(tmp_path: Path) -> None:
    """The message buckets of addresses that have refilled are forgotten at the sweep (as
    the table and connection buckets are), and — sweep or none — once their number
    reaches :data:`PRUNE_AT` (or twice that at the last pruning): memory bounded by the
    addresses sending."""
    app = make_app(tmp_path, messages_per_client=1.0)
    guard = app.state.play_guard
    now = [1000.0]
    with TestClient(app, client=("10.22.0.1", 4000)):
        guard.clock = lambda: now[0]
        for n in range(50):
            assert guard.take_message(f"10.22.1.{n}")
        now[0] += 0.5  # half a token back: not full yet
        guard.sweep()
        assert len(guard._buckets["message"]) == 50
        now[0] += 1.0
        guard.sweep()
        assert guard._buckets["message"] == {}
    swept = PlayGuard(dataclasses.replace(PlayLimits.unlimited(), messages_per_client=1.0,
                                          message_burst=1), clock=lambda: now[0])
    held = swept._buckets["message"]
    for n in range(PRUNE_AT):
        assert swept.take_message(f"10.22.{n // 256}.{n % 256}")
    now[0] += 0.5  # none full: all kept, pruned next at twice as many
    assert swept.take_message("10.22.9.1") and len(held) == PRUNE_AT + 1
    now[0] += 1.0
    for n in range(PRUNE_AT - 1):
        assert swept.take_message(f"10.24.{n // 256}.{n % 256}")
    assert len(held) == 2 * PRUNE_AT  # the first ones full, not yet forgotten
    now[0] += 1.0
    assert swept.take_message("10.22.9.2") and len(held) == 1
    assert not swept.take_message("10.22.9.2")


def _latest_state(ws: WebSocketTestSession, ident: int, errors: list[str]) -> Any:
    """Ping; read up to the pong: the last state before it (None: none), the codes of
    the errors met on the way added to ``errors`` (a refusal fails at once)."""
    ws.send_json({"type": "ping", "id": ident})
    state = None
    for _ in range(1000):
        m = ws.receive_json()
        if m["type"] == "error":
            errors.append(m["code"])
            assert m["code"] != "rate-limited", "refused"
        elif m["type"] == "state":
            state = m
        elif m.get("ack") == ident:
            return state
    raise AssertionError("no pong")


def test_a_family_playing_is_never_refused(tmp_path: Path) -> None:
    """With ``stolik serve``'s default limits: a person in three tabs (a move from each in
    turn, every tab pinging at each step) and a spectator, all behind one address, play a
    whole series against bots at a brisk human pace (a step every 0.15 s: some 30
    messages a second from the address) — none of it refused."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    limits = dataclasses.replace(PlayLimits(), flood_penalty_s=0.0)
    app = create_app(db, bot_delay=0.0, play_limits=limits)
    with TestClient(app, client=("10.23.0.1", 4000)) as c:
        table, token = new_table(c, "baska")
        c.cookies.set(COOKIE, token)
        tabs = [connect(c, table) for _ in range(3)]
        c.cookies.clear()
        watcher = connect(c, table)
        errors: list[str] = []
        conns, last = (*tabs, watcher), [None] * 4  # each connection's latest state
        try:
            ident, actor = 0, 0
            for step in range(600):
                # the tab that acted last is read first: its pong follows its move
                for n in (actor, *(n for n in range(4) if n != actor)):
                    ident += 1
                    last[n] = _latest_state(conns[n], ident, errors) or last[n]
                state, actor = last[actor], step % 3
                if state is not None and state["over"]:
                    break
                deal = state and state["deal"]
                if deal and deal["to_act"] == state["seat"] and deal["legal"]:
                    tabs[actor].send_json({"type": "move", "id": 10**6 + step,
                                           "move": deal["legal"][0]["move"]})
                elif state and state["waiting_next"] and state["seat"] not in state["ready"]:
                    tabs[actor].send_json({"type": "next"})
                time.sleep(0.15)
            assert state is not None and state["over"], "the series did not end"
            assert "rate-limited" not in errors, errors
        finally:
            for ws in conns:
                ws.__exit__(None, None, None)


def test_stolik_serve_sets_the_address_budget(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``stolik serve`` limits an address's messages by default (60 a second, 120 at
    once); ``--messages-per-client 0`` (or ``STOLIK_MESSAGES_PER_CLIENT=0``) turns it off."""
    from stolik.cli import serving
    from stolik.cli.serve import serve_command

    apps: list[Any] = []
    monkeypatch.setattr(serving, "run", lambda app, **kw: apps.append(app))
    serve_command(db=f"sqlite:///{tmp_path}/s.db", port=0, warm_up=False)
    serve_command(db=f"sqlite:///{tmp_path}/s.db", port=0, warm_up=False,
                  messages_per_client=0.0)
    on, off = (app.state.play_guard for app in apps)
    assert (on.limits.messages_per_client, on.limits.message_burst) == (60.0, 120)
    assert on.message_budget("10.25.0.1") is not None
    assert off.message_budget("10.25.0.1") is None
