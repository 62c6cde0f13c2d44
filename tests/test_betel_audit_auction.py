"""Audit of issue 12, the auction (BETEL §3) and what it does to the score (§5).

A second reading of BETEL §3, written here from the spec's letter and its Decisions (not
from the engine), referees random auctions that use every dubel action, kontra often and
the "no repeat after kontra and pass" rule: at every call the engine's calls must be the
referee's, each pass after a look must cost what §3 says, and every auction must end. Then
the score of kontra and of the peeking costs through whole deals played by the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from stolik.games.betel.calls import KONTRA, LOOK_BOTH, PAS, TAKE, Action
from stolik.games.betel.ruleset import load_ruleset
from stolik.games.betel.state import Deal
from test_betel_audit_ruleset_keys import HANDS, played

RS = load_ruleset("gps-2022")
N = len(RS.contracts)


@dataclass
class Referee:
    """BETEL §3 read anew: the calls so far decide what may be said next."""

    dealer: int
    calls: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat, ``pas`` / ``kontra`` / ``bid``, the contract's index or -1)."""
    kontrad: set[int] = field(default_factory=set)

    def standing(self) -> tuple[int, int, bool] | None:
        """The last contract bid, its declarer, and whether a kontra followed it."""
        for i in range(len(self.calls) - 1, -1, -1):
            seat, kind, c = self.calls[i]
            if kind == "bid":
                doubled = any(k == "kontra" for _, k, _ in self.calls[i + 1:])
                return c, seat, doubled
        return None

    def to_act(self) -> int:
        return (self.dealer + len(self.calls)) % 3

    def over(self) -> bool:
        """Two passes in a row once a contract stands; three passes when none does."""
        kinds = [k for _, k, _ in self.calls]
        if self.standing() is None:
            return kinds == ["pas"] * 3
        return kinds[-2:] == ["pas", "pas"]

    def ban(self) -> int | None:
        """The contract the seat to act may not bid now: his own kontra'd one, when the
        kontra was followed by a pass (the next call, by another than him)."""
        st = self.standing()
        last = [k for _, k, _ in self.calls[-2:]]
        if st is not None and self.to_act() == st[1] and last == ["kontra", "pas"]:
            return st[0]
        return None

    def allowed(self) -> set[Action]:
        """The calls (``pas`` aside) the seat to act may make: higher contracts (any after a
        kontra), kontra on another's contract never kontra'd in this deal, and not his
        kontra'd contract at the turn right after "kontra, pas" (the Decisions of §3)."""
        seat, st = self.to_act(), self.standing()
        floor = -1 if st is None or st[2] else st[0]
        out = {Action("bid", contract=i) for i in range(floor + 1, N)}
        if st is not None:
            c, declarer, doubled = st
            banned = self.ban()
            if banned is not None:
                out.discard(Action("bid", contract=banned))
            if not doubled and declarer != seat and c not in self.kontrad:
                out.add(KONTRA)
        return out

    def say(self, a: Action) -> None:
        st = self.standing()
        if a.kind == "kontra" and st is not None:
            self.kontrad.add(st[0])
        self.calls.append((self.to_act(), a.kind, a.contract))


def calls_of(moves: Sequence[object]) -> set[object]:
    return {m for m in moves if isinstance(m, Action) and m.kind in ("bid", "kontra")}


def random_auction(rng: random.Random, d: Deal, ref: Referee) -> tuple[int, int, int]:
    """Drive the auction with random legal moves, every step refereed; the number of calls,
    of kontras and of calls under the ban."""
    costs = [0, 0, 0]
    kontras = bans = 0
    while d.phase == "auction":
        seat = d.to_act
        assert seat == ref.to_act()
        legal = d.legal_moves()
        allowed = ref.allowed()
        bans += ref.ban() is not None
        assert calls_of(legal) == allowed, (ref.calls, legal)
        assert PAS in legal
        assert (TAKE in legal) == bool(allowed)          # Decision: exchange only if a
        looked = 0                                       # contract or kontra can follow
        r = rng.random()
        if r < 0.15:
            d.act(LOOK_BOTH)
            looked = 2
        elif r < 0.3:
            d.act(Action("look", n=1, pos=rng.randrange(2)))
            looked = 1
        elif r < 0.4 and TAKE in legal:
            d.act(TAKE)
            d.act(rng.choice([m for m in d.legal_moves() if isinstance(m, Action)]))  # lay
            assert PAS not in d.legal_moves()            # no pass after an exchange
            looked = -1
        legal = d.legal_moves()
        assert calls_of(legal) == allowed
        kontra = KONTRA in legal and rng.random() < 0.4
        bids = [m for m in legal if isinstance(m, Action) and m.kind == "bid"]
        if kontra:
            call = KONTRA
            kontras += 1
        elif PAS in legal and (rng.random() < 0.35 or not bids):
            call = PAS
            costs[seat] += (0, RS.peek_one, RS.peek_two)[max(looked, 0)]
        else:
            call = rng.choice(bids[:6])                  # near the floor: long auctions
        d.act(call)
        ref.say(call)
        assert d.pos.peek == tuple(costs)                # at once (BETEL §3)
        assert (d.phase != "auction") == ref.over()
        assert len(ref.calls) <= 3 + 2 * N * (N + 2), "an auction must end (BETEL §3)"
    return len(ref.calls), kontras, bans


