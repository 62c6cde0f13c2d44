"""``stolik replay`` and ``stolik check`` take ``--lang`` as the other commands do: a refused
record's one line (RULES §11, exit status 1) in that language, before ``STOLIK_LANG``
(MARIAS §4: a call out of turn is refused with the place named)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app
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
