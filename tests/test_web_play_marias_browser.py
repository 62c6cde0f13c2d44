"""Mariáš in a real browser (Debian's Chromium driven by Playwright) against a real server:
set a Mariáš table in the lobby with three bots, play a whole deal by clicks — the choice
in two steps (the trump card of the first four, then the called card), the approval,
announcements and fleky buttons, the cards — at phone width (390 px) in Polish, and a
seeded betl whose open hands are drawn after the first trick, in English; screenshots in
``test-artifacts/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.web.app import create_app
from test_web_play_browser import click_and_wait

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.browser

MONEY = re.compile(r"[+-]?\d+,\d\d Kč")


def act(page: Any) -> str:
    """Wait until something is to do: a call, a card, or the end of the series."""
    page.wait_for_function(
        """() => document.querySelector('#calls button')
               || document.querySelector('#hand button.legal')
               || document.getElementById('play').dataset.over === '1'""", timeout=20000)
    if page.get_attribute("#play", "data-over") == "1":
        return "over"
    if page.query_selector("#calls button[data-group]"):
        return "group"
    return "call" if page.query_selector("#calls button") else "card"


def step(page: Any, what: str) -> None:
    """Make the first offered move: in the choice its first trump card, then its first
    called card (MARIAS §4.1); else the first call or the first legal card."""
    if what == "group":
        page.query_selector_all("#calls button[data-group]")[0].click()
        page.wait_for_selector("#calls button[data-move^='trump=']")
        click_and_wait(page, "#calls button[data-move]")
    elif what == "call":
        click_and_wait(page, "#calls button[data-move]")
    else:
        click_and_wait(page, "#hand button.legal")


def play_by_clicks(page: Any, seen: dict[str, int], shot: Path) -> None:
    """The first offered move each time, until the series is over; a screenshot at the
    first card to play."""
    for _ in range(80):
        what = act(page)
        seen[what] = seen.get(what, 0) + 1
        if what == "over":
            return
        if what == "card" and seen["card"] == 1:
            page.screenshot(path=str(shot), full_page=True)
        if what == "group":  # the choice: four cards at most, then a card of that suit
            assert len(page.query_selector_all("#hand button.card")) == 4
        step(page, what)
    raise AssertionError("the deal does not end")


def test_play_a_marias_deal_in_the_browser(live_server: Callable[[Any], str], page: Any,
                                           artifacts_dir: Path, tmp_path: Path) -> None:
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0)
    server = live_server(app)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{server}/play/?lang=pl")
    form = "#new-table-marias"
    page.fill(f"{form} input[name=name]", "Ala")
    page.select_option(f"{form} select[name=deals]", "1")
    for s in (1, 2, 3):
        page.select_option(f"{form} select[name=seat{s}]", "heuristic")
    page.click("#create-marias")
    page.wait_for_url("**/play/t/**")
    page.wait_for_selector("#hand button.card")
    # German suits drawn: each card a face with a picture, named in Czech
    first = page.query_selector("#hand button.card")
    assert first.query_selector("svg.face path")
    assert re.search(r"(červen|zelen|kulov|žaludsk)", first.get_attribute("aria-label") or "")
    seen: dict[str, int] = {}
    play_by_clicks(page, seen, artifacts_dir / "web-play-marias-phone.png")
    assert seen.get("card", 0) + seen.get("call", 0) > 0
    # the settlement: all hands, money in Kč, the sheet of the series
    assert len(page.query_selector_all("#result table.reveal tr")) == 5
    assert MONEY.search(page.inner_text("#result"))
    assert MONEY.search(page.inner_text("#sheet"))
    assert len(page.query_selector_all("#auction tr")) >= 8  # choice, 4 × dobrý, 3+ more
    page.click("#btn-review")
    page.wait_for_selector("#review h3", timeout=60000)
    assert "double-dummy" in page.inner_text("#review")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts_dir / "web-play-marias-sheet-phone.png"), full_page=True)
    assert (artifacts_dir / "web-play-marias-sheet-phone.png").stat().st_size > 1000


def open_table(live_server: Callable[[Any], str], page: Any, tmp_path: Path,
               **table: Any) -> None:
    """A one-deal Mariáš table made over the API (a seed is taken: the test setting), its
    page open at phone width in English, Ala at seat 0."""
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                     client_seeds=True)
    server = live_server(app)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/play/?lang=en")
    made = page.request.post(f"{server}/play/api/tables", data={
        "game": "marias", "name": "Ala", "deals": 1, **table}).json()
    page.goto(f"{server}/play/t/{made['id']}?lang=en")


def test_an_open_betl_in_the_browser(live_server: Callable[[Any], str], page: Any,
                                     artifacts_dir: Path, tmp_path: Path) -> None:
    """Seed 15 (seat 0 clicking the first offer, random bots): seat 3 plays a betl; after
    the first trick every hand lies open on the felt (MARIAS §4.6)."""
    open_table(live_server, page, tmp_path, seed=15, bots=[None, "random", "random", "random"])
    page.wait_for_selector("#hand button.card")
    opened = False
    for _ in range(80):
        what = act(page)
        if what == "over":
            break
        if page.query_selector("#open-hands .open-hand") and not opened:
            opened = True
            assert len(page.query_selector_all("#open-hands .open-hand")) == 3
            assert "betl" in page.inner_text("#game-line")
            assert "open" in page.inner_text("#notes")
            page.screenshot(path=str(artifacts_dir / "web-play-marias-betl.png"),
                            full_page=True)
        step(page, what)
    assert opened
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.get_attribute("#play", "data-over") == "1"
    assert "betl" in page.inner_text("#result")


def test_the_choice_in_two_steps(live_server: Callable[[Any], str], page: Any,
                                 tmp_path: Path) -> None:
    """Seat 0 chooses (the first dealer is seat 3): its first four cards only, a button
    per card it may lay as trumps, then the cards of that suit it may call (MARIAS §4.1);
    after the choice the whole hand."""
    open_table(live_server, page, tmp_path, first_dealer=3,
               bots=[None, "heuristic", "heuristic", "heuristic"])
    page.wait_for_selector("#calls button[data-group]")
    hand = [b.get_attribute("data-card") for b in page.query_selector_all("#hand button.card")]
    assert len(hand) == 4
    groups = [b.get_attribute("data-group")
              for b in page.query_selector_all("#calls button[data-group]")]
    assert groups and set(groups) <= set(hand)
    assert "first four" in page.inner_text("#notes")
    page.query_selector_all("#calls button[data-group]")[-1].click()
    calls = page.query_selector_all("#calls button[data-move]")
    suit = groups[-1][-1]
    assert calls and all(str(b.get_attribute("data-move")).endswith(suit) for b in calls)
    click_and_wait(page, "#calls button[data-move]")
    page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 8",
                           timeout=20000)
    assert "called card" in page.inner_text("#notes")
