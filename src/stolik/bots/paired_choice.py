"""Choosing a call by paired values over sampled layouts, generic over games (issue 27.2):
what an ``expert`` bot does with the value of each candidate call on each layout.

- :func:`value_rows` values every candidate still weighed on each layout in turn (paired:
  all on the same layouts) until the layouts or the budget run out — a layout whose values
  are not all known (``value`` gave None: the budget is spent) does not count; after
  ``race_after`` layouts a candidate far below the best so far is dropped (:func:`race`).
- :func:`keep_or_switch` keeps a rule-based ``hint`` unless another candidate is better by a
  margin and some standard errors of the paired differences — noise should not move a bot
  off a sound rule.

>>> rows, alive, n = value_rows(["a", "b", "c"], ["pass", "bid"],
...                             lambda lay, c: 3 if c == "bid" else 1)
>>> rows, n
({'pass': [1, 1, 1], 'bid': [3, 3, 3]}, 3)
>>> keep_or_switch(rows, alive, "pass", eps=0.5, z=1.0)
'bid'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = ["keep_or_switch", "paired", "race", "value_rows"]

L = TypeVar("L")
C = TypeVar("C", bound=Hashable)


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of the paired differences ``a − b`` and its standard error (0 for one).

    >>> mean, se = paired([3, 5, 4], [1, 2, 3])
    >>> mean, round(se, 4)
    (2.0, 0.5774)
    """
    diff = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diff)
    mean = sum(diff) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((x - mean) ** 2 for x in diff) / (n - 1) / n)


def race(alive: list[C], rows: dict[C, list[float]], z: float, eps: float,
         keep: Sequence[C] = ()) -> list[C]:
    """The candidates still worth valuing: the first (the hint), the best so far, those of
    ``keep`` (a review's call made), and every one not below the best by more than ``eps``
    and ``z`` standard errors.

    >>> rows = {"p": [0, 1], "a": [5, 6], "b": [-9, -8]}
    >>> race(["p", "a", "b"], rows, z=3.0, eps=0.1), race(["p", "a", "b"], rows, 3.0, 0.1, ["b"])
    (['p', 'a'], ['p', 'a', 'b'])
    """
    best = max(alive, key=lambda c: sum(rows[c]))
    out = []
    for c in alive:
        mean, se = paired(rows[c], rows[best])
        if c in (alive[0], best) or c in keep or mean + z * se >= -eps:
            out.append(c)
    return out


def value_rows(layouts: Iterable[L], candidates: Sequence[C],
               value: Callable[[L, C], float | None], *, race_after: int | None = None,
               race_z: float = 3.0, eps: float = 0.0, keep: Sequence[C] = ()
               ) -> tuple[dict[C, list[float]], list[C], int]:
    """Each candidate's values on the layouts finished (module notes), the candidates still
    weighed at the end (those of ``keep`` always), and how many layouts were finished."""
    rows: dict[C, list[float]] = {c: [] for c in candidates}
    alive = list(candidates)
    solved = 0
    for lay in layouts:
        got: dict[C, float] = {}
        for c in alive:
            v = value(lay, c)
            if v is None:
                return rows, alive, solved
            got[c] = v
        for c, v in got.items():
            rows[c].append(v)
        solved += 1
        if race_after is not None and solved >= race_after:
            alive = race(alive, rows, race_z, eps, keep)
    return rows, alive, solved


def keep_or_switch(rows: dict[C, list[float]], alive: Sequence[C], hint: C, *, eps: float,
                   z: float) -> C:
    """The candidate of ``alive`` with the best mean (the first of equals) if it beats
    ``hint`` by more than ``eps`` and ``z`` standard errors of the paired differences,
    else ``hint`` (which must be among ``alive`` with as many values).

    >>> keep_or_switch({"p": [0, 0], "b": [4, -2]}, ["p", "b"], "p", eps=0.1, z=1.0)
    'p'
    """
    best = max(alive, key=lambda c: sum(rows[c]) / len(rows[c]))
    if best == hint:
        return hint
    mean, se = paired(rows[best], rows[hint])
    return best if mean > eps + z * se else hint
