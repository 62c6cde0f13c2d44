"""The bot scheduler (:mod:`stolik.web.play.scheduler`): a table whose bot is due but was
never queued (a lost wake-up) is found by the idle sweep and moves, instead of stalling."""

from __future__ import annotations

import asyncio
import itertools
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play.scheduler import BotScheduler


def test_the_sweep_runs_when_the_scheduler_is_idle() -> None:
    swept: list[float] = []

    async def main() -> None:
        s = BotScheduler(lambda key: None, sweep=lambda: swept.append(time.monotonic()),
                         sweep_s=0.05)
        task = asyncio.create_task(s.run())
        await asyncio.sleep(0.3)
        s.stop()
        await asyncio.wait_for(task, 5)

    start = time.monotonic()
    with ThreadPoolExecutor(1) as pool:  # a thread, so an event loop of its own
        pool.submit(asyncio.run, main()).result(timeout=30)
    elapsed = time.monotonic() - start
    assert len(swept) >= 2  # idle, it sweeps ...
    assert all(b - a >= 0.045 for a, b in itertools.pairwise(swept))  # ... once per sweep_s
    assert len(swept) <= elapsed / 0.05 + 1


def test_a_table_whose_wake_up_was_lost_moves_on(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    app = create_app(db, bot_delay=0, client_seeds=True)
    body = {"name": "Ala", "deals": 1, "seed": 7, "bots": [None, "random", "random", "random"]}
    with TestClient(app) as c:
        hub = app.state.play_hub
        assert c.post("/play/api/tables", json=body).status_code == 200  # starts the scheduler
        kick = hub._kick
        hub._kick = lambda table: None  # the new table's wake-up is lost
        r = c.post("/play/api/tables", json=body)
        assert r.status_code == 200, r.text
        table = hub.table(r.json()["id"])
        assert table.match.to_act() != 0  # a bot is to call, and nobody queued it
        hub._kick = kick
        deadline = time.monotonic() + 10
        while table.match.to_act() != 0 and time.monotonic() < deadline:
            c.get("/healthz")  # lets the server's loop run
            time.sleep(0.05)
        assert table.match.to_act() == 0, "the bots never moved"
