"""A web table's deals cannot be computed by anyone at it (RULES §3: a seat knows its own hand
and what was played, never a hand to come): deal 1's hands, shown to everyone when it is
settled, give no way to deal 2; a client chooses the seed only of a table nobody can sit at;
bots' seeds are keyed, not an arithmetic of the deal's seed."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.state import Deal
from stolik.games.baska.web import _bot_seed
from stolik.web.app import create_app
from stolik.web.play.dealing import dealing_rng

Msg = dict[str, Any]
OLD_SEEDS = 1_000_000
"""The seed space of the old tables (``SystemRandom().randrange(1_000_000)``)."""


def make_app(tmp_path: Path, **settings: Any) -> Any:
    return create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True),
                      bot_delay=0, **settings)


def hands_of(codes: list[list[str]]) -> list[frozenset[int]]:
    return [frozenset(DECK.parse_card(c) for c in hand) for hand in codes]


def play_deal_one(c: TestClient, tid: str) -> tuple[Msg, list[Msg]]:
    """Seat 0 plays its first legal move each turn until deal 1 is settled: the state with
    the reveal, and every message the player received."""
    seen: list[Msg] = []
    with c.websocket_connect(f"/play/ws/{tid}") as ws:
        while True:
            m: Msg = ws.receive_json()
            seen.append(m)
            if m["type"] != "state":
                continue
            if m["result"] is not None:
                return m, seen
            d = m["deal"]
            if d["to_act"] == 0 and d["legal"]:
                ws.send_json({"type": "move", "move": d["legal"][0]["move"]})


def old_search(*deal1s: list[frozenset[int]]) -> list[list[list[frozenset[int]]]]:
    """The attack of issue 14, for several tables at once: for each deal 1, every old seed
    whose ``random.Random`` deals its hands gives the deal 2 it predicts. (Filtered on the
    first card the shuffle places, which lands in seat 3's hand, before the whole
    shuffle.)"""
    out: list[list[list[frozenset[int]]]] = [[] for _ in deal1s]
    r = random.Random()
    last = frozenset().union(*(d[3] for d in deal1s))
    for seed in range(OLD_SEEDS):
        r.seed(seed)
        j = r.getrandbits(5)
        while j >= 16:
            j = r.getrandbits(5)
        if j not in last:
            continue
        r.seed(seed)
        cards = list(range(16))
        r.shuffle(cards)
        hands = [frozenset(cards[4 * i: 4 * i + 4]) for i in range(4)]
        if hands not in deal1s:
            continue
        cards = list(range(16))
        r.shuffle(cards)
        out[deal1s.index(hands)].append([frozenset(cards[4 * i: 4 * i + 4])
                                         for i in range(4)])
    return out


def test_deal_one_does_not_give_deal_two(tmp_path: Path) -> None:
    """A person plays deal 1 of a table (no seed given: the server's secret); all four hands
    are shown at its end. Searching the old seed space for them (the attack of issue 14,
    which finds an old table's seed in a second) predicts no deal 2 that was dealt; nothing
    the player received names the secret; the published secret (at the series' end) deals
    exactly what was played. The control: on a table dealt the old way
    (``random.Random(seed)``, a seed below a million) the same search does predict deal 2,
    so this test fails on the old dealing."""
    rs = load_ruleset("pucka-2019")
    old = random.Random(random.SystemRandom().randrange(OLD_SEEDS))
    one, two = Deal.random(rs, 0, old), Deal.random(rs, 1, old)
    app = make_app(tmp_path)
    with TestClient(app) as c:
        r = c.post("/play/api/tables", json={"name": "Ala", "deals": 2,
                                             "bots": [None, "random", "random", "random"]})
        assert r.status_code == 200, r.text
        tid = r.json()["id"]
        secret = app.state.play_hub.table(tid).info.config["seed"]
        assert isinstance(secret, str) and len(secret) == 64 and int(secret, 16) >= 0
        end, seen = play_deal_one(c, tid)
        deal1 = hands_of(end["result"]["hands"])
        match = app.state.play_hub.table(tid).match
        match.next_deal()
        deal2 = [frozenset(DECK.cards_of(h)) for h in match.s.deal.initial_hands]
        found_old, found = old_search([frozenset(DECK.cards_of(h))
                                       for h in one.initial_hands], deal1)
        assert [frozenset(DECK.cards_of(h)) for h in two.initial_hands] in found_old
        assert deal2 not in found
        public = repr(seen) + c.get(f"/play/t/{tid}").text + c.get("/play/").text + \
            c.get(f"/play/t/{tid}/record.toml").text
        assert secret not in public
        # the secret, once published, deals both hands again (a fairness check)
        rng = dealing_rng(secret)
        again = [Deal.random(rs, d, rng) for d in range(2)]
        assert [[frozenset(DECK.cards_of(h)) for h in d.initial_hands] for d in again] == \
            [deal1, deal2]


def test_the_same_public_inputs_deal_different_cards(tmp_path: Path) -> None:
    """Deals are not a function of anything public: two tables made by the same request
    deal different hands (equal by chance once in 63 million)."""
    app = make_app(tmp_path)
    with TestClient(app) as c:
        body = {"name": "Ala", "deals": 2, "bots": [None, "random", "random", "random"],
                "first_dealer": 1}
        ids = [c.post("/play/api/tables", json=body).json()["id"] for _ in range(2)]
        hub = app.state.play_hub
        a, b = (hub.table(i).match.s for i in ids)
        assert a.number == b.number == 1
        assert a.deal.initial_hands != b.deal.initial_hands


def test_a_seat_creator_cannot_choose_the_seed(tmp_path: Path) -> None:
    """A seed is taken only at a table of bots; with a person's seat it is a 400 naming it
    (whoever knows the seed knows every hand). The lobby form's seed is never read. The
    test setting ``client_seeds`` lets tests deal known hands."""
    app = make_app(tmp_path)
    with TestClient(app) as c:
        for bots in ([None, "random", "random", "random"], [None, None, None, None]):
            for seat in (0, None):
                r = c.post("/play/api/tables", json={"name": "Ala", "seed": 5, "bots": bots,
                                                     "seat": seat})
                assert r.status_code == 400 and r.json()["error"].startswith("seed: ")
        assert not app.state.play_hub.tables
        r = c.post("/play/api/tables", json={"seed": 5, "bots": ["random"] * 4, "deals": 1})
        assert r.status_code == 200
        assert app.state.play_hub.table(r.json()["id"]).info.config["seed"] == 5
        r = c.post("/play/tables", data={"name": "Ala", "seat0": "me", "seat1": "random",
                                         "seat2": "random", "seat3": "random", "deals": "1",
                                         "seed": "5"}, follow_redirects=False)
        tid = r.headers["location"].rsplit("/", 1)[1]
        assert len(app.state.play_hub.table(tid).info.config["seed"]) == 64
    (tmp_path / "x").mkdir()
    with TestClient(make_app(tmp_path / "x", client_seeds=True)) as c:
        r = c.post("/play/api/tables", json={"name": "Ala", "seed": 5, "deals": 1})
        assert r.status_code == 200, r.text


def test_bot_seeds_are_keyed_not_arithmetic() -> None:
    """A bot's seed (which its moves may give away) is not an arithmetic of the table's
    seed (the old ``seed * 7919 + 101 * seat + 13`` gave the seed back from any bot's)."""
    seed = "ab" * 32
    bots = [_bot_seed(seed, s) for s in range(4)]
    assert len(set(bots)) == 4 and all(0 <= b < 2**64 for b in bots)
    assert {b - a for a, b in itertools.pairwise(bots)} != {101}
    steps = {_bot_seed(n + 1, 1) - _bot_seed(n, 1) for n in range(5)}
    assert len(steps) == 5


def test_the_odd_values_of_issue_14_are_400s(tmp_path: Path) -> None:
    """Issue 14.3 and 9.13, each value as reported: a 400 naming the field (not a 500,
    not 32 deals, not a token that seats nobody), a missing page for a 20-digit player id,
    and the Kelvin sign over the WebSocket a bad-move error."""
    app = make_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c:
        for raw, field in (('{"seed": Infinity}', "seed"), ('{"deals": Infinity}', "deals"),
                           ('{"deals": -Infinity}', "deals"), ('{"deals": 1e400}', "deals"),
                           ('{"first_dealer": 1e400}', "first_dealer"),
                           ('{"deals": 0}', "deals"), ('{"name": "Ala", "seat": 7}', "seat")):
            r = c.post("/play/api/tables", content=raw,
                       headers={"content-type": "application/json"})
            assert r.status_code == 400 and r.json()["error"].startswith(field + ": "), raw
        assert not app.state.play_hub.tables
        assert c.get("/play/players/99999999999999999999").status_code == 404
        tid = c.post("/play/api/tables", json={"name": "Ala", "deals": 1}).json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            ws.receive_json()
            ws.send_json({"type": "move", "move": "\u212aH", "id": 1})
            while (m := ws.receive_json())["type"] != "error":
                pass
            assert m["code"] == "bad-move"
