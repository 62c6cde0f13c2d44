"""The record link on an open table page, in a real browser (Debian's Chromium driven by
Playwright) against a real server.

A Mariáš or Betel table serves no record during its series (its settled deals hide cards:
MARIAS §4.5, a deal thrown in for want of re; BETEL §3, the dubel): the page says the
record comes when the series ends, and names no link. The table's ``state`` message says
``status: "finished"`` once the series is over (the generic table layer,
:meth:`stolik.web.play.table.Table.state_message`); the page's script then puts the
download link in that line's place, without a reload, and the link serves the record.

A table of random bots only, one deal, dealt from a seed; a spectator's page is opened
while the bots play (a bot waits ``bot_delay`` before each move, so the deal lasts a few
seconds)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.games import game
from stolik.web.app import create_app

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.browser

BOT_DELAY = {"marias": 0.1, "betel": 0.05}
"""Seconds a bot waits before each move: a one-deal series lasts some 3 s (random bots'
Betel auction is long), time enough to open the page before it ends."""


@pytest.mark.parametrize("game_id", ["marias", "betel"])
def test_the_record_link_comes_when_the_series_ends(live_server: Callable[[Any], str],
                                                     page: Any, tmp_path: Path,
                                                     game_id: str) -> None:
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True),
                     bot_delay=BOT_DELAY[game_id])
    server = live_server(app)
    r = page.request.post(f"{server}/play/api/tables", data={
        "game": game_id, "deals": 1, "seed": 7, "seat": None,
        "bots": ["random"] * game(game_id).seats}, timeout=10000)
    assert r.ok, r.text()
    tid = r.json()["id"]
    url = f"/play/t/{tid}/record.toml"
    page.goto(f"{server}/play/t/{tid}?lang=en", timeout=10000)
    # the series is still being played: the line saying when, no link, the record refused
    later = page.query_selector("#record-later")
    assert later is not None, "the series ended before the page was served"
    assert "available when the series ends" in later.inner_text()
    assert page.query_selector("#record-link") is None and url not in page.content()
    assert page.get_attribute("#play", "data-over") != "1"
    assert page.request.get(f"{server}{url}", timeout=10000).status == 403
    # the state message says the series is over: the link replaces the line, no reload
    page.wait_for_selector("#record-link", state="visible", timeout=20000)
    assert page.query_selector("#record-later") is None
    assert page.get_attribute("#record-link", "href") == url
    assert page.inner_text("#record-link") == "record (TOML)"
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    r = page.request.get(f"{server}{url}", timeout=10000)
    assert r.status == 200 and r.text().count("[[deal]]") == 1
