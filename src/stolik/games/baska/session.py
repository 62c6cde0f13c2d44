"""A series at one table with people and bots in the seats — the game logic of ``stolik
play`` (and, later, of the web table), free of any user interface.

A :class:`Session` deals a seeded series (RULES §9): the dealer moves one seat clockwise
each deal, a 52:52 deal of a ruleset with bok-rounds doubles the deals after it exactly as
:func:`~stolik.games.baska.record.replay` does (RULES §6), finished deals are kept as
records and totals run on. Seats are people or bots; :meth:`Session.advance_bots` lets the
bots move until a person is to act, :meth:`Session.apply` takes a person's move, and
:meth:`Session.claim` settles a person's claim ("I lay down my cards").

>>> s = Session.create("pucka-2019", deals=2, seed=1, humans=(0,), opponents="random")
>>> s.players
('Ty', 'random 1', 'random 2', 'random 3')
>>> while not s.is_over:
...     _ = s.advance_bots()
...     if s.waiting_for_next:
...         _ = s.next_deal()
...     elif s.human_to_act is not None:
...         s.apply(s.human_to_act, s.legal_moves()[0])
>>> len(s.finished), sum(s.totals)
(2, 0)
>>> from stolik.games.baska.record import replay
>>> replay(s.to_record()).totals == s.totals
True
"""

from __future__ import annotations

import datetime
import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

from stolik.bots import Bot
from stolik.errors import IllegalMove, StolikError
from stolik.games.baska.bots import BOTS, make_bot
from stolik.games.baska.calls import Call
from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.record import DealRecord, SeriesRecord, record_of, series_record
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.scoring import DealResult, score
from stolik.games.baska.state import Deal, SeatView
from stolik.series import place_points

Move = Call | int
"""A move: a call in the auction, a card index (``DECK``) in the play."""

__all__ = [
    "TABLE_BOTS", "AnalysisUnavailable", "ClaimVerdict", "FinishedDeal", "Move", "MoveEvent",
    "Seat", "Session", "analysis_module", "available_bots", "default_opponents",
    "outcome_is_fixed",
]


class AnalysisUnavailable(StolikError):
    """The analysis module (hints, reviews) is not installed in this version."""


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person, or a bot of a registered kind.

    >>> Seat("Ala").is_human, Seat("pimc 1", bot="pimc").is_human
    (True, False)
    """

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None


@dataclass(frozen=True)
class MoveEvent:
    """One move made at the table: the deal number (1-based), seat and move."""

    deal: int
    seat: int
    move: Move


@dataclass(frozen=True)
class FinishedDeal:
    """A settled deal of the series: its number (1-based), record and result."""

    number: int
    record: DealRecord
    result: DealResult

    @property
    def bok_deal(self) -> bool:
        """Whether it was played in a bok-round (worth double, RULES §6)."""
        return self.result.bok_deal


@dataclass(frozen=True)
class ClaimVerdict:
    """The answer to a claim: ``certain`` (the deal was then played out to its end) and
    the reason in words; ``how``: ``laid-down`` (a lone declarer wins whatever the others
    hold, RULES §7), ``fixed`` (no play can change the payout), or ``refused``."""

    certain: bool
    how: Literal["laid-down", "fixed", "refused"]
    reason: str
    code: Literal["laid-down", "fixed", "not-in-play", "not-your-turn", "not-laid-down",
                  "not-fixed"] = "fixed"
    """Which case it is, for a front-end's own words."""


TABLE_BOTS = ("stolik.games.baska.bots.pimc", "stolik.games.baska.bots.expert")
"""The optional bot modules a table loads (the solver's bots)."""


def available_bots() -> list[str]:
    """The bot kinds a table offers: the registered ones after loading ``pimc`` and
    ``expert`` (the solver's bots) if they are installed. OpenSpiel's ``ismcts`` is an
    arena yardstick only (:mod:`stolik.games.baska.bots.ismcts`), never a table's
    opponent.

    >>> {"heuristic", "random", "pimc", "expert"} <= set(available_bots())
    True
    >>> "ismcts" in available_bots()
    False
    """
    for module in TABLE_BOTS:
        try:
            importlib.import_module(module)
        except ImportError as e:
            if e.name != module:
                raise
    return [name for name in BOTS.names() if name != "ismcts"]


def default_opponents() -> str:
    """The strongest registered bot: ``expert`` when it is installed (issue 27.3: measured
    better than ``pimc``, :mod:`stolik.games.baska.bots.expert`), else ``pimc``, else
    ``heuristic``.

    >>> default_opponents() in available_bots()
    True
    """
    names = available_bots()
    for name in ("expert", "pimc", "heuristic", "random"):
        if name in names:
            return name
    return names[0]  # pragma: no cover - the registry always has random


