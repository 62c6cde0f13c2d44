"""Suits readable with no emoji font (issue 25.3), in Debian's Chromium (Playwright): the
server writes suits as pictures (``A♥``, Mariáš's ``kule 🔔``), which a stock Chromium
with only fonts-dejavu-core shows as empty boxes for the German suits (MARIAS §1). The
table page draws every suit in its text — the end of a deal's hands, the auction, the
score sheet, the game line — as an inline SVG (``svg.suit-icon``, the pips the card faces
use), in every game; with the letters toggle it writes each game's own letters instead
(Baśka ``C S H D``, RULES §1; Mariáš ``H L B A``, MARIAS §1; Betel ``C D H S``, BETEL §1),
the toggle naming them. Screenshots in ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.web.app import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PICTURES = re.compile("[\u2660-\u2667\U0001f343\U0001f514\U0001f330]")
"""Suit pictures: the French ones (♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧) and Mariáš's leaf, bell and acorn."""

GAMES = {"baska": (4, "C S H D", "CSHD"), "marias": (4, "H L B A", "HLBA"),
         "betel": (3, "C D H S", "CDHS")}
"""Each game: its seats, the toggle's letters, its suit letters."""


def watch_series(live_server: Callable[[Any], str], page: Page, tmp_path: Path, game: str,
                 deals: int, width: int = 1280, seed: int = 5) -> str:
    """A table of random bots only (a seeded series of ``deals``) made over the API and
    watched to its end; the page's URL."""
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                     client_seeds=True)
    server = live_server(app)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server}/play/?lang=pl")
    made = page.request.post(f"{server}/play/api/tables", data={
        "game": game, "deals": deals, "seed": seed, "bots": ["random"] * GAMES[game][0]})
    assert made.ok, made.text()
    url = f"{server}/play/t/{made.json()['id']}"
    page.goto(url)
    page.wait_for_function("() => document.getElementById('play').dataset.over === '1'",
                           timeout=120000)
    page.wait_for_selector("#result table.reveal")
    return url


@pytest.mark.parametrize("game", sorted(GAMES))
def test_suits_are_drawn_and_the_letters_are_the_games(
        live_server: Callable[[Any], str], page: Page, tmp_path: Path, artifacts_dir: Path,
        game: str) -> None:
    """Issue 25.3: after a deal no suit picture is left in the page's text — each is an
    SVG drawn with a path — and the letters toggle writes the game's own letters."""
    _, label, letters = GAMES[game]
    watch_series(live_server, page, tmp_path, game, 1)
    cards = page.query_selector_all("#result .card")
    assert cards
    for c in cards:  # a hand's card: its rank, then its suit drawn
        icon = c.query_selector("svg.suit-icon path")
        assert icon and icon.get_attribute("d"), c.inner_html()
        assert (c.get_attribute("data-card") or "")[-1] in letters
    text = page.inner_text("#play")
    assert not PICTURES.search(text), PICTURES.findall(text)
    if game == "marias":  # the choice names the trumps and the called card (MARIAS §4.1)
        assert page.query_selector("#auction svg.suit-icon")
    page.screenshot(path=str(artifacts_dir / f"web-suits-{game}.png"), full_page=True)
    toggle = page.inner_text("label:has(#ascii)")
    assert f"({label})" in toggle, toggle
    page.check("#ascii")
    page.wait_for_function("() => !document.querySelector('#result svg.suit-icon')")
    assert not page.query_selector("#play svg.suit-icon")
    for c in page.query_selector_all("#result .card"):  # as records write them
        assert c.inner_text().strip() == c.get_attribute("data-card")
    text = page.inner_text("#play")
    assert not PICTURES.search(text), PICTURES.findall(text)
    if game == "marias":
        assert re.search(r"\b(10|[ATKOU987])[HLBA]\b", page.inner_text("#auction"))
    page.uncheck("#ascii")  # the choice is kept in the browser: leave it as found
