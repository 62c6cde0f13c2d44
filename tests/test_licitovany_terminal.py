"""`stolik play --game licitovany` (issue 28.4): a series at the terminal on the core's
table, with fixed input — licitace calls, a refused word, the talon discard, the contract,
fleky, cards with a hláška, the sheet, quit — in Czech and in English (LICITOVANY §3, §4,
§6, §8). The bots here are a seeded random chooser of the test's own, so the session is
the same whatever bots the game ships; the command itself is run with the game's bots."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stolik import games
from stolik.cli import app
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.record import loads_document, parse_record, replay
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.terminal import HINT_BOTS, LicitovanyTable, Series, roles
from stolik.games.licitovany.view import SeatView
from stolik.table_series import strongest

SESSION = ["mam", "hint", "sedma", "AA AH", "1", "8A UA", "sto L", "re sto:1", "1", "OA",
           "AA", "KL h", *["1"] * 8, "sheet", "q"]
"""Seed 11, the person at seat 0 (the zadák, who speaks first, LICITOVANY §4.2): ``mam``
refused (the zadák bids or passes), a hint, sedma (both bots pass), a discard with an ace
refused, one card's number alone refused, then 8A UA laid away (§4.3; in the Czech
session by their numbers in the hand, 12 11), sto in zelené (§4.4), re on bot 2's flek
(§4.5), dobrá to the tutti, OA refused (it does not beat the trick, §3), AA, KL with its
hláška (§3), the rest by number; at the pause the sheet, then quit."""


class Chooser:
    """A test's random bot: a seeded choice among the engine's legal moves."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.series: Series | None = None

    def act(self, view: SeatView) -> Move:
        assert self.series is not None
        return self.rng.choice(self.series.deal.legal_moves())


