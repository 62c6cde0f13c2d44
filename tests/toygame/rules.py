"""``stolik rules list`` / ``show`` of the toy game: its one key a club may change.

>>> from toygame.ruleset import load_ruleset
>>> list_row(load_ruleset())
('1',)
"""

from __future__ import annotations

from rich.console import Console

from toygame.ruleset import Ruleset

__all__ = ["LIST_COLUMNS", "list_row", "render_ruleset"]

LIST_COLUMNS = (("last trick", "right"),)


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """The cells under :data:`LIST_COLUMNS`."""
    return (str(rs.last_trick),)


def render_ruleset(rs: Ruleset, console: Console, *, ascii: bool = False) -> None:
    """The ruleset as a referee reads it (TOY §3)."""
    console.print(f"{rs.name} [{rs.id}]: a point a trick, the last trick {rs.last_trick} "
                  f"more; a series of {rs.deals} deals", markup=False, highlight=False)
