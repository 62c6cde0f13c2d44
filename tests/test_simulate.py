"""The fast random-deal simulator (stolik.games.baska.simulate and its kernel, fastplay).

Its records must replay through the reference engine (RULES §11) to the same payouts
(RULES §5, §7) and bok-rounds (RULES §6); at every step its random bot must see exactly the
legal calls (RULES §4) and cards (RULES §3) the engine sees; deals must be uniform (RULES §1).
Besides the three shipped rulesets, each test also runs a variant without solo contracts,
written as a user's own ruleset file would be: there most auctions end in the plain game,
cicha or wesele, so doubling chains, the first-doubler rules and the 2 v 2 categories are
exercised far more often than by random bidding in the full ladder; and one with seven
invented solos on top of `mester-sport`'s ladder (doubling limits 0–2, both card orders,
both goals), long enough for the simulator to build its call tables lazily.
"""

from __future__ import annotations

import random
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.games.baska.deck import DECK
from stolik.games.baska.fastplay import (
    CARDS_OF_MASK,
    DEAL_COUNT,
    deal_table,
    legal_calls_of_mask,
    run_kernel,
    tables_for,
)
from stolik.games.baska.laid_down import is_laid_down
from stolik.games.baska.record import (
    DealRecord,
    SeriesResult,
    replay,
    replay_deal,
    series_record,
)
from stolik.games.baska.ruleset import Ruleset, load_ruleset, parse_ruleset
from stolik.games.baska.scoring import score
from stolik.games.baska.simulate import SimulationResult, simulate
from stolik.games.baska.state import Deal

SHIPPED = ("pucka-2019", "mester-sport", "linia")


def shipped_text(ruleset_id: str) -> str:
    folder = resources.files("stolik.games.baska") / "rulesets"
    return (folder / f"{ruleset_id}.toml").read_text(encoding="utf-8")


def without_solos(ruleset_id: str) -> str:
    """The TOML of a shipped ruleset with its solo contracts dropped and a new id."""
    text = shipped_text(ruleset_id)
    head, *blocks = text.split("[[contract]]")
    last, tail = blocks[-1].split("\n[revoke]")
    blocks[-1] = last
    kept = "".join("[[contract]]" + b for b in blocks if 'kind = "solo"' not in b)
    head = head.replace(f'id = "{ruleset_id}"', f'id = "{ruleset_id}-bez-solo"', 1)
    return head + kept + "\n[revoke]" + tail


def long_ladder(ruleset_id: str, extra: int) -> str:
    """The TOML of a shipped ruleset with ``extra`` more solo contracts on top of its
    ladder (a league's invention; it makes the simulator's call tables lazy)."""
    text = shipped_text(ruleset_id).replace(f'id = "{ruleset_id}"',
                                            f'id = "{ruleset_id}-dluga"', 1)
    head, tail = text.split("\n[revoke]")
    solos = "".join(
        f'\n[[contract]]\nid = "solo-{i}"\nkind = "solo"\norder = "{"gran" if i % 2 else "normal"}"'
        f'\ngoal = "{"all-tricks" if i % 3 == 0 else "points"}"\nwin = {i}\nloss = {i}'
        f"\nmax_level = {i % 3}\n"
        for i in range(1, extra + 1)
    )
    return head + solos + "\n[revoke]" + tail


VARIANTS: dict[str, Ruleset] = {
    rid: load_ruleset(rid) for rid in SHIPPED
} | {
    f"{rid}-bez-solo": parse_ruleset(without_solos(rid), source=f"{rid}-bez-solo")
    for rid in SHIPPED
} | {"mester-sport-dluga": parse_ruleset(long_ladder("mester-sport", 7), source="dluga")}
ALL = tuple(VARIANTS)


def replayed(r: SimulationResult) -> SeriesResult:
    return replay(series_record(r.ruleset, r.records))


def game_id(result_contract: str | None) -> str:
    return result_contract or "zwykla"


# ---------------------------------------------------------------- replay


