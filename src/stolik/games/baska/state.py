"""One Baśka deal as a state: auction, then play, then the result (RULES §3–§8).

:class:`Deal` keeps an operation log and a stack of immutable positions (:mod:`stolik.deal`),
so :meth:`Deal.undo` and :meth:`Deal.clone` are cheap; the values are
:mod:`stolik.games.baska.position`, a seat's view :mod:`stolik.games.baska.seat_view`.
Every call and card is checked; an illegal one raises :class:`~stolik.errors.IllegalMove`
with the reason and the RULES section.
:meth:`Deal.view` gives what one seat may know — the only thing bots and clients get.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.deck import DECK
>>> rs = load_ruleset("pucka-2019")
>>> d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD", "AC TC AS TS",
...                                        "QD JS JH JD"])
>>> d.to_act, [c.text(rs) for c in d.legal_calls()][:3]
(2, ['pass', 'gran', 'zolo'])
>>> for c in ["pass", "pass", "pass", "pass"]:
...     d.call(c)
>>> d.phase, d.game.contract.id, d.to_act
('play', 'zwykla', 1)
>>> d.play("JC"); d.play("TC")
>>> d.legal_cards() == [DECK.parse_card("QD")]
True
>>> d.play("JS")
Traceback (most recent call last):
...
stolik.errors.IllegalMove: seat 3 must beat J♣ with trumps: play Q♦ (RULES §3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stolik.deal import LoggedDeal, bump, replace
from stolik.errors import IllegalMove
from stolik.games.baska.calls import PASS, Call, parse_call
from stolik.games.baska.deck import CARD_POINTS, CARDS_PER_HAND, DECK, HANDS
from stolik.games.baska.laid_down import doubling_limit
from stolik.games.baska.position import Announcement, Auction, Op, Phase, Position, Trick
from stolik.games.baska.ruleset import Contract, Ruleset
from stolik.games.baska.scoring import (
    DECLARING,
    OPPOSING,
    DealResult,
    Game,
    count_doublings,
    score,
)
from stolik.games.baska.seat_view import SeatView, seat_view
from stolik.i18n import Label, Msg, Term
from stolik.tricks import CardOrder


def _name(contract: Contract) -> Label:
    """A contract in a message: its id in the English text (as records write it), its
    ruleset name (``Zoło``, as the buttons say it) wherever the message is translated."""
    return Label(contract.id, contract.name.split(" (")[0])


class Deal(LoggedDeal[Op, Position]):
    """A deal from the dealing to the result. ``bok_deal``: the deal is played in a
    bok-round and is worth double (RULES §6)."""

    def __init__(self, rs: Ruleset, dealer: int, hands: Sequence[int], *,
                 bok_deal: bool = False) -> None:
        if dealer not in range(HANDS):
            raise IllegalMove(f"dealer must be a seat 0–3, not {dealer!r} (RULES §1)")
        if len(hands) != HANDS:
            raise IllegalMove(f"a deal has 4 hands, not {len(hands)} (RULES §1)")
        seen = 0
        for seat, h in enumerate(hands):
            if h.bit_count() != CARDS_PER_HAND:
                raise IllegalMove(f"seat {seat} holds {h.bit_count()} cards, not 4 (RULES §1)")
            if seen & h:
                raise IllegalMove(
                    f"card {DECK.format_mask(seen & h, ascii=True)} dealt twice (RULES §1)")
            seen |= h
        self.rs = rs
        self.dealer = dealer
        self.forehand = (dealer + 1) % 4
        self.initial_hands: tuple[int, int, int, int] = (hands[0], hands[1], hands[2], hands[3])
        self.bok_deal = bok_deal
        starzy = rs.plain.starzy
        self._starzy_seats = tuple(s for s in range(4) if hands[s] & starzy)
        self.cicha_seat = next((s for s in range(4) if hands[s] & starzy == starzy), None)
        """The seat dealt both starzy queens: a cicha's player (RULES §4), or None."""
        self._cicha_laid: bool | None = None
        self._begin(Position(self._announce_cicha(Auction()), self.initial_hands))

    # ------------------------------------------------------------ construction

    @classmethod
    def from_text(cls, rs: Ruleset, dealer: int, hands: Sequence[str], *,
                  bok_deal: bool = False) -> Deal:
        """A deal from four hands written as text (``"AH TH QC AD"``)."""
        return cls(rs, dealer, [DECK.parse_mask(h) for h in hands], bok_deal=bok_deal)

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random, *,
               bok_deal: bool = False) -> Deal:
        """A shuffled deal."""
        cards = list(range(16))
        rng.shuffle(cards)
        return cls(rs, dealer, [DECK.mask_of(cards[4 * i: 4 * i + 4]) for i in range(4)],
                   bok_deal=bok_deal)

    # ------------------------------------------------------------ state

    @property
    def phase(self) -> Phase:
        """``auction``, ``play`` or ``done``."""
        p = self.pos
        if p.finished:
            return "done"
        return "play" if p.auction.closed else "auction"

    @property
    def to_act(self) -> int | None:
        """The seat to call or play next; None when the deal is over."""
        p = self.pos
        if p.finished:
            return None
        if not p.auction.closed:
            # The seat after forehand speaks first; forehand speaks fourth (RULES §4).
            return (self.forehand + 1 + p.auction.count) % 4
        return (p.leader + len(p.trick)) % 4

    @property
    def hands(self) -> tuple[int, int, int, int]:
        """Cards still held, by seat (bitmasks)."""
        return self.pos.hands

    @property
    def game(self) -> Game | None:
        """What the auction settled; None while it runs."""
        return self.pos.game

    @property
    def contract(self) -> Contract | None:
        """The highest contract called so far (None: nobody has bid)."""
        return self.pos.auction.contract

    @property
    def level(self) -> int:
        """Doubling calls made so far on the current contract, dead ones included (public,
        RULES §4); the score counts :attr:`Game.level`."""
        return self.pos.auction.level

    @property
    def laid_down(self) -> bool:
        """Whether the current game is announced as laid down (RULES §7)."""
        return self.pos.auction.laid_down

    @property
    def announcements(self) -> tuple[Announcement, ...]:
        """The laid-down announcements made so far (RULES §7)."""
        return self.pos.auction.announced

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table as (seat, card) pairs."""
        return self.pos.trick

    @property
    def history(self) -> tuple[Trick, ...]:
        """Finished tricks."""
        return self.pos.history

    @property
    def order(self) -> CardOrder:
        """The card order of the game being played (the normal order during the auction)."""
        g = self.pos.game
        return self.rs.order_of(g.contract if g else self.rs.zwykla)

    # ------------------------------------------------------------ auction

    def current_game(self, a: Auction) -> Contract:
        """The game the auction would produce now, for doubling purposes."""
        if a.contract is not None:
            return a.contract
        return self.rs.cicha if self.cicha_seat is not None else self.rs.zwykla

    def _team(self, contract: Contract, declarer: int | None) -> tuple[int, ...]:
        if contract.kind == "plain":
            return self._starzy_seats
        if contract.kind == "cicha":
            assert self.cicha_seat is not None
            return (self.cicha_seat,)
        assert declarer is not None
        if contract.kind == "wesele":
            return tuple(sorted((declarer, self._partner(contract, declarer))))
        return (declarer,)

    def _partner(self, contract: Contract, declarer: int) -> int:
        """Holder of the first partner card the declarer does not hold (RULES §4)."""
        for card in contract.partner_cards:
            if not self.initial_hands[declarer] >> card & 1:
                return next(s for s in range(4) if self.initial_hands[s] >> card & 1)
        raise AssertionError("a wesele declarer holds every partner card")  # pragma: no cover

    def why_not_call(self, call: Call, seat: int | None = None) -> str | None:
        """Why ``call`` by ``seat`` (default: the seat to act) is illegal, or None if legal."""
        a = self.pos.auction
        if a.closed:
            return Msg("err-auction-over", "the auction is over (RULES §4)")
        to_act = self.to_act
        assert to_act is not None
        if seat is None:
            seat = to_act
        if seat != to_act:
            return Msg("err-not-your-call", "seat {seat} may not call now — it is seat "
                       "{to_act}'s turn (RULES §4)", seat=seat, to_act=to_act)
        rs = self.rs
        if call.kind == "pass":
            return None
        hand = self.initial_hands[seat]
        if call.kind == "contract":
            if call.contract is None or not rs.has(call.contract) or \
                    not rs.contract(call.contract).biddable:
                return Msg("err-no-such-contract", "{contract} is not a contract of "
                           "{ruleset} (RULES §4)", contract=str(call.contract), ruleset=rs.id)
            c = rs.contract(call.contract)
            if a.contract is not None and c.rank <= a.contract.rank:
                return Msg("err-not-higher", "{contract} does not rank above {current} "
                           "(RULES §4)", contract=_name(c), current=_name(a.contract))
            if c.requires & ~hand:
                return Msg("err-needs-cards", "seat {seat} may not call {contract} — it "
                           "needs {cards} in hand (RULES §4)", seat=seat, contract=_name(c),
                           cards=DECK.format_mask(c.requires, ascii=True))
            if c.first_round_only and a.count >= 4:
                return Msg("err-first-round-only", "{contract} may be called only in the "
                           "first round (RULES §4)", contract=_name(c))
            if c.opening_only and a.contract is not None:
                return Msg("err-opening-only", "{contract} may be called only while no "
                           "contract is called (RULES §4)", contract=_name(c))
            return None
        # A doubling. Its count and name are public; where sides are hidden (the plain
        # game, wesele, cicha) it is never refused for a side reason — a doubling that does
        # not count is dead (RULES §4, decision of turn 2).
        cur = a.contract
        what: str
        if cur is None:
            what = Msg("err-the-plain-game", "the plain game")
            most = max(rs.zwykla.max_level, rs.cicha.max_level)
        else:
            what = _name(cur)
            most = cur.max_level
        nxt = a.level + 1
        if most == 0:
            return Msg("err-no-doubling", "{what} cannot be doubled (RULES §4)", what=what)
        if nxt > most:
            return Msg("err-max-doublings", "{what} may be doubled at most {most} "
                       "time" + ("s" if most > 1 else "") + " (RULES §7)", what=what, most=most)
        if call.level != nxt:
            got = rs.doubling_name(call.level) if 1 <= call.level <= len(rs.doublings) else "?"
            return Msg("err-next-doubling", "the next doubling is {next}, not {got} (RULES §7)",
                       next=rs.doubling_name(nxt), got=got)
        if cur is not None and cur.kind == "solo":
            # Sides are public: the first doubling from the declarer's opponents, then each
            # from the side opposed to the last doubler (RULES §4).
            side = DECLARING if seat == a.declarer else OPPOSING
            if a.doublers:
                last = DECLARING if a.doublers[-1] == a.declarer else OPPOSING
                if side == last:
                    return Msg("err-side-doubled-last", "seat {seat} may not double — his "
                               "side doubled last (RULES §4)", seat=seat)
            elif side == DECLARING:
                return Msg("err-first-double-opponents", "seat {seat} may not double first "
                           "— the first doubling of {what} comes from the declarer's "
                           "opponents (RULES §4)", seat=seat, what=what)
        if a.laid_down and nxt > rs.laid_down_max_level:
            limit = rs.laid_down_max_level
            accepts = Msg("err-accepts-none", "no doubling") if limit == 0 else \
                Msg("err-accepts-only", "only {name}", name=rs.doubling_name(limit))
            return Msg("err-laid-down-doubling", "{what} is laid down (wykładane: it cannot "
                       "be lost) and accepts {accepts} (RULES §7)",
                       what=Label("cicha", "cicha") if cur is None else what, accepts=accepts)
        return None

    def legal_calls(self) -> list[Call]:
        """Every call the seat to act may make (pass is always among them)."""
        if self.pos.auction.closed:
            return []
        cands = [PASS, *(Call("contract", c.id) for c in self.rs.ladder)]
        nxt = self.pos.auction.level + 1
        if nxt <= len(self.rs.doublings):
            cands.append(Call("double", level=nxt))
        return [c for c in cands if self.why_not_call(c) is None]

    def parse_call(self, text: str) -> Call:
        """Read a call in this deal's ruleset's words."""
        return parse_call(text, self.rs)

    def call(self, call: Call | str) -> None:
        """Make a call for the seat to act; IllegalMove if the rules forbid it."""
        if isinstance(call, str):
            call = parse_call(call, self.rs)
        why = self.why_not_call(call)
        if why is not None:
            raise IllegalMove(why)
        p = self.pos
        a = p.auction
        seat = self.to_act
        assert seat is not None
        if call.kind == "pass":
            a = replace(a, count=a.count + 1, passes=a.passes + 1)
        elif call.kind == "contract":
            assert call.contract is not None
            # A new contract voids the doublings of the one it replaces (RULES §4); a laid-
            # down solo is announced the moment it is called (RULES §7).
            c = self.rs.contract(call.contract)
            laid = c.kind == "solo" and doubling_limit(
                self.rs, c, self.initial_hands[seat], (seat - self.forehand) % 4) < c.max_level
            announced = a.announced + ((Announcement(a.count + 1, c.id, seat),) if laid else ())
            a = replace(a, count=a.count + 1, contract=c, declarer=seat, level=0,
                        doublers=(), passes=0, laid_down=laid, announced=announced)
        else:
            a = replace(a, count=a.count + 1, level=a.level + 1,
                        doublers=(*a.doublers, seat),
                        first_call=a.first_call if a.doublers else a.count, passes=0)
            a = self._announce_cicha(a)
        if a.count >= 4 and a.passes >= 3:
            a = replace(a, closed=True)
        pos = replace(p, auction=a)
        if a.closed:
            pos = self._open_play(pos)
        self._push(Op("call", seat, call=call), pos)

    def _cicha_is_laid_down(self) -> bool:
        """Whether the cicha (if the hands make one) is laid down and so limited (§7)."""
        if self._cicha_laid is None:
            seat = self.cicha_seat
            c = self.rs.cicha
            self._cicha_laid = seat is not None and c.max_level > self.rs.laid_down_max_level \
                and doubling_limit(self.rs, c, self.initial_hands[seat],
                                   (seat - self.forehand) % 4) < c.max_level
        return self._cicha_laid

    def _announce_cicha(self, a: Auction) -> Auction:
        """RULES §7: a laid-down cicha is announced the moment the doublings on the plain
        game reach the laid-down limit (at once where the limit is 0)."""
        if (a.contract is not None or a.laid_down or a.level < self.rs.laid_down_max_level
                or self.cicha_seat is None or not self._cicha_is_laid_down()):
            return a
        return replace(a, laid_down=True, announced=(
            *a.announced, Announcement(a.count, "cicha", self.cicha_seat)))

    def _open_play(self, pos: Position) -> Position:
        a = pos.auction
        cur = self.current_game(a)
        declarer = a.declarer if a.contract else (
            self.cicha_seat if cur.kind == "cicha" else None)
        team = self._team(cur, declarer)
        partner = None
        if cur.kind == "wesele":
            assert declarer is not None
            partner = self._partner(cur, declarer)
        # RULES §4: which doublings count is settled now, from the sides of their callers.
        level, first, dead = count_doublings(
            cur, [DECLARING if s in team else OPPOSING for s in a.doublers])
        dead_calls = self._doubling_calls(a, dead)
        game = Game(cur, declarer, team, level, first, partner, dead_calls, a.laid_down)
        finished = cur.kind == "honour"  # settled at once, no cards played (RULES §4)
        return replace(pos, game=game, leader=self.forehand, finished=finished)

    # ------------------------------------------------------------ play

    def _doubling_calls(self, a: Auction, positions: Sequence[int]) -> tuple[int, ...]:
        """The call numbers (0-based) of the doublings at ``positions`` among a.doublers."""
        numbers = [i for i, op in enumerate(self.log)
                   if i >= a.first_call and op.call is not None and op.call.kind == "double"]
        return tuple(numbers[k] for k in positions)

    def legal_mask(self) -> int:
        """The legal cards of the seat to play, as a bitmask (0 outside the play)."""
        p = self.pos
        if p.finished or not p.auction.closed:
            return 0
        hand = p.hands[(p.leader + len(p.trick)) % 4]
        if not p.trick:
            return hand
        return self.order.legal(hand, p.trick[0][1], p.win_card)

    def legal_cards(self) -> list[int]:
        """The legal cards of the seat to play, sorted as in hand."""
        return self.order.sort(DECK.cards_of(self.legal_mask()))

    def why_not_card(self, card: int, seat: int | None = None) -> str | None:
        """Why playing ``card`` (by ``seat``, default the seat to act) is illegal, or None."""
        p = self.pos
        name = DECK.name(card)
        if p.finished:
            return Msg("err-deal-over", "the deal is over (RULES §3)")
        if not p.auction.closed:
            return Msg("err-auction-open",
                       "no card may be played before the auction closes (RULES §3)")
        to_act = self.to_act
        assert to_act is not None
        if seat is None:
            seat = to_act
        if seat != to_act:
            return Msg("err-not-your-play", "seat {seat} may not play now — it is seat "
                       "{to_act}'s turn (RULES §3)", seat=seat, to_act=to_act)
        hand = p.hands[seat]
        if not hand >> card & 1:
            return Msg("err-not-held", "seat {seat} does not hold {card} (RULES §3)",
                       seat=seat, card=name)
        legal = self.legal_mask()
        if legal >> card & 1:
            return None
        order = self.order
        led = p.trick[0][1]
        led_group = order.group[led]
        allowed = DECK.format_mask(legal)
        group_name = Term("g-trumps", "trumps") if order.is_trump(led) else \
            Msg("err-suit-fele", "{suit} fele", suit=DECK[led].suit.symbol)
        win = DECK.name(p.win_card)
        if hand & led_group:
            if legal & order.beats[p.win_card]:
                return Msg("err-must-beat", "seat {seat} must beat {card} with {group}: play "
                           "{allowed} (RULES §3)", seat=seat, card=win, group=group_name,
                           allowed=allowed)
            return Msg("err-must-follow", "seat {seat} must follow {group}: play {allowed} "
                       "(RULES §3)", seat=seat, group=group_name, allowed=allowed)
        if legal & order.beats[p.win_card]:
            return Msg("err-must-beat-no-group", "seat {seat} has no {group} and must beat "
                       "{card}: play {allowed} (RULES §3)", seat=seat, group=group_name,
                       card=win, allowed=allowed)
        return Msg("err-must-trump", "seat {seat} must play a trump: play {allowed} (RULES §3)",
                   seat=seat, allowed=allowed)

    def play(self, card: int | str) -> None:
        """Play a card for the seat to act; IllegalMove if the rules forbid it."""
        if isinstance(card, str):
            card = DECK.parse_card(card)
        why = self.why_not_card(card)
        if why is not None:
            raise IllegalMove(why)
        p = self.pos
        seat = self.to_act
        assert seat is not None
        hands = list(p.hands)
        hands[seat] &= ~(1 << card)
        trick = (*p.trick, (seat, card))
        win_seat, win_card = p.win_seat, p.win_card
        if len(trick) == 1 or self.order.beats[win_card] >> card & 1:
            win_seat, win_card = seat, card
        pos = replace(p, hands=(hands[0], hands[1], hands[2], hands[3]), trick=trick,
                      win_seat=win_seat, win_card=win_card)
        if len(trick) == 4:
            taken = sum(CARD_POINTS[c] for _, c in trick)
            done = Trick(trick[0][0], tuple(c for _, c in trick), win_seat)
            history = (*p.history, done)
            pos = replace(pos, trick=(), leader=win_seat,
                          points=bump(p.points, win_seat, taken),
                          tricks=bump(p.tricks, win_seat, 1), history=history,
                          finished=len(history) == 4)
        self._push(Op("card", seat, card=card), pos)

    def why_not_revoke(self, seat: int) -> str | None:
        """Why a referee may not record that ``seat`` revoked now, or None."""
        p = self.pos
        if p.finished or not p.auction.closed:
            return Msg("err-revoke-only-in-play",
                       "a revoke is recorded only during the play (RULES §8)")
        if seat != self.to_act:
            return Msg("err-revoke-not-this-seat", "seat {seat} cannot be the one who revoked "
                       "— the play stops just before the revoking card, and seat {to_act} "
                       "plays next (RULES §8, §11)", seat=seat, to_act=self.to_act)
        if self.legal_mask() == p.hands[seat]:
            return Msg("err-revoke-all-legal", "seat {seat} cannot revoke here — every card "
                       "in his hand is legal (RULES §8)", seat=seat)
        return None

    def record_revoke(self, seat: int) -> None:
        """A referee found ``seat`` revoking: the deal ends and is scored by RULES §8."""
        why = self.why_not_revoke(seat)
        if why is not None:
            raise IllegalMove(why)
        self._push(Op("revoke", seat), replace(self.pos, revoke=seat, finished=True))

    # ------------------------------------------------------------ log

    def apply(self, op: Op) -> None:
        """Apply a logged operation (checking the seat it names)."""
        if op.seat != self.to_act and op.kind != "revoke":
            raise IllegalMove(Msg("err-out-of-turn", "seat {seat} may not act now — it is seat "
                                  "{to_act}'s turn (RULES §{section})", seat=op.seat,
                                  to_act=self.to_act,
                                  section="4" if self.phase == "auction" else "3"))
        if op.kind == "call":
            assert op.call is not None
            self.call(op.call)
        elif op.kind == "card":
            assert op.card is not None
            self.play(op.card)
        else:
            self.record_revoke(op.seat)

    # ------------------------------------------------------------ result

    @property
    def is_over(self) -> bool:
        """Whether the deal is settled."""
        return self.pos.finished

    def result(self) -> DealResult:
        """The settled deal; ValueError while it is not over."""
        p = self.pos
        if not p.finished or p.game is None:
            raise IllegalMove("the deal is not over yet")
        return score(self.rs, p.game, p.points, p.tricks, revoke=p.revoke,
                     bok_deal=self.bok_deal)

    @property
    def points(self) -> tuple[int, int, int, int]:
        """Card points taken so far, by seat."""
        return self.pos.points

    @property
    def tricks(self) -> tuple[int, int, int, int]:
        """Tricks taken so far, by seat."""
        return self.pos.tricks

    # ------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: own hand, all calls, all cards played, the trick on the
        table and the last trick, tricks counts, and each seat's side where it can tell
        (:func:`~stolik.games.baska.seat_view.seat_view`)."""
        return seat_view(self, seat)


__all__ = ["Announcement", "Deal", "Op", "Phase", "SeatView", "Trick"]
