"""The ``heuristic`` Betel bot: simple counts for the auction, a club player's rules for the
play (BETEL §2–§4). It sees only its own :class:`~stolik.games.betel.view.SeatView`.

- **Counting a hand** (:func:`sure_tricks`, :func:`forced_tricks`): for a contract that
  needs tricks, the top cards of each suit in an unbroken run from the ace, a whole suit
  where that run outnumbers the others' cards of it, and with trumps the trumps beyond
  three and a ruff for each short side suit — by the club player's rules for a trump
  contract (BETEL §4: a void hand must trump): a trump takes one trick, drawing theirs or
  ruffing, so trumps and ruffs together count no more than the trumps held; and a side
  suit runs past its top cards only when his top trumps draw theirs, else it counts the
  rounds both defenders still follow (about half the suit's cards out). The old count,
  without these, bid 27 szlems in 400 seeded deals of three heuristic bots and made 26 %
  of them (mean −145); with them 6, 4 made. For a betelek or the betel, the cards that
  cannot duck — in each suit, a card with at most one (the betel: two) more of the others'
  cards above it than it has of its own above it.
- **Honours in a betelek** (:func:`honours`): a club player's rule — every honour (A K Q J,
  BETEL §1) is a trick he may be forced to take, so a betelek N wants at most N of them (the
  betel none), whatever the count says. Without it the count alone let the bot bid
  betelki with four or five honours: of 400 seeded deals among three heuristic bots,
  65 % of its betelki were made (betelek-3: 81 %, betelek-1 and -0: under 1 in 5); with
  it 87 % (betelek-3: 90 %).
- **Auction** (BETEL §3): bid the lowest contract above the standing one that the counts
  make; a hand one trick (a betelek: one trick or one honour) short takes the dubel (an
  exchange: two more cards to choose from, the two that help least laid back); after an
  exchange it must bid, so it bids its best count or, failing that, the contract its
  counts miss by least (:func:`shortfall`). Kontra when its own sure tricks alone beat a
  trick contract. It never looks at the dubel (looking and passing costs).
- **Play** (BETEL §4): a side that wants tricks cashes a suit's top card, leads trumps
  from the top as the declarer, takes an opponent's trick with the cheapest card that
  holds it and throws its lowest card otherwise; in a betelek or the betel the declarer
  ducks with his highest card that loses the trick, made to beat as the second hand
  beats with his lowest card (the third, bound to beat, may take it over), and when the
  trick is his anyway sheds his highest; he leads low, and the defenders lead
  low and keep under the declarer's winning card. In an all-pass deal each plays for
  himself.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(3))
>>> from stolik.games.betel.arena import play_deal
>>> _ = play_deal(d, [HeuristicBot() for _ in range(3)])
>>> len(d.history)
10
"""

from __future__ import annotations

from collections.abc import Sequence

from stolik.deck32 import mask_of
from stolik.games.betel.calls import KONTRA, PAS, TAKE, Action, lay
from stolik.games.betel.deck import FULL_MASK, SUIT_MASKS, TRICKS
from stolik.games.betel.play import beats
from stolik.games.betel.ruleset import NO_TRUMPS, Contract, Ruleset, load_ruleset
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView

__all__ = ["HeuristicBot", "bid_or_pass", "forced_tricks", "honours", "play_card",
           "shortfall", "sure_tricks", "view_rules"]

HONOUR_RANKS = 4
"""A K Q J: the honours (BETEL §1), the four highest ranks of a suit."""


def _suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of ``mask`` in ``suit``, highest first."""
    return [c for c in range(8 * suit, 8 * suit + 8) if mask >> c & 1]


def _count(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def _run(mask: int, suit: int) -> int:
    """The length of the unbroken run of ``mask``'s cards in ``suit`` from its ace."""
    run = 0
    for c in range(8 * suit, 8 * suit + 8):
        if not mask >> c & 1:
            break
        run += 1
    return run


