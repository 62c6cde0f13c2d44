"""A Baśka record that breaks the course of a deal or a series is refused in the reader's
language (issue 9.9), as its shape and its illegal calls and cards are: an entry after the
auction closed (four passes, or three in a row after a call: RULES §4), an auction left
unfinished, a card after the sixteenth or the play stopping short of it (RULES §11), a
revoke after the last card (RULES §8), a dealer out of turn (RULES §9). They were English
f-strings, so ``stolik replay --lang pl`` printed them in English after Polish places.

Each case is a simulated two-deal series broken one way; the English line stays what it
was, and the Polish line holds none of its English words."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.errors import RecordError
from stolik.games.baska.record import dumps_record, parse_record, replay, series_record
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.simulate import simulate
from stolik.i18n import translate
from stolik.records import dumps_toml

Doc = dict[str, Any]


def series() -> Doc:
    """Two simulated deals of ``linia`` (seed 4): deal 1 dealt by seat 0, its auction
    ``2 gran, 3 zolo-du, 0 pass, 1 pass, 2 pass`` and 16 cards played."""
    rs = load_ruleset("linia")
    doc = tomllib.loads(dumps_record(series_record(rs, simulate(rs, 2, seed=4).records),
                                     "toml"))
    assert doc["deal"][0]["auction"] == ["2 gran", "3 zolo-du", "0 pass", "1 pass", "2 pass"]
    return doc


def first(change: Callable[[Doc], None]) -> Callable[[Doc], None]:
    """A change of the series' first deal."""
    return lambda doc: change(doc["deal"][0])


def _all_pass_and_one_more(d: Doc) -> None:
    d["auction"] = ["2 pass", "3 pass", "0 pass", "1 pass", "2 pass"]


CASES: dict[str, tuple[Callable[[Doc], None], str, str]] = {
    "an entry after three passes in a row": (
        first(lambda d: d["auction"].append("3 pass")),
        "deal 1, auction entry 6: the auction is already over — it closed at entry 5 after "
        "three passes in a row (RULES §4)",
        "rozdanie 1, zapowiedź 6: licytacja jest już skończona — zamknęła się na pozycji 5 po "
        "trzech pasach z rzędu (RULES §4)"),
    "an entry after four passes": (
        first(_all_pass_and_one_more),
        "deal 1, auction entry 5: the auction is already over — it closed at entry 4 after "
        "four passes (RULES §4)",
        "rozdanie 1, zapowiedź 5: licytacja jest już skończona — zamknęła się na pozycji 4 po "
        "czterech pasach (RULES §4)"),
    "an unfinished auction": (
        first(lambda d: d.update(auction=d["auction"][:2])),
        "deal 1: the auction is unfinished after 2 calls — seat 0 is to call next (RULES §4)",
        "rozdanie 1: licytacja nie jest skończona po 2 zapowiedziach — następną zapowiedź ma "
        "miejsce 0 (RULES §4)"),
    "a card after the sixteenth": (
        first(lambda d: d["play"].append(d["play"][-1])),
        "deal 1, play entry 17: the deal is already over — all 16 cards were played by entry "
        "16 (RULES §11)",
        "rozdanie 1, karta 17: rozdanie jest już skończone — wszystkie 16 kart zagrano do "
        "pozycji 16 (RULES §11)"),
    "a play that stops short": (
        first(lambda d: d.update(play=d["play"][:-1])),
        "deal 1: the play stops after 15 cards — a deal is played to the 16th card unless a "
        "revoke is recorded; seat {seat} is to play next (RULES §11)",
        "rozdanie 1: rozgrywka urywa się po 15 kartach — rozdanie gra się do 16. karty, chyba "
        "że zapisano renons; następną kartę gra miejsce {seat} (RULES §11)"),
    "a revoke after the last card": (
        first(lambda d: d.update(revoke=1)),
        "deal 1, revoke: the play must stop before the revoking card, but all 16 cards were "
        "played (RULES §8, §11)",
        "rozdanie 1, renons: rozgrywka musi się zatrzymać przed kartą renonsu, a zagrano "
        "wszystkie 16 kart (RULES §8, §11)"),
    "a dealer out of turn": (
        lambda doc: doc["deal"][1].update(dealer=0),
        "deal 2: dealer 0 should be 1 — the deal moves one seat clockwise each deal (RULES §9, "
        "§11)",
        "rozdanie 2: rozdającym powinno być miejsce 1, nie 0 — rozdanie przechodzi co "
        "rozdanie o jedno miejsce zgodnie z ruchem wskazówek zegara (RULES §9, §11)"),
}


def broken(case: str) -> tuple[Doc, str, str]:
    """The series broken as ``case`` says, and its English and Polish lines (the seat to
    play next filled in from the deal's last card)."""
    change, en, pl = CASES[case]
    doc = series()
    seat = doc["deal"][0]["play"][-1].split()[0]
    change(doc)
    return doc, en.format(seat=seat), pl.format(seat=seat)


@pytest.mark.parametrize("case", list(CASES))
def test_the_refusal_keeps_its_english_and_says_it_in_polish(case: str) -> None:
    doc, en, pl = broken(case)
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    assert str(e.value) == en
    assert translate(e.value, "en") == en
    assert translate(e.value, "pl") == pl


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_stolik_check_says_it_in_the_language_of_lang(tmp_path: Path, lang: str) -> None:
    """The line ``stolik check --lang`` prints: the file, then the refusal in that
    language (RULES §11)."""
    doc, en, pl = broken("an unfinished auction")
    path = tmp_path / "rec.toml"
    path.write_text(dumps_toml(doc), encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["check", str(path), "--lang", lang],
                                env={"STOLIK_LANG": "en" if lang != "en" else "pl"})
    assert result.exit_code == 1, result.output
    assert result.stderr.rstrip("\n") == f"stolik: {path}: {en if lang == 'en' else pl}"
