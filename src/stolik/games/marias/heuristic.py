"""The ``heuristic`` Mariáš bot: rules a club player would state, one small function each
(MARIAS §3–§6). It sees only its own :class:`~stolik.games.marias.view.SeatView` — never
a hidden hand — and remembers what that seat has seen of the tricks in this deal.

- **Choice** (:func:`choose_trumps`, MARIAS §4.1): trumps in the longest, then strongest,
  suit of the first four; the lowest card of it is laid; the highest trump not in the
  first four is called (an ace normally: *hraje s esem*).
- **Approval** (:func:`claim`, MARIAS §4.2): say *špatný* with ``betl`` when every suit
  held is low enough to duck, with ``durch`` when every suit held runs from its ace.
- **Announcements** (:func:`announce`, MARIAS §4.3): sedma with five trumps (four with the
  ace or the ten); a voluntary sto only with six trumps, a marriage and two aces; the
  povinná sto is the engine's only choice where it applies.
- **Fleky** (:func:`flek`, MARIAS §4.4–§4.5): the choosing side says re on a flekked hra
  whenever it holds two trumps (without re it pays the flekked hra anyway, seed §5);
  a defender fleks the game with four trumps, or three with the ace or ten and a side
  ace, and the sedma with three trumps including the ace or ten; the trhák's flek is the
  engine's only choice while the game is unflekked (seed §5).
- **Card play** (:func:`play_card`, MARIAS §3): the chooser's side leads trumps from
  length; aces are cashed; a trick the partner holds gets the partner's points (*mazat*);
  an opponent's trick is taken with the lowest card that does it, when it is worth it;
  otherwise the lowest card is thrown, keeping aces, tens and the trump 7 — which, under
  a sedma, waits for the last trick (the engine keeps it there for the announcer).
  Marriages need no play: they are counted from the hand held (MARIAS §4.6).
- **Betl and durch** (MARIAS §5): the soloist ducks with the highest card that still
  loses (betl) or leads his tops (durch); the defenders lead low and try to beat.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(3))
>>> from stolik.games.marias.arena import play_deal
>>> sum(play_deal(d, [HeuristicBot() for _ in range(4)])), d.is_over
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from stolik.deck32 import mask_of
from stolik.games.marias.calls import DOBRY, PASS, Call
from stolik.games.marias.deck import (
    ACE,
    BETL_ORDER,
    CARD_POINTS,
    KING,
    OBER,
    SEVEN,
    TEN,
    card,
    marriages_in,
    rank_of,
    suit_of,
)
from stolik.games.marias.play import BEATS, HIGHER, NO_TRUMPS, trick_winner
from stolik.games.marias.state import Move
from stolik.games.marias.view import SeatView

__all__ = ["HeuristicBot", "announce", "choose_trumps", "claim", "flek", "play_card"]


def _suit_cards(hand: Sequence[int], suit: int) -> list[int]:
    return [c for c in hand if suit_of(c) == suit]


def _strength(cards: Sequence[int]) -> int:
    """A suit's weight for trumps: its length first, then aces and tens, kings, svršky."""
    return 10 * len(cards) + sum({ACE: 4, TEN: 3, KING: 2, OBER: 1}.get(rank_of(c), 0)
                                 for c in cards)


def choose_trumps(view: SeatView) -> Call:
    """The choice (MARIAS §4.1): the longest and strongest suit of the first four cards;
    lay its lowest card; call the highest card of the suit not among the first four.

    >>> from stolik.games.marias.deck import parse_cards, parse_card, ASCII_NAMES
    >>> class V: hand = tuple(parse_cards("AL 9L 7L KB"))
    >>> c = choose_trumps(V())  # type: ignore[arg-type]
    >>> ASCII_NAMES[c.card], ASCII_NAMES[c.called]
    ('7L', 'TL')
    """
    hand = list(view.hand)
    suit = max(range(4), key=lambda s: (_strength(_suit_cards(hand, s)), -s))
    mine = _suit_cards(hand, suit)
    laid = max(mine, key=rank_of)  # the lowest: the highest rank index
    called = next(card(suit, r) for r in range(8) if card(suit, r) not in hand)
    return Call("choose", card=laid, called=called)  # (four of a suit: the ace is out)


def betl_safe(cards: Sequence[int]) -> bool:
    """A suit a betl soloist can duck in: its i-th lowest card (betl order, MARIAS §2) is at
    most the 2i-th lowest rank — 7; 7 9; 8 9 U; … A void is safe.

    >>> from stolik.games.marias.deck import parse_cards
    >>> betl_safe(parse_cards("7H 9H")), betl_safe(parse_cards("8H")), betl_safe([])
    (True, False, True)
    """
    low = sorted(7 - BETL_ORDER.index(rank_of(c)) for c in cards)
    return all(r <= 2 * i for i, r in enumerate(low))


