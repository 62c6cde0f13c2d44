"""End-to-end tests of the ``stolik`` command line (Typer's CliRunner, plus two real
subprocess runs: ``python -m stolik`` and the ``stolik`` console script).

The shared examples are copied into ``tests/data/examples`` so that the tests do not depend
on anything outside the repository.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik import __version__
from stolik.cli import app

DATA = Path(__file__).parent / "data"
EXAMPLES = DATA / "examples"
EXAMPLE_RECORDS = sorted(EXAMPLES.glob("*.toml"))
BOK = DATA / "linia-bok.toml"
RULESETS = ["linia", "mester-sport", "pucka-2019"]

runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    """Invoke the app; returns exit status, stdout, stderr."""
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_user_error(args: list[str | Path], *needles: str) -> str:
    """The command fails with status 1 and exactly one line on stderr, no traceback."""
    code, out, err = run(*args)
    assert code == 1, (code, out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("stolik: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err
    return lines[0]


# ---------------------------------------------------------------- top level


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0
    assert out.strip() == f"stolik {__version__}"


@pytest.mark.parametrize("command", [
    [], ["rules"], ["rules", "list"], ["rules", "show"], ["replay"], ["check"], ["simulate"],
])
def test_help(command: list[str]) -> None:
    code, out, _ = run(*command, "--help")
    assert code == 0
    assert "Usage" in out
    text = " ".join(out.split())
    if command in (["replay"], ["rules", "show"], ["check"]):
        assert "RULES" in text


def test_help_explains_polish_terms() -> None:
    _, out, _ = run("rules", "show", "--help")
    text = " ".join(out.split())
    assert "cicha (silent game)" in text
    assert "kontra" in text
    _, out, _ = run("simulate", "--help")
    text = " ".join(out.split())
    assert "wesele (wedding)" in text
    assert "zwykła (plain game)" in text


def test_usage_error_keeps_status_2() -> None:
    code, _, _ = run("replay")
    assert code == 2
    code, _, _ = run("no-such-command")
    assert code == 2


# ---------------------------------------------------------------- rules


def test_rules_list() -> None:
    code, out, _ = run("rules", "list")
    assert code == 0
    for rid in RULESETS:
        assert rid in out
    assert "seed 003" in out
    assert "Kaszubska Baśka" in out


@pytest.mark.parametrize("rid", RULESETS)
def test_rules_show_every_section(rid: str) -> None:
    code, out, _ = run("rules", "show", rid)
    assert code == 0
    for heading in ("Card order", "Contracts", "Zwykła gra", "Lone games", "Cicha",
                    "Doublings", "52:52", "Revoke", "Series"):
        assert heading in out, heading
    assert "♥" in out


def _line(out: str, start: str) -> str:
    """The first line whose text starts with ``start``."""
    for line in out.splitlines():
        if line.strip().startswith(start):
            return line
    raise AssertionError(f"no row {start!r}")


def _row(out: str, start: str) -> list[str]:
    """The words of the first table row starting with ``start``."""
    return _line(out, start).split()


def test_rules_show_tables_match_the_regulation() -> None:
    _, out, _ = run("rules", "show", "pucka-2019")
    # The regulation's own table (seed 000): Cicha 4 8 16 32 X, Zolo 5 10 20 X X.
    assert _row(out, "Cicha")[-5:] == ["4", "8", "16", "32", "X"]
    assert _row(out, "Zoło ")[-5:] == ["5", "10", "20", "X", "X"]
    assert _row(out, "Baszka")[-5:] == ["10", "X", "X", "X", "X"]
    assert _row(out, "młodzi win bez bitki")[-5:] == ["6", "12", "24", "48", "96"]
    header = _row(out, "gra (game)")
    assert header[-4:] == ["kontra", "rekontra", "bok", "hirsch"]
    assert "A♥ 10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦" in out
    assert "27 points or 2 tricks" in out
    assert "only a kontra (no rekontra)" in out
    assert "1st 6, 2nd 4, 3rd 2, 4th 0" in out


def test_rules_show_linia_doubled_losses_and_bok_rounds() -> None:
    _, out, _ = run("rules", "show", "linia")
    header = _row(out, "gra (game)")
    assert header[-4:] == ["kontra", "rekontra", "hirsch", "bok"]
    cicha = out.split("Cicha ", 1)[1].splitlines()
    assert cicha[1].split()[-5:] == ["8", "16", "32", "64", "128"]  # losses doubled
    assert "bok-runda" in out
    assert "the next 4 deals" in " ".join(out.split())
    assert "either side" in out


def test_rules_show_mester_sport_specials() -> None:
    _, out, _ = run("rules", "show", "mester-sport")
    text = " ".join(out.split())
    assert "A♣ A♠ A♥ 10♥" in out
    assert "zolo-bieda" in out
    assert "10♥ Q♥ Q♦" in out  # wesele partner cards
    assert "lost by the side that made the first doubling" in text
    assert "-12" in out and "+4" in out
    assert "plus 3 / 2 / 1 / 0" in text


def test_rules_show_ascii() -> None:
    code, out, _ = run("rules", "show", "linia", "--ascii")
    assert code == 0
    assert not set("♣♠♥♦") & set(out)
    assert "AH TH QC QS QH QD JC JS JH JD AD TD" in out
    assert "+--" in out


def test_rules_show_a_users_file(tmp_path: Path) -> None:
    shipped = Path(__file__).parents[1] / "src/stolik/games/baska/rulesets/linia.toml"
    mine = tmp_path / "moja-liga.toml"
    mine.write_text(shipped.read_text(encoding="utf-8").replace(
        'id = "linia"', 'id = "moja-liga"').replace("lengths = [32]", "lengths = [24]"),
        encoding="utf-8")
    code, out, _ = run("rules", "show", mine)
    assert code == 0
    assert "id moja-liga" in out
    assert str(mine) in out
    assert "length: 24 deals" in out


def test_rules_show_unknown_ruleset() -> None:
    assert_user_error(["rules", "show", "no-such-league"], "unknown ruleset", "linia")


def test_rules_show_broken_ruleset(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\ndoublings = "kontra"\n', encoding="utf-8")
    assert_user_error(["rules", "show", bad], "bad.toml", "doublings")


def test_rules_show_missing_file(tmp_path: Path) -> None:
    assert_user_error(["rules", "show", tmp_path / "nope.toml"], "nope.toml")


# ---------------------------------------------------------------- replay and check


@pytest.mark.parametrize("record", EXAMPLE_RECORDS, ids=lambda p: p.stem)
def test_replay_json_matches_expected(record: Path) -> None:
    expected = json.loads(record.with_suffix(".expected.json").read_text(encoding="utf-8"))
    code, out, err = run("replay", "--json", record)
    assert code == 0, err
    got = json.loads(out)
    assert len(got["deals"]) == len(expected["deals"])
    for mine, theirs in zip(got["deals"], expected["deals"], strict=True):
        for key, value in theirs.items():
            assert mine[key] == value, key
    assert got["totals"] == expected["totals"]
    assert got["place_points"] == pytest.approx(expected["place_points"])


def test_replay_json_is_series_result_to_json() -> None:
    from stolik.games.baska.record import load_record, replay

    record = EXAMPLES / "series-linia-8.toml"
    _, out, _ = run("replay", "--json", record)
    assert json.loads(out) == json.loads(json.dumps(replay(load_record(record)).to_json()))


def test_replay_sheet() -> None:
    code, out, _ = run("replay", EXAMPLES / "series-linia-8.toml")
    assert code == 0
    assert "Kaszubska Baśka" in out
    assert "8 deals" in out
    third = _row(out, "3 ")
    assert "rekontra" in third and "×4" in third and "Zolo" in third
    assert "-240" in third and "-280" in third  # payout and running total of seat 3
    total = _row(out, "Σ")
    assert total[1:] == ["151", "-211", "191", "-131"]
    assert "punkty za miejsce" in out
    # seats as a person counts them, 1–4 (issue 25.5); the record's own are 0 and 2
    assert "zwykła" in out and "starzy 1+3" in out


def test_replay_sheet_names_players_and_marks_bok_deals() -> None:
    code, out, _ = run("replay", BOK)
    assert code == 0
    assert "seats: 1 Ala · 2 Bogdan · 3 Celina · 4 Darek" in out  # 1–4 (issue 25.5)
    assert "event stolik CLI test" in out
    assert "52:52 bok" in _line(out, "1 ")
    for n in range(2, 6):
        row = _row(out, f"{n} ")
        assert row[1] == "B", row
        assert any(cell.startswith("×") for cell in row)
    assert _row(out, "6 ")[1] != "B"
    assert "cicha" in out and "Ala" in _row(out, "2 ")
    assert "B = bok-runda deal" in out


def test_replay_json_marks_bok_deals() -> None:
    _, out, _ = run("replay", "--json", BOK)
    deals = json.loads(out)["deals"]
    assert [d["bok_deal"] for d in deals] == [False, True, True, True, True, False]
    assert deals[0]["tie"] is True


def test_replay_under_another_ruleset() -> None:
    code, out, _ = run("replay", "--json", "--ruleset", "linia",
                       EXAMPLES / "plain-bez-bitki.toml")
    assert code == 0
    assert json.loads(out)["ruleset"] == "linia"


def test_replay_ascii() -> None:
    code, out, _ = run("replay", "--ascii", EXAMPLES / "zolo-kontra-pucka.toml")
    assert code == 0
    assert "+--" in out


def test_check_ok() -> None:
    code, out, _ = run("check", *EXAMPLE_RECORDS)
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == len(EXAMPLE_RECORDS)
    assert f"{EXAMPLES / 'series-linia-8.toml'}: ok, 8 deals" in lines
    assert f"{EXAMPLES / 'plain-bez-bitki.toml'}: ok, 1 deal" in lines


def _broken_record(tmp_path: Path) -> Path:
    text = (EXAMPLES / "plain-bez-bitki.toml").read_text(encoding="utf-8")
    # A doubling out of its public sequence (RULES §4 dead doublings: a kontra by either
    # side is a legal call now, so the broken call is a rekontra with no kontra before it).
    doc = text.replace('"1 pass"]', '"1 rekontra"]', 1)
    assert doc != text
    path = tmp_path / "game.toml"
    path.write_text(doc, encoding="utf-8")
    return path


def test_check_broken_record(tmp_path: Path) -> None:
    bad = _broken_record(tmp_path)
    line = assert_user_error(["check", bad], "game.toml", "deal 1", "auction entry",
                             "RULES §7")
    assert "rekontra" in line


def test_check_goes_on_after_a_broken_record(tmp_path: Path) -> None:
    bad = _broken_record(tmp_path)
    code, out, err = run("check", bad, EXAMPLES / "plain-bez-bitki.toml")
    assert code == 1
    assert "ok, 1 deal" in out
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["check"]])
def test_replay_missing_file(tmp_path: Path, command: list[str]) -> None:
    assert_user_error([*command, tmp_path / "nope.toml"], "nope.toml")


def test_replay_broken_record(tmp_path: Path) -> None:
    assert_user_error(["replay", _broken_record(tmp_path)], "game.toml", "deal 1")


def test_replay_not_toml(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text("ruleset = [\n", encoding="utf-8")
    assert_user_error(["replay", bad], "x.toml", "TOML")


def test_replay_unknown_ruleset() -> None:
    assert_user_error(["replay", "-r", "no-such", EXAMPLES / "plain-bez-bitki.toml"],
                      "unknown ruleset")


def test_replay_record_naming_unknown_ruleset(tmp_path: Path) -> None:
    text = (EXAMPLES / "plain-bez-bitki.toml").read_text(encoding="utf-8")
    bad = tmp_path / "r.toml"
    bad.write_text(text.replace('ruleset = "pucka-2019"', 'ruleset = "pucka-1999"'),
                   encoding="utf-8")
    assert_user_error(["replay", bad], "r.toml", "pucka-1999")


# ---------------------------------------------------------------- simulate


def test_simulate_json() -> None:
    code, out, err = run("simulate", "--deals", "200", "--seed", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["deals"] == 200
    assert data["seconds"] >= 0
    assert data["deals_per_second"] > 0
    assert sum(data["games"].values()) == 200
    assert len(data["mean_payout"]) == 4 and len(data["totals"]) == 4
    assert sum(data["totals"]) == 0
    assert data["mean_payout"] == pytest.approx([t / 200 for t in data["totals"]])
    assert data["ruleset"] == "pucka-2019" and data["seed"] == 3


def test_simulate_summary() -> None:
    code, out, _ = run("simulate", "-n", "300", "--seed", "1", "--ruleset", "linia")
    assert code == 0
    assert "Simulated 300 deals · linia" in out
    assert "zwykła (plain game)" in out
    assert "mean payout" in out
    assert "deals per second" in out
    # seats 1–4 as a person counts them (issue 25.5), the first dealer too (--first-dealer 1)
    assert "seat 1" in out and "seat 4" in out and "seat 0" not in out
    assert "first dealer 1" in out
    assert "%" in out


def test_simulate_out_then_replay(tmp_path: Path) -> None:
    out_file = tmp_path / "series.toml"
    code, out, err = run("simulate", "-n", "40", "--seed", "5", "-r", "linia", "--json",
                         "--out", out_file)
    assert code == 0, err
    totals = json.loads(out)["totals"]
    assert "wrote 40 deals" in err
    code, out, _ = run("replay", "--json", out_file)
    assert code == 0
    replayed = json.loads(out)
    assert len(replayed["deals"]) == 40
    assert replayed["totals"] == totals
    code, out, _ = run("check", out_file)
    assert out.strip() == f"{out_file}: ok, 40 deals"


def test_simulate_out_json_with_players(tmp_path: Path) -> None:
    out_file = tmp_path / "series.json"
    code, _, err = run("simulate", "-n", "8", "--seed", "2", "--out", out_file,
                       "--players", "Ala,Bo,Cela,Darek")
    assert code == 0, err
    doc = json.loads(out_file.read_text(encoding="utf-8"))
    assert doc["players"] == ["Ala", "Bo", "Cela", "Darek"]
    assert len(doc["deal"]) == 8
    code, out, _ = run("replay", out_file)
    assert code == 0 and "Cela" in out


def test_simulate_betel_takes_three_players_and_its_record_checks(tmp_path: Path) -> None:
    """BETEL §6: a Betel record names three players, seat 0 first; --players takes one
    name per seat of the game (four were demanded, and a record with four was refused by
    ``check``)."""
    out_file = tmp_path / "betel.toml"
    code, _, err = run("simulate", "-r", "gps-2022", "-n", "3", "--seed", "4", "--out",
                       out_file, "--players", "Ala,Bo,Cela")
    assert code == 0, err
    assert 'players = ["Ala", "Bo", "Cela"]' in out_file.read_text(encoding="utf-8")
    code, out, err = run("check", out_file)
    assert code == 0 and out.strip() == f"{out_file}: ok, 3 deals", err
    code, out, err = run("simulate", "-r", "gps-2022", "-n", "3", "--players",
                         "Ala,Bo,Cela,Darek")
    assert code == 2 and out == ""
    assert err.strip() == ("stolik: --players: give 3 names separated by commas, one per "
                           "seat, e.g. Ala,Bo,Cela")


def test_simulate_same_seed_same_records(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "c.toml"
    for path, seed in ((a, "9"), (b, "9"), (c, "10")):
        code, _, err = run("simulate", "-n", "30", "--seed", seed, "--out", path,
                           "--first-dealer", "3")
        assert code == 0, err
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")
    assert a.read_text(encoding="utf-8") != c.read_text(encoding="utf-8")
    assert "dealer = 2" in a.read_text(encoding="utf-8").split("[[deal]]")[1]  # seat 3: 0–3


@pytest.mark.parametrize(("ruleset", "lang", "line"), [
    ("gps-2022", "en", "stolik: --first-dealer: a seat 1–3, not 4"),
    ("licitovany", "cs", "stolik: --first-dealer: místo 1–3, ne 4"),
    ("gps-2022", "pl", "stolik: --first-dealer: miejsce 1–3, nie 4")])
def test_simulate_first_dealer_is_a_seat_of_the_game(ruleset: str, lang: str,
                                                     line: str) -> None:
    """The first dealer is numbered 1–4 as a person reads seats (issue 25.5), 1–3 at a
    table of three: a fourth seat is one line in the command's language, exit status 2."""
    code, out, err = run("simulate", "-r", ruleset, "-n", "1", "--first-dealer", "4",
                         "--lang", lang)
    assert (code, out, err.strip()) == (2, "", line)


