"""A live web table's record (``/play/t/ID/record.toml``) and hidden cards.

A record holds every settled deal whole. In Mariáš that includes the four hands and the
laid trump card of a deal thrown in for want of re, which the table never shows (MARIAS
§4.5); in Betel the dubel as dealt and the two cards laid back after an exchange, which
the table never names to the others (BETEL §3). So during the series the record of such a
game (its registration's ``live_record_hides_cards``) is not served and no page links to
it; once the series is over it is served whole, as before. Every Baśka deal ends with all
four hands shown (RULES §1: every card is dealt), so Baśka's record is still served during
the series.

The tables here have a person's seat left open: nothing moves but what the test applies
to the table's match (no bot, no WebSocket), so no test waits on a socket."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.games import game, games
from stolik.web.app import create_app
from stolik.web.play.game import Match, forced_move

Policy = Callable[[Match], tuple[int, str]]


def make_app(tmp_path: Path) -> Any:
    return create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                      client_seeds=True)


def open_table(c: TestClient, game_id: str, seed: int, deals: int = 2) -> str:
    """A table of people only, dealt from ``seed``: Ala sits at seat 0 and deals first
    (named: Betel draws the first dealer by lot otherwise, BETEL §1), the other seats
    stay open, so the table never starts by itself."""
    r = c.post("/play/api/tables", json={
        "game": game_id, "name": "Ala", "deals": deals, "seed": seed, "first_dealer": 0,
        "bots": [None] * game(game_id).seats})
    assert r.status_code == 200, r.text
    tid: str = r.json()["id"]
    return tid


def legal(m: Match, seat: int) -> list[str]:
    """The moves ``seat`` may make: its state's buttons, else the forced move the table
    makes for a person (a lone nic or pass, issue 25.9: no button is shown for it)."""
    moves = [x["move"] for x in m.state(seat, "en")["deal"]["legal"]]
    forced = forced_move(m, seat)
    return moves or ([forced] if forced is not None else [])


def marias_no_re(m: Match) -> tuple[int, str]:
    """Mariáš: everybody approves, the chooser says hra, a defender fleks it and nobody
    says re — the deal is thrown in (MARIAS §4.5) whenever the hands allow a plain hra."""
    seat = m.to_act()
    assert seat is not None
    moves = legal(m, seat)
    return seat, next((w for w in ("dobry", "hra", "flek hra", "pass") if w in moves),
                      moves[0])


def betel_exchange(m: Match) -> tuple[int, str]:
    """Betel: seat 0 (first to speak) takes the dubel, lays back its first two cards and
    bids the lowest contract; the others pass; then the first legal card (BETEL §3)."""
    seat = m.to_act()
    assert seat is not None
    deal = m.state(seat, "en")["deal"]
    moves = [x["move"] for x in deal["legal"]]
    if moves == ["lay"]:
        return seat, "lay " + " ".join(deal["hand"][:2])
    if seat == 0 and "take" in moves and not m.deal.log:  # type: ignore[attr-defined]
        return seat, "take"
    calls = [w for w in moves if not w.startswith(("look", "take"))]
    if "pas" in calls and (seat != 0 or len(calls) == 1):
        return seat, "pas"
    return seat, calls[0]


def first_legal(m: Match) -> tuple[int, str]:
    seat = m.to_act()
    assert seat is not None
    return seat, legal(m, seat)[0]


def settle(m: Match, policy: Policy) -> None:
    """Play the deal on the table to its end."""
    for _ in range(400):
        seat = m.to_act()
        if seat is None:
            return
        _, move = policy(m)
        assert m.why_not(seat, move) is None, (seat, move)
        m.apply(seat, move)
    raise AssertionError("the deal did not end")


def first_deal_settled(c: TestClient, game_id: str, seed: int,
                       policy: Policy) -> tuple[str, Any]:
    """A new table (:func:`open_table`) whose first deal ``policy`` played to its end: its
    id and its match, one deal settled, the series not over."""
    tid = open_table(c, game_id, seed)
    m = c.app.state.play_hub.table(tid).match  # type: ignore[attr-defined]
    settle(m, policy)
    assert m.finished_deals() == 1 and not m.is_over()
    return tid, m


def hidden_lines(record: str, keys: tuple[str, ...]) -> list[str]:
    """The lines of ``record`` that start with one of ``keys`` (what the table hid)."""
    return [x for x in record.splitlines() if x.startswith(keys)]


def withheld_then_whole(c: TestClient, app: Any, game_id: str, tid: str, policy: Policy,
                        hidden: list[str]) -> None:
    """During the series the record is refused with the page saying when it comes, no
    page links to it and no byte of ``hidden`` is served; after the last deal the whole
    record is served, ``hidden`` in it, and the table page links to it."""
    m = app.state.play_hub.table(tid).match
    url = f"/play/t/{tid}/record.toml"
    said = {"en": "available when the series ends", "pl": "po zakończeniu serii",
            "cs": "po skončení série"}
    for lang in ("en", "pl", "cs"):
        r = c.get(f"{url}?lang={lang}")
        words = said[lang]  # Czech at every game's table since issue 25.1
        assert r.status_code == 403 and words in r.text, (lang, r.text)
        assert "[[deal]]" not in r.text and f"/play/t/{tid}\"" in r.text
        for line in hidden:
            assert line not in r.text
        page = c.get(f"/play/t/{tid}?lang={lang}").text
        assert url not in page and said[lang] in page
    for other in ("/play/", "/play/history"):
        assert url not in c.get(other).text
    while not m.is_over():
        m.next_deal()
        settle(m, policy)
    r = c.get(url)
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/toml")
    assert r.text.count("[[deal]]") == 2
    for line in hidden:
        assert line in r.text
    page = c.get(f"/play/t/{tid}?lang=en").text
    assert url in page and "available when the series ends" not in page


def test_games_that_hide_cards_are_named_in_their_registration() -> None:
    """MARIAS §4.5, BETEL §3 and LICITOVANY §3 (the talon and the discard) hide cards of
    settled deals; Baśka shows every deal."""
    assert {g.id: g.live_record_hides_cards for g in games()} == {
        "baska": False, "betel": True, "licitovany": True, "marias": True}


def test_marias_deal_thrown_in_without_re_stays_hidden_until_the_series_ends(
        tmp_path: Path) -> None:
    """MARIAS §4.5: the hands and the laid trump card of a deal thrown in for want of re
    are never shown at the table; the record of the series so far is not served."""
    with TestClient(make_app(tmp_path)) as c:
        app: Any = c.app
        for seed in range(20):
            tid, m = first_deal_settled(c, "marias", seed, marias_no_re)
            if m.deal.pos.end == "no-re":
                break
        else:
            pytest.fail("no seed gave a deal thrown in for want of re")
        # the table's own page shows no hand of the thrown-in deal but the seat's own
        result = m.state(None, "en")["result"]
        assert result["hands"] == [[], [], [], []]
        whole = m.record()
        hidden = hidden_lines(whole, ("hands", "choice"))
        assert len(hidden) == 2 and "trump=" in hidden[1]
        withheld_then_whole(c, app, "marias", tid, marias_no_re, hidden)


def test_betel_dubel_as_dealt_and_laid_back_stays_hidden_until_the_series_ends(
        tmp_path: Path) -> None:
    """BETEL §3: the dubel as dealt and the two cards laid back after an exchange are
    never named to the other seats; the record of the series so far is not served."""
    with TestClient(make_app(tmp_path)) as c:
        app: Any = c.app
        tid, m = first_deal_settled(c, "betel", 3, betel_exchange)
        whole = m.record()
        hidden = hidden_lines(whole, ("dubel", "auction"))
        assert len(hidden) == 2 and "exchange" in hidden[1]
        withheld_then_whole(c, app, "betel", tid, betel_exchange, hidden)


def test_baska_record_is_still_served_during_the_series(tmp_path: Path) -> None:
    """RULES §1, §11: every Baśka card is dealt and shown at the deal's end, so the
    record of the deals settled so far is served during the series, and linked."""
    with TestClient(make_app(tmp_path)) as c:
        tid, m = first_deal_settled(c, "baska", 5, first_legal)
        shown = m.state(None, "en")["result"]["hands"]
        assert sum(len(h) for h in shown) == 16
        r = c.get(f"/play/t/{tid}/record.toml")
        assert r.status_code == 200 and r.text == m.record() and "[[deal]]" in r.text
        assert f"/play/t/{tid}/record.toml" in c.get(f"/play/t/{tid}").text
