"""A bots-only Betel match in ``stolik simulate``: BETEL §5 plays on until somebody has the
target after a deal and one seat alone leads, and says nothing of a match that never ends.
Random bots' matches do not end (their totals fall by about 120 points a deal), so the
simulation stops after ``--deals`` (200 unless told) — and now says so in one line instead
of stopping silently."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games.betel.ruleset import Ruleset, load_ruleset
from stolik.games.betel.sheet import match_line
from stolik.games.betel.simulate import DEFAULT_DEALS, SimulationResult, simulate

RS = load_ruleset("gps-2022")


def result(totals: tuple[int, int, int], winner: int | None, *,
           rs: Ruleset = RS) -> SimulationResult:
    """A simulation of 57 deals that ended with these totals, as :func:`simulate` would
    hand it over."""
    return SimulationResult(ruleset=rs, seed=0, deals=57, seconds=0.1, records=(),
                            scores=(), contracts={}, totals=totals, winner=winner)


def test_simulate_says_when_it_stops_a_match_nobody_has_won() -> None:
    """The default run: 200 deals of random bots, nobody near 1000 — one line says that
    the match is undecided, why (BETEL §5) and how to play more."""
    out = CliRunner().invoke(app, ["simulate", "--ruleset", "gps-2022", "--ascii"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.stdout.split())
    assert (f"the match to 1000 was not decided: after deal {DEFAULT_DEALS} nobody has 1000 "
            "(BETEL §5: the match plays on; stolik simulate stops after --deals deals, "
            f"{DEFAULT_DEALS} unless told)") in text, text
    assert "was decided" not in text


def test_an_undecided_match_stays_undecided_however_long_random_bots_play() -> None:
    """Why the stop is needed rather than playing on (BETEL §5 has no end for it): ten
    times as many deals, still nobody near the target."""
    r = simulate(RS, 10 * DEFAULT_DEALS, seed=1, keep_records=False)
    assert r.winner is None and r.deals == 10 * DEFAULT_DEALS and max(r.totals) < 0
    assert match_line(r).startswith("the match to 1000 was not decided")


@pytest.mark.parametrize(("lang", "decided", "tie"), [
    ("en", "the match was decided after deal 57: seat 2 won with 1040",
     "after deal 57 seats 1, 3 share the top with 1010 (BETEL §5: a tie at the top plays on"),
    ("pl", "mecz rozstrzygnięty po 57. rozdaniu: wygrało miejsce 2 z 1040 pkt",
     "po 57. rozdaniu miejsca 1, 3 dzielą prowadzenie z 1010 pkt (BETEL §5: remis na czele"),
])
def test_the_line_names_the_winner_or_the_tie_at_the_top(lang: str, decided: str,
                                                         tie: str) -> None:
    """BETEL §5: the simulation's line names the seat that won the match with its total, or
    the seats sharing the top (a tie at the top plays on), in English and Polish."""
    assert match_line(result((300, 1040, 990), 1), lang) == decided
    assert tie in match_line(result((1010, 400, 1010), None), lang)


def test_a_match_by_time_only_has_no_line() -> None:
    """A ruleset without a target (a match by time, seed 004; BETEL §5) has nothing to
    reach."""
    timed = replace(RS, target=0, minutes=60)
    assert match_line(result((5, 0, 0), None, rs=timed)) == ""
