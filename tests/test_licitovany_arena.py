"""``stolik arena --ruleset licitovany`` (issue 28): bots in duplicate at three seats, six
seatings a deal, every move through the engine; the money is zero-sum (LICITOVANY §6), so
the two kinds' means are opposite; the same deal for every match (§2, §8)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from stolik.bots import Bot
from stolik.cli import app
from stolik.games import game
from stolik.games.licitovany.arena import deal_hands, game_played, play_deal, run_arena
from stolik.games.licitovany.bots import make_bot
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.view import SeatView

RS = load_ruleset()


def test_a_match_is_zero_sum_and_legal() -> None:
    """LICITOVANY §6: what one kind wins the other loses; no illegal move; each deal is
    counted in each of its six seatings."""
    r = game("licitovany").part("arena").run_arena(["random", "random"], 4, ruleset=RS,
                                                   seed=2)
    a, b = r.bots
    assert a.illegal == b.illegal == 0 and a.decisions > 0
    assert abs(a.payout.mean + b.payout.mean) < 1e-9
    assert sum(r.games.values()) == 4 * 6 == r.seatings * 4


def test_the_deal_hangs_on_seed_and_index_alone() -> None:
    """An arena's deal ``i`` is dealt by seat ``i % 3`` (LICITOVANY §8), the same for every
    match, another for another index or seed."""
    a, b = deal_hands(RS, 7, 4), deal_hands(RS, 7, 4)
    assert a.pos.hands == b.pos.hands and a.pos.talon == b.pos.talon and a.dealer == 1
    assert deal_hands(RS, 8, 4).pos.hands != a.pos.hands


def test_a_played_deal_pays_its_money_and_counts_its_contract() -> None:
    """The payout is the engine's money in haléřů (§6); the count, the contract's rung
    word (or omyl)."""
    deal = deal_hands(RS, 3, 0)
    money = play_deal(deal, [make_bot("random", seed=s, ruleset=RS) for s in range(3)])
    assert money == tuple(RS.haler(u) for u in deal.money()) and sum(money) == 0
    assert game_played(deal) in {"omyl", "vyrovnana"} | {
        m.rung.word for m in [deal.pos.contract] if m is not None}


def test_an_illegal_bot_is_caught() -> None:
    """A bot whose move the engine refuses is named (on_illegal="raise") or counted."""
    class Cheat:
        name = "cheat"

        def act(self, view: SeatView) -> Move:
            return Move("omyl")   # never a call of the licitace (LICITOVANY §4.2)

    def factory(kind: str, seed: int, rs: Ruleset) -> Bot[SeatView, Move]:
        return Cheat() if kind == "cheat" else make_bot(kind, seed, rs)

    r = run_arena(["random", "cheat"], 1, ruleset=RS, seed=1, on_illegal="count",
                  factory=factory)
    assert r.bots[1].illegal > 0 and r.bots[0].illegal == 0


def test_stolik_arena_json() -> None:
    """The command: JSON with the unit (haléř) and each kind's interval."""
    r = CliRunner().invoke(app, ["arena", "--ruleset", "licitovany", "-b", "random,random",
                                 "-n", "3", "-s", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["unit"] == "haléř" and doc["illegal"] == 0 and len(doc["bots"]) == 2
