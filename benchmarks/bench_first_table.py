"""Benchmark (issue 24.3): does anything heavy run on the event loop of a fresh server?

For the code of this tree and for the code of ``--against`` (default: the commit before
the warm-up, issue 24.3), in the same run, one after the other, each in a fresh ``stolik
serve`` process (127.0.0.1, a free port, a fresh SQLite database, bot delay 0, limits off,
``STOLIK_TEST_SEEDS=1`` so both deal the same cards):

1. **Start**: seconds from the process's start to its "serving" line and to its first
   ``/healthz`` answer (the new code loads and compiles what the tables need first).
2. **First tables**: a thread asks ``/healthz`` every 10 ms while the first table of
   each game — Baśka, Mariáš, Betel, bots only (``pimc``; Mariáš ``pimc-fast``), one deal
   — is created and its bots move for ``--play`` seconds; ``/healthz`` latency max, p99
   and the number of round trips, over all and while each table was being created. Goal:
   max ≤ 100 ms.
3. **First hint and first review**, on another fresh server once it answers (the new
   code has warmed up; nothing has used a solver yet): per game a table with a person at
   seat 0 (hints on, seed 1: each review checks cards) and heuristic bots; over a
   WebSocket the client asks a hint at its first turn, plays its first legal move each
   turn, and asks the review once the deal is settled; the seconds from sending each to
   its answer. Goal: ≤ 3 s.

The old code runs from a ``git archive`` of ``--against`` in a temporary folder. numba
keeps its compiled code beside the source files, keyed by the file's path and stamp: the
old tree is given this tree's compiled code for every source file the two share unchanged
(copied, the stamp matched), so both start with the same warm cache — the case of a
server restarted on a machine that ran it before. (A first start on a machine compiles
every kernel: minutes, for the old code on its first table, review or bot move, for the
new one before it serves — run with ``--cold`` to measure that, both trees without a
cache.)

Run: ``.venv/bin/python benchmarks/bench_first_table.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
NO_LIMITS = ("--tables-per-client", "0", "--tables-per-minute", "0",
             "--bot-tables-per-client", "0", "--max-bot-tables", "0",
             "--connections-per-client", "0", "--connect-rate", "0", "--idle-minutes", "0")
GAMES = (("baska", 4, "pimc"), ("marias", 4, "pimc-fast"), ("betel", 3, "pimc"))
"""Each game, its seats, and the bot of its first table."""
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, the answer as JSON."""
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with OPENER.open(req, timeout=600) as resp:
        out: dict[str, Any] = json.loads(resp.read())
        return out


def old_tree(rev: str, into: Path, cold: bool) -> Path:
    """``src`` of ``rev`` under ``into``; unless ``cold``, with this tree's numba cache for
    every source file the two share unchanged (its stamp — modification time — matched)."""
    archive = subprocess.run(["git", "archive", rev, "src"], cwd=REPO, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    src = into / "src"
    if not cold:
        for cache in (REPO / "src").rglob("__pycache__/*.nb[ic]"):
            module = cache.name.split(".")[0]
            here = cache.parent.parent / f"{module}.py"
            there = src / here.relative_to(REPO / "src")
            if here.is_file() and there.is_file() and here.read_bytes() == there.read_bytes():
                (there.parent / "__pycache__").mkdir(exist_ok=True)
                shutil.copy2(cache, there.parent / "__pycache__" / cache.name)
                stat = here.stat()
                os.utime(there, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return src


def against_default() -> str:
    """The commit before the one that added the warm-up (else HEAD)."""
    out = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--",
                          "src/stolik/web/play/warmup.py"], cwd=REPO, capture_output=True,
                         text=True).stdout.split()
    return f"{out[-1]}^" if out else "HEAD"


@dataclass
class Figures:
    """One server's figures."""

    label: str
    serving_s: float = float("nan")
    ready_s: float = float("nan")
    create_s: dict[str, float] = field(default_factory=dict)
    during_max: dict[str, float] = field(default_factory=dict)
    lat: list[float] = field(default_factory=list)
    hint_s: dict[str, float | None] = field(default_factory=dict)
    review_s: dict[str, float | None] = field(default_factory=dict)


