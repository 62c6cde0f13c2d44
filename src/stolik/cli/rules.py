"""``stolik rules list`` and ``stolik rules show``: the shipped rulesets of every game, and
one ruleset printed for a referee.

The games come from the registry (:mod:`stolik.games`); each game's ``rules`` part lays its
rulesets out (Baśka: :mod:`stolik.games.baska.rules`, the paper regulation's order of
RULES §2–§10; Mariáš: its tariff sheet, MARIAS §6).
"""

from __future__ import annotations

from typing import Annotated

import typer

from stolik.cli.common import AsciiOption, load_game_rs, new_table, stdout_console, user_errors
from stolik.games import games

app = typer.Typer(
    help="Shipped rulesets (regulations) and how to read one — RULES.md §2–§9, MARIAS.md "
    "§6, BETEL.md §2–§5, LICITOVANY.md §2, §6.",
    no_args_is_help=True,
)


@app.command("list")
def list_rulesets() -> None:
    """List the rulesets shipped with stolik, grouped by game: id, name and the regulation
    (seed) it encodes.

    Ruleset ids are unique across games, so any of them works wherever --ruleset is taken
    and selects its game; so does the path of your own copy of a ruleset file.
    """
    with user_errors():
        console = stdout_console()
        for spec in games():
            rules = spec.part("rules")
            load = spec.part("ruleset").load_ruleset
            table = new_table()
            table.title = f"{spec.name()} ({spec.id})"
            table.add_column("id")
            table.add_column("name")
            for header, justify in rules.LIST_COLUMNS:
                table.add_column(header, justify=justify)
            for rid in spec.rulesets():
                rs = load(rid)
                table.add_row(rid, rs.name, *rules.list_row(rs))
            console.print(table)
            console.print(f"default: {spec.default_ruleset}")
        console.print("print one with: stolik rules show ID")


@app.command("show")
def show(
    ruleset: Annotated[str, typer.Argument(
        metavar="ID|PATH", help="Ruleset id (e.g. linia, ctyrka, gps-2022) or the path of "
        "a ruleset .toml file.", show_default=False)],
    ascii: AsciiOption = False,
) -> None:
    """Print a ruleset so a referee can check it against the paper regulation.

    For Baśka: card orders (trumfy / fele: trumps / non-trumps, RULES §2), the ladder of
    contracts (licytacja: auction, §4), the scoring tables by doubling level — kontra,
    rekontra, … (§7), cicha (silent game), wyjście (escape), who may double first, 52:52
    (bok), revoke (błąd, §8), series and place points (§9), bok-rounds (bok-runda, §6) and
    the tournament penalties (§10). For Mariáš (ctyrka): the tariff sheet (MARIAS §6). For
    Betel (gps-2022): the 30 contracts in order with what each declarer must take (BETEL
    §2), the dubel's peeking costs and the kontra factor (§3), the scoring's parameters
    (§5: our own table, every number a key a club's file may change) and the match's end
    (its target, or its minutes).
    """
    with user_errors():
        spec, rs = load_game_rs(ruleset)
        spec.part("rules").render_ruleset(rs, stdout_console(), ascii=ascii)
