"""``stolik tournament report|season`` end to end (RULES §10): JSON fields as the issue names
them, Rich tables, CSV, bans, one-line errors with exit status 1."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from stolik.cli import app
from stolik.tournament.file import dumps_tournament, load_tournament
from stolik.tournament.model import Round, TableEntry, Tournament

SAMPLE = Path(__file__).parent / "data" / "tournament-sample.toml"
runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_report_json_fields() -> None:
    code, out, err = run("tournament", "report", "--json", SAMPLE)
    assert code == 0, err
    doc = json.loads(out)
    players, teams = doc["players"], doc["teams"]
    assert len(players) == 20 and len(teams) == 4
    for p in players:
        assert {"id", "place_points", "table_points", "rank"} <= set(p)
    for t in teams:
        assert {"team", "score", "rank"} <= set(t)
    assert [p["rank"] for p in players] == sorted(p["rank"] for p in players)
    keys = [(p["place_points"], p["table_points"]) for p in players]
    assert keys == sorted(keys, reverse=True)
    assert players[0]["id"] == "p04" and players[0]["place_points"] == 22
    assert [t["team"] for t in teams] == ["Rumia", "Reda", "Puck", "Wejherowo"]
    assert {e["kind"] for e in doc["events"]} == {"late", "left", "sitting-out"}


def test_report_text_and_csv(tmp_path: Path) -> None:
    code, out, err = run("tournament", "report", "--csv", tmp_path, SAMPLE, "--lang", "en")
    assert code == 0, err
    for needle in ("Players", "Teams (best 4 players)", "Round 5", "Darek Kreft",
                   "p15 late 7 min", "p10 left after 12 deals", "p13 sitting out"):
        assert needle in out
    assert (tmp_path / "players.csv").exists() and (tmp_path / "teams.csv").exists()


def test_report_bad_file_one_line(tmp_path: Path) -> None:
    t = load_tournament(SAMPLE)
    r0 = t.rounds[1]
    bad_table = TableEntry(r0.tables[2].seats, sheet=r0.tables[2].sheet, late=(("p33", 7),))
    rounds = list(t.rounds)
    rounds[1] = Round((*r0.tables[:2], bad_table, *r0.tables[3:]), r0.sitting_out)
    f = tmp_path / "t.toml"
    text = dumps_tournament(t.__class__(t.ruleset, t.name, t.players, tuple(rounds), t.date))
    f.write_text(text, encoding="utf-8")
    code, out, err = run("tournament", "report", f, "--lang", "en")  # Polish by default
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        f"stolik: {f}: round 2, table 3, late: player 'p33' is not seated at this table "
        "(RULES §10)"]


def test_season_json_and_ban(tmp_path: Path) -> None:
    t = load_tournament(SAMPLE)
    files = []
    for n in range(3):
        f = tmp_path / f"t{n + 1}.toml"
        f.write_text(dumps_tournament(t), encoding="utf-8")
        files.append(f)
    code, out, err = run("tournament", "season", "--json", *files)
    assert code == 0, err
    doc = json.loads(out)
    one = json.loads(run("tournament", "report", "--json", SAMPLE)[1])
    assert doc["players"][0]["place_points"] == 3 * one["players"][0]["place_points"]
    assert doc["teams"][0]["score"] == 3 * one["teams"][0]["score"]
    code, out, _ = run("tournament", "season", *files, "--lang", "en")
    assert code == 0 and "Season: 3 tournaments" in out

    # Exclude a player in t1's last round: t2 may not seat him (yellow card, 000 §7t).
    last = t.rounds[4]
    leaver = last.tables[0].seats[1]
    carded = replace(last.tables[0], left=((leaver, 12),), excluded=(leaver,))
    rounds = (*t.rounds[:4], Round((carded, *last.tables[1:]), last.sitting_out))
    files[0].write_text(dumps_tournament(replace(t, rounds=rounds)), encoding="utf-8")
    code, out, err = run("tournament", "season", *files, "--lang", "en")
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        f"stolik: {files[1]}: round 1, table {_table_of(t, 1, leaver)}, seats: player "
        f"'{leaver}' is banned by a yellow card from {files[0]} for 3 tournaments "
        "(seed 000 §7t)"]
    code, out, err = run("tournament", "report", "--json", files[0])
    assert code == 0, err
    assert json.loads(out)["yellow_cards"] == [leaver]


def test_excluded_player_cannot_play_on_in_the_same_tournament(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "left = { p10 = 12 }", 'left = { p10 = 12 }\nexcluded = ["p10"]')
    f = tmp_path / "t.toml"
    f.write_text(text, encoding="utf-8")
    code, out, err = run("tournament", "report", f, "--lang", "en")
    assert code == 1 and out == ""
    assert "round 4, sitting_out: player 'p10' was excluded in round 3" in err


def _table_of(t: Tournament, rnd: int, pid: str) -> int:
    return next(n for n, tb in enumerate(t.rounds[rnd - 1].tables, 1) if pid in tb.seats)


def test_help_lists_tournament() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "tournament" in out
    code, out, _ = run("tournament", "report", "--help")
    assert code == 0 and "--json" in out and "--csv" in out
