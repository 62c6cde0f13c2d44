"""The arena's plot: each match's running mean difference with its confidence band, as a
PNG drawn by matplotlib's Agg canvas (no display needed; matplotlib is imported only
here, when a plot is asked for)."""

from __future__ import annotations

import math
from pathlib import Path

from stolik.arena.run import ArenaResult
from stolik.arena.stats import CONFIDENCE, running_intervals


def plot_running(result: ArenaResult, path: str | Path) -> None:
    """Write a PNG of each match's running mean difference (A − B per deal) with its 95%
    band; the axis is labelled as the game's arena presents its payouts."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    lows: list[float] = []
    highs: list[float] = []
    for p in result.pairs:
        means, widths = running_intervals(p.diffs)
        xs = list(range(1, len(means) + 1))
        line = ax.plot(xs, means, label=f"{p.a} − {p.b}")[0]
        lo = [m - w if not math.isnan(w) else m for m, w in zip(means, widths, strict=True)]
        hi = [m + w if not math.isnan(w) else m for m, w in zip(means, widths, strict=True)]
        ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
        settled = max(1, len(xs) // 20)  # the first twentieth's wide bands would squash the rest
        lows += lo[settled:] or lo
        highs += hi[settled:] or hi
    ax.axhline(0, color="grey", linewidth=0.8)
    if lows:
        bottom, top = min(0.0, *lows), max(0.0, *highs)
        pad = 0.1 * (top - bottom) or 1.0
        ax.set_ylim(bottom - pad, top + pad)
    ax.set_xlabel(f"deals (each played in {result.seatings} seatings)")
    ax.set_ylabel(result.presentation.plot_label)
    ax.set_title(f"stolik arena · {result.ruleset} · seed {result.seed} · "
                 f"running mean with {round(100 * CONFIDENCE)}% CI")
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(str(path), format="png")


__all__ = ["plot_running"]
