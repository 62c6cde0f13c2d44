"""Licitovaný mariáš's part of ``stolik rules`` (:mod:`stolik.cli.rules`): a ruleset's row
in ``rules list`` and its tariff sheet in ``rules show``, as a club prints it (LICITOVANY,
head, §2, §6). The registry asks the game's ``rules`` part for these names;
:mod:`stolik.games.licitovany.rules` (playing a card) re-exports them.

>>> import io
>>> from rich.console import Console
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> console = Console(file=io.StringIO(), width=100, color_system=None)
>>> render_ruleset(load_ruleset(), console)
>>> console.file.getvalue().splitlines()[0]
'Soutěžní licitovaný mariáš (ČSM, základ 0,20 Kč) [licitovany]'
>>> list_row(load_ruleset())
('ČSM, sloapslam čl. I; LICITOVANY.md §6', '0,20 Kč', '12')
"""

from __future__ import annotations

from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.ruleset import FLEK_WORDS, Ruleset
from stolik.rulesets import Described


def _kc(haler: int) -> str:
    """Haléřů as Kč with a decimal comma (``0,20``)."""
    return f"{haler // 100},{haler % 100:02d}"


LIST_COLUMNS = (("source", "left"), ("base", "right"), ("rungs", "right"))
"""The columns ``stolik rules list`` adds after a ruleset's id and name."""


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """A ruleset's cells under :data:`LIST_COLUMNS`: its source, the base, the rungs played."""
    return (rs.source or "—", f"{_kc(rs.base_haler)} Kč", str(len(rs.ladder)))


def describe(rs: Ruleset) -> str:
    """The ruleset as a club's tariff sheet, in Czech as the clubs write it (each amount
    in Kč: units × the base).

    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> print(describe(load_ruleset()).splitlines()[3])
    Stupně                 sedma, sedma-cervena, sto, sto-a-sedma, sto-cervenych, …
    """
    t = rs.tariff

    def kc(units: int) -> str:
        return _kc(rs.haler(units)) + " Kč"

    yes = {True: "ano", False: "ne"}
    words = [RUNGS[r].word for r in rs.ladder]
    rungs = ", ".join(words[:5]) + (", …" if len(words) > 5 else "")
    return "\n".join([
        f"{rs.name} [{rs.id}]",
        *([f"zdroj: {rs.source}"] if rs.source else []),
        f"Základ                 {kc(1)}",
        f"Stupně                 {rungs}",
        f"Hra / sedma / sto      {kc(t.hra)} / {kc(t.sedma)} / {kc(t.sto)} × flek",
        f"Betl / durch           {kc(t.betl)} / {kc(t.durch)} × flek",
        f"Dvě sedmy              {kc(t.dve_sedmy)} × flek",
        f"Tichá sedma            {kc(t.ticha_sedma)}; tiché sto {kc(t.tiche_sto)} za desítku",
        f"Červené                × {t.red}",
        f"Omyl                   {kc(t.omyl)}",
        f"Renonc paušál          {kc(t.pausal1)} / {kc(t.pausal2)}",
        f"Limit                  {kc(rs.limit)}; zvýšený {kc(rs.zvyseny_limit)}",
        f"Fleky                  {', '.join(FLEK_WORDS[:rs.max_flek])} ({rs.flek_scope})",
        f"Sto s hrou: {yes[rs.sto_s_hrou]}; tiché sto: {yes[rs.tiche_sto]}; tichá sedma: "
        f"{yes[rs.ticha_sedma]}; vyrovnaná sedma: {yes[rs.vyrovnana_sedma]}; pauzírák: "
        f"{rs.pauzirak}",
    ])


render_ruleset = Described(describe)
"""``stolik rules show``: the tariff sheet (:func:`describe`), printed as is."""
