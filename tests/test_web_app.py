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
