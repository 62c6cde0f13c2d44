"""The toy game's deal (TOY §1, §2): its cards, its one kind of move and a seat's view, on
the core's :class:`~stolik.deal.MovingDeal` (log, clone, undo, the refusal once over).

>>> from toygame.ruleset import load_ruleset
>>> d = Deal.from_text(load_ruleset(), 0, ["JS QS KH", "KS JH JD", "QH QD KD"])
>>> d.to_act, [name(c) for c in d.legal_moves()]
(1, ['KS', 'JH', 'JD'])
>>> d.move("JH"); d.move("QD")
Traceback (most recent call last):
stolik.errors.IllegalMove: seat 2 must follow suit with QH (TOY §2)
>>> for card in ("QH", "KH"): d.move(card)
>>> d.history[-1].winner, d.view(1).hand, d.undo(), d.clone().log == d.log
(0, (2, 6), Op(seat=0, card=5), True)
>>> Deal.from_text(load_ruleset(), 0, ["JS QS KH", "KS JH JD", "QH QD JS"])
Traceback (most recent call last):
stolik.errors.IllegalMove: JS is dealt twice (TOY §1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Never

from stolik.deal import MovingDeal, Trick, dealt_mask, replace
from stolik.errors import CardError, IllegalMove
from toygame.ruleset import Ruleset

SEATS = 3
SUITS, RANKS = "SHD", "JQK"


def name(card: int) -> str:
    """A card's name: its rank and suit (``KH``); card ``c`` is suit ``c // 3``, rank
    ``c % 3`` (TOY §1)."""
    return RANKS[card % 3] + SUITS[card // 3]


def parse_card(text: str) -> int:
    """A card from its name, any case; :class:`CardError` otherwise."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"no card {text[:8]!r} (TOY §1)")
    return SUITS.index(t[1]) * 3 + RANKS.index(t[0])


@dataclass(frozen=True)
class Op:
    """A card played: the log's entry."""

    seat: int
    card: int


@dataclass(frozen=True)
class Pos:
    """A position: the hands, the trick on the table, the finished tricks."""

    phase: str
    to_act: int
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...] = ()
    history: tuple[Trick, ...] = ()


@dataclass(frozen=True)
class View:
    """What ``seat`` sees: its own hand, the trick on the table, the finished tricks."""

    seat: int
    to_act: int | None
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    trick: tuple[int, ...]
    history: tuple[Trick, ...]
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """A settled deal: tricks and points by seat (TOY §3)."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """The result as ``stolik replay --json`` writes it."""
        return {"tricks": list(self.tricks), "points": list(self.points)}


class Deal(MovingDeal[Op, Pos, Never]):
    """A toy deal: ``dealer`` and the dealt ``hands`` (TOY §1)."""

    over = "the deal is over (TOY §2)"

    def __init__(self, rs: Ruleset, dealer: int, hands: tuple[tuple[int, ...], ...]) -> None:
        seen = 0
        for seat, hand in enumerate(hands):
            if len(hand) != 3:
                raise IllegalMove(f"seat {seat} is dealt {len(hand)} cards, not 3 (TOY §1)")
            seen |= dealt_mask(hand, seen, 9, seat, lambda c, s: f"seat {s} holds {c!r}",
                               lambda c: f"{name(c)} is dealt twice (TOY §1)")
        self.rs, self.dealer, self.dealt = rs, dealer, hands
        self._begin(Pos("play", (dealer + 1) % SEATS, tuple(tuple(sorted(h)) for h in hands)))

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random) -> Deal:
        """A shuffled deal."""
        cards = list(range(9))
        rng.shuffle(cards)
        return cls(rs, dealer, (tuple(cards[0:3]), tuple(cards[3:6]), tuple(cards[6:9])))

    @classmethod
    def from_text(cls, rs: Ruleset, dealer: int, hands: list[str]) -> Deal:
        """A deal from its hands' texts (``"JS QS KH"``)."""
        return cls(rs, dealer, tuple(tuple(map(parse_card, h.split())) for h in hands))

    @property
    def history(self) -> tuple[Trick, ...]:
        """The finished tricks."""
        return self.pos.history

    def legal_moves(self) -> list[int]:
        """The cards the seat to act may play: the suit led if it holds one (TOY §2)."""
        p = self.pos
        hand = p.hands[p.to_act]
        follow = [c for c in hand if p.trick and c // 3 == p.trick[0] // 3]
        return follow or list(hand)

    def parse_move(self, text: str) -> int:  # the toy has no calls: every move is a card
        """A card by its name."""
        return parse_card(text)

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to act (TOY §2)."""
        p = self.pos
        if card not in self.legal_moves():
            held = card in p.hands[p.to_act]
            why = (f"must follow suit with {' '.join(name(c) for c in self.legal_moves())}"
                   if held else f"does not hold {name(card)}")
            raise IllegalMove(f"seat {p.to_act} {why} (TOY §2)")
        hands = tuple(tuple(c for c in h if c != card) if s == p.to_act else h
                      for s, h in enumerate(p.hands))
        trick = (*p.trick, card)
        if len(trick) < SEATS:
            self._push(Op(p.to_act, card), replace(p, to_act=(p.to_act + 1) % SEATS,
                                                   hands=hands, trick=trick))
            return
        leader = (p.to_act + 1) % SEATS
        best = max((c, i) for i, c in enumerate(trick) if c // 3 == trick[0] // 3)[1]
        done = Trick(leader, trick, (leader + best) % SEATS)
        self._push(Op(p.to_act, card), replace(
            p, phase="done" if not hands[0] else "play", to_act=done.winner, hands=hands,
            trick=(), history=(*p.history, done)))

    def view(self, seat: int) -> View:
        """What ``seat`` may know: no other hand (TOY §1)."""
        p = self.pos
        mine = seat == p.to_act and p.phase == "play"
        return View(seat, self.to_act, p.hands[seat], tuple(self.legal_moves()) if mine else (),
                    p.trick, p.history, tuple(map(len, p.hands)))

    def result(self) -> Result:
        """Tricks and points by seat (TOY §3)."""
        tricks = [sum(t.winner == s for t in self.history) for s in range(SEATS)]
        points = list(tricks)
        points[self.history[-1].winner] += self.rs.last_trick
        return Result(tuple(tricks), tuple(points))
