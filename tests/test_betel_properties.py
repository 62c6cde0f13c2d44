"""Properties of the Betel engine over random deals (BETEL §1–§6), bounded for CI: a
legal move always exists, the auction always ends, ten tricks of three, simulated and
engine records round trip and replay to the same scores, and no view ever holds a dubel
card its seat did not see or another seat's unplayed card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.games.betel.calls import Action
from stolik.games.betel.deck import ASCII_NAMES, DECK, cards_of
from stolik.games.betel.record import (
    dumps_record,
    parse_record,
    record_of,
    replay,
    series_record,
)
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.simulate import simulate
from stolik.games.betel.state import Deal
from stolik.records import loads_document

RS = load_ruleset("gps-2022")
PROPS = settings(max_examples=40, deadline=None, derandomize=True)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
MAX_MOVES = 3 * (2 + 31 * 2 * 31) + 30
"""A bound no deal passes (BETEL §3): at most 30 kontras (one per contract), so at most 31
climbs of at most 30 contracts and a kontra, each after at most one pass; at most three
steps a call (a dubel action, or take and lay, then the call); 30 cards."""


def names_in(text: str) -> set[int]:
    """The cards named in a call's text."""
    return {DECK.parse_card(w) for w in text.split() if w.upper() in ASCII_NAMES}


def check_views(d: Deal, seen: list[set[int]]) -> None:
    """Each seat's view holds its own hand, cards played, and only dubel cards it saw."""
    p = d.pos
    played = {c for t in p.history for c in t.cards} | {c for _, c in p.trick}
    for seat in range(3):
        v = d.view(seat)
        own = set(cards_of(p.hands[seat]))
        assert set(v.hand) == own
        allowed = own | played | seen[seat]
        assert {c for c in v.dubel if c is not None} <= seen[seat]
        # a known dubel card lies there now (another's exchange makes knowledge stale)
        assert all(c is None or c == p.dubel[i] for i, c in enumerate(v.dubel))
        assert set(v.dubel_seen) <= seen[seat]
        for s, text in v.calls:
            named = names_in(text)
            assert named <= allowed
            if s != seat:
                assert not named               # another's look or lay names nothing
        for m in v.legal:
            cards = set(m.cards) if isinstance(m, Action) else {m}
            assert cards <= own
        if d.to_act != seat:
            assert v.legal == ()


def play_random(d: Deal, rng: random.Random, views: bool) -> None:
    seen: list[set[int]] = [set(), set(), set()]
    moves = 0
    while not d.is_over:
        legal = d.legal_moves()
        assert legal, "a legal move always exists"
        seat = d.to_act
        assert seat is not None
        m = rng.choice(legal)
        if isinstance(m, Action) and m.kind in ("look", "take"):
            dubel = d.pos.dubel
            seen[seat] |= {dubel[m.pos]} if m.kind == "look" and m.n == 1 else set(dubel)
        if isinstance(m, Action) and m.kind == "lay":
            seen[seat] |= set(m.cards)
        d.move(m)
        moves += 1
        assert moves <= MAX_MOVES, "the auction always ends"
        if views:
            check_views(d, seen)


@PROPS
@given(seeds, st.integers(0, 2))
def test_random_deals_end_with_ten_tricks_of_three(seed: int, dealer: int) -> None:
    """BETEL §1: ten tricks of three, thirty different cards played; BETEL §3: a legal move
    always exists, the auction always ends, a dubel card is seen only by a seat that
    looked at it, took it or laid it (no view holds another seat's unplayed card)."""
    rng = random.Random(seed)
    d = Deal.random(RS, dealer, rng)
    play_random(d, rng, views=True)
    assert len(d.history) == 10 and all(len(t.cards) == 3 for t in d.history)
    assert sum(d.pos.tricks) == 10 and d.pos.hands == (0, 0, 0)
    played = [c for t in d.history for c in t.cards]
    assert len(set(played)) == 30


@PROPS
@given(seeds)
def test_engine_records_round_trip_and_replay(seed: int) -> None:
    """BETEL §6: an engine-played match's record round trips exactly in TOML and JSON and
    replays to the engine's results."""
    rng = random.Random(seed)
    deals = []
    for i in range(2):
        d = Deal.random(RS, i, rng)
        play_random(d, rng, views=False)
        deals.append(d)
    rec = series_record(RS, [record_of(d) for d in deals])
    for fmt in ("toml", "json"):
        again = parse_record(loads_document(dumps_record(rec, fmt), fmt))
        assert again == rec
    assert replay(rec).results == tuple(d.result() for d in deals)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seeds, st.integers(0, 2))
def test_simulated_records_replay_to_the_same_scores(seed: int, first: int) -> None:
    """BETEL §6: simulated deals, written as a record, replay to the simulation's scores per
    deal (BETEL §5) and parse back to the same deals."""
    r = simulate(RS, 40, seed=seed, first_dealer=first, match=False)
    series = replay(series_record(RS, r.records))
    assert tuple(x.scores for x in series.results) == r.scores
    text = dumps_record(series_record(RS, r.records))
    assert parse_record(loads_document(text, "toml")).deals == r.records
