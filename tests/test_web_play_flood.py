"""A message flood costs the server almost nothing (issue 24.2): a connection past its
message limit gets at most one ``rate-limited`` answer a second, and after a burst of
refused messages it is closed with 1008 (policy violation) — at a table of each game
(Baśka, Mariáš, Betel: the WebSocket handler is shared), the other connections and tables
untouched. Under uvicorn (as ``stolik serve`` runs it) a connection closed for flooding is
read no more, and a message past :data:`~stolik.web.play.ratelimit.MAX_FRAME` closes its
connection unread. The figures under load: ``benchmarks/bench_floods.py --only messages``.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from stolik.db import open_database
from stolik.games import game
from stolik.web.app import create_app
from stolik.web.play.ratelimit import (
    MAX_FRAME,
    REFUSALS_BEFORE_CLOSE,
    WS_PROTOCOL,
    Admit,
    MessageLimit,
    PlayLimits,
)
from stolik.web.play.routes import COOKIE
from stolik.web.play.wsflood import FLOOD_CLOSE_GRACE_S

BURST = 5
"""A connection's burst in these tests (its rate: next to none, so no token comes back)."""


def make_app(tmp_path: Path) -> Any:
    """An app whose connections may send :data:`BURST` messages, then none."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    return create_app(db, bot_delay=5.0, rate=0.001, burst=BURST)


def new_table(c: TestClient, name: str) -> tuple[str, str]:
    """A table of game ``name``: a person (the creator, seat 0) and bots; its id and the
    creator's token (the client's cookie is his)."""
    bots = [None] + ["random"] * (game(name).seats - 1)
    c.cookies.clear()  # a new player
    r = c.post("/play/api/tables", json={"game": name, "name": "Ala", "deals": 2,
                                         "bots": bots})
    assert r.status_code == 200, r.text
    return str(r.json()["id"]), str(r.json()["token"])


def pong(ws: WebSocketTestSession, ident: int) -> None:
    """Ping and wait for the answer: the connection is served."""
    ws.send_json({"type": "ping", "id": ident})
    for _ in range(100):
        m = ws.receive_json()
        if m.get("ack") == ident:
            assert m["type"] == "pong"
            return
    raise AssertionError("no pong")


def flood(ws: WebSocketTestSession, count: int) -> tuple[int, int, int]:
    """Send ``count`` pings at once; read until the server closes: (pongs, refusals,
    close code). Fails at a second refusal within a second (issue 24.2) — the old code
    answered each — instead of waiting for a close that would never come."""
    start = time.monotonic()
    for i in range(count):
        ws.send_json({"type": "ping", "id": i})
    pongs = refusals = 0
    for _ in range(count + 100):
        try:
            m = ws.receive_json()
        except WebSocketDisconnect as e:
            return pongs, refusals, e.code
        if m["type"] == "pong":
            pongs += 1
        elif m["type"] == "error":
            assert m["code"] == "rate-limited"
            refusals += 1
            assert refusals <= 1 + time.monotonic() - start, "a refusal for each message"
    raise AssertionError("the flooding connection was not closed")


@pytest.mark.parametrize("name", ["baska", "marias", "betel"])
def test_a_flood_is_refused_once_and_closed_the_others_play_on(tmp_path: Path,
                                                               name: str) -> None:
    """Issue 24.2: a seated player's connection sends 200 messages at once: the first
    :data:`BURST` are answered, one refusal, then the close (1008); a spectator of the same
    table and one of another table are answered before and after, and the player takes his
    seat back on a new connection."""
    with TestClient(make_app(tmp_path)) as c:
        other, _ = new_table(c, name)
        tid, token = new_table(c, name)
        with c.websocket_connect(f"/play/ws/{tid}") as player:
            assert player.receive_json()["seat"] == 0
            c.cookies.clear()
            with c.websocket_connect(f"/play/ws/{tid}") as watcher, \
                    c.websocket_connect(f"/play/ws/{other}") as elsewhere:
                for ws in (watcher, elsewhere):
                    assert ws.receive_json()["seat"] is None
                    pong(ws, 1)
                assert flood(player, 200) == (BURST, 1, 1008)
                for ws in (watcher, elsewhere):
                    pong(ws, 2)
        c.cookies.set(COOKIE, token)
        with c.websocket_connect(f"/play/ws/{tid}") as again:
            assert again.receive_json()["seat"] == 0
            pong(again, 3)


def test_a_flooder_is_kept_out_for_the_penalty(tmp_path: Path) -> None:
    """Issue 24.2: after its connection is closed for flooding, the address opens no new
    WebSocket for ``flood_penalty_s`` — refused before the handshake (so closed flooders
    reconnecting at once cost next to nothing) — and may again after it; a connection it
    already had open plays on."""
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    limits = dataclasses.replace(PlayLimits.unlimited(), flood_penalty_s=30.0)
    app = create_app(db, bot_delay=5.0, rate=0.001, burst=BURST, play_limits=limits)
    now = [1000.0]
    with TestClient(app) as c:
        app.state.play_guard.clock = lambda: now[0]
        tid, token = new_table(c, "baska")
        with c.websocket_connect(f"/play/ws/{tid}") as watcher:
            assert watcher.receive_json()["type"] == "hello"
            with c.websocket_connect(f"/play/ws/{tid}") as player:
                player.receive_json()
                assert flood(player, 200) == (BURST, 1, 1008)
            c.cookies.set(COOKIE, token)
            with pytest.raises(WebSocketDisconnect) as refused, \
                    c.websocket_connect(f"/play/ws/{tid}") as ws:
                ws.receive_json()
            assert refused.value.code == 1008
            pong(watcher, 1)  # what it had open plays on
            now[0] += 31.0
            with c.websocket_connect(f"/play/ws/{tid}") as again:
                assert again.receive_json()["seat"] == 0
                pong(again, 2)


def test_refusals_once_a_second_and_closed_only_when_flooding() -> None:
    """Issue 24.2, on a clock of its own: a client sending twice its rate for a minute is
    answered one refusal a second and never closed; one sending 100 a second is closed
    within the second, after :data:`REFUSALS_BEFORE_CLOSE` refused messages."""
    slow = MessageLimit(rate=1.0, burst=1, now=0.0)
    verdicts = [slow.admit(t / 2) for t in range(120)]
    assert Admit.CLOSE not in verdicts
    refused = [t / 2 for t, v in zip(range(120), verdicts, strict=True) if v is Admit.REFUSE]
    assert len(refused) >= 25 and all(b - a >= 1.0 for a, b in itertools.pairwise(refused))
    fast = MessageLimit(rate=1.0, burst=1, now=0.0)
    verdicts = [fast.admit(t / 100) for t in range(100)]
    closed = verdicts.index(Admit.CLOSE)
    assert verdicts[:closed].count(Admit.PASS) == 1
    assert verdicts[:closed].count(Admit.REFUSE) == 1
    assert closed == 1 + REFUSALS_BEFORE_CLOSE


# --------------------------------------------------------------- under uvicorn


def test_stolik_serve_runs_uvicorn_with_the_flood_guard(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24.2: ``stolik serve`` gives uvicorn the protocol that reads no more of a
    connection closed for flooding, and the largest message it reads."""
    from stolik.cli import serving
    from stolik.cli.serve import serve_command

    options: dict[str, Any] = {}
    monkeypatch.setattr(serving, "run", lambda app, **kw: options.update(kw))
    serve_command(db=f"sqlite:///{tmp_path}/s.db", port=0, warm_up=False)
    assert options["ws"] == WS_PROTOCOL and options["ws_max_size"] == MAX_FRAME


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """:func:`make_app` under uvicorn as ``stolik serve`` sets its WebSocket (the protocol
    :data:`WS_PROTOCOL`, messages up to :data:`MAX_FRAME`), on 127.0.0.1: the address and
    a table to connect to."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(
        make_app(tmp_path), host="127.0.0.1", port=port, log_level="warning",
        ws=WS_PROTOCOL, ws_max_size=MAX_FRAME, ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    for _ in range(200):
        try:
            opener.open(f"{base}/healthz", timeout=2).close()
            break
        except OSError:
            time.sleep(0.05)
    req = urllib.request.Request(f"{base}/play/api/tables", data=json.dumps(
        {"deals": 1, "bots": [None, "random", "random", "random"]}).encode(),
        headers={"Content-Type": "application/json"})
    with opener.open(req, timeout=10) as r:
        table = json.loads(r.read())["id"]
    try:
        yield f"127.0.0.1:{port}", table
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def test_a_connection_closed_for_flooding_is_read_no_more(served: tuple[str, str]) -> None:
    """Issue 24.2: a client that floods and never reads (nor answers the close) is cut off
    :data:`FLOOD_CLOSE_GRACE_S` after its close: the server reads none of what it sends
    past it. (uvicorn's own protocol reads and parses it all for 10 s, waiting for the
    client's closing frame.)"""
    address, table = served
    host, port = address.split(":")
    raw = socket.create_connection((host, int(port)), timeout=30)
    raw.sendall(f"GET /play/ws/{table} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    payload = b'{"type":"ping"}'
    frames = (b"\x81" + bytes([0x80 | len(payload)]) + b"\0\0\0\0" + payload) * 1000
    start = time.monotonic()
    with pytest.raises(OSError):  # the server closes the TCP connection
        while time.monotonic() - start < 20:
            raw.sendall(frames)
    raw.close()
    assert time.monotonic() - start < FLOOD_CLOSE_GRACE_S + 4


def test_a_message_past_max_frame_closes_the_connection(served: tuple[str, str]) -> None:
    """Issue 24.2: a message of more than :data:`MAX_FRAME` bytes is not read: the
    connection is closed with 1009 (too big); one under it is refused as too long."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    address, table = served
    with connect(f"ws://{address}/play/ws/{table}", compression=None) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        ws.send("x" * (MAX_FRAME // 2))
        while (m := json.loads(ws.recv(timeout=10)))["type"] != "error":
            pass
        assert m["code"] == "too-long"
        ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
