"""What the processes of a site hold at once, for the play limits on it (issue 13):
:class:`Held`, written by each process to Redis and summed over the others
(:mod:`stolik.web.play.redis_limits`; the limits: :mod:`stolik.web.play.ratelimit`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Held:
    """What processes hold at once, for the limits on it: per client address its open
    connections and its tables in play (and of those its tables of bots only), and the
    totals. One process's is a JSON object in Redis; those of the site's other processes
    are summed (:meth:`total`).

    >>> a = Held({"1.2.3.4": 2}, {"1.2.3.4": (1, 0)}, 2, (3, 1))
    >>> both = Held.total([a, Held.from_json(a.to_json())])
    >>> both.conns["1.2.3.4"], both.tables["1.2.3.4"], both.all_conns, both.all_tables
    (4, (2, 0), 4, (6, 2))
    """

    conns: dict[str, int] = dataclasses.field(default_factory=dict)
    tables: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)
    all_conns: int = 0
    all_tables: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        """As written to Redis."""
        return {"c": self.conns, "t": {k: list(v) for k, v in self.tables.items()},
                "C": self.all_conns, "T": list(self.all_tables)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Held:
        """As read from Redis."""
        tables = {str(k): (int(v[0]), int(v[1])) for k, v in raw.get("t", {}).items()}
        total = raw.get("T", (0, 0))
        return cls({str(k): int(v) for k, v in raw.get("c", {}).items()}, tables,
                   int(raw.get("C", 0)), (int(total[0]), int(total[1])))

    @classmethod
    def total(cls, parts: list[Held]) -> Held:
        """The sum of several processes' holdings."""
        conns: dict[str, int] = {}
        tables: dict[str, tuple[int, int]] = {}
        for part in parts:
            for k, n in part.conns.items():
                conns[k] = conns.get(k, 0) + n
            for k, (n, b) in part.tables.items():
                was = tables.get(k, (0, 0))
                tables[k] = (was[0] + n, was[1] + b)
        return cls(conns, tables, sum(p.all_conns for p in parts),
                   (sum(p.all_tables[0] for p in parts), sum(p.all_tables[1] for p in parts)))
