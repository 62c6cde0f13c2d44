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
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from stolik.i18n import N_, tr
from stolik.i18n import number as number_text

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
SIT_OUT_PLACE_POINTS = 4
"""Place points of a sitting-out player (seed 000 §7w)."""
SIT_OUT_TABLE_POINTS = 40
"""Table points of a sitting-out player (seed 000 §7w)."""

_PERMUTATIONS = tuple(itertools.permutations(range(4)))


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class RoundPlan:
    """One round's draw: tables of four (seat order 0..3, seat 0 deals first) and the
    players sitting out.

    >>> plan = RoundPlan((("a", "b", "c", "d"),), ("e",))
    >>> plan.players
    ('a', 'b', 'c', 'd', 'e')
    >>> plan.seat_of("c"), plan.seat_of("e")
    ((0, 2), None)
    """

    tables: tuple[tuple[str, str, str, str], ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone in the round: seated players table by table, then the sit-outs."""
        return tuple(p for t in self.tables for p in t) + self.sitting_out

    def seat_of(self, player: str) -> tuple[int, int] | None:
        """``(table index, seat)`` of a seated player (0-based); None if not seated."""
        for ti, table in enumerate(self.tables):
            if player in table:
                return ti, table.index(player)
        return None


@dataclass(frozen=True)
class SeatingHistory:
    """What earlier rounds did: meetings per pair, sit-outs and seats per player, and the
    team-mate pairs seated together. Immutable; :meth:`record` returns a new history.

    >>> h = SeatingHistory().record(RoundPlan((("a", "b", "c", "d"),), ("e",)))
    >>> h.meetings_of("b", "a"), h.sit_outs["e"], h.seats["d"], h.rounds
    (1, 1, (0, 0, 0, 1), 1)
    """

    meetings: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Pair (sorted) → times seated at one table."""
    sit_outs: Mapping[str, int] = field(default_factory=dict)
    """Player → rounds sat out."""
    seats: Mapping[str, tuple[int, int, int, int]] = field(default_factory=dict)
    """Player → rounds seated in seat 0, 1, 2, 3."""
    team_clashes: int = 0
    """Team-mate pairs seated at one table, summed over rounds."""
    rounds: int = 0

    def meetings_of(self, a: str, b: str) -> int:
        """Times ``a`` and ``b`` sat at one table."""
        return self.meetings.get(_pair(a, b), 0)

    @property
    def repeat_pairs(self) -> int:
        """Pairs who met more than once."""
        return sum(1 for m in self.meetings.values() if m > 1)

    @property
    def repeat_meetings(self) -> int:
        """Excess meetings: the sum over pairs of ``max(0, meetings − 1)``."""
        return sum(m - 1 for m in self.meetings.values() if m > 1)

    def record(self, plan: RoundPlan, teams: Mapping[str, str] | None = None) -> SeatingHistory:
        """This history with one more round."""
        meetings = dict(self.meetings)
        seats = dict(self.seats)
        clashes = self.team_clashes
        for table in plan.tables:
            for i, p in enumerate(table):
                counts = list(seats.get(p, (0, 0, 0, 0)))
                counts[i] += 1
                seats[p] = (counts[0], counts[1], counts[2], counts[3])
            for a, b in itertools.combinations(table, 2):
                key = _pair(a, b)
                meetings[key] = meetings.get(key, 0) + 1
                if teams is not None and a in teams and teams.get(b) == teams[a]:
                    clashes += 1
        sit_outs = dict(self.sit_outs)
        for p in plan.sitting_out:
            sit_outs[p] = sit_outs.get(p, 0) + 1
        return SeatingHistory(meetings, sit_outs, seats, clashes, self.rounds + 1)

    @classmethod
    def from_plans(
        cls, plans: Iterable[RoundPlan], teams: Mapping[str, str] | None = None
    ) -> SeatingHistory:
        """The history of a sequence of rounds."""
        history = cls()
        for plan in plans:
            history = history.record(plan, teams)
        return history


def _active(players: Sequence[str], exclude: Collection[str]) -> list[str]:
    active = [p for p in players if p not in exclude]
    if len(set(active)) != len(active):
        raise ValueError("a player is listed twice")
    if len(active) < 4:
        raise ValueError(f"a round needs at least 4 players, got {len(active)}")
    return active


def _choose_sit_outs(
    active: list[str], history: SeatingHistory, rng: random.Random
) -> tuple[list[str], list[str]]:
    """Seated and sitting-out players: the sit-outs have the fewest sit-outs so far."""
    order = list(active)
    rng.shuffle(order)
    order.sort(key=lambda p: history.sit_outs.get(p, 0))  # stable: random among equals
    k = len(active) % 4
    return order[k:], order[:k]


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


def _greedy(seated: list[int], cost: list[list[int]]) -> list[list[int]]:
    """Tables of four filled one at a time with the cheapest unseated player."""
    left = list(seated)
    tables: list[list[int]] = []
    while left:
        table = [left.pop(0)]
        while len(table) < 4:
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
) -> tuple[str, str, str, str]:
    """Seat order that least repeats each player's former seats (ties at random)."""
    counts = [history.seats.get(p, (0, 0, 0, 0)) for p in table]
    perms = list(_PERMUTATIONS)
    rng.shuffle(perms)
    # perm[i] = seat of table[i]; the cost is the sum of squares of the counts afterwards
    best = min(perms, key=lambda perm: sum(counts[i][perm[i]] for i in range(4)))
    seated = ["", "", "", ""]
    for i, s in enumerate(best):
        seated[s] = table[i]
    return (seated[0], seated[1], seated[2], seated[3])


