"""Hidden information at the web table: over whole simulated series (random bots and
simulated people, several seeds and rulesets, claims, hints, spectators), no message to a
seat or a spectator ever names a card another seat still holds — except the reveal of a
settled deal."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from stolik.db import open_database
from stolik.games.baska.deck import DECK
from stolik.games.baska.web import BaskaMatch
from stolik.web.play.hub import LocalHub
from stolik.web.play.protocol import Command
from stolik.web.play.store import PlayStore
from stolik.web.play.table import Table

CODES = {DECK.name(c, ascii=True): c for c in range(16)}
NAMES = {DECK.name(c): c for c in range(16)}


def cards_named(msg: Any) -> set[int]:
    """Every card a message names anywhere: card codes (AH), card names (A♥), also inside
    longer texts."""
    found: set[int] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            for token in x.replace(",", " ").replace(":", " ").replace("(", " ").split():
                token = token.strip(".;)")
                if token in CODES:
                    found.add(CODES[token])
                if token in NAMES:
                    found.add(NAMES[token])
    walk(msg)
    return found


class Client:
    """A simulated client that checks every message against the table as it stands (the
    series waits for each change to be stored and sent before the next, so the table
    stands where the message was made). A message comes once its change is committed, from
    a callback of the event loop: a leak is kept in ``leaks`` (an exception there would only
    be logged)."""

    def __init__(self, table: Table, seat: int | None, lang: str = "en") -> None:
        self.table = table
        self.seat = seat
        self.lang = lang
        self.last: dict[str, Any] | None = None
        self.messages = 0
        self.reveals = 0
        self.leaks: list[str] = []

    def deliver(self, msg: dict[str, Any]) -> None:
        try:
            self._check(msg)
        except AssertionError as e:
            self.leaks.append(str(e))

    def _check(self, msg: dict[str, Any]) -> None:
        self.messages += 1
        match = self.table.match
        assert isinstance(match, BaskaMatch)
        deal = match.s.deal
        if not deal.is_over:
            hidden = 0
            for s in range(4):
                if s != self.seat:
                    hidden |= deal.hands[s]
            leaked = cards_named(msg) & set(DECK.cards_of(hidden))
            assert not leaked, (f"seat {self.seat} was sent {DECK.format(sorted(leaked))} "
                                f"held by another seat: {msg}")
            if msg.get("type") == "state":
                assert msg["result"] is None
        elif msg.get("type") == "state" and msg["result"] is not None:
            self.reveals += 1
        if msg.get("type") == "state":
            self.last = msg


async def play_series(store: PlayStore, ruleset: str, seed: int, humans: list[int],
                      deals: int) -> list[Client]:
    hub = LocalHub(store, bot_delay=0)
    await hub.start()
    players = [store.new_player(f"P{s}")[0] for s in range(4)]
    bots: list[str | None] = [None if s in humans else "random" for s in range(4)]
    first = humans[0] if humans else None
    tid = hub.create_table("baska", {"ruleset": ruleset, "deals": deals, "seed": seed,
                                     "hints": True}, bots, False,
                           players[first] if first is not None else None, first)
    for s in humans[1:]:
        hub.join(tid, s, players[s])
    table = hub.table(tid)
    assert table is not None
    clients = [Client(table, s) for s in humans] + [Client(table, None),
                                                    Client(table, None, "pl")]
    for c in clients:
        assert hub.connect(tid, c)
    rng = random.Random(seed)
    steps = 0
    while not table.match.is_over() or not table.settled:
        await asyncio.sleep(0)
        if not table.settled:  # the last change is being stored; the bots wait too
            await asyncio.sleep(0.001)
            continue
        steps += 1
        assert steps < 5000, "the series does not end"
        to_act = table.match.to_act()
        me = next((c for c in clients if c.seat is not None and c.seat == to_act), None)
        if me is not None and me.last is not None and me.last["deal"]["legal"]:
            legal = me.last["deal"]["legal"]
            r = rng.random()
            if me.last["deal"]["phase"] == "play" and r < 0.1:
                await hub.handle(tid, me, Command("claim"))
            elif r < 0.02:
                await hub.handle(tid, me, Command("hint"))
            elif r < 0.1:  # a card of his own that may not be legal: the refusal names
                hand = me.last["deal"]["hand"]  # only his own cards
                await hub.handle(tid, me, Command("move", rng.choice(hand)))
            else:
                await hub.handle(tid, me, Command("move", rng.choice(legal)["move"]))
        elif table.match.waiting_for_next():
            for c in clients:  # one at a time: each change stored and sent first
                if c.seat is not None and c.seat not in table.ready:
                    await hub.handle(tid, c, Command("next"))
                    break
    await asyncio.sleep(0)
    await hub.stop()
    return clients


@pytest.mark.parametrize(("ruleset", "seed", "humans"), [
    ("pucka-2019", 1, [0, 2]),
    ("pucka-2019", 2, [0, 1, 2, 3]),
    ("linia", 3, [1]),
    ("mester-sport", 4, [0, 3]),
    ("pucka-2019", 5, []),
])
def test_no_message_names_a_card_another_seat_holds(tmp_path: Any, ruleset: str,
                                                    seed: int, humans: list[int]) -> None:
    store = PlayStore(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True))
    # its own thread: a session's browser tests may keep an event loop running here
    with ThreadPoolExecutor(1) as pool:
        clients = pool.submit(asyncio.run, play_series(store, ruleset, seed, humans,
                                                       deals=6)).result()
    for c in clients:
        assert not c.leaks, c.leaks
        assert c.messages > 20
        assert c.last is not None and c.last["over"]
        assert c.reveals >= 1
        if c.seat is None:
            assert all(not m for m in [c.last["deal"]["hand"], c.last["deal"]["legal"]])
    store.close()


def test_the_checker_catches_a_leak() -> None:
    assert cards_named({"x": ["AH", "seat 1 holds 10♥."]}) == {DECK.parse_card("AH"),
                                                             DECK.parse_card("TH")}


def test_the_seed_stays_secret_until_the_series_ends(tmp_path: Any) -> None:
    """The seed deals every hand to come: the record of the deals so far does not name it,
    nor does the lobby; the record of the finished series does."""
    from fastapi.testclient import TestClient

    from stolik.web.app import create_app

    app = create_app(open_database(f"sqlite:///{tmp_path}/t.db", migrate=True), bot_delay=0,
                     client_seeds=True)
    with TestClient(app) as c:
        tid = c.post("/play/api/tables", json={"name": "Ala", "deals": 2, "seed": 987654,
                                               "bots": [None, "random", "random", "random"]}
                     ).json()["id"]
        with c.websocket_connect(f"/play/ws/{tid}") as ws:
            while True:
                m = ws.receive_json()
                if m["type"] != "state":
                    continue
                if m["waiting_next"] and not m["ready"]:
                    mid = c.get(f"/play/t/{tid}/record.toml")
                    assert mid.status_code == 200 and "[[deal]]" in mid.text
                    assert "987654" not in mid.text and "987654" not in c.get("/play/").text
                    ws.send_json({"type": "next"})
                elif m["over"]:
                    break
                elif m["deal"]["to_act"] == 0 and m["deal"]["legal"]:
                    ws.send_json({"type": "move", "move": m["deal"]["legal"][0]["move"]})
        assert "seed 987654" in c.get(f"/play/t/{tid}/record.toml").text
