"""The exact Betel solver (issue 12) against a plain minimax written here over the engine's
own ``legal_moves`` and ``play`` (BETEL §4): thousands of end positions of every contract
kind (2–3 tricks left, mid-trick included), a slower sample of 4-trick positions, the
kernel's rule of play against the engine's, and the errors."""

from __future__ import annotations

import random

import pytest

from stolik.errors import IllegalMove
from stolik.games.betel.ruleset import NO_TRUMPS, load_ruleset
from stolik.games.betel.solver import card_values, tricks
from stolik.games.betel.state import Deal

RS = load_ruleset()
KINDS = ("trump", "bez-atu", "betelek", "betel", "all-pass")


def _contract(kind: str, rng: random.Random) -> str | None:
    """The call of a random contract of ``kind`` (None: an all-pass deal)."""
    if kind == "all-pass":
        return None
    calls = [c.call for c in RS.contracts
             if (kind == "betel" and c.defenders_free)
             or (kind == "betelek" and c.at_most and not c.defenders_free)
             or (kind == "bez-atu" and not c.at_most and c.trump == NO_TRUMPS)
             or (kind == "trump" and not c.at_most and c.trump != NO_TRUMPS)]
    return rng.choice(calls)


def position(kind: str, seed: int, left: int) -> tuple[Deal, int]:
    """A random deal of ``kind`` played at random until ``left`` tricks remain (and, on odd
    seeds, one or two cards of the next trick), with the seat whose tricks are counted."""
    rng = random.Random(seed)
    d = Deal.random(RS, seed % 3, rng)
    call = _contract(kind, rng)
    d.move(call if call else "pas")
    d.move("pas")
    d.move("pas")
    assert d.phase == "play"
    cards = 3 * (10 - left) + (rng.randrange(1, 3) if seed % 2 else 0)
    for _ in range(cards):
        d.play(rng.choice(d.legal_moves()))  # type: ignore[arg-type]
    seat = d.declarer if d.declarer is not None else rng.randrange(3)
    return d, seat


def minimax(d: Deal, seat: int, few: bool) -> int:
    """``seat``'s tricks at the end under best play: he maximises them (minimises with
    ``few``), the other two do the opposite — every legal card tried, nothing merged."""
    if d.is_over:
        return d.pos.tricks[seat]
    mover_is_seat = d.to_act == seat
    values = []
    for c in d.legal_moves():
        d.play(c)  # type: ignore[arg-type]
        values.append(minimax(d, seat, few))
        d.undo()
    return max(values) if mover_is_seat != few else min(values)


def _few(d: Deal) -> bool:
    return d.contract is not None and d.contract.at_most


@pytest.mark.parametrize("kind", KINDS)
def test_end_positions_match_minimax(kind: str) -> None:
    """issue 12: the solver's values agree with brute force (BETEL §4's play, in each kind
    of contract of §2 and the all-pass deal of §3) — 2 and 3 tricks left, at a lead and
    mid-trick: 600 positions of each kind."""
    for seed in range(600):
        d, seat = position(kind, seed, 2 + seed % 2)
        want = minimax(d, seat, _few(d))
        got = tricks(d, None if d.declarer is not None else seat)
        assert got == want, (kind, seed, got, want)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_four_trick_positions_match_minimax(kind: str) -> None:
    """issue 12: the solver's values agree with brute force (BETEL §4's play, each kind of
    contract of §2 and the all-pass deal of §3) in a slower sample of 4-trick positions."""
    for seed in range(40):
        d, seat = position(kind, 10_000 + seed, 4)
        want = minimax(d, seat, _few(d))
        assert tricks(d, None if d.declarer is not None else seat) == want, (kind, seed)


@pytest.mark.parametrize("kind", KINDS)
def test_card_values_agree_with_the_position(kind: str) -> None:
    """issue 12 (the solver agrees with brute force, BETEL §4's play): the best card's
    value is the position's value; each card's value is its minimax."""
    for seed in range(60):
        d, seat = position(kind, 20_000 + seed, 3)
        who = None if d.declarer is not None else seat
        values = card_values(d, who)
        best = (max if (d.to_act == seat) != _few(d) else min)(values.values())
        assert best == tricks(d, who)
        for c, v in values.items():
            e = d.clone()
            e.play(c)
            assert v == minimax(e, seat, _few(d)), (kind, seed, c)


def test_kernel_follows_the_engine_rules() -> None:
    """The kernel's legal cards (trick32 with three seats, beating in a trumped trick and the
    betel defenders' freedom: BETEL §4's obligations) are the engine's, card for card,
    along random plays."""
    from stolik.games.betel.solver import _rules
    from stolik.solver import trick32 as k

    for seed in range(400):
        kind = KINDS[seed % len(KINDS)]
        d, _ = position(kind, 30_000 + seed, 10)
        c = d.contract
        params = _rules(c.trump if c else NO_TRUMPS, bool(c and c.defenders_free),
                        d.declarer if d.declarer is not None else 0, bool(c and c.at_most))
        rng = random.Random(seed)
        while not d.is_over:
            p = d.pos
            trick = sum(1 << x for _, x in p.trick)
            wcard = next((x for s, x in p.trick if s == p.win_seat), -1)
            led = p.trick[0][1] if p.trick else -1
            got = k.legal(p.hands[p.to_act], p.to_act, led, wcard, trick,
                          10 - len(p.history), params)
            assert got == d.legal_mask(), (kind, seed, len(d.log))
            d.play(rng.choice(d.legal_moves()))  # type: ignore[arg-type]


