"""``stolik simulate --sheet --lang``: the score sheet of a simulated series in the language
asked for (before ``STOLIK_LANG``, else English), as ``stolik replay`` prints a record's —
``simulate`` had no ``--lang`` and printed each game's sheet in its fixed language (Baśka's
lines in English, Mariáš's in Czech, Betel's in Polish). Mariáš speaks Czech too (its money
sheet, MARIAS §9)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from test_cli_play_lang import WORDS, assert_speaks

RULESET = {"baska": "linia", "marias": "ctyrka", "betel": "gps-2022"}
TITLE = {"pl": "symulacja, boty: random, ziarno 4", "en": "simulated, random bots, seed 4"}
"""The sheet's title: what was simulated, in the sheet's language (Czech: English)."""


def sheet(game: str, *args: str, env: dict[str, str] | None = None) -> str:
    """The sheet ``stolik simulate --sheet`` prints for three deals of ``game`` (the
    summary after it, in English, cut off)."""
    result = CliRunner().invoke(app, ["simulate", "--ruleset", RULESET[game], "-n", "3",
                                      "--seed", "4", "--sheet", "--ascii", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout[:result.stdout.index("Simulated ")]


@pytest.mark.parametrize(("game", "lang"), [
    (game, lang) for game, words in WORDS.items() for lang in words])
def test_the_simulated_sheet_is_in_the_language_of_lang(game: str, lang: str) -> None:
    other = "en" if lang != "en" else "pl"
    text = sheet(game, "--lang", lang, env={"STOLIK_LANG": other})
    assert_speaks(text, game, lang)
    assert TITLE.get(lang, TITLE["en"]) in text, text
    # STOLIK_LANG speaks when --lang is not given; neither: English
    assert_speaks(sheet(game, env={"STOLIK_LANG": lang}), game, lang)
    assert_speaks(sheet(game, env={"STOLIK_LANG": ""}), game, "en")

