"""The server-side speed measures of browser play keep what they promise: the end of a
series is written on the play writer's own connection (no ORM) with the same values the
ORM writes, in order with the moves around it — on SQLite and PostgreSQL; and ``stolik
serve`` tunes the garbage collector once the server has started (``benchmarks/
bench_web_play.py``: the p99 of a move's echo at 300 tables)."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app
from stolik.web.play.store import PlayStore, SeatInfo, TableInfo, Writer


def _table(table_id: str) -> TableInfo:
    return TableInfo(table_id, "baska", {"deals": 1}, False,
                     tuple(SeatInfo(s, "random", None, f"r{s}") for s in range(4)))


def _in_a_loop(make: Any) -> Any:
    """Run a coroutine on an event loop of its own thread (a test earlier in the run may
    leave a loop in the main thread)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, make()).result()


def test_the_end_of_a_series_is_written_without_the_orm(db: Database,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    store = PlayStore(db)
    try:
        for t in ("t1", "t2"):
            store.create_table(_table(t))
        direct: list[int] = []
        orm: list[int] = []
        write = Writer._write

        def spy(s: Any, jobs: list[Any]) -> None:
            (orm if hasattr(s, "connection") else direct).append(len(jobs))
            write(s, jobs)
        monkeypatch.setattr(Writer, "_write", staticmethod(spy))

        async def play() -> None:
            futures = [store.append_op("t1", 0, "m 1 pass"),
                       store.finish_table("t1", (30, -10, -10, -10), "[record]"),
                       store.append_op("t2", 0, "m 1 pass"),
                       store.finish_table("t2", (0, 0, 0, 0), None, status="expired")]
            await asyncio.gather(*(f for f in futures if f is not None))
        _in_a_loop(play)
        assert direct and not orm  # every batch on the writer's own connection
        t1, t2 = store.table("t1"), store.table("t2")
        assert t1 is not None and t2 is not None
        assert (t1.status, t1.totals, store.record("t1")) == ("finished", (30, -10, -10, -10),
                                                             "[record]")
        assert (t2.status, t2.totals, store.record("t2")) == ("expired", (0, 0, 0, 0), None)
        assert store.unfinished() == []
        with db.read() as s:
            from stolik.web.play.orm import TableRow
            row = s.get(TableRow, "t1")
            assert row is not None and row.finished_at is not None
            assert row.finished_at >= row.created_at  # read back as a time, not text
    finally:
        store.close()


def test_a_batch_with_an_orm_only_job_still_commits_in_order(db: Database) -> None:
    store = PlayStore(db)
    try:
        store.create_table(_table("t3"))

        async def play() -> None:
            futures = [store.append_op("t3", 0, "m 1 pass"),
                       store.set_config("t3", {"deals": 1, "hints": True}),
                       store.append_op("t3", 1, "m 2 pass"),
                       store.finish_table("t3", (1, 2, 3, -6), "[r]")]
            await asyncio.gather(*(f for f in futures if f is not None))
        _in_a_loop(play)
        t3 = store.table("t3")
        assert t3 is not None and t3.status == "finished" and t3.config["hints"] is True
        assert t3.totals == (1, 2, 3, -6)
    finally:
        store.close()


def test_serve_tunes_the_garbage_collector_once_started(db: Database) -> None:
    threshold = gc.get_threshold()
    gc.unfreeze()
    try:
        with TestClient(create_app(db, bot_delay=0)) as client:  # a test app: untouched
            assert client.get("/healthz").status_code == 200
            assert gc.get_freeze_count() == 0 and gc.get_threshold() == threshold
        with TestClient(create_app(db, bot_delay=0, tune_gc=True)) as client:
            assert client.get("/healthz").status_code == 200
            assert gc.get_freeze_count() > 0  # what exists at start is never scanned again
            from stolik.web.play.routes import GC_THRESHOLD
            assert all(now >= least for now, least in zip(gc.get_threshold(), GC_THRESHOLD,
                                                          strict=True))
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_stolik_serve_asks_for_the_tuning(tmp_path: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from stolik.cli import serving
    from stolik.cli.serve import serve_command

    apps: list[Any] = []
    monkeypatch.setattr(serving, "run", lambda app, **kw: apps.append(app))
    serve_command(db=f"sqlite:///{tmp_path}/s.db", port=0, warm_up=False)
    assert apps and apps[0].state.settings.get("tune_gc") is True
