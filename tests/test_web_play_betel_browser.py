"""Betel in a real browser (Debian's Chromium driven by Playwright) against a real server:
set a Betel table in the lobby (three seats, two heuristic bots, a match to 1000 whose cap
is made one deal) at phone width (390 px) in Polish, exchange the dubel by clicks — take
it, pick two cards of the twelve, lay them back, then a contract, with pas no longer
offered (BETEL §3) — play the deal out by clicks (only legal cards are buttons), and check
the end of the deal (hands as played, the dubel), the sheet, the match's score chart, and
the note of a match stopped at the cap undecided (nobody reached 1000, or a tie at the top
naming a long name; BETEL §5) inside a 375 px phone; screenshots in ``test-artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.games.betel import web
from stolik.web.app import create_app
from test_web_play_browser import act, click_and_wait

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.browser


LONG = "Wierzbicka_Kowalska_Zielinska_Nowakowska"
"""A 40-character name (the lobby's most) with nowhere to break a line."""


def settled(page: Any) -> None:
    """Wait until no card flies (a trick swept toward a side seat may pass the screen's
    edge while it moves)."""
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=5000)


def note_inside(page: Any, words: str, width: int) -> None:
    """The table's note holding ``words`` is shown whole inside a ``width`` px screen, and
    nothing on the page is wider than the screen."""
    page.set_viewport_size({"width": width, "height": 812})
    settled(page)
    notes = page.query_selector_all("#notes .note")
    note = next((n for n in notes if words in n.inner_text()), None)
    assert note is not None, [n.inner_text() for n in notes]
    assert note.is_visible()
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert note.evaluate("n => n.scrollWidth <= n.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_a_betel_deal_with_a_dubel_exchange(live_server: Callable[[Any], str], page: Any,
                                            artifacts_dir: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A Betel deal by clicks on a phone-sized page (issue 12, "Play"): three seats
    (BETEL §1), the dealer speaks first with every dubel action offered, an exchange as a
    pick of two cards — the new dubel known to him alone, no pas after it (BETEL §3) — the
    play to the end, the sheet and chart, and a match to 1000 cut at its cap saying it is
    undecided (BETEL §5)."""
    monkeypatch.setattr(web, "MAX_MATCH_DEALS", 1)  # the cap of a match to 1000, made small
    monkeypatch.setattr(web, "first_dealer_by_lot", lambda seed: 0)  # the lot: seat 0
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    app = create_app(db, bot_delay=0)
    page.goto(live_server(app) + "/play/?lang=pl")
    form = "#new-table-betel"
    assert len(page.query_selector_all(f"{form} select[name^=seat]")) == 3
    assert page.eval_on_selector(f"{form} select[name=deals]", "s => s.value") == "0"  # to 1000
    page.fill(f"{form} input[name=name]", LONG)
    for field, value in (("seat1", "heuristic"), ("seat2", "heuristic")):
        page.select_option(f"{form} select[name={field}]", value)
    page.click("#create-betel")
    page.wait_for_url("**/play/t/**")
    # seat 0 deals and speaks first: ten cards, the dubel face down, every dubel action
    page.wait_for_selector("#calls button[data-move='take']", timeout=10000)
    assert len(page.query_selector_all("#hand button.card")) == 10
    assert page.inner_text("#open-hands .card-row").startswith("dubel")
    assert len(page.query_selector_all("#open-hands .card-back")) == 2
    for move in ("look 1 #1", "look 1 #2", "look 2", "pas", "betelek-3"):
        assert page.query_selector(f"#calls button[data-move='{move}']"), move
    assert page.query_selector("#pos-top").is_hidden()  # three seats: nobody at the top
    click_and_wait(page, "#calls button[data-move='take']")
    page.wait_for_selector("#calls button.pick", timeout=10000)
    cards = page.query_selector_all("#hand button.card")
    assert len(cards) == 12 and page.is_disabled("#calls button.pick")
    laid = [c.get_attribute("data-card") for c in cards[-2:]]
    for code in laid:
        page.click(f"#hand button[data-card='{code}']")
    assert len(page.query_selector_all("#hand button.picked")) == 2
    click_and_wait(page, "#calls button.pick")
    # laid back: ten cards again, the new dubel known to him alone, no pas offered
    page.wait_for_selector("#calls button[data-move='betelek-3']", timeout=10000)
    assert len(page.query_selector_all("#hand button.card")) == 10
    assert page.is_disabled("#calls button[data-move='pas']")  # in the box, disabled
    row = page.query_selector("#open-hands .card-row")
    assert sorted(c.get_attribute("data-card") for c in row.query_selector_all(".card")) == \
        sorted(laid)
    page.screenshot(path=str(artifacts_dir / "web-play-betel-exchange.png"), full_page=True)
    click_and_wait(page, "#calls button[data-move='betelek-3']")
    auction = page.inner_text("#auction")
    assert "bierze dubel" in auction or "dubel" in auction
    shot = False
    for _ in range(40):
        what = act(page)
        if what == "over":
            break
        if what == "card":
            if not shot:
                shot = True
                page.screenshot(path=str(artifacts_dir / "web-play-betel-phone.png"),
                                full_page=True)
            click_and_wait(page, "#hand button.legal")
        else:
            pas = page.query_selector("#calls button[data-move='pas']:enabled")
            click_and_wait(page, "#calls button[data-move='pas']:enabled" if pas
                           else "#calls button[data-move]:enabled")
    assert page.get_attribute("#play", "data-over") == "1"
    # the end: three hands as played, the dubel, the sheet, the chart of the match
    assert len(page.query_selector_all("#result table.reveal tr")) == 5
    assert len(page.query_selector_all("#result tr.dubel .card")) == 2
    assert len(page.query_selector_all("#sheet tr")) == 3  # head, the deal, the totals
    assert len(page.query_selector_all("#chart svg polyline")) == 3
    assert page.query_selector("#chart svg line.target")
    settled(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts_dir / "web-play-betel-end.png"), full_page=True)
    # stopped at the cap undecided (BETEL §5): the note, whole, on a 375 px phone
    note_inside(page, "do 1. rozdania nikt nie osiągnął 1000", 375)
    # two seats share the top past 1000 at the cap: the note names them, the long name
    # included, and still fits (the totals set as a long match would leave them; a second
    # page opens while this one keeps the finished table in memory)
    table_id = page.url.split("/play/t/")[1].split("?")[0]
    app.state.play_hub.table(table_id).match.score.totals = (1040, 1040, -80)
    tie = page.context.new_page()
    try:
        tie.goto(page.url)
        tie.wait_for_selector("#notes .note", timeout=10000)
        note_inside(tie, f"{LONG}, heuristic 1 dzielą prowadzenie (1040 pkt)", 375)
        tie.screenshot(path=str(artifacts_dir / "web-play-betel-undecided-375.png"),
                       full_page=True)
    finally:
        tie.close()


def test_the_bidding_box_on_a_phone(live_server: Callable[[Any], str], page: Any,
                                    artifacts_dir: Path, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 25.6 (BETEL §2, §3): the dealer's first call at 390 px is a bidding box — the
    four dubel actions apart, pas and kontra, five levels of ♣ ♦ ♥ ♠ BA and the betelek
    row: 36 buttons, each at least 40 px each way and inside the screen, no sideways
    scroll; kontra (no contract yet) disabled, not hidden. After a look at both dubel cards
    the box keeps its 36 buttons with the dubel actions disabled, and a contract is called
    from the grid."""
    monkeypatch.setattr(web, "first_dealer_by_lot", lambda seed: 0)  # the lot: seat 0
    page.set_viewport_size({"width": 390, "height": 844})
    db = open_database(f"sqlite:///{tmp_path}/t.db", migrate=True)
    page.goto(live_server(create_app(db, bot_delay=0)) + "/play/?lang=pl")
    form = "#new-table-betel"
    page.fill(f"{form} input[name=name]", "Ala")
    for field in ("seat1", "seat2"):
        page.select_option(f"{form} select[name={field}]", "heuristic")
    page.click("#create-betel")
    page.wait_for_url("**/play/t/**")
    page.wait_for_selector("#calls .bidding-box", timeout=10000)
    settled(page)

    def buttons() -> list[Any]:
        found: list[Any] = page.query_selector_all("#calls .bidding-box button")
        return found

    assert len(buttons()) == 36
    assert [page.inner_text(f"#calls .box-grid button[data-move='{m}']").strip()
            for m in ("betelek-3", "betel")] == ["3", "betel"]
    assert page.is_disabled("#calls button[data-move='kontra']")
    assert page.is_enabled("#calls button[data-move='1C']")
    for b in buttons():
        box = b.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40, \
            (b.get_attribute("data-move"), box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, b.get_attribute("data-move")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts_dir / "web-play-betel-box-390.png"), full_page=True)
    click_and_wait(page, "#calls button[data-move='look 2']")
    page.wait_for_selector("#calls .bidding-box", timeout=10000)
    assert len(buttons()) == 36
    for move in ("look 1 #1", "look 1 #2", "look 2", "take", "kontra"):
        assert page.is_disabled(f"#calls button[data-move='{move}']"), move
    assert page.is_enabled("#calls button[data-move='pas']")
    click_and_wait(page, "#calls button[data-move='2BA']")
    assert "Dwa bez atu" in page.inner_text("#auction")
