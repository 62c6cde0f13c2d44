"""The perfect-information solver and laid-down hands, checked against plain minimax.

Every contract family (plain game and wesele 2 v 2, solos 1 v 3 for points, du contracts
for all tricks) in every ruleset, on random full deals and mid-deal positions, against
:func:`stolik.solver.brute_force`; payouts through the Baśka adapter against the same
minimax over the payout table; laid-down hands against an explicit-layout AND-OR search and
the seeds' examples. ``STOLIK_SOLVER_CHECKS=10`` runs ten times as many random cases.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

import pytest

from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.ruleset import Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.solver import (
    _payout_table,
    best_payout,
    best_points,
    can_take_all,
    card_values,
    contract_is_laid_down,
    deal_is_laid_down,
    points_solver,
    position_of,
    solve,
)
from stolik.games.baska.state import Deal
from stolik.solver import TrickSolver, brute_force, is_laid_down
from stolik.solver.brute import brute_laid_down
from stolik.solver.laid_down import Goal
from stolik.solver.search import UtilityTable
from stolik.tricks import CardOrder

SCALE = int(os.environ.get("STOLIK_SOLVER_CHECKS", "1"))
RULESETS = available_rulesets()
STARZY = DECK.parse_mask("QC QS")
ZERO = [0] * 16


def _hands(rng: random.Random) -> list[int]:
    cards = list(range(16))
    rng.shuffle(cards)
    return [DECK.mask_of(cards[4 * s: 4 * s + 4]) for s in range(4)]


def _advance(order: CardOrder, hands: list[int], leader: int, plays: int, team: tuple[int, ...],
             rng: random.Random) -> tuple[int, list[int], int, int]:
    """Play ``plays`` random legal cards; returns the leader, the trick on the table and the
    team's points and tricks (hands are changed in place)."""
    trick: list[int] = []
    points = tricks = 0
    for _ in range(plays):
        seat = (leader + len(trick)) % 4
        if trick:
            wc = trick[0]
            for c in trick[1:]:
                if order.beats[wc] >> c & 1:
                    wc = c
            legal = order.legal(hands[seat], trick[0], wc)
        else:
            legal = hands[seat]
        card = rng.choice(DECK.cards_of(legal))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            win = 0
            for i in range(1, 4):
                if order.beats[trick[win]] >> trick[i] & 1:
                    win = i
            leader = (leader + win) % 4
            if leader in team:
                points += sum(CARD_POINTS[c] for c in trick)
                tricks += 1
            trick = []
    return leader, trick, points, tricks


def _team(family: str, rs: Ruleset, hands: list[int], forehand: int) -> tuple[int, ...]:
    if family == "plain":           # starzy (one seat holding both queens: cicha)
        return tuple(s for s in range(4) if hands[s] & STARZY)
    if family == "wesele":          # a declarer and the holder of the first partner card
        declarer = forehand
        cards = rs.contract("wesele").partner_cards
        card = next((c for c in cards if not hands[declarer] >> c & 1), None)
        if card is None:            # he holds them all (no black queens): any partner
            return tuple(sorted({declarer, (declarer + 2) % 4}))
        partner = next(s for s in range(4) if hands[s] >> card & 1)
        return tuple(sorted({declarer, partner}))
    return (forehand,)              # a solo: the forehand alone


