"""Betel's arena (issue 12): duplicate deals between bots at three seats, points per deal
and seat (BETEL §5) with 95% t-intervals, through ``stolik arena -r gps-2022``."""

from __future__ import annotations

import json
import random
from collections import Counter
from statistics import fmean

import pytest
from typer.testing import CliRunner

from stolik.arena import IllegalBotMove, mixed_seatings, seed_of
from stolik.cli import app
from stolik.errors import StolikError
from stolik.games import game
from stolik.games.betel.arena import SEATINGS, deal_hands, play_deal, run_arena
from stolik.games.betel.bots import make_bot
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

RS = load_ruleset("gps-2022")
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _json(*args: str) -> dict[str, object]:
    code, out, err = run("arena", "-r", "gps-2022", "--json", *args)
    assert code == 0, err
    doc: dict[str, object] = json.loads(out)
    doc.pop("seconds")
    return doc


def test_cli_end_to_end() -> None:
    """issue 12 (the arena): ``stolik arena -r gps-2022`` runs end to end; its table is
    in points per deal and seat and says Betel is not zero-sum (BETEL §5)."""
    code, out, err = run("arena", "-r", "gps-2022", "--bots", "random,random", "--deals",
                         "3", "--seed", "4")
    assert code == 0, err
    assert "Arena · gps-2022 · 3 deals × 6 seatings per match · seed 4" in out
    assert "points / deal / seat" in out and "random − random#2" in out
    assert "not zero-sum (BETEL §5)" in out and "games played:" in out


def test_the_same_seed_gives_the_same_document() -> None:
    """issue 12 (the arena): a seed gives the same JSON document, another seed another; at
    most one declarer in each of the 24 deals played (BETEL §3: one contract is played)."""
    a = _json("-b", "random,random", "-n", "4", "-s", "9")
    assert a == _json("-b", "random,random", "-n", "4", "-s", "9")
    assert a != _json("-b", "random,random", "-n", "4", "-s", "10")
    assert a["unit"] == "points" and a["seatings_per_deal"] == 6 and a["illegal"] == 0
    bots = a["bots"]
    assert isinstance(bots, list) and sum(sum(b["declared"].values()) for b in bots) <= 24


def test_the_registry_finds_the_part() -> None:
    """issue 12 (the arena): the game registry finds Betel's arena part (no rule of the
    spec)."""
    assert game("betel").part("arena").run_arena is run_arena


def test_the_six_seatings_hold_each_seat_equally() -> None:
    """Each of the three seats (BETEL §1: three players) is held three times by each kind;
    swapping the kinds maps the six seatings onto themselves (issue 12: the arena's
    duplicate deals)."""
    assert len(SEATINGS) == 6 and mixed_seatings(3) == SEATINGS
    for seat in range(3):
        assert Counter(s[seat] for s in SEATINGS) == {0: 3, 1: 3}
    assert {tuple(1 - x for x in s) for s in SEATINGS} == set(SEATINGS)


@pytest.mark.parametrize("index", range(12))
def test_what_holds_instead_of_zero_sum(index: int) -> None:
    """BETEL §5: only the declarer scores his contract; every other seat scores minus its
    peeking costs; in an all-pass deal each seat +5 a trick less its costs."""
    deal = deal_hands(RS, 3, index)
    scores = play_deal(deal, [make_bot("random", seed=index * 3 + s) for s in range(3)])
    r = deal.result()
    for s in range(3):
        if r.contract is None:
            assert scores[s] == RS.all_pass_trick * r.tricks[s] - r.peek[s]
        elif s != r.declarer:
            assert scores[s] == -r.peek[s] <= 0


def test_a_deals_figures_are_the_means_over_the_seats_held() -> None:
    """Deal 0 of a one-deal arena recomputed by hand: each kind's mean per seat held over
    the six seatings, the difference A − B (not twice A's: Betel is not zero-sum,
    BETEL §5)."""
    r = run_arena(["random", "random"], 1, ruleset=RS, seed=5)
    held: dict[int, list[int]] = {0: [], 1: []}
    for k, seating in enumerate(SEATINGS):
        bots = [make_bot("random", seed=seed_of(5, 0, 0, k, s)) for s in range(3)]
        scores = play_deal(deal_hands(RS, 5, 0), bots,
                           rng=random.Random(seed_of("illegal", 5, 0, 0, k)))
        for s, x in enumerate(scores):
            held[seating[s]].append(x)
    a, b = fmean(held[0]), fmean(held[1])
    assert r.bots[0].payout.mean == pytest.approx(a)
    assert r.bots[1].payout.mean == pytest.approx(b)
    assert r.pairs[0].diffs[0] == pytest.approx(a - b)


class Cheat:
    name = "cheat"

    def act(self, view: SeatView) -> Move:
        return 99


def test_an_illegal_move_is_one_line_or_counted() -> None:
    """issue 12 (the arena): a bot's move that is no card at all stops the arena in one line
    naming the bot, or is counted with ``on_illegal='count'`` (no rule of the spec)."""
    def factory(kind: str, seed: int, rs: object) -> object:
        return Cheat() if kind == "cheat" else make_bot(kind, seed=seed)

    with pytest.raises(IllegalBotMove, match="bot 'cheat' at seat"):
        run_arena(["cheat", "random"], 1, ruleset=RS, factory=factory)  # type: ignore[arg-type]
    r = run_arena(["cheat", "random"], 1, ruleset=RS, on_illegal="count",
                  factory=factory)  # type: ignore[arg-type]
    assert r.bots[0].illegal > 0 and r.bots[1].illegal == 0


def test_an_unknown_bot_is_one_line() -> None:
    """issue 12 (the arena): an unknown bot is refused in one line, by ``run_arena`` and by
    ``stolik arena`` (no rule of the spec)."""
    with pytest.raises(StolikError, match="unknown bot 'chess' for Betel"):
        run_arena(["chess", "random"], 1, ruleset=RS)
    code, _, err = run("arena", "-r", "gps-2022", "-b", "chess,random", "-n", "1")
    assert code != 0 and "chess" in err and "Traceback" not in err
