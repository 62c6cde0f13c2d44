"""Policy-based inference, generic over games: hidden layouts weighted by how likely a model
of the other players makes the calls and cards already seen (issue 27.1).

A bot that samples layouts of the unseen cards draws them uniformly over the hard facts
(voids, cards seen, legal calls). A layout on which the other seats' *calls* would have been
odd is as likely as one on which they were natural. Policy-based inference, as done for
Skat (Buro, Long et al.; Solinas et al.), weights each layout ``L`` by

    w(L) = Π over the others' decisions d seen so far of  P_model(the move made at d | L)

where the model is a stochastic policy: a game's heuristic bot turned into one
(:func:`epsilon_probability`: its own choice with probability ``1 − ε``, ``ε`` spread over
every legal move; or :func:`softmax_probabilities` over scores). Each game supplies the
model — which decisions it looks at, and what its heuristic would have done there on the
layout; this module keeps what is the same in every game:

- :class:`EpsilonPolicy` (the spread shares a game's model subclasses) and
  :class:`DecisionCache` (each decision's probability kept over a deal by the seat's hand);
- :func:`log_weights_to_weights` (normalised, overflow-free), :func:`effective_sample_size`;
- :func:`resample` — systematic resampling, repeatable for a seeded ``rng``;
  :func:`weighted_layouts` — what a ``pimc`` bot asks: candidates drawn uniformly, weighed
  by the game's model, resampled;
- :func:`log_gain` — the measurement: the log-probability weighted sampling gives the
  true layout, less that of uniform sampling: ``log w(true) − log mean_u w``;
- :func:`mean_interval` — a mean with its 95 % interval.

>>> round(epsilon_probability(made="pass", model="pass", legal=4, eps=0.2), 3)
0.85
>>> round(epsilon_probability(made="bid", model="pass", legal=4, eps=0.2), 3)
0.05
>>> w = log_weights_to_weights([0.0, math.log(3)])
>>> [round(x, 2) for x in w], round(effective_sample_size(w), 2)
([0.25, 0.75], 1.6)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

__all__ = ["CARD_EPS", "EPS", "DecisionCache", "EpsilonPolicy", "effective_sample_size",
           "epsilon_probability", "log_gain", "log_weights_to_weights", "mean_interval",
           "resample", "softmax_probabilities", "weighted_layouts"]

T = TypeVar("T")
R = TypeVar("R")

EPS = 0.2
"""The share of a heuristic policy's probability spread over all legal moves: a player
follows the club rules most of the time, not always (one in five decisions otherwise)."""
CARD_EPS = 0.5
"""The share for a card: a heuristic's card play is less like a person's than its calls."""


def epsilon_probability(made: Hashable, model: Hashable, legal: int,
                        eps: float = EPS) -> float:
    """The probability that a player following the model — its move ``model`` with
    probability ``1 − eps``, else any of the ``legal`` moves uniformly — makes ``made``.
    A forced move (one legal move) has probability 1.

    >>> epsilon_probability("a", "a", 1), epsilon_probability("a", "b", 2, eps=0.0)
    (1.0, 0.0)
    """
    if legal < 1:
        raise ValueError("a decision has at least one legal move")
    return (1.0 - eps) * (made == model) + eps / legal


class EpsilonPolicy(Generic[R]):
    """A game's heuristic as a stochastic policy (:func:`epsilon_probability`) under the
    game's ``rules`` (its ruleset, where the model needs one): ``call_eps``
    the spread share of a call, ``card_eps`` of a card; ``cards``: whether a game's model
    weighs the cards played too (else the calls only). A game's model subclasses it and
    asks :meth:`log_p` at each decision of another seat.

    >>> pol = EpsilonPolicy(None, call_eps=0.0)
    >>> pol.log_p("pass", "pass", 3), pol.log_p("bid", "pass", 3), pol.log_p("x", "y", 1)
    (0.0, -inf, 0.0)
    """

    def __init__(self, rules: R, call_eps: float = EPS, card_eps: float = CARD_EPS,
                 cards: bool = True) -> None:
        self.rules = rules
        self.call_eps = call_eps
        self.card_eps = card_eps
        self.cards = cards

    def log_p(self, made: Hashable, model: Hashable, legal: int, *,
              call: bool = True) -> float:
        """The log-probability of the move ``made`` where the heuristic makes ``model``
        among ``legal`` moves (0 for a forced move, ``-inf`` for an impossible one)."""
        if legal <= 1:
            return 0.0
        p = epsilon_probability(made, model, legal, self.call_eps if call else self.card_eps)
        return math.log(p) if p > 0 else -math.inf


class DecisionCache:
    """The log-probabilities of the others' decisions, kept over a deal: a seat's decision
    depends on the layout only through that seat's own hand (hidden information: its view
    is its hand and the public history), so ``(decision number, seat, hand)`` names it. The
    cache holds while the public ``history`` only grows (:meth:`sync`); another deal, or a
    history that is not a continuation, empties it.

    >>> c = DecisionCache()
    >>> c.sync(("a",)); c.put((0, 1, 0b11), -0.5); c.get((0, 1, 0b11))
    -0.5
    >>> c.sync(("a", "b")); c.get((0, 1, 0b11))        # the same deal, one move on
    -0.5
    >>> c.sync(("x",)); c.get((0, 1, 0b11)) is None     # another deal
    True
    """

    def __init__(self) -> None:
        self.history: tuple[Hashable, ...] = ()
        self.values: dict[Hashable, float] = {}

    def sync(self, history: tuple[Hashable, ...]) -> None:
        """Follow the public history of the deal now seen (see the class notes)."""
        if history[:len(self.history)] != self.history:
            self.values.clear()
        self.history = history

    def get(self, key: Hashable) -> float | None:
        """The kept log-probability, None if not kept."""
        return self.values.get(key)

    def put(self, key: Hashable, value: float) -> None:
        """Keep one."""
        self.values[key] = value


def softmax_probabilities(scores: Sequence[float], temperature: float) -> list[float]:
    """A softmax policy over the legal moves' ``scores`` (higher: likelier); ``temperature``
    in the scores' units (0: the best moves only, shared equally).

    >>> [round(p, 3) for p in softmax_probabilities([1.0, 0.0], 1.0)]
    [0.731, 0.269]
    >>> softmax_probabilities([2.0, 2.0, 1.0], 0.0)
    [0.5, 0.5, 0.0]
    """
    if not scores:
        raise ValueError("a decision has at least one legal move")
    top = max(scores)
    if temperature <= 0:
        best = [s >= top for s in scores]
        return [b / sum(best) for b in best]
    ex = [math.exp((s - top) / temperature) for s in scores]
    total = sum(ex)
    return [e / total for e in ex]


def log_weights_to_weights(logs: Sequence[float]) -> list[float]:
    """Weights proportional to ``exp(logs)``, summing to 1 (the largest subtracted first,
    so no overflow); ``-inf`` (a layout the model rules out) gets 0. All ``-inf``: uniform
    (nothing is known to prefer one layout).

    >>> log_weights_to_weights([-math.inf, 0.0])
    [0.0, 1.0]
    >>> log_weights_to_weights([-math.inf, -math.inf])
    [0.5, 0.5]
    """
    if not logs:
        return []
    top = max(logs)
    if top == -math.inf:
        return [1.0 / len(logs)] * len(logs)
    ex = [math.exp(x - top) for x in logs]
    total = sum(ex)
    return [e / total for e in ex]


def effective_sample_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size ``(Σw)² / Σw²``: ``n`` for equal weights, 1 when one
    layout carries all.

    >>> effective_sample_size([1, 1, 1, 1]), effective_sample_size([0, 0, 2, 0])
    (4.0, 1.0)
    """
    s = sum(weights)
    q = sum(w * w for w in weights)
    return s * s / q if q > 0 else 0.0


