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
goal (900 tables, p99 ≤ 50 ms) needs a pace: ``--think T`` (each client waits uniform 0
to 2T before a move; its three bots move at once, so a table makes about four moves in
T seconds). It prints a line with the machine's cores first, each part's figures with
the servers' CPU (all processes, user + system) per client move, and at the end the
figures side by side. ``--server-log FILE`` keeps the servers' logs (lost leases,
takeovers). Run: ``.venv/bin/python benchmarks/bench_web_play_redis.py --tables 900
--think 5 --ramp 10 --takeover 300``. On the loaded 2-core machine (Nov 27, two
idle-priority jobs besides), before 6d56de3: one process p50/p99 4.7/35.1 and 3.8/24.4
ms, three through Redis 15.4/94.5 and 10.2/70.1 ms (server CPU 3.84 | 8.31 and 4.66 |
9.23 ms a client move); after it: 4.1/23.2 | 8.5/48.5, 5.2/36.1 | 9.5/56.5 and 4.2/31.8
| 7.2/40.4 ms (3.96 | 7.50, 4.27 | 7.53 and 5.19 | 8.53 ms); takeover of 300 tables max
2.97 and 2.98 s before, 2.98-3.38 s after (median 1.8 s before, 1.2-2.5 s after).
The take-over's first load then imported the bots' solvers (1.4 s, every other load of
the burst waiting behind it); with the warm-up at start (``game.warm_up``), two runs on the
quiet machine: take-over median 1.31 and 1.27 s, max 2.08 and 1.97 s (before it, 3.06,
2.97 and 3.13 s), p99 through Redis 35.6 and 29.4 ms (one process 28.4 and 23.3 ms).
Earlier, before dcb433a, the three processes collapsed in some runs (p99 over 5 s,
hundreds of errors): redis-py's default pool ran out of connections in a burst of owner
look-ups, leases lapsed and tables went back and forth between the processes (thousands
of "lost the lease" in ``--server-log``).