def analysis_module() -> ModuleType:
    """:mod:`stolik.games.baska.analysis` (hint and review), or
    :class:`AnalysisUnavailable` with a clear message when it is not there yet."""
    try:
        return importlib.import_module("stolik.games.baska.analysis")
    except ImportError as e:
        if e.name not in ("stolik.games.baska.analysis", None):
            raise
        raise AnalysisUnavailable(
            "analysis (hint, review) is not available in this version of stolik") from None


def _bot_seed(seed: int, seat: int) -> int:
    return seed * 7919 + 101 * seat + 13


class Session:
    """A series at one table. Build it with :meth:`create` (bots by name) or the
    constructor (any :class:`~stolik.bots.Bot` objects).

    ``rs``: the ruleset; ``seats``: four :class:`Seat` values; ``bots``: a bot per bot seat;
    ``deals``: the series length; ``seed``: the seed of the dealing (the same seed deals the
    same cards); ``first_dealer``: the seat dealing first; ``rng``: the source of the
    shuffles instead of ``random.Random(seed)`` (the web's keyed, unpredictable stream).
    """

    def __init__(self, rs: Ruleset, seats: Sequence[Seat], bots: dict[int, Bot[SeatView, Move]],
                 *, deals: int, seed: int = 0, first_dealer: int = 0,
                 on_move: Callable[[MoveEvent], None] | None = None,
                 rng: random.Random | None = None) -> None:
        if len(seats) != 4:
            raise ValueError("a Baśka table has four seats")
        if deals < 1:
            raise ValueError(f"a series has at least one deal, not {deals}")
        for s, seat in enumerate(seats):
            if not seat.is_human and s not in bots:
                raise ValueError(f"seat {s} is a bot seat without a bot")
        self.rs = rs
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.bots = dict(bots)
        self.length = deals
        self.seed = seed
        self.first_dealer = first_dealer
        self.on_move = on_move
        self._rng = rng if rng is not None else random.Random(seed)
        self._finished: list[FinishedDeal] = []
        self._pending_bok = 0
        self._stopped = False
        self.started = datetime.datetime.now(datetime.UTC)
        self.deal: Deal = self._new_deal()

    @classmethod
    def create(cls, ruleset: str | Ruleset | None = None, *, deals: int | None = None,
               seed: int = 0, humans: Sequence[int] = (0,), names: dict[int, str] | None = None,
               opponents: str | None = None, first_dealer: int = 0) -> Session:
        """A session with people at ``humans`` (named by ``names``, default ``Ty``) and bots
        of kind ``opponents`` (default :func:`default_opponents`) at the other seats;
        ``deals`` defaults to the ruleset's series length (RULES §9)."""
        rs = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        kind = opponents or default_opponents()
        available_bots()
        names = names or {}
        seats: list[Seat] = []
        bots: dict[int, Bot[SeatView, Move]] = {}
        for s in range(4):
            if s in humans:
                seats.append(Seat(names.get(s, "Ty")))
            else:
                seats.append(Seat(names.get(s, f"{kind} {s}"), bot=kind))
                bots[s] = make_bot(kind, seed=_bot_seed(seed, s), ruleset=rs)
        return cls(rs, seats, bots, deals=deals or rs.default_length, seed=seed,
                   first_dealer=first_dealer)

    # ------------------------------------------------------------ the series

    @property
    def players(self) -> tuple[str, ...]:
        """The names by seat."""
        return tuple(s.name for s in self.seats)

    @property
    def number(self) -> int:
        """The current deal's number, 1-based."""
        return len(self._finished) + (0 if self.deal.is_over else 1)

    @property
    def finished(self) -> tuple[FinishedDeal, ...]:
        """The settled deals, in order."""
        return tuple(self._finished)

    @property
    def is_over(self) -> bool:
        """Whether every deal is played (or the series was stopped)."""
        return self._stopped or len(self._finished) >= self.length

    @property
    def waiting_for_next(self) -> bool:
        """The deal on the table is settled and another one is due: call
        :meth:`next_deal`."""
        return self.deal.is_over and not self.is_over

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's table score so far (the sum of its payouts)."""
        t = [0, 0, 0, 0]
        for f in self._finished:
            for s in range(4):
                t[s] += f.result.payout[s]
        return (t[0], t[1], t[2], t[3])

    @property
    def place_points(self) -> tuple[float, ...]:
        """Place points by the totals so far (RULES §9)."""
        sr = self.rs.series
        return tuple(place_points(self.totals, sr.place_points,
                                  bonus=sr.positive_bonus or None))

    @property
    def bok_deals_pending(self) -> int:
        """Deals still to be played doubled after a 52:52 (RULES §6)."""
        return self._pending_bok

    def _new_deal(self) -> Deal:
        dealer = (self.first_dealer + len(self._finished)) % 4
        bok = self._pending_bok > 0
        if bok:
            self._pending_bok -= 1
        return Deal.random(self.rs, dealer, self._rng, bok_deal=bok)

    def next_deal(self) -> Deal:
        """Deal the next hand once the current one is settled; IllegalMove otherwise."""
        if not self.deal.is_over:
            raise IllegalMove("the deal on the table is not over yet")
        if self.is_over:
            raise IllegalMove("the series is over")
        self.deal = self._new_deal()
        return self.deal

    def stop(self) -> None:
        """End the series now (a player quits): the settled deals stay; the deal on the
        table is dropped."""
        self._stopped = True

    def to_record(self) -> SeriesRecord:
        """The series record (RULES §11) of the settled deals; ``stolik replay`` gives the
        same totals. StolikError if no deal is settled yet."""
        if not self._finished:
            raise StolikError("no deal is finished yet — there is nothing to record")
        bots = sorted({s.bot for s in self.seats if s.bot})
        rec = series_record(self.rs, [f.record for f in self._finished], self.players)
        comment = f"stolik play, seed {self.seed}"
        if bots:
            comment += ", bots " + ", ".join(bots)
        meta = (("event", "stolik play"), ("date", self.started.date().isoformat()),
                ("comment", comment))
        return SeriesRecord(rec.ruleset, rec.deals, rec.players, meta)

    # ------------------------------------------------------------ the deal on the table

    @property
    def to_act(self) -> int | None:
        """The seat to move in the current deal (None when it is settled)."""
        return self.deal.to_act

    @property
    def human_to_act(self) -> int | None:
        """The person's seat when a person is to move, else None."""
        seat = self.deal.to_act
        if seat is not None and self.seats[seat].is_human and not self.is_over:
            return seat
        return None

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (RULES §3: only the trick in progress and the last
        trick are shown)."""
        return self.deal.view(seat)

    def legal_moves(self) -> list[Move]:
        """The legal calls (auction) or cards (play) of the seat to act, in display order:
        calls as the ladder lists them, pass first; cards as held."""
        if self.deal.phase == "auction":
            return list(self.deal.legal_calls())
        return list(self.deal.legal_cards())

    def why_not(self, seat: int, move: Move) -> str | None:
        """Why ``move`` by ``seat`` is illegal now (one line with the RULES section), or
        None when it is legal."""
        if self.is_over:
            return "the series is over (RULES §9)"
        if isinstance(move, Call):
            return self.deal.why_not_call(move, seat)
        return self.deal.why_not_card(move, seat)

    def apply(self, seat: int, move: Move) -> None:
        """Make ``seat``'s move; IllegalMove (one line, RULES section) if it is not legal.
        A deal that ends is settled and recorded at once.

        >>> s = Session.create("pucka-2019", deals=1, seed=1, opponents="random")
        >>> [(e.seat, e.move.text(s.rs)) for e in s.advance_bots() if isinstance(e.move, Call)]
        [(2, 'kontra'), (3, 'rekontra')]
        >>> s.human_to_act, s.why_not(0, s.view(0).hand[0])
        (0, 'no card may be played before the auction closes (RULES §3)')
        >>> s.apply(0, Call("pass"))
        >>> s.to_act
        1
        """
        why = self.why_not(seat, move)
        if why is not None:
            raise IllegalMove(why)
        number = len(self._finished) + 1
        if isinstance(move, Call):
            self.deal.call(move)
        else:
            self.deal.play(move)
        if self.on_move is not None:
            self.on_move(MoveEvent(number, seat, move))
        if self.deal.is_over:
            self._settle()

    def _settle(self) -> None:
        deal = self.deal
        result = deal.result()
        if result.tie and self.rs.series.bok_round_deals:
            # A bok during a bok-round adds its deals after the pending ones (RULES §6).
            self._pending_bok += self.rs.series.bok_round_deals
        self._finished.append(FinishedDeal(len(self._finished) + 1, record_of(deal), result))

    def advance_bots(self, limit: int | None = None) -> list[MoveEvent]:
        """Let the bots move until a person is to act or the deal is settled (at most
        ``limit`` moves); returns the moves made, in order."""
        out: list[MoveEvent] = []
        while not self.is_over and (limit is None or len(out) < limit):
            seat = self.deal.to_act
            if seat is None or self.seats[seat].is_human:
                break
            move = self.bots[seat].act(self.deal.view(seat))
            number = len(self._finished) + 1
            self.apply(seat, move)
            out.append(MoveEvent(number, seat, move))
        return out

    # ------------------------------------------------------------ claims

    def claim(self, seat: int, verdict: ClaimVerdict | None = None) -> ClaimVerdict:
        """``seat`` lays down its cards (``verdict``: :meth:`judge_claim`'s answer, when it
        was computed elsewhere, e.g. on a server's worker thread). A lone declarer's claim
        (solo or cicha) is certain when his hand is laid down from here — he wins whatever
        the others hold and play, knowing only what he has seen (RULES §7, 000 §7o); anyone
        else's when, in every layout of the cards he cannot see that fits what he has seen,
        no play from here can change the payout (:mod:`stolik.games.baska.claims`: the
        verdict never depends on hidden cards). A certain claim plays the deal out at once
        (the claimer's cards by the exact solver, the bots' by the bots, other people's by
        the solver); otherwise nothing changes.

        >>> s = Session.create("pucka-2019", deals=1, seed=1, opponents="random")
        >>> _ = s.advance_bots()
        >>> v = s.claim(0)
        >>> v.certain, v.code, v.reason
        (False, 'not-in-play', 'a claim is made only during the play (RULES §3)')
        """
        if verdict is None:
            verdict = self.judge_claim(seat)
        if verdict.certain:
            self.play_out(seat)
        return verdict

    def judge_claim(self, seat: int, deal: Deal | None = None) -> ClaimVerdict:
        """The verdict on ``seat``'s claim in ``deal`` (default: the current deal),
        changing nothing — safe to run on a clone in another thread (the search over the
        layouts the claimer cannot tell apart may take seconds early in the play)."""
        deal = self.deal if deal is None else deal
        if deal.phase != "play":
            return ClaimVerdict(False, "refused", "a claim is made only during the play "
                                "(RULES §3)", "not-in-play")
        if deal.to_act != seat:
            return ClaimVerdict(False, "refused", f"seat {seat} may claim only on its turn",
                                "not-your-turn")
        game = deal.game
        assert game is not None
        from stolik.games.baska.solver import deal_is_laid_down

        if game.contract.kind in ("solo", "cicha") and game.declarer == seat:
            if not deal_is_laid_down(deal):
                return ClaimVerdict(False, "refused", "not certain: some layout of the unseen "
                                    "cards and some defence beats you (RULES §7)",
                                    "not-laid-down")
            how: Literal["laid-down", "fixed"] = "laid-down"
            reason = "laid down: you win whatever the others hold and play (RULES §7)"
        else:
            # Judged on what the claimer can see, never on the hidden hands: every layout
            # he cannot tell from the real one, played on every way (hidden information).
            from stolik.games.baska.claims import claim_is_certain

            if not claim_is_certain(deal, seat):
                return ClaimVerdict(False, "refused", "not certain: the rest of the play can "
                                    "still change the result", "not-fixed")
            how = "fixed"
            reason = "certain: no play from here can change the result"
        return ClaimVerdict(True, how, reason, how)

    def play_out(self, claimer: int) -> list[MoveEvent]:
        """Play the current deal to its end: people's cards by the exact solver (best
        payout for their seat), bots' by their bots. Returns the moves."""
        out: list[MoveEvent] = []
        deal = self.deal
        while not deal.is_over and deal.phase == "play":
            seat = deal.to_act
            assert seat is not None
            if self.seats[seat].is_human:
                move: Move = best_card(deal, seat)
            else:
                move = self.bots[seat].act(deal.view(seat))
            number = len(self._finished) + 1
            self.apply(seat, move)
            out.append(MoveEvent(number, seat, move))
        return out

    # ------------------------------------------------------------ analysis

    def hint(self, seat: int, *, samples: int | None = None,
             rng: random.Random | None = None) -> Any:
        """``analysis.hint`` for ``seat``'s view: the best move and its expected payout
        (an object with ``.text()``); :class:`AnalysisUnavailable` if not installed."""
        mod = analysis_module()
        kw: dict[str, Any] = {"rng": rng or random.Random(self.seed), "rs": self.rs}
        if samples is not None:
            kw["samples"] = samples
        return mod.hint(self.view(seat), **kw)

    def review(self, seat: int, number: int | None = None, *, samples: int | None = None,
               rng: random.Random | None = None) -> list[Any]:
        """``analysis.review`` of ``seat``'s decisions in a settled deal (default: the
        last one): a list of objects with ``.text()``."""
        mod = analysis_module()
        fin = self._finished[(number or len(self._finished)) - 1]
        deal = replay_finished(self.rs, fin)
        kw: dict[str, Any] = {"rng": rng or random.Random(self.seed + fin.number)}
        if samples is not None:
            kw["samples"] = samples
        return list(mod.review(deal, seat, **kw))

    def finished_deal(self, number: int | None = None) -> Deal:
        """A settled deal as an engine :class:`Deal` (default: the last one)."""
        fin = self._finished[(number or len(self._finished)) - 1]
        return replay_finished(self.rs, fin)


