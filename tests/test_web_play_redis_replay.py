"""A table brought back from its op log is replayed off the event loop (issue 13): a
process taking over another's table (:class:`~stolik.web.play.redis_hub.RedisHub`), or
reloading one whose write was refused (:class:`~stolik.web.play.hub.LocalHub`), replays
it in a worker thread, so a long series does not stall every other table of the process.

The replay is made slow on purpose (a second more than it takes): the event loop, timed
by a task that sleeps 10 ms at a time, must never be held half that long. The routes ask
the hub for a table with ``lookup``: a RedisHub reads another process's table from the
store and replays it in a worker thread; a LocalHub, whose tables are all in memory,
answers on the loop (no needless thread hop). The takeover test needs ``STOLIK_TEST_REDIS`` (skipped
without it); the others need nothing.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play.game import GAMES
from stolik.web.play.hub import LocalHub
from stolik.web.play.redis_hub import RedisHub
from stolik.web.play.store import PlayStore, TableInfo
from stolik.web.play.table import Table
from test_web_play_redis import redis_url  # noqa: F401  (the fixture)

REDIS_DB = 4
"""This file's Redis database (others' tests may empty theirs meanwhile)."""

SLOW_S = 1.0
"""What the patched replay adds (blocking the thread it runs on)."""


def slow_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every replay a second slower; the ids of the threads they ran on."""
    threads: list[int] = []
    replay = Table.replay

    def slow(self: Table, ops: list[str]) -> None:
        threads.append(threading.get_ident())
        replay(self, ops)
        time.sleep(SLOW_S)

    monkeypatch.setattr(Table, "replay", slow)
    return threads


