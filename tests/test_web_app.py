"""The web application (``stolik serve``): the health check and the home page in Debian's
Chromium, in Polish by default and in English with ``?lang=en`` (remembered in a cookie)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik import __version__
from stolik.db import Database
from stolik.web.app import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Page

LiveServer = Callable[[FastAPI], str]


def test_healthz(sqlite_db: Database) -> None:
    """``/healthz`` answers without touching any page: status and version."""
    with TestClient(create_app(sqlite_db)) as client:
        resp = client.get("/healthz")
    assert resp.status_code == 200
    assert resp.json() == {"status": "ok", "version": __version__}


@pytest.mark.browser
def test_home_page_and_language_switch(page: Page, live_server: LiveServer,
                                       sqlite_db: Database, artifacts_dir: Path) -> None:
    """The home page in Chromium: Polish first, the EN link switches to English and the
    choice stays (cookie) on the next page without ``?lang``."""
    base = live_server(create_app(sqlite_db))

    page.goto(f"{base}/")
    assert page.title() == "stolik"
    assert page.locator("h1").inner_text() == "stolik"
    assert page.locator("html").get_attribute("lang") == "pl"
    nav = page.locator("header nav")
    assert "Turnieje" in nav.inner_text()
    page.screenshot(path=artifacts_dir / "home-pl.png", full_page=True)

    page.get_by_role("link", name="EN", exact=True).click()
    page.wait_for_url("**/?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Tournaments" in nav.inner_text()
    assert "Turnieje" not in nav.inner_text()

    page.goto(f"{base}/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Tournaments" in page.locator("header nav").inner_text()
    page.screenshot(path=artifacts_dir / "home-en.png", full_page=True)


def test_home_quick_game_and_recent_tournaments(sqlite_db: Database) -> None:
    """The home page: one click seats you against three bots at Baśka (pucka-2019, a private
    table; each game has its quick game, issue 25.7); the latest tournaments are listed."""
    from stolik.tournament import store

    store.create_tournament(sqlite_db, "t9", name="Turniej Dziewiąty", ruleset="linia",
                            who="ala")
    with TestClient(create_app(sqlite_db, bot_delay=0)) as client:
        home = client.get("/")
        assert 'id="quick-baska"' in home.text and "Turniej Dziewiąty" in home.text
        resp = client.post("/play/tables", data={
            "name": "Ala", "ruleset": "pucka-2019", "deals": "8", "seat0": "me",
            "seat1": "heuristic", "seat2": "heuristic", "seat3": "heuristic", "hints": "1",
            "private": "1"}, follow_redirects=False)
        assert resp.status_code == 303 and resp.headers["location"].startswith("/play/t/")
        table = client.get(resp.headers["location"])
        assert table.status_code == 200 and resp.headers["location"].split("/")[-1] in table.text
        lobby = client.get("/play/")
        assert resp.headers["location"] not in lobby.text  # private: not listed
        assert '<option value="pucka-2019" selected>' in lobby.text


def test_serve_refuses_a_port_in_use(tmp_path: Path) -> None:
    """``stolik serve`` on a port already taken: one line, exit status 1, no traceback."""
    import socket

    from typer.testing import CliRunner

    from stolik.cli import app as cli_app

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli_app, ["serve", "--db", str(tmp_path / "s.db"),
                                              "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output


def test_favicon_is_served_and_linked(sqlite_db: Database) -> None:
    """Browsers ask every page's ``/favicon.ico``: it answers the SVG icon (no 404 in the
    log), and every page links it with ``<link rel="icon">``."""
    with TestClient(create_app(sqlite_db)) as client:
        icon = client.get("/favicon.ico")
        linked = client.get("/static/favicon.svg")
        pages = [client.get(path) for path in ("/", "/t/", "/play/")]
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg") and icon.content == linked.content
    for page in pages:
        assert page.status_code == 200
        assert '<link rel="icon" href="/static/favicon.svg"' in page.text
