"""``stolik tournament new``: create a tournament in the database (RULES §10).

Apart from :mod:`stolik.cli.tournament_db` because it is the first command a referee
types, a whole process he waits for (issue 9.5: ≤ 0.5 s): it writes with SQLAlchemy Core
(:func:`stolik.tournament.store_core.create_tournament`) and never loads the ORM, the
draw or the scoring of standings.
"""

from __future__ import annotations

from typing import Annotated

import typer

from stolik.cli.common import report
from stolik.cli.tournament_common import DbOption, SlugArg, WhoOption, database, parse_date, who_of
from stolik.games.baska.ruleset import available_rulesets
from stolik.tournament.store_core import create_tournament

__all__ = ["new_command"]


def new_command(
    slug: SlugArg,
    name: Annotated[str, typer.Option("--name", help="The tournament's full name.",
                                      show_default=False)],
    ruleset: Annotated[str, typer.Option(
        "--ruleset", "-r", metavar="ID|PATH", help="Ruleset id (" + ", ".join(
            available_rulesets()) + ") or a league's own ruleset .toml (kept in the "
        "database).", show_default=False)],
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD",
                                             help="The tournament's date.")] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where it is played.")] = None,
    rounds: Annotated[int, typer.Option("--rounds", min=1,
                                        help="Rounds (rundy) to play.")] = 5,
    deals: Annotated[int | None, typer.Option(
        "--deals", min=1, help="Deals (rozdania) per round (default: the ruleset's series "
        "length, RULES §9).", show_default=False)] = None,
    minutes: Annotated[int, typer.Option("--minutes", min=1, help="Minutes of play per "
                                         "round (the clock, seed 000 §7p).")] = 40,
    break_minutes: Annotated[int, typer.Option("--break", min=0,
                                               help="Minutes of break after a round.")] = 5,
    seed: Annotated[int | None, typer.Option(
        "--seed", min=0, max=2**31 - 1, help="Seed of every draw (losowanie), to reproduce "
        "a tournament; default: each draw takes a fresh seed, kept and shown with its round.",
        show_default=False)] = None,
    season: Annotated[str | None, typer.Option(
        "--season", metavar="NAME", help="The season (sezon) it counts for; created if "
        "new. Yellow-card bans run across a season (seed 000 §7t).")] = None,
    confirm: Annotated[bool, typer.Option(
        "--confirm", help="Count only deals confirmed by a second person.")] = False,
    db: DbOption = None,
    who: WhoOption = None,
) -> None:
    """Create a tournament (turniej) in the database."""
    with database(db) as d:
        info = create_tournament(d, slug, name=name, ruleset=ruleset, who=who_of(who),
                                 date=parse_date(date), place=place, rounds=rounds,
                                 deals=deals, minutes=minutes, break_minutes=break_minutes,
                                 seed=seed, season=season, require_confirmation=confirm)
        report(f"created {slug}: {info.name}, ruleset {info.ruleset}, {info.rounds} rounds "
               f"of {info.deals_per_round} deals, {info.minutes_per_round} min "
               f"(database {d.url})")
