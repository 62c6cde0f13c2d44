"""Money (LICITOVANY §6, §7): each seat's units from a deal's results, the fleky, the
table — pure functions, zero-sum. One unit is ``base_haler`` haléřů.

Each defender settles with the aktér alone, and so does the pauzírák unless ``pauzirak =
"none"``; per pair and component: units × 2^level × red, to the winner; a pair's net is
capped at the limit, or at the raised limit when both defenders made a raise.

>>> from stolik.games.licitovany.ladder import RUNGS
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.results import Result, Settled
>>> rs, table = load_ruleset(), Table(players=3, akter=0, defenders=(1, 2))
>>> durch = Result((Settled("durch", True),))
>>> settle(rs, RUNGS[8], durch, Fleky.of({("durch", 2): 1}, raisers=[2]), table)
(90, -30, -60)
>>> settle_omyl(rs, table)
(-12, 6, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from stolik.games.licitovany.ladder import Rung
from stolik.games.licitovany.results import Result, forfeit
from stolik.games.licitovany.ruleset import Ruleset

SIDE = -1
"""The seat a level is kept under when ``flek_scope = "side"``: the defence's one level."""


@dataclass(frozen=True)
class Table:
    """Who sits where in a deal: 3 or 4 players, the aktér, the two defenders in playing
    order from the seat after the aktér, and the pauzírák at four (LICITOVANY §8)."""

    players: int
    akter: int
    defenders: tuple[int, int]
    pauzirak: int | None = None

    def opponents(self, rs: Ruleset) -> tuple[int, ...]:
        """The seats that settle with the aktér: the defenders, and the pauzírák unless
        ``pauzirak = "none"``."""
        if self.pauzirak is None or rs.pauzirak == "none":
            return self.defenders
        return (*self.defenders, self.pauzirak)


@dataclass(frozen=True)
class Fleky:
    """The levels the fleky reached (0 … max_flek), per component and defender's seat
    (``"pair"``) or per component under :data:`SIDE` (``"side"``), and the defenders who
    made a raise (LICITOVANY §4.5)."""

    levels: tuple[tuple[str, int, int], ...] = ()
    raisers: frozenset[int] = frozenset()

    @classmethod
    def of(cls, levels: Mapping[tuple[str, int], int], raisers: Iterable[int] = ()) -> Fleky:
        """Fleky from ``{(component, seat): level}``."""
        return cls(tuple(sorted((c, s, v) for (c, s), v in levels.items() if v)),
                   frozenset(raisers))

    def level(self, component: str, seat: int) -> int:
        """The level of ``component`` between the aktér and ``seat`` (the defence's level
        under :data:`SIDE`)."""
        found = 0
        for c, s, v in self.levels:
            if c == component and s in (seat, SIDE):
                found = v
        return found


def pair_units(rs: Ruleset, rung: Rung, result: Result, level: Callable[[str], int]) -> int:
    """What one opponent pays the aktér (negative: gets from him), before the limit, with
    ``level(component)`` the pair's levels (LICITOVANY §6)."""
    t, red = rs.tariff, rs.tariff.red if rung.red else 1
    total = result.ticha_sedma * t.ticha_sedma
    for s in result.components:
        f = 1 << level(s.component)
        if not s.tiche:
            amount = t.of(s.component) * f * s.count
        elif rs.tiche_sto_desitky == "sazba":
            amount = t.hra * f * 2 + t.tiche_sto * (s.count - 1)
        else:
            amount = t.hra * f * 2 * s.count
        total += amount if s.won else -amount
    return total * red


def cap(rs: Ruleset, fleky: Fleky, table: Table) -> int:
    """The limit of a pair's net in this deal: raised when both defenders made a raise."""
    both = all(d in fleky.raisers for d in table.defenders)
    return rs.zvyseny_limit if both else rs.limit


def _pairs(rs: Ruleset, rung: Rung, result: Result, fleky: Fleky,
           table: Table) -> dict[int, int]:
    """Each opponent's capped payment to the aktér."""
    limit, out = cap(rs, fleky, table), {}
    for seat in table.opponents(rs):
        at = seat if seat != table.pauzirak else SIDE if rs.pauzirak == "side" else None
        units = pair_units(rs, rung, result, partial(fleky.level, seat=at) if at is not None
                           else _unflekked)
        out[seat] = max(-limit, min(limit, units))
    return out


def _unflekked(component: str) -> int:
    """The pauzírák's level under ``pauzirak = "base"``: 0 (f = 1, LICITOVANY §6)."""
    return 0


def _money(table: Table, paid: Mapping[int, int]) -> tuple[int, ...]:
    out = [0] * table.players
    for seat, units in paid.items():
        out[seat] -= units
        out[table.akter] += units
    return tuple(out)


def settle(rs: Ruleset, rung: Rung, result: Result, fleky: Fleky,
           table: Table) -> tuple[int, ...]:
    """Each seat's units for a played deal (LICITOVANY §6); they add up to 0."""
    return _money(table, _pairs(rs, rung, result, fleky, table))


def settle_omyl(rs: Ruleset, table: Table) -> tuple[int, ...]:
    """Omyl: the aktér pays ``omyl`` units to each opponent, never flekked or red
    (LICITOVANY §4.4, §6)."""
    return _money(table, dict.fromkeys(table.opponents(rs), -rs.tariff.omyl))


def settle_renonc(rs: Ruleset, rung: Rung, fleky: Fleky, table: Table,
                  offender: int) -> tuple[int, ...]:
    """A kind ``hra`` renonc (LICITOVANY §7): the offender's side loses every component at
    the levels reached; an offending defender alone pays what the aktér's opponents would
    have paid, each pair capped first.

    >>> from stolik.games.licitovany.ladder import RUNGS
    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> rs, table = load_ruleset(), Table(players=3, akter=0, defenders=(1, 2))
    >>> settle_renonc(rs, RUNGS[1], Fleky.of({("hra", 1): 1}, [1]), table, 2)  # example 10
    (7, 0, -7)
    """
    paid = _pairs(rs, rung, forfeit(rs, rung, offender == table.akter), fleky, table)
    if offender == table.akter:
        return _money(table, paid)
    out = [0] * table.players
    out[offender], out[table.akter] = -sum(paid.values()), sum(paid.values())
    return tuple(out)


def settle_pausal(rs: Ruleset, table: Table, offender: int, kind: str) -> tuple[int, ...]:
    """A paušál renonc (``pausal1`` or ``pausal2``, LICITOVANY §7): the offender pays its
    units to every other player at the table, the pauzírák included; no limit.

    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> settle_pausal(load_ruleset(), Table(4, 0, (1, 2), 3), 2, "pausal2")
    (50, 50, -150, 50)
    """
    units = rs.tariff.of(kind)
    return tuple(-units * (table.players - 1) if seat == offender else units
                 for seat in range(table.players))
