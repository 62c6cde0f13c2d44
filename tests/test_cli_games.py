"""``stolik replay`` and ``stolik check`` find a record's game through the registry
(issue 10 §1): a Mariáš record (MARIAS §11) is replayed by Mariáš's engine and printed as
its sheet in Kč; a Baśka record (no ``game`` key, RULES §11) as before; a broken record
of either game, or a record of no game, is one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games import GameSpec, UnknownGame

runner = CliRunner()

MARIAS = '''game = "marias"
ruleset = "ctyrka"
players = ["Ála", "Bóža", "Cyril", "Dáša"]

[[deal]]
dealer = 3
hands = ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
         "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"]
choice = "0 trump=7A call=TA"
bidding = ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto", "1 pass", "2 pass",
           "3 pass", "0 pass"]
renonc = { seat = 2, kind = "looked at a trick" }
'''


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _file(tmp_path: Path, text: str, name: str = "deal.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_prints_a_marias_sheet_in_kc(tmp_path: Path) -> None:
    """MARIAS §8: a renonc during a sto costs its offender 1 Kč + the sto at 130, to each
    other player; the sheet names the players and gives money in Kč."""
    code, out, err = run("replay", _file(tmp_path, MARIAS), "--ascii")
    assert code == 0, err
    assert "Cyril" in out and "-12,60" in out and "4,20" in out and "renonc" in out


def test_replay_json_of_a_marias_record(tmp_path: Path) -> None:
    code, out, err = run("replay", _file(tmp_path, MARIAS), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "marias" and data["totals"] == [420, 420, -1260, 420]


def test_check_reads_records_of_both_games(tmp_path: Path) -> None:
    baska = Path(__file__).parent / "data" / "examples" / "plain-bez-bitki.toml"
    code, out, err = run("check", _file(tmp_path, MARIAS), baska)
    assert code == 0, err
    assert out.count(": ok, 1 deal") == 2


def _one_line_error(*args: str | Path) -> str:
    code, out, err = run(*args)
    assert code == 1, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: "), err
    return lines[0]


def test_a_broken_marias_record_is_one_line_naming_file_deal_and_entry(
        tmp_path: Path) -> None:
    """MARIAS §11: the first broken entry, named with the file and the deal."""
    broken = MARIAS.replace('"0 sto"', '"0 durch"')
    line = _one_line_error("check", _file(tmp_path, broken, "bad.toml"))
    assert "bad.toml" in line and "deal 1" in line


def test_a_record_of_no_known_game_is_refused(tmp_path: Path) -> None:
    line = _one_line_error("replay", _file(tmp_path, MARIAS.replace('"marias"', '"whist"')))
    assert "deal.toml" in line and "no game 'whist'" in line


def test_ruleset_override_must_be_of_the_records_game(tmp_path: Path) -> None:
    line = _one_line_error("replay", _file(tmp_path, MARIAS), "--ruleset", "linia")
    assert "--ruleset linia is a baska ruleset; this is a marias record" in line


def _ctyrka(tmp_path: Path, change: tuple[str, str] = ("", ""), *,
            game_key: bool = True) -> Path:
    """A club's copy of the shipped Mariáš tariff (MARIAS §6), changed."""
    from importlib import resources

    text = (resources.files("stolik.games.marias") / "rulesets" / "ctyrka.toml").read_text(
        encoding="utf-8").replace('id = "ctyrka"', 'id = "klub"').replace(*change)
    if not game_key:
        text = text.replace('game = "marias"\n', "")
    return _file(tmp_path, text, "klub.toml")


def test_a_marias_record_replays_under_a_clubs_tariff(tmp_path: Path) -> None:
    """MARIAS §8: the record's renonc costs 1 Kč + the sto at 130 to each other player —
    4,20 Kč under ctyrka (sto 0,80 Kč × 4); under a club's file with sto at 1,60 Kč,
    ``--ruleset`` replays the same deal to 1 Kč + 1,60 × 4."""
    club = _ctyrka(tmp_path, ("sto = 80 ", "sto = 160 "))
    code, out, err = run("replay", _file(tmp_path, MARIAS), "--json", "--ruleset", club)
    assert code == 0, err
    data = json.loads(out)
    each = 100 + 160 * 4
    assert data["ruleset"] == "klub" and data["totals"] == [each, each, -3 * each, each]


def test_a_clubs_ruleset_file_selects_its_game_by_key_or_shape(tmp_path: Path) -> None:
    """Issue 10 §1: a club's file names its game by ``game = …``, or is known by the tables
    only that game's rulesets hold (Mariáš's [tariff]); a Baśka file may name its game."""
    for club in (_ctyrka(tmp_path), _ctyrka(tmp_path, game_key=False)):
        code, out, err = run("simulate", "-r", club, "-n", "20", "--json")
        assert code == 0, err
        assert json.loads(out)["game"] == "marias"
    baska = (Path(__file__).parents[1] / "src/stolik/games/baska/rulesets/linia.toml"
             ).read_text(encoding="utf-8").replace('id = "linia"', 'id = "moja"')
    path = _file(tmp_path, 'game = "baska"\n' + baska, "moja.toml")
    code, out, err = run("simulate", "-r", path, "-n", "20", "--json")
    assert code == 0, err
    assert json.loads(out)["game"] == "baska" and json.loads(out)["ruleset"] == "moja"
    code, out, err = run("rules", "show", _ctyrka(tmp_path))
    assert code == 0 and "[klub]" in out and "Kč" in out


