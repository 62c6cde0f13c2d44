"""Place points at one table: places by score, tied players share their places' points.

Generic over games: a table of points per place, plus an optional bonus table paid by
the same places only to players whose score is above zero (Baśka `mester-sport`, RULES §9).

>>> place_points([15, -5, -5, -5], (5, 3, 1, 0), bonus=(3, 2, 1, 0))
[8.0, 1.3333333333333333, 1.3333333333333333, 1.3333333333333333]
>>> place_points([3, 3, -3, -3], (6, 4, 2, 0))
[5.0, 5.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence


def shared_places(scores: Sequence[float], table: Sequence[float]) -> list[float]:
    """Points by place; players with equal scores share the points of the places they span.

    >>> shared_places([10, 10, 10, 10], (6, 4, 2, 0))
    [3.0, 3.0, 3.0, 3.0]
    """
    if len(table) < len(scores):
        raise ValueError("the place table is shorter than the number of players")
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    out = [0.0] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        share = sum(table[start : end + 1]) / (end - start + 1)
        for k in range(start, end + 1):
            out[order[k]] = float(share)
        start = end + 1
    return out


def place_points(
    scores: Sequence[float],
    table: Sequence[float],
    *,
    bonus: Sequence[float] | None = None,
) -> list[float]:
    """Place points for table ``scores``; ``bonus`` is added, by the same shared places,
    to each player whose score is above zero."""
    points = shared_places(scores, table)
    if bonus:
        extra = shared_places(scores, bonus)
        points = [p + (e if s > 0 else 0.0) for p, e, s in zip(points, extra, scores, strict=True)]
    return points


def ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks (1 = best, equal scores share the better rank).

    >>> ranks([5, 9, 5, 1])
    [2, 1, 2, 4]
    """
    return [1 + sum(1 for t in scores if t > s) for s in scores]
