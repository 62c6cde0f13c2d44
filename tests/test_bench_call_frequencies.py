"""``benchmarks/bench_call_frequencies.py`` (issue 27.5): the calls of a deal counted from its
operation log match a count made by hand from the same log; every kind of call is listed,
a zero shown as 0; an expert's weighed calls are read by kind."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from stolik.games import game as game_spec

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_call_frequencies.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_call_frequencies", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclass looks itself up there
    spec.loader.exec_module(mod)
    return mod


bench = load_script()


def random_deal(game: str, seed: int) -> Any:
    """A deal played to its end by random bots."""
    rs = game_spec(game).part("ruleset").load_ruleset()
    d = bench._new_deal(game, rs, seed, 7)
    bots = bench._make_bots(game, "random", rs, seed)
    while not d.is_over:
        view = d.view(d.to_act)
        move = bots[view.seat].act(view) if game != "marias" else bots[view.seat].choose(view)
        if game == "baska":
            d.call(move) if view.phase == "auction" else d.play(move)
        else:
            d.move(move)
    return d


def by_hand(game: str, d: Any) -> Counter[str]:
    """The calls of ``d`` counted straight from its log (no replay, no classifier)."""
    out: Counter[str] = Counter()
    rs = d.rs
    for op in d.log:
        if game == "baska" and op.kind == "call":
            c = op.call
            out["pass" if c.kind == "pass" else f"bid {c.contract}" if c.kind == "contract"
                else rs.doublings[c.level - 1]] += 1
        elif game == "marias" and op.kind == "call":
            c = op.call
            if c.word == "raise":
                out[f"{rs.flek_names[c.level - 1]} {c.component}"] += 1
            elif c.word in ("betl", "durch", "hra"):
                out[c.word] += 1
            elif c.word == "pass":
                out["fleky: pass"] += 1
            elif c.word == "dobry":
                out["dobrý"] += 1
        elif game == "betel" and op.kind == "action":
            a = op.action
            if a.kind in ("pas", "kontra"):
                out[a.kind] += 1
            elif a.kind == "bid":
                out[f"bid {rs.contracts[a.contract].call}"] += 1
            elif a.kind == "take":
                out["exchange (take the dubel)"] += 1
    return out


@pytest.mark.parametrize("game", ["baska", "marias", "betel"])
def test_counts_equal_a_count_by_hand(game: str) -> None:
    for seed in range(6):
        d = random_deal(game, seed)
        got = bench.deal_counts(game, d)
        manual = by_hand(game, d)
        assert manual, "a deal says something"
        for kind, n in manual.items():
            assert got[kind] == n, (game, seed, kind)
        assert set(got) <= set(bench.rows(game, d.rs)), "every kind counted is a row"
        assert sum(1 for k in got if k.startswith(("played", "all-pass", "thrown"))) == 1


@pytest.mark.parametrize("game", ["baska", "marias", "betel"])
def test_every_kind_is_listed_with_zeros(game: str) -> None:
    rs = game_spec(game).part("ruleset").load_ruleset()
    t = bench.play(game, "random", rs, 3, 5)
    assert t.deals == 3 and not t.probed
    lines = bench.table(game, rs, {"random": t})
    kinds = bench.rows(game, rs)
    assert len(set(kinds)) == len(kinds)
    assert [line[0] for line in lines[1:len(kinds) + 1]] == kinds
    for line in lines[1:len(kinds) + 1]:
        assert line[1] == str(t.calls[line[0]])
    assert any(line[1] == "0" for line in lines[1:len(kinds) + 1])
    assert sum(t.calls.values()) == sum(
        sum(bench.deal_counts(game, _replayed(game, rs, i)).values()) for i in range(3))
    assert lines[-2][:2] == ["deals played", "3"]


def _replayed(game: str, rs: Any, i: int) -> Any:
    """Deal ``i`` of :func:`bench.play`'s run above, played again by the same bots."""
    d = bench._new_deal(game, rs, i, 5)
    bots = bench._make_bots(game, "random", rs, 5 + i)
    while not d.is_over:
        view = d.view(d.to_act)
        bot = bots[view.seat]
        move = bot.act(view) if hasattr(bot, "act") else bot.choose(view)
        if game == "baska":
            d.call(move) if view.phase == "auction" else d.play(move)
        else:
            d.move(move)
    return d


def test_weighed_calls_are_read_by_kind() -> None:
    from stolik.games.baska.calls import PASS, Call
    from stolik.games.baska.ruleset import load_ruleset
    from stolik.games.baska.state import Deal

    rs = load_ruleset("pucka-2019")
    d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
                                            "QD JS JH JD"])
    view = d.view(2)
    gran = Call("contract", "gran")

    class Stub:
        def __init__(self) -> None:
            self.last_values = {PASS: 1.0, gran: 3.0}

    t = bench.Tally()
    bench._probe("baska", d, Stub(), view, PASS, t)
    assert t.probed
    assert t.legal["pass"] == t.legal["bid gran"] == 1
    assert t.weighed == Counter({"pass": 1, "bid gran": 1})
    assert t.top == Counter({"bid gran": 1})
    assert t.gap == {"pass": 0.0, "bid gran": 2.0}
