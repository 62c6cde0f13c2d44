"""``stolik replay`` and ``stolik check`` take ``--lang`` as the other commands do: a refused
record's one line (RULES §11, exit status 1) in that language, before ``STOLIK_LANG``
(MARIAS §4: a call out of turn is refused with the place named); and ``stolik replay``
prints each game's sheet in that language (Baśka, Mariáš, Betel)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.games import game
from stolik.games.marias.record import dumps_record, series_record
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.simulate import simulate
from stolik.records import dumps_toml

runner = CliRunner()

SAID = {"pl": "rozdanie 1, licytacja, wpis 1: miejsce {seat} mówi poza kolejnością",
        "en": "deal 1, bidding entry 1: seat {seat} speaks out of turn"}


def records(tmp_path: Path) -> tuple[Path, Path, int]:
    """A simulated Mariáš deal written as a record, and the same deal whose first approval
    is said by the chooser himself (out of turn, MARIAS §4.2); the chooser's seat."""
    rs = load_ruleset("ctyrka")
    rec = series_record(rs, simulate(rs, 1, seed=4).records)
    good = tmp_path / "good.toml"
    good.write_text(dumps_record(rec), encoding="utf-8")
    doc = tomllib.loads(good.read_text(encoding="utf-8"))
    deal = doc["deal"][0]
    chooser = (deal["dealer"] + 1) % 4
    deal["bidding"] = [f"{chooser} dobry", *deal["bidding"][1:]]
    bad = tmp_path / "bad.toml"
    bad.write_text(dumps_toml(doc), encoding="utf-8")
    return good, bad, chooser


@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_refusal_is_said_in_the_language_of_lang(tmp_path: Path, command: str,
                                                     lang: str) -> None:
    """``--lang`` wins over ``STOLIK_LANG`` (set here to the other language)."""
    good, bad, chooser = records(tmp_path)
    other = "en" if lang == "pl" else "pl"
    result = runner.invoke(cli_app, [command, str(bad), "--lang", lang],
                           env={"STOLIK_LANG": other})
    assert result.exit_code == 1, result.output
    line = result.stderr.strip()
    assert line.startswith(f"stolik: {bad}: ") and SAID[lang].format(seat=chooser) in line, line
    assert SAID[other].format(seat=chooser) not in line
    # without --lang, STOLIK_LANG still speaks
    result = runner.invoke(cli_app, [command, str(bad)], env={"STOLIK_LANG": lang})
    assert result.exit_code == 1 and SAID[lang].format(seat=chooser) in result.stderr
    ok = runner.invoke(cli_app, [command, str(good), "--lang", lang])
    assert ok.exit_code == 0, ok.output


SHEET_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    # Baśka: the columns keep the sheet's Polish words (RULES §11); the lines around them,
    # the legend and the standings follow --lang
    "baska": {"en": ("3 deals", "Wynik serii (series result)", "per player: payout"),
              "pl": ("3 rozdania", "przy graczu: wypłata", "suma narastająca"),
              "cs": ("3 rozdání", "u hráče: výplata", "průběžný součet")},  # issue 25.1
    # Mariáš: Czech by its own default (a money tournament's sheet), else --lang (MARIAS §9)
    "marias": {"en": ("dealer", "choosing side", "components (Kč)", "total"),
               "pl": ("rozdaje", "strona wybierającego", "składniki (Kč)", "razem"),
               "cs": ("rozdává", "volí", "složky (Kč)", "celkem")},
    "betel": {"en": ("dealer", "contract", "declarer", "tricks", "total"),
              "pl": ("rozdaje", "kontrakt", "gra", "bitki", "razem"),
              "cs": ("rozdává", "závazek", "hraje", "štychy", "celkem")},  # issue 25.1
}
"""Words each game's sheet says in a language, and only in it."""


def simulated_record(tmp_path: Path, game_id: str) -> Path:
    """Three simulated deals of ``game_id``'s default ruleset written as its record,
    through the game registry's parts as ``stolik simulate --out`` does."""
    spec = game(game_id)
    rs = spec.part("ruleset").load_ruleset(spec.default_ruleset)
    rec = spec.part("record").series_record(rs, spec.part("simulate").simulate(
        rs, 3, seed=3).records)
    path = tmp_path / f"{game_id}.toml"
    path.write_text(spec.part("record").dumps_record(rec, "toml"), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game_id", "lang"), [
    (g, lang) for g, words in SHEET_WORDS.items() for lang in words])
def test_the_sheet_is_printed_in_the_language_of_lang(tmp_path: Path, game_id: str,
                                                      lang: str) -> None:
    """``stolik replay --lang en`` printed a Betel sheet in Polish: the generic command
    could not hand a language to the game's sheet. Now ``--lang`` reaches each game's
    ``render_sheet`` (before ``STOLIK_LANG``, set here to another language): Betel's scores
    per deal and running totals of a replayed record (BETEL §5, §6), Baśka's (RULES §11) and
    Mariáš's (MARIAS §9)."""
    path = simulated_record(tmp_path, game_id)
    other = "en" if lang != "en" else "pl"
    result = runner.invoke(cli_app, ["replay", str(path), "--lang", lang, "--ascii"],
                           env={"STOLIK_LANG": other})
    assert result.exit_code == 0, result.output
    words = SHEET_WORDS[game_id]
    for w in words[lang]:
        assert re.search(rf"(?<!\w){re.escape(w)}(?!\w)", result.stdout), (w, result.stdout)
    for theirs in (x for k, v in words.items() if k != lang for x in v):
        if not any(theirs in w or w in theirs for w in words[lang]):
            assert not re.search(rf"(?<!\w){re.escape(theirs)}(?!\w)", result.stdout), (
                theirs, result.stdout)
    # STOLIK_LANG speaks when --lang is not given; nothing: English
    result = runner.invoke(cli_app, ["replay", str(path), "--ascii"], env={"STOLIK_LANG": lang})
    assert result.exit_code == 0 and all(w in result.stdout for w in words[lang])
    result = runner.invoke(cli_app, ["replay", str(path), "--ascii"], env={"STOLIK_LANG": ""})
    assert result.exit_code == 0 and all(w in result.stdout for w in words["en"])
