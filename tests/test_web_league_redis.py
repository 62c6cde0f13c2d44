"""The tournament pages on several ``stolik serve --hub`` processes (issue 13): three real
servers on loopback ports over one PostgreSQL database (``STOLIK_TEST_PG``) and one Redis
(``STOLIK_TEST_REDIS``); skipped when either is unset.

- A referee's login made on one process holds on the others (the login is a database
  row; the CSRF token an HMAC of it), so a result entered on A and the round clock
  started on B and extended on C show on every process's live page at its next poll —
  the live JSON is read from the database, its per-process cache checked against the
  audit log at every poll.
- The login throttle counts failures across the processes (Redis): five wrong passwords
  for one account from one address spread over three processes stop the sixth try, on
  any of them, as on one process; a good login forgets that account's failures on all.
- :class:`~stolik.web.league.redis_login.RedisLoginGuard` answers as the in-memory
  :class:`~stolik.web.league.auth.LoginGuard` does, and falls back to it when Redis is
  gone.
- The live page's cache sees a write that commits after a later one (PostgreSQL ids are
  not commit order: two processes' referees writing at once).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from sqlalchemy import Insert, insert, select

from conftest import PG_ENV, StolikServer, _fresh_postgres_database
from stolik.db import Database, open_database
from stolik.db.base import utcnow
from stolik.tournament import store
from stolik.tournament.orm import AuditRow, TournamentRow
from stolik.web.league import auth
from stolik.web.league.auth import LoginGuard, LoginLimits
from stolik.web.league.redis_login import RedisLoginGuard
from stolik.web.league.views import live_data, version_of
from test_web_play_redis import REDIS_ENV, start_three

SLUG = "hub-1"
PASSWORD = "haslo-sedziego"
T1 = f"/t/{SLUG}/admin/round/1/table/1"
GRAN = {"contract": "gran", "declarer": "1", "level": "0", "points": "70"}
pytestmark = pytest.mark.postgres


def _env(name: str) -> str:
    url = os.environ.get(name)
    if not url:
        pytest.skip(f"{name} is not set (.ci/run starts the server)")
    return url


def _empty_redis(url: str) -> str:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    client.flushdb()
    client.close()
    return url


@dataclass
class Site:
    """Three processes over one database, with two referees and a tournament of 8
    players (round 1 drawn: 2 tables)."""

    db: Database
    servers: list[StolikServer]
    redis_url: str


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Started once for this module's tests (each start of three costs seconds)."""
    redis_url = _empty_redis(_env(REDIS_ENV))
    for pg_url in _fresh_postgres_database(_env(PG_ENV)):
        db = open_database(pg_url, migrate=True)
        auth.add_referee(db, "ala", PASSWORD)
        auth.add_referee(db, "bob", PASSWORD)
        store.create_tournament(db, SLUG, name="Turniej", ruleset="pucka-2019", who="ala",
                                rounds=2, deals=8, seed=0)
        for i in range(1, 9):
            store.add_player(db, SLUG, f"p{i}", f"Gracz {i}", who="ala")
        store.seat_round(db, SLUG, who="ala")
        servers: list[StolikServer] = []
        try:
            start_three(pg_url, redis_url, tmp_path_factory.mktemp("site") / "serve.log",
                        servers)
            yield Site(db, servers, redis_url)
        finally:
            for s in servers:
                s.kill()
            db.dispose()


def browser(server: StolikServer, cookies: httpx.Cookies | None = None) -> httpx.Client:
    return httpx.Client(base_url=server.base, trust_env=False, timeout=10,
                        cookies=cookies, follow_redirects=False)


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def try_login(c: httpx.Client, name: str, password: str) -> httpx.Response:
    """One login attempt through the form (its double-submit cookie first)."""
    csrf = csrf_of(c.get("/t/login").text)
    return c.post("/t/login", data={"name": name, "password": password, "csrf": csrf,
                                    "next": "/t/admin/"})


def live(server: StolikServer) -> dict[str, object]:
    resp = httpx.get(f"{server.base}/t/{SLUG}/live.json", trust_env=False, timeout=10)
    assert resp.status_code == 200, resp.text
    data: dict[str, object] = resp.json()
    return data


def clock(server: StolikServer) -> dict[str, object]:
    c = live(server)["clock"]
    assert isinstance(c, dict)
    return c


def first_table(server: StolikServer) -> dict[str, object]:
    tables = live(server)["tables"]
    assert isinstance(tables, list)
    return dict(tables[0])


