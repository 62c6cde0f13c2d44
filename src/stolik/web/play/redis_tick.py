"""The tick of a :class:`~stolik.web.play.redis_hub.RedisHub` (issue 13; split from
:mod:`stolik.web.play.redis_hub`, issue 26.2): every ``tick`` seconds a process renews
its leases, forgets dead origins' clients, follows its clients' tables to new owners,
answers the commands a dead owner left unanswered, (every ``sweep`` ticks) takes over the
tables nobody live holds, and brings its lobby entries up to date.

>>> import inspect
>>> [name for name in __all__ if inspect.iscoroutinefunction(globals()[name])]
['answer_orphans', 'beat', 'follow_owners', 'forget_dead_origins', 'sweep_tables', 'ticker']
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import redis
from sqlalchemy import select

from stolik.web.play.orm import TableRow
from stolik.web.play.protocol import error_event
from stolik.web.play.redis_base import LOBBY_REFRESH_S, RENEW, lease_key, text
from stolik.web.play.redis_relay import taken_over

if TYPE_CHECKING:
    from stolik.web.play.redis_hub import RedisHub

log = logging.getLogger("stolik.web.play.redis_hub")
"""The hub's logger: the tick logs as it did inside :mod:`stolik.web.play.redis_hub`."""


async def ticker(hub: RedisHub) -> None:
    """Beat every ``tick`` seconds until cancelled; a beat that fails is logged and the
    next one tries again."""
    count = 0
    refresh_every = max(1, round(LOBBY_REFRESH_S / hub.tick))
    while True:
        try:
            await beat(hub, count % hub.sweep_every == 0, count % refresh_every == 0)
        except (redis.RedisError, OSError):
            log.exception("stolik hub: Redis failed this tick")
        except Exception:
            log.exception("stolik hub: the tick failed")
        count += 1
        await asyncio.sleep(hub.tick)


async def beat(hub: RedisHub, sweep: bool, refresh: bool = False) -> None:
    """Renew our leases, forget dead origins' clients, follow our clients' tables to
    new owners, (``sweep``) take over the tables nobody live holds, and bring the
    lobby up to date (``refresh``: every entry of ours written again)."""
    assert hub.redis is not None and hub._leases is not None
    owned = list(hub.tables)
    if owned:
        lost = await hub._leases.eval(RENEW, len(owned), *map(lease_key, owned),
                                     hub.proc, str(hub.lease_ms))
        for i in lost:
            hub._drop(owned[int(i) - 1])
    await forget_dead_origins(hub)
    await follow_owners(hub)
    await answer_orphans(hub)
    if sweep:
        await sweep_tables(hub)
    await hub.lobby.write(hub.redis, hub.tables, refresh)


async def forget_dead_origins(hub: RedisHub) -> None:
    """Drop the stand-ins of origins nobody listens to any more (killed)."""
    assert hub.redis is not None
    dead = await hub._dead({o for o, _ in hub.seats})
    for key in [k for k in hub.seats if k[0] in dead]:
        hub._on_unsub(hub.seats[key].table_id, *key)


async def answer_orphans(hub: RedisHub) -> None:
    """Answer the relayed commands whose owner died before it answered them (issue
    24.5): the client is told to send again what the new owner's state still asks
    for (a move the dead owner stored shows in that state)."""
    if not len(hub.unanswered):
        return
    dead = await hub._dead(hub.unanswered.owners())
    for f in hub.unanswered.take_sent_to(dead):
        hit = hub.conns.get(f.conn)
        if hit is not None:
            hit[1].deliver(error_event(taken_over(), f.ack))


async def follow_owners(hub: RedisHub) -> None:
    """Look the owners of our clients' tables up again where one changed or died."""
    assert hub.redis is not None
    ids = list(hub.links)
    if not ids:
        return
    owners = [text(o) for o in await hub.redis.mget([lease_key(t) for t in ids])]
    dead = await hub._dead({o for o in owners if o is not None})
    for table_id, who in zip(ids, owners, strict=True):
        link = hub.links.get(table_id)
        if link is None:
            continue
        if who != link.owner or who in dead \
                or (who == hub.proc and table_id not in hub.tables):
            link.ready.clear()
            hub._resolve_later(table_id, 0.0)


async def sweep_tables(hub: RedisHub) -> None:
    """Take over the unfinished tables nobody holds (their owner died)."""
    assert hub.redis is not None
    ids = await asyncio.to_thread(playing, hub)
    ids = [t for t in ids if t not in hub.tables]
    if not ids:
        return
    owners = [text(o) for o in await hub.redis.mget([lease_key(t) for t in ids])]
    dead = await hub._dead({o for o in owners if o is not None})
    for table_id, owner in zip(ids, owners, strict=True):
        if owner is None or owner in dead:
            await hub._claim(table_id)


def playing(hub: RedisHub) -> list[str]:
    """The ids of the tables stored as still being played."""
    with hub.store.db.read() as s:
        return list(s.scalars(select(TableRow.id).where(TableRow.status == "playing")))


__all__ = ["answer_orphans", "beat", "follow_owners", "forget_dead_origins", "playing",
           "sweep_tables", "ticker"]
