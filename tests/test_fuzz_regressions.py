"""The hostile inputs of issue 9.15, one small file each: every one is now one line on
stderr naming the file (and the deal, entry or key), exit status 1, no traceback; and the
ruleset keys whose meaning was not checked (RULES §2, §4, §5, §7, §9) are refused.
The broad campaign over mutated files is ``tests/test_fuzz_files.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app

DATA = Path(__file__).parent / "data"
RECORD = DATA / "examples" / "zolo-kontra-pucka.toml"
LINIA = Path(__file__).parents[1] / "src/stolik/games/baska/rulesets/linia.toml"
runner = CliRunner()


def one_line(args: list[str], *needles: str) -> str:
    """The command fails with status 1 and one printable line naming ``needles``."""
    result = runner.invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError("traceback instead of one line") from result.exception
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: "), result.stderr
    assert lines[0].isprintable(), lines[0]
    assert result.stdout == ""
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def record_text() -> str:
    return RECORD.read_text(encoding="utf-8")


def record_json(**changes: object) -> str:
    import tomllib
    doc = tomllib.loads(record_text())
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(("name", "text", "needles"), [
    ("big.toml", record_text().replace("dealer = 3", "dealer = " + "9" * 5000),
     ["not valid TOML", "too many digits"]),
    ("big.json", record_json().replace('"dealer": 3', '"dealer": ' + "9" * 5000),
     ["not valid JSON", "5000 digits"]),
    ("big2.toml", record_text().replace("dealer = 3", "dealer = " + "9" * 40),
     ["deal 1, 'dealer'", "40 digits is too large"]),
    ("nest.toml", record_text() + "\ncomment = " + "[" * 100_000 + "]" * 100_000,
     ["nest too deeply"]),
    ("nest.json", '{"comment": ' + "[" * 100_000 + "]" * 100_000 + "}", ["nest too deeply"]),
    ("nest20.json", '{"comment": ' + "[" * 20 + "]" * 20 + "}", ["more than 16 levels"]),
    ("kelvin.toml", record_text().replace('"JD AH', '"JD \u212aH'),
     ["deal 1, hand of seat 1", "not a Baśka card"]),
    ("kelvin-play.toml", record_text().replace('"1 AH"', '"1 \u212aH"'),
     ["deal 1, play entry 2", "not a Baśka card"]),
    ("surrogate.json", record_json(players=["Ala", "Bo", "Cel", "Dar"]).replace(
        '"Ala"', '"\\ud800"'), ["'players', item 1", "\\ud800", "lone surrogate"]),
    ("surrogate-key.json", record_json().replace('"ruleset"', '"\\udc80x", "ruleset"', 1)
     .replace('"\\udc80x", "ruleset"', '"\\udc80x": 1, "ruleset"'), ["a key", "\\udc80"]),
    ("nan.json", record_json(event=float("nan")), ["NaN is not a number JSON allows"]),
    ("escape.toml", record_text() + '\n"\\u001b[31mred" = 1\n', ["unknown key", "\\x1b[31m"]),
])
def test_hostile_record_is_one_line(tmp_path: Path, name: str, text: str,
                                    needles: list[str]) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in (["check"], ["replay"]):
        one_line([*command, str(path)], str(path), *needles)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # nothing written


def test_bom_is_accepted(tmp_path: Path) -> None:
    """Windows editors write a UTF-8 byte-order mark: a record and a ruleset with one read
    as without."""
    record = tmp_path / "bom.toml"
    record.write_bytes(b"\xef\xbb\xbf" + record_text().encode())
    ruleset = tmp_path / "bom-rules.toml"
    ruleset.write_bytes(b"\xef\xbb\xbf" + LINIA.read_bytes())
    result = runner.invoke(app, ["check", str(record)])
    assert result.exit_code == 0 and result.stdout.strip() == f"{record}: ok, 1 deal"
    result = runner.invoke(app, ["rules", "show", str(ruleset)])
    assert result.exit_code == 0, result.stderr
    assert "Kaszubska Baśka" in result.stdout


def test_ruleset_in_latin1(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(LINIA.read_text(encoding="utf-8").encode("latin-1", "replace"))
    one_line(["rules", "show", str(path)], str(path), "UTF-8")


def test_record_naming_a_nul_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "nul.json"
    path.write_text(record_json(ruleset="a\u0000b.toml"), encoding="utf-8")
    one_line(["check", str(path)], str(path), "\\x00")


# ---------------------------------------------------------------- ruleset keys' meaning

BROKEN_RULESETS = [
    ("empty fele suit (RULES §2)", 'fele = [["AC", "TC"], ["AS", "TS"]]',
     'fele = [["AC", "TC"], ["AS", "TS"], []]', "orders.normal.fele[2]' is empty"),
    ("five cards in one fele group (RULES §2)",
     '"JD", "AD", "TD"]\nfele = [["AC", "TC"], ["AS", "TS"]]',
     '"JD", "TD"]\nfele = [["AC", "TC", "AS", "TS", "AD"]]', "mixes suits"),
    ("one suit in two fele groups (RULES §2)", 'fele = [["AC", "TC"], ["AS", "TS"]]',
     'fele = [["AC"], ["TC"], ["AS", "TS"]]', "another fele group already lists"),
    ("no trumps (RULES §2)", 'trumps = ["JC", "JS", "JH", "JD"]\nfele = [["AH", "TH", "QH"], '
     '["AC", "TC", "QC"], ["AS", "TS", "QS"], ["AD", "TD", "QD"]]',
     'trumps = []\nfele = [["AH", "TH", "QH", "JH"], ["AC", "TC", "QC", "JC"], '
     '["AS", "TS", "QS", "JS"], ["AD", "TD", "QD", "JD"]]', "at least one trump"),
    ("empty series lengths (RULES §9)", "lengths = [32]", "lengths = []",
     "series.lengths' must name at least one"),
    ("zero-deal series (RULES §9)", "lengths = [32]", "lengths = [0]", "above zero"),
    ("fractional series (RULES §9)", "lengths = [32]", "lengths = [31.5]", "whole numbers"),
    ("endless series (RULES §9)", "lengths = [32]", "lengths = [1000000]", "200"),
    ("a length twice (RULES §9)", "lengths = [32]", "lengths = [32, 32]", "twice"),
    ("NaN place points (RULES §9)", "place_points = [6, 4, 2, 0]",
     "place_points = [6, nan, 2, 0]", "'series', 'place_points', item 2: nan is not"),
    ("infinite place points (RULES §9)", "place_points = [6, 4, 2, 0]",
     "place_points = [inf, 4, 2, 0]", "item 1: inf is not a number"),
    ("rising place points (RULES §9)", "place_points = [6, 4, 2, 0]",
     "place_points = [0, 2, 4, 6]", "must not rise"),
    ("points to win below half (RULES §5)", "points_to_win = 53", "points_to_win = 30",
     "at least 53"),
    ("five doublings (RULES §4)", 'doublings = ["kontra", "rekontra", "hirsch", "bok"]',
     'doublings = ["kontra", "rekontra", "hirsch", "bok", "mega"]', "at most 4 times"),
    ("a doubling called pass (RULES §11)", 'doublings = ["kontra", "rekontra", "hirsch", "bok"]',
     'doublings = ["kontra", "pass", "hirsch", "bok"]', "doublings[1]"),
    ("a contract id no record can write (RULES §11)", 'id = "gran"\n', 'id = "Gran du!"\n',
     "contract[1].id"),
    ("an honour needing five cards (RULES §1)", 'requires = ["AC", "AS", "AH", "AD"]',
     'requires = ["AC", "AS", "AH", "AD", "TD"]', "a hand holds 4"),
    ("wyjscie above half the points (RULES §5)", "starzy = { points = 26 }",
     "starzy = { points = 80 }", "at most 52"),
    ("a worse loss paying less (RULES §7)", "bez_wyjscia = 2", "bez_wyjscia = 9",
     "a worse loss never pays less"),
    ("a value past every payout (RULES §7)", "win = 4", "win = 99999999999", "at most 1000"),
    ("a name over two lines", 'name = "Kaszubska Baśka (Mistrzostwa Gminy Linia)"',
     'name = "Kaszubska\\nBaśka"', "one line of printable text"),
]


@pytest.mark.parametrize(("old", "new", "needle"),
                         [pytest.param(o, n, x, id=i) for i, o, n, x in BROKEN_RULESETS])
def test_ruleset_key_meaning(tmp_path: Path, old: str, new: str, needle: str) -> None:
    text = LINIA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "moja-liga.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    one_line(["rules", "show", str(path)], str(path), needle)
    one_line(["check", "--ruleset", str(path), str(RECORD)], str(path), needle)


def test_sheet_words_nested_2000_deep() -> None:
    """``sheet add … points=[[[…]]]`` was a RecursionError; now one level of list, and
    anything deeper is text that the sheet line refuses in one line."""
    from stolik.cli.tournament_common import parse_pairs
    deep = "[" * 2000 + "]" * 2000
    assert parse_pairs([f"points={deep}"]) == {"points": ["[" * 1999 + "]" * 1999]}
    assert parse_pairs(["starzy=[0,2]", "points=٣", "tricks=" + "9" * 30]) == {
        "starzy": [0, 2], "points": "٣", "tricks": "9" * 30}
