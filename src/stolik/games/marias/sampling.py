"""Layouts of the unseen cards drawn from what one seat has seen (MARIAS §3, §4; hidden
information is sacred: nothing here reads a hand the seat cannot see).

A bot is shown its :class:`~stolik.games.marias.view.SeatView` at each of its turns: the
trick in progress, its own last trick, the calls, the marriages, the piles. :class:`Seen`
keeps what those views showed over the deal — each trick's leader, the cards the seat saw
in it, its winner (the next trick's leader). Cards played after the seat's own in a trick
it did not take were not shown to it: they are *holes*, drawn with the hands.

:func:`sample` draws layouts trick by trick, forward in time, so that every play — seen or
drawn — is legal when it is made: each play adds what it shows (a void, "could not beat",
no pair for a king or svršek played without a marriage, :mod:`~stolik.games.marias.inference`)
to its player's forbidden cards; a hole is drawn among the cards its player may still hold —
the led suit first, then trumps, then the rest (MARIAS §3's order), a card he must play
before his seen plays show it gone first of all — must not forbid a card he is seen or known
to hold later, must leave the trick to its known winner, and must leave the remaining cards
dealable (Hall's condition over the seats, with what the seen plays will show). Cards known
to lie with a seat are pinned there: the called card with a partner who showed himself, the
trump 7 of an announced sedma, the other card of a recorded marriage, the čtyřka of a
partner's sto, every card of an open betl; a chooser not seen to play a card of his trump
suit gets one drawn (he laid it, MARIAS §4.1), a chooser who announced sto a marriage, and a
defender who passed an unflekked game no trump king or svršek (the trhák's duty). Last, the
bidding is replayed on the drawn hands (:func:`~stolik.games.marias.inference.replay`, once
per distinct holding of kings, svršky, the trump 7 and the called card) — a layout on which
a call would not have been legal is drawn again.

Two departures, both as usual for PIMC: drawing is not uniform over the consistent layouts,
and where every card left for a hole would contradict a later seen play (an earlier hole took
the one he played), a hole is drawn anyway and its facts are not used — the seen plays and
their facts always hold.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import (
    CARD_POINTS,
    FULL_MASK,
    KING,
    OBER,
    SEVEN,
    SUIT_MASKS,
    SUITS,
    TRICKS,
    card,
    cards_of,
    marriage_cards,
    parse_card,
)
from stolik.games.marias.inference import marriage_facts, play_fact, replay, trick_facts
from stolik.games.marias.play import BEATS, NO_TRUMPS, trick_winner
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView

__all__ = ["Layout", "Seen", "sample"]


@dataclass
class _Trick:
    leader: int
    cards: dict[int, int] = field(default_factory=dict)
    """seat → card, where the seat saw it."""
    winner: int = -1


class Seen:
    """What one seat has been shown of the play of the current deal (MARIAS §3, seed §9)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.tricks: list[_Trick] = []

    def update(self, view: SeatView) -> None:
        """Add what ``view`` shows; a view of another deal starts afresh."""
        key = (view.dealer, view.calls)
        done = sum(view.taken)
        if key != self.key or done < len(self.tricks) - 1 or view.phase != "play":
            self.key, self.tricks = key, []
        if view.phase != "play":
            return
        leader = view.trick[0][0] if view.trick else view.seat
        while len(self.tricks) <= done:
            self.tricks.append(_Trick(-1))
        now = self.tricks[done]
        now.leader = leader
        now.cards.update(dict(view.trick))
        if done:
            self.tricks[done - 1].winner = leader
        t = view.last_trick
        if t is not None:  # the seat's own card names the trick
            mine = t.cards[(view.seat - t.leader) % 4]
            for old in self.tricks:
                if old.cards.get(view.seat) == mine:
                    old.leader, old.winner = t.leader, t.winner
                    old.cards.update({(t.leader + i) % 4: c for i, c in enumerate(t.cards)})

    def played(self, seat: int, c: int) -> None:
        """The seat's own card, as it plays it."""
        self.tricks[-1].cards[seat] = c


@dataclass(frozen=True)
class Layout:
    """One drawn layout: ``hands`` now (the seat's own included), the choosing side's seats
    (``side`` a seat mask), its card points so far, and the deal at the start of the play
    with the drawn initial hands (for its rules and money)."""

    hands: tuple[int, int, int, int]
    side: int
    points: int
    start: Deal


