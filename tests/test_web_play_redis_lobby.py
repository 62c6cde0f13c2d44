"""The shared lobby of several ``stolik serve --hub`` processes (issue 13): each process
writes its public tables' entries into Redis only when they change (and all of them every
``LOBBY_REFRESH_S``, should Redis have lost them), signed with its id; another process
lists an entry while its writer holds the table's lease, and a process takes out only the
entries it wrote. Needs ``STOLIK_TEST_REDIS`` (skipped without it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import orjson
import pytest

from stolik.db import open_database
from stolik.web.play import redis_lobby
from stolik.web.play.game import GAMES
from stolik.web.play.redis_base import LOBBY_KEY, dumps, lease_key
from stolik.web.play.redis_hub import RedisHub
from stolik.web.play.store import PlayStore
from stolik.web.play.table import Table, summary
from test_web_play_redis import redis_url  # noqa: F401  (the fixture)

REDIS_DB = 5
"""This file's Redis database (others' tests may empty theirs meanwhile)."""

PERSON: list[str | None] = [None, "random", "random", "random"]


def in_own_loop(main: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``main`` in a thread of its own (an xdist worker may already run a loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result(timeout=60)


async def started(store: PlayStore, url: str) -> RedisHub:
    """A hub whose tick waits a minute after its first (the test beats the lobby)."""
    hub = RedisHub(store, url, bot_delay=60.0, tick=60.0)
    await hub.start()
    await asyncio.sleep(0.5)  # the first tick is done
    return hub


def new_table(hub: RedisHub) -> str:
    config = GAMES.get("baska").check_config({"deals": 2})
    return hub.create_table("baska", config, PERSON, private=False, creator=None,
                            seat=None)


async def write(hub: RedisHub, refresh: bool = False) -> None:
    """The hub's tick's lobby step."""
    assert hub.redis is not None
    await hub.lobby.write(hub.redis, hub.tables, refresh)


def test_entries_are_written_when_they_change(tmp_path: Path, redis_url: str,  # noqa: F811
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry deleted behind the process's back stays deleted while its table does not
    change (nothing is written, and its summary is not made again); a refresh writes it
    again; a seat taken writes the new entry; a stop takes the process's entries out."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))
    made: list[str] = []

    def counted(table: Table) -> dict[str, Any]:
        made.append(table.id)
        return summary(table)

    monkeypatch.setattr(redis_lobby, "summary", counted)

    async def main() -> None:
        hub = await started(store, redis_url)
        try:
            assert hub.redis is not None
            r = hub.redis
            table_id = new_table(hub)
            await write(hub)
            assert await r.hexists(LOBBY_KEY, table_id)
            await r.hdel(LOBBY_KEY, table_id)
            for _ in range(3):
                await write(hub)
            assert not await r.hexists(LOBBY_KEY, table_id)
            await write(hub, refresh=True)
            assert await r.hexists(LOBBY_KEY, table_id)
            assert made == [table_id]  # the table has not changed since
            await r.hdel(LOBBY_KEY, table_id)
            player, _ = store.new_player("Ala")
            hub.join(table_id, 0, player)
            await write(hub)
            entry = orjson.loads(await r.hget(LOBBY_KEY, table_id) or b"null")
            assert entry["o"] == hub.proc and entry["seats"][0]["open"] is False
            assert made == [table_id, table_id]
        finally:
            await hub.stop()
        import redis

        client = redis.Redis.from_url(redis_url, socket_timeout=5)
        assert not client.hexists(LOBBY_KEY, table_id)
        client.close()

    in_own_loop(main)


def test_another_process_lists_what_its_writer_holds(tmp_path: Path,
                                                     redis_url: str) -> None:  # noqa: F811
    """B lists A's public table while A holds its lease, not once the lease is gone (a
    dead owner); an entry a new owner wrote is not taken out by the old one."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> None:
        a, b = await started(store, redis_url), await started(store, redis_url)
        try:
            assert a.redis is not None
            table_id = new_table(a)
            await write(a)
            assert table_id in [t["id"] for t in b.open_tables()]
            assert "o" not in b.open_tables()[0]
            await a.redis.delete(lease_key(table_id))  # A died: its lease lapsed
            assert table_id not in [t["id"] for t in b.open_tables()]
            # B took the table over and listed it; A, which lost it, must not unlist it
            raw = orjson.loads(await a.redis.hget(LOBBY_KEY, table_id) or b"null")
            await a.redis.hset(LOBBY_KEY, table_id, dumps({**raw, "o": b.proc}))
            await a.redis.set(lease_key(table_id), b.proc)
            a.tables.pop(table_id)
            await write(a)
            assert table_id in [t["id"] for t in a.open_tables()]
        finally:
            await a.stop()
            await b.stop()

    in_own_loop(main)
