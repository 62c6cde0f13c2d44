"""One Mariáš deal as a state: choice, approval, announcements, fleky, play, result
(MARIAS §2–§5, §8).

:class:`Deal` keeps an operation log and a stack of immutable positions (:mod:`stolik.deal`),
so :meth:`Deal.undo` and :meth:`Deal.clone` are cheap; the bidding's rules are
:mod:`stolik.games.marias.bidding`, the values :mod:`stolik.games.marias.position`.
:meth:`Deal.legal_moves` lists what the seat to act may do; anything else raises
:class:`~stolik.errors.IllegalMove` naming the rule.
:meth:`Deal.view` is what one seat may know (:mod:`stolik.games.marias.view`).

>>> from stolik.games.marias.ruleset import load_ruleset
>>> d = Deal.from_text(load_ruleset(), dealer=3, hands=[
...     "7A AA KA OA  KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
...     "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"])
>>> d.phase, d.to_act, len(d.legal_moves())
('choice', 0, 28)
>>> d.move("trump=7A call=TA")
>>> for text in ["dobry", "dobry", "dobry", "dobry"]:
...     d.move(text)
>>> [c.text(d.rs.flek_names) for c in d.legal_moves()]     # čtyřka in hand: povinná sto
['sto', 'sto sedma']
>>> d.move("sto sedma")
>>> for text in ["nic", "nic", "nic"]:
...     d.move(text)
>>> d.phase, d.to_act, d.partner
('fleky', 1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from stolik.deal import Current, MovingDeal, bump, dealt_mask, replace
from stolik.errors import IllegalMove
from stolik.games.marias.bidding import (
    after_announce,
    after_approval,
    after_fleky,
    legal_calls,
    why_not,
)
from stolik.games.marias.calls import Call, parse_move
from stolik.games.marias.deck import (
    ASCII_NAMES,
    CARD_POINTS,
    CARDS_PER_HAND,
    KING,
    LAST_TRICK_BONUS,
    OBER,
    SEVEN,
    TRICKS,
    card,
    cards_of,
    marriage_cards,
    parse_cards,
)
from stolik.games.marias.outcome import settle
from stolik.games.marias.play import BEATS, NO_TRUMPS, legal
from stolik.games.marias.position import GAME, PROTI, SEDMA, Op, Phase, Position, Trick
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import DealResult, Settlement, game_price, score
from stolik.i18n import Msg, Term

if TYPE_CHECKING:
    from stolik.games.marias.view import SeatView

Move = Call | int
"""A bidding call, or a card (its index) in the play."""

PHASE_NAMES: dict[str, Term] = {
    "choice": Term("ma-phase-choice", "choice"), "approval": Term("ma-phase-approval",
                                                                  "approval"),
    "announce": Term("ma-phase-announce", "announce"), "fleky": Term("ma-phase-fleky", "fleky"),
    "play": Term("ma-phase-play", "play"), "done": Term("ma-phase-done", "done")}
"""A phase's name in a refusal: the English word (``str``), translated on the pages."""

OVER_NO_CARDS = Msg("err-ma-over-no-cards",
                    "the deal is over: no more cards are played (MARIAS §4)")
"""The refusal of a card after the deal's end (MARIAS §4)."""


