"""``stolik simulate --lang``: the lines the command prints itself, besides the summary and
the sheet (``tests/test_cli_simulate_lang.py``) — where the record went (``--out``), the
progress bar's word, a refused option — speak ``--lang`` too (catalog ids ``sim-…``, pl
and en; cs as well, Mariáš's readers' language). They were English whatever ``--lang``
said. The record's line counts the deals written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stolik.cli import app
from stolik.cli import simulate as sim_cli

RULESET = {"baska": "linia", "marias": "ctyrka", "betel": "gps-2022"}
WROTE = {"en": "stolik: wrote 3 deals to {path}",
         "pl": "stolik: rozdania: 3, zapisano do {path}",
         "cs": "stolik: rozdání: 3, zapsáno do {path}"}
LANGS = [(game, lang) for game in RULESET for lang in ("en", "pl", "cs")
         if lang != "cs" or game == "marias"]


def simulate(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["simulate", "-n", "3", "--seed", "4", *args],
                                env={"STOLIK_LANG": ""})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("game", "lang"), LANGS)
def test_where_the_record_went_is_said_in_lang(tmp_path: Path, game: str, lang: str) -> None:
    """``--out``: one line on stderr in ``--lang``, naming the deals written and where."""
    path = tmp_path / "sim.toml"
    code, _out, err = simulate("-r", RULESET[game], "--out", str(path), "--lang", lang)
    assert code == 0, err
    assert err.splitlines() == [WROTE[lang].format(path=path)]
    assert path.exists()


@pytest.mark.parametrize(("lang", "json_sheet", "players"), [
    ("en", "--json and --sheet cannot be combined", "--players: give 4 names"),
    ("pl", "--json i --sheet nie idą razem", "--players: podaj imiona graczy (4)"),
    ("cs", "--json a --sheet nelze kombinovat", "--players: zadejte jména hráčů (4)"),
])
def test_a_refused_option_is_one_line_in_lang(lang: str, json_sheet: str,
                                              players: str) -> None:
    """``--json`` with ``--sheet``, ``--players`` not naming one player a seat (Baśka:
    four): one line on stderr in ``--lang``, exit status 2 (a usage error)."""
    code, out, err = simulate("--json", "--sheet", "--lang", lang)
    assert (code, out, err) == (2, "", f"stolik: {json_sheet}\n")
    code, out, err = simulate("--players", "Ala,Bo", "--lang", lang)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"stolik: {players}"), err


@pytest.mark.parametrize(("lang", "word"), [("en", "simulating"), ("pl", "symulacja"),
                                            ("cs", "simulace")])
def test_the_progress_bar_speaks_lang(monkeypatch: pytest.MonkeyPatch, lang: str,
                                      word: str) -> None:
    """A long run on a terminal draws a bar on stderr, named in ``--lang``."""
    buf = io.StringIO()
    monkeypatch.setattr(sim_cli, "stderr_console",
                        lambda: Console(file=buf, force_terminal=True, width=100))
    with sim_cli._progress_bar(sim_cli.PROGRESS_FROM, lang) as update:
        assert update is not None
        update(1)
    assert word in buf.getvalue()