def _pins(view: SeatView) -> dict[int, int]:
    """card → the seat known to hold it until he plays it (module notes)."""
    pins: dict[int, int] = {}
    if view.open_hands is not None:  # an open betl: every hand is public (MARIAS §4.6)
        return {c: s for s in range(4) for c in view.open_hands[s]}
    trump = view.trump
    if view.called is not None and view.partner is not None:
        pins[view.called] = view.partner
    for s in range(4):  # a seat shown to be of the choosing side besides the chooser
        if s != view.chooser and view.sides[s] == 0 and view.called is not None \
                and view.soloist is None:
            pins[view.called] = s
    if trump is not None and view.sedma_by is not None:
        pins[card(trump, SEVEN)] = view.sedma_by
    if trump is not None:
        for s, text in view.calls:  # a partner's sto: his čtyřka (MARIAS §4.3, seed §6)
            if s != view.chooser and text in ("sto", "sto sedma"):
                for c in range(32):
                    if marriage_cards(trump) >> c & 1:
                        pins[c] = s
        for s, suit in view.marriages:
            for c in range(32):
                if marriage_cards(suit) >> c & 1:
                    pins[c] = s
    return pins


def _call_facts(view: SeatView, rs: Ruleset, forbidden: list[int]) -> None:
    """What the fleky show of a defender whose side this seat knows: passing while the game
    was unflekked shows no trump king or svršek (the trhák's duty, seed §5, MARIAS §4.4)."""
    if view.trump is None or not rs.trhak_duty:
        return
    raise_game = f"{rs.flek_names[0]} {view.game}"
    announced = 0
    approvals = 0
    for s, text in view.calls[1:]:
        if approvals < 4:
            approvals += 1
            continue
        if announced < 4:
            announced += 1
            continue
        if text == raise_game:
            return
        if text == "pass" and view.sides[s] == 1:
            forbidden[s] |= marriage_cards(view.trump)


def _pin_laid(view: SeatView, tricks: list[_Trick], suit: int, called: int, pool: int,
              forbidden: list[int], later: list[int], pins: dict[int, int],
              rng: random.Random) -> None:
    """The chooser laid a card of the trump suit other than the called card (MARIAS §4.1):
    unless he is seen to play one, one such card drawn at random is pinned to him."""
    ch = view.chooser
    mask = SUIT_MASKS[suit] & ~(1 << called)
    if any(t.cards.get(ch, -1) >= 0 and mask >> t.cards[ch] & 1 for t in tricks) \
            or any(s == ch for c, s in pins.items() if mask >> c & 1):
        return
    options = cards_of(pool & mask & ~forbidden[ch])
    if options:
        c = rng.choice(options)
        pins[c] = ch
        later[ch] |= 1 << c
        for o in range(4):
            if o != ch:
                forbidden[o] |= 1 << c


def _marriage_for(view: SeatView, forbidden: list[int], pool: int,
                  rng: random.Random) -> tuple[int, int] | None:
    """A chooser who announced sto holds a marriage (MARIAS §4.3 Decision, or the povinná
    čtyřka): (the chooser, a pair he may hold) drawn at random, where this seat cannot see
    it; None where nothing is to draw."""
    ch = view.chooser
    if ch == view.seat or view.trump is None or ((ch, "sto") not in view.calls \
            and (ch, "sto sedma") not in view.calls):
        return None
    if any(s == ch for s, _ in view.marriages):
        return None
    suits = [x for x in range(4) if marriage_cards(x) & (pool & ~forbidden[ch])
             == marriage_cards(x)]
    return (ch, rng.choice(suits)) if suits else None


def _holder(hands: list[int], c: int) -> int:
    return next((s for s in range(4) if c >= 0 and hands[s] >> c & 1), -1)


def called_card(moves: list[tuple[int, Move | str]]) -> int:
    """The called card of the choice among ``moves`` (−1: none)."""
    return next((m.called for _, m in moves if isinstance(m, Call) and m.word == "choose"), -1)


