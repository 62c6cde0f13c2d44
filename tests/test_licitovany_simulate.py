"""``stolik simulate --ruleset licitovany`` (issue 28; LICITOVANY §4, §6, §8, §10): random
deals at a table of three on the fast kernel, the dealer moving on; their records replay
to the simulated money; the summary and the sheet in Czech, Polish and English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import StolikError
from stolik.games.licitovany.record import load_record, replay, series_record
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.simulate import simulate

runner = CliRunner()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_simulated_records_replay_to_the_simulated_money(seed: int) -> None:
    """LICITOVANY §10: each simulated deal's record replays through the engine to its
    money (§6), the dealer moving one seat clockwise each deal (§8)."""
    rs = load_ruleset()
    r = simulate(rs, 60, seed=seed, first_dealer=1)
    result = replay(series_record(rs, r.records))
    assert [x.payouts for x in result.results] == list(r.payouts)
    assert result.totals == r.totals and sum(r.totals) == 0
    assert [d.dealer for d in r.records[:4]] == [1, 2, 0, 1]
    assert sum(r.games.values()) == 60


def test_the_same_seed_plays_the_same_deals_and_another_seed_others() -> None:
    """A seed gives its deals whether the loop reports progress or not."""
    rs = load_ruleset()
    one = simulate(rs, 1200, seed=5, keep_records=False)
    assert simulate(rs, 1200, seed=5, keep_records=False, progress=lambda n: None).payouts \
        == one.payouts
    assert simulate(rs, 1200, seed=6, keep_records=False).payouts != one.payouts


def test_a_bad_request_is_refused() -> None:
    """The core's checks: whole deals ≥ 0, a first dealer among the three seats (§8)."""
    with pytest.raises(StolikError, match="first dealer must be a seat 0–2"):
        simulate(load_ruleset(), 3, seed=1, first_dealer=3)


def test_stolik_simulate_writes_a_record_that_stolik_replay_reads(tmp_path: Path) -> None:
    """The CLI: --json counts the contracts; -o writes the record (§10); --sheet prints the
    sheet; every language speaks its words."""
    r = runner.invoke(app, ["simulate", "--ruleset", "licitovany", "-n", "40", "-s", "2",
                            "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["game"] == "licitovany" and doc["deals"] == 40
    assert sum(doc["games"].values()) == 40 and sum(doc["totals"]) == 0
    out = tmp_path / "sim.toml"
    r = runner.invoke(app, ["simulate", "--ruleset", "licitovany", "-n", "12", "-s", "2",
                            "-o", str(out), "--players", "Ala,Bo,Cela"])
    assert r.exit_code == 0, r.output
    record = load_record(out)
    assert record.players == ("Ala", "Bo", "Cela") and len(record.deals) == 12
    r = runner.invoke(app, ["replay", "--json", str(out)])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["totals"] == list(replay(record).totals)
    for lang, words in (("cs", "celkem"), ("pl", "razem"), ("en", "total")):
        r = runner.invoke(app, ["replay", str(out), "--lang", lang], env={"COLUMNS": "200"})
        assert r.exit_code == 0, r.output
        assert words in r.stdout and "Ala" in r.stdout
    r = runner.invoke(app, ["simulate", "--ruleset", "licitovany", "-n", "12", "-s", "2",
                            "--lang", "pl"])
    assert r.exit_code == 0 and "12" in r.stdout
