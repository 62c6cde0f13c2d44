"""Licitovaný mariáš in a real browser (Debian's Chromium driven by Playwright) against a
real server (issue 28.4): a table made in the lobby against two heuristic bots, a whole
deal played by clicks — the licitace (the person bids the top rung at once, so that he is
the aktér), the talon taken and two cards picked in the hand to lay away, the contract,
the fleky, the cards — until the deal's money is shown; in Czech on a phone (360 × 740)
and in English at desktop width. The page speaks one language (no message ids, no rule
references), the hand, the talon (face down, then to the aktér alone) and the trick are
drawn, and nothing scrolls sideways on the phone; screenshots in ``test-artifacts/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play import game as play_game
from test_web_play_browser import click_and_wait

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.browser

MONEY = re.compile(r"-?\d+,\d\d Kč")
IDS = re.compile(r"\b(?:lic|lsheet|play|err|btui|li)-[a-z][a-z-]*\b")
"""A message id shown instead of its text."""
WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "cs": (("Rozdání", "Licitace"), ("Deal", "Your move", "Auction")),
    "en": (("Deal", "Auction"), ("Rozdání", "Jste na tahu", "výplata", "Licitace")),
    "pl": (("Rozdanie", "Licytacja"), ("Deal", "Rozdání", "Jste na tahu", "Auction"))}
"""Per language: words the page must show, and the other language's it must not."""
TURN = {"cs": "Jste na tahu", "en": "Your move", "pl": "Twój ruch"}
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
SECRET = "5" * 64
"""Every table's secret in these tests: its deals give the person a flek to say as a
defender in the second or third deal (passed 3 times in each language; with fresh secrets
the test failed 1 run in 4)."""


def act(page: Any) -> str:
    """Wait until something is to do: a call, cards to pick, a card, or the deal's end."""
    page.wait_for_function(
        """() => document.querySelector('#calls button')
               || document.querySelector('#hand button.legal')
               || document.querySelector('#result h3')""", timeout=30000)
    if page.query_selector("#result h3"):
        return "end"
    if page.query_selector("#calls button.pick"):
        return "pick"
    return "call" if page.query_selector("#calls button") else "card"


def moves(page: Any) -> list[str]:
    return [str(b.get_attribute("data-move"))
            for b in page.query_selector_all("#calls button[data-move]")]


def one_language(page: Any, lang: str, *, mine: bool = False) -> None:
    """The page's text: the language's own words (``mine``: that it is the person's
    turn), no other language's, no message id, no rule reference."""
    text = page.inner_text("body")
    must, never = WORDS[lang]
    must += (TURN[lang],) if mine else ()
    for word in must:
        assert word in text, (lang, word)
    for word in never:
        assert word not in text, (lang, word)
    assert not IDS.search(text), IDS.search(text)
    assert "§" not in text and "LICITOVANY" not in text


def no_sideways_scroll(page: Any, width: int) -> None:
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=5000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def talon_row(page: Any) -> tuple[int, list[str]]:
    """The talon on the felt: its cards lying face down, and those named."""
    row = next((r for r in page.query_selector_all("#open-hands .card-row")
                if r.inner_text().startswith("talon")), None)
    if row is None:
        return 0, []
    return (len(row.query_selector_all(".card-back")),
            [str(c.get_attribute("data-card")) for c in row.query_selector_all("[data-card]")])


def call(page: Any, bid: bool, flek: list[str]) -> str:
    """The person's call: in the licitace the top rung at once or mám (``bid``), else
    dobrá; the first contract; one flek or re, then dobrá."""
    offered = moves(page)
    bids = [m for m in offered if m not in ("dobra", "mam") and " " not in m]
    fleks = [m for m in offered if m.startswith(("flek ", "re "))]
    contracts = [m for m in offered if m.startswith("contract ")]
    if bid and "mam" in offered:
        choice = "mam"
    elif bid and bids:
        choice = bids[-1]
    elif contracts:
        choice = contracts[0]
    elif fleks and not flek:
        choice = fleks[0]
        flek.append(choice)
    else:
        choice = "dobra" if "dobra" in offered else offered[0]
    click_and_wait(page, f"#calls button[data-move='{choice}']")
    return choice


def open_table(page: Any, server: str, lang: str, size: dict[str, int]) -> None:
    """A licitovaný table of three made in the lobby: the person and two heuristic bots
    (the form's fourth seat is for a table of four, LICITOVANY §8)."""
    page.set_viewport_size(size)
    page.goto(f"{server}/play/?lang={lang}")
    form = "#new-table-licitovany"
    assert len(page.query_selector_all(f"{form} select[name^=seat]")) == 4
    assert page.input_value(f"{form} select[name=players]") == "3"
    page.fill(f"{form} input[name=name]", "Ala")
    page.select_option(f"{form} select[name=deals]", "3")
    for field in ("seat1", "seat2"):
        page.select_option(f"{form} select[name={field}]", "heuristic")
    page.click("#create-licitovany")
    page.wait_for_url("**/play/t/**")


