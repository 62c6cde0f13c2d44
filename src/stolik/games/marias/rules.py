"""Mariáš's part of ``stolik rules`` (:mod:`stolik.cli.rules`): a ruleset's row in ``rules
list`` and its tariff sheet in ``rules show`` (MARIAS §6), as a club prints it.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> describe(load_ruleset("ctyrka")).splitlines()[0]
'Mariáš čtyřka s povinnou stovkou [ctyrka]'
>>> list_row(load_ruleset("ctyrka"))
('seed 002 §4–§8; MARIAS.md §6',)
"""

from __future__ import annotations

from stolik.games.marias.ruleset import Ruleset, describe
from stolik.rulesets import Described

LIST_COLUMNS = (("source", "left"),)
"""The columns ``stolik rules list`` adds after a Mariáš ruleset's id and name."""


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """A Mariáš ruleset's cells under :data:`LIST_COLUMNS`: where its tariff comes from."""
    return (rs.source or "—",)


render_ruleset = Described(describe)
"""``stolik rules show``: the tariff sheet (:func:`~stolik.games.marias.ruleset.describe`)."""