FAMILIES = [  # (family, order, goal)
    ("plain", "normal", "points"),
    ("wesele", "normal", "points"),
    ("solo", "normal", "points"),
    ("solo", "gran", "points"),
    ("du", "normal", "all-tricks"),
    ("du", "gran", "all-tricks"),
]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("family", "order_name", "goal"), FAMILIES)
def test_solver_matches_minimax(ruleset: str, family: str, order_name: str, goal: str) -> None:
    rs = load_ruleset(ruleset)
    order = rs.orders[order_name]
    rng = random.Random(f"{ruleset}/{family}/{order_name}")
    solver = TrickSolver(order, CARD_POINTS)
    tricks = TrickSolver(order, ZERO, trick_bonus=1)
    full, mid = 6 * SCALE, 40 * SCALE
    for i in range(full + mid):
        hands = _hands(rng)
        forehand = rng.randrange(4)
        team = _team(family, rs, hands, forehand)
        plays = 0 if i < full else rng.randrange(1, 13)
        leader, trick, _, _ = _advance(order, hands, forehand, plays, team, rng)
        where = f"{ruleset} {family} hands={hands} leader={leader} trick={trick} team={team}"
        if goal == "points":
            want = brute_force(order, CARD_POINTS, hands, leader=leader, team=team,
                               trick=trick, leaf=lambda p, t: p, memo=True)
            assert solver.value(hands, leader=leader, team=team, trick=trick) == want, where
            target = rng.randrange(want - 3, want + 4)
            assert solver.at_least(hands, leader=leader, team=team, trick=trick,
                                   target=target) == (want >= target), where
        else:
            want = brute_force(order, ZERO, hands, leader=leader, team=team, trick=trick,
                               leaf=lambda p, t: t, memo=True)
            assert tricks.value(hands, leader=leader, team=team, trick=trick) == want, where
            left = (sum(h.bit_count() for h in hands) + len(trick)) // 4
            assert tricks.at_least(hands, leader=leader, team=team, trick=trick,
                                   target=left) == (want == left), where


@pytest.mark.parametrize("order_name", ["normal", "gran"])
def test_utility_search_matches_minimax(order_name: str) -> None:
    """Any utility table, monotone or not, with points and tricks taken before."""
    rng = random.Random(order_name)
    order = load_ruleset("mester-sport").orders[order_name]
    solver = TrickSolver(order, CARD_POINTS)
    for i in range(40 * SCALE):
        hands = _hands(rng)
        team = rng.choice([(0,), (1, 3), (0, 1), (2,)])
        leader, trick, pts, trs = _advance(order, hands, rng.randrange(4),
                                           0 if i < 5 else rng.randrange(1, 13), team, rng)
        r = random.Random(i)
        cut = r.randrange(20, 80)
        noise = [[r.randrange(-50, 50) for _ in range(5)] for _ in range(105)]

        def steps(p: int, t: int, cut: int = cut) -> int:
            return 10 * (p >= cut) + 3 * (t >= 2) + (p >= 26)

        def random_leaf(p: int, t: int, noise: list[list[int]] = noise) -> int:
            return noise[p][t]

        leaf: Callable[[int, int], int] = steps if i % 2 else random_leaf
        table = solver.utility_table(leaf)
        want = brute_force(order, CARD_POINTS, hands, leader=leader, team=team, trick=trick,
                           leaf=leaf, points=pts, tricks=trs, memo=True)
        got = solver.utility(hands, leader=leader, team=team, trick=trick, table=table,
                             points=pts, tricks=trs)
        assert got == want, (hands, leader, trick, team, pts, trs)


def test_a_read_only_table_is_checked_once_and_searched_alike() -> None:
    """A read-only utility table (the bots' kept payout tables) is checked once and kept
    by identity; its searches give what a writeable copy's give, and a bad ``points``
    is still refused."""
    rng = random.Random(11)
    order = load_ruleset("pucka-2019").orders["normal"]
    solver = TrickSolver(order, CARD_POINTS)
    kept = solver.utility_table(lambda p, t: 3 * (p >= 53) - (t == 0))
    kept.flags.writeable = False
    for _ in range(10 * SCALE):
        hands = _hands(rng)
        team = rng.choice([(0,), (1, 3)])
        fresh = kept.copy()
        assert fresh.flags.writeable
        got = solver.utility(hands, leader=1, team=team, table=kept)
        assert got == solver.utility(hands, leader=1, team=team, table=fresh)
        assert (solver.card_utilities(hands, leader=1, team=team, table=kept)
                == solver.card_utilities(hands, leader=1, team=team, table=fresh))
    assert solver._ready[id(kept)][0] is kept
    for _ in range(4100):  # tables dropped and made again: the kept ones stay bounded
        again = kept.copy()
        again.flags.writeable = False
        solver.utility(_hands(rng), leader=0, team=(0,), table=again)
    assert len(solver._ready) <= 4000
    with pytest.raises(ValueError, match="out of range"):
        solver.utility(_hands(rng), leader=0, team=(0,), table=kept, points=200)