``--profile DIR`` samples the servers of parts 1 and 2 (every 2 ms of their CPU, the
Python stack of the event loop's thread) into ``DIR/one-0.json``, ``DIR/three1-0.json``
...: counts of samples by function, its own and with what it called — where the CPU of a
move goes, one process against three (:mod:`cProfile` slowed the servers so much that
their leases lapsed and the run was another one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from dataclasses import dataclass

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


def _own_session_dying_with_us() -> None:
    """In the child before ``exec``: a session of its own (:meth:`Servers.kill` kills its
    group), killed when this benchmark dies (Linux ``PR_SET_PDEATHSIG``): a benchmark
    stopped by a timeout left three servers playing for 48 minutes."""
    import ctypes

    os.setsid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


PROFILED = """import collections, json, runpy, signal, sys
out = sys.argv.pop(1)
sys.argv[0] = "stolik"
own, within = collections.Counter(), collections.Counter()

def sample(signum, frame):
    seen = set()
    leaf = True
    while frame is not None:
        code = frame.f_code
        where = code.co_filename.rsplit("site-packages/", 1)[-1].rsplit("src/", 1)[-1]
        key = f"{where}:{code.co_firstlineno}({code.co_name})"
        if leaf:
            own[key] += 1
            leaf = False
        if key not in seen:
            seen.add(key)
            within[key] += 1
        frame = frame.f_back

signal.signal(signal.SIGPROF, sample)
signal.setitimer(signal.ITIMER_PROF, 0.002, 0.002)
try:
    runpy.run_module("stolik", run_name="__main__", alter_sys=True)
finally:
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    with open(out, "w") as f:
        json.dump({"own": own, "within": within}, f)
"""
"""A server sampled every 2 ms of its CPU time (``ITIMER_PROF``: every thread's), each
sample the Python stack of its main thread — the event loop; the database writer's
thread shows as the loop's wait — as counts of samples by function: its own and with
what it called. Light (unlike :mod:`cProfile`, which slowed the servers so much that
their leases lapsed)."""


def _profiled(prefix: str | None, i: int) -> list[str]:
    """The interpreter's arguments that run server ``i`` sampled (:data:`PROFILED`), its
    samples written to ``PREFIX-i.json`` when it stops (none: ``prefix`` None)."""
    return ["-c", PROFILED, f"{prefix}-{i}.json"] if prefix else []


class Servers:
    """``stolik serve`` processes over one database (``hub``: sharing through Redis)."""

    def __init__(self, db: str, count: int, hub: str | None, log: str | None = None,
                 profile: str | None = None) -> None:
        self.ports = [free_port() for _ in range(count)]
        self.profiled = profile is not None
        """The samples are written as the KeyboardInterrupt ends the server (uvicorn
        re-raises the signal it stopped on: a SIGTERM would kill it first)."""
        extra = ["--hub", hub] if hub else []
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (the servers')
        self.procs = [subprocess.Popen(
            [sys.executable, *(_profiled(profile, i) or ["-m", "stolik"]), "serve", "--db", db,
             "--host", "127.0.0.1", "--port", str(port), "--bot-delay", "0", *NO_LIMITS,
             *extra],
            stderr=out, preexec_fn=_own_session_dying_with_us)
            for i, port in enumerate(self.ports)]
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

    def cpu(self) -> float:
        """CPU seconds (user + system) the live servers have used so far."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for p in self.procs:
            try:
                with open(f"/proc/{p.pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:  # not Linux, or gone
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def kill(self, i: int) -> None:
        """SIGKILL the i-th server."""
        os.killpg(self.procs[i].pid, signal.SIGKILL)
        self.procs[i].wait(10)

    def stop(self) -> None:
        """Stop them all."""
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGINT if self.profiled else signal.SIGTERM)
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


@dataclass(frozen=True)
class Figures:
    """One configuration's result."""

    label: str
    p50: float
    p99: float
    rate: float
    """Client moves echoed a second."""
    cpu_ms: float
    """Server CPU (all processes, user + system) per client move echoed, ms."""


def figures(label: str, clients: list[Client], wall: float, cpu: float,
            mine: float) -> Figures:
    """Print and return the figures (latencies in ms; ``cpu``: the servers' CPU seconds
    while the clients played, ``mine``: this process's, the clients')."""
    lat = sorted(x * 1000 for c in clients for x in c.latencies)
    if not lat:
        print(f"{label}: no move was echoed")
        return Figures(label, float("nan"), float("nan"), 0.0, float("nan"))
    p50 = statistics.median(lat)
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    done = sum(c.done for c in clients)
    print(f"{label}: series finished {done}/{len(clients)} in {wall:.1f} s; "
          f"moves {len(lat)} ({len(lat) / wall:.0f}/s); errors "
          f"{sum(c.errors for c in clients)}; move → echo p50 {p50:.1f} ms, "
          f"p99 {p99:.1f} ms, max {lat[-1]:.1f} ms; server CPU {cpu:.1f} s "
          f"({1000 * cpu / len(lat):.2f} ms a client move, its trick's bot moves included)"
          f"; the clients' CPU {mine:.1f} s", flush=True)
    return Figures(label, p50, p99, len(lat) / wall, 1000 * cpu / len(lat))


def _prefix(directory: str | None, part: str) -> str | None:
    """Where a part's servers write their profiles (``--profile DIR``)."""
    return os.path.join(directory, part) if directory else None


def one_process(args: argparse.Namespace) -> Figures:
    """Part 1."""
    with fresh_database(args.pg) as db:
        servers = Servers(db, 1, None, args.server_log, _prefix(args.profile, "one"))
        try:
            clients = [c for _, c in make_tables(servers, args.tables, args.deals)]
            cpu0, mine0 = servers.cpu(), time.process_time()
            wall = asyncio.run(play_all(servers.base(0), clients, args.think, args.ramp,
                                        args.seconds))
            cpu, mine = servers.cpu() - cpu0, time.process_time() - mine0
        finally:
            servers.stop()
    return figures("one process (LocalHub)", clients, wall, cpu, mine)


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


def three_processes(args: argparse.Namespace, shift: int = 1) -> Figures:
    """Part 2 (``shift`` 0: each client at its table's owner, no message through Redis)."""
    with fresh_database(args.pg) as db:
        servers = Servers(db, 3, args.redis, args.server_log,
                          _prefix(args.profile, f"three{shift}"))
        try:
            made = make_tables(servers, args.tables, args.deals)
            cpu0, mine0 = servers.cpu(), time.process_time()
            wall = asyncio.run(_play_across(servers, made, args.think, args.ramp,
                                            args.seconds, shift))
            cpu, mine = servers.cpu() - cpu0, time.process_time() - mine0
        finally:
            servers.stop()
    label = ("three processes (RedisHub), every move through Redis" if shift else
             "three processes (RedisHub), each client at its table's owner")
    return figures(label, [c for _, c in made], wall, cpu, mine)


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
        servers = Servers(db, 3, args.redis, args.server_log)
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
    ap.add_argument("--server-log", default=None,
                    help="append the servers' logs to this file (default: dropped)")
    ap.add_argument("--profile", default=None, metavar="DIR",
                    help="sample the servers of parts 1 and 2 (their CPU by function), "
                    "written to DIR/one-0.json, DIR/three1-0.json, ...")
    ap.add_argument("--at-owner", action="store_true",
                    help="also three processes with each client at its table's owner")
    args = ap.parse_args(argv)
    if not args.pg or not args.redis:
        print("needs --pg and --redis (or STOLIK_TEST_PG and STOLIK_TEST_REDIS)")
        return 2
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the "
          f"start (the servers, PostgreSQL, Redis and these clients share them); "
          f"{args.tables} tables, each a scripted client at seat 0 (thinks uniform 0 to "
          f"{2 * args.think:g} s before each move) and three heuristic bots (bot delay 0), "
          f"{args.deals} deal(s), at most {args.seconds:g} s", flush=True)
    runs = [one_process(args), three_processes(args)]
    if args.at_owner:
        runs.append(three_processes(args, shift=0))
    took = takeover(args) if args.takeover else []
    single, shared = runs[0], runs[1]
    print(f"\n{'':60} {'p50 ms':>7} {'p99 ms':>7} {'moves/s':>8} {'CPU ms/move':>12}")
    for r in runs:
        print(f"{r.label:60} {r.p50:7.1f} {r.p99:7.1f} {r.rate:8.0f} {r.cpu_ms:12.2f}")
    print(f"p99 three processes through Redis / one process: {shared.p99 / single.p99:.2f}× "
          f"({shared.p99:.1f} ms vs {single.p99:.1f} ms; goal ≤ 50 ms: "
          f"{'met' if shared.p99 <= 50 else 'NOT met'})")
    if args.at_owner:
        local = runs[2]
        print(f"p50 / p99 through Redis / at the owner: {shared.p50 / local.p50:.2f}× / "
              f"{shared.p99 / local.p99:.2f}× (what the two Redis hops of a move cost)")
    if took:
        print(f"takeover of a killed process's {len(took)} tables: median "
              f"{statistics.median(took):.2f} s, max {took[-1]:.2f} s (goal ≤ 3 s: "
              f"{'met' if took[-1] <= 3 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
