"""Betel at a web table (issue 12, "Play"): matches over the API and the WebSocket against
bots, every dubel action (BETEL §3) at the table, restart resume; hidden information
extended to the dubel — no message to a seat names a dubel card it did not look at, take
or lay back itself (BETEL §3), two layouts that differ only in cards a seat cannot see
(dubel cards it has not looked at included) give that seat identical messages, and a
spectator sees no hand and no dubel card. Every WebSocket receive waits at most 10 s."""

from __future__ import annotations

import json
import queue
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.games.betel.deck import ASCII_NAMES, NAMES
from stolik.games.betel.record import loads_document, parse_record, replay
from stolik.games.betel.state import Deal
from stolik.games.betel.web import BetelKind, BetelMatch
from stolik.games.betel.web_view import card_words
from stolik.web.app import create_app
from stolik.web.play.game import Played, SeatSpec
from test_web_play_durable import receiver

Msg = dict[str, Any]
BOTS: list[str | None] = [None, "heuristic", "random"]


def match(seed: int, deals: int = 1, bots: list[str | None] | None = None) -> BetelMatch:
    kind = BetelKind()
    cfg = kind.check_config({"deals": deals, "seed": seed, "first_dealer": 0})
    return kind.new_match(cfg, [SeatSpec(bot=b, name=f"P{s}")
                                for s, b in enumerate(bots or [None] * 3)], lambda p: None)


def chooser(rng: random.Random, m: BetelMatch) -> str:
    """A move for the seat to act that uses the dubel often (BETEL §3): looks at one card
    or both, exchanges (laying back two random cards), else mostly passes so that the
    auction ends; in the play a random legal card."""
    seat = m.to_act()
    assert seat is not None
    legal: list[str] = [x["move"] for x in m.state(seat, "en")["deal"]["legal"]]
    if legal == ["lay"]:
        hand: list[str] = m.state(seat, "en")["deal"]["hand"]
        return "lay " + " ".join(rng.sample(hand, 2))
    looks = [x for x in legal if x.startswith("look")]
    if looks and rng.random() < 0.35:
        return rng.choice(looks)
    if "take" in legal and rng.random() < 0.25:
        return "take"
    if "pas" in legal and rng.random() < 0.6:
        return "pas"
    calls = [x for x in legal if not x.startswith(("look", "take"))]
    return rng.choice(calls)


def allowed(m: BetelMatch, seat: int | None) -> set[str]:
    """The cards ``seat`` may know now: its hand, the dubel cards it saw (looked at, took
    or laid back), every card played; once the deal is played out, every card (the two
    left are the dubel, counted by everyone)."""
    d = m.deal
    if d.is_over and len(d.history) == 10:
        return set(ASCII_NAMES)
    known: set[int] = {c for t in d.history for c in t.cards} | {c for _, c in d.pos.trick}
    if seat is not None:
        view = d.view(seat)
        known |= set(view.hand) | set(view.dubel_seen)
    return {ASCII_NAMES[c] for c in known}


def test_no_message_names_a_dubel_card_the_seat_did_not_see() -> None:
    """BETEL §3: each state (both languages) and each echoed move, for every seat and a
    spectator, names only cards the rules let that seat know — while every dubel action
    comes up many times."""
    rng = random.Random(12)
    steps = {"look 1": 0, "look 2": 0, "take": 0, "lay": 0}
    for seed in range(12):
        m = match(seed)
        while not m.deal.is_over:
            for seat in (None, 0, 1, 2):
                for lang in ("en", "pl"):
                    msg = m.state(seat, lang)
                    extra = card_words(msg) - allowed(m, seat)
                    assert not extra, (seed, seat, len(m.deal.log), sorted(extra))
                if seat is None:
                    d = msg["deal"]
                    assert d["hand"] == [] and d["legal"] == []
                    assert all(c is None for r in d["card_rows"] for c in r["cards"])
            s = m.to_act()
            assert s is not None
            move = chooser(rng, m)
            for key in steps:
                steps[key] += move.startswith(key)
            m.apply(s, move)
            for other in (None, 0, 1, 2):  # the move as echoed to the table
                seen = m.seen_move(other, Played(s, move))
                if other != s and move.startswith("lay"):
                    assert seen == "lay"
        assert m.state(0, "en")["result"] is not None
    assert min(steps.values()) >= 5, steps