def sure_tricks(hand: int, trump: int) -> int:
    """Tricks the hand (a mask) should take as the declarer with ``trump`` (a suit, or
    :data:`NO_TRUMPS`) by simple counts (module notes).

    >>> from stolik.games.betel.deck import parse_mask
    >>> sure_tricks(parse_mask("AS KS QS JS 9S AH KH AD 7D 7C"), 3)   # 5 spades, AK AD
    8
    >>> sure_tricks(parse_mask("AS KS QS JS 9S AH KH AD 7D 7C"), NO_TRUMPS)
    8
    """
    others = FULL_MASK & ~hand
    drawn = trump == NO_TRUMPS or _run(hand, trump) >= _count(others, trump)
    total = ruffs = trumps = 0
    for s in range(4):
        mine, run = _count(hand, s), _run(hand, s)
        # the run draws every card out: all run — a side suit only once their trumps are
        # drawn, else the rounds after the run are theirs to ruff (BETEL §4: void, trump)
        theirs = _count(others, s)
        tricks = mine if run >= theirs and (drawn or s == trump) else run
        if not drawn and s != trump:  # undrawn trumps: the rounds both defenders follow,
            tricks = min(tricks, max(1, theirs // 2))  # about half the suit's cards out
        if s == trump:
            tricks = max(tricks, mine - 3 + min(run, 3)) if mine > 3 else tricks
            trumps = tricks
        elif trump != NO_TRUMPS and mine <= 1 and run == 0:
            ruffs += 1  # a void or a low singleton ruffs
        else:
            total += tricks
    if trump != NO_TRUMPS:  # a trump takes one trick, drawing theirs or ruffing
        total += min(_count(hand, trump), trumps + ruffs) if _count(hand, trump) >= 4 \
            else trumps
    return min(total, TRICKS)


def forced_tricks(hand: int, margin: int = 1) -> int:
    """Tricks the hand cannot avoid in a betelek or the betel, by the count of the module
    notes (no trumps there, BETEL §2), with ``margin`` more of the others' cards wanted
    above each card (1: the count that came out at or above the solver's value for 4 hands
    in 5 of 150 random deals; 2 for the betel, whose defenders need not beat).

    >>> from stolik.games.betel.deck import parse_mask
    >>> forced_tricks(parse_mask("7S 8S 7H 9H 7D 8D 9D 7C 8C AC"))   # the ace of clubs
    1
    """
    others = FULL_MASK & ~hand
    forced = 0
    for s in range(4):
        for k, c in enumerate(_suit_cards(hand, s)):  # k of his own above it
            above = sum(1 for x in _suit_cards(others, s) if x < c)
            if above <= k + margin:
                forced += 1
    return min(forced, TRICKS)


def honours(hand: int) -> int:
    """The honours in the hand (a mask): its aces, kings, queens and jacks (BETEL §1).

    >>> from stolik.games.betel.deck import parse_mask
    >>> honours(parse_mask("AS KS 7S 8H 9H TD JD 7D 8C 9C"))
    3
    """
    return sum(1 for c in range(32) if hand >> c & 1 and c % 8 < HONOUR_RANKS)


def makes(hand: int, contract: Contract) -> bool:
    """Whether the counts say ``hand`` makes ``contract`` as its declarer (BETEL §2): a
    trick contract by its sure tricks; a betelek or the betel by the tricks it cannot
    duck, and by the club player's rule that each honour is a trick he may be forced to
    take — no more honours than the contract lets him take (module notes).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.deck import parse_mask
    >>> b3 = load_ruleset().contract_of("betelek-3")
    >>> makes(parse_mask("AS 8S 7S KH 9H 7H QD 8D 7D 8C"), b3)   # 3 honours, low cards
    True
    >>> makes(parse_mask("AS 8S 7S KH 9H 7H QD 8D 7D JC"), b3)   # a fourth honour
    False
    """
    return shortfall(hand, contract) <= 0


def shortfall(hand: int, contract: Contract) -> int:
    """By how much the counts of :func:`makes` miss ``contract`` (≤ 0: they make it): the
    tricks a trick contract lacks; for a betelek or the betel, the honours or the counted
    tricks beyond its limit, whichever is more.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.deck import parse_mask
    >>> rs = load_ruleset()
    >>> hand = parse_mask("AS KS QS JS 9S AH KH AD 7D 7C")
    >>> shortfall(hand, rs.contract_of("szlem-S")), shortfall(hand, rs.contract_of("betelek-3"))
    (2, 5)
    """
    if contract.at_most:
        return max(honours(hand) - contract.goal,
                   forced_tricks(hand, 2 if contract.defenders_free else 1) - contract.goal)
    return contract.goal - sure_tricks(hand, contract.trump)


def view_rules(view: SeatView, kept: Ruleset | None = None) -> Ruleset:
    """The ruleset ``view`` names (``view.ruleset``: a shipped id, or a club file's path —
    the ruleset's ref): ``kept`` when it is that one, else read by the ref. A bot keeps
    what this gives, so a club's file is read once and a file edited or gone mid-match
    changes nothing.

    >>> import random
    >>> from stolik.games.betel.state import Deal
    >>> rs = load_ruleset()
    >>> view_rules(Deal.random(rs, 0, random.Random(1)).view(0), rs) is rs
    True
    """
    return kept if kept is not None and kept.ref == view.ruleset else load_ruleset(view.ruleset)


def _bids(view: SeatView, contracts: Sequence[Contract]) -> list[tuple[Action, Contract]]:
    return [(a, contracts[a.contract]) for a in view.legal
            if isinstance(a, Action) and a.kind == "bid"]


def bid_or_pass(view: SeatView, rs: Ruleset | None = None) -> Action:
    """The auction step of the module notes, by the contracts of ``rs`` (the ruleset the
    view names: :func:`view_rules`)."""
    contracts = view_rules(view, rs).contracts
    hand = mask_of(view.hand)
    bids = _bids(view, contracts)
    legal = view.legal
    making = [a for a, c in bids if makes(hand, c)]
    if view.step == "taken":
        return _lay(view, contracts)
    if making:
        return making[0]
    if view.step == "laid":  # he must bid now: the contract the counts miss least
        return min(bids, key=lambda b: shortfall(hand, b[1]))[0] if bids else KONTRA
    if KONTRA in legal and view.contract is not None and not view.contract.at_most \
            and sure_tricks(hand, view.contract.trump) > TRICKS - view.contract.goal:
        return KONTRA
    if TAKE in legal and any(shortfall(hand, c) == 1 for _, c in bids):
        return TAKE
    return PAS


def _lay(view: SeatView, contracts: Sequence[Contract]) -> Action:
    """The two cards of the twelve whose laying back leaves the best count."""
    cards = list(view.hand)
    best: tuple[int, int, int] | None = None
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            rest = mask_of(cards) & ~(1 << a) & ~(1 << b)
            top = max((c.index for c in contracts if makes(rest, c)), default=-1)
            if best is None or top > best[0]:
                best = (top, a, b)
    assert best is not None
    return lay(best[1], best[2])


def _state(view: SeatView, trump: int) -> tuple[int, int, int]:
    """The trick's winning seat, its led suit's highest card and its highest trump."""
    seat, card = view.trick[0]
    best_led, best_trump = card, -1
    for s, c in view.trick[1:]:
        if beats(c, best_led, best_trump, trump):
            seat = s
        if c >> 3 == best_led >> 3 and c < best_led:
            best_led = c
        elif trump != NO_TRUMPS and c >> 3 == trump != best_led >> 3 and (
                best_trump < 0 or c < best_trump):
            best_trump = c
    return seat, best_led, best_trump


def _unseen(view: SeatView) -> int:
    played = mask_of([c for t in view.history for c in t.cards] + [c for _, c in view.trick])
    return FULL_MASK & ~played & ~mask_of(view.hand)


def _is_top(card: int, unseen: int) -> bool:
    """No unseen card of its suit is higher (lower index = higher card, BETEL §1)."""
    return not unseen & SUIT_MASKS[card >> 3] & ((1 << card) - 1)


def _low(cards: Sequence[int], trump: int) -> int:
    """The cheapest card: the lowest, trumps kept."""
    return max(cards, key=lambda c: (c >> 3 != trump, c % 8))


def _declarer_under(view: SeatView, legal: list[int], losers: list[int], unseen: int) -> int:
    """A betelek or betel declarer's card to a trick led by another (BETEL §4): his highest
    card that loses it; made to beat, playing second, the lowest card that beats, so that
    the third — bound to beat in the suit unless he is the betel's defender — may take it
    over; and when nothing unseen can (or he is last), his highest card, the trick being
    his anyway: the high card would be a trick later."""
    if losers:
        return min(losers, key=lambda c: c % 8)
    lowest = max(legal, key=lambda c: c % 8)
    contract = view.contract
    free = contract is not None and contract.defenders_free
    if len(view.trick) == 1 and not free and unseen & SUIT_MASKS[lowest >> 3] & ((1 << lowest) - 1):
        return lowest
    return min(legal, key=lambda c: c % 8)


def play_card(view: SeatView) -> int:
    """The card of the module notes."""
    legal = [c for c in view.legal if isinstance(c, int)]
    trump = view.trump if view.trump is not None else NO_TRUMPS
    declarer = view.declarer
    unseen = _unseen(view)
    few = view.contract is not None and view.contract.at_most
    me = view.seat

    def ally(seat: int) -> bool:
        if declarer is None:
            return seat == me
        return (seat == declarer) == (me == declarer)

    if not view.trick:
        if few:  # lead low (a betelek, the betel)
            return max(legal, key=lambda c: c % 8)
        tops = [c for c in legal if _is_top(c, unseen)]
        if me == declarer and trump != NO_TRUMPS and unseen & SUIT_MASKS[trump]:
            trumps = [c for c in tops if c >> 3 == trump]
            if trumps:
                return trumps[0]
        if tops:
            return min(tops, key=lambda c: (c >> 3 == trump, c))
        longest = max(range(4), key=lambda s: (len(_suit_cards(mask_of(legal), s)), s != trump))
        return _low(_suit_cards(mask_of(legal), longest) or legal, trump)
    win_seat, best_led, best_trump = _state(view, trump)
    winners = [c for c in legal if beats(c, best_led, best_trump, trump)]
    losers = [c for c in legal if c not in winners]
    last = len(view.trick) == 2
    if few:
        if me == declarer:
            return _declarer_under(view, legal, losers, unseen)
        played = any(s == declarer for s, _ in view.trick)
        if win_seat == declarer and losers:
            return min(losers, key=lambda c: c % 8)  # stay under him, shed high
        if not played:
            return max(legal, key=lambda c: c % 8)  # low: he must beat it
        return min(legal, key=lambda c: c % 8)  # the trick is ours anyway: shed high
    if ally(win_seat) and (last or _is_top(best_trump if best_trump >= 0 else best_led,
                                          unseen)):
        return _low(legal, trump)
    if winners:
        if last:
            return max(winners, key=lambda c: (c >> 3 != trump, c % 8))
        sure = [c for c in winners if _is_top(c, unseen)
                or (c >> 3 == trump and best_led >> 3 != trump
                    and not unseen & SUIT_MASKS[trump] & ((1 << c) - 1))]
        if sure:
            return max(sure, key=lambda c: (c >> 3 != trump, c % 8))
        return max(winners, key=lambda c: (c >> 3 != trump, c % 8))
    return _low(legal, trump)


class HeuristicBot:
    """The ``heuristic`` bot (module notes): one seat's view in, one legal move out.
    ``ruleset``: the rules of the table, if known (else read by the first auction view's
    ref); the bot keeps the ruleset it has while its views name it (:func:`view_rules`)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, ruleset: Ruleset | None = None) -> None:
        self.seed = seed  # deterministic: accepted for the registry's common options
        self.ruleset = ruleset

    def act(self, view: SeatView) -> Move:
        """A legal move for the seat whose view this is; ValueError if it has none."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now (phase {view.phase})")
        if view.phase == "auction":
            self.ruleset = view_rules(view, self.ruleset)
            return bid_or_pass(view, self.ruleset)
        return play_card(view)

    choose = act