def test_a_finished_deal_counts_its_tricks() -> None:
    """issue 12 (the solver): a deal played to its end (BETEL §4) is worth the tricks the
    seat took."""
    d, seat = position("trump", 7, 1)
    while not d.is_over:
        d.play(d.legal_moves()[0])  # type: ignore[arg-type]
    assert tricks(d) == d.pos.tricks[seat]


def test_refusals() -> None:
    """issue 12 (the solver's errors): no value during the auction (BETEL §3); an all-pass
    deal has no declarer (§3), so the seat must be named; a seat other than the declarer
    is refused."""
    d = Deal.random(RS, 0, random.Random(3))
    with pytest.raises(IllegalMove, match="auction"):
        tricks(d)
    for word in ("pas", "pas", "pas"):
        d.move(word)
    with pytest.raises(IllegalMove, match="name the seat"):
        tricks(d)
    e, _ = position("trump", 5, 10)
    with pytest.raises(IllegalMove, match="not the declarer"):
        tricks(e, ((e.declarer or 0) + 1) % 3)


def test_full_deals_agree_however_searched() -> None:
    """issue 12: the solver's values agree however searched (no rule of the spec). From the
    first lead (ten cards a hand: more moves than a Mariáš hand has), the value does not
    depend on the table's size, its earlier contents or the window: the null-window
    search, a full-window search on a fresh small table, and the best card's value agree."""
    import numpy as np

    from stolik.games.betel import solver
    from stolik.solver import trick32 as k

    for seed in range(24):
        d, seat = position(KINDS[seed % len(KINDS)], 40_000 + seed, 10)
        who = None if d.declarer is not None else seat
        got = tricks(d, who)
        prob = solver.Problem(d, who)
        prob.tables = k.Tables(bits=12)
        v = prob.bounded(d)
        assert (-v if prob.few else v) == got, seed
        values = card_values(d, who)
        assert (max if prob.few == (d.to_act != seat) else min)(values.values()) == got
        table, _ = prob.tables.take()
        assert isinstance(table, np.ndarray) and len(table) == 1 << 12


def test_threads_solving_at_once_get_one_threads_values() -> None:
    """issue 12 (the solver under a web table; no rule of the spec): two threads solve at
    once (a web server's bot and its claim judge run off the event loop, and the compiled
    search releases the GIL): each gets the values one thread gets. With one table and
    stack for the process they wrote each other's frames (68 wrong values of 160 solves)."""
    from concurrent.futures import ThreadPoolExecutor

    deals = [position(("betelek", "betel", "trump")[s % 3], 50_000 + s, 10)[0]
             for s in range(30)]
    want = [tricks(d) for d in deals]
    orders = [list(range(30)), list(range(29, -1, -1))]
    with ThreadPoolExecutor(2) as pool:
        runs = [pool.submit(lambda o: [(i, tricks(deals[i])) for i in o], o) for o in orders]
        got = [pair for run in runs for pair in run.result(timeout=120)]
    assert [(i, v) for i, v in got if v != want[i]] == []


def test_the_stack_holds_ten_moves() -> None:
    """A leader with ten cards (BETEL §1: ten a hand) none of which is equivalent to another
    has ten moves: the search's frame lists them all, each once (a Mariáš hand has only
    eight; a frame with room for eight moves once lost a card here and gave wrong values)."""
    import numpy as np

    from stolik.games.betel.deck import parse_mask
    from stolik.games.betel.solver import _rules
    from stolik.solver import trick32 as k

    hands = [parse_mask("KC 9C 7C KD 9D KH JH 9H AS QS"),  # the ace of spades, a sure
             parse_mask("AC QC JC AD QD JD AH QH TH 8S"),  # winner, comes last and is
             parse_mask("TC 8C TD 8D 7D 7H KS JS TS 9S"), 0]  # ordered first
    h = np.array(hands, dtype=np.int64)
    p = _rules(NO_TRUMPS, False, 0, False).copy()
    fr = k.make_stack()
    done, _ = k.kernel(p).enter(h, 0, 0, 0, 0, -1, -1, -1, 0, -k.INF, k.INF, 10, p,
                                 np.zeros((1, 3), dtype=np.int64), k.make_tt(10),
                                 np.zeros(k.STATS, dtype=np.int64), fr)
    assert not done
    n = int(fr[0, k.F_K])
    assert n == 10
    assert sorted(int(c) for c in fr[0, k.FRAME:k.FRAME + n]) == sorted(
        c for c in range(32) if hands[0] >> c & 1)
