"""The Betel random-deal kernel (stolik.games.betel.simulate) against the full engine
(BETEL §3–§5): every deal it plays, step by step through :class:`Deal`, makes only moves in
the engine's legal list and ends with the kernel's scores; its choices are uniform among
those moves (the ``random`` bot's, ``rng.choice(legal)``); a seed gives the same deals on
every run and machine."""

from __future__ import annotations

import hashlib
from collections import Counter

from stolik.games.betel.calls import LOOK_BOTH, TAKE, Action, lay, parse_call
from stolik.games.betel.deck import ASCII_NAMES
from stolik.games.betel.record import AuctionEntry, DealRecord
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.simulate import simulate
from stolik.games.betel.state import Deal, Move

RS = load_ruleset("gps-2022")


def steps(d: Deal, e: AuctionEntry) -> list[Move]:
    """The engine's moves for one written call (BETEL §6): its dubel action, the call."""
    out: list[Move] = []
    if e.look == 1:
        out.append(Action("look", n=1, pos=d.pos.dubel.index(e.seen)))
    elif e.look == 2:
        out.append(LOOK_BOTH)
    elif e.laid:
        out += [TAKE, lay(e.laid[0], e.laid[1])]
    return [*out, parse_call(e.call, RS)]


def walk(rec: DealRecord, choices: Counter[tuple[int, int]]) -> Deal:
    """Play ``rec`` through the engine one move at a time; each move must be in the legal
    list, and ``choices`` counts (number of legal moves, the move's place in that list)."""
    d = Deal(RS, rec.dealer, rec.hands, rec.dubel)
    moves: list[Move] = []
    for e in rec.auction:
        assert e.seat == d.to_act
        moves += steps(d, e)
        while moves:
            m = moves.pop(0)
            legal = d.legal_moves()
            assert m in legal, (m, legal)
            choices[len(legal), legal.index(m)] += 1
            d.move(m)
    for seat, card in rec.play:
        assert seat == d.to_act
        legal = d.legal_moves()
        assert card in legal, (ASCII_NAMES[card], legal)
        choices[len(legal), legal.index(card)] += 1
        d.move(card)
    assert d.is_over
    return d


def test_every_kernel_deal_is_the_engine_s_deal_with_the_same_choices() -> None:
    """Every deal the kernel plays is the engine's: each move in the engine's legal list
    (BETEL §3, §4), the engine's scores (BETEL §5), the 32 cards dealt as three hands of
    ten and the dubel (BETEL §1), written as BETEL §6's record."""
    choices: Counter[tuple[int, int]] = Counter()
    for seed, first in ((1, 0), (2, 1), (3, 2)):
        r = simulate(RS, 60, seed=seed, first_dealer=first, match=False)
        assert len(r.records) == 60
        for rec, scores in zip(r.records, r.scores, strict=True):
            d = walk(rec, choices)
            assert d.result().scores == scores
            assert sorted([*(c for h in rec.hands for c in h), *rec.dubel]) == list(range(32))
    assert sum(choices.values()) > 180 * 40


def test_the_kernel_chooses_uniformly_among_the_legal_moves() -> None:
    """issue 12 (the random-deal kernel plays the ``random`` bot; no rule of the spec): each
    move's place in the engine's legal list: for every list length with enough draws, a
    chi-square against uniform; over all draws, the mean place (scaled to 0–1) against ½.
    A kernel that never chose some move, or leaned to one end of the list (the lowest
    card, the lowest bid, an exchange's first cards), fails."""
    choices: Counter[tuple[int, int]] = Counter()
    for rec in simulate(RS, 400, seed=7, match=False).records:
        walk(rec, choices)
    by_n: dict[int, list[int]] = {}
    for (n, i), count in choices.items():
        by_n.setdefault(n, [0] * n)[i] += count
    tested = 0
    for n, counts in by_n.items():
        total = sum(counts)
        if n < 2 or total < 10 * n:
            continue
        expected = total / n
        chi2 = sum((c - expected) ** 2 / expected for c in counts)
        assert (chi2 - (n - 1)) / (2 * (n - 1)) ** 0.5 < 6, (n, counts)
        tested += 1
    assert tested >= 10
    shift = sum(c * ((i + 0.5) / n - 0.5) for (n, i), c in choices.items())
    var = sum(c * (n * n - 1) / (12 * n * n) for (n, _), c in choices.items())
    assert abs(shift) < 5 * var ** 0.5, (shift, var)


def test_a_seed_gives_the_same_deals_everywhere() -> None:
    """issue 12 (``stolik simulate --seed N`` for Betel; no rule of the spec): the seed →
    deals mapping is pinned (little-endian draws, IEEE doubles, Python's Mersenne
    Twister): a change of it is a deliberate, documented one."""
    a = simulate(RS, 30, seed=11, match=False)
    assert a.records == simulate(RS, 30, seed=11, match=False).records
    assert a.records != simulate(RS, 30, seed=12, match=False).records
    text = repr([(d.hands, d.dubel, [e.text() for e in d.auction], d.play)
                 for d in a.records[:3]])
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "20c07179a4a8dca2"
