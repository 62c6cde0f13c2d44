"""Calibration of the heuristic bot's hand evaluation (not a benchmark: ``run.py`` skips it).

For random deals of each shipped ruleset, every seat is made the declarer of every solo
contract in turn (the others pass) and the deal is played out by four heuristic bots; the
plain game is played out too when nobody holds both black queens. From these results it fits

- per card order family (``long``: most cards are trumps, the normal orders; ``short``: the
  gran order), the value of each kind of card for a lone player who needs 53 points — a
  logistic regression of "contract made" on the counts of the card kinds in the hand
  (trumps by how many higher trumps are out, fele by how many higher cards of their suit
  are out), rescaled so that the worst kind is worth 0 and a sure trump 1 — and the curve
  from the hand's value to the chance (:data:`~stolik.games.baska.bots.evaluate.VALUES`);
- the same for a lone player who needs all four tricks (du);
- the defenders' side: how often a solo is beaten by the best defender's hand value, among
  the contracts the bot would bid (the kontra thresholds), and how often a side wins the
  plain game by a seat's own hand value (the plain-game doubling threshold).

It prints the fitted constants as Python, to be copied into ``evaluate.py`` (rounded).
Run: ``.venv/bin/python benchmarks/calibrate_heuristic.py --deals 2000`` (about 5 minutes).
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from stolik.games.baska.bots import HeuristicBot
from stolik.games.baska.bots.evaluate import card_kind, estimate, family
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.ruleset import Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.scoring import DECLARING
from stolik.games.baska.state import Deal
from stolik.tricks import CardOrder


@dataclass(frozen=True)
class Row:
    """One forced solo: the declarer's hand, the others' hands, the result."""

    family: str
    goal: str
    kinds: tuple[tuple[str, int], ...]
    defence: float
    chance: float
    made: bool


def play_out(deal: Deal, bots: Sequence[HeuristicBot]) -> None:
    """Play the deal to its end with the bots."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        move = bots[seat].act(deal.view(seat))
        if isinstance(move, Call):
            deal.call(move)
        else:
            deal.play(move)


def forced(rs: Ruleset, dealer: int, hands: tuple[int, int, int, int], seat: int,
           call: Call) -> Deal:
    """A deal whose auction is ``seat`` calling ``call`` and everybody else passing."""
    deal = Deal(rs, dealer, hands)
    while deal.to_act != seat:
        deal.call(PASS)
    deal.call(call)
    for _ in range(3):
        deal.call(PASS)
    return deal


def kinds(hand: int, order: CardOrder) -> tuple[tuple[str, int], ...]:
    """The kinds of the cards of a hand, sorted."""
    from stolik.games.baska.deck import DECK

    return tuple(sorted(card_kind(c, hand, order) for c in DECK.cards_of(hand)))


def collect(rs: Ruleset, deals: int, seed: int, rows: list[Row],
            plain: dict[tuple[str, float], list[int]]) -> None:
    """Play the forced contracts and plain games of one ruleset."""
    rng = random.Random(seed)
    bots = [HeuristicBot(ruleset=rs) for _ in range(4)]
    solos = [c for c in rs.ladder if c.kind == "solo"]
    for i in range(deals):
        hands = Deal.random(rs, i % 4, rng).initial_hands
        for seat in range(4):
            for c in solos:
                deal = forced(rs, i % 4, hands, seat, Call("contract", c.id))
                play_out(deal, bots)
                order = rs.order_of(c)
                est = estimate(hands[seat], order)
                defence = max(estimate(hands[s], order).value for s in range(4) if s != seat)
                rows.append(Row(family(order), c.goal, kinds(hands[seat], order), defence,
                                est.chance(c.goal), seat in deal.result().winners))
        deal = Deal(rs, i % 4, hands)
        for _ in range(4):
            deal.call(PASS)
        game = deal.game
        assert game is not None
        if game.contract.kind != "plain":
            continue
        play_out(deal, bots)
        winners = deal.result().winners
        for s in range(4):
            side = "starzy" if game.side_of(s) == DECLARING else "mlodzi"
            value = estimate(hands[s], rs.order_of(rs.zwykla)).value
            plain[(side, round(value * 2) / 2)].append(int(s in winners))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def logistic_fit(xs: list[list[float]], ys: list[int], ridge: float = 1e-2) -> list[float]:
    """Maximum-likelihood logistic regression (Newton's method, a small ridge)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(30):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                if x[i]:
                    grad[i] += (p - y) * x[i]
                    for j in range(k):
                        if x[j]:
                            hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def fit_values(rows: list[Row], fam: str, goal: str) -> None:
    """Fit and print the card values and the curve of one family and goal."""
    data = [r for r in rows if r.family == fam and r.goal == goal]
    cats = sorted({k for r in data for k in r.kinds})
    xs = [[1.0] + [float(r.kinds.count(c)) for c in cats] for r in data]
    ys = [int(r.made) for r in data]
    w = logistic_fit(xs, ys)
    intercept, raw = w[0], dict(zip(cats, w[1:], strict=True))
    worst = min(raw.values())
    sure = raw[("trump", 0)]
    scale = sure - worst  # value = (raw - worst) / scale: worst kind 0, sure trump 1
    values = {c: (v - worst) / scale for c, v in raw.items()}
    # logit = intercept + sum(raw) = intercept + 4 * worst + scale * value
    slope = scale
    even = -(intercept + 4 * worst) / scale
    print(f"\n{fam}: {len(data)} contracts for {goal}, {sum(ys) / len(ys):.3f} made")
    for c in cats:
        n = sum(r.kinds.count(c) for r in data)
        print(f"  {c[0]:<5} {c[1]}: {values[c]:6.3f}   (n cards {n})")
    print(f"  even {even:.3f}  slope {slope:.3f}")


def defence(rows: list[Row], bid_chance: float) -> None:
    """Share of contracts beaten by the best defender's hand value, among the contracts
    with a chance of at least ``bid_chance`` (what the bot would bid)."""
    by: dict[tuple[str, str, float], list[int]] = defaultdict(list)
    for r in rows:
        if r.chance >= bid_chance:
            by[(r.family, r.goal, round(r.defence * 4) / 4)].append(int(not r.made))
    print(f"\ncontracts beaten by the best defender's value (declarer's chance ≥ {bid_chance})")
    for k, v in sorted(by.items()):
        if len(v) >= 20:
            print(f"  {k[0]:<5} {k[1]:<10} {k[2]:5.2f}: n={len(v):5d}  {sum(v) / len(v):.3f}")


def main(argv: list[str] | None = None) -> int:
    """Collect, fit and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=500, help="deals per ruleset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("rulesets", nargs="*", default=available_rulesets())
    args = ap.parse_args(argv)
    rows: list[Row] = []
    plain: dict[tuple[str, float], list[int]] = defaultdict(list)
    for name in args.rulesets:
        collect(load_ruleset(name), args.deals, args.seed, rows, plain)
    for fam in ("long", "short"):
        for goal in ("points", "all-tricks"):
            fit_values(rows, fam, goal)
    defence(rows, 0.6)
    print("\nplain game: a side wins, by one seat's hand value")
    for (side, v), xs in sorted(plain.items()):
        if len(xs) >= 20:
            print(f"  {side:<7} {v:4.1f}: n={len(xs):5d}  {sum(xs) / len(xs):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
