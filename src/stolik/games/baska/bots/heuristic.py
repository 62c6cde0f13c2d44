"""The ``heuristic`` bot: the rules a club player would state, each decision with its reason.

**Valuing a hand.** :func:`~stolik.games.baska.bots.evaluate.estimate` values each card by
what can still beat it in the contract's own card order (sure trumps, trumps with higher
ones out, fele) and reads the chance of making 53 points, or all four tricks, off the total.
A contract's expected payout follows from the ruleset's own values —
``3 × (p × win − (1 − p) × loss)`` for a lone player — so a league whose losses cost double
(``linia``) makes the bot more careful without a line of code about that league.

**Bidding** (RULES §4, §7), first rule that applies:

1. An honour (four aces, four queens, four tens, …) is called at once: it always wins.
2. A solo contract is bid when it is expected to win, by :data:`BID_MARGIN` more than
   passing (the plain game, a cicha, my own contract as it stands) or a doubling is
   expected to bring — never as a sacrifice, to lose less than the others' contract would
   cost. Of several, the one expected to bring most.
3. A doubling the rules allow is made when it pays: when the chance of winning the doubled
   game beats the break-even chance ``loss / (win + loss)`` by :data:`DOUBLE_EDGE` (and by
   :data:`LEVEL_STEP` more per level above kontra). Against a du contract a card that must
   take a trick is enough. A lone player answers a doubling only with a chance of
   :data:`REDOUBLE_CHANCE` or more.
4. With both black queens: keep quiet for a cicha (alone and unannounced) when it is
   expected to bring more than a wesele (2 v 2 with the holder of the partner card) —
   otherwise call wesele while it may be called.
5. Otherwise pass.

**Card play** (RULES §3). Cards nobody can beat are *masters*; a card is *safe* in a trick
when no player still to play who may be an opponent can beat it.

- Leading: a master trump first ("draw trumps"), then another master; then the top of a
  fele suit when few trumps are out to ruff it (:data:`FELE_LEAD_SHARE`); else the card
  that costs least to lose (its points plus what it is worth kept, :data:`KEEP_TRICK`).
- Partner has the trick safe: smear the most points (oczka) that can be spared.
- Can win: with the cheapest safe card (high points banked, high trumps kept); with no safe
  card, contest only a trick worth :data:`CONTEST_POINTS`, else give the least.
- Cannot win: give the least.

Partners are those the view's ``sides`` shows on the bot's side; an unknown seat is treated
as an opponent. The bot reads the ruleset's data (card orders, values, the honours' cards),
never its name, so it plays a league's own ruleset file as well (pass the
:class:`~stolik.games.baska.ruleset.Ruleset` as ``ruleset=``).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> rs = load_ruleset("pucka-2019")
>>> deal = Deal.from_text(rs, dealer=3, hands=["QC QS QH QD", "AH TH AC TC",
...                                            "JC JS JH JD", "AD TD AS TS"])
>>> bot = HeuristicBot()
>>> deal.call("pass")  # seat 1 speaks first
>>> view = deal.view(2)
>>> bot.act(view).text(rs)
'gran-du'
>>> for part in bot.explain(view).split(" → "):
...     print(part)
gran-du: hand value 4.0 of 4: 4 sure tricks (J♣ J♠ J♥ J♦), 4 trumps
100% to win, expected +30 (passing: the plain game as młodzi, +0.2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from stolik.games.baska.bots.base import BOTS, BotError, Decision, Move, RulesetSource, check_turn
from stolik.games.baska.bots.evaluate import (
    BEATEN,
    PLAIN_WIN,
    Estimate,
    estimate,
    interpolate,
)
from stolik.games.baska.calls import PASS, Call, parse_call
from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.ruleset import Contract, Ruleset
from stolik.games.baska.scoring import DECLARING, count_doublings
from stolik.games.baska.state import SeatView
from stolik.tricks import CardOrder

# ---------------------------------------------------------------- bidding constants

BID_MARGIN = 1.0
"""A solo is bid when its expected payout beats passing by this much (payout units).
In duplicate matches against these defaults a margin of 3 lost 0.29 ± 0.20 per deal and
a margin of 0 was level (+0.06 ± 0.09)."""

DOUBLE_EDGE = 0.1
"""A doubling is made when the chance of winning the doubled game exceeds the break-even
chance ``loss / (win + loss)`` by this much."""

LEVEL_STEP = 0.1
"""Each doubling level above kontra asks this much more chance (the other side's doubling
says it is strong)."""

REDOUBLE_CHANCE = 0.85
"""A lone player (soloist, cicha) answers the opponents' doubling with this chance or more."""

