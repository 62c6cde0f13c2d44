"""Shared fixtures: databases on both backends, a live web server, Debian's Chromium.

- ``db_url`` — a fresh, empty database's SQLAlchemy URL, once for SQLite (a file in
  ``tmp_path``) and once for PostgreSQL (a new database on the server named by
  ``STOLIK_TEST_PG``, dropped afterwards; skipped when that is unset, marked ``postgres``).
- ``db`` — ``open_database(db_url, migrate=True)``, disposed after the test.
- ``sqlite_db`` — the same over a fresh SQLite file only.
- ``live_server`` — ``live_server(app) -> base URL``: the app served by uvicorn on
  127.0.0.1 (a free port) in a background thread, stopped after the test.
- ``chromium_path``, ``browser_context`` (one headless Chromium per session, a fresh
  profile), ``page`` (a new page per test, cookies cleared): browser tests, marked
  ``browser`` (automatically when they use these fixtures); skipped without
  ``/usr/bin/chromium``.
- ``artifacts_dir`` — ``<repo>/test-artifacts`` for screenshots.

``.ci/run`` installs PostgreSQL and Chromium and starts the server; locally::

    STOLIK_TEST_PG=postgresql://USER@127.0.0.1:5432/DB .venv/bin/pytest tests/test_db.py
"""

from __future__ import annotations

import os
import secrets
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sqlalchemy.engine import make_url

from stolik.db import Database, open_database, resolve_url

if TYPE_CHECKING:
    from fastapi import FastAPI
    from playwright.sync_api import BrowserContext, Page

REPO = Path(__file__).resolve().parents[1]
PG_ENV = "STOLIK_TEST_PG"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags; the fresh ``--user-data-dir`` is given to Playwright separately
(``launch_persistent_context``), as Playwright refuses it among the arguments."""

LiveServer = Callable[["FastAPI"], str]
"""The ``live_server`` fixture: serve an app, get its base URL (``http://127.0.0.1:PORT``)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives the browser ``browser``."""
    for item in items:
        if {"browser_context", "page"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# --- databases ---------------------------------------------------------------------------


def _fresh_postgres_database(server: str) -> Iterator[str]:
    """Create an empty database on ``server`` (a postgresql:// URL), yield its SQLAlchemy
    URL, drop it afterwards (with any connection still open)."""
    import psycopg
    from psycopg import sql

    base = make_url(resolve_url(server))
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"stolik_t_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                         .format(sql.Identifier(name)))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database (SQLite file or PostgreSQL database), as a SQLAlchemy URL
    that ``open_database`` takes directly."""
    if request.param == "sqlite":
        yield resolve_url(f"sqlite:///{tmp_path}/stolik.db")
        return
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server (.ci/run starts one)")
    yield from _fresh_postgres_database(server)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """The database of ``db_url`` at the newest schema."""
    database = open_database(db_url, migrate=True)
    try:
        yield database
    finally:
        database.dispose()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Database]:
    """A fresh SQLite file at the newest schema."""
    database = open_database(f"sqlite:///{tmp_path}/stolik.db", migrate=True)
    try:
        yield database
    finally:
        database.dispose()


# --- a live server -----------------------------------------------------------------------


def _wait_until_healthy(base: str, thread: threading.Thread, timeout: float = 20.0) -> None:
    """Poll ``base/healthz`` until it answers 200 (no proxy: it is on loopback)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        if not thread.is_alive():
            raise RuntimeError(f"live_server: the server at {base} stopped while starting")
        try:
            with opener.open(f"{base}/healthz", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError as e:
            last = e
        time.sleep(0.05)
    raise RuntimeError(f"live_server: {base}/healthz did not answer in {timeout} s: {last}")


class StolikServer:
    """``stolik serve`` over ``db`` as a subprocess in its own process group on 127.0.0.1
    and a free port (``extra``: more options), its output appended to ``log``; ready when
    ``/healthz`` answers. For crash tests: :meth:`kill` is a SIGKILL of the whole group."""

    def __init__(self, db: str, log: Path, *extra: str, timeout: float = 30.0) -> None:
        import subprocess
        import sys

        import httpx

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "stolik"), "serve", "--db", db, "--host",
             "127.0.0.1", "--port", str(self.port), *extra],
            stdout=self.log, stderr=self.log, start_new_session=True, cwd=REPO,
            # no warm-up (issue 24.3: seconds a start; the crash tests start many, and
            # tests/test_serve_warmup.py checks it): the games load as the server starts
            env={**os.environ, "NO_PROXY": "127.0.0.1", "STOLIK_WARM_UP": "0"})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"stolik serve exited: {log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1,
                             trust_env=False).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"stolik serve did not answer in {timeout:g} s")

    def kill(self) -> None:
        """SIGKILL the whole process group (idempotent)."""
        import contextlib
        import signal

        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.log.close()


@pytest.fixture
def servers() -> Iterator[list[StolikServer]]:
    """Subprocess servers a test starts (it appends them); all killed afterwards."""
    running: list[StolikServer] = []
    yield running
    for s in running:
        s.kill()


@pytest.fixture
def live_server() -> Iterator[LiveServer]:
    """``live_server(app)`` serves ``app`` with uvicorn on 127.0.0.1 and a free port in a
    background thread, waits until ``/healthz`` answers and returns the base URL; every
    server started is shut down after the test."""
    import uvicorn

    running: list[tuple[uvicorn.Server, threading.Thread, socket.socket]] = []

    def start(app: FastAPI) -> str:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))  # the port is ours from here on: no race
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", access_log=False))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                                  name=f"live_server:{port}", daemon=True)
        thread.start()
        running.append((server, thread, sock))
        base = f"http://127.0.0.1:{port}"
        _wait_until_healthy(base, thread)
        return base

    yield start
    for server, thread, sock in running:
        server.should_exit = True
        thread.join(timeout=10)
        if thread.is_alive():
            server.force_exit = True
            thread.join(timeout=5)
        sock.close()


# --- the browser -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium (the ``chromium`` package), or skip."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian chromium not installed")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser_context(chromium_path: str,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """One headless Chromium for the session, on a fresh profile directory."""
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser_context: BrowserContext) -> Iterator[Page]:
    """A new page (cookies cleared first, so that no test sees another's), closed after."""
    browser_context.clear_cookies()
    new = browser_context.new_page()
    try:
        yield new
    finally:
        new.close()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``<repo>/test-artifacts`` (git-ignored): screenshots and other things to look at."""
    path = REPO / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path
