"""Benchmark (issue 13): web tables over several ``stolik serve --hub`` processes, next to
one process, in the same run; then the time to take over a killed process's tables.

Needs a PostgreSQL server (``--pg``, default ``$STOLIK_TEST_PG``; a fresh database is made
for each part and dropped after) and a Redis (``--redis``, default ``$STOLIK_TEST_REDIS``;
``.ci/run`` starts both). Three parts:

1. **one process** (LocalHub) over PostgreSQL: ``--tables`` tables, a scripted client at
   seat 0 and three heuristic bots each, played as :mod:`bench_web_play` plays them; the
   move-to-echo latency (p50, p99).
2. **three processes** sharing Redis: the same tables made round robin on the three, each
   table's client connected to the *next* process — so each move goes to the owner
   through Redis and its echo comes back the same way; the same figures.
   With ``--at-owner``, the same again with each client at its table's owner (leases
   and ticks as before, but no message through Redis): what the two hops cost.
3. **takeover**: ``--takeover`` tables made on process A, their clients connected at B and
   idle; A is killed (SIGKILL): the time until each client has its state from the new
   owner (median and max).

With ``--think 0`` (the default) every client moves the moment it may: all tables play
as fast as the servers go, and the latency is the queue of a saturated machine; issue 13's
goal (900 tables, p99 ≤ 50 ms) needs a pace: ``--think`` (90 tables, ``--think 0.5``,
loaded 2-core machine: p99 48.9 ms through Redis, 25.3 ms one process).
Run: ``.venv/bin/python benchmarks/bench_web_play_redis.py --tables 90 --deals 1``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

from bench_web_play import NO_LIMITS, Client, free_port, play_all, post


@contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """An empty PostgreSQL database on ``server``, dropped afterwards."""
    import psycopg
    from psycopg import sql

    from stolik.db import resolve_url

    admin = server.replace("postgresql+psycopg://", "postgresql://")
    name = f"stolik_bench_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield resolve_url(admin.rsplit("/", 1)[0] + "/" + name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                         .format(sql.Identifier(name)))


class Servers:
    """``stolik serve`` processes over one database (``hub``: sharing through Redis)."""

    def __init__(self, db: str, count: int, hub: str | None) -> None:
        self.ports = [free_port() for _ in range(count)]
        extra = ["--hub", hub] if hub else []
        self.procs = [subprocess.Popen(
            [sys.executable, "-m", "stolik", "serve", "--db", db, "--host", "127.0.0.1",
             "--port", str(port), "--bot-delay", "0", *NO_LIMITS, *extra],
            stderr=subprocess.DEVNULL, start_new_session=True) for port in self.ports]
        for port in self.ports:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz",
                                                timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                self.stop()
                raise SystemExit(f"the server on port {port} did not start")

    def base(self, i: int) -> str:
        """The i-th server's host:port (round robin)."""
        return f"127.0.0.1:{self.ports[i % len(self.ports)]}"

    def kill(self, i: int) -> None:
        """SIGKILL the i-th server."""
        os.killpg(self.procs[i].pid, signal.SIGKILL)
        self.procs[i].wait(10)

    def stop(self) -> None:
        """Stop them all."""
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            p.wait(10)


def make_tables(servers: Servers, n: int, deals: int) -> list[tuple[int, Client]]:
    """``n`` tables made round robin: (the index of the server that made it, its client)."""
    out = []
    for i in range(n):
        made = post(f"http://{servers.base(i)}/play/api/tables", {
            "name": f"bench {i}", "deals": deals,
            "bots": [None, "heuristic", "heuristic", "heuristic"]})
        out.append((i % len(servers.ports), Client(made["id"], made["token"])))
    return out


def figures(label: str, clients: list[Client], wall: float) -> tuple[float, float]:
    """Print and return (p50, p99) in ms."""
    lat = sorted(x * 1000 for c in clients for x in c.latencies)
    if not lat:
        print(f"{label}: no move was echoed")
        return float("nan"), float("nan")
    p50 = statistics.median(lat)
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    done = sum(c.done for c in clients)
    print(f"{label}: series finished {done}/{len(clients)} in {wall:.1f} s; "
          f"moves {len(lat)} ({len(lat) / wall:.0f}/s); errors "
          f"{sum(c.errors for c in clients)}; move → echo p50 {p50:.1f} ms, "
          f"p99 {p99:.1f} ms, max {lat[-1]:.1f} ms", flush=True)
    return p50, p99


def one_process(args: argparse.Namespace) -> tuple[float, float]:
    """Part 1."""
    with fresh_database(args.pg) as db:
        servers = Servers(db, 1, None)
        try:
            clients = [c for _, c in make_tables(servers, args.tables, args.deals)]
            wall = asyncio.run(play_all(servers.base(0), clients, args.think, args.ramp,
                                        args.seconds))
        finally:
            servers.stop()
    return figures("one process (LocalHub)", clients, wall)