class Poller:
    """``/healthz`` every 10 ms in a thread: (start, end) of each round trip."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.stamps: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            t0 = time.perf_counter()
            try:
                with OPENER.open(f"{self.base}/healthz", timeout=120) as r:
                    r.read()
            except OSError:
                continue
            self.stamps.append((t0, time.perf_counter()))
            time.sleep(0.01)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=130)


async def hint_and_review(host: str, game: str, seats: int) -> tuple[float | None,
                                                                   float | None]:
    """The seconds of the first hint and of the review at a new table of ``game``."""
    from websockets.asyncio.client import connect

    made = post(f"http://{host}/play/api/tables", {
        "game": game, "name": "bench", "deals": 1, "hints": True, "seed": 1,
        "bots": [None, *["heuristic"] * (seats - 1)]})
    hint = review = None
    sent: dict[int, float] = {}
    ident = 0
    last: dict[str, Any] | None = None
    async with connect(f"ws://{host}/play/ws/{made['id']}",
                       additional_headers={"Cookie": f"stolik_player={made['token']}"},
                       max_size=None, open_timeout=60) as ws:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            msg = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            kind = msg.get("type")
            if kind == "hint":
                hint = time.perf_counter() - sent.pop(msg["ack"])
            elif kind == "review":
                review = time.perf_counter() - sent.pop(msg["ack"])
                return hint, review
            elif kind == "error":
                sent.pop(msg.get("ack"), None)
                if msg.get("code") not in ("stale", "not-your-turn", "illegal"):
                    print(f"  {game}: {msg.get('code')}: {msg.get('message')}")
                    return hint, review
            elif kind == "state":
                sent.pop(msg.get("ack"), None)
                last = msg
            if last is None or sent:
                continue
            deal = last["deal"]
            ident += 1
            if last["over"] or (last["waiting_next"] and deal["to_act"] is None):
                sent[ident] = time.perf_counter()
                await ws.send(json.dumps({"type": "review", "id": ident}))
            elif deal["to_act"] == 0 and hint is None:
                sent[ident] = time.perf_counter()
                await ws.send(json.dumps({"type": "hint", "id": ident}))
            elif deal["to_act"] == 0:
                moves = [m["move"] for m in deal["legal"] if m["move"] not in ("take", "lay")]
                if moves:
                    sent[ident] = time.perf_counter()  # answered by the next state's ack
                    await ws.send(json.dumps({"type": "move", "move": moves[0], "id": ident}))
                last = None
    return hint, review


class Server:
    """A fresh ``stolik serve`` of the code in ``src``: ready once ``/healthz`` answers."""

    def __init__(self, label: str, src: Path, tmp: str) -> None:
        port = free_port()
        self.host = f"127.0.0.1:{port}"
        self.base = f"http://{self.host}"
        env = {**os.environ, "PYTHONPATH": str(src), "STOLIK_TEST_SEEDS": "1",
               "STOLIK_LANG": "en", "NO_PROXY": "127.0.0.1"}
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stolik", "serve", "--db", f"sqlite:///{tmp}/b.db",
             "--host", "127.0.0.1", "--port", str(port), "--bot-delay", "0", *NO_LIMITS],
            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env, cwd=tmp)
        lines: queue.Queue[tuple[float, str]] = queue.Queue()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                lines.put((time.perf_counter(), line))
        threading.Thread(target=read, daemon=True).start()
        while True:
            try:
                with OPENER.open(f"{self.base}/healthz", timeout=1):
                    break
            except OSError:
                if self.proc.poll() is not None:
                    raise SystemExit(f"{label}: the server stopped") from None
                time.sleep(0.02)
        self.ready_s = time.perf_counter() - t0
        self.serving_s = float("nan")
        while not lines.empty():
            at, line = lines.get()
            if "serving" in line:
                self.serving_s = at - t0

    def stop(self) -> None:
        """Stop the server."""
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def measure(label: str, src: Path, play_s: float) -> Figures:
    """Two fresh servers of the code in ``src``: the first tables (step 2) on one, the
    first hints and reviews (step 3) on the other."""
    fig = Figures(label)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(label, src, tmp)
        fig.ready_s, fig.serving_s = server.ready_s, server.serving_s
        try:
            poller = Poller(server.base)
            time.sleep(0.3)
            windows = {}
            for game, seats, bot in GAMES:
                c0 = time.perf_counter()
                post(f"{server.base}/play/api/tables", {"game": game, "deals": 1, "seed": 1,
                                                         "bots": [bot] * seats})
                windows[game] = (c0, time.perf_counter())
                fig.create_s[game] = windows[game][1] - c0
                time.sleep(play_s)
            poller.stop()
            fig.lat = sorted(e - s for s, e in poller.stamps)
            for game, (a, b) in windows.items():
                # the round trips in flight while the table was being created
                inside = [e - s for s, e in poller.stamps if e >= a and s <= b]
                fig.during_max[game] = max(inside, default=float("nan"))
        finally:
            server.stop()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(label, src, tmp)
        try:
            for game, seats, _ in GAMES:
                fig.hint_s[game], fig.review_s[game] = asyncio.run(
                    hint_and_review(server.host, game, seats))
        finally:
            server.stop()
    return fig


def ms(x: float | None) -> str:
    """Seconds as milliseconds (— for none)."""
    return "—" if x is None or x != x else f"{x * 1000:.0f}"


def report(figs: list[Figures]) -> None:
    """The figures side by side."""
    width = max(len(f.label) for f in figs)

    def row(name: str, values: list[str]) -> None:
        print(f"{name:<44}" + "".join(f"{v:>{width + 4}}" for v in values))
    row("", [f.label for f in figs])
    row("start: 'serving' said, s", [f"{f.serving_s:.2f}" for f in figs])
    row("start: /healthz first answered, s", [f"{f.ready_s:.2f}" for f in figs])
    row("/healthz round trips during first tables", [str(len(f.lat)) for f in figs])
    row("/healthz p99, ms", [ms(f.lat[min(len(f.lat) - 1, int(0.99 * len(f.lat)))])
                             if f.lat else "—" for f in figs])
    row("/healthz max, ms", [ms(f.lat[-1]) if f.lat else "—" for f in figs])
    for game, _, bot in GAMES:
        row(f"{game}: first table ({bot}) created, ms", [ms(f.create_s.get(game))
                                                          for f in figs])
        row(f"{game}: /healthz max meanwhile, ms", [ms(f.during_max.get(game)) for f in figs])
    for game, _, _ in GAMES:
        row(f"{game}: first hint, ms", [ms(f.hint_s.get(game)) for f in figs])
        row(f"{game}: first review, ms", [ms(f.review_s.get(game)) for f in figs])


def main(argv: list[str]) -> int:
    """Measure the old code and this tree's, print both."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default=None,
                    help="the old code's revision (default: before the warm-up)")
    ap.add_argument("--play", type=float, default=3.0,
                    help="seconds the bots of each first table play (default 3)")
    ap.add_argument("--cold", action="store_true",
                    help="no numba cache in either tree (a first start: minutes)")
    args = ap.parse_args(argv)
    rev = args.against or against_default()
    print(f"old code: {rev} "
          f"({subprocess.run(['git', 'rev-parse', '--short', rev], cwd=REPO, text=True, capture_output=True).stdout.strip()}); "  # noqa: E501
          f"new code: this tree; {'cold' if args.cold else 'warm'} numba cache")
    with tempfile.TemporaryDirectory() as tmp:
        old_src = old_tree(rev, Path(tmp), args.cold)
        new_src = REPO / "src"
        if args.cold:
            new_copy = Path(tmp) / "new"
            new_copy.mkdir()
            shutil.copytree(new_src, new_copy / "src",
                            ignore=shutil.ignore_patterns("__pycache__"))
            new_src = new_copy / "src"
        figs = [measure("old", old_src, args.play), measure("new", new_src, args.play)]
    report(figs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
