"""A server that may take tables over (``--hub``) imports every game's table kind and bots
before it starts (:func:`stolik.web.play.game.warm_up`, issue 13): a killed process's
tables were all held up behind the first load's imports of the bots' solvers (1.4 s of a
2.9 s take-over in ``bench_web_play_redis``). Checked in a fresh interpreter: after the
warm-up, a new table of each game with bots of every kind its lobby offers imports nothing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from stolik.db import open_database
from stolik.web.play import redis_hub
from stolik.web.play.redis_hub import RedisHub
from stolik.web.play.store import PlayStore
from test_web_play_redis import redis_url  # noqa: F401  (the fixture)

REDIS_DB = 9
"""This file's Redis database (others' tests may empty theirs meanwhile)."""

PROBE = """
import sys
from stolik.web.play.game import GAMES, SeatSpec, warm_up
warm_up()
before = set(sys.modules)
for name in GAMES.names():
    kind = GAMES.get(name)
    cfg = kind.check_config({"deals": 1})
    for bot in kind.options()["bots"]:
        for seats in (3, 4):
            try:
                kind.new_match(cfg, [SeatSpec(bot=None, name="a")]
                               + [SeatSpec(bot=bot, name=bot)] * (seats - 1), lambda p: None)
            except ValueError:  # the other seat count: refused before any bot is made
                pass
print(sorted(set(sys.modules) - before))
"""


def test_after_the_warm_up_a_new_table_imports_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_a_redis_hub_warms_up_before_it_is_live(tmp_path: Path, redis_url: str,  # noqa: F811
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """RedisHub.start warms up in a worker thread, before it connects (so before it is
    live and may be given tables)."""
    calls: list[tuple[int, bool]] = []
    hub = RedisHub(PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)),
                   redis_url, tick=0.05)
    monkeypatch.setattr(redis_hub, "warm_up",
                        lambda: calls.append((threading.get_ident(), hub.redis is None)))

    async def main() -> int:
        await hub.start()
        await hub.stop()
        return threading.get_ident()

    # asyncio.run in a thread of its own: another test of the worker may have left a loop
    # running in this one (as the other Redis tests do it)
    with ThreadPoolExecutor(1) as pool:
        loop_thread = pool.submit(asyncio.run, main()).result(timeout=60)
    assert len(calls) == 1
    thread, before_redis = calls[0]
    assert thread != loop_thread and before_redis
