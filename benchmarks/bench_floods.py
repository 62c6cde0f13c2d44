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
- ``hints``: a player at each of 8 tables with hints on asks for a hint 20 times a second;
- ``messages`` (issue 24.2): 30 connections held open to one table, each sending
  ``ping`` messages as fast as it can (reading what comes back); one that is closed
  connects again at once, as often as the server's connection limits let it — a flooder
  whose new connection is refused stops (connections refused again and again are the
  ``spectators`` flood's matter);
- ``messages-retry``: the same, but a refused flooder tries again 0.5 s later, for as
  long as the flood runs — the message flood and a connection flood at once;
- ``many``: 60 connections from another address, 127.0.0.2 (as many as one address may
  open at once), each sending 19 pings a second — within its own 20, so only the
  address's budget over all its connections (``--messages-per-client``) holds it: 1,140
  a second; a closed one connects again, a refused one 0.5 s later.

  During these (and ``none``) another process plays a person's seat at another table
  from yet another address, 127.0.0.3 (three bots, no bot delay: their server runs with
  ``--bot-delay 0``; a move 60 ms after each turn, within the 20 messages a second a
  connection may send) and times each move's answer (the state carrying its ``ack``) —
  an honest client's latency while another floods.

Prints, per flood, the ``/healthz`` p50/p99/max, for ``messages`` (and ``messages-retry``,
``many``, ``none``) the other table's move
p50/p99/max too, and what the flood got (answers by status, close codes).
``--against REV`` runs each flood against the code of commit REV as well (``git archive``
into a temporary folder, its server started first, then this tree's): before and after in
the same run (given twice or more: each commit's in turn). Run: ``.venv/bin/python
benchmarks/bench_floods.py`` (``--seconds 6``), or ``.venv/bin/python
benchmarks/bench_floods.py --only none messages --against HEAD~1``.
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
NO_LIMITS_ENV = {"STOLIK_MESSAGES_PER_CLIENT": "0"}
"""The limits off that older code has no option for (given as variables it ignores)."""
HONEST = "127.0.0.3"
"""The other table's player's address (not the floods')."""


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def probe(port: int, stop: Any, out: Any) -> None:
    """(In its own process.) GET /healthz every 20 ms until ``stop`` is set; send ``out``
    the (moment it was asked, latency in s) of each."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    got: list[tuple[float, float]] = []
    while not stop.is_set():
        asked, t0 = time.monotonic(), time.perf_counter()
        try:
            conn.request("GET", "/healthz")
            conn.getresponse().read()
        except OSError:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            got.append((asked, 10.0))
            continue
        got.append((asked, time.perf_counter() - t0))
        time.sleep(max(0.0, 0.02 - (time.perf_counter() - t0)))
    out.send(got)


MOVE_PAUSE_S = 0.06
"""The other table's player waits this long before each move: with bots that do not wait,
his turn comes back at once, and a connection may send 20 messages a second (a faster
player is refused, and his move never answered)."""


def move_probe(port: int, table: str, token: str, ready: Any, stop: Any, out: Any) -> None:
    """(In its own process.) Play the person's seat of ``table`` until ``stop`` is set:
    each time it is to act, wait :data:`MOVE_PAUSE_S` and send its first legal move; set
    ``ready`` once the first is answered; send ``out`` the (moment it was sent, latency in
    s) of each move's answer — the state that carries its ``ack``."""
    asyncio.run(_play_probe(port, table, token, ready, stop, out))


async def _play_probe(port: int, table: str, token: str, ready: Any, stop: Any,
                      out: Any) -> None:
    from websockets.asyncio.client import connect

    got: list[tuple[float, float]] = []
    async with connect(f"ws://127.0.0.1:{port}/play/ws/{table}", open_timeout=60,
                       compression=None, local_addr=(HONEST, 0),
                       additional_headers={"Cookie": f"stolik_player={token}"}) as ws:
        ident, seq = 0, -1
        sent: tuple[float, float] | None = None  # (moment, perf_counter) of the move
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.2)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if sent is not None and msg.get("ack") == ident:
                got.append((sent[0], time.perf_counter() - sent[1]))
                sent = None
                ready.set()
            if msg["type"] != "state" or msg["over"]:
                continue
            deal = msg["deal"]
            if deal["to_act"] == msg["seat"] and deal["legal"] and sent is None:
                await asyncio.sleep(MOVE_PAUSE_S)
                ident += 1
                sent = (time.monotonic(), time.perf_counter())
                await ws.send(json.dumps({"type": "move", "move": deal["legal"][0]["move"],
                                          "id": ident}))
            elif msg["waiting_next"] and msg["seat"] not in msg["ready"] and \
                    seq != msg["seq"]:
                seq = msg["seq"]
                await ws.send(json.dumps({"type": "next"}))
    out.send(got)


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


async def _table(base: str, hints: bool = False, deals: int = 64,
                 name: str | None = "Ala") -> tuple[str, str]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=60, trust_env=False) as c:
        r = await c.post("/play/api/tables", json={
            "name": name, "deals": deals, "hints": hints,
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


FLOODERS = 30
"""Connections of the ``messages`` flood."""


async def messages_flood(base: str, seconds: float, tally: Counter[str], retry: bool = False,
                         conns: int = FLOODERS, rate: float | None = None,
                         source: str = "127.0.0.1") -> None:
    """``conns`` connections from ``source`` to one table (spectators), each sending pings
    as fast as it can (or ``rate`` a second) and reading the answers; a closed one
    connects again (issue 24.2). A refused one (a ``too-many`` error, or the handshake
    refused: an address in its flood penalty) stops, or with ``retry`` tries again 0.5 s
    later."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    table, _ = await _table(base, name=None)  # nobody seated: the table waits
    url = f"{base.replace('http://', 'ws://')}/play/ws/{table}"
    end = time.monotonic() + seconds

    async def read(ws: Any) -> None:
        async for raw in ws:
            kind = json.loads(raw).get("type")
            tally[f"got {kind}"] += 1 if kind in ("pong", "error") else 0

    async def flooder() -> None:
        while time.monotonic() < end:
            try:
                async with connect(url, open_timeout=30, close_timeout=1, compression=None,
                                   local_addr=(source, 0)) as ws:
                    first = json.loads(await ws.recv())
                    if first["type"] == "error":  # refused
                        tally[f"refused {first['code']}"] += 1
                        if not retry:
                            return
                        await asyncio.sleep(0.5)
                        continue
                    tally["connected"] += 1
                    reader = asyncio.create_task(read(ws))
                    n, t0 = 0, time.monotonic()
                    try:
                        while time.monotonic() < end:
                            n += 1
                            await ws.send(f'{{"type":"ping","id":{n}}}')
                            tally["sent"] += 1
                            if rate is not None:
                                await asyncio.sleep(max(0.0, t0 + n / rate - time.monotonic()))
                            elif n % 64 == 0:
                                await asyncio.sleep(0)  # let the reader run
                    finally:
                        reader.cancel()
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd is not None else "none"
                tally[f"closed {code}"] += 1
            except InvalidStatus as e:  # refused before the handshake (a flooder's penalty)
                tally[f"refused http {e.response.status_code}"] += 1
                if not retry:
                    return
                await asyncio.sleep(0.5)
            except Exception as e:
                tally[type(e).__name__] += 1
                await asyncio.sleep(0.1)

    tasks = [asyncio.create_task(flooder()) for _ in range(conns)]
    _, late = await asyncio.wait(tasks, timeout=seconds + 0.2)
    for task in late:  # one waiting to send (the server reads no more): the flood is over
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


MANY = 60
"""Connections of the ``many`` flood (one address's connections at once)."""
MANY_RATE = 19.0
"""Pings a second each of them sends (within a connection's own 20)."""
MANY_FROM = "127.0.0.2"
"""The ``many`` flood's address."""


FLOODS: dict[str, Callable[[str, float, Counter[str]], Coroutine[Any, Any, None]]] = {
    "none": lambda base, s, t: asyncio.sleep(s),
    "login-random": lambda base, s, t: login_flood(base, s, t, named=False),
    "login-named": lambda base, s, t: login_flood(base, s, t, named=True),
    "tables": tables_flood,
    "websockets": websockets_flood,
    "spectators": spectators_flood,
    "hints": hints_flood,
    "messages": messages_flood,
    "messages-retry": lambda base, s, t: messages_flood(base, s, t, retry=True),
    "many": lambda base, s, t: messages_flood(base, s, t, retry=True, conns=MANY,
                                              rate=MANY_RATE, source=MANY_FROM),
}
MOVE_PROBED = {"none", "messages", "messages-retry", "many"}
"""Floods during which another table's moves are timed too (its server: no bot delay)."""


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system, s) process ``pid`` has used (None: no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_flood(port: int, name: str, seconds: float, pid: int
              ) -> tuple[list[float], list[float] | None, Counter[str], float]:
    """One flood with the probers running beside it: the latencies (s) of ``/healthz``
    and (:data:`MOVE_PROBED`) of the other table's moves begun while it ran, what the
    flood got, and the CPU time the server (process ``pid``) used meanwhile (nan: not
    known) — on a busy computer a steadier measure of the flood's cost than latency."""
    ctx = mp.get_context("spawn")
    base = f"http://127.0.0.1:{port}"
    stop = ctx.Event()
    mover = moves_in = None
    if name in MOVE_PROBED:
        table, token = asyncio.run(_table(base))
        ready = ctx.Event()
        moves_in, moves_out = ctx.Pipe(duplex=False)
        mover = ctx.Process(target=move_probe, args=(port, table, token, ready, stop,
                                                     moves_out))
        mover.start()
        if not ready.wait(120):  # its first move answered: the table is warm
            raise SystemExit("the other table's first move was not answered")
    recv, send = ctx.Pipe(duplex=False)
    prober = ctx.Process(target=probe, args=(port, stop, send))
    prober.start()
    tally: Counter[str] = Counter()
    time.sleep(0.5)
    start, cpu = time.monotonic(), cpu_seconds(pid)
    asyncio.run(FLOODS[name](base, seconds, tally))
    end, cpu_end = time.monotonic(), cpu_seconds(pid)
    stop.set()
    used = cpu_end - cpu if cpu is not None and cpu_end is not None else float("nan")
    lat = [x for t, x in recv.recv() if start <= t <= end]
    prober.join(20)
    moves = None
    if mover is not None and moves_in is not None:
        moves = [x for t, x in moves_in.recv() if start <= t <= end]
        mover.join(20)
    return lat, moves, tally, used


def old_tree(rev: str, tmp: str) -> str:
    """The ``src`` folder of commit ``rev`` (``git archive``), unpacked under ``tmp``."""
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True, check=True,
                          cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    archive = subprocess.run(["git", "-C", root, "archive", rev, "src"], capture_output=True,
                             check=False)
    if archive.returncode:
        raise SystemExit(f"git archive {rev}: {archive.stderr.decode().strip()}")
    os.makedirs(tmp, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
    return os.path.join(tmp, "src")


def start_server(tmp: str, unlimited: bool, extra: tuple[str, ...] = (),
                 src: str | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """``stolik serve`` over a fresh database with referee "ref" (the code of ``src``
    when given, else this tree's)."""
    env = {**os.environ, **(NO_LIMITS_ENV if unlimited else {})}
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    url = f"sqlite:///{os.path.join(tmp, 'floods.db')}"
    add = subprocess.run([sys.executable, "-m", "stolik", "referee", "add", "ref", "--db", url,
                          "--password-stdin"], input=PASSWORD + "\n", text=True,
                         capture_output=True, env=env)
    if add.returncode:
        raise SystemExit(f"cannot add the referee: {add.stderr.strip()}")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "stolik", "serve", "--db", url, "--host",
                               "127.0.0.1", "--port", str(port),
                               *(NO_LIMITS if unlimited else ()), *extra],
                              stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env)
    import urllib.request

    for _ in range(2400):  # a start may compile the solvers first (minutes)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return server, port
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


def _figures(lat: list[float] | None) -> str:
    """p50, p99 and max in ms (and how many), or dashes."""
    if not lat:
        return f"{'-':>5} {'-':>7} {'-':>7} {'-':>7}"
    ms = sorted(x * 1000 for x in lat)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"{len(ms):5d} {statistics.median(ms):7.1f} {p99:7.1f} {ms[-1]:7.1f}"


def p99(lat: list[float] | None) -> float:
    """The 99th percentile in ms (0 for none)."""
    if not lat:
        return 0.0
    ms = sorted(x * 1000 for x in lat)
    return ms[min(len(ms) - 1, int(0.99 * len(ms)))]


def main(argv: list[str]) -> int:
    """Each flood against its own fresh server (the old code's first with ``--against``);
    the table of figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="how long each flood runs")
    ap.add_argument("--unlimited", action="store_true",
                    help="turn stolik serve's limits off (to compare)")
    ap.add_argument("--only", nargs="*", choices=sorted(FLOODS), help="these floods only")
    ap.add_argument("--against", metavar="REV", action="append", default=[],
                    help="run each flood against the code of commit REV too (before/after; "
                    "again for more commits)")
    args = ap.parse_args(argv)
    names = args.only or list(FLOODS)
    moved = (f"; the other table: a move {MOVE_PAUSE_S * 1000:g} ms after each turn"
             if MOVE_PROBED & set(names) else "")
    print(f"stolik serve, {'no limits' if args.unlimited else 'default limits'}; each flood "
          f"{args.seconds:g} s from 127.0.0.1; /healthz every 20 ms from another process{moved}")
    print(f"{'flood':14} {'code':8} {'cpu s':>5} {'/healthz':>5} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} | {'moves':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} | "
          "flood's answers")
    worst = {"healthz": 0.0, "moves": 0.0}
    with tempfile.TemporaryDirectory() as keep:
        codes: list[tuple[str, str | None]] = [("this", None)]
        for n, rev in enumerate(args.against):
            codes.insert(n, (rev[:8], old_tree(rev, os.path.join(keep, str(n)))))
        for name in names:
            for label, src in codes:
                with tempfile.TemporaryDirectory() as tmp:
                    extra = ("--bot-delay", "0") if name in MOVE_PROBED else ()
                    server, port = start_server(tmp, args.unlimited, extra, src)
                    try:
                        lat, moves, tally, cpu = run_flood(port, name, args.seconds,
                                                           server.pid)
                    finally:
                        server.terminate()
                        server.wait(20)
                if src is None:
                    worst["healthz"] = max(worst["healthz"], p99(lat))
                    worst["moves"] = max(worst["moves"], p99(moves))
                answers = ", ".join(f"{k} {v}" for k, v in tally.most_common())
                print(f"{name:14} {label:8} {cpu:5.1f} {_figures(lat)} | {_figures(moves)} | "
                      f"{answers}", flush=True)
    print(f"this code's worst p99: /healthz {worst['healthz']:.1f} ms, the other table's "
          f"move {worst['moves']:.1f} ms (goal: at most 100 ms each)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