# ---------------------------------------------------------------- card-play constants

KEEP_TRICK = 25.0
"""What a card that will surely take a later trick is worth keeping, in card points; a card
with h higher cards out is worth ``KEEP_TRICK / (1 + h)`` kept. (In duplicate matches 25
beat 12 by 0.47 ± 0.30 per deal and 0 lost 0.48 ± 0.28; 18–60 were level with 25.)"""

CONTEST_POINTS = 12
"""Contest a trick with a card that may be overtaken only when the trick holds this many
points; otherwise give the least."""


FELE_LEAD_SHARE = 0.5
"""Lead the top card of a fele suit (an ace) when at least this share of the unseen cards
are not trumps, so that it is likely to be followed rather than ruffed (the gran order).
(Level in duplicate matches with never leading it: +0.02 ± 0.17 per deal.)"""


@dataclass(frozen=True)
class Params:
    """The thresholds the bot plays by; the defaults are the module's named constants.
    ``HeuristicBot(bid_margin=3.0)`` (or ``make_bot("heuristic", bid_margin=3.0)``)
    changes one, e.g. to compare variants in the arena."""

    bid_margin: float = BID_MARGIN
    double_edge: float = DOUBLE_EDGE
    level_step: float = LEVEL_STEP
    redouble_chance: float = REDOUBLE_CHANCE
    keep_trick: float = KEEP_TRICK
    contest_points: int = CONTEST_POINTS
    fele_lead_share: float = FELE_LEAD_SHARE


@dataclass(frozen=True)
class _Knowledge:
    """What the bot reads off a ruleset once."""

    rs: Ruleset
    solos: tuple[Contract, ...]
    honours: tuple[Contract, ...]
    plain_order: CardOrder


@lru_cache(maxsize=32)
def _knowledge(rs: Ruleset) -> _Knowledge:
    return _Knowledge(
        rs=rs,
        solos=tuple(c for c in rs.ladder if c.kind == "solo"),
        honours=tuple(c for c in rs.ladder if c.kind == "honour"),
        plain_order=rs.order_of(rs.zwykla),
    )


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _signed(x: float) -> str:
    return f"{x:+.0f}" if abs(x - round(x)) < 0.05 else f"{x:+.1f}"


def _other(side: str) -> str:
    return "mlodzi" if side == "starzy" else "starzy"


@BOTS.register("heuristic", "a club player's rules: values its hand per card order, bids, "
               "doubles and plays by stated rules, and says why")