def test_utilities_of_one_position_are_its_utility_searches() -> None:
    """``utilities``: several (team, table) searches of one first-lead position, the
    position checked once, give what ``utility`` gives for each; a bad position is
    refused as by ``utility``."""
    rng = random.Random(12)
    order = load_ruleset("pucka-2019").orders["gran"]
    solver = TrickSolver(order, CARD_POINTS)

    def leaf(cut: int) -> Callable[[int, int], int]:
        return lambda p, t: 3 * (p >= cut) - (t == 0) + (t == 4)

    tables = [solver.utility_table(leaf(c)) for c in (26, 53, 78)]
    tables[1].flags.writeable = False
    for _ in range(10 * SCALE):
        hands = _hands(rng)
        leader = rng.randrange(4)
        jobs = [(rng.choice([(0,), (1, 3), (0, 2), (3,)]), rng.choice(tables))
                for _ in range(rng.randrange(1, 5))]
        want = [solver.utility(hands, leader=leader, team=team, table=table)
                for team, table in jobs]
        assert solver.utilities(hands, leader=leader, jobs=jobs) == want
    bad = _hands(rng)
    bad[0] |= bad[1]
    with pytest.raises(ValueError, match="disjoint"):
        solver.utilities(bad, leader=0, jobs=[((0,), tables[0])])
    short = _hands(rng)
    short[2] &= short[2] - 1  # a card fewer
    with pytest.raises(ValueError, match="should hold"):
        solver.utilities(short, leader=0, jobs=[((0,), tables[0])])
    with pytest.raises(ValueError, match="disjoint"):
        solver.utilities([*_hands(rng)[:3], 1 << 16], leader=0, jobs=[((0,), tables[0])])


def test_card_values_are_one_step_of_minimax() -> None:
    rng = random.Random(3)
    order = load_ruleset("pucka-2019").orders["normal"]
    solver = TrickSolver(order, CARD_POINTS)
    for _ in range(30):
        hands = _hands(rng)
        team = (0, 2)
        leader, trick, _, _ = _advance(order, hands, 0, rng.randrange(0, 12), team, rng)
        values = solver.card_values(hands, leader=leader, team=team, trick=trick)
        seat = (leader + len(trick)) % 4
        best = max(values.values()) if seat in team else min(values.values())
        assert best == solver.value(hands, leader=leader, team=team, trick=trick)


# ---------------------------------------------------------------- Baśka deals


