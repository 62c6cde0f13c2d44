"""One Betel deal as a state: the auction with its dubel actions, the play, the result
(BETEL §1–§5).

:class:`Deal` keeps an operation log and a stack of immutable positions
(:mod:`stolik.deal`), so :meth:`Deal.undo` and :meth:`Deal.clone` are cheap; the auction's
rules are :mod:`stolik.games.betel.auction`, the values :mod:`stolik.games.betel.position`.
:meth:`Deal.legal_moves` lists what the seat to act may do (auction steps as
:class:`~stolik.games.betel.calls.Action`, cards as indices); anything else raises
:class:`~stolik.errors.IllegalMove` naming the rule.
:meth:`Deal.view` is what one seat may know (:mod:`stolik.games.betel.view`).

The seed's example auction (BETEL §3; A = seat 0 deals, B = 1, C = 2):

>>> from stolik.games.betel.ruleset import load_ruleset
>>> d = Deal.random(load_ruleset(), 0, __import__("random").Random(4))
>>> for word in ["1C", "1S", "betelek-2", "pas", "2S", "betelek-0", "kontra", "1H",
...              "betel", "pas", "szlem-BA", "pas", "pas"]:
...     d.move(word)
>>> d.phase, d.declarer, d.contract.name, d.doubled, d.to_act
('play', 1, 'Szlem bez atu', False, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from stolik.deal import Current, MovingDeal, dealt_mask, replace
from stolik.errors import IllegalMove
from stolik.games.betel.auction import after_call, holds, legal_actions, why_not
from stolik.games.betel.calls import (
    CALL_KINDS,
    LOOK_BOTH,
    PAS,
    TAKE,
    Action,
    lay,
    parse_call,
)
from stolik.games.betel.deck import (
    ASCII_NAMES,
    CARDS,
    DUBEL_SIZE,
    HAND_SIZE,
    HIGHER,
    SEATS,
    TRICKS,
    cards_of,
    parse_card,
    parse_cards,
)
from stolik.games.betel.play import beats, legal
from stolik.games.betel.position import CARD_OPS, Op, Phase, Position, Step, Three, Trick, set_seat
from stolik.games.betel.ruleset import Contract, Ruleset
from stolik.i18n import Msg, Term

if TYPE_CHECKING:
    from stolik.games.betel.claims import Verdict
    from stolik.games.betel.scoring import DealResult
    from stolik.games.betel.view import SeatView

Move = Action | int
"""An auction step, or a card (its index) in the play."""

PHASE_NAMES: dict[str, Term] = {"auction": Term("be-phase-auction", "auction"),
                                "play": Term("be-phase-play", "play"),
                                "done": Term("be-phase-done", "done")}
"""A phase's name in a refusal: the English word (``str``), translated for the reader."""

DEAL_OVER = Msg("err-be-deal-over", "the deal is over (BETEL §4)")
OVER_NO_CARDS = Msg("err-be-over-no-cards", "the deal is over: no more cards are played "
                    "(BETEL §4)")
"""The refusals of a move, and of a card, after the deal's end (BETEL §4)."""


