"""Mariáš's arena (issue 11): duplicate deals between bots, money in Kč per deal and seat
(MARIAS §6) with 95% t-intervals, through ``stolik arena -r ctyrka``."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.arena import SEATINGS, ArenaError, IllegalBotMove, mean_ci, seed_of
from stolik.cli import app
from stolik.games import game
from stolik.games.marias.arena import HALER, deal_hands, play_deal, run_arena
from stolik.games.marias.bots import RandomBot, make_bot
from stolik.games.marias.ruleset import Ruleset, load_ruleset
from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView

RS = load_ruleset("ctyrka")
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _json(*args: str) -> dict[str, object]:
    code, out, err = run("arena", "-r", "ctyrka", "--json", *args)
    assert code == 0, err
    doc: dict[str, object] = json.loads(out)
    doc.pop("seconds")
    return doc


# ---------------------------------------------------------------- command line


def test_cli_end_to_end() -> None:
    code, out, err = run("arena", "-r", "ctyrka", "--bots", "random,heuristic", "--deals",
                         "3", "--seed", "4")
    assert code == 0, err
    assert "Arena · ctyrka · 3 deals × 6 seatings per match · seed 4" in out
    assert "Kč / deal / seat" in out and "random − heuristic" in out
    assert "money in Kč per seat and deal (MARIAS §6)" in out
    assert "games played:" in out and "decisions in" in out


def test_cli_json_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "m.png"
    code, out, err = run("arena", "-r", "ctyrka", "-b", "heuristic,random", "-n", "3",
                         "--json", "--plot", str(png))
    assert code == 0, err
    doc = json.loads(out)
    low, high = doc["pairs"][0]["ci95"]
    assert low <= doc["pairs"][0]["mean_diff"] <= high and doc["unit"] == "Kč"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "wrote the plot" in err


def test_the_arena_is_the_games_registered_part() -> None:
    part = game("marias").part("arena")
    assert part.run_arena is run_arena
    assert game("marias").has_part("arena")


def test_cli_same_seed_same_numbers_in_kc() -> None:
    args = ("--bots", "heuristic,random", "-n", "4", "--seed", "7")
    first, again = _json(*args), _json(*args)
    assert first == again
    assert first["unit"] == "Kč" and first["ruleset"] == "ctyrka" and first["illegal"] == 0
    assert first["seatings_per_deal"] == 6 and sum(first["games"].values()) == 4 * 6  # type: ignore[attr-defined]
    other = _json("--bots", "heuristic,random", "-n", "4", "--seed", "8")
    assert other["pairs"] != first["pairs"]


@pytest.mark.parametrize(("args", "needle"), [
    (["--bots", "heuristic,nobody"], "unknown Mariáš bot 'nobody'"),
    (["--bots", "heuristic,random", "-o", "heuristic.depth=3"],
     "the Mariáš bot 'heuristic' does not take that --bot-option"),
    (["--bots", "heuristic"], "two or more bot names"),
])
def test_cli_errors_are_one_line(args: list[str], needle: str) -> None:
    code, out, err = run("arena", "-r", "ctyrka", "-n", "1", *args)
    assert code != 0 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stolik: ") and needle in lines[0], err
    assert "Traceback" not in err


# ---------------------------------------------------------------- money


def _bots(kinds: tuple[str, str], seed: int, deal: int, k: int) -> list[object]:
    """The bots of seating ``k`` of deal ``deal`` in an arena's first match, seeded as the
    arena seeds them (:func:`stolik.arena.seed_of` of seed, match, deal, seating, seat)."""
    return [make_bot(kinds[x], seed=seed_of(seed, 0, deal, k, s))
            for s, x in enumerate(SEATINGS[k])]


def test_money_is_zero_sum_over_a_group_and_shown_in_kc() -> None:
    """A deal's six plays (a group): each play's money sums to zero in haléř; the arena's
    figure for the deal is A's seats' money less B's, per seat and play, in Kč."""
    seed = 3
    r = run_arena(["heuristic", "random"], 3, ruleset=RS, seed=seed)
    for d in range(3):
        a_total = 0
        for k, seating in enumerate(SEATINGS):
            deal = deal_hands(RS, seed, d)
            money = play_deal(deal, _bots(("heuristic", "random"), seed, d, k))  # type: ignore[arg-type]
            assert sum(money) == 0 and all(isinstance(m, int) for m in money)
            a_total += sum(m for s, m in enumerate(money) if seating[s] == 0)
        per_seat_a = a_total / (2 * len(SEATINGS)) / HALER
        assert r.pairs[0].diffs[d] == pytest.approx(2 * per_seat_a)
    assert r.bots[0].payout.mean == pytest.approx(-r.bots[1].payout.mean)
    assert r.pairs[0].diff.mean == pytest.approx(2 * r.bots[0].payout.mean)