def test_betel_audit_3_random_auctions_follow_a_second_reading_of_the_rules() -> None:
    """BETEL §3 and its Decisions, call by call: contracts strictly higher (any after a
    kontra), kontra once per contract per deal, never one's own, needing a standing one;
    after "kontra, pas" the declarer may not bid it at once; exchange only where a contract
    or kontra can follow, and no pass after it; peeking costs per call at once; two passes
    end it (three with no contract); the last contract is played, doubled if kontra'd."""
    rng = random.Random(2022)
    longest = most_kontras = all_pass = banned = 0
    for n in range(150):
        ref = Referee(dealer=n % 3)
        d = Deal.random(RS, ref.dealer, rng)
        calls, kontras, bans = random_auction(rng, d, ref)
        banned += bans
        longest, most_kontras = max(longest, calls), max(most_kontras, kontras)
        st = ref.standing()
        if st is None:
            all_pass += 1
            assert d.all_pass and d.contract is None and d.to_act == ref.dealer
        else:
            assert d.contract is not None and d.contract.index == st[0]
            assert (d.declarer, d.doubled, d.to_act) == (st[1], st[2], st[1])
    assert longest >= 25 and most_kontras >= 6 and all_pass >= 1 and banned >= 10, (
        longest, most_kontras, all_pass, banned)


def test_the_referee_can_fail() -> None:
    """The referee is no stub: after "1C, kontra, pas" it refuses seat 0 his 1C and his own
    kontra, allows a lower contract; after his 1D, seat 1 may kontra, bid only higher."""
    ref = Referee(dealer=0)
    for a in (Action("bid", contract=1), KONTRA, PAS):
        ref.say(a)
    allowed = ref.allowed()
    assert Action("bid", contract=1) not in allowed and KONTRA not in allowed
    assert Action("bid", contract=0) in allowed and Action("bid", contract=2) in allowed
    ref.say(Action("bid", contract=2))
    allowed = ref.allowed()
    assert KONTRA in allowed and min(a.contract for a in allowed if a.kind == "bid") == 3
    assert not ref.over() and ref.standing() == (2, 0, False)


def test_betel_audit_3_5_a_peek_costs_at_once_whatever_happens_later() -> None:
    """BETEL §3: looking at both and passing costs −10 "at once, whatever happens later":
    seat 1 pays it at once (every seat sees it) and keeps paying it when he later wins the
    auction and makes his contract (BETEL §5: the costs are added to the deal's scores)."""
    d = Deal.from_text(RS, 0, HANDS, "QC JC")
    for m in ("1C", "look 2", "pas"):
        d.move(m)
    assert all(d.view(s).peek == (0, 10, 0) for s in range(3))
    for m in ("kontra", "pas", "betelek-2", "pas", "pas"):
        d.move(m)
    assert d.declarer == 1 and not d.doubled            # the new contract drops the kontra
    while not d.is_over:
        d.move(d.legal_moves()[0])
    t = d.pos.tricks[1]
    assert t <= 2 and d.result().scores == (0, 70 - 10, 0)


@pytest.mark.parametrize(("moves", "peek"), [
    (("look 2", "1C", "kontra", "pas", "pas"), (0, 0, 0)),
    (("look 1 #2", "1C", "kontra", "pas", "look 2", "pas"), (10, 0, 0)),
    (("look 1 #1", "1C", "kontra", "pas", "look 1 #1", "pas"), (5, 0, 0)),
])
def test_betel_audit_3_the_cost_counts_the_cards_looked_at_in_that_call(
        moves: tuple[str, ...], peek: tuple[int, int, int]) -> None:
    """BETEL §3 Decision: a look in the call where he bid costs nothing; a later pass costs
    only what he looked at in that later call (−10 for both, not −15; −5 for one card he
    had already seen)."""
    d = played(RS, *moves)
    assert d.pos.peek == peek and d.declarer == 0 and d.doubled
    t = d.pos.tricks[0]
    points = 2 * (20 + 10 * (t - 6)) if t >= 6 else -2 * (20 + 10 * (6 - t - 1))
    assert d.result().scores == (points - peek[0], 0, 0)


def test_betel_audit_3_5_kontra_doubles_plus_or_minus_and_the_doubler_scores_nothing() -> None:
    """BETEL §3, §5: a kontra'd contract played scores 2·(…), made or failed; the player who
    said kontra and the other defender score nothing."""
    made = played(RS, "2BA", "kontra", "pas", "pas")
    t = made.pos.tricks[0]
    assert made.doubled and t >= 7
    assert made.result().scores == (2 * (120 + 10 * (t - 7)), 0, 0)
    failed = played(RS, "3BA", "kontra", "pas", "pas")
    t = failed.pos.tricks[0]
    assert failed.doubled and t < 8
    assert failed.result().scores == (-2 * (180 + 10 * (8 - t - 1)), 0, 0)
    undoubled = played(RS, "3BA", "pas", "pas")
    assert undoubled.result().scores == (-(180 + 10 * (8 - t - 1)), 0, 0)


def test_betel_audit_3_after_kontra_and_pass_the_declarer_bids_over_his_own() -> None:
    """BETEL §3 Decisions: after a kontra the standing declarer may bid over his own
    contract (not the kontra'd one at once, a pass having followed); the new contract drops
    the kontra and is played undoubled."""
    d = played(RS, "1BA", "kontra", "pas", "2BA", "pas", "pas")
    assert d.contract is not None and d.contract.call == "2BA" and not d.doubled
    t = d.pos.tricks[0]
    expected = 120 + 10 * (t - 7) if t >= 7 else -(120 + 10 * (7 - t - 1))
    assert d.result().scores == (expected, 0, 0)