def lay_away(page: Any) -> None:
    """The aktér: twelve cards, the talon's two shown to him; two cards picked in the
    hand (never an ace, a ten or a seven) go to the talon, shown to him alone."""
    cards = [str(b.get_attribute("data-card"))
             for b in page.query_selector_all("#hand button.card")]
    backs, talon = talon_row(page)
    assert len(cards) == 12 and backs == 0 and len(talon) == 2, (cards, talon)
    assert set(talon) <= set(cards)
    assert page.is_disabled("#calls button.pick")
    low = [c for c in cards if c[0] not in "AT7"][:2]
    for code in low:
        page.click(f"#hand button[data-card='{code}']")
    assert len(page.query_selector_all("#hand button.picked")) == 2
    click_and_wait(page, "#calls button.pick")
    page.wait_for_function(
        "() => document.querySelectorAll('#hand button.card').length === 10", timeout=20000)
    assert sorted(talon_row(page)[1]) == sorted(low)


def play_a_deal(page: Any, lang: str, bid: bool, shots: Path) -> tuple[dict[str, int],
                                                                       list[str]]:
    """A deal by clicks until its money is shown: what was to do how often, what the
    person said. The language checked at each first step, the width on a phone."""
    width = page.viewport_size["width"]
    page.wait_for_selector("#hand button.card", timeout=20000)
    if act(page) != "pick":  # (the forhont takes the talon unasked when both say dobrá)
        assert len(page.query_selector_all("#hand button.card")) == 10
        assert talon_row(page) == (2, [])  # face down in the licitace
    seen: dict[str, int] = {}
    said: list[str] = []
    flek: list[str] = []
    for _ in range(120):
        what = act(page)
        seen[what] = seen.get(what, 0) + 1
        if what == "end":
            break
        if seen[what] == 1:
            one_language(page, lang, mine=True)
            if width < 600:
                no_sideways_scroll(page, width)
            page.screenshot(path=str(shots.with_name(f"{shots.stem}-{what}.png")),
                            full_page=True)
        if what == "pick":
            lay_away(page)
        elif what == "call":
            said.append(call(page, bid, flek))
        else:
            if "pick" not in seen and seen["card"] == 1:  # a defender: the talon face down
                assert talon_row(page) == (2, []), talon_row(page)
            if page.query_selector_all("#trick-cards .card-face"):
                seen["trick"] = seen.get("trick", 0) + 1
            click_and_wait(page, "#hand button.legal")
    else:
        raise AssertionError(f"the deal does not end: {seen}")
    # the end of the deal: the cards as played, the money in Kč, on the sheet too
    result = page.inner_text("#result")
    assert MONEY.search(result), result
    assert MONEY.search(page.inner_text("#sheet"))
    assert len(page.query_selector_all("#result table.reveal tr")) == 4  # head, 3 seats
    one_language(page, lang)
    page.screenshot(path=str(shots.with_name(f"{shots.stem}-end.png")), full_page=True)
    return seen, said


def two_deals(page: Any, server: str, lang: str, size: dict[str, int], shots: Path) -> None:
    """The first deal bid up to the top rung at once (the person the aktér: the talon,
    the discard, the contract), the next with dobrá (a defender: a flek); then the
    phone's width."""
    open_table(page, server, lang, size)
    seen, said = play_a_deal(page, lang, True, shots)
    assert seen.get("pick") == 1, (seen, said)  # the person was the aktér
    assert any(s.startswith("contract ") for s in said), said
    assert seen.get("card", 0) >= 1 and seen.get("trick", 0) >= 1, seen
    assert len(page.query_selector_all("#sheet tr")) == 3  # head, the deal, the totals
    page.click("#btn-review")  # the person's cards checked with every hand open (§3, §6)
    page.wait_for_selector("#review li, #review p", timeout=30000)
    assert "double-dummy" in page.inner_text("#review")
    one_language(page, lang)
    for deal in (2, 3):  # a defender flekuje (none where the aktér says omyl)
        click_and_wait(page, "#btn-next")
        page.wait_for_function("() => !document.querySelector('#result h3')", timeout=20000)
        seen, said = play_a_deal(page, lang, False, shots.with_name(f"{shots.stem}-{deal}.png"))
        assert len(page.query_selector_all("#sheet tr")) == deal + 2
        if any(s.startswith("flek ") for s in said):
            break
    else:
        raise AssertionError(f"no flek said as a defender: {said}")
    auction = page.inner_text("#auction")
    assert "flek" in auction and not re.search(r"\(\d\)", auction), auction  # by name
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page, PHONE["width"])


@pytest.mark.parametrize(("lang", "size", "shot"), [
    ("cs", PHONE, "web-play-licitovany-cs-phone.png"),
    ("en", DESKTOP, "web-play-licitovany-en.png"),
    ("pl", {"width": 390, "height": 844}, "web-play-licitovany-pl-phone.png")],
    ids=["czech-phone", "english-desktop", "polish-phone"])
def test_a_licitovany_table_by_clicks(live_server: Callable[[Any], str], page: Any,
                                      artifacts_dir: Path, tmp_path: Path, lang: str,
                                      size: dict[str, int], shot: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Czech first on a phone, then English at desktop width, and Polish on a phone:
    two deals or three each."""
    # The deals fixed (the table's secret): with a server's fresh one some series give the
    # person no flek to say in the deals the test plays, and the test failed by chance.
    monkeypatch.setattr(play_game, "new_secret", lambda: SECRET)
    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0)
    two_deals(page, live_server(app), lang, size, artifacts_dir / shot)