def _feasible(pool: int, forbidden: list[int], slots: list[int], me: int, final: list[int],
              holds: list[int]) -> bool:
    """Whether ``pool`` can still be dealt to the other seats' ``slots`` (the cards each will
    hold or play unseen) avoiding ``forbidden``: Hall's condition over the sets of seats; a
    seat with no unseen play left takes none of ``final`` (what his seen plays will show),
    and each seat must find the ``holds`` cards of his hand now outside ``final``."""
    a, b, c = (s for s in range(4) if s != me)
    for x in (a, b, c):
        if (pool & ~forbidden[x] & ~final[x]).bit_count() < holds[x]:
            return False
    fa = forbidden[a] | (final[a] if slots[a] == holds[a] else 0)
    fb = forbidden[b] | (final[b] if slots[b] == holds[b] else 0)
    fc = forbidden[c] | (final[c] if slots[c] == holds[c] else 0)
    sa, sb, sc = slots[a], slots[b], slots[c]
    return ((pool & fb & fc).bit_count() <= sa and (pool & fa & fc).bit_count() <= sb
            and (pool & fa & fb).bit_count() <= sc and (pool & fc).bit_count() <= sa + sb
            and (pool & fb).bit_count() <= sa + sc and (pool & fa).bit_count() <= sb + sc
            and pool.bit_count() <= sa + sb + sc)


def _moves(view: SeatView) -> tuple[list[tuple[int, Move | str]], int]:
    """The calls to replay, and the suit chosen as trumps (−1: none chosen)."""
    out: list[tuple[int, Move | str]] = []
    suit = -1
    for s, text in view.calls:
        if text.startswith("trump="):
            suit = SUITS.index(text.split()[0][-1])
            called = parse_card(text.split("call=")[1])
            out.append((s, Call("choose", card=view.trump_card if view.trump_card is not None
                                else -1, called=called)))
        else:
            out.append((s, text))
    return out, suit


def sample(view: SeatView, seen: Seen, rs: Ruleset, n: int, rng: random.Random,
           tries: int = 40) -> list[Layout]:
    """Up to ``n`` layouts consistent with everything ``view`` and ``seen`` show (module
    notes); fewer only when ``tries × n`` draws found fewer."""
    out: list[Layout] = []
    moves, suit = _moves(view)
    starts: dict[tuple[object, ...], Deal | None] = {}
    for _ in range(tries * n):
        lay = _draw(view, seen, rs, rng, moves, suit, starts)
        if lay is not None:
            out.append(lay)
            if len(out) == n:
                break
    return out


def _hole(s: int, plays: list[tuple[int, int]], trump: int, pool: int, forbidden: list[int],
          later: list[int], marriages: tuple[tuple[int, int], ...], rng: random.Random,
          kept: int, winner: int, known_win: int, slots: list[int],
          me: int, final: list[int], holds: list[int]) -> tuple[int, bool]:
    """A card for seat ``s``'s unseen play after ``plays``: one he may hold, whose facts
    forbid nothing he is known to hold later, and that leaves the trick to its known
    ``winner`` (−1: unknown; ``known_win`` his card if seen, else −1); −1 if there is
    none. Where every card left would forbid one
    he is known to hold later (an earlier drawn card took the one he played), any card
    allowed is drawn and ``False`` says that its facts are not to be used: the seen plays
    and their facts always hold, an unseen one may then break MARIAS §3."""
    allowed = pool & ~forbidden[s]
    if kept >= 0:
        allowed &= ~(1 << kept)
    led = win = -1
    if plays:
        led = plays[0][1]
        win = plays[0][1]
        for _, x in plays[1:]:
            if BEATS[trump][win] >> x & 1:
                win = x
        if winner == s:
            allowed &= BEATS[trump][win]
        elif winner >= 0 and any(w == winner for w, _ in plays):
            allowed &= ~BEATS[trump][win]
    options = cards_of(allowed)
    if winner >= 0 and winner != s and not any(w == winner for w, _ in plays):
        # the winner plays later: he must still be able to beat the trick
        wcard = known_win
        reach = pool & ~forbidden[winner]
        options = [c for c in options if (
            BEATS[trump][c if win < 0 or BEATS[trump][win] >> c & 1 else win] >> wcard & 1
            if wcard >= 0 else reach & ~(1 << c)
            & BEATS[trump][c if win < 0 or BEATS[trump][win] >> c & 1 else win])]
    # the led suit first, then trumps, then the rest — MARIAS §3's order: a drawn void
    # is a fact that later draws must respect
    groups = [SUIT_MASKS[led >> 3] if led >= 0 else 0, SUIT_MASKS[trump] if trump < 4 else 0]
    # but first a card he must hold now and cannot keep to the end (his seen plays show it)
    for group in (later[s] & final[s], *groups, FULL_MASK & ~groups[0] & ~groups[1]):
        pick = [c for c in options if group >> c & 1]
        while pick:
            c = pick.pop(rng.randrange(len(pick)))
            fact = play_fact(trump, led, win, c) if plays else 0
            if trump != NO_TRUMPS and c & 7 in (KING, OBER) and (s, c >> 3) not in marriages:
                fact |= marriage_cards(c >> 3) & ~(1 << c)
            if fact & later[s] & ~(1 << c):
                continue
            trial = forbidden.copy()
            trial[s] |= fact
            slots[s] -= 1
            ok = _feasible(pool & ~(1 << c), trial, slots, me, final, holds)
            slots[s] += 1
            if ok:
                return c, True
    if options:  # no play consistent with what follows: an unseen card, its facts unused
        return options[rng.randrange(len(options))], False
    return -1, False


