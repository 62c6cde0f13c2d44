"""``stolik tournament new``: create a tournament in the database (RULES §10).

Apart from :mod:`stolik.cli.tournament_db` because it is the first command a referee
types, a whole process he waits for (issue 9.5: ≤ 0.5 s): it writes with the store's Core
part (:func:`stolik.tournament.store_core.create_tournament`) and never loads the ORM, the
draw or the scoring of standings — nor SQLAlchemy at all on a SQLite file at head (the
stdlib fast path, :mod:`stolik.tournament.sqlite_fast`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from stolik.cli.common import report
from stolik.cli.tournament_common import (
    DbOption,
    OrgLangOption,
    SlugArg,
    WhoOption,
    core_database,
    org_lang,
    parse_date,
    who_of,
)
from stolik.games import games
from stolik.i18n import N_, tr
from stolik.tournament.store_core import create_tournament

__all__ = ["new_command"]


def new_command(
    slug: SlugArg,
    name: Annotated[str, typer.Option("--name", help="The tournament's full name.",
                                      show_default=False)],
    ruleset: Annotated[str, typer.Option(
        "--ruleset", "-r", metavar="ID|PATH", help="Ruleset id — its game with it (" + "; "
        .join(f"{g.name()}: {', '.join(g.rulesets())}" for g in games()) + ") — or a "
        "league's own ruleset .toml (kept in the database; its game is --game's).",
        show_default=False)],
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD",
                                             help="The tournament's date.")] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where it is played.")] = None,
    rounds: Annotated[int, typer.Option("--rounds", min=1,
                                        help="Rounds (rundy) to play.")] = 5,
    deals: Annotated[int | None, typer.Option(
        "--deals", min=1, help="Deals (rozdania) per round (default: the ruleset's series "
        "length, RULES §9; Mariáš rounds go by time only, MARIAS §9).",
        show_default=False)] = None,
    minutes: Annotated[int | None, typer.Option(
        "--minutes", min=1, help="Minutes of play per round (the clock; default: the "
        "game's — Baśka 40, seed 000 §7p; Mariáš 50, seed 002 §1).",
        show_default=False)] = None,
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
    game: Annotated[str | None, typer.Option(
        "--game", metavar="ID", help="The game of a league's own ruleset file (baska, "
        "marias); a shipped ruleset id names its game.", show_default=False)] = None,
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Create a tournament (turniej) in the database.

    It says so in the language of --lang (pl by default, en, cs; issue 25.1)."""
    language = org_lang(lang)
    with core_database(db, language) as d:
        info = create_tournament(d, slug, name=name, ruleset=ruleset, who=who_of(who),
                                 date=parse_date(date), place=place, rounds=rounds,
                                 deals=deals, minutes=minutes, break_minutes=break_minutes,
                                 seed=seed, season=season, require_confirmation=confirm,
                                 game=game)
        said = N_("tcli-created-deals") if info.deals_per_round else N_("tcli-created")
        report(tr(language, said, slug=slug, name=info.name, ruleset=info.ruleset,
                  rounds=info.rounds, deals=info.deals_per_round,
                  minutes=info.minutes_per_round, url=d.url))