def _deal_with(rs: Ruleset, rng: random.Random, kind: str) -> Deal | None:
    """A random deal whose auction produced a game of ``kind`` (plain / wesele / a solo id),
    sometimes doubled; None if the hands do not allow it."""
    deal = Deal.random(rs, rng.randrange(4), rng)
    if kind == "plain":
        calls = ["pass"] * 4
    else:
        first = deal.to_act
        assert first is not None
        if kind == "wesele" and deal.initial_hands[first] & STARZY != STARZY:
            return None
        calls = [kind, "pass", "pass", "pass"]
    for c in calls:
        deal.call(c)
        if deal.phase == "auction" and rng.random() < 0.3:
            doubles = [x for x in deal.legal_calls() if x.kind == "double"]
            if doubles:
                deal.call(doubles[0])
    while deal.phase == "auction":
        deal.call("pass")
    return deal if deal.phase == "play" else None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_deal_adapter_matches_minimax(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    rng = random.Random(ruleset)
    kinds = ["plain", "wesele", "gran", "zolo", "gran-du", "zolo-du"]
    checked = 0
    while checked < 24 * SCALE:
        deal = _deal_with(rs, rng, kinds[checked % len(kinds)])
        if deal is None:
            continue
        for _ in range(rng.choice([0, 0, 2, 5, 9])):
            deal.play(rng.choice(deal.legal_cards()))
        checked += 1
        game = deal.game
        assert game is not None
        pos = position_of(deal)
        table = _payout_table(rs, game, deal.bok_deal)
        def pay(p: int, t: int, table: UtilityTable = table) -> int:
            return int(table[p, t])

        want_pay = brute_force(pos.order, CARD_POINTS, pos.hands, leader=pos.leader,
                               team=pos.team, trick=pos.trick, points=pos.points,
                               tricks=pos.tricks, memo=True, leaf=pay)
        want_pts = brute_force(pos.order, CARD_POINTS, pos.hands, leader=pos.leader,
                               team=pos.team, trick=pos.trick, points=pos.points,
                               tricks=pos.tricks, leaf=lambda p, t: p, memo=True)
        want_all = brute_force(pos.order, CARD_POINTS, pos.hands, leader=pos.leader,
                               team=pos.team, trick=pos.trick, points=pos.points,
                               tricks=pos.tricks, leaf=lambda p, t: t, memo=True) == 4
        s = solve(deal)
        assert s.points == best_points(deal) == want_pts
        assert s.all_tricks == can_take_all(deal) == want_all
        assert s.payout == best_payout(deal)
        assert s.payout[game.team[0]] == want_pay
        assert sum(s.payout) == 0


def test_best_play_reaches_the_solved_value() -> None:
    """Both sides following card_values (best card each turn) end on best_points."""
    rng = random.Random(17)
    for ruleset in RULESETS:
        rs = load_ruleset(ruleset)
        for kind in ("plain", "gran", "zolo"):
            deal = None
            while deal is None:
                deal = _deal_with(rs, rng, kind)
            game = deal.game
            assert game is not None
            value = best_points(deal)
            while not deal.is_over:
                seat = deal.to_act
                values = card_values(deal)
                pick = max if seat in game.team else min
                target = pick(values.values())
                assert target == value
                deal.play(rng.choice([c for c, v in values.items() if v == target]))
            assert sum(deal.points[s] for s in game.team) == value
            assert best_points(deal) == value
            assert best_payout(deal) == deal.result().payout


def test_bad_positions_are_refused() -> None:
    solver = points_solver(load_ruleset("pucka-2019").orders["normal"])
    hands = [0xF, 0xF0, 0xF00, 0xF000]
    with pytest.raises(ValueError, match="disjoint"):
        solver.value([0xF, 0xF, 0xF00, 0xF000], leader=0, team=(0,))
    with pytest.raises(ValueError, match="should hold"):
        solver.value([0xF, 0xF0, 0xF00, 0x7000], leader=0, team=(0,), trick=[15])
    with pytest.raises(ValueError, match="seat"):
        solver.value(hands, leader=0, team=(5,))
    deal = Deal.random(load_ruleset("linia"), 0, random.Random(1))
    with pytest.raises(ValueError, match="auction"):
        solve(deal)


def test_solver_is_compiled_and_fast() -> None:
    """A loose guard against the kernel falling out of compiled code (the benchmark,
    benchmarks/bench_solver.py, measures the real figures: median ≤ 50 µs)."""
    rng = random.Random(99)
    solver = TrickSolver(load_ruleset("mester-sport").orders["normal"], CARD_POINTS)
    times = []
    for _ in range(300):
        hands = _hands(rng)
        start = time.perf_counter()
        solver.value(hands, leader=0, team=[s for s in range(4) if hands[s] & STARZY])
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.002


# ---------------------------------------------------------------- laid-down hands


def _laid(ruleset: str, contract: str, hand: str, *, seat: int, forehand: int) -> bool:
    rs = load_ruleset(ruleset)
    return contract_is_laid_down(rs, rs.contract(contract), DECK.parse_mask(hand), seat=seat,
                                 forehand=forehand)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seed_gran_on_lead(ruleset: str) -> None:
    """003 §9h (000 §7f): gran on lead with J♣, another jack and two aces — or a double
    suit of ace and queen — is laid down; a double suit of queen and ten is not."""
    for hand in ("JC JS AH AC", "JC JH AS AD", "JC JD AH AD", "JC JS AH QH", "JC JH AD QD"):
        assert _laid(ruleset, "gran", hand, seat=0, forehand=0), hand
    for hand in ("JC JS TH QH", "JC JH TD QD"):
        assert not _laid(ruleset, "gran", hand, seat=0, forehand=0), hand
    # Not on lead, the same cards can be beaten (an opponent leads a suit he lacks).
    assert not _laid(ruleset, "gran", "JC JS AH AC", seat=0, forehand=1)


@pytest.mark.parametrize("ruleset", ["pucka-2019", "linia"])
def test_seed_cicha_na_dobiciu(ruleset: str) -> None:
    """000 §7h: cicha laid down "na dobiciu" — the cicha player plays last to the first
    trick (he is the dealer: forehand leads) — with A♥ + Q♥ / Q♦ / J♣, or 10♥ + Q♥ / Q♦."""
    for extra in ("AH QH", "AH QD", "AH JC", "TH QH", "TH QD"):
        hand = "QC QS " + extra
        assert _laid(ruleset, "cicha", hand, seat=0, forehand=1), hand
    # Some of them are not laid down from other seats (e.g. on lead).
    assert not _laid(ruleset, "cicha", "QC QS AH JC", seat=0, forehand=0)
    assert not _laid(ruleset, "cicha", "QC QS TH QD", seat=0, forehand=0)
    # Q♥ with a small fourth card is not enough (000 §7g lets cicha with Q♥ take only a
    # kontra, but the exact search finds a defence).
    assert not _laid(ruleset, "cicha", "QC QS QH JD", seat=0, forehand=1)


def test_laid_down_matches_explicit_layouts() -> None:
    """Endgames of two and three cards a hand, mid-trick included: the lazy adversary
    agrees with listing every layout consistent with the play."""
    rng = random.Random(5)
    count = 0
    while count < 60 * SCALE:
        rs = load_ruleset(rng.choice(RULESETS))
        order = rs.orders[rng.choice(["normal", "gran"])]
        hands = _hands(rng)
        leader, declarer = rng.randrange(4), rng.randrange(4)
        goal: Goal = rng.choice(["points", "all-tricks"])
        target = rng.choice([30, 40, 53, 60])
        h = list(hands)
        plays: list[tuple[int, int]] = []
        lead = leader
        trick: list[int] = []
        for _ in range(rng.randrange(4, 12)):
            seat = (lead + len(trick)) % 4
            if trick:
                wc = trick[0]
                for c in trick[1:]:
                    if order.beats[wc] >> c & 1:
                        wc = c
                legal = order.legal(h[seat], trick[0], wc)
            else:
                legal = h[seat]
            card = rng.choice(DECK.cards_of(legal))
            h[seat] &= ~(1 << card)
            plays.append((seat, card))
            trick.append(card)
            if len(trick) == 4:
                win = 0
                for i in range(1, 4):
                    if order.beats[trick[win]] >> trick[i] & 1:
                        win = i
                lead, trick = (lead + win) % 4, []
        got = is_laid_down(order, h[declarer], values=CARD_POINTS, declarer=declarer,
                           leader=leader, goal=goal, target=target, plays=plays)
        want = brute_laid_down(order, CARD_POINTS, hands, declarer=declarer, leader=leader,
                               plays=plays, goal=goal, target=target)
        assert got == want, (rs.id, hands, leader, declarer, goal, target, plays)
        count += 1


def test_laid_down_hands_win_every_layout() -> None:
    """A laid-down hand wins the perfect-information game in every layout (sampled)."""
    rng = random.Random(8)
    rs = load_ruleset("pucka-2019")
    found = 0
    for hand_text, contract, forehand in [("JC JS AH AC", "gran", 0), ("QC QS AH JC", "cicha", 1),
                                          ("QC QS TH QD", "cicha", 1)]:
        c = rs.contract(contract)
        order = rs.order_of(c)
        hand = DECK.parse_mask(hand_text)
        assert contract_is_laid_down(rs, c, hand, seat=0, forehand=forehand)
        rest = [x for x in range(16) if not hand >> x & 1]
        solver = points_solver(order)
        for _ in range(200):
            rng.shuffle(rest)
            hands = [hand] + [DECK.mask_of(rest[4 * i: 4 * i + 4]) for i in range(3)]
            assert solver.at_least(hands, leader=forehand, team=(0,), target=53)
            found += 1
    assert found == 600


def test_deal_is_laid_down() -> None:
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, dealer=3, hands=["JC JS AH AC", "QC QS QH QD", "TC TS TH TD",
                                               "AS AD JH JD"])
    for call in ("pass", "pass", "pass", "gran", "pass", "pass", "pass"):
        deal.call(call)
    assert deal_is_laid_down(deal)
    deal.play("JC")
    assert deal_is_laid_down(deal)
    plain = Deal.from_text(rs, dealer=3, hands=["JC JS AH AC", "QC TS QH QD", "TC QS TH TD",
                                                "AS AD JH JD"])
    for call in ("pass",) * 4:
        plain.call(call)
    with pytest.raises(ValueError, match="lone declarer"):
        deal_is_laid_down(plain)
