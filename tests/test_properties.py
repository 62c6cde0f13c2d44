"""Properties of the engine over random deals driven by random legal calls and cards.

For every ruleset, dealer and deal (sometimes stacked so that one seat holds four of a rank,
which makes the honours reachable):

- a legal call or card always exists while someone is to act, and the legal cards are a
  subset of the hand; every legal card/call passes the engine's own check, every other card
  in the hand is refused with a reason;
- payouts sum to zero; the four tricks hold all 104 card points (unless an honour settled
  the deal, or a referee's revoke stopped it);
- undo back to the start restores the initial position, and replaying the log gives the
  same result;
- each played deal's record — record_of, series_record, dumps_record as TOML and as JSON,
  parse, replay — replays to the same result, for single deals and for series (bok-rounds);
- view(seat) never reveals another seat's unplayed cards: its cards are the seat's own hand
  and cards already played, and swapping two unplayed cards between two other hands leaves
  the view unchanged;
- a mangled record is either still valid or refused with a one-line RecordError.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stolik.errors import IllegalMove, RecordError, StolikError
from stolik.games.baska import Deal, Op, load_ruleset
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.claims import claim_is_certain
from stolik.games.baska.deck import DECK, TOTAL_POINTS, points
from stolik.games.baska.record import (
    dumps_record,
    parse_record,
    record_document,
    record_of,
    replay,
    series_record,
)
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import DealResult
from stolik.records import loads_document

RULESETS: tuple[Ruleset, ...] = tuple(load_ruleset(r) for r in ("pucka-2019", "mester-sport",
                                                                  "linia"))
EXAMPLES = int(os.environ.get("STOLIK_PROPERTY_EXAMPLES", "300"))
"""Examples per property; set STOLIK_PROPERTY_EXAMPLES higher for a deep run."""
SETTINGS = settings(deadline=None, max_examples=EXAMPLES,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands_strategy(draw: st.DrawFn) -> list[int]:
    """Four hands of four cards; a quarter of the time one seat gets four of a rank."""
    cards = list(draw(st.permutations(range(16))))
    if draw(st.integers(0, 3)) == 0:
        rank = draw(st.integers(0, 3))  # A T Q J
        seat = draw(st.integers(0, 3))
        four = [4 * suit + rank for suit in range(4)]
        rest = [c for c in cards if c not in four]
        rest[4 * seat:4 * seat] = four
        cards = rest
    return [DECK.mask_of(cards[4 * i:4 * i + 4]) for i in range(4)]


deals = st.tuples(st.sampled_from(RULESETS), st.integers(0, 3), hands_strategy(),
                  st.integers(0, 2**32 - 1))


def drive(deal: Deal, rng: random.Random, *, bid_rate: float = 0.3,
          revoke_rate: float = 0.0, stop_after: int | None = None) -> None:
    """Play ``deal`` on with random legal calls and cards, checking the per-step invariants;
    stop when it is over (or after ``stop_after`` operations)."""
    steps = 0
    while not deal.is_over and (stop_after is None or steps < stop_after):
        steps += 1
        seat = deal.to_act
        assert seat is not None
        check_cards_partition(deal)
        if deal.phase == "auction":
            calls = deal.legal_calls()
            assert PASS in calls
            assert deal.legal_mask() == 0
            for call in calls:
                assert deal.why_not_call(call) is None
                assert deal.why_not_call(call, (seat + 1) % 4) is not None  # out of turn
            doubles = [c for c in calls if c.kind == "double"]
            assert all(c.level == deal.level + 1 for c in doubles)
            bids = [c for c in calls if c.kind != "pass"]
            if not bids or rng.random() >= bid_rate:
                deal.call(PASS)
            elif doubles and rng.random() < 0.5:
                deal.call(doubles[0])  # doublings up to the highest level happen
            else:
                # Lower contracts (wesele above all) first, so that not every game is a du.
                deal.call(min(rng.sample(bids, min(2, len(bids))),
                              key=lambda c: rs_rank(deal, c)))
            continue
        hand = deal.hands[seat]
        legal = deal.legal_mask()
        assert legal != 0, "someone is to play but has no legal card"
        assert legal & ~hand == 0, "a legal card outside the hand"
        assert sorted(deal.legal_cards()) == DECK.cards_of(legal)
        assert deal.legal_calls() == []
        for card in DECK.cards_of(hand):
            why = deal.why_not_card(card)
            assert (why is None) == bool(legal >> card & 1)
            if why is not None:
                assert why.endswith("(RULES §3)") and "\n" not in why
        for card in DECK.cards_of(DECK.full_mask & ~hand):
            assert deal.why_not_card(card) is not None
        if revoke_rate and rng.random() < revoke_rate and deal.why_not_revoke(seat) is None:
            deal.record_revoke(seat)
            break
        deal.play(rng.choice(DECK.cards_of(legal)))


def rs_rank(deal: Deal, call: Call) -> int:
    """Ladder rank of a contract call (doublings count as the top)."""
    return deal.rs.contract(call.contract).rank if call.contract else 99


def check_cards_partition(deal: Deal) -> None:
    """Hands in hand and cards played are disjoint and together the 16 cards."""
    played = [op.card for op in deal.log if op.kind == "card" and op.card is not None]
    held = 0
    for h in deal.hands:
        assert held & h == 0
        held |= h
    assert held & DECK.mask_of(played) == 0
    assert held | DECK.mask_of(played) == DECK.full_mask
    assert len(set(played)) == len(played)


def check_result(deal: Deal, result: DealResult) -> None:
    assert sum(result.payout) == 0
    assert deal.to_act is None and deal.phase == "done"
    assert deal.legal_calls() == [] and deal.legal_mask() == 0
    honour = result.game.contract.kind == "honour"
    if honour:
        assert result.points == (0, 0, 0, 0) and not deal.history
        assert set(result.winners) == {result.declarer}
    elif result.revoke is None:
        assert sum(result.points) == TOTAL_POINTS
        assert sum(result.tricks) == 4 and len(deal.history) == 4
        assert sorted(c for t in deal.history for c in t.cards) == list(range(16))
        team_points = sum(result.points[s] for s in result.game.team)
        assert result.tie == (2 * team_points == TOTAL_POINTS)
    else:
        assert sum(result.points) == sum(points(DECK.mask_of(t.cards)) for t in deal.history)
        assert sum(result.tricks) == len(deal.history) < 4
        assert not result.tie
        assert result.payout[result.revoke] < 0
    assert result.winners and all(result.payout[s] > 0 for s in result.winners)
    assert all(result.payout[s] < 0 for s in range(4) if s not in result.winners)
    assert result.mult == (1 << result.level) * (2 if result.bok_deal else 1)


def same_result(a: DealResult, b: DealResult) -> None:
    assert a.to_json() == b.to_json()
    assert a.game.team == b.game.team and a.game.partner == b.game.partner


def round_trip(rs: Ruleset, deals_: list[Deal]) -> None:
    """record_of → series_record → TOML and JSON text → parse → replay: the same results."""
    record = series_record(rs, [record_of(d) for d in deals_], ["N", "E", "S", "W"])
    for fmt in ("toml", "json"):
        text = dumps_record(record, fmt)
        again = parse_record(loads_document(text, fmt))
        assert again == record
        replayed = replay(again)
        assert len(replayed.results) == len(deals_)
        for live, r in zip(deals_, replayed.results, strict=True):
            same_result(live.result(), r)


# ---------------------------------------------------------------- the properties


@SETTINGS
@given(deals, st.booleans())
def test_random_deal_invariants_and_record_round_trip(
        case: tuple[Ruleset, int, list[int], int], with_revoke: bool) -> None:
    rs, dealer, hands, seed = case
    rng = random.Random(seed)
    deal = Deal(rs, dealer, hands)
    drive(deal, rng, revoke_rate=0.08 if with_revoke else 0.0)
    result = deal.result()
    check_result(deal, result)
    round_trip(rs, [deal])


@SETTINGS
@given(deals)
def test_undo_to_start_restores_the_initial_position(
        case: tuple[Ruleset, int, list[int], int]) -> None:
    rs, dealer, hands, seed = case
    rng = random.Random(seed)
    fresh = Deal(rs, dealer, hands)
    deal = Deal(rs, dealer, hands)
    drive(deal, rng, revoke_rate=0.05)
    first = deal.result()
    log = list(deal.log)
    # A clone is independent of the deal it came from.
    twin = deal.clone()
    undone: list[Op] = []
    while deal.log:
        undone.append(deal.undo())
    assert undone[::-1] == log
    assert twin.log == log and twin.is_over
    assert deal.phase == "auction" and deal.to_act == fresh.to_act == (dealer + 2) % 4
    assert deal.hands == fresh.hands == tuple(hands)
    assert deal.legal_calls() == fresh.legal_calls()
    assert deal.contract is None and deal.level == 0 and deal.game is None
    assert deal.points == (0, 0, 0, 0) and deal.tricks == (0, 0, 0, 0)
    assert deal.trick == () and deal.history == ()
    for seat in range(4):
        assert deal.view(seat) == fresh.view(seat)
    # Replaying the log gives the same result.
    for op in log:
        deal.apply(op)
    same_result(deal.result(), first)


@SETTINGS
@given(deals, st.integers(0, 40), st.data())
def test_view_never_reveals_unplayed_cards_of_other_seats(
        case: tuple[Ruleset, int, list[int], int], stop: int, data: st.DataObject) -> None:
    rs, dealer, hands, seed = case
    rng = random.Random(seed)
    deal = Deal(rs, dealer, hands)
    drive(deal, rng, stop_after=stop)
    played = {op.card for op in deal.log if op.kind == "card" and op.card is not None}
    for seat in range(4):
        v = deal.view(seat)
        own = set(DECK.cards_of(deal.hands[seat]))
        assert set(v.hand) == own
        shown = {c for _, c in v.plays} | {c for _, c in v.trick}
        if v.last_trick is not None:
            shown |= set(v.last_trick.cards)
        assert shown <= played
        assert set(v.legal_cards) <= own
        if v.to_act != seat:
            assert v.legal_cards == () and v.legal_calls == ()
    # Swapping two unplayed cards between two other seats changes nothing the viewer sees.
    viewer = data.draw(st.integers(0, 3))
    a, b = data.draw(st.permutations([s for s in range(4) if s != viewer]))[:2]
    free_a = DECK.cards_of(deal.hands[a])
    free_b = DECK.cards_of(deal.hands[b])
    if not free_a or not free_b:
        return
    ca, cb = data.draw(st.sampled_from(free_a)), data.draw(st.sampled_from(free_b))
    swapped = list(hands)
    swapped[a] ^= (1 << ca) | (1 << cb)
    swapped[b] ^= (1 << ca) | (1 << cb)
    assert_indistinguishable_alike(deal, Deal(rs, dealer, swapped), viewer)


def assert_indistinguishable_alike(deal: Deal, other: Deal, viewer: int) -> None:
    """Replay ``deal``'s history on ``other`` (the same cards for ``viewer``, other hidden
    hands) step by step: as long as ``viewer`` cannot tell them apart, he must see the same
    view — the same legal calls and cards —, get the same refusal for every call, and the
    same claim verdict (hidden information; RULES §4 dead doublings, §7 laid-down status is
    public). The two can part only by a public laid-down announcement (RULES §7) — the
    cards themselves never show — or by a history the other layout cannot replay."""
    rs = deal.rs
    calls = [PASS, *(Call("contract", c.id) for c in rs.ladder),
             *(Call("double", level=n) for n in range(1, len(rs.doublings) + 1))]
    walk = Deal(rs, deal.dealer, deal.initial_hands, bok_deal=deal.bok_deal)
    for step in range(len(deal.log) + 1):
        mine, theirs = walk.view(viewer), other.view(viewer)
        if mine != theirs:
            assert mine.announcements != theirs.announcements, (step, mine, theirs)
            return
        if walk.to_act == viewer and walk.phase == "auction":
            assert [walk.why_not_call(c) for c in calls] == \
                [other.why_not_call(c) for c in calls]
        if (walk.to_act == viewer and walk.phase == "play"
                and DECK.full_mask.bit_count() - len(mine.plays) - len(mine.hand) <= 6):
            assert claim_is_certain(walk, viewer) == claim_is_certain(other, viewer), step
        if step == len(deal.log):
            return
        op = deal.log[step]
        walk.apply(op)
        try:
            other.apply(op)
        except IllegalMove:
            return  # the other layout could not have made this public history


@settings(deadline=None, max_examples=max(1, EXAMPLES // 6),
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 3), st.integers(1, 10),
       st.integers(0, 2**32 - 1))
def test_series_replays_with_bok_rounds(rs: Ruleset, first_dealer: int, n: int,
                                        seed: int) -> None:
    """A series played live — bok-round deals marked as RULES §6 says — replays from its
    record to the same deals, totals and place points."""
    rng = random.Random(seed)
    played: list[Deal] = []
    pending = 0
    for i in range(n):
        bok = pending > 0
        pending -= 1 if bok else 0
        deal = Deal.random(rs, (first_dealer + i) % 4, rng, bok_deal=bok)
        # Pass more often so that plain games (where 52:52 happens) are common.
        drive(deal, rng, bid_rate=0.1, revoke_rate=0.02)
        r = deal.result()
        check_result(deal, r)
        if r.tie:
            pending += rs.series.bok_round_deals
        played.append(deal)
    round_trip(rs, played)
    record = series_record(rs, [record_of(d) for d in played])
    result = replay(record)
    totals = [sum(d.result().payout[s] for d in played) for s in range(4)]
    assert list(result.totals) == totals
    assert [r.bok_deal for r in result.results] == [d.bok_deal for d in played]
    assert len(result.place_points) == 4
    assert sum(result.place_points) >= sum(rs.series.place_points) - 1e-9


MUTATIONS = ("drop", "duplicate", "swap", "seat", "card", "truncate")


@SETTINGS
@given(deals, st.sampled_from(MUTATIONS), st.sampled_from(("auction", "play", "hands")),
       st.data())
def test_mangled_records_are_refused_in_one_line(
        case: tuple[Ruleset, int, list[int], int], how: str, key: str,
        data: st.DataObject) -> None:
    rs, dealer, hands, seed = case
    deal = Deal(rs, dealer, hands)
    drive(deal, random.Random(seed), revoke_rate=0.05)
    doc: dict[str, Any] = json.loads(json.dumps(
        record_document(series_record(rs, [record_of(deal)]))))
    entries: list[str] = doc["deal"][0].get(key, [])
    if not entries:
        return
    i = data.draw(st.integers(0, len(entries) - 1))
    j = data.draw(st.integers(0, len(entries) - 1))
    if how == "drop":
        del entries[i]
    elif how == "duplicate":
        entries.insert(i, entries[i])
    elif how == "swap":
        entries[i], entries[j] = entries[j], entries[i]
    elif how == "seat":
        text = entries[i]
        entries[i] = str(data.draw(st.integers(0, 4))) + text[1:] if key != "hands" else \
            text[:-1] + "X"
    elif how == "card":
        card = DECK.name(data.draw(st.integers(0, 15)), ascii=True)
        words = entries[i].split()
        words[-1] = card
        entries[i] = " ".join(words)
    else:
        del entries[i:]
    doc["deal"][0][key] = entries
    try:
        result = replay(parse_record(doc))
    except RecordError as e:
        message = str(e)
        assert "\n" not in message
        assert message.startswith("deal 1"), message
        assert message.endswith(")"), message
        return
    except StolikError as e:  # pragma: no cover - a failure
        raise AssertionError(f"not a RecordError: {type(e).__name__}: {e}") from e
    assert sum(result.totals) == 0


def test_view_during_a_wesele_of_a_seat_without_partner_cards() -> None:
    """Regression: the viewer holds no partner card and the declarer's two free places
    cannot hold all three — the view used to try that placement and crash."""
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 0, ["JC JS JH AH", "TH QH QD JD", "QC QS AD TD", "AC TC AS TS"])
    deal.call("wesele")  # seat 2
    v = deal.view(3)
    assert v.contract == "wesele" and v.declarer == 2
    assert v.sides[2] == 0 and v.sides[3] == 1
    for call in ("pass", "pass", "pass"):
        deal.call(call)
    assert deal.game is not None and deal.game.partner == 0
    assert deal.view(3).sides == (None, None, 0, 1)
    assert deal.view(0).sides == (0, 1, 0, 1)
