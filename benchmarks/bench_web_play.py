"""Benchmark: many tables played over WebSockets against one ``stolik serve`` process.

Starts the server (``stolik serve`` — uvicorn — in a subprocess, on 127.0.0.1 only, a
fresh SQLite database, bots without delay), creates ``--tables`` tables — a scripted
client in seat 0 and three heuristic bots — and plays them all at once from this process:
the client plays its first legal card or call, after ``--think`` seconds (uniform between
0 and twice that; 0 = at once), and says it is ready for each next deal. Every client
connects before any plays, and the tables start at random moments within ``--ramp``
seconds (not all in the same millisecond); it reports the latency from sending a move to receiving
its echo (the state message acknowledging it): p50, p99, max, and how many tables and
moves. The echo comes only once the move is committed (group commit,
:mod:`stolik.web.play.store`), so the figure includes the database's commit — SQLite in WAL
mode with ``synchronous=FULL`` by default, or the database of ``--db`` (a fresh one: a
PostgreSQL URL, say). Bounded: ``--deals`` per table and at most ``--seconds``; then it
stops the server. The deals are the server's own (a table with a person's seat takes no
seed). The 300 clients share this one Python process: its garbage collector is held off
while they play (one full collection paused every client at once for 0.16 s, and each
move in flight was charged with it — a pause no browser of a real player shares).
``--runs N`` repeats the whole measurement N times (a fresh server and database each) and
prints the medians of the runs' p50, p99 and moves per second: on a shared computer one
run's p99 varies by tens of milliseconds. Run: ``.venv/bin/python
benchmarks/bench_web_play.py --tables 300 --deals 4 --runs 5``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

NO_LIMITS = ("--tables-per-client", "0", "--tables-per-minute", "0",
             "--connections-per-client", "0", "--connect-rate", "0",
             "--messages-per-client", "0", "--idle-minutes", "0")
"""Every table comes from this one address: ``stolik serve``'s limits per client are off."""


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, the answer as JSON."""
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        out: dict[str, Any] = json.loads(resp.read())
        return out


@dataclass
class Client:
    """One table's scripted player."""

    table: str
    token: str
    latencies: list[float] = field(default_factory=list)
    stamps: list[float] = field(default_factory=list)
    done: bool = False
    errors: int = 0


@dataclass
class Barrier:
    """Every client connects before any plays (the connection storm is not timed)."""

    expected: int
    connected: int = 0
    go: asyncio.Event = field(default_factory=asyncio.Event)

    async def arrive(self) -> None:
        """One more client is connected; wait for the others."""
        self.connected += 1
        if self.connected >= self.expected:
            self.go.set()
        await self.go.wait()


async def run_client(base: str, client: Client, think: float, ramp: float,
                     rng: random.Random, deadline: float, barrier: Barrier) -> None:
    """Play the table's series (or until the deadline), timing each move's echo."""
    from websockets.asyncio.client import connect

    async with connect(f"ws://{base}/play/ws/{client.table}",
                       additional_headers={"Cookie": f"stolik_player={client.token}"},
                       max_size=None, compression=None, open_timeout=60) as ws:
        await barrier.arrive()
        await asyncio.sleep(rng.uniform(0, ramp))  # tables start within the ramp
        ident = 0
        sent: dict[int, float] = {}
        ready_sent = -1
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                return
            msg = json.loads(raw)
            ack = msg.get("ack")
            if ack in sent:
                now = time.perf_counter()
                client.latencies.append(now - sent.pop(ack))
                client.stamps.append(now)
            if msg["type"] == "error":
                client.errors += 1
                continue
            if msg["type"] != "state":
                continue
            if msg["over"]:
                client.done = True
                return
            deal = msg["deal"]
            if deal["to_act"] == 0 and deal["legal"] and not sent:
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                ident += 1
                sent[ident] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": deal["legal"][0]["move"],
                                          "id": ident}))
            elif msg["waiting_next"] and 0 not in msg["ready"] and ready_sent != msg["seq"]:
                ready_sent = msg["seq"]
                await ws.send(json.dumps({"type": "next"}))


