"""The arena on Ray (issue 13, "The arena on a cluster"): ``stolik arena … --ray``.

The deals are cut into chunks, each a Ray task, and the records merged in deal order, so
the same seed gives exactly the same numbers as a run here — checked for each game on a
local Ray started once for this module (two CPUs, no dashboard, on 127.0.0.1 only). The
tests that need Ray skip when it is not installed (the extra ``stolik[ray]``); those of
the chunking, the merge and the one-line errors run without it.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.arena.cluster import cut, ray_runner
from stolik.arena.run import (
    ArenaError,
    DealRecord,
    Job,
    Tally,
    merge,
    play_chunk,
    running_on,
)
from stolik.cli import app
from stolik.games.baska.arena import IllegalBotMove, run_arena
from stolik.games.baska.bots import HeuristicBot, Move
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import SeatView

pytestmark = pytest.mark.timeout(180)

STALL = 60.0
"""Seconds a test waits for some Ray task to finish before it fails."""

runner = CliRunner()


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """A local Ray for the module: two CPUs, no dashboard; shut down at the end."""
    # Ray's single-machine mode (read when ray is imported): its processes listen on
    # 127.0.0.1 rather than on the machine's network address.
    env = os.environ.get("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    try:
        ray = pytest.importorskip("ray")
    finally:
        if env is None:
            del os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"]
        else:
            os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = env
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 2**20,
                 logging_level="WARNING")
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def arena_json(*args: str) -> dict[str, Any]:
    code, out, err = run("arena", "--json", *args)
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


# ---------------------------------------------------------------- same seed, same numbers


@pytest.mark.parametrize("args", [
    ("-r", "linia", "-b", "heuristic,random,random", "-n", "4", "--seed", "2"),
    ("-r", "ctyrka", "-b", "heuristic,random", "-n", "5", "--seed", "3"),
    ("-r", "gps-2022", "-b", "heuristic,random", "-n", "3", "--seed", "4"),
], ids=["baska-round-robin", "marias", "betel"])
def test_ray_gives_the_local_run_s_numbers(ray_cluster: None, args: tuple[str, ...]) -> None:
    here = arena_json(*args)
    there = arena_json(*args, "--ray")
    assert here.pop("seconds") >= 0 and there.pop("seconds") >= 0
    # Every figure, and the order of every key (games, declarations), as the run here.
    assert json.dumps(there) == json.dumps(here)
    assert here["decisions"] > 0 and len(here["games"]) > 1
    # The same seed gives the same numbers, another seed other ones.
    other = arena_json(*args[:-1], "99", "--ray")
    assert other["pairs"] != here["pairs"]


def test_progress_advances_per_chunk(ray_cluster: None) -> None:
    rs = load_ruleset("pucka-2019")
    seen: list[tuple[int, int]] = []
    with running_on(ray_runner(chunk_deals=2, stall=STALL)):
        r = run_arena(["heuristic", "random"], 5, ruleset=rs, seed=6,
                      progress=lambda done, total: seen.append((done, total)))
    assert [t for _, t in seen] == [5] * 3          # chunks of 2, 2 and 1 deals
    done = [d for d, _ in seen]
    assert done[-1] == 5 and all(b - a in (1, 2) for a, b in pairwise([0, *done]))
    assert r.pairs == run_arena(["heuristic", "random"], 5, ruleset=rs, seed=6).pairs


def test_an_illegal_move_on_ray_is_the_local_run_s_error(ray_cluster: None) -> None:
    class Wrong:                          # defined here: Ray sends it by value
        name = "wrong"

        def act(self, view: SeatView) -> Move:
            return 99 if view.phase == "auction" else Call("pass")

    def factory(kind: str, seed: int, rs: Ruleset) -> Any:
        return Wrong() if kind == "wrong" else HeuristicBot(seed=seed)

    rs = load_ruleset("pucka-2019")
    with pytest.raises(IllegalBotMove) as here:
        run_arena(["heuristic", "wrong"], 3, ruleset=rs, factory=factory)
    # Every chunk fails; the error raised is the first in deal order, as here.
    with running_on(ray_runner(chunk_deals=1, stall=STALL)), \
            pytest.raises(IllegalBotMove) as there:
        run_arena(["heuristic", "wrong"], 3, ruleset=rs, factory=factory)
    assert str(there.value) == str(here.value)
    assert str(here.value).startswith("deal 0, seating ")


# ---------------------------------------------------------------- chunks and merge (no Ray)


def test_chunks_in_any_order_merge_to_the_local_result() -> None:
    """What a Ray run does, in one process: the chunks played out of order and merged."""
    rs = load_ruleset("mester-sport")
    bots = ["heuristic", "random", "random"]

    def shuffled(job: Job[Any, Any], progress: Any) -> list[DealRecord]:
        chunks = cut(job.deals, len(job.matches), 2)
        random.Random(1).shuffle(chunks)
        return [r for c in chunks for r in play_chunk(job, c)]

    with running_on(shuffled):
        there = run_arena(bots, 5, ruleset=rs, seed=8)
    here = run_arena(bots, 5, ruleset=rs, seed=8)
    assert {**there.to_json(), "seconds": 0} == {**here.to_json(), "seconds": 0}
    assert list(there.games) == list(here.games)

    def lossy(job: Job[Any, Any], progress: Any) -> list[DealRecord]:
        return [r for c in cut(job.deals, len(job.matches), 2)[1:] for r in play_chunk(job, c)]

    with running_on(lossy), pytest.raises(ArenaError, match="not one each"):
        run_arena(bots, 5, ruleset=rs, seed=8)


def test_merge_refuses_a_deal_twice() -> None:
    job: Job[int, int] = Job(("a", "b"), ((0, 1),), 1, 0, 1, ((0, 1),), lambda k, s: 0,
                             lambda i: i, lambda *a: None)  # type: ignore[arg-type]
    rec = DealRecord(0, 0, 1.0, -1.0, (Tally(), Tally()), {})
    assert merge(job, [rec], ruleset_id="x", seconds=0).pairs[0].diffs == (2.0,)
    with pytest.raises(ArenaError, match="2 deal records for the 1 deals"):
        merge(job, [rec, rec], ruleset_id="x", seconds=0)


# ---------------------------------------------------------------- one-line errors


def one_line_error(*args: str) -> str:
    code, out, err = run("arena", "-r", "linia", "-b", "heuristic,random", "-n", "1", *args)
    assert code == 1 and out == "", (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: "), err
    return lines[0]


def test_ray_not_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)    # import ray fails
    assert "install stolik[ray]" in one_line_error("--ray")


def test_an_unreachable_or_malformed_address_is_one_line() -> None:
    pytest.importorskip("ray")
    with socket.socket() as s:                       # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    line = one_line_error("--ray", f"127.0.0.1:{port}")
    assert f"cannot reach the Ray cluster at 127.0.0.1:{port}" in line
    assert "HOST:PORT" in one_line_error("--ray", "head:port")


def test_an_address_without_ray_is_refused() -> None:
    assert "an ADDRESS follows --ray" in one_line_error("127.0.0.1:6379")


def test_ray_is_imported_only_for_ray() -> None:
    """``stolik arena --help`` and a run without --ray stay as quick as before."""
    code = ("import sys; from typer.testing import CliRunner; from stolik.cli import app; "
            "import stolik.arena.cluster; "
            "r = CliRunner().invoke(app, ['arena', '--help']); assert r.exit_code == 0; "
            "r = CliRunner().invoke(app, ['arena', '-b', 'random,random', '-n', '1']); "
            "assert r.exit_code == 0, r.output; assert 'ray' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
