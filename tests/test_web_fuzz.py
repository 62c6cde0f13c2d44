"""Fuzzing the web edge (issue 14.3): every route of the application and every WebSocket
message type gets hypothesis-made odd values — huge and negative numbers, ``1e400``, inf and
nan, lookalike and control characters, long strings, nested JSON, missing and unknown
fields — and must answer each with a page or a 4xx, never a 5xx, and over the WebSocket
with an answer, never ``server-error`` or a dropped connection.

The routes are read from ``app.routes`` (a new route is fuzzed without a change here); a
logged-in referee with a valid CSRF token, a tournament with a drawn round and a play table
where the fuzzing player sits are set up first, so that real ids and tokens mix with odd
values and the requests reach the handlers, not only the guards. A table of each game —
Baśka, Mariáš, Betel — is set (issue 24.10): the routes get their ids, and the WebSocket
fuzz runs at each, its moves mixing the game's own words with odd values. Each route gets
``STOLIK_FUZZ_EXAMPLES`` examples, each WebSocket ten times as many messages: 12 by
default, the bounded sample of CI; a long run (``STOLIK_FUZZ_EXAMPLES`` past 100, as
``make fuzz`` sets it) gets at most :data:`LONG_RUN_EXAMPLES`, drawn afresh each time
(``STOLIK_FUZZ_EXAMPLES=500 pytest tests/test_web_fuzz.py -s`` prints the counts).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect

from stolik.db import Database
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth
from stolik.web.play.protocol import KINDS
from stolik.web.play.routes import COOKIE

LONG_RUN_EXAMPLES = 200
"""The most examples a route gets in a long run: ``make fuzz`` asks 20,000 of the file
fuzzers, which would keep the web fuzz for hours (about 30 ms a request on 2 cores)."""
EXAMPLES = min(int(os.environ.get("STOLIK_FUZZ_EXAMPLES") or "12"), LONG_RUN_EXAMPLES)
DERANDOMIZE = EXAMPLES <= 100
"""CI's sample is derandomized (the same cases every run: a red CI names a real defect found
on purpose, not a draw); a long run (``STOLIK_FUZZ_EXAMPLES`` > 100) draws afresh each time.
A random CI draw found the round number past PostgreSQL's column (``6c51114``); the
regression tests of such finds live beside the code they exercise."""
TEMPLATES = Path(__file__).resolve().parents[1] / "src" / "stolik" / "web" / "templates"
PASSWORD = "a long password 1"
SLUG = "fz"

ODD_TEXT = ["", " ", "0", "-1", "1", "99999999999999999999", "-99999999999999999999",
            "1" * 5000, "1e400", "-1e400", "inf", "-inf", "Infinity", "nan", "NaN", "1.5",
            " 1", "0x10", "\u212aH", "\u212a", "A\u0301", "\ufeff1", "\u0000", "\x7f", "é" * 300,
            "../../etc/passwd", "/dev/zero", "<script>", "' OR 1=1 --", "x" * 2000, "[1]",
            "{}", "null", "true", "∞", "٣", "²", "𝟙"]
"""Values that broke or might break the edge (issue 14.3, 9.13, 9.15)."""

odd_text = st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=40),
                     st.integers().map(str), st.floats().map(str))
odd_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(),
              st.sampled_from([10**30, -(10**30), 2**63, 2**64, float("inf"),
                               float("-inf"), float("nan"), 1e400]),
              st.floats(), odd_text),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(odd_text, inner, max_size=5)),
    max_leaves=12)


GAME_SEATS = {"baska": 4, "marias": 4, "betel": 3}
"""The games of the play tables, and their seats (the fuzzing player at 0, random bots)."""
GAME_WORDS = {
    "baska": ["pass", "kontra", "zolo-du", "AH", "10♥", "QC", "claim"],
    "marias": ["trump=7A call=TA", "trump=AA call=7A", "dobry", "hra", "sto", "betl", "durch",
               "flek", "nic", "pass", "sedma", "AA", "TL", "claim"],
    "betel": ["look 1 #1", "look 1 #2", "look 1 AS", "look 2", "take", "lay", "lay AS KS",
              "lay AS AS", "pas", "kontra", "1C", "2BA", "szlem-BA", "betelek-3", "betel",
              "AS", "10S", "claim"],
}
"""Each game's move words (MARIAS §4, BETEL §3, §6, RULES §3), mixed into the moves sent."""


