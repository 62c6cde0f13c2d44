"""Seating: drawing the tables of four for each round of a tournament (RULES §10, seed 000 §7w).

A round seats every active player at a table of four; when the count is not a multiple of
four, ``N mod 4`` players sit out the round (they score 4 place points and +40 table points,
seed 000 §7w — the scoring itself lives in :mod:`stolik.tournament.scoring`). Over the
tournament (5 rounds in ``pucka-2019``, seed 000 §7m) the draw tries to:

1. **avoid repeat meetings** — players who already met at a table should not meet again.
   Cost of seating two players together who have met ``m`` times before: ``REPEAT * m``.
   Summed over a round this is exactly the growth of the sum over pairs of ``meetings²``
   (``(m+1)² − m² = 2m + 1``, the ``+1`` is the same for every draw), so a second meeting
   is avoided first, and a third meeting is worse than two second ones elsewhere;
2. **keep team-mates apart** (teams of RULES §10): ``TEAM`` per pair of team-mates at a
   table, far below ``REPEAT`` so it only breaks ties between draws of equal meetings;
3. **rotate sitting out fairly** — a hard rule: the sit-outs are chosen among the players
   who sat out least so far, so nobody sits out twice before everyone has once;
4. **rotate seats** — within a table, seats 0..3 (seat 0 deals first) are assigned so
   that each player's counts of rounds in each seat stay as even as possible.

Algorithm (:func:`draw_round`), all driven by one :class:`random.Random`, so a draw is
deterministic for a seed:

* the sit-outs are the players with the fewest sit-outs, ties broken at random;
* **greedy construction**: tables are filled one at a time, each starting from the first
  unseated player of a random order and adding the unseated player cheapest against the
  players already there;
* **local search**: simulated annealing on swaps of two players at different tables (and of
  a sitting-out player with a seated one who has sat out as often, which keeps the rotation
  fair). The change of cost of a swap is computed from the 12 pairs it touches. The
  temperature falls geometrically over a bounded number of iterations (``ITERATIONS_PER_PLAYER``
  per player); the search stops early at cost 0 and returns the best draw seen;
* seats at each table: the permutation (of 24) that least repeats each player's former seats.

:func:`plan_tournament` draws round after round with :func:`draw_round` and then polishes
the whole plan with the same annealing, now counting meetings over all rounds at once
(cost ``REPEAT/2`` per unit of ``Σ meetings·(meetings − 1)``, plus ``TEAM`` per team-mate
meeting; a sit-out may trade places with a seated player of the same sit-out record, which
keeps the rotation fair). A later round can then fix what an earlier one could not
foresee: 16 players over 5 rounds meet everyone exactly once (the affine plane of order 4),
which round-by-round drawing alone rarely finds. The polish mostly (``FOCUS``) tries moves of
players who meet someone again, and stops at a lower bound of the cost (each player's
meetings spread evenly) or after ``POLISH_ITERATIONS_PER_PLAYER_ROUND`` steps per player and
round, at most ``POLISH_MAX_ITERATIONS``. :func:`redraw` keeps the rounds
already played and draws the rest again with another seed, e.g. before a round starts or
when a player withdrew or was excluded.

>>> players = [f"P{i:02d}" for i in range(16)]
>>> plans = plan_tournament(players, 5, seed=1)
>>> history = SeatingHistory.from_plans(plans)
>>> history.repeat_meetings, len(history.meetings)
(0, 120)
>>> plans == plan_tournament(players, 5, seed=1)
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence

from stolik.tournament.seating_text import format_round as format_round
from stolik.tournament.seating_text import where_do_i_sit as where_do_i_sit
from stolik.tournament.seating_values import SIT_OUT_PLACE_POINTS as SIT_OUT_PLACE_POINTS
from stolik.tournament.seating_values import SIT_OUT_TABLE_POINTS as SIT_OUT_TABLE_POINTS
from stolik.tournament.seating_values import RoundPlan as RoundPlan
from stolik.tournament.seating_values import SeatingHistory as SeatingHistory
from stolik.tournament.seating_values import _pair

REPEAT = 100
"""Cost of seating two players together per earlier meeting of theirs."""
TEAM = 1
"""Cost of seating two team-mates together."""
FOCUS = 0.9
HOT = 1.5
ITERATIONS_PER_PLAYER = 1000
"""Annealing steps of :func:`draw_round` per active player (bounded work per round)."""
POLISH_ITERATIONS_PER_PLAYER_ROUND = 6000
"""Annealing steps of the whole-plan polish in :func:`plan_tournament`, per player and round."""
POLISH_MAX_ITERATIONS = 400_000
"""At most this many annealing steps in the whole-plan polish."""

_PERMUTATIONS = {n: tuple(itertools.permutations(range(n))) for n in (3, 4)}


def _active(players: Sequence[str], exclude: Collection[str], least: int = 4) -> list[str]:
    active = [p for p in players if p not in exclude]
    if len(set(active)) != len(active):
        raise ValueError("a player is listed twice")
    if len(active) < least:
        raise ValueError(f"a round needs at least {least} players, got {len(active)}")
    return active


def _choose_sit_outs(
    active: list[str], history: SeatingHistory, rng: random.Random, k: int
) -> tuple[list[str], list[str]]:
    """Seated and sitting-out players: the ``k`` sit-outs have the fewest sit-outs so far."""
    order = list(active)
    rng.shuffle(order)
    order.sort(key=lambda p: history.sit_outs.get(p, 0))  # stable: random among equals
    return order[k:], order[:k]


def fours(n: int) -> tuple[int, ...]:
    """Tables of four for ``n`` players; ``n mod 4`` sit out (RULES §10, seed 000 §7w).

    >>> fours(10)
    (4, 4)
    """
    return (4,) * (n // 4)


def _cost_matrix(
    players: Sequence[str], history: SeatingHistory, teams: Mapping[str, str] | None
) -> list[list[int]]:
    n = len(players)
    cost = [[0] * n for _ in range(n)]
    for i in range(n):
        a = players[i]
        ta = teams.get(a) if teams is not None else None
        row = cost[i]
        for j in range(i + 1, n):
            b = players[j]
            c = REPEAT * history.meetings.get(_pair(a, b), 0)
            if ta is not None and teams is not None and teams.get(b) == ta:
                c += TEAM
            row[j] = c
            cost[j][i] = c
    return cost


def _greedy(seated: list[int], cost: list[list[int]], sizes: Sequence[int]
            ) -> list[list[int]]:
    """Tables of ``sizes`` filled one at a time with the cheapest unseated player."""
    left = list(seated)
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(range(len(left)), key=lambda k: sum(cost[left[k]][x] for x in table))
            table.append(left.pop(best))
        tables.append(table)
    return tables


def _table_cost(table: list[int], cost: list[list[int]]) -> int:
    return sum(cost[a][b] for a, b in itertools.combinations(table, 2))


def _anneal(
    groups: list[list[int]],
    n_tables: int,
    cost: list[list[int]],
    swappable_out: list[bool],
    iterations: int,
    rng: random.Random,
) -> list[list[int]]:
    """Simulated annealing on swaps; ``groups[:n_tables]`` are tables, the rest (at most one
    group) sit out and cost nothing. A sit-out swaps only with seated players for whom
    ``swappable_out`` is true (as many sit-outs so far). Returns the best groups seen."""
    total = sum(_table_cost(t, cost) for t in groups[:n_tables])
    best, best_groups = total, [list(g) for g in groups]
    if total == 0 or iterations <= 0:
        return best_groups
    where: dict[int, int] = {p: gi for gi, g in enumerate(groups) for p in g}
    members = [p for g in groups for p in g]
    n = len(members)
    t_hot, t_cold = REPEAT * HOT, 0.05 * min(REPEAT, max(TEAM, 1))
    factor = (t_cold / t_hot) ** (1.0 / iterations)
    temp = t_hot
    rand, randrange, exp = rng.random, rng.randrange, math.exp
    for _ in range(iterations):
        temp *= factor
        a = members[randrange(n)]
        b = members[randrange(n)]
        ga, gb = where[a], where[b]
        if ga == gb:
            continue
        out_a, out_b = ga >= n_tables, gb >= n_tables
        if (out_a or out_b) and not swappable_out[b if out_a else a]:
            continue
        ca, cb = cost[a], cost[b]
        delta = 0
        if not out_a:
            for x in groups[ga]:
                if x != a:
                    delta += cb[x] - ca[x]
        if not out_b:
            for y in groups[gb]:
                if y != b:
                    delta += ca[y] - cb[y]
        if delta > 0 and rand() >= exp(-delta / temp):
            continue
        la, lb = groups[ga], groups[gb]
        la[la.index(a)] = b
        lb[lb.index(b)] = a
        where[a], where[b] = gb, ga
        total += delta
        if total < best:
            best, best_groups = total, [list(g) for g in groups]
            if best == 0:
                break
    return best_groups


def _assign_seats(
    table: Sequence[str], history: SeatingHistory, rng: random.Random
) -> tuple[str, ...]:
    """Seat order that least repeats each player's former seats (ties at random)."""
    n = len(table)
    counts = [history.seats.get(p, (0, 0, 0, 0)) for p in table]
    perms = list(_PERMUTATIONS[n])
    rng.shuffle(perms)
    # perm[i] = seat of table[i]; the cost is the sum of squares of the counts afterwards
    best = min(perms, key=lambda perm: sum(counts[i][perm[i]] for i in range(n)))
    seated = [""] * n
    for i, s in enumerate(best):
        seated[s] = table[i]
    return tuple(seated)