async def longest_stall(work: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    """Run ``work`` while a task sleeps 10 ms at a time: the longest the loop kept that
    task waiting beyond its sleep, and what ``work`` returned."""
    worst = 0.0
    done = False

    async def pulse() -> None:
        nonlocal worst
        while not done:
            start = time.monotonic()
            await asyncio.sleep(0.01)
            worst = max(worst, time.monotonic() - start - 0.01)

    task = asyncio.create_task(pulse())
    await asyncio.sleep(0.02)
    try:
        result = await asyncio.wait_for(work(), timeout=30)
    finally:
        done = True
        await asyncio.wait_for(task, timeout=5)
    return worst, result


def in_own_loop(main: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``main`` in a thread of its own (an xdist worker may already run a loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result(timeout=60)


def bots_table(hub: LocalHub) -> str:
    config = GAMES.get("baska").check_config({"deals": 50})
    return hub.create_table("baska", config, ["random"] * 4, private=False, creator=None,
                            seat=None)


def test_a_takeover_replays_off_the_loop(tmp_path: Path, redis_url: str,  # noqa: F811
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The first process plays a table of bots a while and stops (its lease given up);
    the second takes the table over when it starts — replayed in another thread than its
    loop's, the loop never held for half the replay's time, the op log whole."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> tuple[float, int, list[str], list[str]]:
        first = RedisHub(store, redis_url, bot_delay=0.0, tick=0.05)
        await first.start()
        table_id = bots_table(first)
        deadline = time.monotonic() + 20
        while len(first.tables[table_id].ops) < 10 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await first.stop()
        played = store.unfinished(table_id)[0][1]
        threads = slow_replays(monkeypatch)
        second = RedisHub(store, redis_url, bot_delay=60.0, tick=0.05)
        try:
            stall, _ = await longest_stall(second.start)
            assert threads and table_id in second.tables
            return stall, threads[0], played, second.tables[table_id].ops[:len(played)]
        finally:
            await second.stop()

    loop_thread: list[int] = []

    def run() -> tuple[float, int, list[str], list[str]]:
        loop_thread.append(threading.get_ident())
        return asyncio.run(main())

    with ThreadPoolExecutor(1) as pool:
        stall, replayed_on, played, resumed = pool.submit(run).result(timeout=60)
    assert len(played) >= 10 and resumed == played
    assert replayed_on != loop_thread[0]
    assert stall < SLOW_S / 2, f"the loop was held {stall:.2f} s"


def test_a_reload_replays_off_the_loop(tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose write was refused is reloaded from the store in a worker thread, its
    clients kept, while the loop goes on."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> tuple[float, bool, list[int], int]:
        hub = LocalHub(store, bot_delay=60.0)
        table_id = bots_table(hub)
        old = hub.tables.pop(table_id)
        threads = slow_replays(monkeypatch)
        stall, _ = await longest_stall(lambda: hub._reload(old))
        again = hub.tables.get(table_id)
        await hub.stop()
        return stall, again is not None and again is not old, threads, threading.get_ident()

    stall, reloaded, threads, loop_thread = in_own_loop(main)
    assert reloaded and threads and threads[0] != loop_thread
    assert stall < SLOW_S / 2, f"the loop was held {stall:.2f} s"


def test_the_routes_look_a_table_up_through_the_hub(tmp_path: Path) -> None:
    """The WebSocket asks the hub for the table's seats
    (:meth:`~stolik.web.play.hub.LocalHub.in_play`), the table page and its record for
    the table (:meth:`~stolik.web.play.hub.LocalHub.lookup`) — never :meth:`table` on
    the loop — and a LocalHub answers on the loop itself: every table is in memory, no
    worker thread."""
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True),
                     bot_delay=60.0)
    with TestClient(app) as c:
        made = c.post("/play/api/tables", json={"name": "Ala", "deals": 2,
                                                "bots": [None, "random", "random", "random"]})
        table_id = made.json()["id"]
        hub = app.state.play_hub
        lookup, in_play, asked = hub.lookup, hub.in_play, []

        async def looked_up(wanted: str) -> Table | None:
            asked.append(("lookup", threading.get_ident()))
            return await lookup(wanted)  # type: ignore[no-any-return]

        async def seats(wanted: str) -> TableInfo | None:
            asked.append(("in_play", threading.get_ident()))
            return await in_play(wanted)  # type: ignore[no-any-return]

        def table(wanted: str) -> Table | None:
            raise AssertionError("hub.table called by a route")

        hub.lookup, hub.in_play, hub.table = looked_up, seats, table
        with c.websocket_connect(f"/play/ws/{table_id}") as ws:
            hello = ws.receive_json()
            assert hello["type"] == "hello" and hello["seat"] == 0  # the creator's seat
        assert c.get(f"/play/t/{table_id}").status_code == 200
        c.get(f"/play/t/{table_id}/record.toml")
        assert [what for what, _ in asked] == ["in_play", "lookup", "lookup"]
        assert len({thread for _, thread in asked}) == 1  # the loop's: no worker thread


def test_a_redis_hub_reads_another_process_table_off_the_loop(tmp_path: Path) -> None:
    """:meth:`RedisHub.lookup` gives a table of its own at once, and reads and replays
    one it does not hold (another process's) in a worker thread, the loop going on."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> tuple[float, bool, list[int], int]:
        owner = LocalHub(store, bot_delay=60.0)
        table_id = bots_table(owner)
        await owner.stop()
        hub = RedisHub(store, "redis://127.0.0.1:1/0")  # not started: no Redis needed
        threads = slow_replays_of(hub)
        stall, copy = await longest_stall(lambda: hub.lookup(table_id))
        info = await hub.in_play(table_id)  # its seats: read, not replayed
        replays = len(threads)
        assert isinstance(copy, Table) and info is not None
        same_seats = info.seats == copy.info.seats
        hub.tables[table_id] = copy
        again = await hub.lookup(table_id)  # now its own: no read
        ok = again is copy and same_seats and replays == 1
        return stall, ok, threads, threading.get_ident()

    stall, same, threads, loop_thread = in_own_loop(main)
    assert same and len(threads) == 1 and threads[0] != loop_thread
    assert stall < SLOW_S / 2, f"the loop was held {stall:.2f} s"


def slow_replays_of(hub: RedisHub) -> list[int]:
    """Make the hub's reads from the store a second slower; the threads they ran on."""
    threads: list[int] = []
    read = hub._from_store

    def slow(table_id: str, persist: Any = None) -> Table | None:
        threads.append(threading.get_ident())
        time.sleep(SLOW_S)
        return read(table_id, persist)

    hub._from_store = slow  # type: ignore[method-assign]
    return threads


def test_a_stopped_hub_starts_no_bot_scheduler(tmp_path: Path) -> None:
    """A write committed while the hub stops (its flush) kicks its table: a bot scheduler
    started then would never run before its loop ends ("coroutine 'BotScheduler.run' was
    never awaited", seen in the three-process test). Stopped, the hub starts none; its
    next start plays on."""
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))

    async def main() -> tuple[bool, int, int]:
        hub = LocalHub(store, bot_delay=0.0)
        table = hub.tables[bots_table(hub)]
        await hub.stop()
        hub._kick(table)  # the late commit's kick
        stopped_clean = hub._task is None and hub._scheduler is None
        before = len(table.ops)
        await hub.start()
        deadline = time.monotonic() + 10
        while len(table.ops) <= before and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await hub.stop()
        return stopped_clean, before, len(table.ops)

    stopped_clean, before, after = in_own_loop(main)
    assert stopped_clean
    assert after > before  # started again, the bots move
