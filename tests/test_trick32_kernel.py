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
    """Made here first (compiled or loaded), each kernel is loaded by a second process:
    every compiled function a cache hit, none compiled."""
    code = (
        "import sys\n"
        "sys.path[:0] = " + repr(sys.path) + "\n"
        "from tests.test_trick32_kernel import _params\n"
        "from stolik.solver import trick32 as k\n"
        "for kind in " + repr(KINDS) + ":\n"
        "    p = _params(kind)\n"
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