def _hidden_places(deal: Deal, seat: int) -> list[tuple[int, int]]:
    """The places (hand 0–2 or 3 = the dubel, index) of the dealt cards ``seat`` has not
    seen: the others' hands and the dubel cards it has not looked at."""
    seen = set(deal.view(seat).dubel_seen)
    places = [(h, i) for h in range(3) if h != seat for i in range(10)]
    places += [(3, i) for i, c in enumerate(deal.dealt_dubel) if c not in seen]
    return places


def _swapped(deal: Deal, a: tuple[int, int], b: tuple[int, int]) -> Deal | None:
    """The same deal, the dealt cards at places ``a`` and ``b`` swapped, its log replayed
    (None when the other layout refuses a move of it)."""
    cards = [list(h) for h in deal.dealt] + [list(deal.dealt_dubel)]
    cards[a[0]][a[1]], cards[b[0]][b[1]] = cards[b[0]][b[1]], cards[a[0]][a[1]]
    out = Deal(deal.rs, deal.dealer, cards[:3], cards[3])
    try:
        for op in deal.log:
            out.apply(op)
    except ValueError:
        return None
    return out


def _twins_agree(m: BetelMatch, twin: BetelMatch, other: Deal, seat: int) -> bool:
    """Whether ``other`` is a twin of ``m``'s deal for ``seat`` (the same SeatView); if so,
    it must give the seat the very same messages in both languages."""
    if other.view(seat) != m.deal.view(seat):
        return False
    twin.deal = other
    mine = [json.dumps(m.state(seat, lang)) for lang in ("en", "pl")]
    theirs = [json.dumps(twin.state(seat, lang)) for lang in ("en", "pl")]
    assert mine == theirs, (seat, len(m.deal.log))
    return True


def test_twin_layouts_give_a_seat_identical_messages() -> None:
    """Two layouts the seat cannot tell apart (the same SeatView) give it the same state
    message in both languages — among them layouts whose dubel differs in a card the seat
    has not looked at, also after it looked at the other card (BETEL §3)."""
    rng = random.Random(5)
    compared = dubel = after_look = 0
    for seed in range(10):
        m = match(seed)
        twin = match(seed)
        while not m.deal.is_over:
            d = m.deal
            for seat in range(3):
                places = _hidden_places(d, seat)
                for _ in range(3):
                    a, b = rng.sample(places, 2)
                    if rng.random() < 0.5 and any(p[0] == 3 for p in places):
                        a = rng.choice([p for p in places if p[0] == 3])
                        b = rng.choice([p for p in places if p != a])
                    other = _swapped(d, a, b)
                    if other is None or not _twins_agree(m, twin, other, seat):
                        continue
                    compared += 1
                    if 3 in (a[0], b[0]) and other.pos.dubel != d.pos.dubel:
                        dubel += 1
                        after_look += any(x is not None for x in d.view(seat).dubel)
            s = m.to_act()
            assert s is not None
            m.apply(s, chooser(rng, m))
    assert compared > 500 and dubel > 100 and after_look > 5, (compared, dubel, after_look)


def test_the_checker_and_the_twins_can_fail() -> None:
    """The property is no stub: a dubel card in a message is caught, and once the seat has
    looked at a dubel card (BETEL §3: shown to the looker only), a twin with another card
    there gives it another message."""
    m = match(3)
    m.apply(0, "look 1 #1")
    looked = m.deal.pos.dubel[0]
    hidden = m.deal.pos.dubel[1]
    assert ASCII_NAMES[hidden] in card_words({"x": [f"P1 holds {NAMES[hidden]}."]})
    assert ASCII_NAMES[hidden] not in allowed(m, 0)
    assert ASCII_NAMES[looked] in allowed(m, 0) and ASCII_NAMES[looked] not in allowed(m, 1)
    assert ASCII_NAMES[looked] in card_words(m.state(0, "en"))
    twin = match(3)
    other = _swapped(m.deal, (3, 0), (1, 4))
    assert other is not None
    twin.deal = other
    assert twin.state(0, "en") != m.state(0, "en")  # seat 0 saw that card
    assert twin.state(2, "en") == m.state(2, "en")  # seat 2 did not


