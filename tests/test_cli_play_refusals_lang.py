"""``stolik play`` refuses what it cannot play in the language of ``--lang`` (the screen's
language, Polish unless told): a bot kind the game lacks or another number of kinds than
bot seats (``--opponents``, MARIAS §9's table of four, BETEL §1's of three; Baśka's three
bots are all of one kind, named whole), a seat the table lacks (``--seat 4`` at Betel's
table of three, BETEL §1), a ruleset of another game than ``--game``, a game stolik does
not host (and a game with no terminal play: tests/test_cli_games.py). They were English
f-strings, and ``stolik play`` did not hand ``--lang`` to its one-line refusals. Czech is
no language of the play screen: the Mariáš refusal's Czech (the catalog's, for the Mariáš
readers that meet it) is checked as the engine's message, :func:`stolik.i18n.translate`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import StolikError
from stolik.games import game, games
from stolik.games.baska.session import available_bots as baska_bots
from stolik.games.marias.series import opponent_kinds
from stolik.i18n import translate


def bots(game_id: str) -> tuple[str, str]:
    """The game's bot kinds as a refusal lists them: all but the last, and the last."""
    kinds = (baska_bots() if game_id == "baska"
             else game(game_id).part("bots").available_bots())
    return ", ".join(kinds[:-1]), kinds[-1]


def unknown_bot(game_id: str, name: str) -> dict[str, str]:
    kinds, last = bots(game_id)
    return {"en": f"no {name} bot 'chess': choose --opponents {kinds} or {last}",
            "pl": f"gra {name} nie ma bota 'chess': wybierz --opponents {kinds} albo {last}"}


def too_many(count: int, n: int) -> dict[str, str]:
    return {"en": f"--opponents names one bot kind or {count} (one per bot seat), not {n}",
            "pl": f"--opponents podaje jeden rodzaj bota albo {count} (po jednym na każde "
                  f"miejsce bota), nie {n}"}


CASES: dict[str, tuple[list[str], dict[str, str]]] = {
    "marias, an unknown bot": (["--game", "marias", "--opponents", "chess"],
                               unknown_bot("marias", "Mariáš")),
    "marias, two kinds for three seats": (
        ["--game", "marias", "--opponents", "random,heuristic"], too_many(3, 2)),
    "betel, an unknown bot": (["--game", "betel", "--opponents", "random, chess"],
                              unknown_bot("betel", "Betel")),
    "betel, three kinds for two seats": (
        ["--game", "betel", "--opponents", "random,random,random"], too_many(2, 3)),
    "baska, an unknown bot": (["--opponents", "chess"], unknown_bot("baska", "Baśka")),
    "betel, a fourth seat": (["--game", "betel", "--seat", "4"],
                             {"en": "Betel has seats 1–3, not 4 (BETEL §1)",
                              "pl": "Betel ma miejsca 1–3, nie 4 (BETEL §1)"}),
    "a game stolik does not host": (
        ["--game", "chess"],
        {"en": f"no game 'chess' — stolik hosts {', '.join(g.id for g in games())}",
         "pl": f"nie ma gry 'chess' — stolik obsługuje gry {', '.join(g.id for g in games())}"}),
    "a ruleset of another game": (
        ["--game", "marias", "--ruleset", "gps-2022"],
        {"en": "--ruleset gps-2022 is a betel ruleset, not marias",
         "pl": "--ruleset gps-2022 to regulamin gry betel, nie marias"}),
}


def refusal(args: list[str], lang: str) -> str:
    """The one line ``stolik play args --lang lang`` refuses with (nothing is played)."""
    result = CliRunner().invoke(app, ["play", *args, "--lang", lang], input="",
                                env={"STOLIK_LANG": "en" if lang != "en" else "pl"})
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    line = result.stderr.rstrip("\n")
    assert "\n" not in line and line.startswith("stolik: "), line
    return line.removeprefix("stolik: ")


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("case", list(CASES))
def test_play_refuses_in_the_language_of_lang(case: str, lang: str) -> None:
    args, said = CASES[case]
    assert refusal(args, lang) == said[lang]


def test_the_marias_bot_refusals_in_czech() -> None:
    """MARIAS §9: a Mariáš table's bot refusals have their Czech (the catalog's ``cs``)."""
    kinds, last = bots("marias")
    with pytest.raises(StolikError) as e:
        opponent_kinds("chess")
    assert translate(e.value, "cs") == (f"hra Mariáš nemá bota 'chess': zvolte --opponents "
                                        f"{kinds} nebo {last}")
    with pytest.raises(StolikError) as e:
        opponent_kinds("random,random")
    assert translate(e.value, "cs") == ("--opponents uvádí jeden druh bota nebo 3 (po jednom "
                                        "na každé místo bota), ne 2")


def test_play_help_says_betels_bots_and_seats() -> None:
    """``stolik play --help`` says what Betel's table takes (BETEL §1: three seats, the
    first dealer by lot): two bots, one kind or two (``--opponents``), seats 1–3 — it
    spoke of three bots and of seat 1 dealing first only."""
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "Betel: one kind, or two;" in text
    assert "Betel and licitovaný mariáš 1–3" in text
    assert "the first dealer is drawn by lot)" in text and "§" not in text
    assert "Licitovaný mariáš (--game licitovany): two bots, seats 1–3" in text