class Deal(MovingDeal[Op, Position, Action]):
    """A deal from the first call to the last trick. ``hands``: three lists of ten cards
    by seat; ``dubel``: the two cards face down (BETEL §1), as dealt, in their places."""

    over = DEAL_OVER

    def __init__(self, rs: Ruleset, dealer: int, hands: Sequence[Sequence[int]],
                 dubel: Sequence[int]) -> None:
        if isinstance(dealer, bool) or dealer not in range(SEATS):
            raise IllegalMove(Msg("err-be-dealer", "dealer must be a seat 0–2, not {dealer!r} "
                                  "(BETEL §1)", dealer=dealer))
        if len(hands) != SEATS:
            raise IllegalMove(Msg("err-be-hands", "a deal has 3 hands, not {n} (BETEL §1)",
                                  n=len(hands)))
        seen = 0
        masks = []
        for seat, h in enumerate([*hands, dubel]):
            what = Msg("be-w-seat", "seat {seat}", seat=seat) if seat < SEATS else \
                Msg("be-w-dubel", "the dubel")
            m = dealt_mask(
                h, seen, CARDS, what,
                lambda c, what: Msg("err-be-holds-no-card", "{what} holds {card!r}, not a "
                                    "card (BETEL §1)", what=what, card=c),
                lambda c: Msg("err-be-dealt-twice", "card {card} is dealt twice (BETEL §1)",
                              card=ASCII_NAMES[c]))
            size = HAND_SIZE if seat < SEATS else DUBEL_SIZE
            if len(h) != size:
                raise IllegalMove(Msg("err-be-hand-size", "{what} must hold {size} cards, not "
                                      "{n} (BETEL §1)", what=what, n=len(h), size=size))
            seen |= m
            masks.append(m)
        self.rs = rs
        self.dealer = dealer
        self.dealt: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in hands)
        self.dealt_dubel: tuple[int, ...] = tuple(dubel)
        self._begin(Position("auction", dealer, (masks[0], masks[1], masks[2]), tuple(dubel)))

    @classmethod
    def from_text(cls, rs: Ruleset, dealer: int, hands: Sequence[str], dubel: str) -> Deal:
        """A deal from three hands and the dubel written ``"AS TD …"``."""
        return cls(rs, dealer, [parse_cards(h) for h in hands], parse_cards(dubel))

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random) -> Deal:
        """A shuffled deal: every layout equally likely."""
        cards = list(range(CARDS))
        rng.shuffle(cards)
        return cls(rs, dealer, [cards[0:10], cards[10:20], cards[20:30]], cards[30:32])

    def with_cards(self, hands: Sequence[int], dubel: int) -> Deal:
        """A deal in this one's position with other hidden cards: ``hands`` (masks, by
        seat) and the ``dubel`` (a mask) — a layout a seat cannot tell from the real one,
        for a search from here (:mod:`stolik.games.betel.claims`). It starts here: no
        log to undo; its ``dealt`` cards are these."""
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.dealt = tuple(tuple(cards_of(h)) for h in hands)
        other.dealt_dubel = tuple(cards_of(dubel))
        other._begin(replace(self._stack[-1], hands=(hands[0], hands[1], hands[2]),
                             dubel=other.dealt_dubel))
        return other

    # ------------------------------------------------------------ public state

    phase = Current[Phase]()
    """``auction``, ``play`` or ``done``."""

    hands = Current[Three]()
    """Cards held now, by seat (masks)."""

    @property
    def contract(self) -> Contract | None:
        """The standing (in the play: the played) contract; None in an all-pass deal."""
        p = self._stack[-1]
        return self.rs.contracts[p.contract] if p.contract >= 0 else None

    declarer = Current[int | None](seat=True)
    """Who bid the standing contract."""

    doubled = Current[bool]()
    """Whether the standing contract is kontra'd (BETEL §3)."""

    @property
    def all_pass(self) -> bool:
        """An all-pass deal: all three passed at their first turn (BETEL §3, §4)."""
        p = self._stack[-1]
        return p.phase != "auction" and p.contract < 0

    history = Current[tuple[Trick, ...]]()
    """The finished tricks."""

    # ------------------------------------------------------------ legal moves

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make now."""
        p = self._stack[-1]
        if p.phase == "play":
            return list(cards_of(self._legal_mask(p)))
        if p.phase == "done":
            return []
        return list(legal_actions(self, p))

    def legal_mask(self) -> int:
        """The cards allowed now, as a mask (0 outside the play)."""
        p = self._stack[-1]
        return self._legal_mask(p) if p.phase == "play" else 0

    def _legal_mask(self, p: Position) -> int:
        hand = p.hands[p.to_act]
        if not p.trick:
            return hand
        free = p.free and p.to_act != p.declarer
        return legal(hand, p.trick[0][1], p.best_led, p.best_trump, p.trump, free)

    # ------------------------------------------------------------ making moves

    def parse_move(self, text: str) -> Move:
        """Read a move: a card (``AS``) in the play; in the auction ``pas``, ``kontra``, a
        contract's word, ``look 1 #1`` or ``#2`` (the dubel card by its place),
        ``look 2``, ``take`` or ``lay <card> <card>``. ``look 1 <card>`` is the record's
        form (what was seen, BETEL §6): it answers whether that card lies in the dubel,
        so a live table offers only the view's legal moves, which name places."""
        p = self._stack[-1]
        words = text.split()
        if p.phase == "play":
            return parse_card(text)
        if not words:
            raise IllegalMove(Msg("err-be-empty-move", "an empty move (BETEL §6)"))
        head = words[0].casefold()
        if head == "look" and len(words) in (2, 3) and words[1] in ("1", "2"):
            if words[1] == "2":
                if len(words) != 2:
                    raise IllegalMove(Msg("err-be-look-2", "cannot read {text!r}: write "
                                          "'look 2' (BETEL §6)", text=text))
                return LOOK_BOTH
            if len(words) != 3:
                raise IllegalMove(Msg("err-be-look-1", "cannot read {text!r}: 'look 1' names "
                                      "the card seen, or its place #1 or #2 (BETEL §6)",
                                      text=text))
            if words[2] in ("#1", "#2"):
                return Action("look", n=1, pos=int(words[2][1]) - 1)
            card = parse_card(words[2])
            if card not in p.dubel:
                raise IllegalMove(Msg("err-be-not-in-dubel", "{card} does not lie in the "
                                      "dubel, so it cannot be looked at (BETEL §3)",
                                      card=ASCII_NAMES[card]))
            return Action("look", n=1, pos=p.dubel.index(card))
        if head == "take" and len(words) == 1:
            return TAKE
        if head == "lay" and len(words) == 3:
            a, b = parse_card(words[1]), parse_card(words[2])
            return lay(a, b)
        if len(words) != 1:
            raise IllegalMove(Msg("err-be-unread", "cannot read {text!r} (BETEL §6)",
                                  text=text))
        return parse_call(words[0], self.rs)

    def act(self, a: Action) -> None:
        """Make an auction step for the seat to act (BETEL §3)."""
        p = self._stack[-1]
        seat = p.to_act
        if p.phase != "auction":
            raise IllegalMove(Msg("err-be-auction-over", "seat {seat}: the auction is over "
                                  "(BETEL §3)", seat=seat) if p.phase == "play" else DEAL_OVER)
        if a.kind == "lay" and p.step == "taken":
            ok = (len(a.cards) == 2 and a.cards[0] != a.cards[1]
                  and all(holds(p.hands[seat], c) for c in a.cards))
        else:
            ok = a in legal_actions(self, p)
        if not ok:
            raise IllegalMove(why_not(self, p, seat, a))
        if a.kind == "look":
            seen = p.dubel[a.pos] if a.n == 1 else -1
            bits = (1 << a.pos) if a.n == 1 else 0b11
            self._push(Op("action", seat, a, seen), replace(
                p, step="looked", looked=a.n,
                knows=set_seat(p.knows, seat, p.knows[seat] | bits)))
        elif a.kind == "take":
            hand = p.hands[seat] | (1 << p.dubel[0]) | (1 << p.dubel[1])
            self._push(Op("action", seat, a), replace(
                p, step="taken", hands=set_seat(p.hands, seat, hand), dubel=()))
        elif a.kind == "lay":
            hand = p.hands[seat] & ~((1 << a.cards[0]) | (1 << a.cards[1]))
            knows = (0, 0, 0)
            self._push(Op("action", seat, a), replace(
                p, step="laid", looked=2, hands=set_seat(p.hands, seat, hand), dubel=a.cards,
                knows=set_seat(knows, seat, 0b11)))
        else:
            self._push(Op("action", seat, a), after_call(self, p, seat, a))

    _call = act
    """The game's call, as :meth:`move` makes it."""

    def play(self, c: int) -> None:
        """Play card ``c`` for the seat to act (BETEL §4)."""
        p = self._stack[-1]
        seat = p.to_act
        if p.phase != "play":
            raise IllegalMove(OVER_NO_CARDS if p.phase == "done" else
                              Msg("err-be-no-card-in-auction", "seat {seat}: no card is "
                                  "played in the auction (BETEL §3)", seat=seat))
        allowed = self._legal_mask(p)
        if isinstance(c, bool) or not isinstance(c, int) or c not in range(CARDS) \
                or not allowed >> c & 1:
            raise IllegalMove(self._why_not_card(p, seat, c, allowed))
        hands = set_seat(p.hands, seat, p.hands[seat] & ~(1 << c))
        trick = (*p.trick, (seat, c))
        if len(trick) == 1:
            win_seat, best_led, best_trump = seat, c, -1
        else:
            win_seat = seat if beats(c, p.best_led, p.best_trump, p.trump) else p.win_seat
            best_led, best_trump = p.best_led, p.best_trump
            if HIGHER[best_led] >> c & 1:  # the led suit's highest, trumped or not (§4)
                best_led = c
            elif c >> 3 == p.trump != best_led >> 3 and (
                    best_trump < 0 or HIGHER[best_trump] >> c & 1):
                best_trump = c
        op = CARD_OPS[seat][c]
        if len(trick) < SEATS:
            self._push(op, replace(p, hands=hands, trick=trick, win_seat=win_seat,
                                    best_led=best_led, best_trump=best_trump,
                                    to_act=(seat + 1) % SEATS))
            return
        history = (*p.history, Trick(p.trick[0][0], tuple(x for _, x in trick), win_seat))
        tricks = set_seat(p.tricks, win_seat, p.tricks[win_seat] + 1)
        # Every trick can change the score (BETEL §4, §5): the deal is played to the end.
        done = len(history) == TRICKS
        self._push(op, replace(p, hands=hands, trick=(), win_seat=-1, best_led=-1,
                                best_trump=-1, history=history, tricks=tricks,
                                leader=win_seat, to_act=win_seat,
                                phase="done" if done else "play",
                                end="played" if done else ""))

    def _why_not_card(self, p: Position, seat: int, c: object, allowed: int) -> str:
        if isinstance(c, bool) or not isinstance(c, int) or c not in range(CARDS):
            return Msg("err-be-not-a-card", "seat {seat}: {card!r} is not a card (BETEL §1)",
                       seat=seat, card=c)
        if not p.hands[seat] >> c & 1:
            return Msg("err-be-not-held", "seat {seat} does not hold {card} (BETEL §4)",
                       seat=seat, card=ASCII_NAMES[c])
        ok = " ".join(ASCII_NAMES[x] for x in cards_of(allowed))
        led = p.trick[0][1] >> 3
        if p.hands[seat] & (0xFF << 8 * led):
            why = Msg("err-be-follow", "he must follow suit") if p.free and \
                seat != p.declarer else Msg("err-be-follow-higher",
                                            "he must follow suit, higher if he can")
        else:
            why = Msg("err-be-trump", "void, he must trump, higher if he can")
        return Msg("err-be-card-not-legal", "seat {seat} may not play {card}: {why}; play "
                   "{allowed} (BETEL §4)", seat=seat, card=ASCII_NAMES[c], why=why, allowed=ok)

    def claim(self, seat: int, judged: Verdict | None = None) -> Verdict:
        """``seat`` claims (BETEL §4): accepted only when the score is certain from his
        own information (:mod:`stolik.games.betel.claims`), and then the remaining cards
        are played out at once (each side's best play), so that the log and the record
        hold all 30 plays. Otherwise :class:`~stolik.games.betel.claims.ClaimRefused`
        and nothing changes. ``judged``: the verdict, computed already on a clone (on a
        server's worker thread); it is used only if nothing was played since."""
        from stolik.games.betel.claims import best_card, verdict

        ok = judged is not None and judged.seat == seat and judged.at == len(self.log)
        v = judged if judged is not None and ok else verdict(self, seat)
        self._mark_claim(seat)
        while not self.is_over:
            self.play(best_card(self))
        return v

    def _mark_claim(self, seat: int) -> None:
        self._push(Op("claim", seat), replace(self._stack[-1], claimed=seat))

    def apply(self, op: Op) -> None:
        """Re-apply a logged operation (replaying a log onto another deal; a logged claim
        was judged when it was made, and its play-out follows as cards)."""
        if op.seat != self.to_act:
            raise IllegalMove(Msg("err-be-out-of-turn", "seat {seat} moves out of turn "
                                  "(BETEL §3, §4)", seat=op.seat))
        if op.kind == "card":
            self.play(op.card)
        elif op.kind == "claim":
            from stolik.games.betel.claims import refuse

            refusal = refuse(self, op.seat)
            if refusal is not None:
                raise refusal
            self._mark_claim(op.seat)
        else:
            assert op.action is not None
            self.act(op.action)

    # ------------------------------------------------------------ result

    def result(self) -> DealResult:
        """The scores of the finished deal (BETEL §5)."""
        from stolik.games.betel.scoring import score

        p = self._stack[-1]
        if p.phase != "done":
            raise IllegalMove(Msg("err-be-not-over", "the deal is not over yet"))
        return score(self.rs, p.contract, p.declarer, p.doubled, p.tricks, p.peek,
                     played=p.end == "played")

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (BETEL §3, §4: hidden information kept)."""
        from stolik.games.betel.view import seat_view

        return seat_view(self, seat)


__all__ = ["CALL_KINDS", "PAS", "Deal", "Move", "Op", "Phase", "Step", "Trick"]
