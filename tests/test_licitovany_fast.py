"""The fast random-deal kernel of licitovaný mariáš against the state engine (issue 28's
speed goal): from the same cards and the same move indices, the kernel lists at every step
exactly the engine's legal moves in the engine's order — the licitace (LICITOVANY §4.2),
the discards and the contracts or omyl (§4.3, §4.4), the fleky (§4.5), the cards with
their hlášky and the aktér's kept sevens (§3) — and settles exactly the engine's money
(§5, §6), under every switch and at four with the pauzírák (§8)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.errors import IllegalMove
from stolik.games.licitovany import fast, fast_talon, talon
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.fast import (
    RandomDeals,
    deal_moves,
    hands_of,
    outcomes,
    random_deals,
    record_parts,
)
from stolik.games.licitovany.fast_tables import MAX_STEPS, OMYL, PLAY_BASE, RAISE_BASE, decode
from stolik.games.licitovany.results import judge
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.games.licitovany.state import Deal
from test_licitovany_ruleset import variant

SWITCHES = [{}, {"max_flek": 5}, {"flek_scope": "side"},
            {"flek_scope": "side", "pauzirak": "side"}, {"vyrovnana_sedma": True},
            {"sto_hlaska": "first"}, {"sto_s_hrou": True},
            {"tiche_sto": False, "ticha_sedma": False}, {"tiche_sto_desitky": "hra"},
            {"pauzirak": "none"}, {"ladder": [3, 4, 9, 10, 11, 12]},
            {"ladder": [1, 2, 9, 11]}, {"ladder": [2, 7, 8]}]
"""Each switch of LICITOVANY's head away from its default, and clubs' ladders (§2)."""


def ruleset(changes: dict[str, object]) -> Ruleset:
    return parse_ruleset(variant(**changes)) if changes else load_ruleset()


def replay_on_engine(rs: Ruleset, r: RandomDeals, i: int, players: int,
                     seen: Counter[str] | None = None) -> None:
    """Drive the engine through deal ``i`` of the kernel's trace by the kernel's move
    indices, comparing each legal list, the seat to act and the final money."""
    assert r.trace is not None
    dealer = int(r.dealers[i])
    hands, talon = hands_of(r.decks[i], dealer, players)
    d = Deal(rs, dealer, hands, talon, players=players)
    k = 0
    while not d.is_over:
        _, n, idx = (int(x) for x in r.trace[i, k, :3])
        legal = d.legal_moves()
        mine = [decode(int(c), d.components()) for c in r.trace[i, k, 3:3 + n]]
        assert mine == legal, (i, k, d.phase)
        assert int(r.seats[i, k]) == d.to_act
        assert decode(int(r.moves[i, k]), d.components()) == legal[idx]
        d.move(legal[idx])
        k += 1
    assert int(r.moves[i, k]) == -1, "the kernel plays on after the engine's end"
    assert tuple(int(x) for x in r.money[i]) == d.money(), (i, d.pos.ending)
    if seen is not None:
        _features(rs, d, seen)


def _features(rs: Ruleset, d: Deal, seen: Counter[str]) -> None:
    """What deal ``d`` exercised (for the coverage check)."""
    p = d.pos
    seen[p.ending] += 1
    if p.contract is None or p.ending != "played":
        return
    seen[p.contract.rung.word] += 1
    seen[f"flek level {max((v for _, _, v in p.fleky.levels), default=0)}"] += 1
    seen["hlaska"] += bool(p.hlasky)
    seen["early end"] += len(p.tricks) < 10
    result = judge(rs, p.contract.rung, d.tally())
    seen["ticha sedma"] += result.ticha_sedma != 0
    for s in result.components:
        seen[f"{s.component} {'won' if s.won else 'lost'}{' tiche' if s.tiche else ''}"] += 1
    if d.players == 4:
        seen["limit"] += max(abs(m) for m in d.money()) >= 2 * rs.limit


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), changes=st.sampled_from(SWITCHES),
       players=st.sampled_from([3, 4]), first_dealer=st.integers(0, 3))
def test_same_legal_moves_and_money_as_the_engine(seed: int, changes: dict[str, object],
                                                  players: int, first_dealer: int) -> None:
    """LICITOVANY §3–§6, §8: every step's legal list and the money, switch by switch."""
    rs = ruleset(changes)
    r = random_deals(rs, 12, seed=seed, players=players, first_dealer=first_dealer % players,
                     compiled=False, trace=True)
    for i in range(12):
        replay_on_engine(rs, r, i, players)


