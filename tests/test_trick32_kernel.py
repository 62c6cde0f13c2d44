"""trick32's kernels compiled per set of fixed rules (issues 11, 12): one kernel per set,
the rules that differ really differ, and a fresh process loads every kernel from numba's
cache instead of compiling it again (:mod:`stolik.solver.specialise`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numba")

from stolik.solver import trick32 as k
from stolik.solver.specialise import specialise


def _params(kind: str) -> k.I64Array:
    """The parameters of a Betel betelek or betel (the declarer seat 0) or of Mariáš's
    betl, as their solvers make them: kernels the solver tests compile anyway."""
    from stolik.games.betel.ruleset import NO_TRUMPS
    from stolik.games.betel.solver import _rules
    from stolik.games.marias import solver as marias
    from stolik.games.marias.play import NO_TRUMPS as BETL_ORDER

    if kind == "betl":
        return marias._rules(BETL_ORDER, "betl")
    return _rules(NO_TRUMPS, kind == "betel", 0, True)


KINDS = ("betelek", "betel", "betl")


def test_one_kernel_per_set_of_rules() -> None:
    """One kernel per set of fixed rules (issue 12: trick32 for Betel): equal parameters
    share a kernel, a betelek's and the betel's differ, and their rules really differ —
    seat 1 with the ace and the 8 of the suit led with the king must beat with the ace
    (BETEL §4), unless he is a defender of the betel, who need not beat; the declarer
    always must."""
    plain, free = _params("betelek"), _params("betel")
    assert k.kernel(plain) is k.kernel(plain.copy())
    assert k.kernel(plain) is not k.kernel(free)
    # seat 1 holds the 8 and the ace of the suit led with the king: he must beat with the
    # ace, unless he is free (the betel's defenders, BETEL §4)
    from stolik.games.betel.deck import parse_card

    ace, king, eight = (parse_card(c) for c in ("AC", "KC", "8C"))
    hand = (1 << ace) | (1 << eight)
    for seat in (0, 1, 2):
        assert k.legal(hand, seat, king, king, 1 << king, 10, plain) == 1 << ace
        want = 1 << ace if seat == 0 else hand  # the declarer is not free
        assert k.legal(hand, seat, king, king, 1 << king, 10, free) == want


def test_a_constant_must_be_a_global_of_the_templates() -> None:
    from stolik.solver import trick32_kernel

    with pytest.raises(ValueError, match="S_SEAT is not a global"):
        specialise(trick32_kernel.TEMPLATES, {"S_SEAT": 3})


def test_a_fresh_process_loads_the_kernels_from_the_cache() -> None:
    """Made here first (compiled or loaded), each kernel — a Betel betelek's, the betel's
    (BETEL §4: its defenders need not beat) and Mariáš's betl — is loaded by a second
    process: every compiled function a cache hit, none compiled."""
    code = (
        "from stolik.games.betel.ruleset import NO_TRUMPS\n"
        "from stolik.games.betel.solver import _rules\n"
        "from stolik.games.marias import solver as marias\n"
        "from stolik.games.marias.play import NO_TRUMPS as BETL_ORDER\n"
        "from stolik.solver import trick32 as k\n"
        "for p in (_rules(NO_TRUMPS, False, 0, True), _rules(NO_TRUMPS, True, 0, True),\n"
        "          marias._rules(BETL_ORDER, 'betl')):\n"
        "    kern = k.kernel(p)\n"
        "    for f in (kern.legal, kern.representatives, kern.quick_tricks, kern.enter,\n"
        "              kern.search):\n"
        "        s = f.stats\n"
        "        print(sum(s.cache_hits.values()), sum(s.cache_misses.values()))\n")
    for kind in KINDS:
        k.kernel(_params(kind))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split("\n")
    counts = [tuple(map(int, line.split())) for line in out if line]
    assert len(counts) == 15
    assert all(hits >= 1 and misses == 0 for hits, misses in counts), counts


def test_sweep_settles_a_misere_only_when_nothing_can_change() -> None:
    """trick32_kernel.sweep (BETEL §4, no trumps): the declarer (seat 0, the side) with
    every card on top takes all that is left when he leads or a defender leads one of his
    suits; with every card under the defenders' in each suit both hold he takes nothing;
    anything else is left to the search."""
    import numpy as np

    from stolik.games.betel.deck import parse_mask

    sweep = k.kernel(_params("betelek")).sweep

    def run(hands: tuple[str, str, str], leader: int) -> int:
        h = np.array([parse_mask(x) for x in hands] + [0], dtype=np.int64)
        return int(sweep(h, leader, 3, _params("betelek")))

    tops = ("AC KC AD", "QC JC KD", "TC 9C QD")
    assert run(tops, 0) == 3
    assert run(tops, 1) == 3  # seat 1 leads a club or a diamond: he must take it, leads
    assert run(("AC KC AD", "QS JS KH", "TC AS QD"), 1) == -1  # seat 1 holds none of his
    assert run(("AC KC AD", "QS JS KH", "TC AS QD"), 2) == 3  # suits, seat 2 does
    unders = ("7C 8C 7D", "AC KC AD", "QC JC QS")
    assert run(unders, 1) == 0
    assert run(unders, 0) == 0  # he leads a club or a diamond and is beaten
    assert run(("7C 8C AS", "AC KC AD", "QC JC QD"), 1) == 0  # AS: a suit only he holds
    assert run(("7C 8C AS", "AC KC AD", "QC JC QD"), 0) == 0  # he leads a club
    assert run(("AS KS QS", "AC KC AD", "QC JC QD"), 0) == 3
    assert run(("7C 8C AD", "AC KC 7D", "QC JC QD"), 1) == -1  # his AD can win


def test_shape_keys_agree_with_exact_keys() -> None:
    """Keyed by shape (who holds each live card, BETEL §4: no card points) the table gives
    the values of the exact keys (a watched card turns shape keys off and changes nothing
    else in a trick count), from the first lead, for every kind of contract."""
    import random

    from stolik.games.betel import solver
    from stolik.games.betel.ruleset import load_ruleset
    from stolik.games.betel.state import Deal

    rs = load_ruleset()
    few = [c for c in rs.contracts if c.at_most]  # the betelki and the betel: the hardest
    for seed in range(16):
        rng = random.Random(seed)
        d = Deal.random(rs, seed % 3, rng)
        for word in (rng.choice(few if seed % 4 else rs.contracts).call, "pas", "pas"):
            d.move(word)
        prob = solver.Problem(d)
        shaped = prob.tricks(d)
        prob.params = prob.params.copy()
        prob.params[k.P_WATCH] = random.Random(seed).randrange(32)
        prob.params[k.P_GEN] += 1 << 23
        assert prob.tricks(d) == shaped, seed
        assert isinstance(prob.tables, k.Tables)


def test_escapes_names_the_tricks_a_misere_declarer_can_lose() -> None:
    """trick32_kernel._escapes and _twice (BETEL §4, no trumps; the betel's defenders
    free): at a trick's start the declarer (seat 0) can lose a trick when he leads a card
    that a defender must play above — in a betelek one who can beat it, in the betel one
    who holds only higher cards of the suit — or when every lead of a defender leaves him
    under (void, unable to beat, beating second under a third who must go above, third
    after a second who must go above all his cards of the suit), or lets him take the
    trick and then lead such a card; ``_twice``: two tricks so."""
    import numpy as np

    from stolik.games.betel.deck import parse_mask

    def run(kind: str, hands: tuple[str, str, str], leader: int, two: bool = False) -> int:
        h = np.array([parse_mask(x) for x in hands] + [0], dtype=np.int64)
        kern = k.kernel(_params(kind))
        return int((kern.twice if two else kern.escapes)(h, leader, _params(kind)))

    # he leads the 9C: seat 1 holds the 7C and the KC; in a betelek he must beat with the
    # king, in the betel he may play the 7; seat 2 is void
    lead = ("9C AD", "KC 7C", "QD JD")
    assert (run("betelek", lead, 0), run("betel", lead, 0)) == (1, 0)
    assert run("betel", ("9C AD", "KC QC", "QD JD"), 0) == 1  # only higher clubs
    assert run("betel", ("AC AD", "KC 7C", "QD JD"), 0) == 0  # every card of his on top
    # seat 1 leads, he plays third: void in clubs; on the 9D seat 2 must play the AD,
    # above all his diamonds
    assert run("betel", ("AS KD 8D", "9D 8C", "AD 7S"), 1) == 1
    # on the QS seat 2 ducks and he takes it with the AS (KS), then leads a diamond that
    # seat 2's lone AD must beat — or, holding only spades, takes the next trick too
    assert run("betel", ("AS KD 8D", "QS 8C", "AD 7S"), 1) == 1
    assert run("betel", ("AS KS", "QS 7C", "JS 8C"), 1) == 0
    # seat 2 leads, he plays second: he cannot beat the QS; the 9D he beats with the KD,
    # and seat 1 must go above it with the AD; with the 7D seat 1 ducks, and he leads
    # the 8S that seat 2's lone QS must beat — but not the AS
    assert run("betel", ("KD 8S", "AD 7S", "9D QS"), 2) == 1
    assert run("betel", ("KD 8S", "AD 7D", "9D QS"), 2) == 1
    assert run("betel", ("KD AS", "AD 7D", "9D QS"), 2) == 0
    # two tricks: the 7C loses to the AC, and seat 1 leads into his 7D
    assert run("betel", ("7C 7D", "AC AD", "KC KD"), 0, two=True) == 1
    assert run("betel", ("AC AD", "7C 7D", "8C 8D"), 0, two=True) == 0


def _wins_within(d: object, seat: int, tricks: int) -> int:
    """The fewest of the next ``tricks`` tricks (from a trick's start) that ``seat`` can
    make sure to take fewer of, by brute force over the engine's own moves: he plays to
    take as few as he can, the other two to make him take as many."""
    from stolik.games.betel.state import Deal

    assert isinstance(d, Deal)
    stop = len(d.pos.history) + tricks

    def go() -> int:
        if d.is_over or (len(d.pos.history) >= stop and not d.pos.trick):
            return 0
        before = d.pos.tricks[seat]
        values = []
        for c in d.legal_moves():
            d.play(c)  # type: ignore[arg-type]
            values.append(d.pos.tricks[seat] - before + go())
            d.undo()
        return min(values) if d.to_act == seat else max(values)

    return go()


def _escapes_checked(kind: str, left: int, seeds: range) -> tuple[int, int, int, int]:
    """On the trick starts (``left`` tricks to play) drawn from ``seeds``: how often
    ``_escapes`` fired and how often the declarer cannot lose either of the next two
    tricks; how often ``_twice`` fired and how often he must take all but one or more of
    the tricks left — asserting, by brute force over the engine's own moves, that he can
    lose one of the next two wherever ``_escapes`` fired, and hold his tricks to two
    fewer than are left wherever ``_twice`` did."""
    import numpy as np

    from test_betel_solver import minimax, position

    fired = forced = fired2 = forced2 = 0
    for seed in seeds:
        d, seat = position(kind, 2 * seed, left)  # even seeds: at a trick's start
        p = _params(kind).copy()
        p[k.P_SIDE] = 1 << seat
        p[k.P_FREE] = sum(1 << s for s in range(3) if s != seat) if kind == "betel" else 0
        h = np.array([*d.pos.hands, 0], dtype=np.int64)
        two = _wins_within(d, seat, 2)
        if k.kernel(p).escapes(h, d.pos.to_act, p):
            fired += 1
            assert two <= 1, (kind, seed)
        forced += two == 2
        more = minimax(d, seat, True) - d.pos.tricks[seat]
        if k.kernel(p).twice(h, d.pos.to_act, p):
            fired2 += 1
            assert more <= left - 2, (kind, seed)
        forced2 += more >= left - 1
    return fired, forced, fired2, forced2


@pytest.mark.parametrize("kind", ["betelek", "betel"])
def test_escapes_never_promises_a_trick_the_declarer_cannot_lose(kind: str) -> None:
    """The bounds the search takes from ``_escapes`` and ``_twice`` (BETEL §4) hold by
    brute force on 300 random trick starts with 3 tricks left, where each fires on some
    and where the declarer must take what it would have him lose on others (so that a
    test firing everywhere fails)."""
    fired, forced, fired2, forced2 = _escapes_checked(kind, 3, range(10_000, 10_300))
    assert fired >= 50 and forced >= 10 and fired2 >= 10 and forced2 >= 10, (
        fired, forced, fired2, forced2)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["betelek", "betel"])
def test_escapes_holds_with_four_tricks_left(kind: str) -> None:
    """As above (BETEL §4), on 100 trick starts with 4 tricks left."""
    fired, forced, fired2, forced2 = _escapes_checked(kind, 4, range(20_000, 20_100))
    assert fired >= 20 and fired2 >= 5, (fired, forced, fired2, forced2)