async def play_all(base: str, clients: list[Client], think: float, ramp: float,
                   seconds: float) -> float:
    """Run every client at once; the wall time from the moment all are connected."""
    deadline = time.monotonic() + seconds
    rng = random.Random(1)
    barrier = Barrier(len(clients))
    tasks = [asyncio.create_task(run_client(base, c, think, ramp, random.Random(rng.random()),
                                            deadline, barrier)) for c in clients]
    await barrier.go.wait()
    gc.collect()
    gc.freeze()  # what exists now is never scanned again …
    gc.disable()  # … and nothing is collected while the clients play (bounded: --seconds)
    start = time.perf_counter()
    try:
        await asyncio.gather(*tasks)
    finally:
        gc.enable()
        gc.unfreeze()
    return time.perf_counter() - start


@dataclass(frozen=True)
class Figures:
    """One run's result."""

    p50: float
    p99: float
    rate: float


def measure(args: argparse.Namespace) -> Figures | None:
    """Start the server, play, print the run's figures, stop (None: nothing echoed)."""
    port = free_port()
    base = f"127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
        server = subprocess.Popen([sys.executable, "-m", "stolik", "serve", "--db", url,
                                   "--host", "127.0.0.1", "--port", str(port),
                                   "--bot-delay", "0", *NO_LIMITS], stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(f"http://{base}/healthz", timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                print("the server did not start")
                return None
            t0 = time.perf_counter()
            clients = []
            for i in range(args.tables):
                made = post(f"http://{base}/play/api/tables", {
                    "name": f"bench {i}", "deals": args.deals,
                    "bots": [None, "heuristic", "heuristic", "heuristic"]})
                clients.append(Client(made["id"], made["token"]))
            setup = time.perf_counter() - t0
            wall = asyncio.run(play_all(base, clients, args.think, args.ramp, args.seconds))
        finally:
            server.terminate()
            server.wait(10)
    if args.detail:
        t0 = min(s for c in clients for s in c.stamps)
        pairs = sorted((s - t0, x * 1000) for c in clients
                       for s, x in zip(c.stamps, c.latencies, strict=True))
        print("second  moves  p50 ms  p99 ms")
        for sec in range(int(pairs[-1][0]) + 1):
            w = sorted(x for s, x in pairs if sec <= s < sec + 1)
            if w:
                print(f"{sec:6d} {len(w):6d} {w[len(w) // 2]:7.1f} "
                      f"{w[min(len(w) - 1, int(0.99 * len(w)))]:7.1f}")
    lat = sorted(x * 1000 for c in clients for x in c.latencies)
    if not lat:
        print("no move was echoed")
        return None
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    done = sum(c.done for c in clients)
    print(f"database {url.split(':')[0]}; "
          f"tables {args.tables} (seat 0 a client, 3 heuristic bots, bot delay 0), "
          f"{args.deals} deals each, think {args.think:g} s, ramp {args.ramp:g} s; "
          f"created in {setup:.1f} s")
    print(f"series finished {done}/{args.tables} in {wall:.1f} s; moves echoed {len(lat)} "
          f"({len(lat) / wall:.0f}/s); errors {sum(c.errors for c in clients)}")
    print(f"move → echo latency: p50 {statistics.median(lat):.1f} ms, p99 {p99:.1f} ms, "
          f"max {lat[-1]:.1f} ms", flush=True)
    return Figures(statistics.median(lat), p99, len(lat) / wall)


def main(argv: list[str]) -> int:
    """Measure ``--runs`` times; with more than one run, print the medians."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=300)
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds the client waits before its move (0: none)")
    ap.add_argument("--ramp", type=float, default=1.0,
                    help="each table starts at a random moment within this many seconds")
    ap.add_argument("--seconds", type=float, default=120.0, help="stop after this long")
    ap.add_argument("--detail", action="store_true", help="p50/p99 second by second")
    ap.add_argument("--db", default=None,
                    help="an empty database's URL (default: a fresh SQLite file)")
    ap.add_argument("--runs", type=int, default=1,
                    help="measure this many times (a fresh server each); print the medians")
    args, _ = ap.parse_known_args(argv)
    runs: list[Figures] = []
    for _ in range(max(1, args.runs)):
        got = measure(args)
        if got is None:
            return 1
        runs.append(got)
    if len(runs) > 1:
        def med(values: list[float]) -> float:
            return statistics.median(values)
        print(f"medians of {len(runs)} runs: p50 {med([r.p50 for r in runs]):.1f} ms, "
              f"p99 {med([r.p99 for r in runs]):.1f} ms, "
              f"{med([r.rate for r in runs]):.0f} moves/s "
              f"(p99 of each run: {', '.join(f'{r.p99:.1f}' for r in runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