@dataclass
class World:
    """What the fuzz runs against: the app, its client (a logged-in referee who also sits
    at a play table) and the real values of path parameters."""

    app: FastAPI
    client: TestClient
    csrf: str
    real: dict[str, list[str]]
    names: list[str]
    tables: dict[str, str]
    """The play table of each game (its id), where the fuzzing player sits at seat 0."""
    counts: Counter[str] = field(default_factory=Counter)


def form_names() -> list[str]:
    """Every form field name in the templates (so new forms are fuzzed too)."""
    names: set[str] = set()
    for path in TEMPLATES.rglob("*.html"):
        names.update(re.findall(r'name="([A-Za-z_][\w-]*)"', path.read_text("utf-8")))
    return sorted(names | {f"total{s}" for s in range(4)} | {f"seat{s}" for s in range(4)})


def login(client: TestClient) -> str:
    page = client.get("/t/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf, page.text[:300]
    r = client.post("/t/login", data={"name": "ref", "password": PASSWORD,
                                      "csrf": csrf.group(1), "next": "/t/admin/"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/t/admin/").text)
    assert token
    return token.group(1)


def make_world(db: Database) -> World:
    auth.add_referee(db, "ref", PASSWORD)
    store.create_tournament(db, SLUG, name="Fuzz", ruleset="pucka-2019", who="ref",
                            rounds=3, deals=4, seed=1)
    for i in range(1, 10):
        store.add_player(db, SLUG, f"p{i}", f"Gracz {i}", who="ref")
    plan = store.seat_round(db, SLUG, who="ref")
    store.add_event(db, SLUG, 1, 1, plan.tables[0][0], "late", 3, who="ref")
    app = create_app(db, bot_delay=0, rate=1e9, burst=10**9)
    client = TestClient(app, raise_server_exceptions=False).__enter__()
    tables: dict[str, str] = {}
    for game, seats in GAME_SEATS.items():
        r = client.post("/play/api/tables", json={
            "game": game, "name": "Fuzz", "deals": 2,
            "bots": [None, *["random"] * (seats - 1)]})
        assert r.status_code == 200, r.text
        tables[game] = r.json()["id"]
    csrf = login(client)
    player = app.state.play_store.player_by_token(client.cookies.get(COOKIE))
    real = {"slug": [SLUG], "table_id": list(tables.values()), "player_id": [str(player.id)],
            "rnd": ["1"], "table": ["1"], "number": ["1"], "event_id": ["1"],
            "code": ["p1"], "name": ["S"], "what": ["start", "extend", "close", "reopen"],
            "path": ["play.js", "style.css"]}
    return World(app, client, csrf, real, form_names(), tables)


def flat_routes(app: FastAPI) -> list[tuple[str, Any]]:
    """(full path, route) of every route, included routers opened (FastAPI ≥ 0.16x keeps
    an included router as one entry with its routes' contexts)."""
    out: list[tuple[str, Any]] = []
    for r in app.routes:
        contexts = getattr(r, "effective_route_contexts", None)
        if contexts is not None:
            out.extend((c.path or c.frontend_prefix + getattr(c.original_route, "path", ""),
                        c.original_route) for c in contexts())
        else:
            out.append((getattr(r, "path", ""), r))
    return out


def http_routes(app: FastAPI) -> list[tuple[str, str]]:
    """(method, path template) of every HTTP route, and the static mount."""
    out = []
    for path, r in flat_routes(app):
        if isinstance(r, Mount):
            out.append(("GET", path + "/{path}"))
        elif isinstance(r, APIRoute | Route):
            out.extend((m, path) for m in sorted(r.methods or ()) if m != "HEAD")
    return out


def ws_routes(app: FastAPI) -> list[str]:
    return [path for path, r in flat_routes(app)
            if isinstance(r, APIWebSocketRoute | WebSocketRoute)]


@st.composite
def requests(draw: st.DrawFn, world: World, method: str, template: str
             ) -> tuple[str, dict[str, Any]]:
    """A path with real or odd parameters, and the keyword arguments of the request."""
    def param(m: re.Match[str]) -> str:
        name = m.group(1).split(":")[0]
        real = world.real.get(name, [])
        value = draw(st.one_of(st.sampled_from(real), odd_text) if real else odd_text)
        return quote(value.encode("utf-8", "surrogatepass"), safe="")

    path = re.sub(r"\{([^}]+)\}", param, template)
    query = draw(st.dictionaries(st.sampled_from(["lang", "next", "blank", "round", "seat",
                                                  "q", *world.names[:5]]),
                                 odd_text, max_size=3))
    kw: dict[str, Any] = {"params": query}
    if method == "POST":
        if draw(st.booleans()):
            body = draw(st.dictionaries(st.sampled_from(world.names), odd_text, max_size=8))
            if draw(st.integers(0, 9)) > 0:
                body["csrf"] = world.csrf
            kw["data"] = body
        else:
            keys = ["name", "ruleset", "deals", "seed", "hints", "private", "bots", "seat",
                    "first_dealer", "game"]
            body = draw(st.one_of(
                st.dictionaries(st.sampled_from(keys), odd_json, max_size=6), odd_json))
            kw["content"] = json.dumps(body).encode()
            kw["headers"] = {"content-type": "application/json"}
    return path, kw


HUGE_NUMBERS = ("2147483648", "9223372036854775808")
"""Past PostgreSQL's ``Integer`` and past SQLite's integers: every route gets each as an
explicit example, in its path and in every form field, and in the form of a real path (a
random draw found the first hole, ``6c51114``; ``2b74e79`` the rest)."""


def huge_request(world: World, method: str, template: str, huge: str, *, in_path: bool
                 ) -> tuple[str, dict[str, Any]]:
    """``template`` with the real path parameters, or (``in_path``) ``huge`` in each
    numeric one; a POST's form holds the CSRF token and ``huge`` in every field."""
    def param(m: re.Match[str]) -> str:
        real = world.real.get(m.group(1).split(":")[0], ["x"])[0]
        return huge if in_path and real.isdigit() else quote(real, safe="")

    kw: dict[str, Any] = {"params": {}}
    if method == "POST":
        kw["data"] = {**dict.fromkeys(world.names, huge), "csrf": world.csrf}
    return re.sub(r"\{([^}]+)\}", param, template), kw


def fuzz_route(world: World, method: str, template: str) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=list(HealthCheck))
    @given(req=requests(world, method, template))
    def run(req: tuple[str, dict[str, Any]]) -> None:
        path, kw = req
        world.counts[f"{method} {template}"] += 1
        r = world.client.request(method, path, follow_redirects=False, **kw)
        assert r.status_code < 500, (method, path, kw, r.status_code, r.text[:500])
        if template.endswith("/logout") and \
                world.client.get("/t/admin/", follow_redirects=False).status_code != 200:
            world.csrf = login(world.client)

    for huge in HUGE_NUMBERS:
        for in_path in (True, False):
            run = example(req=huge_request(world, method, template, huge,
                                           in_path=in_path))(run)
    run()


@pytest.mark.parametrize("kind", ["http"])
def test_no_route_answers_odd_input_with_a_5xx(db: Database, kind: str) -> None:
    """Every HTTP route of the app, with odd path parameters, query strings, forms (with
    the referee's CSRF token most of the time) and JSON bodies: never a 5xx."""
    world = make_world(db)
    try:
        routes = http_routes(world.app)
        assert ("POST", "/play/api/tables") in routes and len(routes) > 30
        for method, template in routes:
            fuzz_route(world, method, template)
        assert set(world.counts) == {f"{m} {t}" for m, t in routes}
        print(f"\nfuzz: {sum(world.counts.values())} requests over {len(routes)} routes "
              f"({EXAMPLES} examples each)")
    finally:
        world.client.__exit__(None, None, None)


def messages(game: str) -> st.SearchStrategy[Any]:
    """Messages of every type with odd fields, the moves often the game's own words (some
    right, some not now, some malformed), and non-messages."""
    words = st.sampled_from(GAME_WORDS[game])
    return st.one_of(
        st.fixed_dictionaries({"type": st.sampled_from(KINDS)},
                              optional={"move": st.one_of(words, odd_text, odd_json),
                                        "on": odd_json, "id": odd_json, "x": odd_json}),
        st.fixed_dictionaries({"type": st.just("move"), "move": words}),
        odd_json,
        odd_text)


def fuzz_socket(ws: Any, sent: Counter[str], game: str) -> None:
    """Hypothesis' messages over one connection, each followed by a ping whose pong ends
    the answers to it; ``sent`` counts them by type, and the errors answered by code."""
    counter = [10**6]

    @settings(max_examples=EXAMPLES * 10, deadline=None, database=None,
              derandomize=DERANDOMIZE, suppress_health_check=list(HealthCheck))
    @given(msg=messages(game), as_text=st.booleans())
    def run(msg: Any, as_text: bool) -> None:
        kind = msg.get("type") if isinstance(msg, dict) else None
        sent[str(kind) if kind in KINDS else "other"] += 1
        if isinstance(msg, str) and as_text:
            ws.send_text(msg)
        else:
            ws.send_text(json.dumps(msg))
        counter[0] += 1
        ws.send_json({"type": "ping", "id": counter[0]})
        for _ in range(10_000):
            try:
                m = ws.receive_json()
            except WebSocketDisconnect as e:  # pragma: no cover - a failure
                raise AssertionError(f"the server closed on {msg!r}") from e
            assert m.get("code") != "server-error", (msg, m)
            if m.get("type") == "error":
                sent["answer " + str(m.get("code"))] += 1
            if m.get("type") == "pong" and m.get("ack") == counter[0]:
                return
        raise AssertionError("no answer")

    for kind in KINDS:  # every message type at least once, whatever hypothesis draws
        run = example(msg={"type": kind, "move": "\u212aH", "id": 10**30}, as_text=False)(run)
    run()


@pytest.mark.parametrize("game", list(GAME_SEATS))
def test_no_websocket_message_gets_a_server_error(db: Database, game: str) -> None:
    """Every message type (and non-messages) with odd values over the WebSocket of a
    table of ``game``, as the seated player and as a spectator: each gets an answer; none
    is ``server-error``; the connection stays open. A ping with a known id after each
    message collects the answers."""
    world = make_world(db)
    client = world.client
    table_id = world.tables[game]
    sent = Counter[str]()
    try:
        for path in ws_routes(world.app):
            assert path == "/play/ws/{table_id}", "a new WebSocket: fuzz it here"
        for who in ("seat", "spectator"):
            if who == "spectator":
                client.cookies.delete(COOKIE)
            with client.websocket_connect(f"/play/ws/{table_id}") as ws:
                assert ws.receive_json()["type"] == "hello"
                state = ws.receive_json()  # the table's state: the game's own table
                assert state["type"] == "state" and state["game"] == game, state
                fuzz_socket(ws, sent, game)
        count = sum(n for k, n in sent.items() if not k.startswith("answer "))
        print(f"\nfuzz: {count} WebSocket messages at a {game} table: "
              f"{dict(sorted(sent.items()))}")
        assert set(KINDS) <= set(sent)
        assert sent["answer illegal"] > 0, sent  # the game's own rules judged some moves
    finally:
        client.__exit__(None, None, None)
