"""Properties of the Mariáš engine over random deals (issue 10 §4; MARIAS §2–§6, §11):
money sums to zero, 90 card points plus marriages, a legal move always exists, simulated
records replay to the same money, records round trip, and no view holds another seat's
unplayed card or the partner's identity before it is shown."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.games.marias.deck import TOTAL_POINTS, cards_of, marriages_in
from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.record import dumps_record, parse_record, record_of, replay, series_record
from stolik.games.marias.ruleset import load_ruleset, parse_ruleset, rs_text
from stolik.games.marias.simulate import simulate
from stolik.games.marias.state import Deal, Trick
from stolik.records import loads_document

RS = load_ruleset("ctyrka")
PROPS = settings(max_examples=60, deadline=None, derandomize=True)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def check_views(d: Deal) -> None:
    """No view holds another seat's unplayed card or the partner before he is shown: the
    called card's holder is known to another seat only once he announced, raised or played
    the called card, or when the public calls leave one seat who can hold it."""
    p = d.pos
    holder = p.partner if p.partner >= 0 else (d.chooser if p.soloist == d.chooser else -1)
    speakers: set[int] = set()
    called_played = False
    for op in d.log:
        if op.kind == "call" and op.call is not None and op.seat != d.chooser \
                and op.call.word not in ("nic", "pass", "dobry", "choose"):
            speakers.add(op.seat)
        if op.kind == "card" and op.card == p.called:
            called_played = True
    for seat in range(4):
        v = d.view(seat)
        own = d.first_four[seat] if p.phase == "choice" else p.hands[seat]
        assert set(v.hand) == set(cards_of(own))
        if seat != d.chooser:
            assert v.trump_card is None
            assert all(len(text.split()[0]) == len("trump=H") for s, text in v.calls
                       if s == d.chooser and text.startswith("trump="))
        if v.open_hands is not None:  # open betl only, from the second trick (seed §7)
            assert p.game == "betl" and p.history
        if holder < 0 or p.phase == "done" or p.trump == NO_TRUMPS or p.shown == 0b1111:
            continue
        revealed = called_played or (holder != d.chooser and holder in speakers)
        if seat == holder or revealed:
            continue
        if v.partner is not None or v.soloist is not None:
            others = [s for s in range(4) if s not in (seat, d.chooser)]
            candidates = [s for s in others if not (s in speakers and d.side(s) == 1)]
            if seat != d.chooser:
                candidates.append(d.chooser)  # he may be playing sám
            assert len(candidates) == 1, (seat, holder, speakers)


def check_finished_tricks(d: Deal) -> None:
    """MARIAS §3 last sentence, seed §9: of the finished tricks a view holds at most the
    seat's own last one (the last it took; in betl and durch the soloist collects every
    trick, seed §7), and no card of any other finished trick."""
    p = d.pos
    for seat in range(4):
        v = d.view(seat)
        if p.game in ("betl", "durch"):
            pile = list(p.history) if seat == p.soloist else []
        else:
            pile = [t for t in p.history if t.winner == seat]
        own = pile[-1] if pile else None
        assert v.last_trick == own
        for f in dataclasses.fields(v):  # no other field carries a finished trick
            value = getattr(v, f.name)
            items = value if isinstance(value, tuple) else (value,)
            assert not any(isinstance(x, Trick) for x in items) or f.name == "last_trick"
            assert not isinstance(value, Trick) or value == own
        shown = set(v.hand) | {c for _, c in v.trick} | set(own.cards if own else ())
        for h in v.open_hands or ():
            shown |= set(h)
        hidden = {c for t in p.history if t is not own for c in t.cards}
        assert not shown & hidden, (seat, shown & hidden)
        assert sum(v.taken) == len(p.history)


def play_out(seed: int, dealer: int, *, views: bool = False) -> Deal:
    rng = random.Random(seed)
    d = Deal.random(RS, dealer, rng)
    while not d.is_over:
        moves = d.legal_moves()
        assert moves, f"no legal move in the {d.phase}"  # a legal move always exists
        if views:
            check_views(d)
            check_finished_tricks(d)
        d.move(rng.choice(moves))
    if views:
        check_finished_tricks(d)
    return d


def approving(seed: int, dealer: int) -> Deal:
    """A random deal in which everybody approves: a trump game to the last trick."""
    rng = random.Random(seed)
    d = Deal.random(RS, dealer, rng)
    while not d.is_over:
        moves = d.legal_moves()
        assert moves
        if d.phase == "approval" and any(getattr(m, "word", "") == "dobry" for m in moves):
            moves = [m for m in moves if getattr(m, "word", "") == "dobry"]
        d.move(rng.choice(moves))
    return d


@PROPS
@given(seed=seeds, dealer=st.integers(0, 3))
def test_money_sums_to_zero_and_a_move_always_exists(seed: int, dealer: int) -> None:
    """MARIAS §6: money only changes hands; at most the cap between two players."""
    for d in (play_out(seed, dealer), approving(seed, dealer)):
        payouts = d.result().payouts
        assert sum(payouts) == 0
        assert all(abs(x) <= 3 * RS.cap for x in payouts)


@PROPS
@given(seed=seeds, dealer=st.integers(0, 3))
def test_ninety_card_points_plus_marriages(seed: int, dealer: int) -> None:
    """MARIAS §2: 90 card points in a deal played out; marriages 20, or 40 in trumps."""
    d = approving(seed, dealer)
    s = d.settlement()
    if s.end != "played":
        return
    assert sum(s.points) == TOTAL_POINTS
    held = sorted(40 if suit == s.trump else 20
                  for h in d.initial_hands for suit in marriages_in(h))
    assert sorted(s.marriages[0] + s.marriages[1]) == held
    announced = sorted(40 if suit == s.trump else 20 for _, suit in d.pos.marriages)
    assert announced == held  # every pair held is announced when first played


@PROPS
@given(seed=seeds, dealer=st.integers(0, 3))
def test_no_view_leaks(seed: int, dealer: int) -> None:
    """MARIAS §2–§4: hidden information is sacred."""
    play_out(seed, dealer, views=True)
    rng = random.Random(seed)
    d = Deal.random(RS, dealer, rng)
    while not d.is_over:
        check_views(d)
        check_finished_tricks(d)
        moves = d.legal_moves()
        if d.phase == "approval":
            moves = [m for m in moves if getattr(m, "word", "") == "dobry"] or moves
        d.move(rng.choice(moves))
    check_finished_tricks(d)


@PROPS
@given(seed=seeds, dealer=st.integers(0, 3), betl=st.booleans())
def test_views_hold_no_finished_trick_but_the_own_last(seed: int, dealer: int,
                                                      betl: bool) -> None:
    """MARIAS §3 last sentence, seed §9: only the trick in progress and one's own last trick
    may be looked at — over trump games played to the last trick and over betl/durch."""
    rng = random.Random(seed)
    d = Deal.random(RS, dealer, rng)
    while not d.is_over:
        check_finished_tricks(d)
        moves = d.legal_moves()
        if d.phase == "approval":
            want = ("betl", "durch") if betl else ("dobry",)
            moves = [m for m in moves if getattr(m, "word", "") in want] or moves
        d.move(rng.choice(moves))
    check_finished_tricks(d)


CLUB = parse_ruleset(rs_text().replace("sedma_proti = false", "sedma_proti = true")
                     .replace('"boty", "kalhoty"', '"boty"'), source="klub.toml")
"""A club's variant: sedma proti played, fleky up to boty (MARIAS §4.4, §6 flags)."""