class Deal(MovingDeal[Op, Position, Call]):
    """A deal from the choice to the money. ``hands``: four lists of eight card indices,
    by seat, each in dealt order — the first four are what the seat sees before the choice
    (MARIAS §2, §4.1). ``paper``: the deal is being recorded from a paper sheet, where a
    forgotten choice (``forgot``) may stand (MARIAS §4.1, §11); a live deal refuses it."""

    over = Msg("err-ma-deal-over", "the deal is over")

    def __init__(self, rs: Ruleset, dealer: int, hands: Sequence[Sequence[int]], *,
                 paper: bool = False) -> None:
        if isinstance(dealer, bool) or dealer not in range(4):
            raise IllegalMove(Msg("err-ma-dealer", "dealer must be a seat 0–3, not {dealer!r} "
                                  "(MARIAS §2)", dealer=dealer))
        if len(hands) != 4:
            raise IllegalMove(Msg("err-ma-hands", "a deal has 4 hands, not {n} (MARIAS §2)",
                                  n=len(hands)))
        seen = 0
        masks = []
        for seat, h in enumerate(hands):
            m = dealt_mask(
                h, seen, 32, seat,
                lambda c, seat: Msg("err-ma-holds-no-card", "seat {seat} holds {card!r}, "
                                    "not a card (MARIAS §2)", seat=seat, card=c),
                lambda c: Msg("err-ma-dealt-twice", "card {card} is dealt twice (MARIAS §2)",
                              card=ASCII_NAMES[c]))
            if len(h) != CARDS_PER_HAND:
                raise IllegalMove(Msg("err-ma-hand-size", "seat {seat} holds {n} cards, not 8 "
                                      "(MARIAS §2)", seat=seat, n=len(h)))
            seen |= m
            masks.append(m)
        self.rs = rs
        self.dealer = dealer
        self.chooser = (dealer + 1) % 4
        self.dealt: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in hands)
        self.initial_hands: tuple[int, int, int, int] = (masks[0], masks[1], masks[2], masks[3])
        self.first_four: tuple[int, ...] = tuple(
            (1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]) for h in hands)
        self.paper = paper
        """A deal recorded from a paper sheet: only there a forgotten choice exists
        (MARIAS §4.1, §11); the record reader sets it."""
        self._begin(Position("choice", self.chooser, self.initial_hands))

    # ------------------------------------------------------------ construction

    @classmethod
    def from_text(cls, rs: Ruleset, dealer: int, hands: Sequence[str], *,
                  paper: bool = False) -> Deal:
        """A deal from four hands written ``"AH TL …"`` (each in dealt order)."""
        return cls(rs, dealer, [parse_cards(h) for h in hands], paper=paper)

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random) -> Deal:
        """A shuffled deal: every layout equally likely."""
        cards = list(range(32))
        rng.shuffle(cards)
        return cls(rs, dealer, [cards[8 * i: 8 * i + 8] for i in range(4)])

    @classmethod
    def replayed(cls, rs: Ruleset, dealer: int, hands: Sequence[int],
                 moves: Iterable[tuple[int, Move | str]],
                 *, laid: int = -1, paper: bool = False) -> Deal | None:
        """The deal dealt ``hands`` (masks by seat) after ``moves`` (seat and move), or None
        when one of them is not legal there. The chooser's choice is made with ``laid`` as
        the trump card where it is given (a seat that did not see the laid card picks one of
        the chosen suit in the chooser's hand): the laid card goes first among his first
        four (MARIAS §4.1). (:func:`stolik.games.marias.inference.replay`.)"""
        chooser = (dealer + 1) % 4
        dealt = []
        for s, h in enumerate(hands):
            cards = [c for c in range(32) if h >> c & 1]
            if s == chooser and laid >= 0:
                if not h >> laid & 1:
                    return None
                cards.remove(laid)
                cards.insert(0, laid)
            dealt.append(cards)
        try:
            d = cls(rs, dealer, dealt, paper=paper)
            for seat, m in moves:
                if d.to_act != seat:
                    return None
                if isinstance(m, Call) and m.word == "choose" and laid >= 0:
                    m = Call("choose", card=laid, called=m.called)
                d.move(m)
        except IllegalMove:
            return None
        return d

    # ------------------------------------------------------------ public state

    phase = Current[Phase]()
    """``choice``, ``approval``, ``announce``, ``fleky``, ``play`` or ``done``."""

    hands = Current[tuple[int, int, int, int]]()
    """Cards still held, by seat (masks)."""

    partner = Current[int | None](seat=True)
    """The holder of the called card in a 2 v 2 game (hidden information)."""

    soloist = Current[int | None](seat=True)
    """The lone player (sám, červený sám, betl, durch), once the approval is over."""

    game = Current[str]()
    """``hra``, ``sto``, ``betl`` or ``durch`` once decided, else ``""``."""

    history = Current[tuple[Trick, ...]]()
    """The finished tricks."""

    def side(self, seat: int, p: Position | None = None) -> int:
        """0 for the choosing side (or the soloist), 1 for the others."""
        p = p or self._stack[-1]
        if p.soloist >= 0:
            return 0 if seat == p.soloist else 1
        return 0 if seat in (self.chooser, p.partner) else 1

    def components(self, p: Position | None = None) -> list[str]:
        """The components fleky can raise now: the game's name, ``sedma``, ``sto-proti``."""
        p = p or self._stack[-1]
        out = [p.game]
        if p.sedma_by >= 0:  # the choosing side's sedma, or a defender's sedma proti
            out.append("sedma" if self.side(p.sedma_by, p) == 0 else "sedma-proti")
        if p.proti_by >= 0:
            out.append("sto-proti")
        return out

    # ------------------------------------------------------------ legal moves

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make now (cards as indices in the play)."""
        p = self._stack[-1]
        if p.phase == "play":
            return list(cards_of(self._legal_mask(p)))
        calls: list[Move] = []
        calls.extend(legal_calls(self, p))
        return calls

    def legal_calls(self) -> list[Call]:
        """The bidding calls allowed now (none in the play)."""
        return legal_calls(self, self._stack[-1])

    def legal_mask(self) -> int:
        """The cards allowed now, as a mask (0 outside the play)."""
        p = self._stack[-1]
        return self._legal_mask(p) if p.phase == "play" else 0

    def _legal_mask(self, p: Position) -> int:
        """MARIAS §3, with the announced seven kept to the last trick."""
        seat = p.to_act
        hand = p.hands[seat]
        allowed = legal(hand, p.trick[0][1], p.win_card, p.trump) if p.trick else hand
        if seat == p.sedma_by and len(p.history) < TRICKS - 1:
            seven = 1 << card(p.trump, SEVEN)
            if allowed & seven and allowed != seven:
                allowed &= ~seven
        return allowed

    # ------------------------------------------------------------ making moves

    def parse_move(self, text: str) -> Move:
        """Read a move as records write it (``trump=7A call=AA``, ``dobry``, ``hra sedma``,
        ``flek hra``, ``pass``, a card such as ``KH``) in the current phase."""
        return parse_move(text, self._stack[-1].phase, self.rs.flek_names)

    def call(self, c: Call) -> None:
        """Make a bidding call for the seat to act."""
        p = self._stack[-1]
        seat = p.to_act
        if p.phase == "done":
            raise IllegalMove(Msg("err-ma-over-no-calls",
                                  "the deal is over: nothing more is said (MARIAS §4)"))
        if p.phase == "play":
            raise IllegalMove(Msg("err-ma-no-calls-in-play",
                                  "seat {seat}: no calls in the play (MARIAS §4)", seat=seat))
        if c.word == "forgot" and p.phase == "choice" and not self.paper:
            raise IllegalMove(Msg("err-ma-forgot-live", "seat {seat} must choose a trump card "
                                  "and a called card: a forgotten choice exists only when a "
                                  "paper deal is recorded (MARIAS §4.1, seed §5)", seat=seat))
        if c.word == "forgot" and p.phase == "choice":
            # A paper deal only (MARIAS §4.1, seed §5): the chooser took his second four.
            self._push(Op("call", seat, call=c), replace(
                p, phase="approval", forgot=True, to_act=(self.chooser + 1) % 4))
            return
        if c not in legal_calls(self, p):
            raise IllegalMove(why_not(self, p, seat, c))
        op = Op("call", seat, call=c)
        if p.phase == "choice":
            self._push(op, replace(p, phase="approval", trump=c.card >> 3, trump_card=c.card,
                                    called=c.called, to_act=(seat + 1) % 4))
        elif p.phase == "approval":
            self._push(op, after_approval(self, p, seat, c))
        elif p.phase == "announce":
            self._push(op, after_announce(self, p, seat, c))
        else:
            self._push(op, after_fleky(self, p, seat, c))

    _call = call
    """The game's call, as :meth:`move` makes it."""

    def play(self, c: int) -> None:
        """Play card ``c`` for the seat to act (MARIAS §3, §4.6)."""
        p = self._stack[-1]
        seat = p.to_act
        if p.phase == "done":
            raise IllegalMove(OVER_NO_CARDS)
        if p.phase != "play":
            raise IllegalMove(Msg("err-ma-no-cards-in-phase", "seat {seat}: no cards are played "
                                  "in the {phase} (MARIAS §4)", seat=seat,
                                  phase=PHASE_NAMES[p.phase]))
        allowed = self._legal_mask(p)
        if isinstance(c, bool) or not isinstance(c, int) or c not in range(32) \
                or not allowed >> c & 1:
            raise IllegalMove(self._why_not_card(p, seat, c, allowed))
        hand = p.hands[seat]
        changes: dict[str, Any] = {}
        rank = c & 7
        if p.trump != NO_TRUMPS and rank in (KING, OBER):  # automatic marriage (MARIAS §4.6)
            pair = marriage_cards(c >> 3)
            if hand & pair == pair:
                changes["marriages"] = (*p.marriages, (seat, c >> 3))
        if c == p.called:
            changes["shown"] = p.shown | (1 << seat)
        hands = list(p.hands)
        hands[seat] = hand & ~(1 << c)
        hands_t = (hands[0], hands[1], hands[2], hands[3])
        trick = (*p.trick, (seat, c))
        if len(trick) == 1 or BEATS[p.trump][p.win_card] >> c & 1:
            win_seat, win_card = seat, c
        else:
            win_seat, win_card = p.win_seat, p.win_card
        op = Op("card", seat, card=c)
        if len(trick) < 4:
            self._push(op, replace(p, hands=hands_t, trick=trick, win_seat=win_seat,
                                    win_card=win_card, to_act=(seat + 1) % 4, **changes))
            return
        cards = tuple(x for _, x in trick)
        last = len(p.history) == TRICKS - 1
        gained = sum(CARD_POINTS[x] for x in cards) + (LAST_TRICK_BONUS if last else 0)
        history = (*p.history, Trick(p.trick[0][0], cards, win_seat))
        q = replace(p, hands=hands_t, trick=(), win_seat=-1, win_card=-1, history=history,
                     points=bump(p.points, win_seat, gained),
                     tricks=bump(p.tricks, win_seat, 1), leader=win_seat, to_act=win_seat,
                     **changes)
        if last:
            q = replace(q, phase="done", end="played")
        elif p.game == "betl" and win_seat == p.soloist:  # early end (MARIAS §4.6, seed §7)
            q = replace(q, phase="done", end="betl")
        elif p.game == "durch" and win_seat != p.soloist:
            q = replace(q, phase="done", end="durch")
        self._push(op, q)

    def _why_not_card(self, p: Position, seat: int, c: object, allowed: int) -> str:
        if isinstance(c, bool) or not isinstance(c, int) or c not in range(32):
            return Msg("err-ma-not-a-card", "seat {seat}: {card!r} is not a card (MARIAS §1)",
                       seat=seat, card=c)
        name = ASCII_NAMES[c]
        if not p.hands[seat] >> c & 1:
            return Msg("err-ma-not-held", "seat {seat} does not hold {card} (MARIAS §3)",
                       seat=seat, card=name)
        ok = " ".join(ASCII_NAMES[x] for x in cards_of(allowed))
        if seat == p.sedma_by and c == card(p.trump, SEVEN):
            return Msg("err-ma-sedma-kept", "seat {seat} announced sedma: {card} is kept to the "
                       "last trick; play {allowed} (MARIAS §3)", seat=seat, card=name,
                       allowed=ok)
        return Msg("err-ma-card-not-legal", "seat {seat} may not play {card} here: play "
                   "{allowed} (MARIAS §3)", seat=seat, card=name, allowed=ok)

    def record_renonc(self, seat: int, kind: str = "renonc") -> None:
        """A referee's renonc (MARIAS §8): the deal ends at once and ``seat`` pays."""
        p = self._stack[-1]
        if isinstance(seat, bool) or seat not in range(4):
            raise IllegalMove(Msg("err-ma-renonc-seat", "a renonc names a seat 0–3, not "
                                  "{value!r} (MARIAS §8)", value=seat))
        if p.phase == "done":
            raise IllegalMove(Msg("err-ma-renonc-over", "the deal is already over (MARIAS §8)"))
        self._push(Op("renonc", seat, text=kind),
                   replace(p, phase="done", end="renonc", offender=seat, renonc_kind=kind))

    def renonc_price(self, p: Position | None = None) -> int:
        """The game as flekked for a renonc now (MARIAS §8): before the approval ends, the
        unflekked hra of the chosen suit or the highest claim made so far."""
        p = p or self._stack[-1]
        if not p.game:
            if p.claim:
                return game_price(self.rs, p.claim, NO_TRUMPS, 0)
            return game_price(self.rs, "hra", p.trump, 0)
        return game_price(self.rs, p.game, p.trump, p.levels[GAME])

    def claim(self, seat: int) -> None:
        """``seat`` lays his cards down (MARIAS §4.7, seed §8): if, in every deal he cannot
        tell from this one, no continuation could change the money, the deal ends as the
        real cards end it; otherwise it is a renonc by him
        (:func:`~stolik.games.marias.claims.claim_verdict`)."""
        from stolik.games.marias.claims import claim_verdict

        p = self._stack[-1]
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(4):
            raise IllegalMove(Msg("err-ma-claim-seat", "a lay-down names a seat 0–3, not "
                                  "{value!r} (MARIAS §4.7)", value=seat))
        if p.phase != "play":
            raise IllegalMove(Msg("err-ma-claim-not-play", "seat {seat}: cards are laid down "
                                  "only in the play (MARIAS §4.7)", seat=seat))
        result = claim_verdict(self, seat)
        if result is None:
            self._push(Op("claim", seat),
                       replace(p, phase="done", end="renonc", offender=seat,
                                renonc_kind="false lay-down"))
        else:
            self._push(Op("claim", seat), replace(p, phase="done", end="claim",
                                                    claimed=result))

    def apply(self, op: Op) -> None:
        """Re-apply a logged operation (replaying a log onto another deal)."""
        if op.kind == "card":
            if op.seat != self.to_act:
                raise IllegalMove(Msg("err-ma-plays-out-of-turn",
                                      "seat {seat} plays out of turn (MARIAS §3)", seat=op.seat))
            self.play(op.card)
        elif op.kind == "call":
            assert op.call is not None
            if op.seat != self.to_act:
                raise IllegalMove(Msg("err-ma-speaks-out-of-turn",
                                      "seat {seat} speaks out of turn (MARIAS §4)", seat=op.seat))
            self.call(op.call)
        elif op.kind == "renonc":
            self.record_renonc(op.seat, op.text)
        else:
            self.claim(op.seat)

    # ------------------------------------------------------------ result

    def settlement(self) -> Settlement:
        """What the deal decided (MARIAS §5), for :func:`~stolik.games.marias.scoring.score`."""
        p = self._stack[-1]
        if p.phase != "done":
            raise IllegalMove(Msg("err-ma-not-over", "the deal is not over yet"))
        if p.claimed is not None:  # a lay-down: the deal as every continuation ends it
            return p.claimed.settlement
        return settle(self)

    def result(self) -> DealResult:
        """The money of the finished deal (haléř, by seat)."""
        p = self._stack[-1]
        if p.phase == "done" and p.end == "claim" and p.claimed is not None:
            return p.claimed
        return score(self.rs, self.settlement())

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (MARIAS §3, §4: hidden information kept)."""
        from stolik.games.marias.view import seat_view

        return seat_view(self, seat)


__all__ = ["GAME", "PROTI", "SEDMA", "Deal", "Move", "Op", "Phase", "Trick"]