def draw_round(
    players: Sequence[str],
    history: SeatingHistory,
    *,
    teams: Mapping[str, str] | None = None,
    rng: random.Random,
    exclude: Collection[str] = (),
    iterations: int | None = None,
    sizes: Callable[[int], Sequence[int]] = fours,
) -> RoundPlan:
    """Draw one round: tables of four for ``players`` less ``exclude`` (withdrawn or banned
    players), given what earlier rounds did. See the module docstring for the objective.

    ``iterations`` bounds the annealing (default ``ITERATIONS_PER_PLAYER`` per player).
    ``sizes``: the tables a count of players sits at (default :func:`fours`); the players
    they leave over sit out. A game that seats three at some tables and four at others
    (LICITOVANY §9) gives its own: the annealing swaps players, so the sizes stay.

    >>> h = SeatingHistory()
    >>> r1 = draw_round("abcdefgh", h, rng=random.Random(0))
    >>> r2 = draw_round("abcdefghi", h.record(r1), rng=random.Random(0), exclude="i")
    >>> sorted(r1.players) == sorted(r2.players) == list("abcdefgh")
    True
    >>> r3 = draw_round("abcdefghi", h.record(r1), rng=random.Random(0))
    >>> len(r3.tables), len(r3.sitting_out)
    (2, 1)
    """
    active = _active(players, exclude, 4 if sizes is fours else 3)
    table_sizes = tuple(sizes(len(active)))
    seated, out = _choose_sit_outs(active, history, rng, len(active) - sum(table_sizes))
    # players that may trade places with a sit-out without breaking the rotation
    threshold = max((history.sit_outs.get(p, 0) for p in out), default=-1)
    rng.shuffle(seated)
    order = seated + out
    index = {p: i for i, p in enumerate(order)}
    cost = _cost_matrix(order, history, teams)
    tables = _greedy([index[p] for p in seated], cost, table_sizes)
    groups = [*tables, [index[p] for p in out]] if out else tables
    swappable = [history.sit_outs.get(p, 0) == threshold for p in order]
    steps = ITERATIONS_PER_PLAYER * len(order) if iterations is None else iterations
    groups = _anneal(groups, len(tables), cost, swappable, steps, rng)
    drawn = tuple(
        _assign_seats([order[i] for i in g], history, rng) for g in groups[: len(tables)]
    )
    sitting_out = tuple(sorted((order[i] for g in groups[len(tables) :] for i in g),
                               key=active.index))
    return RoundPlan(drawn, sitting_out)


