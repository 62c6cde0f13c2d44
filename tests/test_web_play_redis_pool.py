"""A RedisHub's connections to Redis under a burst (issue 13): commands wait for one of
``POOL_SIZE`` connections instead of failing, owner look-ups run ``LOOKUPS`` at a time,
and the lease renewals have a connection of their own. (With redis-py's default pool, 900
clients of other processes' tables at once ran out of connections in
``benchmarks/bench_web_play_redis.py``: look-ups and renewals failed with
``MaxConnectionsError``, leases lapsed and tables bounced between processes.) Needs
``STOLIK_TEST_REDIS`` (skipped without it).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from stolik.db import open_database
from stolik.web.play import redis_hub
from stolik.web.play.game import GAMES
from stolik.web.play.redis_base import lease_key
from stolik.web.play.redis_hub import RedisHub
from stolik.web.play.store import PlayStore
from test_web_play_redis import redis_url  # noqa: F401  (the fixture)
from test_web_play_redis_lobby import in_own_loop

REDIS_DB = 6
"""This file's Redis database (others' tests may empty theirs meanwhile)."""


def test_a_burst_of_lookups_waits_for_connections(tmp_path: Path, redis_url: str,  # noqa: F811
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """200 owner look-ups at once through a pool of 3 connections all succeed (each waits
    its turn), while the lease renewal goes through its own connection meanwhile."""
    monkeypatch.setattr(redis_hub, "POOL_SIZE", 3)
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> None:
        hub = RedisHub(store, redis_url, bot_delay=60.0, tick=60.0)
        await hub.start()
        try:
            assert hub.redis is not None and hub._leases is not None
            assert hub._leases.connection_pool is not hub.redis.connection_pool
            holders = await asyncio.gather(*(hub._take(f"burst-{i}") for i in range(200)))
            assert set(holders) == {hub.proc}
            # the pool is still full of waiters while the renewal answers at once
            many = [asyncio.ensure_future(hub._take(f"more-{i}")) for i in range(200)]
            await asyncio.wait_for(hub._beat(sweep=False), timeout=5)
            assert set(await asyncio.gather(*many)) == {hub.proc}
        finally:
            await hub.stop()

    in_own_loop(main)


def test_a_table_whose_lease_lapsed_while_it_loaded_is_not_played(
        tmp_path: Path, redis_url: str) -> None:  # noqa: F811
    """A take-over whose load from the op log outlasts the lease (a burst of take-overs
    queued for the worker threads) takes the lease again before playing: when another
    live process took the table meanwhile, the loaded copy is dropped — not played beside
    the new owner's (H47's 900-table run logged 1,171 leases lost so)."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> None:
        a = RedisHub(store, redis_url, bot_delay=60.0, tick=60.0, lease_ms=300)
        b = RedisHub(store, redis_url, bot_delay=60.0, tick=60.0)
        await a.start()
        await b.start()
        try:
            assert a.redis is not None
            config = GAMES.get("baska").check_config({"deals": 2})
            table_id = a.create_table("baska", config, [None, "random", "random", "random"],
                                      private=False, creator=None, seat=None)
            a.tables.pop(table_id)
            await a.redis.delete(lease_key(table_id))
            load = a._from_store

            def slow(table_id: str, *args: Any) -> Any:
                time.sleep(0.8)  # the lease (0.3 s) lapses meanwhile
                return load(table_id, *args)

            a._from_store = slow  # type: ignore[method-assign,assignment]
            claiming = asyncio.ensure_future(a._claim(table_id))
            await asyncio.sleep(0.5)
            assert await b._take(table_id) == b.proc  # A's lease lapsed: B takes it
            assert await asyncio.wait_for(claiming, timeout=10) is False
            assert table_id not in a.tables
            assert await a.redis.get(lease_key(table_id)) == b.proc.encode()
        finally:
            await a.stop()
            await b.stop()

    in_own_loop(main)