def replay_finished(rs: Ruleset, fin: FinishedDeal) -> Deal:
    """The engine deal of a settled deal, replayed from its record."""
    from stolik.games.baska.record import replay_deal

    return replay_deal(rs, fin.record, fin.number, bok_deal=fin.bok_deal)


def best_card(deal: Deal, seat: int) -> int:
    """The legal card of ``seat`` (to play now) with the best exact payout for that seat
    when everyone then plays for his side's payout (ties: the first card as held)."""
    from stolik.games.baska.solver import best_payout

    best, best_value = -1, -10**9
    for card in deal.legal_cards():
        trial = deal.clone()
        trial.play(card)
        value = best_payout(trial)[seat]
        if value > best_value:
            best, best_value = card, value
    return best


def outcome_is_fixed(deal: Deal) -> bool:
    """Whether every way of playing the deal on from here gives the same payout
    (exhaustive search over the legal cards; the declaring side's points and tricks are
    all that the payout depends on).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> d = Deal.from_text(load_ruleset("pucka-2019"), dealer=0, hands=[
    ...     "AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    >>> for c in ["pass"] * 4:
    ...     d.call(c)
    >>> outcome_is_fixed(d)
    False
    """
    game = deal.game
    if game is None:
        return False
    if deal.is_over:
        return True
    order = deal.order
    team_mask = 0
    for s in game.team:
        team_mask |= 1 << s
    memo: dict[tuple[Any, ...], frozenset[tuple[int, int]]] = {}

    def gains(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], ws: int,
              wc: int) -> frozenset[tuple[int, int]]:
        """The (points, tricks) the team can still gain, every way it can go."""
        key = (hands, leader, trick, ws, wc)
        hit = memo.get(key)
        if hit is not None:
            return hit
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if not hand and not trick:
            return frozenset({(0, 0)})
        legal = order.legal(hand, trick[0], wc) if trick else hand
        out: set[tuple[int, int]] = set()
        for card in DECK.cards_of(legal):
            nh = list(hands)
            nh[seat] &= ~(1 << card)
            nws, nwc = (seat, card) if not trick or order.beats[wc] >> card & 1 else (ws, wc)
            nt = (*trick, card)
            if len(nt) == 4:
                pts = sum(CARD_POINTS[c] for c in nt)
                mine = bool(team_mask >> nws & 1)
                for p, t in gains(tuple(nh), nws, (), 0, 0):
                    out.add((p + pts * mine, t + mine))
            else:
                out |= gains(tuple(nh), leader, nt, nws, nwc)
        result = frozenset(out)
        memo[key] = result
        return result

    trick = tuple(c for _, c in deal.trick)
    leader = deal.trick[0][0] if deal.trick else deal.to_act
    assert leader is not None
    ws, wc = 0, 0
    if deal.trick:
        cards = [c for _, c in deal.trick]
        w = order.trick_winner(cards)
        ws, wc = deal.trick[w]
    have_p = sum(deal.points[s] for s in game.team)
    have_t = sum(deal.tricks[s] for s in game.team)
    outcomes = gains(deal.hands, leader, trick, ws, wc)
    seat = game.team[0]
    other = next(s for s in range(4) if s not in game.team)
    payouts = set()
    for p, t in outcomes:
        pts, trs = [0, 0, 0, 0], [0, 0, 0, 0]
        pts[seat], pts[other] = have_p + p, 104 - have_p - p
        trs[seat], trs[other] = have_t + t, 4 - have_t - t
        payouts.add(score(deal.rs, game, pts, trs, bok_deal=deal.bok_deal).payout)
        if len(payouts) > 1:
            return False
    return True