def durch_safe(cards: Sequence[int]) -> bool:
    """A suit that takes every trick it is led in: it runs from the ace down (betl order,
    MARIAS §2). A void is safe.

    >>> from stolik.games.marias.deck import parse_cards
    >>> durch_safe(parse_cards("AH KH OH")), durch_safe(parse_cards("KH"))
    (True, False)
    """
    ranks = sorted(BETL_ORDER.index(rank_of(c)) for c in cards)
    return ranks == list(range(len(ranks)))


def claim(view: SeatView) -> Call:
    """Approval (MARIAS §4.2): ``durch`` when every suit runs from its ace, ``betl`` when
    every suit ducks, else ``dobry`` (or, where that is not offered, the first claim)."""
    hand = view.hand
    suits = [_suit_cards(hand, s) for s in range(4)]
    legal = [m for m in view.legal if isinstance(m, Call)]
    if Call("durch") in legal and all(durch_safe(cs) for cs in suits):
        return Call("durch")
    if Call("betl") in legal and all(betl_safe(cs) for cs in suits):
        return Call("betl")
    return DOBRY if DOBRY in legal else legal[0]


def _trumps(view: SeatView) -> list[int]:
    return [] if view.trump is None else _suit_cards(view.hand, view.trump)


def announce(view: SeatView) -> Call:
    """Announcements (MARIAS §4.3): sedma with five trumps, or four with the ace or the
    ten; a voluntary sto with six trumps, a marriage and two aces; the povinná sto where
    it is the only game offered; a partner's sedma by the same rule."""
    legal = [m for m in view.legal if isinstance(m, Call)]
    words = {(m.word, m.sedma): m for m in legal}
    trumps = _trumps(view)
    ranks = {rank_of(c) for c in trumps}
    sedma = len(trumps) >= 5 or (len(trumps) == 4 and bool(ranks & {ACE, TEN}))
    aces = sum(1 for c in view.hand if rank_of(c) == ACE)
    want_sto = len(trumps) >= 6 and aces >= 2 and bool(marriages_in(mask_of(view.hand)))
    game = "sto" if want_sto or ("hra", False) not in words else "hra"
    for key in ((game, sedma), (game, False), ("sedma", False) if sedma else ("nic", False),
                ("nic", False)):
        if key in words:
            return words[key]
    return legal[0]


def flek(view: SeatView) -> Call:
    """Fleky (MARIAS §4.4–§4.5): re on a flekked hra by the choosing side with two
    trumps (without re it pays the flekked hra anyway: re pays whenever the hra is won
    one time in four); a defender's flek on the game with four trumps (three with the ace or ten and
    a side ace) and on the sedma with three trumps including the ace or ten; otherwise
    pass. The trhák's duty (seed §5) is the only call the engine offers him."""
    legal = [m for m in view.legal if isinstance(m, Call)]
    if PASS not in legal:
        return legal[0]
    side = view.sides[view.seat]
    trumps = _trumps(view)
    high = {rank_of(c) for c in trumps} & {ACE, TEN}
    side_aces = sum(1 for c in view.hand if rank_of(c) == ACE and c not in trumps)
    for m in legal:
        if m.word != "raise":
            continue
        if side == 0 and m.component == "hra" and m.level == 2 and len(trumps) >= 2:
            return m
        if side == 1 and m.level == 1 and m.component in ("hra", "sto") and (
                len(trumps) >= 4 or (len(trumps) == 3 and high and side_aces)):
            return m
        if side == 1 and m.level == 1 and m.component == "sedma" and len(trumps) >= 3 \
                and high:
            return m
    return PASS


class _Memory:
    """What one seat has seen of this deal's finished and running tricks."""

    def __init__(self) -> None:
        self.seen = 0

    def update(self, view: SeatView) -> None:
        """Add what ``view`` shows; a view outside the play starts a new deal."""
        if view.phase != "play":
            self.seen = 0
            return
        for _, c in view.trick:
            self.seen |= 1 << c
        if view.last_trick is not None:
            for c in view.last_trick.cards:
                self.seen |= 1 << c
        if view.open_hands is not None:  # an open betl: everything unplayed is known
            out = 0
            for h in view.open_hands:
                out |= mask_of(h)
            for _, c in view.trick:
                out |= 1 << c
            self.seen |= ((1 << 32) - 1) & ~out


def _top(c: int, trump: int, gone: int) -> bool:
    """No card of c's suit above it is still out (not seen played, not in the hand)."""
    return not HIGHER[trump][c] & ~gone