@pytest.mark.parametrize(("head", "message"), [
    ('game = "whist"\n', "klub.toml: key 'game': no game 'whist'"),
    ("game = 2\n", "klub.toml: key 'game' must be a game id"),
])
def test_a_ruleset_file_naming_no_game_is_one_line(tmp_path: Path, head: str,
                                                   message: str) -> None:
    path = _file(tmp_path, head + 'id = "x"\n', "klub.toml")
    assert message in _one_line_error("simulate", "-r", path)


@pytest.mark.parametrize("text", ['id = ' + "9" * 5000 + "\n", "id = [" * 100 + "\n",
                                  "id = \"x\n"])
def test_a_broken_ruleset_file_is_one_line_before_its_game_is_known(tmp_path: Path,
                                                                    text: str) -> None:
    """A file too broken to tell its game (a 5000-digit number, deep nesting, bad TOML) is
    one line from the reader, never a traceback (found by tests/test_fuzz_files.py)."""
    assert "klub.toml" in _one_line_error("rules", "show", _file(tmp_path, text, "klub.toml"))


def test_an_unknown_ruleset_id_names_every_games_rulesets() -> None:
    line = _one_line_error("simulate", "-r", "nope")
    assert "unknown ruleset 'nope'" in line and "linia" in line and "ctyrka" in line


@pytest.mark.parametrize("args", [["--ruleset", "ctyrka"], ["--game", "marias"]])
def test_play_dispatches_on_the_game(args: list[str], tmp_path: Path) -> None:
    """``stolik play`` plays the game's ``terminal`` part: Mariáš's table (issue 11)."""
    result = CliRunner().invoke(app, ["play", *args, "--lang", "en", "--seed", "1",
                                      "--opponents", "random", "--out",
                                      str(tmp_path / "m.toml")], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "ctyrka" in result.stdout and "chooser (volí)" in result.stdout


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Mariáš (four players) cannot be played in the terminal yet"),
    ("pl", "w grę Mariasz czwórka nie można jeszcze grać w terminalu")], ids=["en", "pl"])
def test_play_of_a_game_without_terminal_play_is_one_line(
        monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    """In the language of ``--lang``, the game's name too (its ``game.toml``)."""
    real = GameSpec.part

    def part(self: GameSpec, name: str) -> Any:
        if name == "terminal":
            raise UnknownGame(f"{self.name()} has no terminal yet")
        return real(self, name)

    monkeypatch.setattr(GameSpec, "part", part)
    assert said in _one_line_error("play", "--game", "marias", "--lang", lang)


def test_play_refuses_a_ruleset_of_another_game_than_game() -> None:
    line = _one_line_error("play", "--game", "marias", "--ruleset", "linia", "--lang", "en")
    assert "--ruleset linia is a baska ruleset, not marias" in line
    assert "no game 'go'" in _one_line_error("play", "--game", "go", "--lang", "en")


def test_arena_dispatches_on_the_game() -> None:
    """``stolik arena`` plays the game's ``arena`` part: Mariáš's, in Kč (issue 11; the
    arena itself: tests/test_marias_arena.py)."""
    code, out, err = run("arena", "--bots", "random,random", "-r", "ctyrka", "-n", "1")
    assert code == 0, err
    assert "Arena · ctyrka" in out and "Kč / deal / seat" in out


def test_arena_of_a_game_without_an_arena_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without an ``arena`` part is refused in one line."""
    from stolik.games import GameSpec, UnknownGame

    real = GameSpec.part

    def part(self: GameSpec, name: str) -> object:
        if name == "arena":
            raise UnknownGame(f"{self.name()} has no arena yet")
        return real(self, name)

    monkeypatch.setattr(GameSpec, "part", part)
    line = _one_line_error("arena", "--bots", "random,random", "-r", "ctyrka", "-n", "1")
    assert "Mariáš (four players) has no arena yet" in line


def test_simulate_a_marias_ruleset_summarises_money_in_kc() -> None:
    """``--ruleset ctyrka`` alone selects Mariáš: its random deals, game counts and money."""
    code, out, err = run("simulate", "--ruleset", "ctyrka", "-n", "200", "--seed", "5")
    assert code == 0, err
    assert "Simulated 200 deals · ctyrka" in out and "durch (slam)" in out and "Kč" in out


def test_simulate_marias_json_sums_to_zero() -> None:
    """MARIAS §6: money sums to zero over the table, deal by deal and so in total."""
    code, out, err = run("simulate", "-r", "ctyrka", "-n", "300", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "marias" and data["deals"] == 300
    assert sum(data["totals"]) == 0 and sum(data["games"].values()) == 300


def test_simulated_marias_records_replay_to_the_same_money(tmp_path: Path) -> None:
    """``simulate --out`` writes a record that ``replay`` settles to the same totals."""
    path = tmp_path / "sim.json"
    code, _, err = run("simulate", "-r", "ctyrka", "-n", "25", "--seed", "9", "--out", path,
                       "--json")
    assert code == 0, err
    sim = json.loads(run("simulate", "-r", "ctyrka", "-n", "25", "--seed", "9", "--json")[1])
    code, out, err = run("replay", path, "--json")
    assert code == 0, err
    assert json.loads(out)["totals"] == sim["totals"]
