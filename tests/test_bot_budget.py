"""Every bot decision within a budget it keeps (issue 27.4): the search stops at a node
limit with the hands restored, and a Mariáš pimc card decision that took 8 s of CPU (the
first lead of a hra with an announced sedma, MARIAS §5) spends no more than its nodes and
still plays a legal card. Each test fails on the code before the budget (no ``ST_LIMIT``,
no ``nodes`` argument: an AttributeError / TypeError there)."""

from __future__ import annotations

import random

from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.pimc import PimcBot
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal


def _sedma_deal() -> Deal:
    """Seed 124's deal (dealer 0) bid by the heuristic: a hra with an announced sedma whose
    first lead solved 40 layouts in 82 million nodes (benchmarks/bench_bot_decisions.py)."""
    d = Deal.random(load_ruleset(), 24 % 4, random.Random(124))
    h = HeuristicBot()
    while d.pos.phase != "play":
        d.move(h.choose(d.view(d.to_act or 0)))
    assert d.pos.sedma_by >= 0  # MARIAS §5: the announced sedma
    return d


def test_the_search_stops_at_its_node_limit_with_the_hands_back() -> None:
    import numpy as np

    from stolik.games.marias.solver import Problem
    from stolik.solver.trick32 import ST_LIMIT, ST_NODES, ST_STOPPED

    d = _sedma_deal()
    prob = Problem(d)
    prob.stats[ST_LIMIT] = 500
    k = prob.k
    h = np.array(d.pos.hands, dtype=np.int64)
    pts = 0  # the first lead: nothing taken yet
    prob.tables.search(k, h, d.to_act or 0, 0, 0, -1, -1, -1, pts, -k.INF, k.INF, 8,
                       prob.params, prob.util, prob.stats)
    assert prob.stats[ST_STOPPED] == 1
    assert prob.stats[ST_NODES] <= 501
    assert tuple(int(x) for x in h) == tuple(d.pos.hands)  # the hands put back
    full = Problem(d)  # no limit: it ends, and reports no stop
    full.value(d)
    assert full.stats[ST_STOPPED] == 0 and full.stats[ST_NODES] > 500


def test_a_pathological_pimc_decision_keeps_its_node_budget() -> None:
    d = _sedma_deal()
    seat = d.to_act or 0
    view = d.view(seat)
    bot = PimcBot(100, seed=4 * 24 + seat, nodes=200_000, seconds=float("inf"))
    move = bot.choose(view)
    assert move in view.legal
    assert 0 < bot.last_nodes <= 200_000
    assert bot.last_solved < 100


def test_a_budget_too_small_for_one_layout_plays_the_heuristic_card() -> None:
    d = _sedma_deal()
    seat = d.to_act or 0
    view = d.view(seat)
    bot = PimcBot(100, seed=1, nodes=10, seconds=float("inf"))
    assert bot.choose(view) == HeuristicBot().choose(view)
    assert bot.last_solved == 0 and bot.last_nodes <= 10
