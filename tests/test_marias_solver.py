"""The exact Mariáš solver against plain minimax over the engine (MARIAS §3, §5, §6).

The reference here is written independently of the solver: it walks every legal card of
:class:`~stolik.games.marias.state.Deal` (the engine's own rules, no merging, no table) and
values the end with the engine's own ``result()`` — the choosing side maximising its money
(``DealResult.pair``), the other side minimising it (MARIAS §6). Positions are the last two
or three tricks of seeded random deals, bid at random (so sedma, sto, povinná sto, sto proti,
fleky, hearts, sám, betl and durch all occur), cut at random points of a trick.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.state import Deal

solver = pytest.importorskip("stolik.games.marias.solver")

RS = load_ruleset("ctyrka")


def brute(d: Deal, objective: str = "money") -> int:
    """Plain minimax over every legal card: the choosing side maximises."""
    if d.is_over:
        if objective == "points":
            return d.result().settlement.points[0]
        return d.result().pair
    maxing = d.side(d.to_act or 0) == 0
    values = []
    for c in d.legal_moves():
        d.move(c)
        values.append(brute(d, objective))
        d.undo()
    return max(values) if maxing else min(values)


def bid(seed: int) -> Deal | None:
    """A seeded random deal bid at random to its first lead (None: it ended before).
    Mostly trump games: betl and durch are claimed one time in eight."""
    rng = random.Random(seed)
    d = Deal.random(RS, seed % 4, rng)
    while d.phase not in ("play", "done"):
        moves = d.legal_calls()
        if d.phase == "approval":
            claims = [m for m in moves if m.word in ("betl", "durch")]
            move = rng.choice(claims) if claims and rng.random() < 0.04 else Call("dobry")
        elif d.phase == "fleky":
            raises = [m for m in moves if m.word != "pass"]
            if Call("pass") in moves and (not raises or rng.random() < 0.6):
                re = [m for m in raises if m.level == 2 and m.component == "hra"]
                move = re[0] if re else Call("pass")
            else:
                move = rng.choice(raises)
        else:
            move = rng.choice(moves)
        d.call(move)
    return d if d.phase == "play" else None


def end_position(seed: int, tricks_left: int) -> Deal | None:
    """The deal of ``seed`` played at random to ``tricks_left`` tricks before the end, then
    a random number of cards into that trick."""
    d = bid(seed)
    if d is None:
        return None
    rng = random.Random(seed * 7 + 1)
    cards = 4 * (8 - tricks_left) + rng.randrange(4)
    for _ in range(cards):
        if d.is_over:
            return None
        d.move(rng.choice(d.legal_moves()))
    return None if d.is_over else d


def positions(n: int, tricks_left: int, start: int = 0) -> list[Deal]:
    out: list[Deal] = []
    seed = start
    while len(out) < n:
        d = end_position(seed, tricks_left)
        seed += 1
        if d is not None:
            out.append(d)
    return out


def test_money_matches_minimax_last_two_tricks() -> None:
    games: Counter[str] = Counter()
    for d in positions(1200, 2):
        games[d.game] += 1
        assert solver.solve(d).money == brute(d), d.log
    assert games["hra"] > 100 and games["sto"] > 20 and games["betl"] + games["durch"] > 5


def test_money_matches_minimax_last_three_tricks() -> None:
    for d in positions(1000, 3, start=10_000):
        assert solver.solve(d).money == brute(d), d.log


@pytest.mark.slow
def test_money_matches_minimax_last_four_tricks() -> None:
    for d in positions(150, 4, start=20_000):
        assert solver.solve(d).money == brute(d), d.log


def test_points_and_soloist_match_minimax() -> None:
    for d in positions(300, 3, start=30_000):
        if d.game in ("betl", "durch"):
            assert solver.soloist_wins(d) == (brute(d) > 0)
            with pytest.raises(IllegalMove):
                solver.best_points(d)
        else:
            assert solver.best_points(d) == brute(d, "points")


def test_card_values_are_the_money_after_each_card() -> None:
    for d in positions(60, 3, start=40_000):
        values = solver.card_values(d)
        assert set(values) == set(d.legal_moves())
        for c, v in values.items():
            d.move(c)
            assert v == brute(d)
            d.undo()
        best = max(values.values()) if d.side(d.to_act or 0) == 0 else min(values.values())
        assert best == solver.solve(d).money


def test_payouts_follow_the_sides() -> None:
    d = positions(1, 2, start=50_000)[0]
    s = solver.solve(d)
    assert sum(s.payouts) == 0
    side = [seat for seat in range(4) if d.side(seat) == 0]
    assert all(s.payouts[seat] > 0 for seat in side) == (s.money > 0)


def test_solver_refuses_a_deal_not_in_play() -> None:
    d = Deal.random(RS, 0, random.Random(1))
    with pytest.raises(IllegalMove, match="in play"):
        solver.solve(d)


def test_numba_is_imported_only_when_solving() -> None:
    """Importing the solver, the bots and the engine loads no numba; a solve does."""
    import subprocess
    import sys

    code = ("import sys, random\n"
            "import stolik.games.marias.solver as s, stolik.games.marias.bots\n"
            "assert 'numba' not in sys.modules\n"
            "from stolik.games.marias.ruleset import load_ruleset\n"
            "from stolik.games.marias.state import Deal\n"
            "d = Deal.from_text(load_ruleset(), 3, ['AH TH KH OH UH 9H 8H 7H',\n"
            "    'AL TL KL OL UL 9L 8L 7L', 'AB TB KB OB UB 9B 8B 7B',\n"
            "    'AA TA KA OA UA 9A 8A 7A'])\n"
            "for m in ['trump=AH call=TH'] + ['dobry'] * 4 + ['sto'] + ['nic'] * 3 "
            "+ ['pass'] * 4:\n"
            "    d.move(m)\n"
            "print(s.solve(d).money, 'numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    assert out[1] == "True" and int(out[0]) > 0


def test_a_finished_deal_solves_to_its_money() -> None:
    d = positions(1, 2, start=60_000)[0]
    while not d.is_over:
        d.move(d.legal_moves()[0])
    assert solver.solve(d).payouts == d.result().payouts


def test_sedma_proti_and_no_trhak_duty_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    """A club ruleset with sedma proti (a defender's kept 7) and no trhák duty: the solver
    still agrees with minimax (MARIAS §4.4 flags, §5)."""
    from pathlib import Path

    import stolik.games.marias.ruleset as ruleset_module

    text = (Path(ruleset_module.__file__).parent / "rulesets" / "ctyrka.toml").read_text("utf-8")
    changed = text.replace("sedma_proti = false", "sedma_proti = true").replace(
        "trhak_duty = true", "trhak_duty = false")
    assert changed != text
    monkeypatch.setattr(sys.modules[__name__], "RS", ruleset_module.parse_ruleset(changed))
    proti = 0
    for d in positions(150, 3, start=70_000):
        assert solver.solve(d).money == brute(d), d.log
        proti += d.pos.sedma_by >= 0 and d.side(d.pos.sedma_by) == 1
    assert proti > 5


def _claimed(seed: int, game: str, tricks_left: int) -> Deal | None:
    """A seeded deal where the first seat that may claims ``game`` (betl or durch, MARIAS
    §4.2), played to ``tricks_left`` tricks before the end and into that trick at random
    (a durch's soloist plays his highest card)."""
    from stolik.games.marias.play import HIGHER, NO_TRUMPS

    rng = random.Random(seed)
    d = Deal.random(RS, seed % 4, rng)
    while d.phase not in ("play", "done"):
        moves = d.legal_calls()
        want = [m for m in moves if m.word == game]
        d.call(want[0] if want else Call("dobry") if Call("dobry") in moves else
               Call("pass") if Call("pass") in moves else moves[0])
    for _ in range(4 * (8 - tricks_left) + rng.randrange(4)):
        if d.is_over:
            return None
        cards = [c for c in d.legal_moves() if isinstance(c, int)]
        solo = game == "durch" and d.side(d.to_act or 0) == 0  # so that a durch goes on
        d.move(min(cards, key=lambda c: HIGHER[NO_TRUMPS][c].bit_count()) if solo
               else rng.choice(cards))
    return None if d.is_over or d.pos.game != game else d


def test_problem_after_a_card_is_the_money_after_it() -> None:
    """``Problem.after`` (the pimc bot's entry, hands and trick given apart from the deal)
    against brute-force minimax after each legal card: trick in progress, a trick just
    completed (its points and, in betl/durch, its taker settle at once), the last trick."""
    from stolik.games.marias.play import NO_TRUMPS

    seen: Counter[tuple[bool, bool, str]] = Counter()
    for left in (1, 2, 3):
        deals = positions(30, left, start=400 * left)
        for game in ("betl", "durch"):
            deals += [d for seed in range(300) if (d := _claimed(seed, game, left))][:12]
        for d in deals:
            p = d.pos
            prob = solver.Problem(d)
            for c in d.legal_moves():
                assert isinstance(c, int) and p.to_act is not None
                hands = list(p.hands)
                hands[p.to_act] &= ~(1 << c)
                plays = [*p.trick, (p.to_act, c)]
                pts = sum(p.points[s] for s in prob.side) if p.trump != NO_TRUMPS else 0
                got = prob.after(hands, plays, pts, 8 - len(p.history))
                d.move(c)
                assert got == brute(d), (left, p.game, c)
                d.undo()
                done = len(plays) == 4 and left > 1
                lost = done and got == prob.params[prob.k.P_LOSE]
                seen[done, lost, "trump" if p.trump != NO_TRUMPS else p.game] += 1
    assert all(seen[done, done, g] for done in (True, False) for g in ("betl", "durch"))
    assert seen[True, False, "trump"] and seen[False, False, "trump"]


def test_betl_settled_at_a_tricks_start_matches_minimax() -> None:
    """A betl's trick start is settled without search when nothing can change it (trick32's
    ``sweep``: the soloist leads only cards above the others', or none of his can win a
    trick again): positions 3 and 4 tricks from the end against brute-force minimax, won
    and lost ones both."""
    outcomes: Counter[bool] = Counter()
    for left in (3, 4):
        for seed in range(150):
            d = _claimed(seed, "betl", left)
            if d is None:
                continue
            want = brute(d)
            assert solver.solve(d).money == want, (left, seed)
            assert solver.soloist_wins(d) == (want > 0)
            outcomes[want > 0] += 1
    assert outcomes[True] >= 10 and outcomes[False] >= 10, outcomes


def test_threads_solving_at_once_get_one_threads_values() -> None:
    """Two threads solve at once (a web server's pimc bot and a review, both off the event
    loop; the compiled search releases the GIL): each gets the money one thread gets —
    with one table and stack for the process they would write each other's frames."""
    from concurrent.futures import ThreadPoolExecutor

    deals = positions(24, 6, start=900)
    want = [solver.solve(d).money for d in deals]
    with ThreadPoolExecutor(2) as pool:
        runs = [pool.submit(lambda o: [solver.solve(deals[i]).money for i in o], o)
                for o in (range(24), range(23, -1, -1))]
        got = [run.result(timeout=120) for run in runs]
    assert got == [want, want[::-1]]


def test_a_solve_spends_the_same_nodes_whatever_was_solved_before() -> None:
    """A solve's search does not depend on what the process solved before it (the review
    of issue 27: a hint or review under a node budget asked twice gave two answers). The
    transposition table keeps rows of earlier solves, whose keys carry their generation;
    the row a position goes to must not, or each solve meets other collisions and spends
    other nodes, and a budget that binds stops it at another place. Whole first-lead
    positions of seeded deals, each solved three times with another deal solved between:
    the same value, the same nodes."""
    deals = [d for d in (bid(seed) for seed in range(24)) if d is not None
             and d.phase == "play"]
    assert len(deals) >= 12
    for d, other in zip(deals, deals[1:] + deals[:1], strict=True):
        seen = set()
        for _ in range(3):
            solver.Problem(other).value(other)
            p = solver.Problem(d)
            seen.add((p.value(d), int(p.stats[0])))
        assert len(seen) == 1, (d.dealt, seen)
