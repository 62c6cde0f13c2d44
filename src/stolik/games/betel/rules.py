"""Betel's part of ``stolik rules`` (:mod:`stolik.cli.rules`): a ruleset's row in ``rules
list`` and the whole ruleset in ``rules show`` (BETEL §2–§5), as a referee reads it.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> describe(load_ruleset("gps-2022")).splitlines()[0]
'Betel (GPS) [gps-2022]'
>>> list_row(load_ruleset("gps-2022"))
('30', '1000')
"""

from __future__ import annotations

from stolik.games.betel.ruleset import Ruleset, describe
from stolik.rulesets import Described

LIST_COLUMNS = (("contracts", "right"), ("match", "right"))
"""The columns ``stolik rules list`` adds after a Betel ruleset's id and name."""


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """A Betel ruleset's cells under :data:`LIST_COLUMNS`: its contracts and match end."""
    end = str(rs.target) if rs.target else f"{rs.minutes} min"
    return (str(len(rs.contracts)), end)


render_ruleset = Described(describe)
"""``stolik rules show``: the whole ruleset (:func:`~stolik.games.betel.ruleset.describe`)."""
