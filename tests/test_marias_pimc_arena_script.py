"""``scripts/marias_arena.py`` (issue 11: the pimc − heuristic figure in chunks): each chunk
is the arena of its seed, and the merged figure is the mean and t-interval of all the
chunks' deals together."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from stolik.arena.stats import mean_ci
from stolik.games.marias.arena import run_arena
from stolik.games.marias.ruleset import load_ruleset

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "marias_arena.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("marias_arena_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_chunks_are_arenas_and_merge_into_one_sample(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    args = ["--bots", "heuristic,random", "--deals", "3", "--chunks", "2", "--first-seed", "4",
            "--out", str(tmp_path)]
    assert script.main(args) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["heuristic-random-seed-4.json",
                                       "heuristic-random-seed-5.json"]
    diffs = []
    for f, seed in zip(files, (4, 5), strict=True):
        chunk = json.loads(f.read_text())
        arena = run_arena(["heuristic", "random"], 3, ruleset=load_ruleset("ctyrka"), seed=seed)
        assert chunk["diffs"] == list(arena.pairs[0].diffs) and chunk["illegal"] == 0
        diffs += chunk["diffs"]
    ci = mean_ci(diffs)
    out = capsys.readouterr().out
    assert f"{ci.mean:+.2f} Kč per deal and seat, 95% CI [{ci.low:+.2f}, {ci.high:+.2f}] " \
           "over 6 deals" in out
    # run again: the chunks already written are kept, not played again
    (tmp_path / "heuristic-random-seed-5.json").write_text(json.dumps(
        {**json.loads(files[1].read_text()), "diffs": [0.0, 0.0, 0.0]}))
    assert script.main([*args, "--merge-only"]) == 0 and script.main(args) == 0
    assert json.loads(files[1].read_text())["diffs"] == [0.0, 0.0, 0.0]