async def _play_across(servers: Servers, made: list[tuple[int, Client]], think: float,
                       ramp: float, seconds: float, shift: int = 1) -> float:
    """Each client plays at the server ``shift`` after its table's owner (0: the owner)."""
    by_server: dict[int, list[Client]] = {}
    for owner, client in made:
        by_server.setdefault((owner + shift) % len(servers.ports), []).append(client)
    start = time.perf_counter()
    await asyncio.gather(*(play_all(servers.base(i), cs, think, ramp, seconds)
                           for i, cs in by_server.items()))
    return time.perf_counter() - start


def three_processes(args: argparse.Namespace, shift: int = 1) -> tuple[float, float]:
    """Part 2 (``shift`` 0: each client at its table's owner, no message through Redis)."""
    with fresh_database(args.pg) as db:
        servers = Servers(db, 3, args.redis)
        try:
            made = make_tables(servers, args.tables, args.deals)
            wall = asyncio.run(_play_across(servers, made, args.think, args.ramp,
                                            args.seconds, shift))
        finally:
            servers.stop()
    label = ("every move through Redis" if shift else
             "each client at its table's owner: no message through Redis")
    return figures(f"three processes (RedisHub, {label})", [c for _, c in made], wall)


async def _await_new_owner(base: str, client: Client, connected: asyncio.Event,
                           killed: list[float], took: list[float]) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"ws://{base}/play/ws/{client.table}",
                       additional_headers={"Cookie": f"stolik_player={client.token}"},
                       open_timeout=60) as ws:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
            event = msg.get("event") or {}
            if msg["type"] == "state" and event.get("kind") == "connect" \
                    and event.get("seat") == 0:
                if killed:
                    took.append(time.monotonic() - killed[0])
                    return
                connected.set()


def takeover(args: argparse.Namespace) -> list[float]:
    """Part 3: seconds from the kill to each client's state from a new owner."""
    with fresh_database(args.pg) as db:
        servers = Servers(db, 3, args.redis)
        try:
            made = []
            for i in range(args.takeover):  # all owned by A
                m = post(f"http://{servers.base(0)}/play/api/tables", {
                    "name": f"wait {i}", "bots": [None, None, "heuristic", "heuristic"]})
                made.append(Client(m["id"], m["token"]))
            took: list[float] = []

            async def run() -> None:
                killed: list[float] = []
                events = [asyncio.Event() for _ in made]
                tasks = [asyncio.create_task(_await_new_owner(servers.base(1), c, e,
                                                              killed, took))
                         for c, e in zip(made, events, strict=True)]
                await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), 60)
                await asyncio.sleep(1.0)  # every lease renewed at least once
                servers.kill(0)
                killed.append(time.monotonic())
                await asyncio.wait_for(asyncio.gather(*tasks), 60)
            asyncio.run(run())
        finally:
            servers.stop()
    took.sort()
    print(f"takeover: {len(took)} tables of the killed process, their clients elsewhere "
          f"had their state from the new owner after median {statistics.median(took):.2f} s"
          f", max {took[-1]:.2f} s", flush=True)
    return took


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pg", default=os.environ.get("STOLIK_TEST_PG"),
                    help="a PostgreSQL server URL (default $STOLIK_TEST_PG)")
    ap.add_argument("--redis", default=os.environ.get("STOLIK_TEST_REDIS"),
                    help="a Redis URL (default $STOLIK_TEST_REDIS)")
    ap.add_argument("--tables", type=int, default=90)
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--ramp", type=float, default=1.0)
    ap.add_argument("--think", type=float, default=0.0,
                    help="seconds the client thinks before a move (uniform 0 to twice it; "
                    "0: at once - every table as fast as the servers go, a saturation test)")
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--takeover", type=int, default=30, help="tables of the killed process")
    ap.add_argument("--at-owner", action="store_true",
                    help="also three processes with each client at its table's owner")
    args = ap.parse_args(argv)
    if not args.pg or not args.redis:
        print("needs --pg and --redis (or STOLIK_TEST_PG and STOLIK_TEST_REDIS)")
        return 2
    single = one_process(args)
    shared = three_processes(args)
    print(f"p99 three processes / one process: {shared[1] / single[1]:.2f}× "
          f"({shared[1]:.1f} ms vs {single[1]:.1f} ms; goal ≤ 50 ms)")
    if args.at_owner:
        local = three_processes(args, shift=0)
        print(f"p50 / p99 through Redis / at the owner: {shared[0] / local[0]:.2f}× / "
              f"{shared[1] / local[1]:.2f}× (what the two Redis hops of a move cost)")
    if args.takeover:
        takeover(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
