"""The lobby of a site of several processes (issue 13, :mod:`stolik.web.play.redis_hub`):
every process's public tables, in the Redis hash ``stolik:lobby``.

Each owner writes its tables' summaries there when they change (and all of them every
``LOBBY_REFRESH_S``, should Redis have lost them), each signed with the process's id; an
entry is shown while its writer holds the table's lease (a dead owner's vanish when their
leases lapse or are taken). A table's summary is made again only when the table has
changed since (its :attr:`~stolik.web.play.table.Table.version`): the owner looks at its
tables every tick, and most have not moved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
import redis
import redis.asyncio as aioredis

from stolik.web.play.redis_base import LOBBY_KEY, UNLIST, dumps, lease_key, text
from stolik.web.play.table import Table, summary


class Lobby:
    """The lobby entries of process ``proc``."""

    def __init__(self, proc: str) -> None:
        self.proc = proc
        self.listed: dict[str, bytes] = {}
        """Our entries as last written to Redis."""
        self._made: dict[str, tuple[Table, int, bytes]] = {}
        """Each listed table's entry, and the table and version it was made of."""

    def entries(self, tables: Mapping[str, Table]) -> dict[str, bytes]:
        """The entries our public tables still playing have now."""
        out: dict[str, bytes] = {}
        made: dict[str, tuple[Table, int, bytes]] = {}
        for table_id, table in list(tables.items()):
            if table.info.private or table.match.is_over():
                continue
            hit = self._made.get(table_id)
            if hit is None or hit[0] is not table or hit[1] != table.version:
                hit = (table, table.version, dumps({**summary(table), "o": self.proc}))
            made[table_id] = hit
            out[table_id] = hit[2]
        self._made = made
        return out

    async def write(self, client: aioredis.Redis, tables: Mapping[str, Table],
                    refresh: bool = False) -> None:
        """Bring our entries up to date — those that changed since we wrote them
        (``refresh``: all) — and take out those of tables that ended or left us."""
        listed = self.entries(tables)
        changed = {t: e for t, e in listed.items() if refresh or self.listed.get(t) != e}
        gone = [t for t in self.listed if t not in listed]
        if changed or gone:
            async with client.pipeline(transaction=False) as pipe:
                if changed:
                    pipe.hset(LOBBY_KEY, mapping=changed)  # type: ignore[arg-type]
                if gone:
                    pipe.eval(UNLIST, 1, LOBBY_KEY, self.proc, *gone)
                await pipe.execute()
        self.listed = listed

    async def clear(self, client: aioredis.Redis) -> None:
        """Take all our entries out (a graceful stop)."""
        if self.listed:
            await client.eval(UNLIST, 1, LOBBY_KEY, self.proc, *self.listed)
        self.listed = {}
        self._made = {}


def others(client: redis.Redis, seen: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The other processes' entries (not in ``seen``) whose writer still holds the
    table's lease."""
    found = {str(text(k)): raw for k, raw in client.hgetall(LOBBY_KEY).items()
             if str(text(k)) not in seen}
    out: dict[str, dict[str, Any]] = {}
    if found:
        holders = client.mget([lease_key(t) for t in found])
        for (table_id, raw), holder in zip(found.items(), holders, strict=True):
            entry = orjson.loads(raw)
            if text(holder) == entry.pop("o", None):  # its writer still runs it
                out[table_id] = entry
    return out
