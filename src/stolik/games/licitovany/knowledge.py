"""What a bot can work out from its seat's view alone (LICITOVANY §3, §4): the seats in
playing order, the licitace and the fleky replayed from the public calls, the contract,
the moves the seat to act may make — and, in :class:`Memory`, the cards it has seen
played, trick by trick, with the voids they showed.

The view (:mod:`stolik.games.licitovany.view`) shows of the play only the trick in
progress and the last finished trick (Obecná II/6); a seat that acts in every trick sees
every card that falls (the trick it leads or follows in, and at its next turn that trick
finished), as a player at the table does. Where a trick was not seen (a bot that joins a
deal late), :meth:`Memory.unseen_played` says how many played cards it does not know.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(3))
>>> k = knowledge(d.view(d.to_act or 0), rs)
>>> k.order, [m.text() for m in k.legal][:3]
((0, 1, 2), ['sedma', 'sedma-cervena', 'sto'])
>>> sorted(m.text() for m in k.legal) == sorted(m.text() for m in d.legal_moves())
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from stolik.deal import Trick
from stolik.games.licitovany import auction, flek_rounds
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.results import settled_components
from stolik.games.licitovany.rules import Contract, announces, first_leader, playable, taker
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.talon import contracts, discards
from stolik.games.licitovany.view import SeatView


@dataclass(frozen=True)
class Knowledge:
    """The public state of a deal as one seat works it out: the playing order (forhont
    first), the pauzírák, the aktér and the won rung (−1 / 0 while the licitace goes on),
    the contract, the defenders, the fleky's round state and the seat's legal moves."""

    order: tuple[int, int, int]
    pauzirak: int | None
    akter: int
    won: int
    contract: Contract | None
    defenders: tuple[int, int] | None
    rounds: flek_rounds.Rounds | None
    legal: tuple[Move, ...]

    @property
    def forhont(self) -> int:
        """The first seat in playing order (LICITOVANY §1)."""
        return self.order[0]


def seats_of(view: SeatView) -> tuple[tuple[int, int, int], int | None]:
    """The playing order and the pauzírák (LICITOVANY §1, §8): the zadák speaks first
    (§4.2); at three he is the dealer, at four the dealer sits right after him."""
    players = len(view.counts)
    zadak = view.calls[0][0] if view.calls else view.to_act
    assert zadak is not None
    dealer = zadak if players == 3 else (zadak + 1) % players
    order = tuple((dealer + i) % players for i in range(1, 4))
    return (order[0], order[1], order[2]), dealer if players == 4 else None


def _raises(rs: Ruleset, seat: int, text: str) -> tuple[tuple[str, int], ...]:
    return parse_move(text, seat=SIDE if rs.flek_scope == "side" else seat).raises


def knowledge(view: SeatView, rs: Ruleset) -> Knowledge:
    """Replay the view's public calls (LICITOVANY §4) and list the seat's legal moves."""
    order, pauzirak = seats_of(view)
    f, p, z = order
    a = auction.start(forhont=f, prostredni=p, zadak=z)
    contract: Contract | None = None
    rounds: flek_rounds.Rounds | None = None
    defenders: tuple[int, int] | None = None
    akter, won = -1, 0
    for seat, text in view.calls:
        if not a.done:
            m = parse_move(text)
            a = auction.after(a, m.kind, m.rung, prostredni=p)
            if a.done:
                akter, won = a.akter, a.standing or rs.lowest
                i = order.index(akter)
                defenders = (order[(i + 1) % 3], order[(i + 2) % 3])
        elif text.startswith("contract"):
            m = parse_move(text)
            contract = Contract(RUNGS[m.rung], m.trump, m.helper)
            assert defenders is not None
            rounds = flek_rounds.begin(akter=akter, defenders=defenders)
        elif rounds is not None and not rounds.done:
            raises = () if text == "dobra" else _raises(rs, seat, text)
            rounds = flek_rounds.after(rs, rounds, raises)
    k = Knowledge(order, pauzirak, akter, won, contract, defenders, rounds, ())
    return Knowledge(order, pauzirak, akter, won, contract, defenders, rounds,
                     tuple(_legal(view, rs, k, a)))


def _legal(view: SeatView, rs: Ruleset, k: Knowledge, a: auction.Auction) -> list[Move]:
    if view.to_act != view.seat:
        return []
    hand = view.hand
    if view.phase == "licitace":
        return [Move.bid(r) if kind == "bid" else Move(kind)
                for kind, r in auction.calls(a, rs.ladder)]
    if view.phase == "discard":
        return [Move("discard", cards=tuple(c for c in range(32) if d >> c & 1))
                for d in discards(rs, k.won, hand)]
    if view.phase == "contract":
        out = [Move("contract", rung=c.rung.number, trump=c.trump, helper=c.helper)
               for c in contracts(rs, k.won, hand, view.discard)]
        return out + [Move("omyl")] * (k.won == rs.lowest)
    if view.phase == "fleky" and k.rounds is not None and k.contract is not None:
        options = flek_rounds.options(rs, k.rounds, settled_components(rs, k.contract.rung))
        return [Move("dobra"), *(Move("raise", word=k.rounds.word, raises=s)
                                 for n in range(1, len(options) + 1)
                                 for s in combinations(options, n))]
    if view.phase == "play" and k.contract is not None:
        trick_no = 11 - hand.bit_count()
        mask = playable(hand, view.trick, k.contract, trick_no=trick_no,
                        akter=view.seat == k.akter)
        return [Move.play(c, h) for c in range(32) if mask >> c & 1
                for h in (False, True)[:1 + announces(hand, c, k.contract)]]
    return []


@dataclass
class Memory:
    """The tricks one seat has seen finished in the current deal, in order, and the trick
    in progress; updated by :meth:`observe` with each view the seat gets."""

    tricks: list[Trick] = field(default_factory=list)
    trick: tuple[int, ...] = ()
    calls: int = -1

    def observe(self, view: SeatView) -> None:
        """Take in ``view``: a view of an earlier point of a deal (fewer calls, or no play
        yet) starts a new deal's memory."""
        if len(view.calls) < self.calls or view.phase != "play" or (
                view.last_trick is None and not view.trick):
            self.tricks = []
        self.calls = len(view.calls)
        t = view.last_trick
        if t is not None and (not self.tricks or self.tricks[-1] != t):
            self.tricks.append(t)
        self.trick = view.trick

    def played(self) -> int:
        """The cards seen played (finished tricks and the trick in progress)."""
        out = 0
        for t in self.tricks:
            for c in t.cards:
                out |= 1 << c
        for c in self.trick:
            out |= 1 << c
        return out

    def unseen_played(self, view: SeatView) -> int:
        """How many cards were played that this memory did not see."""
        _, pauzirak = seats_of(view)
        played = sum(10 - n for s, n in enumerate(view.counts) if s != pauzirak)
        return max(0, played - self.played().bit_count())

    def leader(self, k: Knowledge) -> int:
        """Who led the trick in progress (LICITOVANY §3)."""
        if self.tricks:
            return self.tricks[-1].winner
        assert k.contract is not None
        return first_leader(k.contract, forhont=k.forhont, akter=k.akter)

    def voids(self, k: Knowledge) -> dict[int, int]:
        """Each seat's suits shown void (a mask of the suits' cards): a seat that did not
        follow the led suit holds none of it, and one that neither followed nor trumped
        holds no trumps either (LICITOVANY §3)."""
        assert k.contract is not None
        out: dict[int, int] = {}
        seen = [(t.leader, t.cards) for t in self.tricks]
        if self.trick:
            seen.append((self.leader(k), self.trick))
        trumps = k.contract.trump
        for leader, cards in seen:
            i = k.order.index(leader)
            led = cards[0] >> 3
            for j, c in enumerate(cards[1:], 1):
                seat = k.order[(i + j) % 3]
                if c >> 3 != led:
                    out[seat] = out.get(seat, 0) | 0xFF << (8 * led)
                    if trumps is not None and c >> 3 != trumps:
                        out[seat] |= 0xFF << (8 * trumps)
        return out

    def winner_so_far(self, k: Knowledge) -> int:
        """The position (0 = the lead) of the card now taking the trick in progress."""
        assert k.contract is not None and self.trick
        return taker(self.trick, k.contract)
