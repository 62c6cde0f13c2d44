"""Mariáš's part of ``stolik rules`` (:mod:`stolik.cli.rules`): a ruleset's row in ``rules
list`` and its tariff sheet in ``rules show`` (MARIAS §6), as a club prints it.

>>> import io
>>> from rich.console import Console
>>> from stolik.games.marias.ruleset import load_ruleset
>>> console = Console(file=io.StringIO(), width=100, color_system=None)
>>> render_ruleset(load_ruleset("ctyrka"), console)
>>> console.file.getvalue().splitlines()[0]
'Mariáš čtyřka s povinnou stovkou [ctyrka]'
>>> list_row(load_ruleset("ctyrka"))
('seed 002 §4–§8; MARIAS.md §6',)
"""

from __future__ import annotations

from rich.console import Console

from stolik.games.marias.ruleset import Ruleset, describe

LIST_COLUMNS = (("source", "left"),)
"""The columns ``stolik rules list`` adds after a Mariáš ruleset's id and name."""


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """A Mariáš ruleset's cells under :data:`LIST_COLUMNS`: where its tariff comes from."""
    return (rs.source or "—",)


def render_ruleset(rs: Ruleset, console: Console, *, ascii: bool = False) -> None:
    """The tariff sheet (:func:`~stolik.games.marias.ruleset.describe`), printed as is;
    ``ascii`` changes nothing (the sheet has no suit pictures or borders)."""
    console.print(describe(rs), markup=False, highlight=False)
