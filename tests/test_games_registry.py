"""The game registry (issue 10 §1): every game describes itself as data in its own
package, the registry reads that without importing any game, ruleset ids are unique across
games, and a record names its game (none = Baśka, RULES §11)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from stolik.errors import RecordError
from stolik.games import UnknownGame, _spec, game, game_of_document, game_of_ruleset, games
from stolik.games.baska.record import loads_document, parse_record

RECORD = ('ruleset = "linia"\n[[deal]]\ndealer = 3\n'
          'hands = ["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"]\n'
          'auction = ["0 pass", "1 pass", "2 pass", "3 pass"]\n')


def test_every_game_package_is_registered() -> None:
    """Each folder of stolik/games with a game.toml is a game, by its folder's name."""
    here = Path(importlib.import_module("stolik.games").__file__ or "").parent
    folders = sorted(p.name for p in here.iterdir() if (p / "game.toml").is_file())
    assert [g.id for g in games()] == folders
    assert {"baska", "marias"} <= set(folders)


@pytest.mark.parametrize("gid", ["baska", "marias"])
def test_a_spec_agrees_with_its_engine(gid: str) -> None:
    """The registry's rulesets and default ruleset are the engine's own."""
    spec = game(gid)
    engine = spec.engine()
    assert spec.default_ruleset == engine.DEFAULT_RULESET
    assert spec.rulesets() == tuple(sorted(engine.available_rulesets()))
    assert engine.load_ruleset(spec.default_ruleset).id == spec.default_ruleset
    assert all(game_of_ruleset(r) is spec for r in spec.rulesets())


def test_ruleset_ids_are_unique_across_games() -> None:
    """A ruleset id alone selects its game (``--ruleset ctyrka`` is Mariáš)."""
    ids = [r for g in games() for r in g.rulesets()]
    assert len(ids) == len(set(ids))
    assert game_of_ruleset("ctyrka").id == "marias"
    with pytest.raises(UnknownGame, match="no shipped ruleset 'x'"):
        game_of_ruleset("x")


def test_the_registry_imports_no_game() -> None:
    """Listing games and their rulesets loads no game's engine (start-up time)."""
    code = ("import sys\nfrom stolik.games import games, game_of_ruleset\n"
            "[g.rulesets() for g in games()]; game_of_ruleset('ctyrka')\n"
            "print(sorted(m for m in sys.modules if m.startswith('stolik.games.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_a_broken_game_file_is_named(tmp_path: Path) -> None:
    """A game.toml with a wrong id or a missing key names the file and the key."""
    folder = tmp_path / "whist"
    (folder / "rulesets").mkdir(parents=True)
    (folder / "rulesets" / "club.toml").write_text("", encoding="utf-8")
    (folder / "game.toml").write_text('id = "bridge"\nseats = 4\ndefault_ruleset = "club"\n'
                                      'rules = "W.md"\n[names]\nen = "Whist"\n',
                                      encoding="utf-8")
    with pytest.raises(TypeError, match=re.escape("whist/game.toml: id must be 'whist'")):
        _spec(folder)
    (folder / "game.toml").write_text('id = "whist"\n', encoding="utf-8")
    with pytest.raises(TypeError, match=re.escape("whist/game.toml: missing or wrong key 'names'")):
        _spec(folder)


def test_a_record_without_game_is_baska_and_game_baska_reads_alike() -> None:
    """RULES §11: every record written before other games (no ``game`` key) still
    replays; ``game = "baska"`` says the same."""
    a = parse_record(loads_document(RECORD, "toml"))
    b = parse_record(loads_document('game = "baska"\n' + RECORD, "toml"))
    assert a.deals == b.deals and a.ruleset.id == b.ruleset.id == "linia"
    assert game_of_document({"ruleset": "linia"}).id == "baska"


@pytest.mark.parametrize(("head", "message"), [
    ('game = "marias"\n', 'game = "marias": ruleset \'linia\' is a baska ruleset'),
    ('game = "chess"\n', "no game 'chess' — stolik hosts baska, betel, licitovany, marias"),
    ("game = 3\n", "'game' must be a game id"),
])
def test_a_record_of_another_or_no_game_is_refused_in_one_line(head: str,
                                                               message: str) -> None:
    """The Baśka reader refuses a record naming another game, or none that exists."""
    with pytest.raises(RecordError, match=message) as e:
        parse_record(loads_document(head + RECORD, "toml"))
    assert "\n" not in str(e.value)


def test_a_baska_record_with_a_marias_ruleset_names_the_game() -> None:
    """A ruleset id of another game is not "unknown": the line says which game has it."""
    text = RECORD.replace('"linia"', '"ctyrka"')
    with pytest.raises(RecordError, match='ruleset \'ctyrka\' is a marias ruleset: the '
                                          'record needs game = "marias"'):
        parse_record(loads_document(text, "toml"))
    with pytest.raises(RecordError, match='game = "marias": not a Baśka record'):
        parse_record(loads_document('game = "marias"\n' + text, "toml"))


def _stolik(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stolik", *args], capture_output=True,
                          text=True, timeout=60, check=False)


def test_rules_list_groups_the_rulesets_by_game() -> None:
    """``stolik rules list`` lists every game's rulesets under the game's name."""
    out = _stolik("rules", "list")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.index("(baska)") < text.index("pucka-2019") < text.index("(marias)") \
        < text.index("ctyrka")
    assert "default: ctyrka" in text


def test_rules_show_prints_a_marias_tariff_sheet() -> None:
    """``stolik rules show ctyrka`` selects Mariáš by the ruleset id alone (MARIAS §6)."""
    out = _stolik("rules", "show", "ctyrka")
    assert out.returncode == 0, out.stderr
    assert "[ctyrka]" in out.stdout and "Kč" in out.stdout
