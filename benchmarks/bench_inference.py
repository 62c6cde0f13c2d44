"""How much policy-based inference raises the probability of the TRUE layout (issue 27.1).

For each game, positions are drawn from self-play deals (seeded; ``--players``: ``heuristic``,
the model's own players, or ``pimc-fast``, players it only approximates): at decisions
with more than one legal move, from the deciding seat's view, at most ``--per-deal`` a deal.
At each position the game's sampler draws ``--draws`` layouts uniformly over the hard facts
(as the ``pimc`` bots do) and the game's policy model (``games/<game>/policy_model.py``: the
heuristic as a policy, :mod:`stolik.bots.inference`) gives each a log weight. Under uniform
sampling the true layout has probability ``1/N``; weighted, ``w(true) / (N · mean w)``, so
the log-likelihood gain is ``log w(true) − log mean w`` (``N`` cancels; ``mean w`` over the
uniform draws). Printed per game and phase: positions, mean gain in nats with its 95 %
interval, the share of positions with a gain, the median effective sample size of the
weights as a share of the draws, and the CPU time of weighing one layout.

Mariáš's sampler draws only in the play (the ``pimc`` bot bids by the heuristic), and it is
not exactly uniform (its module notes); Baśka's and Betel's are exact.

Run: ``.venv/bin/python benchmarks/bench_inference.py [--positions 1000] [--draws 100]
[--games baska,marias,betel] [--players heuristic] [--seed 1]``. 1,000 positions a game at
100 draws of heuristic self-play took 33 s of CPU for Baśka here; try ``--positions 100``
first.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import partial
from itertools import count
from typing import Any

from stolik.bots.inference import (
    effective_sample_size,
    log_gain,
    log_weights_to_weights,
    mean_interval,
)

EPS_SET: list[float | None] = [None, None]
"""The policy's spread shares of a call and of a card (``--call-eps``, ``--card-eps``;
None: the game model's own)."""

Position = tuple[str, Any, Callable[[], list[Any]], Callable[[Any], float]]
"""(phase, the true layout, uniform draws, the log weight of a layout)."""


def _set_eps(model: Any) -> None:
    """The spread shares asked for on the command line, where given."""
    if EPS_SET[0] is not None:
        model.call_eps = EPS_SET[0]
    if EPS_SET[1] is not None:
        model.card_eps = EPS_SET[1]


class _Picker:
    """Whether to take a position: at random, at most ``per_deal`` a deal."""

    def __init__(self, seed: int, per_deal: int) -> None:
        self.rng = random.Random(seed)
        self.per_deal = per_deal
        self.deal = -1
        self.taken = 0

    def __call__(self, deal: int) -> bool:
        if deal != self.deal:
            self.deal, self.taken = deal, 0
        if self.taken < self.per_deal and self.rng.random() < 0.3:
            self.taken += 1
            return True
        return False


def _walk(new_deal: Callable[[int], Any]) -> Iterator[tuple[int, Any, Any]]:
    """(deal number, deal, the view of the seat to act) at every decision of endless
    seeded deals; the caller makes the move."""
    for i in count():
        d = new_deal(i)
        while not d.is_over:
            seat = d.to_act
            assert seat is not None
            yield i, d, d.view(seat)


def baska_positions(seed: int, draws: int, per_deal: int, players: str
                    ) -> Iterator[Position]:
    """Positions of Baśka self-play by ``players`` (RULES §3, §4)."""
    from stolik.games.baska.bots import make_bot
    from stolik.games.baska.inference import sample_layouts
    from stolik.games.baska.policy_model import CallModel
    from stolik.games.baska.ruleset import load_ruleset
    from stolik.games.baska.state import Deal

    rs = load_ruleset("pucka-2019")
    model = CallModel(rs)
    _set_eps(model)
    pick = _Picker(seed, per_deal)
    deal, bots = -1, []
    for i, d, v in _walk(lambda i: Deal.random(rs, i % 4, random.Random(seed * 100_003 + i))):
        if i != deal:
            deal = i
            bots = [make_bot(players, seed=seed + 10 * i + s, ruleset=rs) for s in range(4)]
        legal = v.legal_calls if v.phase == "auction" else v.legal_cards
        if len(legal) > 1 and pick(i):
            r = random.Random(pick.rng.random())
            yield (v.phase, d.hands, partial(sample_layouts, v, draws, r, rs),
                   partial(model.log_weight, v))
        move = bots[v.seat].act(v)
        if isinstance(move, int):
            d.play(move)
        else:
            d.call(move)


def betel_positions(seed: int, draws: int, per_deal: int, players: str
                    ) -> Iterator[Position]:
    """Positions of Betel self-play by ``players`` (BETEL §3, §4)."""
    from stolik.games.betel.bots import make_bot
    from stolik.games.betel.policy_model import CallModel
    from stolik.games.betel.ruleset import load_ruleset
    from stolik.games.betel.sampling import Layout, sample
    from stolik.games.betel.state import Deal

    rs = load_ruleset()
    model = CallModel(rs)
    _set_eps(model)
    pick = _Picker(seed, per_deal)
    deal, bots = -1, []
    for i, d, v in _walk(lambda i: Deal.random(rs, i % 3, random.Random(seed * 100_003 + i))):
        if i != deal:
            deal = i
            bots = [make_bot(players, seed + 10 * i + s, rs) for s in range(3)]
        if len(v.legal) > 1 and v.step != "taken" and pick(i):
            r = random.Random(pick.rng.random())
            dubel = sum(1 << c for c in d.pos.dubel)
            yield (v.phase, Layout(d.hands, dubel), partial(sample, v, draws, r),
                   partial(model.log_weight, v))
        d.move(bots[v.seat].act(v))