def test_identical_bots_tie_exactly() -> None:
    r = run_arena(["heuristic", "heuristic"], 4, ruleset=RS, seed=2)
    assert [b.name for b in r.bots] == ["heuristic", "heuristic#2"]
    assert r.pairs[0].diffs == (0.0,) * 4


def test_round_robin_is_zero_sum_and_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    r = run_arena(["heuristic", "random", "random"], 2, ruleset=RS, seed=1,
                  progress=lambda done, total: calls.append((done, total)))
    assert [(p.a, p.b) for p in r.pairs] == [("heuristic", "random"),
                                             ("heuristic", "random#2"), ("random", "random#2")]
    assert calls == [(i, 6) for i in range(1, 7)]
    assert sum(b.payout.mean for b in r.bots) == pytest.approx(0.0, abs=1e-9)
    assert sum(r.games.values()) == 3 * 2 * 6
    assert set(r.games) <= {"hra", "sto", "betl", "durch", "no-re"}
    declared = Counter[str]()
    for b in r.bots:
        declared.update(b.declared)
    assert declared == r.games  # every play has one declarer: the soloist or the chooser


# ---------------------------------------------------------------- intervals


def test_interval_is_a_t_interval_over_the_deals() -> None:
    """The interval of a match is Student's t over the per-deal differences (a group of six
    plays is one sample): t(0.975, n − 1) × sd / √n."""
    r = run_arena(["heuristic", "random"], 5, ruleset=RS, seed=6)
    diffs = r.pairs[0].diffs
    ci = r.pairs[0].diff
    sd = statistics.stdev(diffs)
    assert ci.n == 5 and ci.mean == pytest.approx(statistics.fmean(diffs))
    assert ci.half_width == pytest.approx(2.776445 * sd / math.sqrt(5), rel=1e-6)
    bot = r.bots[0].payout
    assert bot.half_width == pytest.approx(ci.half_width / 2)


def test_interval_on_known_data() -> None:
    # mean 5, sample sd 2.13809, t(0.975, 7) = 2.364624
    ci = mean_ci([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert ci.mean == 5.0 and ci.sd == pytest.approx(2.13809, abs=1e-5)
    assert ci.half_width == pytest.approx(2.364624 * 2.13809 / math.sqrt(8), abs=1e-5)
    assert math.isinf(mean_ci([1.0]).half_width)


# ---------------------------------------------------------------- legality


class Cheat:
    """Plays a card it does not hold whenever it may play a card."""

    name = "cheat"

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(random.Random(seed))

    def choose(self, view: SeatView) -> Move:
        if view.phase == "play":
            return next(c for c in range(32) if c not in view.legal)
        return self.inner.choose(view)


def _factory(kind: str, seed: int, rs: Ruleset) -> object:
    return Cheat(seed) if kind == "cheat" else make_bot(kind, seed=seed, ruleset=rs)


def test_illegal_moves_raise_or_are_counted() -> None:
    with pytest.raises(IllegalBotMove, match=r"bot 'cheat' at seat \d made an illegal move"):
        run_arena(["cheat", "random"], 1, ruleset=RS, factory=_factory)  # type: ignore[arg-type]
    r = run_arena(["cheat", "random"], 2, ruleset=RS, factory=_factory,  # type: ignore[arg-type]
                  on_illegal="count")
    cheat, fair = r.bots
    assert cheat.illegal > 0 and fair.illegal == 0 and cheat.decisions > cheat.illegal


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ArenaError, match="at least two bots"):
        run_arena(["heuristic"], 1, ruleset=RS)
    with pytest.raises(ArenaError, match="at least 1"):
        run_arena(["heuristic", "random"], 0, ruleset=RS)
    with pytest.raises(ArenaError, match="unknown Mariáš bot 'nobody'"):
        run_arena(["heuristic", "nobody"], 1, ruleset=RS)

