"""The play rate limits of several ``stolik serve --hub`` processes (issue 13): a client
address's new tables a minute and new connections a second are token buckets in Redis
(:mod:`stolik.web.play.redis_limits`), so a client reaching two processes gets one
allowance, not two. Needs ``STOLIK_TEST_REDIS`` (skipped without it).

- Two apps with a :class:`~stolik.web.play.redis_hub.RedisHub` each over one Redis: an
  address's table burst is spent across both; another address is not held back.
- Two guards (two processes' counts): the connection burst is spent across both.
- The bucket refills on Redis's clock and lapses once it would be full again.
- Two processes' guards: the connections and tables one holds count on the other (open
  connections and tables in play per address, and the server's totals) until it dies.
- Redis gone: each process counts alone (the limit still holds in it), logged once;
  Redis back: counted across the site again.
- An address's messages over all its connections: each process spends them from a
  bucket of its own and tells Redis twice a second; once told, each is cut to what the
  site's bucket keeps (a debt down to ``-burst``), so the address gets its budget once
  over the site (and at most one exchange's worth more from each process).
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from stolik.db import open_database
from stolik.web.app import create_app
from stolik.web.play import redis_limits
from stolik.web.play.ratelimit import PlayGuard, PlayLimits
from stolik.web.play.redis_base import channel
from stolik.web.play.redis_limits import HELD_KEY, RedisLimits, bucket_key
from test_web_play_redis import redis_url  # noqa: F401  (the fixture)

REDIS_DB = 3
"""This file's Redis database (others' tests may empty theirs meanwhile)."""

PERSON: list[str | None] = [None, "heuristic", "heuristic", "heuristic"]


@pytest.fixture
def buckets(redis_url: str) -> Iterator[RedisLimits]:  # noqa: F811
    b = RedisLimits(redis_url, "proc-t")
    yield b
    b.close()


def guard_of(url: str, proc: str, **limits: Any) -> PlayGuard:
    """Process ``proc``'s guard with only ``limits`` set, sharing its counts through
    ``url``."""
    guard = PlayGuard(dataclasses.replace(PlayLimits.unlimited(), **limits))
    guard.shared = RedisLimits(url, proc)
    return guard


def exchange(*guards: PlayGuard) -> None:
    """Each guard tells the site what it holds, then each learns what the others do
    (what their loop does twice a second)."""
    for _ in range(2):
        for g in guards:
            assert g.shared is not None
            g.others = g.shared.exchange(g.held())


def share_messages(*guards: PlayGuard) -> None:
    """Each guard tells Redis the messages its clients sent and is cut to what the site's
    buckets keep (what its loop does twice a second)."""
    for g in guards:
        assert g.shared is not None
        lim = g.limits
        left = g.shared.spend("message", g.spent_messages(), lim.messages_per_client,
                              lim.message_burst)
        g.settle_messages(left or {})


def test_table_burst_is_spent_across_apps(tmp_path: Path,
                                              redis_url: str) -> None:  # noqa: F811
    """Two tables at once a client, at most one more a minute: the client gets two
    tables over two apps (not two on each); another address, on a third app, still
    gets its own."""
    limits = dataclasses.replace(PlayLimits.unlimited(), tables_per_minute=1.0,
                                 table_burst=2)
    open_database(f"sqlite:///{tmp_path}/a.db", migrate=True).dispose()
    for n in "bc":  # a database each (migrated once)
        shutil.copy(tmp_path / "a.db", tmp_path / f"{n}.db")
    apps = [create_app(open_database(f"sqlite:///{tmp_path}/{n}.db"), bot_delay=5.0,
                       play_limits=limits, hub=redis_url) for n in "abc"]
    body = {"name": "Ala", "deals": 2, "bots": PERSON}
    with TestClient(apps[0], client=("10.7.0.1", 4000)) as a, \
            TestClient(apps[1], client=("10.7.0.1", 4000)) as b, \
            TestClient(apps[2], client=("10.7.0.2", 4000)) as other:
        codes = [c.post("/play/api/tables", json=body).status_code for c in (a, b, a, b)]
        assert codes == [200, 200, 429, 429]
        assert other.post("/play/api/tables", json=body).status_code == 200


def test_connection_burst_is_spent_across_two_processes(redis_url: str) -> None:  # noqa: F811
    """Three connections at once an address: three over two processes' guards, the rest
    refused on either; another address connects."""
    one, two = (guard_of(redis_url, p, connect_rate=0.01, connect_burst=3) for p in "ab")
    answers = [g.connection_refusal("10.8.0.1") for g in (one, two, one, two, one)]
    assert [a is None for a in answers] == [True, True, True, False, False]
    assert "connecting too often" in str(answers[3])
    assert two.connection_refusal("10.8.0.2") is None


def test_bucket_refills_on_redis_clock_and_lapses(buckets: RedisLimits) -> None:
    """A token a second, two at once: the third take is refused; the stored stamp moved
    back a second and a half (as if that much of Redis's time had passed) gives one
    token back, not two; the bucket's key lapses when it would be full again."""
    assert [buckets.take("connect", "10.9.0.1", 1.0, 2) for _ in range(3)] == \
        [True, True, False]
    key = bucket_key("connect", "10.9.0.1")
    client = buckets.redis
    stamp = int(client.hget(key, "stamp") or 0)
    client.hset(key, "stamp", stamp - 1500)
    assert buckets.take("connect", "10.9.0.1", 1.0, 2) is True  # 1.5 tokens: one spent
    assert buckets.take("connect", "10.9.0.1", 1.0, 2) is False  # 0.5 left
    tokens = float(client.hget(key, "tokens") or -1)
    assert 0.4 < tokens < 0.6
    assert 0 < int(client.pttl(key)) <= RedisLimits.lifetime_ms(1.0, 2)
    assert buckets.take("table", "10.9.0.1", 1.0, 2) is True  # another kind: its own


def test_redis_gone_counts_in_the_process(caplog: pytest.LogCaptureFixture) -> None:
    """No Redis at the address: each process counts alone — the burst of two still
    holds in it — and says so once, not at every request."""
    guard = PlayGuard(dataclasses.replace(PlayLimits.unlimited(), connect_rate=0.01,
                                          connect_burst=2))
    guard.shared = RedisLimits("redis://127.0.0.1:1/0", "proc-gone", timeout=0.5, retry_s=0.0)
    with caplog.at_level(logging.WARNING, "stolik.web.play.redis_limits"):
        answers = [guard.connection_refusal("10.10.0.1") for _ in range(4)]
    assert [a is None for a in answers] == [True, True, False, False]
    assert guard.shared.spend("message", {"10.10.0.1": 1}, 1.0, 2) is None
    said = [r for r in caplog.records if "does not answer" in r.getMessage()]
    assert len(said) == 1


def test_redis_back_counts_across_again(buckets: RedisLimits,
                                        caplog: pytest.LogCaptureFixture,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis failing twice, then answering: None twice (the process counts), one warning,
    then Redis's answer and a line saying it is back."""
    real = buckets._bucket
    failures = iter([True, True])

    def flaky(**kwargs: Any) -> Any:
        if next(failures, False):
            raise redis.ConnectionError("gone")
        return real(**kwargs)

    monkeypatch.setattr(buckets, "_bucket", flaky)
    buckets.retry_s = 0.0
    with caplog.at_level(logging.WARNING, "stolik.web.play.redis_limits"):
        got = [buckets.take("table", "10.11.0.1", 1.0, 1) for _ in range(4)]
    assert got == [None, None, True, False]
    lines = [r.getMessage() for r in caplog.records]
    assert sum("does not answer" in x for x in lines) == 1
    assert sum("answers again" in x for x in lines) == 1


def test_what_one_process_holds_counts_on_another(redis_url: str) -> None:  # noqa: F811
    """Two connections an address, three on the site; one table in play an address, two
    on the site: what A holds refuses B's client (and B's server total A's), until A
    dies (nobody on its channel): then its entry is taken out and B counts alone."""
    import redis

    # Any: redis-py's own annotations of pubsub() change between releases (typed in 8.x,
    # untyped before); the test needs neither, and must type-check under each.
    client: Any = redis.Redis.from_url(redis_url, socket_timeout=5)
    listener = client.pubsub()
    listener.subscribe(channel("proc-a"), channel("proc-b"))  # both processes live
    limits = {"connections_per_client": 2, "max_connections": 3, "tables_per_client": 1,
              "max_tables": 2}
    a, b = guard_of(redis_url, "proc-a", **limits), guard_of(redis_url, "proc-b", **limits)
    try:
        a.connected("10.12.0.1", "t1")
        a.connected("10.12.0.1", "t1")
        a.created("10.12.0.1", "t1", bot_only=False)
        exchange(a, b)
        assert "too many connections" in str(b.connection_refusal("10.12.0.1"))
        assert "too many tables" in str(b.table_refusal("10.12.0.1", bot_only=False))
        assert b.connection_refusal("10.12.0.2") is None
        b.connected("10.12.0.2", "t2")
        b.created("10.12.0.2", "t2", bot_only=False)
        exchange(a, b)
        assert "as many connections" in str(a.connection_refusal("10.12.0.3"))
        assert "2 tables in play" in str(a.table_refusal("10.12.0.3", bot_only=False))
        listener.unsubscribe(channel("proc-a"))  # A is killed
        listener.get_message(timeout=1)
        exchange(b)
        assert b.connection_refusal("10.12.0.1") is None
        assert b.table_refusal("10.12.0.1", bot_only=False) is None
        assert b.shared is not None and not b.shared.redis.hexists(HELD_KEY, "proc-a")
    finally:
        listener.close()


def test_message_budget_is_counted_across_two_processes(redis_url: str) -> None:  # noqa: F811
    """Ten messages an address over the site (next to none back): two processes let
    through eight each before they tell Redis (one exchange's worth); once told, the
    site's bucket is in debt and neither lets another through — A, which told first,
    only the two it had left — while another address still sends."""
    one, two = (guard_of(redis_url, p, messages_per_client=0.001, message_burst=10)
                for p in "ab")
    assert [g.take_message("10.13.0.1") for g in (one, two) for _ in range(8)] == [True] * 16
    share_messages(one, two)
    assert [one.take_message("10.13.0.1") for _ in range(3)] == [True, True, False]
    assert not two.take_message("10.13.0.1")
    share_messages(one, two)
    assert not one.take_message("10.13.0.1") and not two.take_message("10.13.0.1")
    assert one.take_message("10.13.0.2") and two.take_message("10.13.0.2")
    assert one.shared is not None
    tokens = float(one.shared.redis.hget(bucket_key("message", "10.13.0.1"), "tokens") or 0)
    assert -10.0 <= tokens < -7.9


def test_spend_counts_a_debt_down_to_the_burst(buckets: RedisLimits,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Spent at once over several clients (two a script call here): what each bucket
    keeps, a debt at most the burst deep; the key lapses once the bucket would be full
    again; nothing spent, nothing asked."""
    monkeypatch.setattr(redis_limits, "SPEND_KEYS", 2)
    spent = {"10.14.0.1": 3, "10.14.0.2": 50, "10.14.0.3": 10, "10.14.0.4": 1, "10.14.0.5": 0}
    left = buckets.spend("message", spent, 1.0, 10)
    assert left is not None and left["10.14.0.2"] == -10.0 and left["10.14.0.3"] == 0.0
    assert [round(left[c]) for c in ("10.14.0.1", "10.14.0.4", "10.14.0.5")] == [7, 9, 10]
    ttl = int(buckets.redis.pttl(bucket_key("message", "10.14.0.2")))
    assert RedisLimits.lifetime_ms(1.0, 10) < ttl <= RedisLimits.lifetime_ms(1.0, 20)
    assert buckets.spend("message", {}, 1.0, 10) == {}