@pytest.mark.parametrize("name", ALL)
def test_records_replay_to_the_same_payouts(name: str) -> None:
    """RULES §11: every simulated deal is a legal record; RULES §5, §7: replaying it
    settles each deal to the payout the simulator computed; RULES §6: bok-rounds agree."""
    rs = VARIANTS[name]
    r = simulate(rs, 1500, seed=20190921, first_dealer=3)
    res = replayed(r)
    assert tuple(x.payout for x in res.results) == r.payouts
    assert res.totals == r.totals
    assert sum(r.totals) == 0
    assert r.bok_deals == sum(x.bok_deal for x in res.results)
    played = Counter(game_id(x.contract) for x in res.results)
    assert {g: n for g, n in r.games.items() if n} == dict(played)
    assert list(r.games) == ["zwykla", "cicha", *(c.id for c in rs.ladder)]
    if name.endswith("bez-solo"):
        # The variants reach the rare paths: cicha, wesele, doublings up to the top.
        assert r.games["zwykla"] and r.games["cicha"] and r.games["wesele"]
        assert {x.level for x in res.results} == set(range(rs.zwykla.max_level + 1))
        assert {x.category for x in res.results} >= {"z_wyjsciem", "bez_wyjscia", "bez_bitki"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**128), name=st.sampled_from(ALL),
       first_dealer=st.integers(min_value=0, max_value=3))
def test_any_seed_replays(seed: int, name: str, first_dealer: int) -> None:
    """RULES §9, §11: a series from any seed and first dealer replays exactly; the dealer
    moves one seat clockwise each deal."""
    r = simulate(VARIANTS[name], 40, seed=seed, first_dealer=first_dealer)
    assert [d.dealer for d in r.records] == [(first_dealer + i) % 4 for i in range(40)]
    assert tuple(x.payout for x in replayed(r).results) == r.payouts


def test_user_ruleset_file(tmp_path: Path) -> None:
    """A league's own ruleset file (RULES §4 ladder as data) is simulated like a shipped
    one: nothing in the simulator depends on a ruleset's id."""
    path = tmp_path / "moja-liga.toml"
    path.write_text(without_solos("pucka-2019").replace('id = "pucka-2019-bez-solo"',
                                                        'id = "moja-liga"'), encoding="utf-8")
    rs = load_ruleset(str(path))
    r = simulate(rs, 300, seed=5)
    assert rs.id == "moja-liga"
    assert tuple(x.payout for x in replayed(r).results) == r.payouts


# ---------------------------------------------------------------- legality


def drive(rs: Ruleset, deals: int, seed: int) -> tuple[int, int]:
    """Run the kernel with its trace and a reference Deal alongside: at every auction step
    the kernel's legal calls equal Deal.legal_calls(), at every card its legal cards equal
    Deal.legal_mask(). Returns the numbers of calls and cards checked."""
    t = tables_for(rs)
    trace: list[int] = []
    out = run_kernel(t, deals, random.Random(seed), keep=True, trace=trace)
    k = calls = cards = 0
    for rec in out.records:
        deal = Deal(rs, rec.dealer, rec.hand_masks())
        for seat, call in rec.auction:
            assert deal.to_act == seat
            mine = legal_calls_of_mask(t, trace[k], deal.level)
            assert len(set(mine)) == len(mine)
            assert set(mine) == set(deal.legal_calls()), (rec, calls)
            assert call in mine
            deal.call(call)
            k += 1
            calls += 1
        for seat, card in rec.play:
            assert deal.to_act == seat
            assert trace[k] == deal.legal_mask(), (rec, cards)
            deal.play(card)
            k += 1
            cards += 1
        assert deal.is_over
    assert k == len(trace)
    return calls, cards


@pytest.mark.parametrize("name", ALL)
def test_legal_calls_and_cards_equal_the_engine(name: str) -> None:
    """RULES §4 (ladder order, requirements, wesele first round / opening only, doubling
    chain and who may double first, a new contract voids doublings, the end of the auction)
    and RULES §3 (follow, beat, trump): the random bot chooses from exactly the engine's
    legal calls and cards at every step."""
    calls, cards = drive(VARIANTS[name], 250, seed=len(name))
    assert calls >= 4 * 250
    assert cards > 0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), name=st.sampled_from(ALL))
def test_legal_sets_from_any_seed(seed: int, name: str) -> None:
    """RULES §3, §4: as above, for series from arbitrary seeds."""
    drive(VARIANTS[name], 12, seed)


# ---------------------------------------------------------------- determinism


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=-(2**70), max_value=2**70), name=st.sampled_from(SHIPPED))
def test_same_seed_same_records(seed: int, name: str) -> None:
    """The same seed gives the same series; another seed another one."""
    rs = VARIANTS[name]
    a = simulate(rs, 30, seed=seed)
    b = simulate(rs, 30, seed=seed)
    c = simulate(rs, 30, seed=seed + 1)
    assert a.records == b.records and a.payouts == b.payouts and a.totals == b.totals
    assert a.records != c.records


