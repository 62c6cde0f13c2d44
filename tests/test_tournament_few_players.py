"""A round drawn with too few players (issue 28): the refusal names the least number the
tournament's game seats at a table — three for licitovaný mariáš, whose tables may be of
three (LICITOVANY §9), four for Baśka — with its noun in the plural form of the reader's
language (cs, en, pl)."""

from __future__ import annotations

import pytest

from stolik.db import Database
from stolik.errors import StolikError
from stolik.i18n import Count, Msg, translate
from stolik.tournament import store


def refusal(db: Database, ruleset: str, players: int) -> StolikError:
    """The refusal of drawing round 1 of a tournament of ``ruleset`` with ``players``."""
    store.create_tournament(db, "t", name="T", ruleset=ruleset, who="ref", seed=1)
    for i in range(1, players + 1):
        store.add_player(db, "t", f"p{i}", f"Hráč {i}", who="ref")
    with pytest.raises(StolikError) as e:
        store.seat_round(db, "t", who="ref")
    return e.value


@pytest.mark.parametrize(("ruleset", "players", "cs", "en", "pl"), [
    ("licitovany", 2, "méně než 3 hráči k rozlosování", "fewer than 3 players to seat",
     "mniej niż 3 graczy do rozsadzenia"),
    ("pucka-2019", 3, "méně než 4 hráči k rozlosování", "fewer than 4 players to seat",
     "mniej niż 4 graczy do rozsadzenia"),
])
def test_too_few_players_names_the_least_the_game_seats(db: Database, ruleset: str,
                                                        players: int, cs: str, en: str,
                                                        pl: str) -> None:
    """LICITOVANY §9: a licitovaný round seats three players at the least (a table of
    three); a Baśka round four."""
    e = refusal(db, ruleset, players)
    assert f"kolo 1: {cs} (" in translate(e, "cs")
    assert f"round 1: {en} (" in translate(e, "en") and en in str(e)
    assert f"runda 1: {pl} (" in translate(e, "pl")


def few(n: int) -> Msg:
    """The refusal's message for ``n`` players at the least."""
    return Msg("err-st-few-players", "fewer than {players} to seat", players=Count(
        "err-st-least-players", "err-st-least-players-n", n, f"{n} players"))


def test_the_count_takes_each_languages_plural_form() -> None:
    """Czech and Polish have three plural forms, English two."""
    assert [translate(few(n), "cs") for n in (1, 3, 5)] == [
        "méně než 1 hráč k rozlosování", "méně než 3 hráči k rozlosování",
        "méně než 5 hráčů k rozlosování"]
    assert translate(few(1), "en") == "fewer than 1 player to seat"
    assert [translate(few(n), "pl") for n in (1, 22, 25)] == [
        "mniej niż 1 gracza do rozsadzenia", "mniej niż 22 graczy do rozsadzenia",
        "mniej niż 25 graczy do rozsadzenia"]
