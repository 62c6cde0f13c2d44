"""Message ids (issue 24.4): a client's ``id`` is a whole number from 0 to 2**53 - 1
(:data:`~stolik.web.play.protocol.MAX_ID`), refused at the edge with one clear error
event otherwise, on a single server too; and the Redis relay decodes each envelope of a
batch on its own, so one bad envelope costs nobody else's message. The three-process
tests of the relay are in ``tests/test_web_play_redis_window.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stolik.web.play.protocol import MAX_ID, ProtocolError, parse_message
from stolik.web.play.redis_base import dumps, frame
from stolik.web.play.redis_relay import Relay, batch, command_of
from test_web_play_protocol import make_app, new_table

BAD_IDS: list[tuple[str, Any]] = [
    ("2**53", MAX_ID + 1), ("10**30", 10**30), ("10**400", 10**400), ("negative", -1),
    ("float", 1.5), ("whole float", 7.0), ("bool", True), ("string", "7"),
    ("list", [1]), ("object", {"n": 1})]
"""Ids refused as ``bad-id`` (issue 24.4)."""


@pytest.mark.parametrize(("name", "ident"), BAD_IDS, ids=[n for n, _ in BAD_IDS])
def test_parse_message_refuses_an_id_out_of_range(name: str, ident: Any) -> None:
    """Each odd id is ``bad-id``, naming the range (issue 24.4)."""
    with pytest.raises(ProtocolError) as e:
        parse_message(json.dumps({"type": "ping", "id": ident}))
    assert e.value.code == "bad-id"
    assert str(e.value) == f"id is a whole number from 0 to {MAX_ID}"


def test_parse_message_takes_the_ends_of_the_range() -> None:
    assert parse_message('{"type": "ping", "id": 0}').id == 0
    assert parse_message(json.dumps({"type": "ping", "id": MAX_ID})).id == MAX_ID


def test_a_single_server_answers_each_odd_id_with_one_clear_error(tmp_path: Path) -> None:
    """Over one server's WebSocket (no Redis): every odd id — 10**30, 10**400, negative,
    a float, a string of 10 kB — gets an error event of its own (no ``ack``: there is no
    id to echo), in the page's language, and the connection goes on: a ping with the
    largest id is answered after them (issue 24.4)."""
    with TestClient(make_app(tmp_path, rate=1000.0, burst=1000)) as c:
        tid = new_table(c)
        with c.websocket_connect(f"/play/ws/{tid}?lang=pl") as ws:
            sent = [*(json.dumps({"type": "ping", "id": i}) for _, i in BAD_IDS),
                    json.dumps({"type": "ping", "id": "x" * 10_000})]
            for raw in sent:
                ws.send_text(raw)
            ws.send_text(json.dumps({"type": "ping", "id": MAX_ID}))
            errors = []
            while True:
                m = ws.receive_json()
                if m["type"] == "error":
                    errors.append(m)
                elif m["type"] == "pong":
                    assert m["ack"] == MAX_ID
                    break
    assert [e["code"] for e in errors] == ["bad-id"] * len(BAD_IDS) + ["too-long"]
    assert all("ack" not in e for e in errors)
    assert errors[0]["message"] == f"id to liczba całkowita od 0 do {MAX_ID}"


def test_the_owner_checks_a_relayed_command_again() -> None:
    """A ``cmd`` envelope is input too: its id is checked by the owner as at the edge."""
    assert command_of({"kind": "move", "move": "AH", "id": MAX_ID}).id == MAX_ID
    for bad in [{"kind": "move", "id": 10**30}, {"kind": "ping", "id": -1},
                {"kind": "dance"}, {"kind": "move", "move": 3}, [1], None]:
        with pytest.raises(ProtocolError):
            command_of(bad)


def test_envelopes_are_written_and_read_by_one_library() -> None:
    """What a process writes the other reads back equal (an int at the ends of the id
    range stays an int); what orjson cannot write is refused, not written another way
    (the old ``json`` fallback wrote 10**30, which came back the float 1e+30)."""
    got: list[dict[str, Any]] = []
    relay = Relay("p", got.append)
    envelopes = [{"k": "msg", "c": 1, "m": {"ack": MAX_ID}}, {"k": "msg", "c": 2, "m": 0}]
    for _, data in batch([("c", dumps(e)) for e in envelopes]):
        relay._received(data)
    assert got == envelopes
    with pytest.raises(TypeError):
        dumps({"ack": 10**30})


@pytest.mark.parametrize("bad", [b'{"k":"cmd","id":1e+30', b'{"k":"cmd","cmd":{"id":1' +
                                 b"0" * 400 + b"}}", b"[1, 2", b"\xff\xfe", b"42"])
def test_one_bad_envelope_costs_only_itself(bad: bytes) -> None:
    """A batch with an envelope no process can read (an id of 401 digits — what the old
    code wrote for 10**400 and orjson refused, dropping the whole batch —, cut JSON, not
    UTF-8, no object) between two good ones: both good ones are dispatched, in order."""
    got: list[dict[str, Any]] = []
    relay = Relay("p", got.append)
    good = [{"k": "sub", "t": "a", "c": 1}, {"k": "cmd", "t": "b", "c": 2}]
    relay._received(frame([dumps(good[0]), bad, dumps(good[1])]))
    assert got == good


def test_a_failing_dispatch_costs_only_its_envelope() -> None:
    """An envelope whose handling fails (a field missing) is logged; the next goes on."""
    got: list[dict[str, Any]] = []

    def dispatch(m: dict[str, Any]) -> None:
        got.append({"k": m["k"], "c": int(m["c"])})

    relay = Relay("p", dispatch)
    relay._received(frame([dumps({"k": "msg"}), dumps({"k": "msg", "c": 3})]))
    assert got == [{"k": "msg", "c": 3}]


def test_an_envelope_that_cannot_be_written_is_dropped_alone() -> None:
    """``publish`` of what orjson cannot write logs it and queues nothing; the next
    envelope is queued (issue 24.4)."""
    import asyncio

    async def run() -> list[tuple[str, bytes]]:
        relay = Relay("p", lambda m: None)
        relay._outbox = asyncio.Queue()
        relay.publish("q", {"m": 10**30})
        relay.publish("q", {"m": 1})
        out = []
        while not relay._outbox.empty():
            out.append(relay._outbox.get_nowait())
        return out

    assert asyncio.run(run()) == [("stolik:proc:q", b'{"m":1}')]