def test_keeping_records_does_not_change_the_series() -> None:
    """Records are a by-product: the random stream, and so the series, is the same."""
    rs = VARIANTS["linia"]
    kept = simulate(rs, 2000, seed=3)
    lean = simulate(rs, 2000, seed=3, keep_records=False)
    assert lean.records == ()
    assert (lean.payouts, lean.games, lean.totals, lean.bok_deals) == (
        kept.payouts, kept.games, kept.totals, kept.bok_deals)


# ---------------------------------------------------------------- bok-rounds


def bok_flags(ties: list[bool], bok_round_deals: int) -> list[bool]:
    """RULES §6 from the ties alone: a tie makes the next N deals doubled; a tie during a
    bok-round adds N more after the pending ones; no deal is doubled twice."""
    pending = 0
    out = []
    for tie in ties:
        out.append(pending > 0)
        pending = max(pending - 1, 0) + (bok_round_deals if tie else 0)
    return out


def test_bok_round_doubles_the_next_deals_in_linia() -> None:
    """RULES §6: in `linia` a 52:52 deal makes the next four deals worth double, and a bok
    during a bok-round adds four more doubled deals after the pending ones."""
    rs = VARIANTS["linia"]
    assert rs.series.bok_round_deals == 4
    r = simulate(rs, 800, seed=52)
    res = replayed(r)
    ties = [x.tie for x in res.results]
    flags = bok_flags(ties, 4)
    first = ties.index(True)
    assert flags[first + 1: first + 5] == [True] * 4
    # A tie inside a bok-round happens in this series, and extends it.
    assert any(t and f for t, f in zip(ties, flags, strict=True))
    assert r.bok_deals == sum(flags) > 8
    for x, paid, doubled in zip(res.results, r.payouts, flags, strict=True):
        plain = score(rs, x.game, x.points, x.tricks).payout
        assert paid == (tuple(2 * v for v in plain) if doubled else plain)
        assert x.bok_deal == doubled
        assert x.mult == (1 << x.level) * (2 if doubled else 1)


def test_no_bok_rounds_where_the_ruleset_has_none() -> None:
    """RULES §6: only `linia` plays bok-rounds; a 52:52 elsewhere doubles nothing."""
    rs = VARIANTS["pucka-2019"]
    r = simulate(rs, 800, seed=52)
    res = replayed(r)
    assert any(x.tie for x in res.results)
    assert r.bok_deals == 0
    assert not any(x.bok_deal for x in res.results)


# ---------------------------------------------------------------- uniformity


def test_deal_table_is_a_bijection() -> None:
    """RULES §1: the deal numbers 0 … 16!/(4!)^4 − 1 decode to every deal exactly once,
    so one uniform number is one uniform deal. Each half-deal (cards 0–7, cards 8–15) is
    listed once, and each block pairs the lows of one split of seat counts with every high
    of the complementary split."""
    t = deal_table()
    assert t.starts[0] == 0
    all_lows: set[int] = set()
    total = 0
    for (start, nh, lows, highs), s in zip(t.blocks, t.starts, strict=True):
        assert start == s == total
        assert nh == len(highs) == len(set(highs))
        all_lows.update(lows)
        counts = {tuple((lo >> (16 * seat) & 0xFFFF).bit_count() for seat in range(4))
                  for lo in lows}
        assert len(counts) == 1
        for hi in highs[:50]:
            deal = lows[0] | hi
            assert all((deal >> (16 * seat) & 0xFFFF).bit_count() == 4 for seat in range(4))
            assert sum(deal >> (16 * seat) & 0xFFFF for seat in range(4)) == 0xFFFF
            assert lows[0] & 0xFF00_FF00_FF00_FF00 == 0 and hi & 0x00FF_00FF_00FF_00FF == 0
        total += len(lows) * len(highs)
    assert total == DEAL_COUNT == 63_063_000
    assert len(all_lows) == sum(len(b[2]) for b in t.blocks)
    assert t.packed(0) != t.packed(DEAL_COUNT - 1)