def draw_round(
    players: Sequence[str],
    history: SeatingHistory,
    *,
    teams: Mapping[str, str] | None = None,
    rng: random.Random,
    exclude: Collection[str] = (),
    iterations: int | None = None,
) -> RoundPlan:
    """Draw one round: tables of four for ``players`` less ``exclude`` (withdrawn or banned
    players), given what earlier rounds did. See the module docstring for the objective.

    ``iterations`` bounds the annealing (default ``ITERATIONS_PER_PLAYER`` per player).

    >>> h = SeatingHistory()
    >>> r1 = draw_round("abcdefgh", h, rng=random.Random(0))
    >>> r2 = draw_round("abcdefghi", h.record(r1), rng=random.Random(0), exclude="i")
    >>> sorted(r1.players) == sorted(r2.players) == list("abcdefgh")
    True
    >>> r3 = draw_round("abcdefghi", h.record(r1), rng=random.Random(0))
    >>> len(r3.tables), len(r3.sitting_out)
    (2, 1)
    """
    active = _active(players, exclude)
    seated, out = _choose_sit_outs(active, history, rng)
    # players that may trade places with a sit-out without breaking the rotation
    threshold = max((history.sit_outs.get(p, 0) for p in out), default=-1)
    rng.shuffle(seated)
    order = seated + out
    index = {p: i for i, p in enumerate(order)}
    cost = _cost_matrix(order, history, teams)
    tables = _greedy([index[p] for p in seated], cost)
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
    bound = _repeat_bound(meet)
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
) -> list[RoundPlan]:
    rng = random.Random(seed)
    history = SeatingHistory.from_plans(earlier, teams)
    base = history
    plans = list(earlier)
    for _ in range(rounds):
        plan = draw_round(players, history, teams=teams, rng=rng, exclude=exclude)
        plans.append(plan)
        history = history.record(plan, teams)
    if polish and rounds > 1:
        steps = min(
            POLISH_ITERATIONS_PER_PLAYER_ROUND * len(_active(players, exclude)) * rounds,
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
) -> list[RoundPlan]:
    """Draw ``rounds`` rounds for the same players, deterministic for ``seed``.

    Round after round with :func:`draw_round`, then (``polish``) annealed as a whole.

    >>> plans = plan_tournament([str(i) for i in range(10)], 5, seed=3, polish=False)
    >>> [len(p.sitting_out) for p in plans]
    [2, 2, 2, 2, 2]
    >>> sorted(SeatingHistory.from_plans(plans).sit_outs.values())
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if rounds < 0:
        raise ValueError("the number of rounds cannot be negative")
    return _plan_from([], players, rounds, teams, seed, exclude, polish)


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


def _name(player: str, names: Mapping[str, str] | None) -> str:
    return names.get(player, player) if names is not None else player


def format_round(
    plan: RoundPlan, names: Mapping[str, str] | None = None, *, number: int | None = None,
    lang: str = "pl",
    sitting_out: tuple[float, int] = (SIT_OUT_PLACE_POINTS, SIT_OUT_TABLE_POINTS),
) -> str:
    """The round's plan as plain text in ``lang`` (issue 25.1: one language, not
    "Runda / Round"): per table, the players by seat (seat 1 deals first); a sitting-out
    player with what the game gives him (``sitting_out``, the tournament part's
    :class:`~stolik.tournament.model.TournamentRules`: Baśka's 4 place points and +40,
    RULES §10; nothing in Mariáš, MARIAS §9 — issue 25.2: its plan said Baśka's).

    >>> plan = RoundPlan((("a", "b", "c", "d"),), ("e",))
    >>> print(format_round(plan, {"a": "Ala"}, number=2))
    Runda 2
    Stolik 1: 1. Ala (rozdaje) | 2. b | 3. c | 4. d
    Pauzuje: e (4 pkt za miejsce, +40 pkt stolikowych)
    >>> print(format_round(plan, {"a": "Ala"}, number=2, lang="cs"))
    Kolo 2
    Stůl 1: 1. Ala (rozdává) | 2. b | 3. c | 4. d
    Nehraje: e (4 body za umístění, +40 bodů stolu)
    >>> print(format_round(plan, {"a": "Ala"}, number=2, lang="en"))
    Round 2
    Table 1: 1. Ala (deals) | 2. b | 3. c | 4. d
    Sitting out: e (4 place points, +40 table points)
    >>> print(format_round(plan, number=1, lang="cs", sitting_out=(0.0, 0)).splitlines()[-1])
    Nehraje: e
    """
    lines = [tr(lang, "seat-round", number=number) if number is not None
             else tr(lang, "seat-round-any")]
    deals = tr(lang, "seat-deals")
    for ti, table in enumerate(plan.tables, 1):
        seats = " | ".join(
            f"{s}. {_name(p, names)}" + (f" {deals}" if s == 1 else "")
            for s, p in enumerate(table, 1)
        )
        lines.append(tr(lang, "seat-table", table=ti, seats=seats))
    if plan.sitting_out:
        out = ", ".join(_name(p, names) for p in plan.sitting_out)
        place, table_points = sitting_out
        if place or table_points:
            lines.append(tr(lang, "seat-sitting-out", players=out, place=number_text(lang, place),
                            table=table_points))
        else:
            lines.append(tr(lang, "seat-sitting-out-plain", players=out))
    return "\n".join(lines)


def where_do_i_sit(
    plans: Sequence[RoundPlan], player: str, names: Mapping[str, str] | None = None,
    lang: str = "pl",
) -> str:
    """One player's rounds as plain text in ``lang``: table and seat (with whom), or
    sitting out.

    >>> plans = [RoundPlan((("a", "b", "c", "d"),), ("e",)),
    ...          RoundPlan((("e", "c", "b", "a"),), ("d",))]
    >>> print(where_do_i_sit(plans, "d", {"a": "Ala"}))
    Gdzie siedzę: d
    Runda 1: stolik 1, miejsce 4 — z: Ala, b, c
    Runda 2: pauza (4 pkt za miejsce, +40 pkt stolikowych)
    >>> print(where_do_i_sit(plans, "a", {"a": "Ala"}, lang="cs"))
    Kde sedím: Ala
    Kolo 1: stůl 1, místo 1 (rozdává) — s: b, c, d
    Kolo 2: stůl 1, místo 4 — s: e, c, b
    """
    lines = [tr(lang, "seat-where", player=_name(player, names))]
    for r, plan in enumerate(plans, 1):
        seat = plan.seat_of(player)
        if seat is not None:
            ti, s = seat
            others = ", ".join(_name(p, names) for p in plan.tables[ti] if p != player)
            said = N_("seat-where-first") if s == 0 else N_("seat-where-table")
            lines.append(tr(lang, said, round=r, table=ti + 1, seat=s + 1, others=others))
        elif player in plan.sitting_out:
            lines.append(tr(lang, "seat-where-out", round=r, place=SIT_OUT_PLACE_POINTS,
                            table=SIT_OUT_TABLE_POINTS))
        else:
            lines.append(tr(lang, "seat-where-none", round=r))
    return "\n".join(lines)