def resample(items: Sequence[T], weights: Sequence[float], n: int,
             rng: random.Random) -> list[T]:
    """``n`` items drawn by systematic resampling: item ``i`` about ``n·w_i/Σw`` times
    (never more than one off), in their order; one ``rng.random()`` per call, so a
    seeded ``rng`` repeats it. Zero weights are never drawn.

    >>> resample("abc", [0.0, 1.0, 3.0], 4, random.Random(1))
    ['b', 'c', 'c', 'c']
    """
    if len(items) != len(weights):
        raise ValueError("one weight per item")
    total = float(sum(weights))
    if n <= 0 or not items:
        return []
    if total <= 0:
        raise ValueError("the weights are all zero")
    step = total / n
    u = rng.random() * step
    out: list[T] = []
    acc = 0.0
    i = 0
    for k in range(n):
        target = u + k * step
        while i < len(items) - 1 and (acc + weights[i] <= target or weights[i] == 0):
            acc += weights[i]
            i += 1
        out.append(items[i])
    return out


def weighted_layouts(candidates: Sequence[T], log_weight: Callable[[T], float], n: int,
                     rng: random.Random, key: Callable[[T], Hashable] | None = None
                     ) -> list[T]:
    """``n`` layouts resampled (:func:`resample`) from ``candidates`` (drawn uniformly over
    the hard facts) by the model's ``log_weight``; a layout drawn twice is weighed once
    where ``key`` names it. Where the model rules out every candidate (it never makes the
    calls seen: a person played otherwise than any heuristic would), the first ``n``
    candidates, unweighted. A layout may come back several times: a bot solves it once and
    counts it as often.

    >>> weighted_layouts([1, 2, 3, 4], lambda x: 0.0 if x % 2 else -math.inf, 4,
    ...                  random.Random(1))
    [1, 1, 3, 3]
    >>> weighted_layouts([2, 4], lambda x: -math.inf, 1, random.Random(1))
    [2]
    """
    cache: dict[Hashable, float] = {}
    logs = []
    for lay in candidates:
        if key is None:
            logs.append(log_weight(lay))
            continue
        k = key(lay)
        if k not in cache:
            cache[k] = log_weight(lay)
        logs.append(cache[k])
    if not logs or max(logs) == -math.inf:
        return list(candidates[:n])
    return resample(candidates, log_weights_to_weights(logs), n, rng)


def log_gain(log_true: float, log_uniform: Sequence[float]) -> float:
    """The log-likelihood gain of weighted over uniform sampling for the true layout: under
    uniform sampling it has probability ``1/N``; weighted, ``w(true) / (N · mean w)`` with
    ``mean w`` over the uniform draws ``log_uniform`` (log weights). So the gain is
    ``log w(true) − log mean w``, ``N`` cancelling. Positive: the model makes the truth
    likelier.

    >>> round(log_gain(math.log(4.0), [0.0, math.log(3.0)]), 4)   # log(4 / mean(1, 3))
    0.6931
    >>> log_gain(0.0, [0.0, 0.0])
    0.0
    """
    if not log_uniform:
        raise ValueError("the mean weight needs at least one uniform draw")
    top = max(log_uniform)
    if top == -math.inf:
        raise ValueError("every uniform draw was ruled out: the mean weight is 0")
    mean = top + math.log(sum(math.exp(x - top) for x in log_uniform) / len(log_uniform))
    return log_true - mean


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95 % interval (normal, ``z`` standard errors).

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868, 3.132)
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1))
    h = z * sd / math.sqrt(n)
    return (m, round(m - h, 3), round(m + h, 3))
