"""The duplicate arena: its seating schedule, statistics, legality checks, determinism and
the ``stolik arena`` command."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.games.baska.arena import (
    SEATINGS,
    ArenaError,
    IllegalBotMove,
    labels,
    mean_ci,
    run_arena,
    running_intervals,
    t_cdf,
    t_quantile,
)
from stolik.games.baska.bots import HeuristicBot, Move, RandomBot, make_bot
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import SeatView

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


# ---------------------------------------------------------------- schedule


def test_schedule_rotates_seats_and_partnerships() -> None:
    assert len(set(SEATINGS)) == len(SEATINGS) == 6
    for seating in SEATINGS:
        assert sorted(seating) == [0, 0, 1, 1]
    # Every seat (hand) is held three times by each bot.
    for seat in range(4):
        assert Counter(s[seat] for s in SEATINGS) == {0: 3, 1: 3}
    # Every pair of seats — a possible partnership — is held once by A+A, once by B+B and
    # four times by one of each, A on the first seat half of those times.
    for a, b in combinations(range(4), 2):
        assert Counter((s[a], s[b]) for s in SEATINGS) == {
            (0, 0): 1, (1, 1): 1, (0, 1): 2, (1, 0): 2}
    # Swapping the bots maps the schedule onto itself.
    assert {tuple(1 - x for x in s) for s in SEATINGS} == set(SEATINGS)


def test_identical_bots_tie_exactly() -> None:
    r = run_arena(["heuristic", "heuristic"], 6, ruleset=load_ruleset("pucka-2019"), seed=2)
    assert [b.name for b in r.bots] == ["heuristic", "heuristic#2"]
    assert r.pairs[0].diffs == (0.0,) * 6
    assert r.bots[0].payout.mean == 0.0


# ---------------------------------------------------------------- statistics


def test_confidence_interval_on_a_known_sample() -> None:
    ci = mean_ci([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    # mean 5, sample sd 2.138, t(0.975, 7) = 2.364624
    assert ci.mean == 5.0 and ci.n == 8
    assert ci.sd == pytest.approx(2.13809, abs=1e-5)
    assert ci.half_width == pytest.approx(2.364624 * 2.13809 / math.sqrt(8), abs=1e-5)
    assert (ci.low, ci.high) == pytest.approx((5.0 - ci.half_width, 5.0 + ci.half_width))
    assert ci.scaled(-2).mean == -10.0 and ci.scaled(-2).half_width == 2 * ci.half_width
    assert math.isinf(mean_ci([1.0]).half_width) and mean_ci([]).n == 0


@pytest.mark.parametrize(("p", "df", "t"), [
    (0.975, 1, 12.706205), (0.975, 2, 4.302653), (0.975, 5, 2.570582),
    (0.975, 10, 2.228139), (0.975, 100, 1.983972), (0.95, 20, 1.724718),
    (0.995, 3, 5.840909), (0.975, 10**8, 1.959964),
])
def test_t_quantiles(p: float, df: int, t: float) -> None:
    assert t_quantile(p, df) == pytest.approx(t, abs=2e-6)
    assert t_quantile(1 - p, df) == pytest.approx(-t, abs=2e-6)
    if df < 10**7:
        assert t_cdf(t, df) == pytest.approx(p, abs=1e-7)
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)


def test_running_intervals_match_the_final_interval() -> None:
    rng = random.Random(4)
    xs = [rng.gauss(1.0, 3.0) for _ in range(50)]
    means, widths = running_intervals(xs)
    ci = mean_ci(xs)
    assert means[-1] == pytest.approx(ci.mean)
    assert widths[-1] == pytest.approx(ci.half_width)
    assert widths[9] == pytest.approx(mean_ci(xs[:10]).half_width)
    assert math.isnan(widths[0]) and len(means) == len(widths) == 50
    assert running_intervals([3.0] * 5)[1][1:] == [0.0] * 4


# ---------------------------------------------------------------- running


def test_statistics_are_reproducible_for_a_seed() -> None:
    rs = load_ruleset("linia")
    a = run_arena(["heuristic", "random"], 8, ruleset=rs, seed=11)
    b = run_arena(["heuristic", "random"], 8, ruleset=rs, seed=11)
    c = run_arena(["heuristic", "random"], 8, ruleset=rs, seed=12)
    strip = {"seconds"}
    ja = {k: v for k, v in a.to_json().items() if k not in strip}
    jb = {k: v for k, v in b.to_json().items() if k not in strip}
    assert ja == jb
    assert a.pairs[0].diffs != c.pairs[0].diffs
    # Zero-sum: B's mean payout is minus A's; the difference is twice A's.
    assert a.bots[1].payout.mean == pytest.approx(-a.bots[0].payout.mean)
    assert a.pairs[0].diff.mean == pytest.approx(2 * a.bots[0].payout.mean)
    assert a.bots[0].illegal == a.bots[1].illegal == 0
    assert sum(a.games.values()) == 8 * len(SEATINGS)


def test_round_robin_and_progress() -> None:
    calls: list[tuple[int, int]] = []
    r = run_arena(["heuristic", "random", "random"], 3, ruleset=load_ruleset("pucka-2019"),
                  seed=1, progress=lambda done, total: calls.append((done, total)))
    assert labels(["heuristic", "random", "random"]) == [b.name for b in r.bots]
    assert [(p.a, p.b) for p in r.pairs] == [("heuristic", "random"),
                                             ("heuristic", "random#2"), ("random", "random#2")]
    assert calls == [(i, 9) for i in range(1, 10)]
    assert sum(b.payout.mean for b in r.bots) == pytest.approx(0.0, abs=1e-9)


class Counting:
    """Wraps a bot, counting its decisions; with ``cheat`` it plays an illegal card."""

    made = 0

    def __init__(self, inner: object, cheat: bool = False) -> None:
        self.inner = inner
        self.cheat = cheat
        self.name = "cheat" if cheat else getattr(inner, "name", "?")

    def act(self, view: SeatView) -> Move:
        Counting.made += 1
        if self.cheat and view.phase == "play":
            return next(c for c in range(16) if c not in view.legal_cards)
        move: Move = self.inner.act(view)  # type: ignore[attr-defined]
        return move


def test_decisions_are_counted() -> None:
    Counting.made = 0

    def factory(kind: str, seed: int, rs: Ruleset) -> Counting:
        return Counting(make_bot(kind, seed=seed, ruleset=rs))

    r = run_arena(["heuristic", "random"], 4, ruleset=load_ruleset("mester-sport"), seed=3,
                  factory=factory)
    assert r.decisions == Counting.made > 4 * 6 * 4


def test_illegal_moves_raise_or_are_counted() -> None:
    def factory(kind: str, seed: int, rs: Ruleset) -> Counting:
        if kind == "cheat":
            return Counting(RandomBot(seed=seed), cheat=True)
        return Counting(make_bot(kind, seed=seed, ruleset=rs))

    rs = load_ruleset("pucka-2019")
    with pytest.raises(IllegalBotMove, match=r"bot 'cheat' at seat \d made an illegal move"):
        run_arena(["cheat", "random"], 2, ruleset=rs, factory=factory)
    r = run_arena(["cheat", "random"], 2, ruleset=rs, factory=factory, on_illegal="count")
    cheat, fair = r.bots
    assert cheat.illegal > 0 and fair.illegal == 0
    assert cheat.decisions > cheat.illegal


def test_moves_of_the_wrong_kind_are_illegal() -> None:
    class Wrong:
        name = "wrong"

        def act(self, view: SeatView) -> Move:
            return 99 if view.phase == "auction" else Call("pass")

    def factory(kind: str, seed: int, rs: Ruleset) -> object:
        return Wrong() if kind == "wrong" else HeuristicBot(seed=seed)

    r = run_arena(["wrong", "heuristic"], 1, ruleset=load_ruleset("pucka-2019"),
                  factory=factory, on_illegal="count")  # type: ignore[arg-type]
    assert r.bots[0].illegal == r.bots[0].decisions > 0


def test_arena_refuses_bad_requests() -> None:
    rs = load_ruleset("pucka-2019")
    with pytest.raises(ArenaError, match="at least two bots"):
        run_arena(["heuristic"], 5, ruleset=rs)
    with pytest.raises(ArenaError, match="at least 1"):
        run_arena(["heuristic", "random"], 0, ruleset=rs)


# ---------------------------------------------------------------- command line


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_cli_table() -> None:
    code, out, err = run("arena", "--bots", "heuristic,random", "--deals", "4", "-r", "linia")
    assert code == 0, err
    assert "Arena · linia · 4 deals × 6 seatings per match · seed 0" in out
    assert "heuristic − random" in out and "illegal" in out
    assert "decisions in" in out


def test_cli_json_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "arena.png"
    code, out, err = run("arena", "--bots", "heuristic,random", "-n", "5", "--seed", "3",
                         "--json", "--plot", str(png), "-r", "mester-sport")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["ruleset"] == "mester-sport" and doc["deals"] == 5 and doc["seed"] == 3
    assert doc["seatings_per_deal"] == 6 and doc["illegal"] == 0
    names = [b["name"] for b in doc["bots"]]
    assert names == ["heuristic", "random"]
    low, high = doc["bots"][0]["ci95"]
    assert low <= doc["bots"][0]["mean_payout"] <= high
    assert doc["pairs"][0]["mean_diff"] == pytest.approx(2 * doc["bots"][0]["mean_payout"])
    assert png.read_bytes()[:8] == PNG_SIGNATURE
    assert "wrote the plot" in err
    # Same seed, same numbers.
    code, again, _ = run("arena", "--bots", "heuristic,random", "-n", "5", "--seed", "3",
                         "--json", "-r", "mester-sport")
    assert json.loads(again)["bots"] == doc["bots"]


def test_cli_user_ruleset_and_bot_options(tmp_path: Path) -> None:
    src = Path(__file__).parent.parent / "src/stolik/games/baska/rulesets/linia.toml"
    mine = tmp_path / "liga.toml"
    mine.write_text(src.read_text(encoding="utf-8").replace('id = "linia"', 'id = "liga"'),
                    encoding="utf-8")
    code, out, err = run("arena", "-b", "heuristic,random", "-n", "2", "-r", str(mine),
                         "-o", "heuristic.bid_margin=5", "--json")
    assert code == 0, err
    assert json.loads(out)["ruleset"] == "liga"


@pytest.mark.parametrize(("args", "needle"), [
    (["--bots", "heuristic"], "two or more bot names"),
    (["--bots", "heuristic,nobody"], "unknown bot 'nobody'"),
    (["--bots", "heuristic,random", "-o", "pimc"], "KIND.NAME=VALUE"),
    (["--bots", "heuristic,random", "-o", "random.x=1", "-o", "pimc.samples=3"],
     "--bot-option names pimc"),
    (["--bots", "heuristic,random", "-o", "heuristic.nope=1"], "unknown heuristic option"),
    (["--bots", "heuristic,random", "-r", "no-such-ruleset"], "unknown ruleset"),
])
def test_cli_errors_are_one_line(args: list[str], needle: str) -> None:
    code, out, err = run("arena", "-n", "1", *args)
    assert code == 1, (out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: ") and needle in lines[0], err