def marias_positions(seed: int, draws: int, per_deal: int, players: str
                     ) -> Iterator[Position]:
    """Play positions of Mariáš self-play by ``players`` (MARIAS §3, §4)."""
    from stolik.games.marias.bots import make_bot
    from stolik.games.marias.policy_model import CallModel
    from stolik.games.marias.ruleset import load_ruleset
    from stolik.games.marias.sampling import Layout, Seen, sample
    from stolik.games.marias.state import Deal

    rs = load_ruleset()
    model = CallModel()
    _set_eps(model)
    pick = _Picker(seed, per_deal)
    deal = -1
    bots: list[Any] = []
    seen: list[Seen] = []
    start: Deal | None = None
    for i, d, v in _walk(lambda i: Deal.random(rs, i % 4, random.Random(seed * 100_003 + i))):
        if i != deal:
            deal, start = i, None
            bots = [make_bot(players, seed + 10 * i + s) for s in range(4)]
            seen = [Seen() for _ in range(4)]
        seat = v.seat
        seen[seat].update(v)
        if v.phase == "play" and start is None:
            start = Deal(rs, d.dealer, d.dealt, paper=d.paper)
            for op in d.log:
                start.apply(op)
        cards = [m for m in v.legal if isinstance(m, int)]
        if v.phase == "play" and len(cards) > 1 and pick(i):
            assert start is not None
            r = random.Random(pick.rng.random())
            phase = "play, tricks 1-2" if sum(v.taken) < 2 else "play, tricks 3-8"
            snap = copy.deepcopy(seen[seat])
            yield (phase, Layout(d.hands, 0, 0, start), partial(sample, v, snap, rs, draws, r),
                   partial(model.log_weight, v))
        move = bots[seat].choose(v)
        if v.phase == "play":
            assert isinstance(move, int)
            seen[seat].played(seat, move)
        d.move(move)


GAMES = {"baska": baska_positions, "marias": marias_positions, "betel": betel_positions}


def measure(game: str, positions: int, draws: int, per_deal: int, seed: int,
            players: str) -> None:
    """Print the figures of one game (module notes)."""
    gains: dict[str, list[float]] = defaultdict(list)
    ess: dict[str, list[float]] = defaultdict(list)
    weigh_cpu = 0.0
    weighed = 0
    skipped = empty = 0
    t0 = time.process_time()
    it = GAMES[game](seed, draws, per_deal, players)
    done = 0
    while done < positions:
        phase, truth, draw, weigh = next(it)
        lays = draw()
        t = time.process_time()
        logs = [weigh(lay) for lay in lays]
        log_true = weigh(truth)
        weigh_cpu += time.process_time() - t
        weighed += len(lays) + 1
        if not lays:
            empty += 1  # the sampler drew nothing (the pimc bot then plays its heuristic)
            continue
        if max(logs) == -math.inf or log_true == -math.inf:
            skipped += 1  # the truth or every draw ruled out: reported, not hidden
            continue
        done += 1
        gains[phase].append(log_gain(log_true, logs))
        ess[phase].append(effective_sample_size(log_weights_to_weights(logs)) / len(lays))
    total = time.process_time() - t0
    spread = "the model's own" if EPS_SET == [None, None] else \
        f"call {EPS_SET[0] or 'own'}, card {EPS_SET[1] or 'own'}"
    print(f"{game}: {positions} positions of {players} self-play, {draws} uniform draws "
          f"each, spread {spread}, seed {seed}; "
          f"skipped: {empty} with no layout drawn, {skipped} with the truth or every draw "
          f"weighing 0; CPU {total:.1f} s, "
          f"{1000 * weigh_cpu / max(weighed, 1):.2f} ms to weigh a layout")
    for phase in [*sorted(gains), "all"]:
        g = [x for p in gains for x in gains[p]] if phase == "all" else gains[phase]
        e = [x for p in ess for x in ess[p]] if phase == "all" else ess[phase]
        if len(g) < 2:
            continue
        m, lo, hi = mean_interval(g)
        up = sum(1 for x in g if x > 0) / len(g)
        print(f"  {phase:18} n={len(g):5}  gain {m:+.3f} nats [{lo:+.3f}, {hi:+.3f}]  "
              f"positive {100 * up:.0f} %  median ESS {100 * statistics.median(e):.0f} %",
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--draws", type=int, default=100)
    ap.add_argument("--per-deal", type=int, default=3)
    ap.add_argument("--games", default="baska,marias,betel")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="heuristic",
                    help="the bots whose self-play gives the positions (heuristic: the "
                    "model's own players; pimc-fast: players the model only approximates)")
    ap.add_argument("--call-eps", type=float, default=None,
                    help="the spread share of a call (default: each game model's own)")
    ap.add_argument("--card-eps", type=float, default=None)
    a = ap.parse_args()
    EPS_SET[:] = [a.call_eps, a.card_eps]
    for game in a.games.split(","):
        measure(game, a.positions, a.draws, a.per_deal, a.seed, a.players)


if __name__ == "__main__":
    main()
