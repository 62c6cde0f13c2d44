"""Audit of issue 12, hidden information extended to the dubel (BETEL §3): "the card is
shown to the looker only; the table sees that he looked, and at how many".

The web tests check each message against the seat's own :class:`SeatView` (its
``dubel_seen``); this one checks the view itself against what the log says the seat did:
the dubel cards a seat may know are exactly those it looked at, took or laid back itself
(tracked here from the operations, place by place through every exchange), and every other
seat's dubel action reaches it as its kind and count only."""

from __future__ import annotations

import random

import pytest

from stolik.games.betel.calls import TAKE, Action
from stolik.games.betel.deck import ASCII_NAMES
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal

RS = load_ruleset("gps-2022")
CARD_WORDS = set(ASCII_NAMES)


class Knowledge:
    """By seat, the dubel cards it learnt from its own dubel actions, and where it knows
    what lies in the dubel now (an exchange by another makes that stale)."""

    def __init__(self, dubel: tuple[int, ...]) -> None:
        self.dubel = list(dubel)
        self.learnt: list[set[int]] = [set(), set(), set()]
        self.now: list[list[int | None]] = [[None, None] for _ in range(3)]

    def act(self, seat: int, a: Action) -> None:
        if a.kind == "look":
            places = [a.pos] if a.n == 1 else [0, 1]
            for p in places:
                self.learnt[seat].add(self.dubel[p])
                self.now[seat][p] = self.dubel[p]
        elif a.kind == "take":
            self.learnt[seat] |= set(self.dubel)
        elif a.kind == "lay":
            self.dubel = list(a.cards)
            self.learnt[seat] |= set(a.cards)
            self.now = [[None, None] for _ in range(3)]
            self.now[seat] = list(a.cards)


def words(text: str) -> set[str]:
    return {w for w in text.split() if w in CARD_WORDS}


def check_view(d: Deal, seat: int, k: Knowledge) -> int:
    """Assert what ``seat``'s view may name; the number of others' dubel actions seen."""
    v = d.view(seat)
    hand = {x for x in range(32) if d.hands[seat] >> x & 1}
    assert set(v.hand) == hand
    assert set(v.dubel_seen) == k.learnt[seat]
    if d.pos.step != "taken":
        assert list(v.dubel) == k.now[seat]
    allowed = {ASCII_NAMES[c] for c in hand | k.learnt[seat]}
    others = 0
    for who, text in v.calls:
        if who == seat:
            assert words(text) <= allowed, (seat, text)
        else:
            assert text in ("look 1", "look 2", "take", "lay") or not words(text), (seat, text)
            others += text in ("look 1", "look 2", "take", "lay")
    for m in v.legal:
        if isinstance(m, Action) and m.kind == "lay":
            assert set(m.cards) <= hand
    return others


def test_betel_audit_3_a_seat_knows_only_the_dubel_cards_it_looked_at_took_or_laid() -> None:
    """BETEL §3 (hidden information, issue 12): at every step of random auctions full of
    dubel actions, each seat's view names only its hand and the dubel cards it looked at,
    took or laid back itself; where it knows the dubel now follows every exchange; another
    seat's look reaches it as "look 1" / "look 2", an exchange as "take" and "lay"."""
    rng = random.Random(3)
    seen_others = 0
    actions = {"look": 0, "take": 0, "lay": 0}
    for n in range(60):
        d = Deal.random(RS, n % 3, rng)
        k = Knowledge(d.pos.dubel)
        while d.phase == "auction":
            seat = d.to_act
            assert seat is not None
            legal = d.legal_moves()
            looks = [m for m in legal if isinstance(m, Action) and m.kind == "look"]
            r = rng.random()
            if r < 0.3 and looks:
                a: Action = rng.choice(looks)
            elif r < 0.55 and TAKE in legal:
                a = TAKE
            else:
                calls = [m for m in legal if isinstance(m, Action) and m.kind not in
                         ("look", "take")]
                passes = [m for m in calls if m.kind == "pas"]
                a = passes[0] if passes and rng.random() < 0.5 else rng.choice(calls)
            d.act(a)
            k.act(seat, a)
            if a.kind in actions:
                actions[a.kind] += 1
            for s in range(3):
                seen_others += check_view(d, s, k)
        for s in range(3):
            check_view(d, s, k)
    assert min(actions.values()) >= 30 and seen_others > 500, (actions, seen_others)


def test_the_knowledge_checker_can_fail() -> None:
    """No stub: the other card of the dubel, which seat 0 did not look at, is not his to
    know; after seat 1's exchange, seat 0 no longer knows what lies in the dubel."""
    d = Deal.random(RS, 0, random.Random(8))
    k = Knowledge(d.pos.dubel)
    for seat, a in ((0, Action("look", n=1, pos=0)),):
        d.act(a)
        k.act(seat, a)
    assert d.pos.dubel[1] not in k.learnt[0] and d.pos.dubel[0] in k.learnt[0]
    d.move("1C")
    d.act(TAKE)
    k.act(1, TAKE)
    lay = next(m for m in d.legal_moves() if isinstance(m, Action))
    d.act(lay)
    k.act(1, lay)
    assert k.now[0] == [None, None] and k.now[1] == list(lay.cards)
    assert check_view(d, 0, k) == 2 and check_view(d, 2, k) == 3   # look, take, lay


def test_the_view_checker_rejects_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """No stub (BETEL §3, issue 12's hidden information): ``check_view`` refuses a view
    that names the dubel card its seat did not look at — in what it has seen, or in the
    words of its own call — which a sound view never does."""
    from dataclasses import replace

    d = Deal.random(RS, 0, random.Random(8))
    k = Knowledge(d.pos.dubel)
    look = Action("look", n=1, pos=0)
    d.act(look)
    k.act(0, look)
    assert check_view(d, 0, k) == 0
    sound = d.view
    hidden = d.pos.dubel[1]
    monkeypatch.setattr(d, "view", lambda seat: replace(
        sound(seat), dubel_seen=(*sound(seat).dubel_seen, hidden)))
    with pytest.raises(AssertionError):
        check_view(d, 0, k)
    monkeypatch.setattr(d, "view", lambda seat: replace(
        sound(seat), calls=((0, f"look 1 {ASCII_NAMES[hidden]}"),)))
    with pytest.raises(AssertionError):
        check_view(d, 0, k)