def test_live_page_and_clock_across_processes(site: Site) -> None:
    """Logged in on A, the referee's cookie works on B and C; the clock started on B and
    a deal entered on A show on C's live JSON at once, the clock extended on C shows on A,
    and every process counts the same time down."""
    a, b, c = site.servers
    with browser(a) as on_a:
        assert try_login(on_a, "ala", PASSWORD).status_code == 303
        session = on_a.cookies
    assert clock(c)["phase"] == "not started" and first_table(c)["deals"] == 0
    with browser(b, session) as on_b:  # A's login, B's pages
        csrf = csrf_of(on_b.get(f"/t/{SLUG}/admin/").text)
        started = on_b.post(f"/t/{SLUG}/admin/round/1/start", data={"csrf": csrf})
        assert started.status_code == 303, started.text
    seen = [clock(s) for s in (a, b, c)]
    assert {str(x["phase"]) for x in seen} == {"playing"}
    assert {x["started_at"] for x in seen} == {seen[0]["started_at"]}
    left = [float(str(x["remaining"])) for x in seen]
    assert max(left) - min(left) <= 2 and 0 < left[0] <= 40 * 60
    with browser(a, session) as on_a:
        entered = on_a.post(T1 + "/deal", data={"csrf": csrf, **GRAN})
        assert entered.status_code == 303, entered.text
    table = first_table(c)  # C had this tournament's live data cached from before
    assert table["deals"] == 1 and table == first_table(b) == first_table(a)
    assert isinstance(table["totals"], list) and max(table["totals"]) > 0
    with browser(c, session) as on_c:
        extended = on_c.post(f"/t/{SLUG}/admin/round/1/extend",
                             data={"csrf": csrf, "minutes": "5"})
        assert extended.status_code == 303, extended.text
    after = clock(a)
    assert after["extra_minutes"] == 5
    assert float(str(after["remaining"])) >= min(left) + 5 * 60 - 5


def test_login_throttle_counts_across_processes(site: Site) -> None:
    """One address's wrong passwords for "bob" on A, B, C, A (4: each process saw at
    most 2) then his right one on B: his failures are forgotten everywhere, so four more
    are still answered; then five wrong ones for "ala" spread over the three processes
    stop the sixth try on any of them (429, Retry-After), the right password included."""
    a, b, c = site.servers
    ring = [a, b, c, a, b, c]
    clients = {s.port: browser(s) for s in site.servers}
    try:
        def attempt(server: StolikServer, name: str, password: str) -> int:
            return try_login(clients[server.port], name, password).status_code

        assert [attempt(s, "bob", f"zle-{i}") for i, s in enumerate(ring[:4])] == [400] * 4
        with browser(b) as fresh:  # another browser at the same address
            assert try_login(fresh, "bob", PASSWORD).status_code == 303
        assert [attempt(s, "bob", f"zle-{i}") for i, s in enumerate(ring[2:6])] == [400] * 4
        assert [attempt(s, "ala", f"zle-{i}") for i, s in enumerate(ring[:5])] == [400] * 5
        for s in (c, a):
            held = try_login(clients[s.port], "ala", PASSWORD)
            assert held.status_code == 429
            assert 1 <= int(held.headers["Retry-After"]) <= 300
    finally:
        for client in clients.values():
            client.close()


def test_redis_guard_answers_as_the_local_one(site: Site) -> None:
    """Two guards on one Redis (two processes) count together, with the in-memory
    guard's waits for the same failures; a good login clears the account on both; a
    guard whose Redis is gone keeps its own counts."""
    limits = LoginLimits(per_address=3, per_account_address=2, window=60, account_free=2,
                         backoff_cap=8)
    one, two = RedisLoginGuard(site.redis_url, limits), RedisLoginGuard(site.redis_url,
                                                                        limits)
    local = LoginGuard(limits)
    t0 = time.monotonic()
    one.failed("1.1.1.1", "ola")
    two.failed("1.1.1.1", "ola")
    local.failed("1.1.1.1", "ola", now=t0)
    local.failed("1.1.1.1", "ola", now=t0)
    for guard in (one, two):  # this address on "ola": the window's 60 s
        assert 58 <= guard.wait("1.1.1.1", "ola") <= local.wait("1.1.1.1", "ola", now=t0)
        assert 0 < guard.wait("2.2.2.2", "ola") <= 1.0  # elsewhere: the 1 s backoff
        assert guard.wait("2.2.2.2", "ola", known=True) == 0.0
    two.failed("1.1.1.1", "ewa")  # the address's third failure, on any name
    assert 58 <= one.wait("1.1.1.1", "kto") <= 60
    one.succeeded("3.3.3.3", "ola")
    assert two.wait("2.2.2.2", "ola") == 0.0  # the account's backoff is gone everywhere
    gone = RedisLoginGuard("redis://127.0.0.1:1/0", limits)
    for _ in range(2):
        gone.failed("9.9.9.9", "ola", now=t0)
    assert gone.wait("9.9.9.9", "ola", now=t0 + 1) == local.wait("1.1.1.1", "ola",
                                                                 now=t0 + 1)
    for guard in (one, two, gone):
        guard.redis.close()


def test_live_cache_sees_a_write_committed_out_of_order(site: Site) -> None:
    """Audit-log ids are drawn when a write starts, not when it commits: a page read
    while the earlier write is still open sees the later id; the earlier one's commit
    must still change the version the cached live data is checked against (the last id
    alone did not: the live page stayed stale until the next write)."""
    db = site.db
    with db.read() as s:
        tid = s.scalars(select(TournamentRow.id).where(TournamentRow.slug == SLUG)).one()

    def row(note: str) -> Insert:
        return insert(AuditRow).values(tournament_id=tid, at=utcnow(), who="test",
                                       action="note", what=note, before=None, after=None)

    live_data(db, SLUG)
    with db.engine.connect() as early:
        early.execute(row("early"))  # its id drawn, not committed
        with db.engine.begin() as late:
            late.execute(row("late"))
        seen = version_of(db, SLUG)
        live_data(db, SLUG)
        early.commit()
    assert version_of(db, SLUG) != seen
