"""One licitovaný deal as a state, step by step (LICITOVANY §4): the deal 5–2–5, the
licitace, the talon and the discard, the contract or omyl, the fleky, the play with
announced hlášky, then the results and the money (§5, §6).

:class:`Deal` keeps an operation log and a stack of immutable positions (the core's
:class:`stolik.deal.LoggedDeal`), so :meth:`Deal.undo` and :meth:`Deal.clone` are cheap.
:meth:`Deal.legal_moves` lists what the seat to act may do; anything else raises
:class:`~stolik.errors.IllegalMove` naming the rule. What one seat may see is
:mod:`stolik.games.licitovany.view`.

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> d = Deal.from_text(load_ruleset(), dealer=2, hands=[
...     "AL TL KL OL 9L 7L AB KB OB 8A", "TH KH OH UH 9H 8H 7H TB UB 9B",
...     "AH AA TA KA OA UA 9A UL 8L 7B"], talon="8B 7A")
>>> for text in ["sedma", "mam", "sto", "dobra", "mam", "dobra"]:   # §10's sample
...     d.move(text)
>>> d.phase, d.pos.akter, d.pos.won, d.to_act
('discard', 1, 3, 1)
>>> d.move("discard 8B 9B"); d.move("contract sto-cervenych")
>>> d.move("flek sto"); d.move("dobra"); d.move("re sto:2"); d.move("dobra")
>>> d.phase, d.to_act, d.pos.fleky.level("sto", 2)
('play', 0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from stolik.deal import LoggedDeal, Trick, replace
from stolik.deck32 import ASCII_NAMES, CARD_POINTS, LAST_TRICK_BONUS, SEVEN, card, parse_mask
from stolik.errors import IllegalMove
from stolik.games.licitovany import auction, flek_rounds
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import SIDE, Table, settle, settle_omyl
from stolik.games.licitovany.position import Position
from stolik.games.licitovany.results import AKTER, DEFENCE, NOBODY, Tally, judge, settled_components
from stolik.games.licitovany.rules import (
    TRICKS,
    Contract,
    announces,
    first_leader,
    hlaska_value,
    playable,
    taker,
)
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.talon import contract_refusal, contracts, discards

if TYPE_CHECKING:
    from stolik.games.licitovany.view import SeatView

HAND = 10
TALON = 2


def deal_cards(cards: Sequence[int], order: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """Dealing (LICITOVANY §2): five to each seat of ``order`` (playing order, F first),
    two face down to the talon, five more to each.

    >>> hands, talon = deal_cards(range(32), [0, 1, 2])
    >>> hands[0], talon
    ([0, 1, 2, 3, 4, 17, 18, 19, 20, 21], [15, 16])
    """
    hands: dict[int, list[int]] = {s: [] for s in order}
    it = iter(cards)
    for seat in order:
        hands[seat] += [next(it) for _ in range(5)]
    talon = [next(it), next(it)]
    for seat in order:
        hands[seat] += [next(it) for _ in range(5)]
    return [hands[s] for s in sorted(hands)], talon


class Deal(LoggedDeal[Move, Position]):
    """A deal from the licitace to the money, at a table of ``players`` (3, or 4 with the
    dealer sitting out as the pauzírák, LICITOVANY §8). ``hands``: by seat, ten cards each
    (the pauzírák's empty); ``talon``: the two cards dealt face down."""

    def __init__(self, rs: Ruleset, dealer: int, hands: Sequence[Sequence[int]],
                 talon: Sequence[int], *, players: int = 3) -> None:
        if players not in (3, 4) or dealer not in range(players):
            raise IllegalMove(f"a table has 3 or 4 players and a dealer among them "
                              f"(LICITOVANY §8), not {players} and {dealer}")
        self.rs, self.dealer, self.players = rs, dealer, players
        order = [(dealer + i) % players for i in range(1, 4)]
        self.forhont, self.prostredni, self.zadak = order
        self.pauzirak = dealer if players == 4 else None
        masks, seen = [], 0
        for seat, h in enumerate(hands):
            m = sum(1 << c for c in set(h))
            want = 0 if seat == self.pauzirak else HAND
            if len(h) != want or len(set(h)) != len(h) or m & seen:
                raise IllegalMove(f"seat {seat} must hold {want} cards not dealt elsewhere "
                                  "(LICITOVANY §2)")
            seen |= m
            masks.append(m)
        t = sum(1 << c for c in set(talon))
        if len(hands) != players or len(talon) != TALON or t & seen or (seen | t) != (1 << 32) - 1:
            raise IllegalMove("a deal is 32 cards: 10 to each player, 2 to the talon "
                              "(LICITOVANY §2)")
        self.order = tuple(order)
        start = auction.start(forhont=self.forhont, prostredni=self.prostredni,
                              zadak=self.zadak)
        self._begin(Position("licitace", self.zadak, tuple(masks), t, start))

    @classmethod
    def from_text(cls, rs: Ruleset, dealer: int, hands: Sequence[str], talon: str, *,
                  players: int = 3) -> Deal:
        """A deal from hands written ``"AL TL …"`` and the talon."""
        return cls(rs, dealer, [sorted(_cards(h)) for h in hands], sorted(_cards(talon)),
                   players=players)

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random, *,
               players: int = 3) -> Deal:
        """A shuffled deal, dealt 5–2–5 (LICITOVANY §2)."""
        cards = list(range(32))
        rng.shuffle(cards)
        order = [(dealer + i) % players for i in range(1, 4)]
        hands, talon = deal_cards(cards, order)
        if players == 4:
            hands.insert(dealer, [])
        return cls(rs, dealer, hands, talon, players=players)

    # ------------------------------------------------------------ reading

    @property
    def phase(self) -> str:
        """The phase: licitace, discard, contract, fleky, play, done."""
        return self.pos.phase

    @property
    def is_over(self) -> bool:
        """Whether the deal is over (played out, omyl, or not played)."""
        return self.pos.phase == "done"

    @property
    def to_act(self) -> int | None:
        """The seat to move; ``None`` once the deal is over."""
        return None if self.is_over else self.pos.to_act

    @property
    def defenders(self) -> tuple[int, int]:
        """The two defenders in playing order from the seat after the aktér."""
        i = self.order.index(self.pos.akter)
        return self.order[(i + 1) % 3], self.order[(i + 2) % 3]

    @property
    def table(self) -> Table:
        """Who settles with whom (:class:`~stolik.games.licitovany.money.Table`)."""
        return Table(self.players, self.pos.akter, self.defenders, self.pauzirak)

    def components(self) -> tuple[str, ...]:
        """The components the contract settles (and the fleky name)."""
        c = self.pos.contract
        return settled_components(self.rs, c.rung) if c else ()

    # ------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make; empty once the deal is over."""
        p = self.pos
        if p.phase == "licitace":
            return [Move.bid(r) if k == "bid" else Move(k)
                    for k, r in auction.calls(p.auction, self.rs.ladder)]
        if p.phase == "discard":
            return [Move("discard", cards=_pair(d))
                    for d in discards(self.rs, p.won, p.hands[p.akter])]
        if p.phase == "contract":
            out = [Move("contract", rung=c.rung.number, trump=c.trump, helper=c.helper)
                   for c in contracts(self.rs, p.won, p.hands[p.akter], p.discard)]
            return out + [Move("omyl")] * (p.won == self.rs.lowest)
        if p.phase == "fleky" and p.rounds:
            options = flek_rounds.options(self.rs, p.rounds, self.components())
            word = p.rounds.word
            return [Move("dobra"), *(Move("raise", word=word, raises=s)
                                      for s in _subsets(options))]
        if p.phase == "play" and p.contract:
            return [Move.play(c, h) for c in self._playable()
                    for h in (False, True)[:1 + announces(p.hands[p.to_act], c, p.contract)]]
        return []

    def move(self, m: Move | str) -> None:
        """Make move ``m`` (or its words) for the seat to act; :class:`IllegalMove` if the
        rules do not allow it."""
        p = self.pos
        if isinstance(m, str):
            m = parse_move(m, seat=SIDE if self.rs.flek_scope == "side" else p.to_act)
        if m.kind == "raise" and p.rounds:  # components in any order (LICITOVANY, Decisions)
            order = flek_rounds.options(self.rs, p.rounds, self.components())
            if len(set(m.raises)) == len(m.raises) and set(m.raises) <= set(order):
                m = replace(m, raises=tuple(o for o in order if o in m.raises))
        if p.phase == "done":
            raise IllegalMove("the deal is over")
        if not self._allowed(m):
            raise IllegalMove(self._why(m))
        self._push(m, self._after(m))

    def allows(self, m: Move) -> bool:
        """Whether the rules allow move ``m`` now (:meth:`move` would make it)."""
        return self.pos.phase != "done" and self._allowed(m)

    def breach(self, m: Move) -> None:
        """Make ``m`` although the rules forbid it — a discard or contract that breaks the
        talon rules, which a record may hold because the renonc ruling after it settles
        the deal (LICITOVANY §7): the position it leads to goes on the log as a move's."""
        self._push(m, self._after(m))

    def _allowed(self, m: Move) -> bool:
        """Whether :meth:`legal_moves` holds ``m``, without listing them all where that is
        slow (the discards, the cards)."""
        p = self.pos
        if p.phase == "discard" and m.kind == "discard":
            d = sum(1 << c for c in set(m.cards))
            hand = p.hands[p.akter]
            return len(m.cards) == len(set(m.cards)) == TALON and d & hand == d and \
                d in discards(self.rs, p.won, hand, only=d)
        if p.phase == "play" and m.kind == "play" and p.contract:
            c = m.cards[0]
            return c in self._playable() and (
                not m.hlaska or announces(p.hands[p.to_act], c, p.contract))
        return m in self.legal_moves()

    def _why(self, m: Move) -> str:
        p = self.pos
        if p.phase == "licitace":
            return auction.why_not(p.auction, m.kind, m.rung, self.rs.ladder) or \
                f"{m.text()} is not a call of the licitace"
        if p.phase == "contract" and m.kind == "contract" and m.rung in RUNGS:
            c = Contract(RUNGS[m.rung], m.trump, m.helper)
            return contract_refusal(self.rs, p.won, c, p.hands[p.akter], p.discard) or \
                "not a contract here"
        if p.phase == "contract" and m.kind == "omyl":
            return "omyl only at the lowest rung (LICITOVANY §4.4)"
        if p.phase == "play" and m.kind == "play" and m.hlaska:
            return f"{ASCII_NAMES[m.cards[0]]} announces no hláška (LICITOVANY §3)"
        return f"{m.text()!r} is not allowed now ({p.phase}; LICITOVANY §4)"

    def _after(self, m: Move) -> Position:
        p = self.pos
        if p.phase == "licitace":
            a = auction.after(p.auction, m.kind, m.rung, prostredni=self.prostredni)
            if not a.done:
                return replace(p, auction=a, to_act=a.speaker)
            won = a.standing or self.rs.lowest
            hands = _with(p.hands, a.akter, p.hands[a.akter] | p.talon)
            return replace(p, auction=a, phase="discard", akter=a.akter, won=won,
                           hands=hands, to_act=a.akter)
        if p.phase == "discard":
            d = sum(1 << c for c in m.cards)
            return replace(p, phase="contract", discard=d,
                           hands=_with(p.hands, p.akter, p.hands[p.akter] ^ d))
        if p.phase == "contract":
            if m.kind == "omyl":
                return replace(p, phase="done", ending="omyl")
            c = Contract(RUNGS[m.rung], m.trump, m.helper)
            rounds = flek_rounds.begin(akter=p.akter, defenders=self.defenders)
            return replace(p, phase="fleky", contract=c, rounds=rounds,
                           to_act=rounds.speakers[0])
        if p.phase == "fleky" and p.rounds:
            r = flek_rounds.after(self.rs, p.rounds, m.raises)
            if not r.done:
                return replace(p, rounds=r, fleky=r.fleky, to_act=r.speakers[0])
            return self._to_play(replace(p, rounds=r, fleky=r.fleky))
        return self._played(m)

    def _to_play(self, p: Position) -> Position:
        if self.rs.vyrovnana_sedma and p.contract and "sedma" in p.contract.rung.components \
                and "hra" in p.contract.rung.components and all(
                    p.fleky.level("hra", d) == 1 and p.fleky.level("sedma", d) == 0
                    for d in self.defenders):
            return replace(p, phase="done", ending="vyrovnana")
        assert p.contract is not None
        lead = first_leader(p.contract, forhont=self.forhont, akter=p.akter)
        return replace(p, phase="play", to_act=lead, leader=lead)

    def _playable(self) -> list[int]:
        p = self.pos
        assert p.contract is not None
        mask = playable(p.hands[p.to_act], p.trick, p.contract, trick_no=len(p.tricks) + 1,
                        akter=p.to_act == p.akter)
        return [c for c in range(32) if mask >> c & 1]

    def _played(self, m: Move) -> Position:
        p, c = self.pos, m.cards[0]
        assert p.contract is not None
        hlasky = p.hlasky + ((p.to_act, hlaska_value(c, p.contract)),) * m.hlaska
        hands = _with(p.hands, p.to_act, p.hands[p.to_act] & ~(1 << c))
        trick = (*p.trick, c)
        if len(trick) < 3:
            nxt = self.order[(self.order.index(p.to_act) + 1) % 3]
            return replace(p, hands=hands, trick=trick, hlasky=hlasky, to_act=nxt)
        seats = [self.order[(self.order.index(p.leader) + i) % 3] for i in range(3)]
        winner = seats[taker(trick, p.contract)]
        tricks = (*p.tricks, Trick(p.leader, trick, winner))
        comps = p.contract.rung.components
        over = len(tricks) == TRICKS or ("betl" in comps and winner == p.akter) \
            or ("durch" in comps and winner != p.akter)
        return replace(p, hands=hands, trick=(), hlasky=hlasky, tricks=tricks, leader=winner,
                       to_act=winner, phase="done" if over else "play",
                       ending="played" if over else "")

    # ------------------------------------------------------------ results

    def tally(self) -> Tally:
        """What the play gives the judge (LICITOVANY §5)."""
        p = self.pos
        assert p.contract is not None
        points = [0, 0]
        tricks = 0
        for i, t in enumerate(p.tricks):
            side = t.winner != p.akter
            tricks += not side
            points[side] += sum(CARD_POINTS[c] for c in t.cards) + \
                LAST_TRICK_BONUS * (i == TRICKS - 1)
        holder, took, helper = NOBODY, False, False
        if len(p.tricks) == TRICKS and p.contract.trump is not None:
            last, seven = p.tricks[-1], card(p.contract.trump, SEVEN)
            if seven in last.cards:
                by = self._seat_of(last, seven)
                holder, took = (AKTER if by == p.akter else DEFENCE), last.winner == by
            if p.contract.helper is not None:
                ninth, h7 = p.tricks[-2], card(p.contract.helper, SEVEN)
                helper = h7 in ninth.cards and self._seat_of(ninth, h7) == p.akter == \
                    ninth.winner
        mine = tuple(v for s, v in p.hlasky if s == p.akter)
        theirs = sum(v for s, v in p.hlasky if s != p.akter)
        return Tally(points[0], points[1], mine, theirs, tricks, holder, took, helper)

    def _seat_of(self, t: Trick, c: int) -> int:
        return self.order[(self.order.index(t.leader) + t.cards.index(c)) % 3]

    def seat_of(self, i: int) -> int:
        """The seat that made the ``i``-th move of the log."""
        return self._stack[i].to_act

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (:mod:`stolik.games.licitovany.view`)."""
        from stolik.games.licitovany.view import seat_view
        return seat_view(self, seat)

    def money(self) -> tuple[int, ...]:
        """Each seat's units once the deal is over (LICITOVANY §6); they add up to 0."""
        p = self.pos
        if p.phase != "done":
            raise IllegalMove("the deal is not over")
        if p.ending == "omyl":
            return settle_omyl(self.rs, self.table)
        if p.ending == "vyrovnana" or p.contract is None:
            return (0,) * self.players
        result = judge(self.rs, p.contract.rung, self.tally())
        return settle(self.rs, p.contract.rung, result, p.fleky, self.table)


def _cards(text: str) -> list[int]:
    mask = parse_mask(text)
    return [c for c in range(32) if mask >> c & 1]


def _pair(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)


def _with(hands: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    return (*hands[:seat], mask, *hands[seat + 1:])


def _subsets(options: list[tuple[str, int]]) -> list[tuple[tuple[str, int], ...]]:
    """Every non-empty subset of ``options``, in their order."""
    return [tuple(o for i, o in enumerate(options) if bits >> i & 1)
            for bits in range(1, 1 << len(options))]
