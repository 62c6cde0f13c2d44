"""Betel's bidding box: every auction step a seat may ever take, laid out as players think of
them (issue 25.6; BETEL §2, §3, §6) — the dubel actions apart, ``pas`` and ``kontra``, the
contracts that need tricks as a grid (rows = levels, columns = denominations ♣ ♦ ♥ ♠ BA)
and the contracts that limit tricks (the betelki and the betel) as a row of their own.

The layout comes from the ruleset's ladder alone (a club's own contracts get their places
too), never from what is legal now: a step keeps its place and its **number** whatever was
said before. The number is the step's place in :func:`steps` — the dubel actions, ``pas``,
the contracts lowest first, ``kontra`` — which is the order the engine offers them at a
seat's first turn; the terminal shows only the legal steps, each with its own number, so
that nothing renumbers after a look (issue 25.6).

>>> from stolik.games.betel.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> b = layout(rs)
>>> [level.label for level in b.levels], b.columns
(['1', '2', '3', 'szlemik', 'szlem'], (0, 1, 2, 3, -1))
>>> [rs.contracts[i].call for i in b.levels[3].cells]
['szlemik-C', 'szlemik-D', 'szlemik-H', 'szlemik-S', 'szlemik-BA']
>>> [rs.contracts[i].call for i in b.limits], [cell_word(rs.contracts[i]) for i in b.limits]
(['betelek-3', 'betelek-2', 'betelek-1', 'betelek-0', 'betel'], ['3', '2', '1', '0', 'betel'])
>>> number(PAS, rs), number(bid(0), rs), number(bid(29), rs), number(KONTRA, rs)
(5, 6, 35, 36)
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.games.betel.calls import (
    KONTRA,
    LOOK_BOTH,
    LOOK_FIRST,
    LOOK_SECOND,
    PAS,
    TAKE,
    Action,
    bid,
)
from stolik.games.betel.ruleset import NO_TRUMPS, Contract, Ruleset

DUBEL_ACTIONS = (LOOK_FIRST, LOOK_SECOND, LOOK_BOTH, TAKE)
"""The dubel actions, in the order the engine offers them (BETEL §3)."""

DENOMINATIONS = ("C", "D", "H", "S")
"""The record letters of the suits ♣ ♦ ♥ ♠ (BETEL §1, §6); bez atu is ``BA``."""


@dataclass(frozen=True)
class Level:
    """One row of the grid: its word (``1``, ``szlemik``) and, per column of
    :attr:`Box.columns`, the index of its contract there (None: no such contract)."""

    label: str
    cells: tuple[int | None, ...]


@dataclass(frozen=True)
class Box:
    """The bidding box of a ruleset: ``columns`` the denominations (suits 0–3, then
    :data:`~stolik.games.betel.ruleset.NO_TRUMPS`), ``levels`` the rows of contracts that
    need tricks, lowest first, ``limits`` the contracts that limit tricks (betelki, betel)
    in the ladder's order."""

    columns: tuple[int, ...]
    levels: tuple[Level, ...]
    limits: tuple[int, ...]


def denomination(trump: int) -> str:
    """A denomination's record letters: ``C`` … ``S``, ``BA`` (BETEL §6)."""
    return "BA" if trump == NO_TRUMPS else DENOMINATIONS[trump]


def level_word(c: Contract) -> str:
    """The level part of a contract's record word: ``2BA`` → ``2``, ``szlemik-H`` →
    ``szlemik``; a word without its denomination at the end is itself."""
    den = denomination(c.trump)
    if c.call.upper().endswith(den) and len(c.call) > len(den):
        return c.call[:-len(den)].rstrip("-")
    return c.call


def cell_word(c: Contract) -> str:
    """What a contract that limits tricks reads in its row: ``betelek-2`` → ``2``, ``betel``
    → ``betel``."""
    head, _, tail = c.call.partition("-")
    return tail if head.casefold() == "betelek" and tail else c.call


def layout(rs: Ruleset) -> Box:
    """The box of ``rs``'s ladder (BETEL §2): a level per number of tricks needed (a second
    contract of the same level and denomination opens a row of its own)."""
    needing = [c for c in rs.contracts if not c.at_most]
    trumps = {c.trump for c in needing}
    columns = tuple(t for t in (0, 1, 2, 3, NO_TRUMPS) if t in trumps)
    rows: list[tuple[int, str, list[int | None]]] = []
    for c in sorted(needing, key=lambda c: (c.goal, c.number)):
        col = columns.index(c.trump)
        row = next((r for r in rows if r[0] == c.goal and r[2][col] is None), None)
        if row is None:
            row = (c.goal, level_word(c), [None] * len(columns))
            rows.append(row)
        row[2][col] = c.index
    levels = tuple(Level(label, tuple(cells)) for _, label, cells in rows)
    return Box(columns, levels, tuple(c.index for c in rs.contracts if c.at_most))


def steps(rs: Ruleset) -> tuple[Action, ...]:
    """Every auction step a seat may choose from a list, in the order of their numbers:
    the dubel actions, ``pas``, the contracts lowest first, ``kontra`` (BETEL §3). Laying
    two cards back is typed, not chosen."""
    return (*DUBEL_ACTIONS, PAS, *(bid(c.index) for c in rs.contracts), KONTRA)


def number(a: Action, rs: Ruleset) -> int:
    """A step's stable number (1 = the first of :func:`steps`); 0 for a step with none (a
    lay)."""
    if a.kind == "bid":
        return len(DUBEL_ACTIONS) + 2 + a.contract
    all_steps = steps(rs)
    return all_steps.index(a) + 1 if a in all_steps else 0


def by_number(n: int, rs: Ruleset) -> Action | None:
    """The step numbered ``n`` (None: no step has that number)."""
    all_steps = steps(rs)
    return all_steps[n - 1] if 1 <= n <= len(all_steps) else None


__all__ = ["DENOMINATIONS", "DUBEL_ACTIONS", "Box", "Level", "by_number", "cell_word",
           "denomination", "layout", "level_word", "number", "steps"]