def test_every_dubel_action_at_the_table() -> None:
    """BETEL §3 at a web table: a dubel card by its place only (the record's ``look 1
    <card>`` would answer whether the card lies there), the look shown to the looker alone,
    an exchange as a pick of two cards, no pass after it, contracts strictly higher, kontra
    never on one's own contract."""
    m = match(4)
    assert m.to_act() == 0
    said = m.why_not(0, "look 1 " + ASCII_NAMES[m.deal.pos.dubel[0]])
    assert said is not None and "by its place" in said
    assert m.why_not(0, "look 1 " + ASCII_NAMES[m.deal.dealt[1][0]]) == said  # the same
    legal = [x["move"] for x in m.state(0, "en")["deal"]["legal"]]
    assert legal[:5] == ["look 1 #1", "look 1 #2", "look 2", "take", "pas"]
    assert "kontra" not in legal and "betelek-3" in legal and "szlem-BA" in legal
    m.apply(0, "1H")
    legal = [x["move"] for x in m.state(1, "en")["deal"]["legal"]]
    assert "1D" not in legal and "1H" not in legal and "1S" in legal and "kontra" in legal
    assert m.why_not(1, "1C") is not None and "higher" in str(m.why_not(1, "1C"))
    m.apply(1, "take")
    d1 = m.state(1, "en")["deal"]
    assert d1["legal"] == [{"move": "lay", "pick": 2, "label": "lay the two chosen cards back"}]
    assert len(d1["hand"]) == 12 and any("lay back" in n for n in d1["notes"])
    taken = [c for c in d1["hand"] if c not in m.state(0, "en")["deal"]["hand"]]
    assert m.why_not(1, "lay " + m.state(0, "en")["deal"]["hand"][0] + " " + d1["hand"][0])
    assert m.why_not(1, "pas") is not None
    lay = f"lay {d1['hand'][0]} {d1['hand'][1]}"
    m.apply(1, lay)
    d1 = m.state(1, "en")["deal"]
    assert d1["card_rows"][0]["cards"] == d1["hand"][:0] + lay.split()[1:]
    assert "pas" not in [x["move"] for x in d1["legal"]] and m.why_not(1, "pas") is not None
    assert any("may not pass" in n for n in d1["notes"])
    for seat in (0, 2, None):  # the others read that he laid two back, not which
        d = m.state(seat, "en")["deal"]
        assert d["calls"][-1][2] == "lays two cards back"
        assert d["card_rows"][0]["cards"] == [None, None]
        assert not (set(lay.split()[1:]) | set(taken)) & card_words(d)
    m.apply(1, "kontra" if m.why_not(1, "kontra") is None else "2S")
    assert m.state(1, "en")["deal"]["calls"][-1][2] in ("kontra", "Dwa piki")
    assert m.why_not(2, "look 1 #1") is None and m.why_not(2, "look 1 #3") is not None


def next_state(q: queue.Queue[Msg]) -> Msg:
    """The next ``state`` message, each receive waiting at most 10 s."""
    while True:
        m = q.get(timeout=10)
        if m["type"] == "state":
            return m


def play_seat(q: queue.Queue[Msg], ws: Any, seat: int, rng: random.Random,
              stop: Any = None, first: Msg | None = None) -> Msg:
    """Play ``seat`` from the state ``first`` (else the next) until the match is over (or
    ``stop(state)``): an exchange at its first call when offered (two cards of its hand
    laid back), else a look now and then, a pass where it may, else the first call or
    card; the next deal when due."""
    took = False
    while True:
        m, first = first or next_state(q), None
        d = m["deal"]
        if m["over"] or (stop is not None and stop(m)):
            return m
        if m["waiting_next"] and seat not in m["ready"]:
            ws.send_json({"type": "next"})
        elif d["to_act"] == seat and d["legal"]:
            moves = [x["move"] for x in d["legal"]]
            if moves == ["lay"]:
                move = "lay " + " ".join(rng.sample(d["hand"], 2))
            elif "take" in moves and not took:
                move, took = "take", True
            elif "look 1 #2" in moves and rng.random() < 0.3:
                move = "look 1 #2"
            elif "pas" in moves:
                move = "pas"
            else:
                move = moves[0] if d["phase"] == "play" else next(
                    x for x in moves if not x.startswith(("look", "take")))
            ws.send_json({"type": "move", "move": move})


