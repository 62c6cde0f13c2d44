"""Benchmark: ``/healthz`` latency while one client floods ``stolik serve`` (issue 14).

Starts ``stolik serve`` (a subprocess, 127.0.0.1, a fresh SQLite database with one referee,
the server's default limits — or none with ``--unlimited``), then runs each flood for
``--seconds`` from this process (every request from the loopback, so the limits per client
apply to it), while a separate process asks ``/healthz`` every 20 ms on its own
connection. Floods:

- ``login-random``: 24 at once, logins with random names (each a scrypt unless refused);
- ``login-named``: 24 at once, wrong passwords for the referee;
- ``tables``: 24 at once, new tables of 4 bots, 64 deals (up to 200);
- ``websockets``: 400 connections from one client to one table, held;
- ``spectators``: 16 at once connect to a table, read its state, leave, again;
- ``hints``: a player at each of 8 tables with hints on asks for a hint 20 times a second.

Prints, per flood, the ``/healthz`` p50/p99/max and what the flood got (answers by
status). Run: ``.venv/bin/python benchmarks/bench_floods.py`` (``--seconds 6``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

PASSWORD = "haslo-sedziego-1"
NO_LIMITS = ("--tables-per-client", "0", "--max-tables", "0", "--bot-tables-per-client", "0",
             "--max-bot-tables", "0", "--tables-per-minute", "0",
             "--connections-per-client", "0", "--max-connections", "0", "--connect-rate",
             "0", "--hint-slots", "64", "--idle-minutes", "0", "--login-per-address", "0",
             "--hash-slots", "64")


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def probe(port: int, seconds: float, out: Any) -> None:
    """(In its own process.) GET /healthz every 20 ms for ``seconds``; send the
    latencies (s) to ``out``."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    lat: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        try:
            conn.request("GET", "/healthz")
            conn.getresponse().read()
        except OSError:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            lat.append(10.0)
            continue
        lat.append(time.perf_counter() - t0)
        time.sleep(max(0.0, 0.02 - (time.perf_counter() - t0)))
    out.send(lat)


async def _loop(seconds: float, workers: int, one: Callable[[int], Awaitable[str]],
                tally: Counter[str]) -> None:
    end = time.monotonic() + seconds

    async def worker(w: int) -> None:
        while time.monotonic() < end:
            try:
                tally[await one(w)] += 1
            except Exception as e:  # a refused or dropped request is a result too
                tally[type(e).__name__] += 1

    await asyncio.gather(*(worker(w) for w in range(workers)))


async def login_flood(base: str, seconds: float, tally: Counter[str], named: bool) -> None:
    import httpx

    clients = [httpx.AsyncClient(base_url=base, timeout=30, trust_env=False)
               for _ in range(24)]
    csrfs = []
    for c in clients:
        page = await c.get("/t/login")
        m = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert m
        csrfs.append(m.group(1))

    async def one(w: int) -> str:
        name = "ref" if named else "x" + secrets.token_hex(6)
        r = await clients[w].post("/t/login", data={
            "name": name, "password": secrets.token_hex(8), "csrf": csrfs[w]})
        return str(r.status_code)

    await _loop(seconds, 24, one, tally)
    for c in clients:
        await c.aclose()


async def tables_flood(base: str, seconds: float, tally: Counter[str]) -> None:
    import httpx

    made = 0
    async with httpx.AsyncClient(base_url=base, timeout=30, trust_env=False) as c:
        async def one(w: int) -> str:
            nonlocal made
            if made >= 200:
                await asyncio.sleep(0.05)
                return "stopped at 200"
            made += 1
            r = await c.post("/play/api/tables", json={"deals": 64, "bots": ["heuristic"] * 4})
            return str(r.status_code)

        await _loop(seconds, 24, one, tally)


async def _table(base: str, hints: bool = False) -> tuple[str, str]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=30, trust_env=False) as c:
        r = await c.post("/play/api/tables", json={
            "name": "Ala", "deals": 64, "hints": hints,
            "bots": [None, "heuristic", "heuristic", "heuristic"]})
        data = r.json()
        if "id" not in data:
            raise RuntimeError(f"no table: {data}")
        return str(data["id"]), str(data["token"])


async def websockets_flood(base: str, seconds: float, tally: Counter[str]) -> None:
    from websockets.asyncio.client import connect

    table, _ = await _table(base)
    ws_base = base.replace("http://", "ws://")
    socks = []

    async def open_one() -> None:
        try:
            ws = await connect(f"{ws_base}/play/ws/{table}", open_timeout=30)
            first = json.loads(await ws.recv())
            tally["refused" if first["type"] == "error" else "open"] += 1
            socks.append(ws)
        except Exception as e:
            tally[type(e).__name__] += 1

    await asyncio.gather(*(open_one() for _ in range(400)))

    async def drain(ws: Any) -> None:
        try:
            async for _ in ws:
                pass
        except Exception:
            return

    drains = [asyncio.create_task(drain(ws)) for ws in socks]
    await asyncio.sleep(seconds)
    for ws in socks:
        await ws.close()
    for d in drains:
        d.cancel()


