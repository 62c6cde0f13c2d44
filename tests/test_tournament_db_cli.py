"""``stolik tournament …`` over a database, end to end (RULES §10, seed 000 §7m–w).

Each test drives the Typer app with ``--db`` set to the ``db_url`` fixture of
``tests/conftest.py``: once on a SQLite file and once on PostgreSQL (skipped unless
``STOLIK_TEST_PG`` names a server). Error paths: one line on stderr, exit status 1, no
traceback, nothing written.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.tournament.file import load_tournament

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "tournament-sample.toml"
LINIA_8 = DATA / "examples" / "series-linia-8.toml"
runner = CliRunner()


class Cli:
    """Runs ``stolik tournament ARGS --db URL`` as ``who`` (``$STOLIK_WHO``)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __call__(self, *args: str | Path, who: str = "ref", db: bool = True
                 ) -> tuple[int, str, str]:
        argv = ["tournament", *(str(a) for a in args)]
        if db:
            argv += ["--db", self.url]
        # The English lines: the organiser's commands speak Polish unless told (issue 25.1).
        result = runner.invoke(app, argv, env={"STOLIK_WHO": who, "STOLIK_DB": None,
                                               "STOLIK_LANG": "en"})
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr

    def ok(self, *args: str | Path, who: str = "ref") -> str:
        code, out, err = self(*args, who=who)
        assert code == 0, err
        return out

    def error(self, *args: str | Path, who: str = "ref") -> str:
        """Run a command that must fail: exit 1 and one line on stderr; the line."""
        code, out, err = self(*args, who=who)
        assert code == 1, (out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("stolik: "), err
        assert "Traceback" not in err
        return lines[0]


@pytest.fixture
def cli(db_url: str) -> Cli:
    return Cli(db_url)


def _tournament(cli: Cli, tmp_path: Path, slug: str = "t1", *extra: str) -> None:
    cli.ok("new", slug, "--name", "Turniej 1", "--ruleset", "pucka-2019", "--date",
           "2026-11-21", "--rounds", "3", "--season", "S2026", *extra)
    csv = tmp_path / f"{slug}.csv"
    csv.write_text("id,name,team\np1,Ala Nowak,Rumia\np2,Bo Konkol,Rumia\n"
                   "p3,Cela Formela,Puck\np4,Darek Kreft,Puck\np5,Ewa Labuda,\n",
                   encoding="utf-8")
    cli.ok("players", "import", slug, csv)


def test_running_a_tournament(cli: Cli, tmp_path: Path) -> None:
    """new → players → teams → seat (redraw, show, where do I sit) → clock → sheet entry,
    correction, confirmation, deletion → events → close → standings → export → audit."""
    _tournament(cli, tmp_path)
    out = cli.ok("list")
    assert "t1" in out and "S2026" in out and "0/3" in out
    out = cli.ok("players", "t1")
    assert "Ala Nowak" in out and "5 players" in out
    cli.ok("players", "add", "t1", "p6", "Franek Necel", "--team", "Reda")
    cli.ok("players", "remove", "t1", "p6")
    cli.ok("teams", "set", "t1", "p5", "Reda")
    out = cli.ok("teams", "t1")
    assert "Rumia" in out and "p1 Ala Nowak, p2 Bo Konkol" in out and "Reda" in out

    first = cli.ok("seat", "t1")
    assert first.startswith("Round 1\nTable 1: 1.") and "Sitting out" in first
    cli.ok("seat", "t1", "--round", "1", "--seed", "7")  # a redraw before the start
    cli.ok("seat", "t1", "--round", "1", "--manual", "p1 p2 p3 p4", "--sit-out", "p5")
    assert cli.ok("seat", "t1", "--show") == (
        "Round 1\nTable 1: 1. Ala Nowak (deals) | 2. Bo Konkol | "
        "3. Cela Formela | 4. Darek Kreft\nSitting out: Ewa Labuda (4 place points, +40 "
        "table points)\n")
    out = cli.ok("seat", "t1", "--player", "p3")
    assert "Round 1: table 1, seat 3" in out

    out = cli.ok("round", "start", "t1", "1")
    assert "playing (gra)" in out and "left" in out
    assert "playing" in cli.ok("clock", "t1", "1")
    assert "+5 min" in cli.ok("round", "extend", "t1", "1", "5")
    assert "t1: round 1:" in cli.ok("round", "clock", "t1", "1")
    line = cli.error("seat", "t1", "--round", "1")
    assert line == "stolik: t1: round 1: the round has started: it cannot be drawn again " \
        "(RULES §10)"

    # Seats as the printed plan counts them, 1–4 (seat 1 deals first), or the player's id
    # or name: a referee following the plan cannot enter the wrong declarer (RULES §10).
    for words in (["contract=gran", "declarer=p1", "points=90"],
                  ["contract=zwykla", "starzy=1,3", "points=70", "tricks=3"],
                  ["contract=zolo", "declarer=Bo Konkol", "level=1", "points=61"]):
        cli.ok("sheet", "add", "t1", "1", "1", *words)
    cli.ok("sheet", "correct", "t1", "1", "1", "2", "contract=gran", "declarer=4",
           "points=80", who="boss")
    cli.ok("sheet", "confirm", "t1", "1", "1", "1", who="second")
    cli.ok("sheet", "add", "t1", "1", "1", "contract=gran", "declarer=3", "points=90")
    cli.ok("sheet", "delete", "t1", "1", "1", "4")
    out = cli.ok("sheet", "t1", "1", "1")
    assert "round 1, table 1" in out and "p1 Ala Nowak" in out and "Gran" in out
    assert "1 p1 Ala Nowak · 2 p2 Bo Konkol" in out and "first dealer: seat 1" in out
    rows = [x.split() for x in out.splitlines() if x.startswith("  ") and
            x.split()[0].isdigit() and len(x.split()) > 8]
    # deal 1 by seat 1 (p1), deal 2 corrected to seat 4 (p4), deal 3 by seat 2 (p2)
    assert [r[1:3] for r in rows] == [["Gran", "Ala"], ["Gran", "Darek"],
                                      ["Zoło", "Bo"]], out
    assert "Table result" in out and "ref / second" in out

    cli.ok("event", "add", "t1", "1", "1", "p2", "late", "7")
    out = cli.ok("event", "t1")
    assert "late" in out and "p2" in out and "1 events" in out
    cli.ok("event", "remove", "t1", "1")
    assert "0 events" in cli.ok("event", "list", "t1")
    cli.ok("event", "add", "t1", "1", "1", "p2", "late", "6")
    cli.ok("round", "close", "t1", "1")
    assert "closed" in cli.error("sheet", "add", "t1", "1", "1", "contract=gran",
                                 "declarer=1", "points=90")
    cli.ok("round", "reopen", "t1", "1")

    doc = json.loads(cli.ok("standings", "t1", "--json", "--csv", tmp_path / "csv"))
    players = {p["id"]: p for p in doc["players"]}
    assert players["p5"]["place_points"] == 4 and players["p5"]["table_points"] == 40
    assert {"id", "place_points", "table_points", "rank"} <= set(doc["players"][0])
    assert {"team", "score", "rank"} <= set(doc["teams"][0])
    assert [e["kind"] for e in doc["events"]] == ["late", "sitting-out"]
    assert (tmp_path / "csv" / "players.csv").exists()
    out = cli.ok("standings", "t1", "--tables")
    assert "Players" in out and "Round 1" in out and "p2 late 6 min" in out

    exported = tmp_path / "t1.toml"
    cli.ok("export", "t1", "--out", exported)
    code, out, err = cli("report", "--json", exported, db=False)
    assert code == 0, err
    report = json.loads(out)
    assert report["players"] == doc["players"] and report["teams"] == doc["teams"]
    exported_text = cli.ok("export", "t1")
    assert exported_text.startswith('format = 2\nruleset = "pucka-2019"')
    # the file counts seats 1–4 like the plan: deal 3 was zoło by Bo Konkol, seat 2
    assert '{ contract = "zolo", declarer = 2, level = 1, points = 61 }' in exported_text
    cli.ok("export", "t1", "--out", tmp_path / "t1.json")
    assert load_tournament(tmp_path / "t1.json") == load_tournament(exported)

    audit = json.loads(cli.ok("audit", "t1", "--json"))
    corr = next(a for a in audit if a["action"] == "correct")
    assert corr["who"] == "boss" and corr["what"] == "round 1, table 1, deal 2"
    # the database keeps the engine's seats 0–3: seat 4 of the plan is 3
    assert corr["before"]["contract"] == "zwykla" and corr["after"]["declarer"] == 3
    assert {a["who"] for a in audit} == {"ref", "boss", "second"}
    out = cli.ok("audit", "t1")
    assert "correct" in out and "→" in out and "boss" in out
    out = cli.ok("info", "t1")
    assert "3 rounds of 32 deals" in out and "round 1: started" in out


def test_sheet_totals_and_deal_records(cli: Cli, tmp_path: Path) -> None:
    """Totals by seat (negative numbers as arguments), a deal-record file appended in one
    go, confirmation required (`new --confirm`)."""
    cli.ok("new", "lin", "--name", "Linia", "--ruleset", "linia", "--confirm")
    for i in range(1, 9):
        cli.ok("players", "add", "lin", f"p{i}", f"Gracz {i}")
    cli.ok("seat", "lin", "--manual", "p1 p2 p3 p4; p5 p6 p7 p8")
    cli.ok("sheet", "totals", "lin", "1", "1", "12", "-4", "0", "-8")
    assert "only totals entered: +12 -4 +0 -8" in cli.ok("sheet", "lin", "1", "1")
    cli.ok("sheet", "totals", "lin", "1", "1", "--clear")
    cli.ok("sheet", "totals", "lin", "1", "1", "12", "-4", "0", "-8")
    out = cli.ok("sheet", "record", "lin", "1", "2", LINIA_8)
    assert out == ""
    out = cli.ok("sheet", "lin", "1", "2")
    assert "unconf." in out and "(+20)" in out  # not counted yet
    for n in range(1, 9):
        cli.ok("sheet", "confirm", "lin", "1", "2", str(n), who="second")
    out = cli.ok("sheet", "lin", "1", "2")
    assert "unconf." not in out and "(+20)" not in out
    doc = json.loads(cli.ok("standings", "lin", "--json"))
    assert {p["id"]: p["table_points"] for p in doc["players"]}["p1"] == 12
    assert sum(p["table_points"] for p in doc["players"]) == 0
    line = cli.error("sheet", "record", "lin", "1", "1", LINIA_8)
    assert line.startswith("stolik: lin: round 1, table 1: the table has only final totals")
    line = cli.error("sheet", "totals", "lin", "1", "2", "1", "2", "3", "-5")
    assert "sum to 1, not 0" in line or "has deals entered" in line


def test_import_standings_season_backup_restore(cli: Cli, tmp_path: Path) -> None:
    """`import` a tournament file: `standings --json` equals `report --json`; season
    standings; `backup` and `restore` into another database give the same standings."""
    cli.ok("import", SAMPLE, "--slug", "sample", "--season", "2026")
    code, out, err = cli("report", "--json", SAMPLE, db=False)
    assert code == 0, err
    assert json.loads(cli.ok("standings", "sample", "--json")) == json.loads(out)
    season = json.loads(cli.ok("standings", "--season", "2026", "--json"))
    assert season["tournaments"] == ["sample"] and len(season["players"]) == 20
    assert "Season 2026: 1 tournaments" in cli.ok("standings", "--season", "2026")
    backup = tmp_path / "backup.json"
    cli.ok("backup", backup)
    other = Cli(f"sqlite:///{tmp_path}/other.db")
    other.ok("restore", backup)
    assert other.ok("standings", "sample", "--json") == cli.ok("standings", "sample",
                                                               "--json")
    line = other.error("restore", backup)
    assert "holds data already" in line and "--replace" in line
    other.ok("restore", backup, "--replace")
    assert "sample" in other.ok("list")


def test_errors_are_one_line(cli: Cli, tmp_path: Path) -> None:
    """Bad input: one line naming the tournament/round/table/deal and rule, exit 1,
    nothing written."""
    _tournament(cli, tmp_path)
    assert cli.error("players", "nope") == \
        "stolik: nope: no such tournament; there are: t1"
    assert "a tournament with this short name exists" in cli.error(
        "new", "t1", "--name", "x", "--ruleset", "pucka-2019")
    assert "--date: '21.11.2026' is not a date" in cli.error(
        "new", "t2", "--name", "x", "--ruleset", "pucka-2019", "--date", "21.11.2026")
    assert "unknown ruleset 'nope'" in cli.error("new", "t3", "--name", "x", "--ruleset",
                                                 "nope")
    bad_csv = tmp_path / "bad.csv"
    bad_csv.write_text("q1,Q\nq2\n", encoding="utf-8")
    assert "bad.csv: line 2: expected id,name,team" in cli.error(
        "players", "import", "t1", bad_csv)
    dup_csv = tmp_path / "dup.csv"
    dup_csv.write_text("q1,Q One\np1,Ala Nowak\n", encoding="utf-8")
    assert "player 'p1' is already entered" in cli.error("players", "import", "t1", dup_csv)
    assert "q1" not in cli.ok("players", "t1")  # all or nothing
    assert "round 1 is not drawn yet" in cli.error("sheet", "t1", "1", "1")
    cli.ok("seat", "t1", "--manual", "p1 p2 p3 p4", "--sit-out", "p5")
    assert cli.error("sheet", "add", "t1", "1", "1", "contract=gran", "declarer=1",
                     "points=200") == ("stolik: t1: round 1, table 1: line: 'points' must "
                                       "be a whole number 0–104, not 200 (RULES §7)")
    for bad in ("0", "5", "p5", "nobody"):
        assert cli.error("sheet", "add", "t1", "1", "1", "contract=gran", f"declarer={bad}",
                         "points=61") == (
            "stolik: t1: round 1, table 1: 'declarer' must be a seat 1–4 or a "
            f"player at the table (p1, p2, p3, p4), not {int(bad) if bad.isdigit() else bad!r}"
            " (RULES §10)")
    assert cli.error("sheet", "add", "t1", "1", "1", "contract=gran", "points=61") == (
        "stolik: t1: round 1, table 1: deal 1: 'gran' needs its 'declarer': the seat (or "
        "player) who plays it (RULES §4)")
    assert "unknown key 'who'" in cli.error("sheet", "add", "t1", "1", "1", "who=me")
    assert "KEY=VALUE" in cli.error("sheet", "add", "t1", "1", "1", "gran")
    assert "t1: round 1: no table 2 (the round has 1)" in cli.error(
        "sheet", "add", "t1", "1", "2", "contract=gran", "declarer=1", "points=90")
    cli.ok("sheet", "add", "t1", "1", "1", "contract=gran", "declarer=1", "points=90")
    assert cli.error("sheet", "confirm", "t1", "1", "1", "1") == (
        "stolik: t1: round 1, table 1, deal 1: entered by 'ref', so another person "
        "confirms it (RULES §10)")
    assert "t1: round 1, table 1: no deal 5" in cli.error("sheet", "delete", "t1", "1", "1",
                                                          "5")
    assert "event kind 'sleepy'" in cli.error("event", "add", "t1", "1", "1", "p1",
                                              "sleepy", "3")
    assert "player 'p5' is not seated at this table" in cli.error(
        "event", "add", "t1", "1", "1", "p5", "late", "7")
    assert "t1: no event 42" in cli.error("event", "remove", "t1", "42")
    assert "give a tournament (SLUG) or --season" in cli.error("standings")
    assert "no season 'nope'" in cli.error("standings", "--season", "nope")
    assert "not a stolik backup" in cli.error("restore", SAMPLE)
    assert "--started: 'soon' is not a time" in cli.error(
        "sheet", "add", "t1", "1", "1", "contract=gran", "declarer=1", "points=90",
        "--started", "soon")
    assert "player 'p9' is not entered" in cli.error("seat", "t1", "--player", "p9")
    assert "--manual: table 1 has 3 players" in cli.error("seat", "t1", "--round", "2",
                                                          "--manual", "p1 p2 p3")
    assert "totals are 4 numbers by seat, not [1, -1, 0]" in cli.error(
        "sheet", "totals", "t1", "1", "1", "1", "-1", "0")
    assert "round 9 is not drawn yet" in cli.error("round", "start", "t1", "9")
    # new, 5 players, the seating, one deal: nothing else was written
    assert len(json.loads(cli.ok("audit", "t1", "--json"))) == 8
    cli.ok("round", "start", "t1", "1")
    assert cli.error("round", "start", "t1", "1").startswith(
        "stolik: t1: round 1: the round started at ")


def test_default_database_and_stolik_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        ) -> None:
    """Without --db: ``$STOLIK_DB``, else ``stolik.db`` in the current folder, created on
    first use; a URL that is neither SQLite nor PostgreSQL is one line, exit 1."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tournament", "new", "a", "--name", "A", "--ruleset",
                                 "pucka-2019", "--who", "me"], env={"STOLIK_DB": None})
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "stolik.db").exists()
    env_db = tmp_path / "league.db"
    result = runner.invoke(app, ["tournament", "new", "b", "--name", "B", "--ruleset",
                                 "pucka-2019"], env={"STOLIK_DB": str(env_db),
                                                     "STOLIK_WHO": "env-who"})
    assert result.exit_code == 0, result.stderr
    result = runner.invoke(app, ["tournament", "audit", "b", "--json"],
                           env={"STOLIK_DB": str(env_db)})
    assert json.loads(result.stdout)[0]["who"] == "env-who"
    result = runner.invoke(app, ["tournament", "list", "--db", "mysql://x/y"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "stolik: --db: 'mysql://x/y' is neither a SQLite file nor a sqlite:// or "
        "postgresql:// URL"]