def make_app(tmp_path: Path) -> Any:
    return create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                      client_seeds=True)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_match_over_the_api_and_the_websocket(tmp_path: Path, seed: int) -> None:
    """Two deals against a heuristic and a random bot, watched by a spectator: the sheet,
    the chart (BETEL §5: the totals toward 1000), the end of each deal, a hint, the record
    replaying to the same totals (BETEL §6); the spectator is sent no hand and no card laid
    back in an exchange (BETEL §3)."""
    with TestClient(make_app(tmp_path)) as c:
        r = c.post("/play/api/tables", json={"game": "betel", "name": "Ala", "deals": 2,
                                             "seed": seed, "hints": True, "bots": BOTS,
                                             "first_dealer": 0})
        assert r.status_code == 200, r.text
        tid, token = r.json()["id"], r.json()["token"]
        c.cookies.clear()
        with c.websocket_connect(f"/play/ws/{tid}?lang=en") as watcher:
            watched = receiver(watcher)
            c.cookies.set("stolik_player", token)
            with c.websocket_connect(f"/play/ws/{tid}?lang=en") as ws:
                got = receiver(ws)
                first = next_state(got)
                assert first["seat"] == 0 and len(first["players"]) == 3
                ws.send_json({"type": "hint"})
                while (hint := got.get(timeout=10))["type"] != "hint":
                    pass
                assert hint["text"].startswith("The strongest bot (expert")
                assert "would choose: " in hint["text"]
                last = play_seat(got, ws, 0, random.Random(seed), first=first)
                ws.send_json({"type": "review"})
                while (review := got.get(timeout=60))["type"] != "review":
                    pass
                assert review["items"][0].startswith("Checked with every hand open")
                assert len(review["items"]) >= 2
        seen = []
        while True:  # everything the spectator was sent
            try:
                seen.append(watched.get(timeout=0.5))
            except queue.Empty:
                break
    states = [x for x in seen if x["type"] == "state"]
    assert states and states[-1]["over"]
    for x in states:
        d = x["deal"]
        assert x["seat"] is None and d["hand"] == [] and d["legal"] == []
        assert all(c is None for row in d["card_rows"] for c in row["cards"])
        for _, move in x["event"]["moves"]:
            assert not move.startswith("lay ")  # the laid cards are not echoed
        if x["result"] is None:  # before a deal's end: no card but those on the felt
            lt = d["last_trick"]["cards"] if d["last_trick"] else []
            assert card_words(d) <= {c for _, c in d["trick"] + lt}
    assert last["over"] and len(last["sheet"]) == 2 and last["result"] is not None
    assert len(last["result"]["hands"]) == 3 and len(last["result"]["dubel"]) == 2
    chart = last["chart"]
    assert chart["target"] == 1000 and all(len(s) == 3 for s in chart["series"])
    assert [s[-1] for s in chart["series"]] == last["totals"] == last["sheet"][-1]["running"]
    with TestClient(make_app(tmp_path)) as c:  # the record, the lobby, the page
        rec = c.get(f"/play/t/{tid}/record.toml")
        assert rec.status_code == 200 and f"seed {seed}" in rec.text
        series = replay(parse_record(loads_document(rec.text, "toml")))
        assert list(series.totals) == last["totals"]
        assert "exchange" in rec.text  # seat 0 exchanged at its first call
        lobby = c.get("/play/?lang=en").text
        form = lobby.split('id="new-table-betel"')[1].split("</form>")[0]
        assert 'name="seat2"' in form and 'name="seat3"' not in form
        assert ">to 1000<" in form
        assert c.get(f"/play/t/{tid}").status_code == 200


def test_the_lobby_form_sets_a_three_seat_match_to_the_target(tmp_path: Path) -> None:
    """The lobby's Betel form makes a table of three seats (BETEL §1), a person and two
    bots, whose 0 deals is a match to the ruleset's target, 1000 (BETEL §5)."""
    with TestClient(make_app(tmp_path)) as c:
        r = c.post("/play/tables", data={"game": "betel", "name": "Ala", "deals": "0",
                                         "seat0": "me", "seat1": "heuristic",
                                         "seat2": "random"}, follow_redirects=False)
        assert r.status_code == 303, r.text
        tid = r.headers["location"].rsplit("/", 1)[1]
        with c.websocket_connect(f"/play/ws/{tid}?lang=pl") as ws:
            m = next_state(receiver(ws))
        assert m["seat"] == 0 and m["bots"] == [None, "heuristic", "random"]
        assert m["deals"] == 0 and m["deals_text"] == " · do 1000"
        assert "1000" in c.get("/play/?lang=pl").text