def _draw(view: SeatView, seen: Seen, rs: Ruleset, rng: random.Random,
          moves: list[tuple[int, Move | str]], suit: int,
          starts: dict[tuple[object, ...], Deal | None]) -> Layout | None:
    me = view.seat
    trump = view.trump if view.trump is not None else NO_TRUMPS
    mine = 0
    for c in view.hand:
        mine |= 1 << c
    tricks = seen.tricks
    known = 0
    later = [0, 0, 0, 0]  # cards each seat is seen to play later, or known to hold
    for t in tricks:
        for s, c in t.cards.items():
            known |= 1 << c
            later[s] |= 1 << c
    pins = _pins(view)
    forbidden = [0, 0, 0, 0]
    for c, s in pins.items():
        later[s] |= 1 << c
        for o in range(4):
            if o != s:
                forbidden[o] |= 1 << c
    if view.called is not None and trump != NO_TRUMPS:
        for s in range(4):  # a seat of the other side never held the called card
            if view.sides[s] == 1:
                forbidden[s] |= 1 << view.called
    pool = FULL_MASK & ~mine & ~known
    _call_facts(view, rs, forbidden)
    if suit >= 0 and view.chooser != me:  # the chooser laid a card of the trump suit
        _pin_laid(view, tricks, suit, called_card(moves), pool, forbidden, later, pins, rng)
    pair = _marriage_for(view, forbidden, pool, rng)
    if pair is not None:  # pinned for this draw
        for c in cards_of(marriage_cards(pair[1])):
            pins[c] = pair[0]
            later[pair[0]] |= 1 << c
            for o in range(4):
                if o != pair[0]:
                    forbidden[o] |= 1 << c
    played = [0, 0, 0, 0]
    done = len(tricks) - 1
    slots = [TRICKS - done - (1 if any(x == s for x, _ in view.trick) else 0)
             for s in range(4)]  # the cards each will hold, then each unseen play
    for t in tricks[:-1]:
        for s in range(4):
            slots[s] += s not in t.cards
    holds = [TRICKS - done - (1 if any(x == s for x, _ in view.trick) else 0)
             for s in range(4)]
    marriages = view.marriages
    final = [0, 0, 0, 0]  # what the seen plays show, whatever the unseen ones were
    for t in tricks:
        prefix = []
        for i in range(4):
            x = (t.leader + i) % 4
            if x not in t.cards:
                break
            prefix.append((x, t.cards[x]))
        trick_facts(trump, prefix, final)
        marriage_facts(trump, prefix, marriages, final)
    final[me] = 0
    if not _feasible(pool, forbidden, slots, me, final, holds):
        return None
    seven = card(trump, SEVEN) if trump != NO_TRUMPS and view.sedma_by is not None else -1
    points = [0, 0, 0, 0]
    for k, t in enumerate(tricks):
        order = [(t.leader + i) % 4 for i in range(4)]
        n_cards = 4 if k < len(tricks) - 1 else len(view.trick)
        saved = (pool, forbidden.copy(), later.copy(), played.copy(), slots.copy())
        for _attempt in range(8):
            pool, forbidden, later, played, slots = saved[0], saved[1].copy(), \
                saved[2].copy(), saved[3].copy(), saved[4].copy()
            plays = _trick(t, order[:n_cards], me, trump, pool, forbidden, later, played,
                           marriages, rng, seven if t.leader >= 0 and k < TRICKS - 1 else -1,
                           view.sedma_by, slots, final, holds)
            if plays is None:
                continue
            for _, c in plays:
                pool &= ~(1 << c)
            if n_cards < 4 or t.winner < 0:
                break
            cards = [c for _, c in plays]
            best = trick_winner(cards, trump)
            if plays[best][0] == t.winner:
                points[t.winner] += sum(CARD_POINTS[c] for c in cards)
                break
        else:
            return None
    # the hands now: pinned cards first, then the rest at random
    counts = [TRICKS - played[s].bit_count() for s in range(4)]
    hands = [0, 0, 0, 0]
    hands[me] = mine
    for c, s in pins.items():
        if pool >> c & 1 and s != me:
            hands[s] |= 1 << c
            pool &= ~(1 << c)
    rest = cards_of(pool)
    rng.shuffle(rest)
    # the most constrained cards first (a stable sort: random among equals)
    rest.sort(key=lambda c: sum(1 for s in range(4) if s != me and not forbidden[s] >> c & 1))
    for c in rest:
        options = [s for s in range(4) if s != me and not forbidden[s] >> c & 1
                   and hands[s].bit_count() < counts[s]]
        if not options:
            return None
        hands[rng.choice(options)] |= 1 << c
    if any(hands[s].bit_count() != counts[s] for s in range(4)):
        return None
    initial = [hands[s] | played[s] for s in range(4)]
    laid = view.trump_card if view.trump_card is not None else -1
    if suit >= 0 and laid < 0:  # any card of the chosen suit but the called one
        spare = initial[view.chooser] & SUIT_MASKS[suit] & ~(1 << called_card(moves))
        if not spare:
            return None
        laid = (spare & -spare).bit_length() - 1
    # the calls depend on the hands only through these (MARIAS §4.3–§4.4): replayed once
    key = (_holder(initial, laid), _holder(initial, card(suit, KING)) if suit >= 0 else -1,
           _holder(initial, card(suit, OBER)) if suit >= 0 else -1,
           _holder(initial, card(suit, SEVEN)) if suit >= 0 else -1,
           _holder(initial, called_card(moves)),
           tuple(marriage_cards(x) & initial[s] == marriage_cards(x)
                 for s in range(4) for x in range(4)))
    if key not in starts:
        starts[key] = replay(rs, view.dealer, initial, moves, laid=laid)
    start = starts[key]
    if start is None or start.phase != "play":
        return None
    side = sum(1 << s for s in range(4) if start.side(s) == 0)
    pts = sum(points[s] for s in range(4) if side >> s & 1)
    return Layout((hands[0], hands[1], hands[2], hands[3]), side, pts, start)


