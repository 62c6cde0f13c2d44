"""Licitovaný mariáš in the game registry (issue 28; LICITOVANY head, §8): its
``game.toml``, a club's ruleset file known by its own keys, ``stolik rules`` and the parts
it lacks refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games import UnknownGame, game, game_of_ruleset, game_of_ruleset_ref
from stolik.games.licitovany.ruleset import rs_text

runner = CliRunner()


def test_the_registry_knows_the_game() -> None:
    """Three seats (four with a pauzírák is a table option, LICITOVANY §8), Czech first."""
    spec = game("licitovany")
    assert (spec.seats, spec.default_ruleset, spec.lang) == (3, "licitovany", "cs")
    assert spec.name("cs") == "Licitovaný mariáš" and spec.name("pl") == "Mariasz licytowany"
    assert "three players" in spec.name("en")
    assert game_of_ruleset("licitovany") is spec and spec.rules == "LICITOVANY.md"


def test_a_club_file_without_game_is_known_by_its_keys(tmp_path: Path) -> None:
    """A club's copy without ``game`` is licitovaný by ``ladder``/``switches`` (LICITOVANY,
    head); a Mariáš čtyřka club file (whose ``tariff`` both games have) stays Mariáš's."""
    club = tmp_path / "klub.toml"
    club.write_text(rs_text("licitovany").replace('game = "licitovany"\n', ""), "utf-8")
    assert "game =" not in club.read_text("utf-8")
    assert game_of_ruleset_ref(str(club)).id == "licitovany"
    text = game("marias").folder().joinpath("rulesets", "ctyrka.toml").read_text("utf-8")
    text = text.replace('game = "marias"\n', "")
    assert "game =" not in text
    (tmp_path / "ctyrka.toml").write_text(text, "utf-8")
    assert game_of_ruleset_ref(str(tmp_path / "ctyrka.toml")).id == "marias"


def test_rules_list_and_show_print_the_ruleset() -> None:
    """``stolik rules list`` has a table for the game; ``show`` its tariff in Kč (§6)."""
    listed = runner.invoke(app, ["rules", "list"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0, listed.output
    assert "(licitovany)" in listed.stdout and "0,20 Kč" in listed.stdout
    shown = runner.invoke(app, ["rules", "show", "licitovany"])
    assert shown.exit_code == 0, shown.output
    assert "Dvě sedmy              8,00 Kč × flek" in shown.stdout
    assert "Limit                  100,00 Kč; zvýšený 150,00 Kč" in shown.stdout


def test_a_part_the_game_lacks_is_refused_in_one_line() -> None:
    """A generic layer asks the registry; a missing part is one line, no traceback."""
    with pytest.raises(UnknownGame, match="has no nonsense yet") as e:
        game("licitovany").part("nonsense")
    assert "\n" not in str(e.value)
    assert not game("licitovany").has_part("nonsense") and game("licitovany").has_part("record")