def session(lang: str, lines: list[str], out: Path, *, seed: int = 11
            ) -> tuple[str, Series]:
    """The screens of a series of two deals played with ``lines`` typed."""
    bots = {1: Chooser(seed), 2: Chooser(seed + 1)}
    series = Series(load_ruleset(), ["Ala", "bot 2", "bot 3"], dict(bots), deals=2, seed=seed)
    for bot in bots.values():
        bot.series = series
    typed = iter(lines)
    screen = io.StringIO()

    def read(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        screen.write(prompt + line + "\n")
        return line

    LicitovanyTable(series, 0, Console(file=screen, width=140, color_system=None),
                    lang=lang, ascii=True, out=str(out), read=read).run()
    return screen.getvalue(), series


WORDS: dict[str, dict[str, str]] = {
    "cs": {"refused-call": "Nelze: mám teď ne; můžete sedma, sedma červená",
           "refused-discard": "Nelze: AA AH nelze odhodit: do talonu nesmí eso",
           "discard-how": "odhoďte dvě karty do talonu: jejich čísla (např. 1 2)",
           "discarded": "Ala: do talonu UA 8A",
           "refused-card": "Nelze: OA teď zahrát nelze: můžete AA, TA",
           "contract": "Závazek: aktér Ala · sto (trumfy zelené)",
           "hlasky": "Hlášky: Ala 40", "end": "Konec rozdání 1: aktér Ala",
           "sheet": "Zápis", "money": "Peníze:", "bye": "Na shledanou"},
    "en": {"refused-call": "Not allowed: mám is not on offer now; you may say sedma",
           "refused-discard": "Not allowed: AA AH cannot be laid away: no ace",
           "discard-how": "lay two cards away into the talon: their numbers (e.g. 1 2)",
           "discarded": "Ala: lay away UA 8A",
           "refused-card": "Not allowed: OA may not be played now: you may play AA, TA",
           "contract": "Contract (závazek): aktér Ala · sto (trumfy zelené)",
           "hlasky": "Hlášky (marriages): Ala 40", "end": "End of deal 1: aktér Ala",
           "sheet": "Score sheet", "money": "Money:", "bye": "See you"},
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_session_from_the_licitace_to_the_sheet(lang: str, tmp_path: Path) -> None:
    """The whole first deal typed: every refusal in the screen's language, the person's
    talon and discard shown to him as aktér (LICITOVANY §4.3), the contract, the fleky,
    the hláška counted 40 in trumps (§3), the money, the sheet; quitting saves the
    settled deal, whose record replays to the table's money (§10)."""
    out = tmp_path / "series.toml"
    typed = [{"cs": "12 11"}.get(lang, w) if w == "8A UA" else w for w in SESSION]
    text, series = session(lang, typed, out)
    for key, words in WORDS[lang].items():
        assert words in text, key
    assert "> 1\n" + WORDS[lang]["discard-how"] in text  # one number is not a discard
    assert "Talon: TL TA" in text and "Ala: re sto (bot 2)" in text
    assert "KL + hláška" in text and "flek sto (bot 3)" in text
    if bots_part() is not None:  # the hint: a move on offer, said by one of the game's bots
        kind = strongest(list(bots_part().available_bots()), HINT_BOTS)
        hint = {"cs": f"Bot {kind} by zvolil: ", "en": f"The {kind} bot would say: "}[lang]
        said = text.split(hint)[1].split("\n")[0]
        assert said in ("sedma", "sedma červená", "sto", "sto a sedma", "betl", "durch",
                        "dobrá") or said.startswith(("sto", "dvě sedmy")), said
    assert len(series.finished) == 1 and sum(series.totals) == 0
    assert series.totals[0] != 0
    replayed = replay(parse_record(loads_document(out.read_text("utf-8"), "toml")))
    assert replayed.totals == series.totals


def test_the_others_discard_and_the_talon_stay_hidden(tmp_path: Path) -> None:
    """A bot who is aktér lays two cards away unseen: the person reads that he laid two
    cards away, never which, and sees no card of the talon; once a trump game is over
    the discard is turned up (LICITOVANY §3)."""
    text, series = session("en", ["dobra"] + ["1"] * 12, tmp_path / "x.toml", seed=1)
    first = series.finished[0][1] if series.finished else None
    assert first is not None and first.akter == 2 and first.contract is not None
    assert not first.contract.rung.closed
    during, after = text.split("End of deal 1")
    assert "bot 3: laid two cards away" in during
    assert "Talon:" not in during and "lay away" not in during
    assert "Talon:" in after


def test_typed_words_reach_the_engine_marks_or_not(tmp_path: Path) -> None:
    """`mám`, `dobrá` and the record's `mam`, `dobra` are the same call (LICITOVANY §1)."""
    a, _ = session("cs", ["dobrá"], tmp_path / "a.toml", seed=1)
    b, _ = session("cs", ["dobra"], tmp_path / "b.toml", seed=1)
    assert "Ala: dobrá" in a and a.replace("> dobrá", "> dobra") == b


def test_roles_follow_the_dealer() -> None:
    """Forhont left of the dealer, the dealer zadák at three (LICITOVANY §1, §4.1)."""
    assert [roles(d) for d in range(3)] == [(1, 2, 0), (2, 0, 1), (0, 1, 2)]


def bots_part() -> Any:
    try:
        return games.game("licitovany").part("bots")
    except games.UnknownGame:
        return None


@pytest.mark.skipif(bots_part() is None, reason="the game has no bots part yet")
def test_stolik_play_game_licitovany_with_the_game_bots(tmp_path: Path) -> None:
    """`stolik play --game licitovany` seats the game's bots and plays to the end of the
    series with Enter and numbers (LICITOVANY §8); the record is saved."""
    out = tmp_path / "play.toml"
    run = CliRunner().invoke(app, ["play", "--game", "licitovany", "--seed", "5", "--deals",
                                   "1", "--opponents", "random", "--out", str(out),
                                   "--ascii", "--lang", "en"],
                             input="\n".join(["dobra", *["1"] * 60]) + "\n")
    assert run.exit_code == 0, run.output
    assert "End of deal 1" in run.output and "End of the series" in run.output
    assert len(replay(parse_record(loads_document(out.read_text("utf-8"), "toml"))).results) == 1


@pytest.mark.parametrize(("lang", "words"), [("cs", "licitovaný mariáš má místa 1–3, ne 4"),
                                              ("en", "licitovaný mariáš has seats 1–3, not 4")])
def test_a_fourth_seat_is_refused_in_one_line(lang: str, words: str) -> None:
    """Three seats (LICITOVANY §8: a table of four with the pauzírák is not played at the
    terminal): --seat 4 is one line in the screen's language."""
    run = CliRunner().invoke(app, ["play", "--game", "licitovany", "--seat", "4", "--lang",
                                   lang], input="")
    assert run.exit_code == 1
    assert run.stderr.strip().splitlines() == [f"stolik: {words} (LICITOVANY §8)"]


@pytest.mark.parametrize("seed", [2, 7])
def test_layouts_the_person_cannot_tell_apart_draw_the_same_screen(seed: int) -> None:
    """At every step of a deal of three people played at random, each seat's screen is
    the same for layouts it cannot tell apart (two opponents' unseen cards swapped, the
    talon before it is shown, the discard it may not see; LICITOVANY §3, §4.3)."""
    from test_licitovany_web import people, twins

    rng = random.Random(seed)
    series = Series(load_ruleset(), ["Ala", "Bob", "Cyril"], {}, deals=1, seed=seed)
    m = people(seed)  # the web test's twins are made from a match's deal
    drawn = 0
    while not series.deal.is_over:
        m.deal = series.deal
        for seat in range(3):
            table = LicitovanyTable(series, seat, Console(file=io.StringIO(), width=200,
                                                          color_system=None), lang="cs")

            def draw(t: LicitovanyTable = table, looker: int = seat) -> str:
                t.console.print(t.screen(series.view(looker)))
                out = t.console.file
                assert isinstance(out, io.StringIO)
                text = out.getvalue()
                out.seek(0)
                out.truncate()
                return text

            real, want = series.deal, draw()
            for twin in twins(m, seat, rng):
                series.deal = twin
                try:
                    assert draw() == want, (seat, real.phase)
                finally:
                    series.deal = real
                drawn += 1
        to_act = series.deal.to_act
        assert to_act is not None
        series.apply(to_act, rng.choice(series.deal.legal_moves()))
    assert drawn > 30