def test_cards_are_dealt_evenly() -> None:
    """RULES §1: over many deals each card lands in each seat about a quarter of the time,
    and a hand's four cards are any four (the pairs of cards held together are even too)."""
    n = 20000
    r = simulate(VARIANTS["pucka-2019"], n, seed=1)
    where = Counter((seat, c) for d in r.records for seat, h in enumerate(d.hands) for c in h)
    for seat in range(4):
        for card in range(16):
            assert 0.235 < where[seat, card] / n < 0.265
    together = Counter((a, b) for d in r.records for h in d.hands
                       for a in h for b in h if a < b)
    for a in range(16):
        for b in range(a + 1, 16):
            # P(two given cards in one hand) = 4 × (4/16) × (3/15) = 0.2
            assert 0.18 < together[a, b] / n < 0.22


def test_random_bot_is_uniform() -> None:
    """The bot picks uniformly among the legal calls (RULES §4) and cards (RULES §3):
    the first speaker's calls when he may bid any solo or double the plain game (RULES §4,
    dead doublings: every seat may) and nothing else, and the opening lead's position in
    the leader's hand, are each about evenly spread."""
    rs = VARIANTS["pucka-2019"]
    t = tables_for(rs)
    trace: list[int] = []
    out = run_kernel(t, 16000, random.Random(9), keep=True, trace=trace)
    solos = {"pass", "gran", "zolo", "gran-du", "zolo-du", "double"}
    first_calls: Counter[str] = Counter()
    leads: Counter[int] = Counter()
    k = 0
    for rec in out.records:
        legal = {c.contract or c.kind for c in legal_calls_of_mask(t, trace[k], 0)}
        if legal == solos:
            call = rec.auction[0][1]
            first_calls[call.contract or call.kind] += 1
        k += len(rec.auction) + len(rec.play)
        if rec.play:
            leader, card = rec.play[0]
            leads[CARDS_OF_MASK[DECK.mask_of(rec.hands[leader])].index(card)] += 1
    assert set(first_calls) == solos
    n = sum(first_calls.values())
    assert n > 6000
    assert all(0.15 < v / n < 0.19 for v in first_calls.values())
    assert len(leads) == 4
    assert all(0.23 < v / sum(leads.values()) < 0.27 for v in leads.values())


# ---------------------------------------------------------------- interface


def test_progress_and_result_fields() -> None:
    """The CLI's progress bar: called after every 1000 deals and at the end."""
    seen: list[int] = []
    r = simulate(VARIANTS["mester-sport"], 2500, seed=4, first_dealer=1, progress=seen.append)
    assert seen == [1000, 2000, 2500]
    assert (r.deals, r.seed, r.first_dealer, r.ruleset.id) == (2500, 4, 1, "mester-sport")
    assert len(r.records) == len(r.payouts) == 2500
    assert all(isinstance(d, DealRecord) for d in r.records)
    assert r.seconds > 0 and r.deals_per_second > 0
    assert sum(r.games.values()) == 2500
    empty: list[int] = []
    z = simulate(VARIANTS["mester-sport"], 0, seed=4, progress=empty.append)
    assert (z.records, z.payouts, z.totals, empty) == ((), (), (0, 0, 0, 0), [0])


@pytest.mark.parametrize("deals, first_dealer", [(-1, 0), (10, 4), (10, -1)])
def test_bad_arguments(deals: int, first_dealer: int) -> None:
    """A negative count or a seat outside 0–3 (RULES §1) is refused."""
    with pytest.raises(ValueError):
        simulate(VARIANTS["linia"], deals, seed=1, first_dealer=first_dealer)


@pytest.mark.parametrize("name", SHIPPED)
def test_laid_down_limits_equal_the_engine(name: str) -> None:
    """RULES §7: a laid-down solo or cicha accepts only the ruleset's laid-down number of
    doublings — the kernel offers exactly the engine's doublings in series where such
    games come up (counted below, so that the test cannot pass vacuously)."""
    rs = load_ruleset(name)
    drive(rs, 1000, seed=11)
    out = run_kernel(tables_for(rs), 1000, random.Random(11), keep=True)
    laid = 0
    for rec in out.records:
        deal = replay_deal(rs, rec)
        g = deal.game
        if g is not None and g.declarer is not None and g.contract.kind in ("solo", "cicha"):
            laid += is_laid_down(rs, g.contract, deal.initial_hands[g.declarer],
                                 (g.declarer - deal.forehand) % 4)
        laid += len(deal.announcements)  # announced in the auction, even if overbid later
    assert laid > 0, "no laid-down game came up: the test proves nothing"