def test_many_deals_cover_every_result_and_match_the_engine() -> None:
    """Over 900 deals at three and four (LICITOVANY §8), compared step by step, the
    moves drawn reach every ending, rung and result the money depends on (§4.4 omyl, §4.5
    fleky to boty, §5 tiché sto and tichá sedma, §6 the limit): the comparison above is
    not vacuous."""
    rs = load_ruleset()
    seen: Counter[str] = Counter()
    for players, seed in ((3, 11), (4, 12)):
        r = random_deals(rs, 300, seed=seed, players=players, compiled=False, trace=True)
        for i in range(300):
            replay_on_engine(rs, r, i, players, seen)
    # a club's ladder of sedmy and sta (§2) plays them often, with their tiché results
    club = parse_ruleset(variant(ladder=[1, 2, 3, 5]))
    r = random_deals(club, 300, seed=13, compiled=False, trace=True)
    for i in range(300):
        replay_on_engine(club, r, i, 3, seen)
    wanted = {"omyl", "played", "early end", "hlaska", "ticha sedma", "flek level 4",
              "limit", "sto won", "sto lost", "sedma won", "sedma lost",
              "betl won", "betl lost", "durch lost", "dve-sedmy lost", "sedma", "sto",
              "sto-a-sedma-cervenych", "betl", "durch", "dve-sedmy-cervena-a-sto"}
    got = {k for k, v in seen.items() if v}
    assert wanted <= got, wanted - got
    assert {"hra won tiche", "hra lost tiche"} & got


def test_vyrovnana_sedma_ends_deals_unplayed_as_the_engine_does() -> None:
    """LICITOVANY §4.5 switch ``vyrovnana_sedma``: the deals the kernel ends unplayed
    (neither omyl nor a card) are the engine's ``vyrovnana`` deals, at 0 (a ladder of
    sedmy and sta, §2, so that sedmy are many)."""
    rs = parse_ruleset(variant(vyrovnana_sedma=True, ladder=[1, 2, 3, 5]))
    r = random_deals(rs, 3000, seed=7, compiled=False)
    cards = (r.moves >= PLAY_BASE) & (r.moves < RAISE_BASE)
    unplayed = [i for i in range(3000) if not cards[i].any() and OMYL not in r.moves[i]]
    assert unplayed and not r.money[unplayed].any()
    again = fast.play(fast.tables(rs), r.decks[unplayed], r.dealers[unplayed],
                      _draws(7, 3000)[unplayed], compiled=False, trace=True)
    seen: Counter[str] = Counter()
    for i in range(len(unplayed)):
        replay_on_engine(rs, again, i, 3, seen)
    assert seen["vyrovnana"] == len(unplayed)


def test_listing_the_discards_gives_the_same_deals() -> None:
    """LICITOVANY §4.3: drawing a discard by index outside the forbidden cards picks what
    listing every legal pair would (the kernel's fallback for a club's ladder)."""
    rs = load_ruleset()
    t = fast.tables(rs)
    listed = dataclasses.replace(t, forbid=np.full_like(t.forbid, -1))
    a = random_deals(rs, 300, seed=4, compiled=False)
    b = fast.play(listed, a.decks, a.dealers, _draws(4, 300), compiled=False)
    assert (a.moves == b.moves).all() and (a.money == b.money).all()


def _draws(seed: int, deals: int) -> np.ndarray:
    """The draws :func:`random_deals` made from ``seed`` (after the cards)."""
    gen = np.random.default_rng(seed)
    gen.permuted(np.tile(np.arange(32, dtype=np.int64), (deals, 1)), axis=1)
    return gen.integers(0, fast.DRAW_TOP, size=(deals, MAX_STEPS), dtype=np.int64)


def test_a_ladder_without_a_contract_is_refused_like_the_engine() -> None:
    """LICITOVANY §4.4: with the ladder [1, 2], an aktér who won sedma červená without
    the 7H may lay nothing away; the engine offers no move, the kernel names the deal."""
    rs = parse_ruleset(variant(ladder=[1, 2]))
    with pytest.raises(IllegalMove, match="no legal discard"):
        random_deals(rs, 300, seed=1, compiled=False)


