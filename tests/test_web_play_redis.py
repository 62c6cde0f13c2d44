"""Several ``stolik serve`` processes, one site (issue 13): three real servers on loopback
ports share one Redis (``STOLIK_TEST_REDIS``, which ``.ci/run`` starts) and one PostgreSQL
database (``STOLIK_TEST_PG``); skipped when either is unset.

- The seats of one table connected to different processes play a whole series; a
  spectator on the owner and one on another process see every public event in order (the
  moves of the stored op log, each once); no message to a seat names a card another seat
  still holds (checked against the stored op log replayed to the message's position).
- ``stolik serve --hub`` refuses, in one line, a SQLite database or a Redis that does not
  answer; without ``--hub`` nothing changes (every other play test runs the LocalHub).
- The owner is killed (``kill -9``) in the middle of a deal: another process takes the
  table over from the op log, the players' clients (on the other two processes) go on
  where they were, and the series ends with every acknowledged move in the op log exactly
  once, at its place — at a table of each game (issue 24.10: Baśka, Mariáš, Betel).
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from conftest import PG_ENV, StolikServer, _fresh_postgres_database
from stolik.db import open_database
from stolik.games.baska.deck import DECK
from stolik.games.baska.web import BaskaMatch
from stolik.web.play.orm import OpRow, TableRow
from stolik.web.play.store import PlayStore
from stolik.web.play.table import Table
from test_web_play_hidden import cards_named

REDIS_ENV = "STOLIK_TEST_REDIS"
Msg = dict[str, Any]
DEADLINE_S = 60.0
"""The longest a series may take (each wait has its own, shorter timeout)."""
SEATS = {"baska": 4, "marias": 4, "betel": 3}
"""The seats of a table of each game (RULES §1, MARIAS §1, BETEL §1)."""


def choose(rng: random.Random, deal: Msg) -> str:
    """A random legal move of the seat to act, as the page sends it: a move that picks
    cards from the hand (Betel's lay-back, BETEL §3) with as many random cards of it."""
    x = rng.choice(deal["legal"])
    if x.get("pick"):
        return " ".join([x["move"], *rng.sample(deal["hand"], int(x["pick"]))])
    return str(x["move"])


@pytest.fixture
def redis_url(request: pytest.FixtureRequest) -> str:
    """The test Redis, emptied (``redis://HOST:PORT/N``): database N of the test's module
    ``REDIS_DB`` where it names one, so that test files run side by side (xdist) do not
    empty each other's (pub/sub channels are the server's, named by random ids)."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"{REDIS_ENV} is not set: no Redis server (.ci/run starts one)")
    db = getattr(request.module, "REDIS_DB", None)
    if db is not None:
        url = f"{url.rsplit('/', 1)[0]}/{int(db)}" if url.count("/") > 2 else f"{url}/{db}"
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    client.flushdb()
    client.close()
    return url


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (the three servers, started at once, migrate it
    one at a time)."""
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server (.ci/run starts one)")
    yield from _fresh_postgres_database(server)


def start_three(pg_url: str, redis_url: str, log: Path,
                servers: list[StolikServer]) -> list[StolikServer]:
    """Three ``stolik serve --hub`` processes, started side by side (each one that starts
    is in ``servers`` at once, so that it is killed after the test whatever happens)."""
    def one(_: int) -> StolikServer:
        server = StolikServer(pg_url, log, "--bot-delay", "0", "--hub", redis_url)
        servers.append(server)
        return server
    with ThreadPoolExecutor(3) as pool:
        return list(pool.map(one, range(3)))


def new_table(server: StolikServer, bots: list[str | None], deals: int,
              game: str = "baska") -> tuple[str, str]:
    """A table of ``game`` made on ``server`` (which owns it); its id and the creator's
    token."""
    resp = httpx.post(f"{server.base}/play/api/tables", trust_env=False, timeout=10,
                      json={"game": game, "name": "Ala", "deals": deals, "bots": bots})
    assert resp.status_code == 200, resp.text
    return str(resp.json()["id"]), str(resp.json()["token"])


def join(server: StolikServer, table: str, seat: int, name: str) -> str:
    """Take a seat through ``server``'s page (the owner may be another process); the
    player's token."""
    resp = httpx.post(f"{server.base}/play/t/{table}/join", trust_env=False, timeout=10,
                      data={"seat": str(seat), "name": name})
    assert resp.status_code == 303, resp.text
    return str(resp.cookies["stolik_player"])


@dataclass
class Client:
    """A WebSocket client in a thread: a player (moves at random, ready for each next
    deal) or a spectator; reconnects to the next server of ``ports`` when its server
    goes. Every message is kept."""

    table: str
    ports: list[int]
    token: str | None
    seat: int | None
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    states: list[Msg] = field(default_factory=list)
    acked: list[tuple[int, str]] = field(default_factory=list)
    """(op-log length after it, op) of each acknowledged move."""
    reconnects: int = 0
    error: str | None = None
    after_kill: float | None = None
    """Seconds from :attr:`killed_at` to the first state from a new owner."""
    killed_at: float | None = None
    kill_after: int | None = None
    """Kill the owner (``on_kill``) when this many of our moves are acknowledged."""
    on_kill: Any = None
    done: threading.Event = field(default_factory=threading.Event)
    watching: threading.Event = field(default_factory=threading.Event)
    """Set at the first state (the client is subscribed at the table's owner)."""

    def run(self) -> None:
        try:
            self._run()
        except Exception as e:  # shown by the test
            self.error = f"{type(e).__name__}: {e}"
        finally:
            self.done.set()

    def _connect(self) -> ClientConnection:
        headers = {"Cookie": f"stolik_player={self.token}"} if self.token else {}
        end = time.monotonic() + 10
        while True:
            try:
                return connect(f"ws://127.0.0.1:{self.ports[0]}/play/ws/{self.table}",
                               additional_headers=headers, open_timeout=5)
            except (OSError, InvalidHandshake):
                if time.monotonic() > end:
                    raise
                self.ports = self.ports[1:] + self.ports[:1]
                time.sleep(0.1)

    def _run(self) -> None:
        end = time.monotonic() + DEADLINE_S
        while time.monotonic() < end:
            with self._connect() as ws:
                try:
                    if self._session(ws, end):
                        return
                except ConnectionClosed:
                    pass
            self.reconnects += 1  # the server went: the next one
            self.ports = self.ports[1:] + self.ports[:1]
        raise AssertionError(f"seat {self.seat}: the series did not end in {DEADLINE_S} s")

    def _session(self, ws: ClientConnection, end: float) -> bool:
        """Play on one connection; True when the series is over."""
        pending: dict[int, str] = {}
        ident = 0
        ready_at: int | None = None
        while time.monotonic() < end:
            m: Msg = json.loads(ws.recv(timeout=15))
            if m["type"] == "error":
                pending.pop(m.get("ack", -1), None)
                continue
            if m["type"] != "state":
                continue
            self.states.append(m)
            self.watching.set()
            event = m.get("event") or {}
            if event.get("kind") == "connect" and event.get("seat") == self.seat:
                pending.clear()  # (re)subscribed: what was sent may not have arrived
                ready_at = None
                if self.killed_at is not None and self.after_kill is None:
                    self.after_kill = time.monotonic() - self.killed_at
            ack = m.get("ack")
            if ack in pending:
                self.acked.append((m["seq"], f"m {self.seat} {pending.pop(ack)}"))
                if self.kill_after is not None and len(self.acked) == self.kill_after:
                    self.on_kill()
            if m["over"]:
                return True
            if self.seat is None:
                continue
            deal = m["deal"]
            if deal["to_act"] == self.seat and deal["legal"] and not pending:
                move = choose(self.rng, deal)
                ident += 1
                pending[ident] = move
                ws.send(json.dumps({"type": "move", "move": move, "id": ident}))
            elif m["waiting_next"] and self.seat not in m["ready"] and ready_at != m["seq"]:
                ready_at = m["seq"]
                ws.send(json.dumps({"type": "next"}))
        return False


def play(clients: list[Client]) -> None:
    """Run the clients to the end of the series (each in a thread, each with a limit)."""
    threads = [threading.Thread(target=c.run, daemon=True) for c in clients]
    for t in threads:
        t.start()
    for c in clients:
        assert c.done.wait(DEADLINE_S + 20), f"client at seat {c.seat} hangs"
    errors = [f"seat {c.seat}: {c.error}" for c in clients if c.error]
    assert not errors, errors


def stored(pg_url: str, table: str) -> tuple[str, list[tuple[int, str]]]:
    """The table's stored status and op log (seq, op)."""
    db = open_database(pg_url)
    try:
        with db.read() as s:
            status = s.scalars(select(TableRow.status).where(TableRow.id == table)).one()
            ops = s.execute(select(OpRow.seq, OpRow.op).where(OpRow.table_id == table)
                            .order_by(OpRow.seq)).all()
        return status, [(int(q), str(o)) for q, o in ops]
    finally:
        db.dispose()


def public_moves(states: list[Msg]) -> list[str]:
    """The moves a client was shown, in order, as op-log entries."""
    return [f"m {s} {mv}" for m in states for s, mv in m["event"]["moves"]]


def check_hidden(pg_url: str, table: str, clients: list[Client]) -> int:
    """No state message to a seat names a card another seat held when it was made (the
    table replayed from the stored op log to the message's ``seq``); the messages
    checked."""
    db = open_database(pg_url)
    store = PlayStore(db)
    try:
        info = store.table(table)
        assert info is not None
        _, ops = stored(pg_url, table)
        log = [op for _, op in ops]
        checked = 0
        for c in clients:
            for m in c.states:
                replayed = Table(info, lambda table_id, seq, op: None)
                replayed.replay(log[:m["seq"]])
                match = replayed.match
                assert isinstance(match, BaskaMatch)
                deal = match.s.deal
                if deal.is_over:
                    continue
                hidden = 0
                for s in range(4):
                    if s != c.seat:
                        hidden |= deal.hands[s]
                leaked = cards_named(m) & set(DECK.cards_of(hidden))
                assert not leaked, f"seat {c.seat} was sent {leaked} held by another: {m}"
                checked += 1
        return checked
    finally:
        store.close()
        db.dispose()


@pytest.mark.postgres
def test_seats_on_three_processes_play_a_series(pg_url: str, redis_url: str,
                                                tmp_path: Path,
                                                servers: list[StolikServer]) -> None:
    """Owner A; Ala plays on B, Ola (who took her seat through C's page) on C, bots at the
    other seats; spectators on A and C see the same public events, every stored move once
    and in order; nobody is shown another seat's cards."""
    a, b, c = start_three(pg_url, redis_url, tmp_path / "serve.log", servers)
    table, ala = new_table(a, [None, None, "random", "random"], deals=2)
    watchers = [Client(table, [a.port], None, None), Client(table, [c.port], None, None)]
    for w in watchers:
        threading.Thread(target=w.run, daemon=True).start()
    for w in watchers:  # both watching before the first move
        assert w.watching.wait(15), "a spectator got no state"
    ola = join(c, table, 1, "Ola")
    players = [Client(table, [b.port], ala, 0, random.Random(1)),
               Client(table, [c.port], ola, 1, random.Random(2))]
    play(players)
    for w in watchers:
        assert w.done.wait(20), "a spectator hangs"
        assert w.error is None, w.error
    status, ops = stored(pg_url, table)
    assert status == "finished"
    assert [q for q, _ in ops] == list(range(len(ops)))
    moves = [op for _, op in ops if op.startswith("m ")]
    assert public_moves(watchers[0].states) == moves
    assert public_moves(watchers[1].states) == moves
    for p in players:
        assert p.acked, f"seat {p.seat} made no move"
        for length, op in p.acked:
            assert ops[length - 1][1] == op
    checked = check_hidden(pg_url, table, [*players, *watchers])
    print(f"{len(ops)} ops; {checked} messages checked for hidden cards")
    assert checked > 10


@pytest.mark.postgres
@pytest.mark.parametrize("game", ["baska", "marias", "betel"])
def test_the_owner_killed_mid_deal_loses_nothing(pg_url: str, redis_url: str,
                                                 tmp_path: Path,
                                                 servers: list[StolikServer],
                                                 game: str) -> None:
    """A (the owner) is killed right after Ala's third move is acknowledged, in the middle
    of the first deal: another process takes the table over from the op log within a few
    seconds, Ala (on B) and Ola (on C) go on where they were, a spectator cut off with A
    reconnects to B; every acknowledged move is in the finished op log once, at its place.
    At a table of each game (issue 24.10)."""
    a, b, c = start_three(pg_url, redis_url, tmp_path / "serve.log", servers)
    bots: list[str | None] = [None, None, *["random"] * (SEATS[game] - 2)]
    table, ala = new_table(a, bots, deals=2, game=game)
    ola = join(b, table, 1, "Ola")
    watcher = Client(table, [a.port, b.port], None, None)
    players = [Client(table, [b.port], ala, 0, random.Random(3)),
               Client(table, [c.port], ola, 1, random.Random(4))]

    def kill() -> None:
        a.kill()
        now = time.monotonic()
        for p in players:
            p.killed_at = now

    players[0].kill_after = 3
    players[0].on_kill = kill
    play([*players, watcher])
    assert a.proc.poll() is not None, "the owner was not killed"
    status, ops = stored(pg_url, table)
    assert status == "finished"
    assert [q for q, _ in ops] == list(range(len(ops)))
    log = [op for _, op in ops]
    kept = [(length, op) for p in players for length, op in p.acked]
    assert len(kept) >= 4
    for length, op in kept:
        assert log[length - 1] == op, f"{op!r} acknowledged at op {length}: {log}"
    assert len(set(kept)) == len(kept)  # each acknowledged once
    assert watcher.reconnects >= 1
    # the spectator's last view is the stored end, whatever it missed while cut off
    assert watcher.states[-1]["seq"] == len(ops)
    took = [p.after_kill for p in players]
    print(f"taken over after {took} s; {len(ops)} ops; acked {len(kept)}")
    assert all(t is not None and t < 5 for t in took), took  # issue 13's goal: 3 s


@pytest.mark.parametrize(("db", "hub", "said"), [
    ("sqlite", "redis://127.0.0.1:{port}/0", "one PostgreSQL database"),
    ("postgresql://nobody@127.0.0.1:1/x", "redis://127.0.0.1:{port}/0",
     "Redis does not answer"),
    ("sqlite", "http://127.0.0.1:{port}/", "a redis://HOST:PORT/N URL"),
])
def test_serve_refuses_a_hub_that_cannot_work(tmp_path: Path, db: str, hub: str,
                                               said: str) -> None:
    """A SQLite database (the processes share one PostgreSQL op log), no Redis at the
    address, or no Redis URL: one line, exit 1, nothing served."""
    import socket

    from typer.testing import CliRunner

    from stolik.cli import app as cli_app

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # nothing listens there
    with socket.socket() as web:
        web.bind(("127.0.0.1", 0))
        web_port = web.getsockname()[1]
    url = hub.format(port=port)
    database = str(tmp_path / "s.db") if db == "sqlite" else db
    result = CliRunner().invoke(cli_app, ["serve", "--db", database, "--hub", url,
                                          "--port", str(web_port)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert said in result.output
