"""Baśka's ``sheet`` part (:meth:`stolik.games.GameSpec.part`): what ``stolik replay`` and
``stolik simulate`` print for a Baśka series.

The score sheet (zapis gry, RULES §9, §11) is still :mod:`stolik.cli.sheet`, shared with
the tournament commands; it is offered here under the part's names. The summary of a
simulation — game frequencies, payouts per seat, bok-runda deals (RULES §6), speed — is
this module's own.

>>> import io
>>> from rich.console import Console
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.simulate import simulate
>>> result = simulate(load_ruleset("linia"), 20, seed=2, keep_records=False)
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_summary(result, console, bots="random")
>>> "Simulated 20 deals · linia · random bots" in console.file.getvalue()
True
>>> summary_json(result)["game"], summary_json(result)["deals"]
('baska', 20)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from stolik.cli.common import new_table
from stolik.cli.sheet import declarer_text, render_sheet
from stolik.games.baska.record import GAME
from stolik.games.baska.ruleset import Ruleset

if TYPE_CHECKING:  # not imported by replay: the simulation kernel costs 10 ms to import
    from stolik.games.baska.simulate import SimulationResult


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a Baśka simulation."""
    n = result.deals
    return {
        "game": GAME,
        "ruleset": result.ruleset.id,
        "seed": result.seed,
        "deals": n,
        "first_dealer": result.first_dealer,
        "seconds": result.seconds,
        "deals_per_second": result.deals_per_second,
        "games": dict(result.games),
        "bok_deals": result.bok_deals,
        "mean_payout": [t / n if n else 0.0 for t in result.totals],
        "totals": list(result.totals),
    }


def _game_label(rs: Ruleset, game_id: str) -> str:
    if game_id == "zwykla":
        return "zwykła (plain game)"
    if game_id == "cicha":
        return "cicha (silent game)"
    if rs.has(game_id):
        return rs.contract(game_id).name
    return game_id


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False) -> None:
    """Game frequencies, payouts per seat and the speed of a simulation."""
    rs = result.ruleset
    n = result.deals
    console.print(Text(f"Simulated {n:,} deals · {rs.id} · {bots} bots · seed {result.seed} · "
                       f"first dealer {result.first_dealer}", style="bold"))
    games = new_table(ascii)
    games.add_column("game (gra)")
    games.add_column("id")
    games.add_column("deals", justify="right")
    games.add_column("%", justify="right")
    order = {c.id: i for i, c in enumerate((rs.zwykla, rs.cicha, *rs.ladder))}
    for gid, count in sorted(result.games.items(),
                             key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        games.add_row(_game_label(rs, gid), gid, str(count),
                      f"{100 * count / n:.2f}" if n else "—")
    console.print(games)
    seats = new_table(ascii)
    seats.add_column("")
    for s in range(4):
        seats.add_column(f"seat {s}", justify="right")
    seats.add_row("mean payout", *(f"{t / n:+.3f}" if n else "—" for t in result.totals))
    seats.add_row("total", *(str(t) for t in result.totals))
    console.print(seats)
    if rs.series.bok_round_deals:
        console.print(f"bok-runda deals (worth double, RULES §6): {result.bok_deals:,}")
    console.print(f"{n:,} deals in {result.seconds:.3f} s — "
                  f"{result.deals_per_second:,.0f} deals per second")


__all__ = ["declarer_text", "render_sheet", "render_summary", "summary_json"]
