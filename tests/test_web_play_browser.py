"""Baśka in a real browser (Debian's Chromium driven by Playwright) against a real server:
create a table with three bots in the lobby, play a whole deal by clicks, reload the page
in the middle of the deal (the same seat and cards come back), switch hints off and on,
ask for a hint and the review, check that the phone-size page does not scroll sideways,
and keep screenshots of the table in ``test-artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.web.app import create_app

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.browser


def version(page: Any) -> str:
    return str(page.get_attribute("#play", "data-version") or "")


def act(page: Any) -> str:
    """Wait until something is to do: a call, a card, the next deal, or the end."""
    page.wait_for_function(
        """() => document.querySelector('#calls button')
               || document.querySelector('#hand button.legal')
               || document.getElementById('play').dataset.over === '1'""", timeout=15000)
    if page.get_attribute("#play", "data-over") == "1":
        return "over"
    return "call" if page.query_selector("#calls button") else "card"


def click_and_wait(page: Any, selector: str) -> None:
    before = version(page)
    page.click(selector)
    page.wait_for_function(f"() => document.getElementById('play').dataset.version !== "
                           f"'{before}'", timeout=15000)


def test_play_a_deal_in_the_browser(live_server: Callable[[Any], str], page: Any,
                                    artifacts_dir: Path, tmp_path: Path) -> None:
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0)
    server = live_server(app)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{server}/play/?lang=en")
    page.fill("#new-table input[name=name]", "Ala")
    page.select_option("select[name=deals]", "1")
    for s in (1, 2, 3):
        page.select_option(f"select[name=seat{s}]", "heuristic")
    page.click("#create")
    page.wait_for_url("**/play/t/**")
    assert page.get_attribute("#play", "data-seat") == "0"
    page.wait_for_selector("#hand button.card")
    assert len(page.query_selector_all("#hand button.card")) == 4
    hinted = reloaded = False
    cards_played = 0
    for _ in range(40):
        what = act(page)
        if what == "over":
            break
        if not hinted:  # hints off for the table hide the button; on again, it is back
            page.uncheck("#hints-toggle")
            page.wait_for_selector("#btn-hint", state="hidden", timeout=15000)
            page.check("#hints-toggle")
            page.wait_for_selector("#btn-hint", state="visible", timeout=15000)
            page.click("#btn-hint")
            page.wait_for_selector(".message.hint", timeout=20000)
            hinted = True
        if what == "call":
            # the calls offered are exactly the legal ones: pass is always there
            assert page.query_selector("#calls button[data-move=pass]")
            click_and_wait(page, "#calls button[data-move=pass]")
            continue
        hand = page.query_selector_all("#hand button.card")
        for b in hand:  # legal cards playable, the others visibly not
            legal = "legal" in (b.get_attribute("class") or "").split()
            assert b.is_enabled() == legal
            assert legal or float(b.evaluate("e => getComputedStyle(e).opacity")) < 0.5
        if cards_played == 1 and not reloaded:
            held = sorted(b.get_attribute("data-card") for b in hand)
            page.screenshot(path=str(artifacts_dir / "web-play-table-phone.png"), full_page=True)
            page.reload()
            page.wait_for_selector("#hand button.card")
            again = sorted(b.get_attribute("data-card")
                           for b in page.query_selector_all("#hand button.card"))
            assert again == held
            reloaded = True
            continue
        click_and_wait(page, "#hand button.legal")
        cards_played += 1
    assert page.get_attribute("#play", "data-over") == "1"
    assert reloaded or cards_played == 0  # (an honour deal is settled without play)
    # the end of the deal: all hands, payouts, the score sheet, the review
    assert len(page.query_selector_all("#result table.reveal tr")) == 5
    assert len(page.query_selector_all("#sheet table tr")) >= 3
    page.click("#btn-review")
    page.wait_for_selector("#review h3", timeout=30000)
    # on the phone the wide tables scroll inside their boxes: the page itself does not
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for box in ("#sheet", "#auction", "#result"):
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('{box}'))"
                             ".overflowX") == "auto"
    page.screenshot(path=str(artifacts_dir / "web-play-sheet-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.screenshot(path=str(artifacts_dir / "web-play-table.png"), full_page=True)
    assert (artifacts_dir / "web-play-table.png").stat().st_size > 1000
