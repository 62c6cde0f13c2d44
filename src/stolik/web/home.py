"""The home page's games (issue 25.7): each game stolik hosts — Baśka, Mariáš, Betel,
licitovaný mariáš — with
a line saying what it is and a quick game against bots: one click sets a private table of
the game's default ruleset with the person at the first seat and the strongest bot installed
at the others (RULES §1, MARIAS §1, BETEL §1, LICITOVANY §8: four, four, three and three
seats), hints on.

>>> [g.id for g in quick_games("en")]
['baska', 'marias', 'betel', 'licitovany']
>>> betel = quick_games("pl")[2]
>>> betel.seats, betel.deals, betel.detail.startswith("gps-2022, do 1000")
(3, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from stolik.games import game
from stolik.i18n import N_, tr
from stolik.web.play.game import GAMES

ORDER = ("baska", "marias", "betel", "licitovany")
"""The games in the order the home page shows them; a game not named here comes after."""

QUICK_DEALS = {"baska": 8, "marias": 8}
"""A quick game's length in deals; a game not named plays its own match (Betel: to the
ruleset's target, BETEL §5)."""

STRONGEST = ("expert", "pimc")
"""The bots a quick game seats, the first a game has: the strongest first (issue 27: the
expert beats pimc in duplicate arenas of Baśka, Mariáš and Betel, and is each game's
default opponent at the terminal)."""

ABOUT = {"baska": N_("home-about-baska"), "marias": N_("home-about-marias"),
         "betel": N_("home-about-betel"), "licitovany": N_("home-about-licitovany")}
"""What each game is, in a line."""


@dataclass(frozen=True)
class QuickGame:
    """One game on the home page: ``id``, its ``name`` and ``about`` line in the page's
    language, ``seats``, the quick game's ``ruleset``, ``deals`` (0: to the target), ``bot``
    kind and the ``detail`` line that says them."""

    id: str
    name: str
    about: str
    seats: int
    ruleset: str
    deals: int
    bot: str
    detail: str


def quick_games(lang: str) -> list[QuickGame]:
    """The home page's games in ``lang``, each with its quick game."""
    names = GAMES.names()
    out = []
    for g in [*(x for x in ORDER if x in names), *(x for x in names if x not in ORDER)]:
        options = GAMES.get(g).options()
        bots = options["bots"]
        bot = next((b for b in STRONGEST if b in bots), str(options.get("default_bot")
                                                           or bots[0]))
        own = options.get("default_deals")
        deals = QUICK_DEALS.get(g, 8 if own is None else int(own))
        length = (tr(lang, "home-quick-deals", n=deals) if deals
                  else tr(lang, "play-to-target", target=options.get("target")))
        ruleset = str(options["default_ruleset"])
        spec = game(g)
        out.append(QuickGame(
            g, spec.name(lang), tr(lang, ABOUT[g]) if g in ABOUT else "", spec.seats, ruleset,
            deals, bot, tr(lang, "home-quick-detail", ruleset=ruleset, length=length,
                           bot=bot)))
    return out


__all__ = ["ABOUT", "ORDER", "QUICK_DEALS", "STRONGEST", "QuickGame", "quick_games"]