def play_card(view: SeatView, seen: int = 0) -> int:
    """The card to play (MARIAS §3): the rules of the module notes. ``seen``: the cards
    this seat has seen played in this deal."""
    legal = [m for m in view.legal if isinstance(m, int)]
    if len(legal) == 1:
        return legal[0]
    if view.game in ("betl", "durch"):
        return _play_misere(view, legal, seen)
    assert view.trump is not None
    trump = view.trump
    hand = mask_of(view.hand)
    gone = seen | hand
    side = view.sides[view.seat]
    seven = card(trump, SEVEN)
    spare = [c for c in legal if c != seven] or legal
    if not view.trick:
        return _lead(view, spare, trump, gone, side)
    cards = [c for _, c in view.trick]
    win_pos = trick_winner(cards, trump)
    win_seat, win_card = view.trick[win_pos]
    last = len(view.trick) == 3
    partner_wins = side is not None and view.sides[win_seat] == side
    beat = [c for c in spare if BEATS[trump][win_card] >> c & 1]
    if partner_wins and (last or _top(win_card, trump, gone | mask_of(cards))):
        # mazat: the partner's trick gets the most points, a ten before an ace
        pool = [c for c in spare if c not in beat] or spare
        return max(pool, key=lambda c: (CARD_POINTS[c], suit_of(c) != trump, rank_of(c)))
    if beat and not partner_wins:
        worth = sum(CARD_POINTS[c] for c in cards) > 0 or last
        safe = [c for c in beat if last or _top(c, trump, gone | mask_of(cards))
                or suit_of(c) == trump]
        if worth or safe:
            pool = safe or beat
            return min(pool, key=lambda c: (suit_of(c) == trump, -rank_of(c)))
    return _discard(spare, trump)


def _discard(cards: Sequence[int], trump: int) -> int:
    """The cheapest card: no points, not a trump, the lowest rank."""
    return min(cards, key=lambda c: (CARD_POINTS[c], suit_of(c) == trump, -rank_of(c)))


def _lead(view: SeatView, cards: Sequence[int], trump: int, gone: int,
          side: int | None) -> int:
    trumps = [c for c in cards if suit_of(c) == trump]
    held_trumps = [c for c in view.hand if suit_of(c) == trump]
    if side == 0 and len(held_trumps) >= 3 and trumps:
        tops = [c for c in trumps if _top(c, trump, gone)]  # pull trumps from the top
        return min(tops, key=rank_of) if tops else max(trumps, key=rank_of)
    aces = [c for c in cards if suit_of(c) != trump and _top(c, trump, gone)]
    if aces:
        return min(aces, key=rank_of)
    side_cards = [c for c in cards if suit_of(c) != trump]
    if side_cards:
        longest = max(range(4), key=lambda s: sum(1 for c in side_cards if suit_of(c) == s))
        pool = [c for c in side_cards if suit_of(c) == longest]
        return _discard(pool, trump)
    return _discard(cards, trump)


def _play_misere(view: SeatView, legal: Sequence[int], seen: int) -> int:
    """Betl and durch (MARIAS §5), in the betl order (MARIAS §2)."""
    def low(c: int) -> int:
        return BETL_ORDER.index(rank_of(c))  # higher index = lower card
    soloist = view.soloist
    me_solo = soloist == view.seat or view.sides[view.seat] == 0
    betl = view.game == "betl"
    if not view.trick:
        if me_solo:
            return max(legal, key=low) if betl else min(legal, key=low)
        return max(legal, key=low)  # defenders lead low
    cards = [c for _, c in view.trick]
    win_pos = trick_winner(cards, NO_TRUMPS)
    win_seat, win_card = view.trick[win_pos]
    under = [c for c in legal if not BEATS[NO_TRUMPS][win_card] >> c & 1]
    over = [c for c in legal if BEATS[NO_TRUMPS][win_card] >> c & 1]
    if me_solo:
        if betl:
            return min(under, key=low) if under else max(legal, key=low)
        return min(over, key=low) if over else max(legal, key=low)
    solo_winning = view.sides[win_seat] == 0
    if betl:  # make the soloist win: stay under him, else throw the lowest
        return min(under, key=low) if solo_winning and under else max(legal, key=low)
    return min(over, key=low) if solo_winning and over else max(legal, key=low)


class HeuristicBot:
    """The ``heuristic`` bot (module notes): one seat's view in, one legal move out."""

    name = "heuristic"

    def __init__(self) -> None:
        self.memory = _Memory()

    def choose(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        self.memory.update(view)
        if view.phase == "choice":
            return choose_trumps(view)
        if view.phase == "approval":
            return claim(view)
        if view.phase == "announce":
            return announce(view)
        if view.phase == "fleky":
            return flek(view)
        return play_card(view, self.memory.seen)