class HeuristicBot:
    """A rule-based player; :meth:`explain` gives the reason of a decision.

    It is deterministic: ``seed`` is accepted for a uniform constructor. ``ruleset`` is the
    ruleset object for views of a league's own ruleset file (shipped ones are loaded by id).
    Keyword ``params`` override the fields of :class:`Params`.
    """

    name = "heuristic"

    def __init__(self, *, seed: int | None = None, ruleset: Ruleset | None = None,
                 **params: Any) -> None:
        self.seed = seed
        self.source = RulesetSource(ruleset)
        try:
            self.params = Params(**params)
        except TypeError:
            known = ", ".join(f.name for f in fields(Params))
            raise BotError(f"unknown heuristic option among {', '.join(params)}: the options "
                           f"are {known}") from None
        self.last: Decision | None = None
        self._last_view: SeatView | None = None

    # ------------------------------------------------------------ interface

    def act(self, view: SeatView) -> Move:
        """The move for the view's seat (a legal call or card)."""
        d = self.decide(view)
        self.last, self._last_view = d, view
        return d.move

    def explain(self, view: SeatView) -> str:
        """The reason for the move :meth:`act` made (or would make) on ``view``."""
        if self.last is not None and self._last_view is view:
            return self.last.reason
        return self.decide(view).reason

    def decide(self, view: SeatView) -> Decision:
        """The move and its reason, without remembering it."""
        check_turn(view)
        k = _knowledge(self.source.get(view.ruleset))
        if view.phase == "auction":
            return self._auction(view, k)
        return self._play(view, k)

    # ------------------------------------------------------------ auction

    def _auction(self, view: SeatView, k: _Knowledge) -> Decision:
        rs = k.rs
        hand = _mask(view.hand)
        legal = view.legal_calls
        contracts = {c.contract: c for c in legal if c.kind == "contract"}

        # 1. Honours: they always win.
        honours = [h for h in k.honours if h.id in contracts]
        if honours:
            h = max(honours, key=lambda c: (c.win, c.rank))
            return Decision(contracts[h.id], f"{h.id}: an honour ({DECK.format_mask(h.requires)})"
                            f" always wins — {_signed(3 * h.win)} for me")

        # What passing is expected to bring; what a doubling would.
        plain_est = estimate(hand, k.plain_order)
        standing, stay_why = self._standing(view, k, hand, plain_est)
        stay = standing * (1 << view.level)
        starzy = rs.plain.starzy
        cicha = view.contract is None and hand & starzy == starzy
        wesele = next((c for c in rs.ladder if c.kind == "wesele" and c.id in contracts), None)
        wesele_ev = self._plain_ev(rs, "starzy", plain_est) if wesele is not None else None
        if cicha and wesele_ev is not None and wesele_ev > stay:
            stay, stay_why = wesele_ev, "a wesele"
        double = next((c for c in legal if c.kind == "double"), None)
        double_why = None if double is None else self._double_reason(view, k, hand,
                                                                     double.level)
        base = max(stay, 0.0)  # a solo must be expected to win, not only to lose less
        if double is not None and double_why is not None:
            base = max(base, standing * (1 << double.level))

        # 2. Solo contracts, when they beat passing (and doubling).
        best: tuple[float, Contract, Estimate] | None = None
        for c in k.solos:
            if c.id in contracts:
                est = estimate(hand, rs.order_of(c))
                ev = self._solo_ev(c, est)
                if best is None or ev > best[0]:
                    best = (ev, c, est)
        if best is not None and best[0] >= base + self.params.bid_margin:
            ev, c, est = best
            return Decision(contracts[c.id], f"{c.id}: {est.describe()} → "
                            f"{_pct(est.chance(c.goal))} to win, expected {_signed(ev)} "
                            f"(passing: {stay_why}, {_signed(stay)})")

        # 3. Doublings.
        if double is not None and double_why is not None:
            return Decision(double, f"{rs.doubling_name(double.level)}: {double_why}")

        # 4. Both black queens: cicha or wesele.
        if cicha:
            p = plain_est.chance("cicha")
            cicha_ev = self._solo_ev(rs.cicha, plain_est)
            if wesele is not None and wesele_ev is not None and wesele_ev >= cicha_ev:
                return Decision(Call("contract", wesele.id),
                                f"{wesele.id}: a cicha alone is too risky "
                                f"({plain_est.describe()}, {_pct(p)} to win, expected "
                                f"{_signed(cicha_ev)}) — find a partner (expected "
                                f"{_signed(wesele_ev)})")
            return Decision(PASS, f"pass, keeping quiet for a cicha: {plain_est.describe()} → "
                            f"{_pct(p)} to win alone, expected {_signed(cicha_ev)}")

        # 5. Pass.
        if best is not None:
            ev, c, est = best
            return Decision(PASS, f"pass: no contract is worth it (best: {c.id}, "
                            f"{est.describe()}, {_pct(est.chance(c.goal))} to win → "
                            f"{_signed(ev)}; passing: {stay_why}, {_signed(stay)})")
        return Decision(PASS, f"pass: nothing better to call ({stay_why}, {_signed(stay)})")

    def _standing(self, view: SeatView, k: _Knowledge, hand: int,
                  plain_est: Estimate) -> tuple[float, str]:
        """Expected payout, undoubled, of the game the auction would produce if it ended
        now, and its name."""
        rs = k.rs
        me = view.seat
        if view.contract is not None:
            cur = rs.contract(view.contract)
            if cur.kind == "solo":
                est = estimate(hand, rs.order_of(cur))
                if view.declarer == me:
                    return self._solo_ev(cur, est), f"my {cur.id}"
                beaten = self._beaten(cur, est)
                return beaten * cur.loss - (1 - beaten) * cur.win, f"defending {cur.id}"
            if cur.kind == "honour":
                return -float(cur.win), f"their {cur.id}"
            side = view.sides[me]
            if side is None:
                return 0.0, f"the {cur.id}, not knowing my partner yet"
            name = "starzy" if side == DECLARING else "mlodzi"
            return self._plain_ev(rs, name, plain_est), f"the {cur.id} on my side"
        starzy = rs.plain.starzy
        if hand & starzy == starzy:
            return self._solo_ev(rs.cicha, plain_est), "a cicha"
        if hand & starzy:
            return self._plain_ev(rs, "starzy", plain_est), "the plain game as starzy"
        return self._plain_ev(rs, "mlodzi", plain_est), "the plain game as młodzi"

    @staticmethod
    def _solo_ev(c: Contract, est: Estimate) -> float:
        """A lone player's expected payout: 3 × (p × win − (1 − p) × loss)."""
        p = est.chance("cicha" if c.kind == "cicha" else c.goal)
        return 3 * (p * c.win - (1 - p) * c.loss)

    @staticmethod
    def _beaten(c: Contract, est: Estimate) -> float:
        """A defender's chance to beat solo ``c`` (certain against du with a stopper)."""
        if c.goal == "all-tricks" and est.stopper is not None:
            return 1.0
        return interpolate(BEATEN[(est.family, c.goal)], est.value)

    @staticmethod
    def _plain_ev(rs: Ruleset, side: str, est: Estimate) -> float:
        """A seat's expected payout in a 2 v 2 game on ``side`` (``starzy`` or ``mlodzi``):
        the chance of :data:`~stolik.games.baska.bots.evaluate.PLAIN_WIN`, the stakes of a
        win "z wyjściem" for either side."""
        p = interpolate(PLAIN_WIN[side], est.value)
        win = rs.plain.values[side]["z_wyjsciem"]
        lose = rs.plain.values[_other(side)]["z_wyjsciem"]
        return p * win - (1 - p) * lose

    def _double_reason(self, view: SeatView, k: _Knowledge, hand: int,
                       level: int) -> str | None:
        """Why to make the doubling to ``level``, or None to leave it."""
        rs = k.rs
        me = view.seat
        step = self.params.level_step * (level - 1)
        edge = self.params.double_edge + step
        con = rs.contract(view.contract) if view.contract is not None else None
        if _surely_dead(view, rs, con, hand):
            return None  # it would not count (RULES §4): a dead doubling changes nothing
        if con is not None and con.kind == "solo":
            est = estimate(hand, rs.order_of(con))
            if view.declarer == me:  # answering the opponents' doubling
                p = est.chance(con.goal)
                if p >= self.params.redouble_chance + step:
                    return f"my {con.id} is strong: {est.describe()}, {_pct(p)} to win"
                return None
            if con.goal == "all-tricks" and est.stopper is not None:
                how = ("must take one" if est.stopper in est.sure_cards
                       else "is guarded by lower trumps and should take one")
                return f"{con.id} needs all four tricks, and my {DECK.name(est.stopper)} {how}"
            beaten = self._beaten(con, est)
            need = con.win / (con.win + con.loss) + edge
            if beaten >= need:
                return (f"{con.id} looks beatable: {est.describe()} → {_pct(beaten)} to beat "
                        f"it (worth it from {_pct(need)})")
            return None
        # The plain game or a wesele (2 v 2) — or my own cicha.
        est = estimate(hand, k.plain_order)
        starzy = rs.plain.starzy
        if con is None and hand & starzy == starzy:
            p = est.chance("cicha")
            if p >= self.params.redouble_chance + step:
                return f"my cicha is strong: {est.describe()}, {_pct(p)} to win"
            return None
        my_side = view.sides[me]
        if my_side is None:
            return None  # not yet known whose partner I am
        side = "starzy" if my_side == DECLARING else "mlodzi"
        p = interpolate(PLAIN_WIN[side], est.value)
        win = rs.plain.values[side]["z_wyjsciem"]
        lose = rs.plain.values[_other(side)]["z_wyjsciem"]
        need = lose / (win + lose) + edge
        if p >= need:
            game = con.id if con is not None else "the plain game"
            return (f"{game} should be ours: {est.describe()} → {_pct(p)} for my side "
                    f"(worth it from {_pct(need)})")
        return None

    # ------------------------------------------------------------ play

    def _play(self, view: SeatView, k: _Knowledge) -> Decision:
        rs = k.rs
        legal_cards = view.legal_cards
        if len(legal_cards) == 1:
            return Decision(legal_cards[0],
                            f"{DECK.name(legal_cards[0])}: the only card I may play")
        con = rs.contract(view.contract) if view.contract is not None else rs.zwykla
        order = rs.order_of(con)
        beats = order.beats
        me = view.seat
        hand = _mask(view.hand)
        played = _mask(c for _, c in view.plays)
        out = DECK.full_mask & ~hand & ~played
        trump_out = out & order.trump_mask
        my_side = view.sides[me]
        partners = {s for s in range(4) if s != me and my_side is not None
                    and view.sides[s] == my_side}
        last_card = hand.bit_count() == 1
        plain_share = 1 - trump_out.bit_count() / out.bit_count() if out else 1.0

        def keep(c: int) -> float:
            """What c is worth kept for a later trick, in card points."""
            if last_card:
                return 0.0
            if order.is_trump(c):
                return self.params.keep_trick / (1 + (beats[c] & out).bit_count())
            if beats[c] & out & ~order.trump_mask:
                return 0.0
            return self.params.keep_trick * plain_share

        def give(c: int) -> float:
            """What losing c costs: its points and its worth kept."""
            return CARD_POINTS[c] + keep(c)

        cards = list(legal_cards)
        trick = view.trick
        if not trick:
            return self._lead(cards, order, out, trump_out, give, plain_share)

        win_seat, win_card = trick[0]
        for s, c in trick[1:]:
            if beats[win_card] >> c & 1:
                win_seat, win_card = s, c
        later = [(me + i) % 4 for i in range(1, 4 - len(trick))]
        danger = any(s not in partners for s in later)

        def safe(c: int) -> bool:
            return not (danger and beats[c] & out)

        trick_points = sum(CARD_POINTS[c] for _, c in trick)
        winners = [c for c in cards if beats[win_card] >> c & 1]
        name = DECK.name
        if win_seat in partners and safe(win_card):
            pool = [c for c in cards if c not in winners or safe(c)] or cards
            c = max(pool, key=lambda c: (CARD_POINTS[c] - keep(c), -order.strength[c]))
            if CARD_POINTS[c] >= 10:
                return Decision(c, f"{name(c)}: my partner's {name(win_card)} holds the "
                                f"trick — smear {CARD_POINTS[c]} points")
            return Decision(c, f"{name(c)}: my partner's {name(win_card)} holds the trick — "
                            "nothing better to give that I can spare")
        if winners:
            sure = [c for c in winners if safe(c)]
            if sure:
                c = min(sure, key=lambda c: (keep(c) - CARD_POINTS[c], order.strength[c]))
                return Decision(c, f"{name(c)}: the cheapest card sure to take the trick")
            losers = [c for c in cards if c not in winners]
            if trick_points >= self.params.contest_points or not losers:
                if trick_points >= self.params.contest_points:
                    c = min(winners, key=order.strength.__getitem__)
                    return Decision(c, f"{name(c)}: contest {trick_points} points with my "
                                    "best, though it may be beaten")
                c = min(winners, key=give)
                return Decision(c, f"{name(c)}: I must beat, and no card of mine is sure "
                                "to hold — the cheapest")
            c = min(losers, key=give)
            return Decision(c, f"{name(c)}: only {trick_points} points, not worth a card "
                            "that may be beaten — give the least")
        c = min(cards, key=lambda c: (give(c), -order.strength[c]))
        return Decision(c, f"{name(c)}: I cannot take the trick — give the least "
                        f"({CARD_POINTS[c]} points)")

    def _lead(self, cards: list[int], order: CardOrder, out: int, trump_out: int,
              give: Callable[[int], float], plain_share: float) -> Decision:
        name = DECK.name
        masters = [c for c in cards if not order.beats[c] & out]
        trump_masters = [c for c in masters if order.is_trump(c)]
        if trump_masters:
            c = min(trump_masters, key=order.strength.__getitem__)
            if trump_out:
                return Decision(c, f"{name(c)}: the highest trump left — lead it to draw "
                                "trumps")
            return Decision(c, f"{name(c)}: nobody can beat it")
        if masters:
            c = max(masters, key=CARD_POINTS.__getitem__)
            return Decision(c, f"{name(c)}: nobody can beat it — the trumps are gone")
        tops = [c for c in cards if not order.is_trump(c)
                and not order.beats[c] & out & ~order.trump_mask]
        if tops and plain_share >= self.params.fele_lead_share:
            c = max(tops, key=CARD_POINTS.__getitem__)
            return Decision(c, f"{name(c)}: the top of its suit, and few trumps are out to "
                            "ruff it")
        c = min(cards, key=lambda c: (give(c), -order.strength[c]))
        return Decision(c, f"{name(c)}: no sure trick to lead — lead what costs least "
                        f"({CARD_POINTS[c]} points)")


__all__ = ["BID_MARGIN", "CONTEST_POINTS", "DOUBLE_EDGE", "FELE_LEAD_SHARE", "KEEP_TRICK",
           "LEVEL_STEP", "REDOUBLE_CHANCE", "HeuristicBot", "Params"]


def _surely_dead(view: SeatView, rs: Ruleset, con: Contract | None, hand: int) -> bool:
    """Whether a doubling by the viewer now would be dead (RULES §4), as far as he can
    tell: only when the sides of every doubler so far, and his own, are known to him."""
    doublers: list[int] = []
    for seat, text in view.calls:
        call = parse_call(text, rs)
        if call.kind == "contract":
            doublers = []
        elif call.kind == "double":
            doublers.append(seat)
    sides = [view.sides[s] for s in (*doublers, view.seat)]
    if any(x is None for x in sides):
        return False
    starzy = rs.plain.starzy
    game = con if con is not None else (
        rs.cicha if view.contract == "cicha" or hand & starzy == starzy else rs.zwykla)
    known = [x for x in sides if x is not None]
    return count_doublings(game, known)[0] == count_doublings(game, known[:-1])[0]
