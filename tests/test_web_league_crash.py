"""Crash test: the real server (``stolik serve``, a subprocess on 127.0.0.1) is killed with
SIGKILL while deals are being entered over HTTP; restarted on the same SQLite file, every
deal whose entry got its success response is there exactly once, in order, nothing is
half-written (each deal has its audit line), and the tables score.

Bounded in time (about 10 s); every subprocess is killed in the end."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from conftest import StolikServer
from stolik.db import open_database
from stolik.tournament import store
from stolik.web.league.views import live_data

REPO = Path(__file__).resolve().parents[1]
STOLIK = str(Path(sys.executable).parent / "stolik")
SLUG = "crash"
PASSWORD = "haslo-sedziego"
TABLES = (1, 2)
KILL_AFTER = 12
"""Successful entries (both tables together) before the kill."""


def _line(table: int, i: int) -> dict[str, str]:
    """Deal ``i`` of a table: a gran with its declarer and card points varying."""
    return {"contract": "gran", "declarer": str((i + table) % 4), "level": "0",
            "points": str(20 + (i * 13 + table * 7) % 65)}


def _client(base: str) -> tuple[httpx.Client, str]:
    """A logged-in HTTP client and its CSRF token."""
    c = httpx.Client(base_url=base, timeout=5, trust_env=False)
    page = c.get("/t/login")
    pre = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert pre
    resp = c.post("/t/login", data={"name": "ref", "password": PASSWORD,
                                    "csrf": pre.group(1), "next": "/t/admin/"})
    assert resp.status_code == 303, resp.text
    m = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/t/{SLUG}/admin/").text)
    assert m
    return c, m.group(1)


def test_kill_9_loses_no_acknowledged_deal(tmp_path: Path,
                                          servers: list[StolikServer]) -> None:
    """Two tables enter deals concurrently; the server is SIGKILLed mid-sequence."""
    dbfile = tmp_path / "crash.db"
    added = subprocess.run([STOLIK, "referee", "add", "ref", "--db", str(dbfile),
                            "--password-stdin"], input=PASSWORD + "\n", text=True,
                           capture_output=True, timeout=30, cwd=REPO)
    assert added.returncode == 0, added.stderr
    db = open_database(f"sqlite:///{dbfile}", migrate=True)
    store.create_tournament(db, SLUG, name="Crash", ruleset="pucka-2019", who="ref",
                            rounds=1, deals=64)
    for i in range(1, 9):
        store.add_player(db, SLUG, f"p{i}", f"P {i}", who="ref")
    store.seat_round(db, SLUG, who="ref")
    store.start_round(db, SLUG, 1, who="ref")
    db.dispose()

    log = tmp_path / "serve.log"
    server = StolikServer(str(dbfile), log, timeout=20)
    servers.append(server)
    acked: dict[int, int] = dict.fromkeys(TABLES, 0)
    errors: dict[int, str] = {}
    lock = threading.Lock()
    total = threading.Semaphore(0)

    def enter(table: int) -> None:
        c, csrf = _client(server.base)
        url = f"/t/{SLUG}/admin/round/1/table/{table}/deal"
        try:
            for i in range(200):
                resp = c.post(url, data={"csrf": csrf, **_line(table, i)})
                if resp.status_code != 303:
                    errors[table] = f"deal {i + 1}: HTTP {resp.status_code}"
                    return
                with lock:
                    acked[table] = i + 1
                total.release()
        except httpx.HTTPError as e:  # the server is gone
            errors[table] = f"{type(e).__name__}"
        finally:
            c.close()

    workers = [threading.Thread(target=enter, args=(t,), daemon=True) for t in TABLES]
    for w in workers:
        w.start()
    for _ in range(KILL_AFTER):
        assert total.acquire(timeout=20), "entries too slow"
    time.sleep(random.uniform(0, 0.05))  # somewhere inside the next requests
    with lock:
        at_kill = dict(acked)
    server.kill()  # SIGKILL while both tables have a request in flight
    for w in workers:
        w.join(timeout=10)
        assert not w.is_alive()
    assert all(not e.startswith("deal") for e in errors.values()), errors
    assert sum(at_kill.values()) >= KILL_AFTER

    again = StolikServer(str(dbfile), log, timeout=20)
    servers.append(again)
    db = open_database(f"sqlite:///{dbfile}")
    try:
        enters = [a for a in store.audit_log(db, SLUG) if a.action == "enter"]
        stored_total = 0
        for table in TABLES:
            deals = store.deals_of(db, SLUG, 1, table)
            stored_total += len(deals)
            # Acknowledged ⇒ stored; at most the one request in flight more.
            assert acked[table] <= len(deals) <= acked[table] + 1, (table, acked, len(deals))
            assert [d.number for d in deals] == list(range(1, len(deals) + 1))
            for i, d in enumerate(deals):
                want: dict[str, Any] = {k: int(v) for k, v in _line(table, i).items()
                                        if k not in ("contract", "level")}
                assert dict(d.data) == {"contract": "gran", **want}, (table, i)
        assert len(enters) == stored_total  # each deal with its audit line, no more
        data = live_data(db, SLUG)
        assert [tb["deals"] for tb in data["tables"]] == [
            len(store.deals_of(db, SLUG, 1, t)) for t in TABLES]
        assert all(sum(tb["totals"]) == 0 for tb in data["tables"])
        store.result_of(db, SLUG)  # the tournament scores
        # The restarted server serves the same and takes the next deal.
        c, csrf = _client(again.base)
        try:
            live = c.get(f"/t/{SLUG}/live.json").json()
            assert [tb["deals"] for tb in live["tables"]] == [tb["deals"]
                                                              for tb in data["tables"]]
            n = live["tables"][0]["deals"]
            resp = c.post(f"/t/{SLUG}/admin/round/1/table/1/deal",
                          data={"csrf": csrf, **_line(1, n)})
            assert resp.status_code == 303
        finally:
            c.close()
        assert len(store.deals_of(db, SLUG, 1, 1)) == n + 1
    finally:
        db.dispose()
