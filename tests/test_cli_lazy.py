"""The ``stolik`` command imports a command's module only when it runs (issue 9.5;
:mod:`stolik.cli.lazy`): ``stolik --help`` and a replay load neither the solver's compiler
(numba) nor the database layer (SQLAlchemy) nor the web server (FastAPI). The speed itself
is measured by ``benchmarks/bench_cli.py``, not here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import COMMANDS, app
from stolik.cli.lazy import LazyCommand, _load
from stolik.cli.tournament import COMMANDS as TOURNAMENT_COMMANDS

EXAMPLES = Path(__file__).parent / "data" / "examples"
HEAVY = ("numba", "sqlalchemy", "alembic", "fastapi", "uvicorn", "stolik.solver",
         "stolik.db", "stolik.arena", "stolik.games.baska.arena", "stolik.games.baska.bots",
         "stolik.games.marias.arena")
"""Modules a help page or a replay must not import."""

_PROBE = """
import sys
sys.argv = ["stolik", *{args!r}]
from stolik.cli import main
try:
    main()
except SystemExit as e:
    status = e.code or 0
else:
    status = 0
print("HEAVY:" + ",".join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)
sys.exit(status)
"""


def heavy_imports(*args: str) -> list[str]:
    """Run ``stolik ARGS`` in a fresh interpreter; the heavy modules it imported."""
    done = subprocess.run([sys.executable, "-c", _PROBE.format(args=list(args), heavy=HEAVY)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("HEAVY:"))
    return [m for m in line.removeprefix("HEAVY:").split(",") if m]


def test_help_imports_no_command_module() -> None:
    """``stolik --help`` lists every command from its one-line help: nothing heavy."""
    assert heavy_imports("--help") == []
    assert heavy_imports("tournament", "--help") == []


def test_replay_and_check_import_no_database_solver_or_web() -> None:
    """A replay of a plain-game record needs the engine only (RULES §11): no numba,
    SQLAlchemy, FastAPI, bots or arena."""
    record = str(EXAMPLES / "plain-bez-bitki.toml")
    assert heavy_imports("replay", record) == []
    assert heavy_imports("check", record) == []


def test_tournament_file_report_needs_no_database() -> None:
    """``tournament report FILE`` scores a file: the database layer stays unloaded."""
    sample = str(Path(__file__).parent / "data" / "tournament-sample.toml")
    assert "sqlalchemy" not in heavy_imports("tournament", "report", sample)


def test_replay_of_solo_contracts_does_not_load_the_solver() -> None:
    """Replaying solos checks their laid-down doubling limit (RULES §7) from the shipped
    answers (:mod:`stolik.games.baska.laid_down`), not by compiling the solver."""
    heavy = heavy_imports("check", str(EXAMPLES / "series-linia-8.toml"))
    assert [m for m in heavy if m in ("numba", "stolik.solver")] == []


def _paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())


@pytest.mark.parametrize(("name", "spec"), [*COMMANDS.items(),
                                            *(("tournament " + k, v)
                                              for k, v in TOURNAMENT_COMMANDS.items())])
def test_listed_help_is_the_commands_own(name: str, spec: LazyCommand) -> None:
    """The one-line help a group lists without importing is the first paragraph of the
    real command's help, so the two cannot drift apart."""
    real = _load(name.split()[-1], spec, "markdown")
    assert _paragraph(spec.help) == _paragraph(real.help)


@pytest.mark.parametrize("argv", [[name] for name in COMMANDS]
                         + [["tournament", name] for name in TOURNAMENT_COMMANDS])
def test_every_lazy_command_answers_its_help(argv: list[str]) -> None:
    """Each listed command resolves to its module and prints its own help page."""
    result = CliRunner().invoke(app, [*argv, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage: stolik " + " ".join(argv) in " ".join(result.output.split())


def test_unknown_command_is_a_usage_error_with_a_suggestion() -> None:
    """A misspelt command: exit status 2 and the nearest names (nothing imported)."""
    result = CliRunner().invoke(app, ["rplay"])
    assert result.exit_code == 2
    assert "'replay'" in result.output