def test_a_table_resumes_after_a_restart(tmp_path: Path) -> None:
    """The op log — dubel looks, an exchange, calls, cards (BETEL §3, §4) — replays the
    match to where it stood; the seat sees what it saw (its own dubel cards included,
    BETEL §3)."""
    url = f"sqlite:///{tmp_path}/t.db"
    app = create_app(open_database(url, migrate=True), bot_delay=0, client_seeds=True)
    with TestClient(app) as c:
        made = c.post("/play/api/tables", json={
            "game": "betel", "name": "Ala", "deals": 3, "seed": 11,
            "bots": [None, "random", "heuristic"]}).json()
        tid = made["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            before = play_seat(receiver(ws), ws, 0, random.Random(1), stop=lambda m: (
                m["deal"]["number"] == 2 and m["deal"]["to_act"] == 0
                and m["deal"]["phase"] == "play"))
    assert not before["over"]
    app = create_app(open_database(url, migrate=True), bot_delay=0, client_seeds=True)
    with TestClient(app) as c:
        c.cookies.set("stolik_player", made["token"])
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            again = next_state(receiver(ws))
        assert again["seat"] == 0 and again["deal"]["hand"]
        for key in ("hand", "calls", "trick", "legal", "notes", "number", "card_rows"):
            assert again["deal"][key] == before["deal"][key], key
        assert again["sheet"] == before["sheet"] and again["chart"] == before["chart"]


def test_a_match_to_the_target_cut_by_the_table_says_it_is_undecided() -> None:
    """BETEL §5 plays on until somebody has the target; a web table must end, so it stops
    after its cap (MAX_MATCH_DEALS) — and says so, in both languages, instead of stopping
    silently. A match that somebody won carries no such note."""
    rng = random.Random(5)
    m = match(3, deals=0)
    assert m.to_target
    m.length = 1  # the cap, made small for the test
    while not m.is_over():
        s = m.to_act()
        if s is None:
            m.next_deal()
            continue
        m.apply(s, chooser(rng, m))
    assert m.score.winner is None  # one deal cannot reach 1000
    en = m.state(0, "en")["deal"]["notes"]
    pl = m.state(None, "pl")["deal"]["notes"]
    assert any("nobody reached 1000 by deal 1" in n and "BETEL §5" in n for n in en), en
    assert any("rozdania nikt nie osiągnął 1000" in n for n in pl), pl
    fixed = match(3, deals=1)
    while not fixed.is_over():
        s = fixed.to_act()
        assert s is not None
        fixed.apply(s, chooser(rng, fixed))
    assert not any("nobody reached" in n for n in fixed.state(0, "en")["deal"]["notes"])
    # Two seats sharing the top past the target at the cap: undecided because a tie plays
    # on (BETEL §5); the note names them, as the terminal's does.
    m.score.totals = (1040, -80, 1040)
    en = m.state(1, "en")["deal"]["notes"]
    assert any("P0, P2 share the top with 1040" in n for n in en), en
    assert not any("nobody reached" in n for n in en), en


def test_the_first_dealer_is_drawn_by_lot_when_none_is_chosen() -> None:
    """BETEL §1: the dealer is chosen by lot. A web table created without a first dealer
    draws it from its seed, as the terminal does (``first_dealer_by_lot``); it always
    dealt from seat 0. One chosen in the lobby stands."""
    from stolik.games.betel.series import first_dealer_by_lot

    kind = BetelKind()
    drawn = [kind.check_config({"seed": s})["first_dealer"] for s in range(30)]
    assert drawn == [first_dealer_by_lot(s) for s in range(30)]
    assert set(drawn) == {0, 1, 2}
    m = kind.new_match(kind.check_config({"seed": 0}), [SeatSpec(bot="random")] * 3,
                       lambda p: None)
    assert m.deal.dealer == m.first_dealer == first_dealer_by_lot(0) == 2
    assert kind.check_config({"seed": 4, "first_dealer": 1})["first_dealer"] == 1