async def spectators_flood(base: str, seconds: float, tally: Counter[str]) -> None:
    from websockets.asyncio.client import connect

    table, _ = await _table(base)
    ws_base = base.replace("http://", "ws://")

    async def one(w: int) -> str:
        async with connect(f"{ws_base}/play/ws/{table}", open_timeout=30) as ws:
            first = json.loads(await ws.recv())  # hello, or the refusal and a close
            if first["type"] == "error":
                return f"refused ({first['code']})"
            msg = json.loads(await ws.recv())
            return "watched" if msg["type"] == "state" else str(msg.get("code"))

    await _loop(seconds, 16, one, tally)


async def hints_flood(base: str, seconds: float, tally: Counter[str]) -> None:
    from websockets.asyncio.client import connect

    ws_base = base.replace("http://", "ws://")
    tables = []
    for _ in range(8):
        try:
            tables.append(await _table(base, hints=True))
        except RuntimeError:
            tally["no table"] += 1
    end = time.monotonic() + seconds

    async def player(table: str, token: str) -> None:
        async with connect(f"{ws_base}/play/ws/{table}", open_timeout=30,
                           additional_headers={"Cookie": f"stolik_player={token}"}) as ws:
            async def read() -> None:
                async for raw in ws:
                    m = json.loads(raw)
                    if m["type"] == "hint":
                        tally["hint"] += 1
                    elif m["type"] == "error":
                        tally[str(m["code"])] += 1

            reader = asyncio.create_task(read())
            n = 0
            while time.monotonic() < end:
                n += 1
                await ws.send(json.dumps({"type": "hint", "id": n}))
                await asyncio.sleep(0.05)
            reader.cancel()

    await asyncio.gather(*(player(t, k) for t, k in tables))


FLOODS: dict[str, Callable[[str, float, Counter[str]], Coroutine[Any, Any, None]]] = {
    "none": lambda base, s, t: asyncio.sleep(s),
    "login-random": lambda base, s, t: login_flood(base, s, t, named=False),
    "login-named": lambda base, s, t: login_flood(base, s, t, named=True),
    "tables": tables_flood,
    "websockets": websockets_flood,
    "spectators": spectators_flood,
    "hints": hints_flood,
}


def run_flood(port: int, name: str, seconds: float) -> tuple[list[float], Counter[str]]:
    """One flood with the prober running beside it."""
    recv, send = mp.Pipe(duplex=False)
    prober = mp.get_context("spawn").Process(target=probe, args=(port, seconds + 1.0, send))
    prober.start()
    tally: Counter[str] = Counter()
    time.sleep(0.5)
    asyncio.run(FLOODS[name](f"http://127.0.0.1:{port}", seconds, tally))
    lat: list[float] = recv.recv()
    prober.join(10)
    return lat, tally


def start_server(tmp: str, unlimited: bool) -> tuple[subprocess.Popen[bytes], int]:
    """``stolik serve`` over a fresh database with referee "ref"."""
    url = f"sqlite:///{os.path.join(tmp, 'floods.db')}"
    add = subprocess.run([sys.executable, "-m", "stolik", "referee", "add", "ref", "--db", url,
                          "--password-stdin"], input=PASSWORD + "\n", text=True,
                         capture_output=True)
    if add.returncode:
        raise SystemExit(f"cannot add the referee: {add.stderr.strip()}")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "stolik", "serve", "--db", url, "--host",
                               "127.0.0.1", "--port", str(port),
                               *(NO_LIMITS if unlimited else ())],
                              stderr=subprocess.DEVNULL)
    import urllib.request

    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return server, port
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


def main(argv: list[str]) -> int:
    """Each flood against its own fresh server; the table of figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="how long each flood runs")
    ap.add_argument("--unlimited", action="store_true",
                    help="turn stolik serve's limits off (to compare)")
    ap.add_argument("--only", nargs="*", choices=sorted(FLOODS), help="these floods only")
    args = ap.parse_args(argv)
    names = args.only or list(FLOODS)
    print(f"stolik serve, {'no limits' if args.unlimited else 'default limits'}; each flood "
          f"{args.seconds:g} s from 127.0.0.1; /healthz every 20 ms from another process")
    print(f"{'flood':14} {'probes':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  flood's answers")
    worst = 0.0
    for name in names:
        with tempfile.TemporaryDirectory() as tmp:
            server, port = start_server(tmp, args.unlimited)
            try:
                lat, tally = run_flood(port, name, args.seconds)
            finally:
                server.terminate()
                server.wait(20)
        ms = sorted(x * 1000 for x in lat)
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        worst = max(worst, p99)
        answers = ", ".join(f"{k} {v}" for k, v in tally.most_common())
        print(f"{name:14} {len(ms):6d} {statistics.median(ms):7.1f} {p99:7.1f} "
              f"{ms[-1]:7.1f}  {answers}", flush=True)
    print(f"worst /healthz p99: {worst:.1f} ms (goal: at most 100 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