@PROPS
@given(seed=seeds, claims=st.booleans(), club=st.booleans())
def test_simulated_records_replay_to_the_same_money(seed: int, claims: bool,
                                                    club: bool) -> None:
    """MARIAS §11: the fast kernel's records replay through the engine to its money."""
    rs = CLUB if club else RS
    r = simulate(rs, 8, seed=seed, first_dealer=seed % 4, claims=claims)
    result = replay(series_record(rs, r.records))
    assert [x.payouts for x in result.results] == list(r.payouts)


@PROPS
@given(seed=seeds, dealer=st.integers(0, 3), fmt=st.sampled_from(["toml", "json"]))
def test_engine_records_round_trip(seed: int, dealer: int, fmt: str) -> None:
    """MARIAS §11: a record of any deal round-trips exactly and replays to its money."""
    d = play_out(seed, dealer)
    rec = series_record(RS, [record_of(d)])
    text = dumps_record(rec, fmt)
    again = parse_record(loads_document(text, fmt))
    assert again == rec and dumps_record(again, fmt) == text
    assert replay(again).totals == d.result().payouts


@PROPS
@given(seed=seeds)
def test_undo_restores_every_step(seed: int) -> None:
    """Undo takes back each move; clone is independent."""
    d = play_out(seed, seed % 4)
    c = d.clone()
    n = len(d.log)
    while c.log:
        c.undo()
    assert c.phase == "choice" and len(d.log) == n and d.is_over


@PROPS
@given(seed=seeds, edits=st.lists(st.tuples(st.sampled_from(
    ["drop", "swap", "seat", "card", "word", "dup"]), st.integers(0, 10**6)), min_size=1,
    max_size=3))
def test_broken_records_fail_in_one_line(seed: int, edits: list[tuple[str, int]]) -> None:
    """MARIAS §11: whatever is changed in a record, it replays or is refused as one
    RecordError line — never another exception."""
    from stolik.errors import RecordError
    from stolik.games.marias.record import record_document

    r = simulate(RS, 1, seed=seed, first_dealer=seed % 4)
    doc = record_document(series_record(RS, r.records))
    deal = doc["deal"][0]
    for kind, k in edits:
        key = ("bidding", "play", "hands", "choice")[k % 4]
        items = deal[key] if isinstance(deal[key], list) else [deal[key]]
        if not items:
            continue
        i = k % len(items)
        text = items[i]
        if not text.strip():
            continue
        if kind == "drop":
            del items[i]
        elif kind == "swap":
            j = (k // 7) % len(items)
            items[i], items[j] = items[j], items[i]
        elif kind == "seat":
            items[i] = str(k % 5) + text[1:]
        elif kind == "card":
            items[i] = text[:-2] + ["QH", "7A", "AH", "X", "10L"][k % 5]
        elif kind == "word":
            items[i] = text.split()[0] + " " + ["re hra", "dobry", "sto", "flek", "nic"][k % 5]
        else:
            items.insert(i, text)
        if key == "choice":
            deal[key] = items[0] if items else ""
    try:
        replay(parse_record(doc))
    except RecordError as e:
        assert "\n" not in str(e) and str(e).startswith("deal 1")
