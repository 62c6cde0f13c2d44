"""The toy game's sheets, laid out by the core (:mod:`stolik.sheet`): a replayed series'
sheet (a row per deal: dealer, tricks, points beside the running total) and a simulation's
summary. Its few words are English in every language (a real game's are catalog ids).

>>> import io
>>> from rich.console import Console
>>> from toygame.record import replay, series_record
>>> from toygame.simulate import simulate
>>> from toygame.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> out = Console(file=io.StringIO(), width=80, color_system=None)
>>> render_sheet(replay(series_record(rs, simulate(rs, 2, seed=1, keep_records=True).records)),
...              out, ascii=True)
>>> print(out.file.getvalue().splitlines()[2])
|# | dealer | tricks |      1 |      2 |      3|
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from stolik.cli.sim_summary import boxed
from stolik.i18n import Msg, translate
from stolik.sheet import deal_sheet, means, print_summary, summary_document, who
from toygame.record import SeriesResult
from toygame.simulate import SimulationResult

__all__ = ["render_sheet", "render_summary", "summary_json"]


def render_sheet(series: SeriesResult, console: Console, *, ascii: bool = False,
                 title: str | None = None, lang: str = "en") -> None:
    """Print the sheet of a replayed series."""
    rec = series.record
    console.print(deal_sheet(
        title or f"{rec.ruleset.name} [{rec.ruleset.id}]", ascii=ascii,
        heads=[("dealer", "left"), ("tricks", "right")], players=rec.players, seats=3,
        rows=(([who(rec.players, d.dealer), " ".join(map(str, r.tricks))], r.points)
              for d, r in zip(rec.deals, series.results, strict=True)),
        cell=lambda points, running: f"{points:+d} / {running}", total="total",
        totals=[str(t) for t in series.totals]))


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False, lang: str = "en") -> None:
    """A simulation's summary."""
    n = result.deals
    print_summary(console, lambda m: translate(m, lang), lang, result, ruleset=result.ruleset.id,
                  bots=bots, make=boxed(ascii), heads=("deal",), rows=[(("deal",), n)],
                  corner=translate(Msg("toy-points", "points"), lang), seats=range(1, 4),
                  mean=[f"{m:.2f}" for m in means(result.totals, n)],
                  totals=[str(t) for t in result.totals])


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """``stolik simulate --json``."""
    return summary_document("toy", result.ruleset.id, result, counts={
        "mean_points": means(result.totals, result.deals), "totals": list(result.totals)})