def _trick(t: _Trick, order: list[int], me: int, trump: int, pool: int, forbidden: list[int],
           later: list[int], played: list[int], marriages: tuple[tuple[int, int], ...],
           rng: random.Random, seven: int, sedma_by: int | None,
           slots: list[int], final: list[int], holds: list[int]
           ) -> list[tuple[int, int]] | None:
    """One trick's plays, its holes drawn; ``forbidden``, ``later``, ``played`` updated."""
    plays: list[tuple[int, int]] = []
    win = -1
    for s in order:
        c = t.cards.get(s, -1)
        strict = True
        if c < 0:
            c, strict = _hole(s, plays, trump, pool, forbidden, later, marriages, rng,
                              seven if s == sedma_by else -1,
                              t.winner if len(order) == 4 else -1, t.cards.get(t.winner, -1),
                              slots, me, final, holds)
            if c < 0:
                return None
            pool &= ~(1 << c)
            slots[s] -= 1
        elif s != me and forbidden[s] >> c & 1:
            return None
        before = forbidden[s]
        if strict and plays:
            forbidden[s] |= play_fact(trump, plays[0][1], win, c)
        if strict and trump != NO_TRUMPS and c & 7 in (KING, OBER) \
                and (s, c >> 3) not in marriages:
            forbidden[s] |= marriage_cards(c >> 3) & ~(1 << c)
        changed = forbidden[s] != before
        plays.append((s, c))
        played[s] |= 1 << c
        later[s] &= ~(1 << c)
        if win < 0 or BEATS[trump][win] >> c & 1:
            win = c
        if (s != me and later[s] & forbidden[s]) \
                or (changed and not _feasible(pool, forbidden, slots, me, final, holds)):
            return None
    return plays
