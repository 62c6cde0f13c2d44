"""The README's reverse proxy (issue 13): ``deploy/nginx/stolik.conf``, the very file the
README shows, run by Debian's nginx (``.ci/run`` installs it; skipped without it) in front
of ``stolik serve`` processes on loopback ports.

nginx runs in the foreground as one process (``master_process off``: no worker switching
to another user), everything of its own (pid, logs, temporary files) under ``tmp_path``,
the example's upstream addresses and port replaced by the test's. Through it:

- a page is served (HTTP), and a play WebSocket is upgraded and sends the seat its first
  state; the browser's ``Origin`` must match the ``Host`` nginx passes on (``proxy_set_header
  Host $http_host``), else the server refuses the upgrade;
- with ``STOLIK_TEST_PG`` and ``STOLIK_TEST_REDIS`` (the recipe proper; slow): two ``--hub``
  processes behind it, and WebSockets of one table upgraded by each of them (nginx's
  access log names the upstream of each 101), each sending the first state.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from conftest import PG_ENV, REPO, StolikServer, _fresh_postgres_database

CONF = REPO / "deploy" / "nginx" / "stolik.conf"
REDIS_ENV = "STOLIK_TEST_REDIS"
WAIT_S = 15.0
"""The longest any one wait here may take (nginx's start, a page, a message)."""


def nginx_binary() -> str:
    """Debian's nginx (in /usr/sbin, which a user's PATH may lack); skip without it."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if not found:
        pytest.skip("nginx is not installed (.ci/run installs Debian's)")
    return found


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def site_config(upstreams: list[int], port: int) -> str:
    """The example config with the test's upstream ports and its own listening port (the
    example's shape checked: three upstream servers, one ``listen``)."""
    text = CONF.read_text()
    servers = re.findall(r"^ *server 127\.0\.0\.1:\d+;\n", text, flags=re.M)
    assert len(servers) == 3, "the example lists three stolik serve processes"
    lines = "".join(f"    server 127.0.0.1:{p};\n" for p in upstreams)
    text = text.replace("".join(servers), lines)
    text, listens = re.subn(r"^( *)listen 80;", rf"\1listen 127.0.0.1:{port};", text,
                            flags=re.M)
    assert listens == 1, "the example listens on port 80 once"
    return text


@contextlib.contextmanager
def nginx(tmp: Path, upstreams: list[int]) -> Iterator[tuple[int, Path]]:
    """nginx with the example site in front of ``upstreams``: its port and access log."""
    binary = nginx_binary()
    port = free_port()
    for d in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp / d).mkdir()
    (tmp / "stolik.conf").write_text(site_config(upstreams, port))
    (tmp / "nginx.conf").write_text(f"""
daemon off;
master_process off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log info;
events {{ worker_connections 64; }}
http {{
    log_format upstream '$status $upstream_addr $request_uri';
    access_log {tmp}/access.log upstream;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/stolik.conf;
}}
""")
    proc = subprocess.Popen([binary, "-p", str(tmp), "-c", str(tmp / "nginx.conf"),
                             "-e", str(tmp / "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + WAIT_S
        while True:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise AssertionError(f"nginx exited ({proc.returncode}): {err}")
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", port), timeout=1):
                break
            assert time.monotonic() < deadline, f"nginx did not listen in {WAIT_S} s"
            time.sleep(0.05)
        yield port, tmp / "access.log"
    finally:
        proc.terminate()
        try:
            proc.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(WAIT_S)


def first_state(port: int, table: str, token: str) -> dict[str, object]:
    """Open the table's play WebSocket through the proxy as the browser would (``Origin``
    the proxy's address) and return the first state message."""
    with connect(f"ws://127.0.0.1:{port}/play/ws/{table}", open_timeout=WAIT_S,
                 origin=Origin(f"http://127.0.0.1:{port}"),
                 additional_headers={"Cookie": f"stolik_player={token}"}) as ws:
        deadline = time.monotonic() + WAIT_S
        while True:
            msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg["type"] == "state":
                return dict(msg)


def new_table(port: int) -> tuple[str, str]:
    """A table (seat 0 ours, three bots) made through the proxy: its id and our token."""
    resp = httpx.post(f"http://127.0.0.1:{port}/play/api/tables", trust_env=False,
                      timeout=WAIT_S, json={"name": "Ala", "deals": 1,
                                            "bots": [None, "random", "random", "random"]})
    assert resp.status_code == 200, resp.text
    return str(resp.json()["id"]), str(resp.json()["token"])


def upstreams_of_upgrades(log: Path, table: str) -> set[str]:
    """The upstream addresses that answered 101 to the table's WebSocket (nginx writes the
    line when the connection closes: waited for)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        lines = log.read_text().splitlines() if log.exists() else []
        seen = {ln.split()[1] for ln in lines
                if ln.startswith("101 ") and ln.endswith(f"/play/ws/{table}")}
        if len(seen) >= 2 or time.monotonic() > deadline:
            return seen
        time.sleep(0.05)


def test_one_process_behind_the_example_config(tmp_path: Path,
                                               servers: list[StolikServer]) -> None:
    """A page and a play WebSocket through nginx, one process (SQLite) upstream."""
    db = f"sqlite:///{tmp_path}/stolik.db"
    servers.append(StolikServer(db, tmp_path / "serve.log", "--bot-delay", "0"))
    (tmp_path / "nginx").mkdir()
    with nginx(tmp_path / "nginx", [servers[0].port]) as (port, _):
        # The redirect to /play/ names the proxy's address (the Host passed on).
        page = httpx.get(f"http://127.0.0.1:{port}/play", trust_env=False, timeout=WAIT_S,
                         follow_redirects=True)
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert str(page.url) == f"http://127.0.0.1:{port}/play/"
        table, token = new_table(port)
        state = first_state(port, table, token)
        assert (state["table"], state["seat"], state["over"]) == (table, 0, False)
        # Without the Host nginx passes on, the Origin check refuses the upgrade: a
        # browser's Origin naming another site is refused through the proxy too.
        with pytest.raises(InvalidStatus, match="403"):
            connect(f"ws://127.0.0.1:{port}/play/ws/{table}", open_timeout=WAIT_S,
                    origin=Origin("http://elsewhere.example")).close()


@pytest.mark.slow  # two servers and a fresh PostgreSQL database: 16 s on the loaded machine
@pytest.mark.timeout(120)
def test_two_hub_processes_behind_the_example_config(tmp_path: Path,
                                                     servers: list[StolikServer]) -> None:
    """The recipe: two ``--hub`` processes over PostgreSQL and Redis; one table's
    WebSocket upgraded by each of them in turn (round robin), the first state each time."""
    pg, redis_url = os.environ.get(PG_ENV), os.environ.get(REDIS_ENV)
    if not pg or not redis_url:
        pytest.skip(f"{PG_ENV} and {REDIS_ENV} are needed (.ci/run starts both)")
    nginx_binary()
    with contextlib.contextmanager(_fresh_postgres_database)(pg) as db:
        def start(_: int) -> None:
            log = tmp_path / "serve.log"
            servers.append(StolikServer(db, log, "--bot-delay", "0", "--hub", redis_url))
        with ThreadPoolExecutor(2) as pool:  # side by side (they migrate in turn)
            list(pool.map(start, range(2)))
        (tmp_path / "nginx").mkdir()
        with nginx(tmp_path / "nginx", [s.port for s in servers]) as (port, access):
            table, token = new_table(port)
            for _ in range(2):
                state = first_state(port, table, token)
                assert (state["table"], state["seat"], state["over"]) == (table, 0, False)
            page = httpx.get(f"http://127.0.0.1:{port}/play/t/{table}", trust_env=False,
                             timeout=WAIT_S)
            assert page.status_code == 200
            used = upstreams_of_upgrades(access, table)
        assert used == {f"127.0.0.1:{s.port}" for s in servers}, used
        for s in servers:
            s.kill()


def test_the_readme_shows_the_tested_config() -> None:
    """The README's nginx block is ``deploy/nginx/stolik.conf`` (its comment lines aside)."""
    readme = (REPO / "README.md").read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", readme, flags=re.S)
    assert len(blocks) == 1
    conf = "".join(ln for ln in CONF.read_text().splitlines(keepends=True)
                   if not ln.startswith("#"))
    assert blocks[0] == conf