def test_the_compiled_kernel_plays_the_plain_one() -> None:
    """The numba-compiled kernel gives the same moves and money as the plain Python one
    that the tests above compare with the engine."""
    pytest.importorskip("numba")
    cases: list[tuple[dict[str, object], int]] = [
        ({}, 3), ({"flek_scope": "side", "pauzirak": "side"}, 4),
        ({"max_flek": 5, "sto_s_hrou": True}, 3)]
    for changes, players in cases:
        rs = ruleset(changes)
        a = random_deals(rs, 400, seed=9, players=players, compiled=False)
        b = random_deals(rs, 400, seed=9, players=players)
        assert (a.moves == b.moves).all() and (a.money == b.money).all()
        assert (a.seats == b.seats).all()


def test_moves_name_their_seats_for_records() -> None:
    """LICITOVANY §10: a deal's moves with their seats, and its record parts in words,
    replay on the engine to the kernel's money, at three and four."""
    rs = load_ruleset()
    for players in (3, 4):
        r = random_deals(rs, 20, seed=3, players=players, compiled=False)
        for i in range(20):
            hands, talon = hands_of(r.decks[i], int(r.dealers[i]), players)
            d = Deal(rs, int(r.dealers[i]), hands, talon, players=players)
            for seat, move in deal_moves(rs, r, i):
                assert d.to_act == seat
                d.move(move)
            assert d.is_over and d.money() == tuple(int(x) for x in r.money[i])
            hands_, talon_, bidding, play = record_parts(rs, r, i)
            assert hands_ == tuple(map(tuple, hands)) and talon_ == tuple(talon)
            d = Deal(rs, int(r.dealers[i]), hands, talon, players=players)
            for seat, words in bidding:
                assert d.to_act == seat
                d.move(words)
            for seat, card, hlaska in play:
                assert d.to_act == seat
                d.move(Move.play(card, hlaska))
            assert d.is_over and d.money() == tuple(int(x) for x in r.money[i])


def test_outcomes_name_what_the_engine_played() -> None:
    """LICITOVANY §4.4, §4.5: each deal's outcome is the engine's contract, omyl or
    unplayed vyrovnaná sedma."""
    rs = parse_ruleset(variant(vyrovnana_sedma=True, ladder=[1, 2, 3, 5]))
    r = random_deals(rs, 1500, seed=2, compiled=False)
    got = outcomes(r)
    assert {"omyl", "vyrovnana", "sedma", "sto-cervenych"} <= set(got)
    for i in range(0, 1500, 3):
        hands, talon = hands_of(r.decks[i], int(r.dealers[i]), 3)
        d = Deal(rs, int(r.dealers[i]), hands, talon)
        for _, move in deal_moves(rs, r, i):
            d.move(move)
        c = d.pos.contract
        assert got[i] == (c.rung.word if d.pos.ending == "played" and c else d.pos.ending)


def test_the_seed_fixes_the_deals() -> None:
    """The same seed gives the same deals; another seed others."""
    rs = load_ruleset()
    a, b, c = (random_deals(rs, 50, seed=s, compiled=False) for s in (1, 1, 2))
    assert (a.moves == b.moves).all() and (a.decks == b.decks).all()
    assert not (a.decks == c.decks).all()
    with pytest.raises(IllegalMove, match="3 or 4 players"):
        random_deals(rs, 1, seed=1, players=5)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cards=st.permutations(range(32)), won=st.integers(1, 12),
       ladder=st.sampled_from([list(range(1, 13)), [1, 2, 9, 11], [3, 4, 9, 10, 11, 12],
                               [1, 2, 3, 5], [2, 7, 8], [1, 2], [3, 9]]))
def test_fast_discards_are_the_talon_rule(cards: list[int], won: int,
                                          ladder: list[int]) -> None:
    """LICITOVANY §4.3, §4.4: the forbidden-set discards are
    :func:`~stolik.games.licitovany.talon.discards`, pair by pair and in order, also one
    pair at a time (``only``), under several clubs' ladders."""
    rs = ruleset({"ladder": ladder})
    won = min((r for r in ladder if r >= won), default=ladder[-1])
    hand = sum(1 << c for c in cards[:12])
    listed = talon.discards(rs, won, hand)
    assert fast_talon.discards(rs, won, hand) == listed
    for a, b in itertools.combinations(cards[:12:3], 2):
        pair = 1 << a | 1 << b
        assert fast_talon.discards(rs, won, hand, only=pair) == \
            talon.discards(rs, won, hand, only=pair)