def _repeat_bound(meet: list[list[int]]) -> int:
    """A lower bound of ``REPEAT * Σ C(meetings, 2)`` over pairs: each player's meetings
    (fixed by the rounds he plays) spread as evenly as possible over everyone else."""
    n = len(meet)
    if n < 2:
        return 0
    twice = 0
    for row in meet:
        q, r = divmod(sum(row), n - 1)
        twice += r * (q + 1) * q // 2 + (n - 1 - r) * q * (q - 1) // 2
    return REPEAT * ((twice + 1) // 2)


def _polish(
    plans: list[RoundPlan],
    first: int,
    base: SeatingHistory,
    teams: Mapping[str, str] | None,
    iterations: int,
    rng: random.Random,
) -> list[RoundPlan]:
    """Anneal swaps inside rounds ``first..`` counting meetings over all rounds at once.
    ``base`` is the history before round ``first``. A sitting-out player trades places with
    a seated one only when both have sat out as often before that round and sit out in the
    same later rounds: the sit-out counts after every round are then the same multiset, so
    the rotation stays fair."""
    rounds = plans[first:]
    names = sorted({p for plan in rounds for p in plan.players} | {
        p for pair in base.meetings for p in pair})
    idx = {p: i for i, p in enumerate(names)}
    n = len(names)
    meet = [[0] * n for _ in range(n)]
    for (pa, pb), m in base.meetings.items():
        meet[idx[pa]][idx[pb]] = meet[idx[pb]][idx[pa]] = m
    team_of = [teams.get(p) if teams is not None else None for p in names]
    # groups[r]: the tables of round r, then (if any) the group sitting out
    groups = [[[idx[p] for p in t] for t in plan.tables] for plan in rounds]
    n_tables = [len(g) for g in groups]
    base_out = [base.sit_outs.get(p, 0) for p in names]
    outs_of: list[set[int]] = [set() for _ in names]
    for r, plan in enumerate(rounds):
        if plan.sitting_out:
            groups[r].append([idx[p] for p in plan.sitting_out])
            for p in plan.sitting_out:
                outs_of[idx[p]].add(r)
    for r, rg in enumerate(groups):
        for t in rg[: n_tables[r]]:
            for a, b in itertools.combinations(t, 2):
                meet[a][b] += 1
                meet[b][a] += 1

    def pair_cost(a: int, b: int, m: int) -> int:
        # sum of squares of meetings (REPEAT/2 per unit) and team-mates together
        c = REPEAT * m * m // 2
        if team_of[a] is not None and team_of[a] == team_of[b]:
            c += TEAM * m
        return c

    def total_cost() -> int:
        return sum(pair_cost(a, b, meet[a][b]) - REPEAT // 2 * meet[a][b]
                   for a in range(n) for b in range(a + 1, n))

    def fair_swap(out: int, seated: int, r: int) -> bool:
        before_out = base_out[out] + sum(1 for s in outs_of[out] if s < r)
        before_seated = base_out[seated] + sum(1 for s in outs_of[seated] if s < r)
        later_out = {s for s in outs_of[out] if s > r}
        later_seated = {s for s in outs_of[seated] if s > r}
        return before_out == before_seated and later_out == later_seated

    def in_conflict(a: int, group: list[int]) -> bool:
        ma, ta = meet[a], team_of[a]
        return any(ma[x] > 1 or (ta is not None and team_of[x] == ta) for x in group if x != a)

    def moved(a: int, leave: list[int], join: list[int]) -> int:
        """Change of cost when ``a`` leaves table ``leave`` (without a) for ``join``."""
        ma, d = meet[a], 0
        for x in leave:
            d += pair_cost(a, x, ma[x] - 1) - pair_cost(a, x, ma[x])
        for y in join:
            d += pair_cost(a, y, ma[y] + 1) - pair_cost(a, y, ma[y])
        return d

    def shift(a: int, leave: list[int], join: list[int]) -> None:
        ma = meet[a]
        for x in leave:
            ma[x] -= 1
            meet[x][a] -= 1
        for y in join:
            ma[y] += 1
            meet[y][a] += 1

    total = total_cost()
    best, best_groups = total, [[list(t) for t in rg] for rg in groups]
    playable = [r for r, rg in enumerate(groups) if len(rg) > 1]
    # a swap between tables of different sizes changes the players' counts of meetings,
    # on which the bound rests: with tables of three and four (LICITOVANY §9) only 0 binds
    mixed = any(len({len(t) for t in rg[: n_tables[r]]}) > 1 for r, rg in enumerate(groups))
    bound = 0 if mixed else _repeat_bound(meet)
    if total <= bound or iterations <= 0 or not playable:
        return plans
    t_hot, t_cold = REPEAT * HOT, 0.05 * min(REPEAT, max(TEAM, 1))
    factor = (t_cold / t_hot) ** (1.0 / iterations)
    temp = t_hot
    rand, randrange, exp = rng.random, rng.randrange, math.exp
    for _ in range(iterations):
        temp *= factor
        r = playable[randrange(len(playable))]
        rg = groups[r]
        ta, tb = randrange(len(rg)), randrange(len(rg))
        if ta == tb:
            continue
        if ta >= n_tables[r]:
            ta, tb = tb, ta  # the group sitting out, if picked, is lb
        la, lb = rg[ta], rg[tb]
        ia, ib = randrange(len(la)), randrange(len(lb))
        a, b = la[ia], lb[ib]
        out_b = tb >= n_tables[r]
        if rand() < FOCUS and not in_conflict(a, la) and (out_b or not in_conflict(b, lb)):
            continue  # mostly move players who meet someone again (or a team-mate)
        if out_b and not fair_swap(b, a, r):
            continue
        rest_a = [x for x in la if x != a]
        rest_b = [] if out_b else [y for y in lb if y != b]
        delta = moved(a, rest_a, rest_b) + moved(b, rest_b, rest_a)
        if delta > 0 and rand() >= exp(-delta / temp):
            continue
        shift(a, rest_a, rest_b)
        shift(b, rest_b, rest_a)
        la[ia], lb[ib] = b, a
        if out_b:
            outs_of[b].discard(r)
            outs_of[a].add(r)
        total += delta
        if total < best:
            best, best_groups = total, [[list(t) for t in g] for g in groups]
            if best <= bound:
                break
    out = list(plans[:first])
    history = base
    for r, (plan, rg) in enumerate(zip(rounds, best_groups, strict=True)):
        seated = tuple(
            _assign_seats([names[i] for i in t], history, rng) for t in rg[: n_tables[r]]
        )
        order = {p: i for i, p in enumerate(plan.players)}
        outs = (names[i] for g in rg[n_tables[r] :] for i in g)
        sitting = tuple(sorted(outs, key=order.__getitem__))
        new = RoundPlan(seated, sitting)
        out.append(new)
        history = history.record(new, teams)
    return out


def _plan_from(
    earlier: list[RoundPlan],
    players: Sequence[str],
    rounds: int,
    teams: Mapping[str, str] | None,
    seed: int,
    exclude: Collection[str],
    polish: bool,
    sizes: Callable[[int], Sequence[int]] = fours,
) -> list[RoundPlan]:
    rng = random.Random(seed)
    history = SeatingHistory.from_plans(earlier, teams)
    base = history
    plans = list(earlier)
    for _ in range(rounds):
        plan = draw_round(players, history, teams=teams, rng=rng, exclude=exclude, sizes=sizes)
        plans.append(plan)
        history = history.record(plan, teams)
    if polish and rounds > 1:
        steps = min(
            POLISH_ITERATIONS_PER_PLAYER_ROUND * len(_active(players, exclude, 3)) * rounds,
            POLISH_MAX_ITERATIONS,
        )
        plans = _polish(plans, len(earlier), base, teams, steps, rng)
    return plans


def plan_tournament(
    players: Sequence[str],
    rounds: int,
    *,
    teams: Mapping[str, str] | None = None,
    seed: int,
    exclude: Collection[str] = (),
    polish: bool = True,
    sizes: Callable[[int], Sequence[int]] = fours,
) -> list[RoundPlan]:
    """Draw ``rounds`` rounds for the same players, deterministic for ``seed``.

    Round after round with :func:`draw_round` (tables of ``sizes``), then (``polish``)
    annealed as a whole.

    >>> plans = plan_tournament([str(i) for i in range(10)], 5, seed=3, polish=False)
    >>> [len(p.sitting_out) for p in plans]
    [2, 2, 2, 2, 2]
    >>> sorted(SeatingHistory.from_plans(plans).sit_outs.values())
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if rounds < 0:
        raise ValueError("the number of rounds cannot be negative")
    return _plan_from([], players, rounds, teams, seed, exclude, polish, sizes)


def redraw(
    plans: Sequence[RoundPlan],
    index: int,
    *,
    seed: int,
    players: Sequence[str] | None = None,
    teams: Mapping[str, str] | None = None,
    exclude: Collection[str] = (),
    polish: bool = True,
) -> list[RoundPlan]:
    """Draw round ``index`` (0-based) again with another seed, before it starts: rounds
    before it are kept as they were; it and any later planned rounds are drawn anew (for
    ``players``, default the players of round ``index``, less ``exclude``).

    >>> plans = plan_tournament(list("abcdefghijkl"), 3, seed=0, polish=False)
    >>> again = redraw(plans, 1, seed=7, exclude=["a"], polish=False)
    >>> again[0] == plans[0], len(again), again[1] != plans[1]
    (True, 3, True)
    >>> "a" in again[1].players or "a" in again[2].players
    False
    """
    if not 0 <= index < len(plans):
        raise IndexError(f"no round {index} in a plan of {len(plans)} rounds")
    who = list(plans[index].players) if players is None else list(players)
    return _plan_from(list(plans[:index]), who, len(plans) - index, teams, seed, exclude, polish)


# --- printing ------------------------------------------------------------------------------


def random_draw(players: Sequence[str], rounds: int, seed: int) -> list[RoundPlan]:
    """The baseline a seating is measured against: each round shuffled and cut into
    tables of four, the first N mod 4 of the shuffle sitting out.

    >>> plans = random_draw([f"p{i}" for i in range(9)], 2, seed=1)
    >>> [len(p.tables) for p in plans], [len(p.sitting_out) for p in plans]
    ([2, 2], [1, 1])
    """
    rng = random.Random(seed)
    plans = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        k = len(order) % 4
        seated = order[k:]
        tables = tuple(
            (seated[i], seated[i + 1], seated[i + 2], seated[i + 3])
            for i in range(0, len(seated), 4)
        )
        plans.append(RoundPlan(tables, tuple(order[:k])))
    return plans


