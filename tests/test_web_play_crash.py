"""Crash test of browser play at a table of each game — Baśka, Mariáš and Betel (issue
24.10): the real server (``stolik serve``, a subprocess on 127.0.0.1, bots without delay)
is killed with SIGKILL right after the acknowledgement of a move; restarted over the same
database (SQLite file, and PostgreSQL with ``STOLIK_TEST_PG``), the resumed table holds
every acknowledged move at its place in the op log, and every move echoed to the player
before the kill — the bots' included.

``STOLIK_PLAY_KILLS`` kills per game and backend: CI's bounded sample is 3; a long hostile
run (``make fuzz``, which sets ``STOLIK_FUZZ_EXAMPLES`` past 100) makes 15 — each kill is
one more server start, a few seconds on 2 cores."""

from __future__ import annotations

import json
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.sync.client import connect

from conftest import StolikServer
from stolik.db import open_database
from stolik.web.play.orm import OpRow

REPO = Path(__file__).resolve().parents[1]
STOLIK = str(Path(sys.executable).parent / "stolik")
LONG_RUN = int(os.environ.get("STOLIK_FUZZ_EXAMPLES") or "0") > 100
"""``make fuzz``: the long hostile campaign (issue 24.10)."""
KILLS = int(os.environ.get("STOLIK_PLAY_KILLS") or (15 if LONG_RUN else 3))
SEATS = {"baska": 4, "marias": 4, "betel": 3}
"""The games a web table is set for, and their seats (a person at 0, random bots)."""

Msg = dict[str, Any]


@dataclass
class Seen:
    """What the player saw of one table before a kill."""

    table: str
    acked: list[tuple[int, str]] = field(default_factory=list)
    """(op-log length after it, op) of each acknowledged move."""
    echoed: int = 0
    """The longest op log a state message showed (every move echoed, bots' too)."""


def _new_table(server: StolikServer, game: str) -> tuple[str, str]:
    bots = [None, *["random"] * (SEATS[game] - 1)]
    resp = httpx.post(f"{server.base}/play/api/tables", trust_env=False, timeout=10, json={
        "game": game, "name": "Ala", "deals": 8, "bots": bots})
    assert resp.status_code == 200, resp.text
    data = resp.json()
    return str(data["id"]), str(data["token"])


def _play_until_kill(server: StolikServer, table: str, token: str, moves: int,
                     rng: random.Random) -> tuple[Seen, bool]:
    """Play ``moves`` moves at seat 0 (saying ready for each next deal) and SIGKILL the
    server the moment the last one is acknowledged; what was seen, and whether the series
    ended first (no kill then)."""
    seen = Seen(table)
    with connect(f"ws://127.0.0.1:{server.port}/play/ws/{table}",
                 additional_headers={"Cookie": f"stolik_player={token}"},
                 open_timeout=10) as ws:
        ident = 0
        pending: dict[int, str] = {}
        made = 0
        ready_at = -1
        while True:
            m: Msg = json.loads(ws.recv(timeout=20))
            if m["type"] == "error":
                raise AssertionError(f"the server refused: {m}")
            if m["type"] != "state":
                continue
            seen.echoed = max(seen.echoed, m["seq"])
            ack = m.get("ack")
            if ack in pending:
                seen.acked.append((m["seq"], f"m 0 {pending.pop(ack)}"))
                if made >= moves:
                    server.kill()  # at once: the ack is all the client knows
                    return seen, False
            if m["over"]:
                return seen, True
            deal = m["deal"]
            if deal["to_act"] == 0 and deal["legal"] and not pending:
                move = _pick(deal, rng)
                ident += 1
                made += 1
                pending[ident] = move
                ws.send(json.dumps({"type": "move", "move": move, "id": ident}))
            elif m["waiting_next"] and 0 not in m["ready"] and ready_at != m["seq"]:
                ready_at = m["seq"]
                ws.send(json.dumps({"type": "next"}))


def _pick(deal: Msg, rng: random.Random) -> str:
    """A random legal move of the seat's state, as the page sends it: a card, a call, or
    a pick of cards from the hand (Betel's lay-back of two, BETEL §3)."""
    item: Msg = rng.choice(deal["legal"])
    pick = item.get("pick")
    if pick:
        return f"{item['move']} " + " ".join(rng.sample(deal["hand"], int(pick)))
    return str(item["move"])


def _resumed_length(server: StolikServer, table: str, token: str, game: str) -> int:
    """The op-log length of ``table`` as the restarted server shows it to its player."""
    with connect(f"ws://127.0.0.1:{server.port}/play/ws/{table}",
                 additional_headers={"Cookie": f"stolik_player={token}"},
                 open_timeout=10) as ws:
        while True:
            m: Msg = json.loads(ws.recv(timeout=20))
            assert m["type"] != "error", m
            if m["type"] == "state":
                assert m["game"] == game, m["game"]  # the game's own table, resumed
                return int(m["seq"])


@pytest.mark.parametrize("game", list(SEATS))
def test_kill_9_after_an_ack_loses_no_move(db_url: str, tmp_path: Path, game: str,
                                           servers: list[StolikServer]) -> None:
    """Kill after kill, at a table of ``game``, every acknowledged move is in the op log at
    its place, and the restarted server's table is at least as far as anything the player
    was shown."""
    open_database(db_url, migrate=True).dispose()
    log = tmp_path / "serve.log"
    rng = random.Random(int(os.environ.get("STOLIK_PLAY_KILL_SEED", "0")) or None)
    server = StolikServer(db_url, log, "--bot-delay", "0")
    servers.append(server)
    table, token = _new_table(server, game)
    lost: list[str] = []
    behind: list[str] = []
    acked = kills = 0
    while kills < KILLS:
        seen, over = _play_until_kill(server, table, token, rng.randint(1, 3), rng)
        if over:  # the series ended before the kill: a new table, same server
            table, token = _new_table(server, game)
            continue
        kills += 1
        server = StolikServer(db_url, log, "--bot-delay", "0")
        servers.append(server)
        db = open_database(db_url)
        try:
            with db.read() as s:
                ops = list(s.scalars(select(OpRow.op).where(OpRow.table_id == table)
                                     .order_by(OpRow.seq)))
        finally:
            db.dispose()
        for length, op in seen.acked:
            acked += 1
            if len(ops) < length or ops[length - 1] != op:
                lost.append(f"kill {kills}: {op!r} acknowledged at op {length}, "
                            f"the stored log has {len(ops)}")
        shown = _resumed_length(server, table, token, game)
        if shown < seen.echoed:
            behind.append(f"kill {kills}: {seen.echoed} ops echoed, {shown} resumed")
    assert not lost, f"{len(lost)} of {acked} acknowledged moves lost: {lost}"
    assert not behind, f"{len(behind)} of {kills} kills lost echoed moves: {behind}"
