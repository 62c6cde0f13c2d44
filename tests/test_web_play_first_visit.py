"""Small things a first visit meets (issue 25.9), through FastAPI's TestClient: a Mariáš
table set in the lobby seats the person left of the first dealer, so that he chooses trumps
(MARIAS §4.1) — at a one-deal table he used to only deal; a defender's only move "nic do
zapowiedzenia" (or a lone pass) is made for him by the table, as the terminal's Enter alone
makes it, and shows in the auction like any call; the history says "do 1000" for a match to
the target (BETEL §5), not "0", and "closed before the end" for a table someone played at
and left, not "nobody played"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.web.app import create_app

BOTS = ["heuristic", "heuristic", "heuristic"]


def make_app(tmp_path: Path, **settings: Any) -> Any:
    return create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                      client_seeds=True, **settings)


def lobby_table(c: TestClient, game: str, deals: int, bots: list[str]) -> str:
    """A table set with the lobby's form, the person at seat 1 (seat0 = me); its id."""
    form = {"game": game, "name": "Ala", "deals": str(deals), "seat0": "me", "hints": "1"}
    form |= {f"seat{s + 1}": b for s, b in enumerate(bots)}
    r = c.post("/play/tables", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"]).rsplit("/", 1)[1]


def test_the_person_chooses_trumps_at_a_one_deal_marias_table(tmp_path: Path) -> None:
    """issue 25.9, MARIAS §4.1: the lobby's one-deal Mariáš table deals from the seat right
    of the person (seat 4), so the person is the chooser and acts first; the API keeps the
    first dealer it is given (seat 1 by default)."""
    app = make_app(tmp_path)
    with TestClient(app) as c:
        tid = lobby_table(c, "marias", 1, BOTS)
        m = app.state.play_hub.table(tid).match
        assert m.deal.dealer == 3 and m.deal.chooser == 0 and m.to_act() == 0
        assert m.deal.view(0).phase == "choice"
        made = c.post("/play/api/tables", json={"game": "marias", "name": "Ala", "deals": 1,
                                                "bots": [None, *BOTS]}).json()
        assert app.state.play_hub.table(made["id"]).match.deal.dealer == 0
        # Baśka and Betel keep their own first dealer (RULES §9; BETEL §1: by lot)
        baska = lobby_table(c, "baska", 1, BOTS)
        assert app.state.play_hub.table(baska).info.config["first_dealer"] == 0


def test_a_forced_nic_is_made_for_the_person(tmp_path: Path) -> None:
    """issue 25.9, MARIAS §4: over two deals (seed 3) the person is never offered a lone
    "nic" or pass to click — no state gives him a single such move — and the table made
    such calls for him (moves of his seat he never sent), shown in the auction."""
    app = make_app(tmp_path)
    with TestClient(app) as c:
        r = c.post("/play/api/tables", json={"game": "marias", "name": "Ala", "deals": 2,
                                             "seed": 3, "first_dealer": 3,
                                             "bots": [None, *BOTS]})
        assert r.status_code == 200, r.text
        sent: list[str] = []
        made: list[str] = []
        with c.websocket_connect(f"/play/ws/{r.json()['id']}?lang=pl") as ws:
            while True:
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                d = msg["deal"]
                made += [move for seat, move in (msg.get("event") or {}).get("moves", [])
                         if seat == 0]
                legal = [x["move"] for x in d["legal"]]
                assert legal not in (["nic"], ["pass"]), d["calls"]
                if msg["over"]:
                    break
                if msg["waiting_next"] and 0 not in msg["ready"]:
                    ws.send_json({"type": "next"})
                elif d["to_act"] == 0 and legal:
                    sent.append(legal[0])
                    ws.send_json({"type": "move", "move": legal[0]})
    forced = list(made)
    for move in sent:
        forced.remove(move)
    assert forced and set(forced) <= {"nic", "pass"}, (forced, sent)


def test_among_people_a_lone_nic_is_clicked(tmp_path: Path) -> None:
    """MARIAS §4.3, §3: with another person at the table no call is made for a person —
    an instant forced nic beside a partner who thinks over his sedma would show the hidden
    partner — so his lone nic or pass stays a button he clicks (issue 25.9 applies to a
    person alone with bots)."""
    from stolik.games.marias.web import MariasKind
    from stolik.web.play.game import SeatSpec

    lone = 0
    for seed in range(1, 7):
        seats = [SeatSpec(name="Ala"), SeatSpec(name="Bolek"), SeatSpec(bot="heuristic"),
                 SeatSpec(bot="heuristic")]
        m = MariasKind().new_match({"seed": seed, "deals": 1}, seats, lambda _: None)
        for _ in range(200):
            seat = m.to_act()
            if seat is None or m.is_over():
                break
            if m.is_bot(seat):
                m.apply(seat, m.bot_move(seat))
                continue
            assert m.forced_move(seat) is None
            legal = [x["move"] for x in m.state(seat, "en")["deal"]["legal"]]
            assert legal, "a person's turn with no button"
            lone += legal in (["nic"], ["pass"])
            m.apply(seat, legal[0])
    assert lone > 0  # the case arose, and was clicked


def test_the_history_says_the_length_and_how_a_table_ended(tmp_path: Path) -> None:
    """issue 25.9: a Betel match to the target reads "do 1000" (BETEL §5), a Mariáš table of
    4 deals "4"; the Mariáš table, one deal played and then left idle, reads "zamknięta
    przed końcem" with its total (MARIAS §6), never "nikt nie grał"."""
    app = make_app(tmp_path)
    with TestClient(app) as c:
        betel = c.post("/play/api/tables", json={"game": "betel", "name": "Ala",
                                                 "bots": [None, "random", "random"]})
        assert betel.status_code == 200, betel.text
        marias = c.post("/play/api/tables", json={"game": "marias", "name": "Ala",
                                                  "deals": 4, "seed": 3,
                                                  "bots": [None, *BOTS]}).json()["id"]
        with c.websocket_connect(f"/play/ws/{marias}?lang=pl") as ws:
            while True:  # the first deal, by the first legal move
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                if msg["waiting_next"] or msg["sheet"]:
                    break
                d = msg["deal"]
                if d["to_act"] == 0 and d["legal"]:
                    ws.send_json({"type": "move", "move": d["legal"][0]["move"]})
        assert app.state.play_hub.expire(marias)
        page = c.get("/play/history?lang=pl").text
    rows = page.split("<tr>")[2:]
    assert len(rows) == 2
    betel_row = next(r for r in rows if betel.json()["id"] in r)
    marias_row = next(r for r in rows if marias in r)
    assert "<td>do 1000</td>" in betel_row and "<td>0</td>" not in betel_row
    assert "<td>4</td>" in marias_row and "zamknięta przed końcem" in marias_row
    assert "nikt nie grał" not in page and "Kč" in marias_row