def test_simulate_sheet() -> None:
    code, out, _ = run("simulate", "--deals", "32", "--seed", "1", "--sheet")
    assert code == 0
    assert "simulated, random bots, seed 1" in out
    assert "32 deals" in out
    assert "Σ" in out and "punkty za miejsce" in out
    assert "Simulated 32 deals" in out


def test_simulate_default_length_is_the_series() -> None:
    _, out, _ = run("simulate", "--json", "-r", "mester-sport")
    assert json.loads(out)["deals"] == 32


@pytest.mark.parametrize("args", [
    ["--bots", "smart"],
    ["--deals", "0"],
    ["--first-dealer", "5"],
    ["--first-dealer", "0"],
    ["--json", "--sheet"],
    ["--players", "Ala,Bo"],
])
def test_simulate_usage_errors(args: list[str]) -> None:
    code, out, err = run("simulate", *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err


def test_simulate_bots_error_lists_the_choices() -> None:
    _, _, err = run("simulate", "--bots", "smart")
    assert "random" in err


def test_simulate_unknown_ruleset() -> None:
    assert_user_error(["simulate", "--ruleset", "nope"], "unknown ruleset")


def test_simulate_unwritable_out(tmp_path: Path) -> None:
    assert_user_error(["simulate", "-n", "2", "--out", tmp_path / "no" / "dir" / "x.toml"],
                      "x.toml")


# ---------------------------------------------------------------- real processes


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    return env


def test_python_dash_m() -> None:
    proc = subprocess.run([sys.executable, "-m", "stolik", "rules", "list"],
                          capture_output=True, text=True, timeout=60, env=_env(), check=False)
    assert proc.returncode == 0, proc.stderr
    assert "pucka-2019" in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "stolik", "replay", "/no/such/file.toml"],
                         capture_output=True, text=True, timeout=60, env=_env(), check=False)
    assert bad.returncode == 1
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_console_script() -> None:
    script = Path(sys.executable).parent / "stolik"
    path = str(script) if script.exists() else shutil.which("stolik")
    if path is None:
        pytest.skip("the stolik console script is not installed")
    proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60,
                          env=_env(), check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"stolik {__version__}"
