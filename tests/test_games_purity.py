"""No generic module names a particular game (issue 10 §1): every module of stolik outside
``stolik/games/<game>/`` finds a game through the registry (:mod:`stolik.games`) and its
parts (:meth:`~stolik.games.GameSpec.part`), never by importing ``stolik.games.<id>``.

Two checks, both over every generic module: its source (each ``import`` and ``from …
import``, at any level — in functions and ``TYPE_CHECKING`` blocks too — and each module
name given as a string, as to ``importlib.import_module``), and what importing it pulls
into ``sys.modules`` (one interpreter imports each module in turn, dropping the stolik
modules each import added before the next, so each module is judged on its own imports).
The examples of its doctests are source too (a generic module shows itself on generic
data); the prose of its docstrings may name a game's modules, as cross-references.

:data:`PENDING` lists the modules that still name a game because other work owns them
now; the list may only shrink: a listed module that no longer names a game fails the
test until it is struck from the list.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from stolik.games import games

SRC = Path(__file__).resolve().parents[1] / "src"
GAME_IDS = tuple(g.id for g in games())

PENDING: dict[str, str] = {
    # Empty since the score-sheet commands and the league pages ask the tournament's game
    # for its parts (``sheet``, ``tournament``, ``league``). Should a generic module ever
    # again have to name a game for a while, it is listed here with why.
}
"""Generic modules that still name a game, each with why (issue 10 §1 leaves them to the
work that owns them now). Only ever strike entries from this list."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def generic_modules() -> dict[str, Path]:
    """Every generic module by name: all of stolik except each game's own package, the
    ``__main__`` script and the Alembic migration scripts (run by Alembic, not imported)."""
    found: dict[str, Path] = {}
    for path in sorted((SRC / "stolik").rglob("*.py")):
        rel = path.relative_to(SRC / "stolik").parts
        if rel[0] == "games" and len(rel) > 2 and rel[1] in GAME_IDS:
            continue
        if rel[-1] == "__main__.py" or rel[:2] == ("db", "migrations"):
            continue
        found[_module_name(path)] = path
    return found


def _is_game_module(name: str) -> bool:
    return any(name == f"stolik.games.{g}" or name.startswith(f"stolik.games.{g}.")
               for g in GAME_IDS)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                    ast.Constant):
                out.add(id(body[0].value))
    return out


def games_named_in_source(text: str) -> list[str]:
    """The game modules a module's source imports or names as a string (not in docstrings).

    >>> games_named_in_source("import os\\nfrom stolik.games import game\\n")
    []
    >>> games_named_in_source("def f():\\n    from stolik.games.baska.deck import DECK\\n")
    ['stolik.games.baska.deck']
    >>> games_named_in_source("from stolik.games import marias\\n")
    ['stolik.games.marias']
    >>> games_named_in_source("import importlib\\nimportlib.import_module('stolik.games.baska')")
    ['stolik.games.baska']
    >>> games_named_in_source("def f():\\n    'See :mod:`stolik.games.baska.deck`.'\\n")
    []
    >>> games_named_in_source("def f():\\n    '>>> from stolik.games.baska import Deal'\\n")
    ['stolik.games.baska']
    """
    tree = ast.parse(text)
    docs = _docstrings(tree)
    named: list[str] = []
    for node in ast.walk(tree):
        if id(node) in docs and isinstance(node, ast.Constant):
            for example in doctest.DocTestParser().get_examples(str(node.value)):
                with contextlib.suppress(SyntaxError):   # an example continued later
                    named += games_named_in_source(example.source)
            continue
        if isinstance(node, ast.Import):
            named += [a.name for a in node.names if _is_game_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if _is_game_module(node.module):
                named.append(node.module)
            elif node.module == "stolik.games":
                named += [f"stolik.games.{a.name}" for a in node.names if a.name in GAME_IDS]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs and _is_game_module(node.value.strip())):
            named.append(node.value.strip())
    return sorted(set(named))


PROBE = """
import importlib, json, sys
found = {}
for name in sys.argv[1:]:
    before = set(sys.modules)
    importlib.import_module(name)
    added = set(sys.modules) - before
    found[name] = sorted(m for m in added if m.startswith("stolik.games.")
                         and m.split(".")[2] in GAMES)
    for m in added:                  # judge the next module on its own imports
        if m.startswith("stolik."):
            del sys.modules[m]
print(json.dumps(found))
"""


def games_pulled_in(names: list[str]) -> dict[str, list[str]]:
    """The game modules importing each of ``names`` loads, in a fresh interpreter."""
    code = PROBE.replace("GAMES", repr(GAME_IDS))
    out = subprocess.run([sys.executable, "-c", code, *names], capture_output=True,
                         text=True, timeout=300, check=True)
    result: dict[str, list[str]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@cache
def offenders() -> dict[str, list[str]]:
    """Each generic module that names a game, with what it names or loads."""
    modules = generic_modules()
    pulled = games_pulled_in(sorted(modules))
    found: dict[str, list[str]] = {}
    for name, path in modules.items():
        named = games_named_in_source(path.read_text(encoding="utf-8"))
        loaded = pulled.get(name, [])
        if named or loaded:
            found[name] = named or loaded[:3]
    return found


def test_no_generic_module_names_a_game() -> None:
    """Issue 10 §1: a module outside stolik/games/<game>/ reaches games only through the
    registry — by source and by what its import loads."""
    unexpected = {m: what for m, what in offenders().items() if m not in PENDING}
    assert unexpected == {}


def test_the_pending_list_only_shrinks() -> None:
    """A module of :data:`PENDING` that no longer names a game must be struck from it, and
    every entry is a generic module that exists."""
    assert sorted(set(PENDING) - set(generic_modules())) == []
    no_longer = sorted(m for m in PENDING if m not in offenders())
    assert no_longer == [], f"strike these from PENDING: {no_longer}"


def test_the_checks_see_a_game_module() -> None:
    """The checks can fail: a game's own module is caught by both."""
    sheet = SRC / "stolik" / "games" / "baska" / "sheet.py"
    assert "stolik.games.baska.record" in games_named_in_source(sheet.read_text("utf-8"))
    assert "stolik.games.baska.record" in games_pulled_in(["stolik.games.baska.sheet"])[
        "stolik.games.baska.sheet"]


@pytest.mark.parametrize("module", ["stolik.cli", "stolik.cli.replay", "stolik.cli.simulate",
                                    "stolik.cli.rules", "stolik.cli.play", "stolik.cli.arena",
                                    "stolik.solver", "stolik.bots", "stolik.web.app"])
def test_the_generic_layers_of_this_issue_are_clean(module: str) -> None:
    """The layers issue 10 §1 made generic are not on the pending list."""
    assert module in generic_modules() and module not in PENDING


@pytest.mark.parametrize("module", ["stolik.cli.tournament_sheet", "stolik.web.league.admin",
                                    "stolik.web.league.entry", "stolik.web.league.forms",
                                    "stolik.web.league.routes", "stolik.web.league.views"])
def test_the_score_sheet_commands_and_league_pages_are_clean(module: str) -> None:
    """Issue 10 §1: the tournament's sheet commands and pages ask the tournament's game for
    its parts; none of them names Baśka (its score sheet moved to games/baska/sheet.py,
    its deal form to games/baska/league.py)."""
    assert module in generic_modules() and module not in offenders()
