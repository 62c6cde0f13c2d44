"""The ``pimc`` bot: Perfect Information Monte Carlo over the layouts a seat cannot rule out.

For a decision the bot draws layouts of the unseen cards uniformly among those consistent
with its :class:`~stolik.games.baska.state.SeatView`
(:func:`~stolik.games.baska.inference.sample_layouts`), solves each one exactly with the
double-dummy solver (:class:`~stolik.solver.TrickSolver`), and picks the move with the best
average **payout** of its own seat (RULES §7) — not raw card points: 53, wyjście, bez bitki
and du all count, because the solver minimaxes the seat's payout table.

* **Cards.** For each legal card and layout: the seat's payout when that card is played and
  both sides then play perfectly (the side of each seat is read off the layout: who holds
  the black queens, the wesele partner card).
* **Calls.** For each legal call and layout: the seat's payout if the auction closed right
  after it (everybody else passes) and the deal were played double-dummy from the first
  lead. So ``pass`` with both black queens is worth the cicha, a contract its solo, an honour
  its sure win, a doubling its doubled stakes.

* **Inference** (``infer=True``, issue 27.1): :data:`OVERSAMPLE` times the layouts are
  drawn uniformly and resampled by how likely the other seats' calls and cards are on each
  under the heuristic as a policy (:mod:`~stolik.games.baska.policy_model`); the layouts
  drawn twice are solved once. Off by default.

Positions go to the solver as masks — no :class:`~stolik.games.baska.state.Deal` is built —
and the solvers are shared (one per card order), so their transposition tables serve every
decision.

>>> import random
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> deal = Deal.from_text(load_ruleset("pucka-2019"), 0,
...                       ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
>>> for c in ["pass"] * 4:
...     deal.call(c)
>>> ev = evaluate(deal.view(1), sample(deal.view(1), 50, random.Random(1)))
>>> ev.seat, ev.layouts, len(ev.moves) == len(deal.view(1).legal_cards)
(1, 50, True)
>>> bot = PimcBot(seed=1, samples=50)
>>> bot.act(deal.view(1)) in deal.view(1).legal_cards
True
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from stolik.games.baska.bots.base import BOTS, BotError, Move, RulesetSource, check_turn
from stolik.games.baska.calls import PASS, Call, parse_call
from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.inference import Layout, sample_layouts
from stolik.games.baska.ruleset import Contract, Ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING, Game, count_doublings, score
from stolik.games.baska.solver import points_solver, seat_payout_table
from stolik.games.baska.state import SeatView
from stolik.solver.search import TrickSolver, UtilityTable
from stolik.tricks import CardOrder

DEFAULT_SAMPLES = 200
"""Layouts per decision of the ``pimc`` bot."""

FAST_SAMPLES = 40
"""Layouts per decision of the ``pimc-fast`` bot."""

MIN_LAYOUTS = 8
"""Layouts always evaluated, even past a time limit."""

OVERSAMPLE = 1
"""With inference: uniform candidates drawn per layout kept (module notes)."""


# ---------------------------------------------------------------- what the view fixes


@dataclass(frozen=True)
class _Auction:
    """The auction as the view shows it: the highest contract (None: nobody bid), its
    declarer, the doublings and the seat of the first doubling on it."""

    contract: Contract | None
    declarer: int | None
    doublers: tuple[int, ...]
    """The seats of the doubling calls on it, in order (RULES §4: which of them count
    depends on the sides, so on the layout)."""


def _auction_of(calls: Sequence[tuple[int, str]], rs: Ruleset) -> _Auction:
    contract: Contract | None = None
    declarer: int | None = None
    doublers: tuple[int, ...] = ()
    for seat, text in calls:
        call = parse_call(text, rs)
        if call.kind == "contract":
            assert call.contract is not None
            contract, declarer, doublers = rs.contract(call.contract), seat, ()
        elif call.kind == "double":
            doublers = (*doublers, seat)
    return _Auction(contract, declarer, doublers)


def _after(a: _Auction, call: Call, seat: int, rs: Ruleset) -> _Auction:
    """The auction once ``seat`` has made ``call``."""
    if call.kind == "contract":
        assert call.contract is not None
        return _Auction(rs.contract(call.contract), seat, ())
    if call.kind == "double":
        return _Auction(a.contract, a.declarer, (*a.doublers, seat))
    return a


def _game(rs: Ruleset, a: _Auction, initial: Layout) -> Game:
    """The game the auction ``a`` produces for the dealt hands ``initial`` (RULES §4)."""
    starzy = rs.plain.starzy
    partner: int | None = None
    team: tuple[int, ...]
    if a.contract is None:
        lone = next((s for s in range(4) if initial[s] & starzy == starzy), None)
        if lone is not None:
            contract, declarer, team = rs.cicha, lone, (lone,)
        else:
            contract, declarer = rs.zwykla, None
            team = tuple(s for s in range(4) if initial[s] & starzy)
    else:
        contract, declarer = a.contract, a.declarer
        assert declarer is not None
        if contract.kind == "wesele":
            card = next(c for c in contract.partner_cards if not initial[declarer] >> c & 1)
            partner = next(s for s in range(4) if initial[s] >> card & 1)
            team = tuple(sorted((declarer, partner)))
        else:
            team = (declarer,)
    level, first, _ = count_doublings(
        contract, [DECLARING if s in team else OPPOSING for s in a.doublers])
    return Game(contract, declarer, team, level, first, partner)


@lru_cache(maxsize=4096)
def _seat_table(rs: Ruleset, game: Game, seat: int) -> tuple[tuple[int, ...], UtilityTable]:
    """The seats of ``seat``'s side, and ``table[p, t]``: ``seat``'s payout when his side
    ends the play with p card points and t tricks
    (:func:`~stolik.games.baska.solver.seat_payout_table`)."""
    mine = game.side_of(seat)
    side = tuple(s for s in range(4) if game.side_of(s) == mine)
    return side, seat_payout_table(rs, game, seat)


# ---------------------------------------------------------------- the play so far


@dataclass(frozen=True)
class _Play:
    """The play as the view shows it: cards played per seat, card points and tricks taken
    per seat, the trick on the table and its leader (the seat to play when it is empty)."""

    played: Layout
    points: Layout
    tricks: Layout
    trick: tuple[int, ...]
    leader: int


def _play_of(view: SeatView, order: CardOrder) -> _Play:
    played = [0, 0, 0, 0]
    pts = [0, 0, 0, 0]
    trs = [0, 0, 0, 0]
    trick: list[tuple[int, int]] = []
    for seat, card in view.plays:
        played[seat] |= 1 << card
        trick.append((seat, card))
        if len(trick) == 4:
            win = trick[order.trick_winner([c for _, c in trick])][0]
            pts[win] += sum(CARD_POINTS[c] for _, c in trick)
            trs[win] += 1
            trick = []
    first = view.to_act if view.to_act is not None else view.seat
    leader = trick[0][0] if trick else first
    return _Play(_four(played), _four(pts), _four(trs), tuple(c for _, c in trick), leader)


def _four(v: Sequence[int]) -> Layout:
    return (v[0], v[1], v[2], v[3])


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class Evaluation:
    """Each legal move of ``seat`` with its expected payout for the seat over ``layouts``
    evaluated layouts (duplicates counted), best first; ``spread[i]`` is the standard error of
    ``payouts[i]`` (0 with one layout)."""

    seat: int
    phase: str
    moves: tuple[Move, ...]
    payouts: tuple[float, ...]
    spread: tuple[float, ...]
    layouts: int

    @property
    def best(self) -> Move:
        """The move with the highest expected payout."""
        return self.moves[0]

    def payout_of(self, move: Move) -> float:
        """The expected payout of one of the evaluated moves."""
        return self.payouts[self.moves.index(move)]


def sample(view: SeatView, n: int, rng: random.Random, rs: Ruleset | None = None
           ) -> list[Layout]:
    """``n`` layouts (current hands of all seats) uniformly among those consistent with the
    view (:func:`~stolik.games.baska.inference.sample_layouts`)."""
    return sample_layouts(view, n, rng, rs)


def inferred(view: SeatView, n: int, rng: random.Random, rs: Ruleset) -> list[Layout]:
    """``n`` layouts weighted by the others' calls and cards (module notes): resampled from
    ``OVERSAMPLE × n`` drawn uniformly among those that honour the public laid-down
    announcements (RULES §7, :func:`~stolik.games.baska.inference.public_draws`)."""
    from stolik.bots.inference import weighted_layouts
    from stolik.games.baska.inference import public_draws
    from stolik.games.baska.policy_model import CallModel

    candidates = public_draws(view, rs)(OVERSAMPLE * n, rng)
    return weighted_layouts(candidates, partial(CallModel(rs).log_weight, view), n, rng,
                            key=lambda lay: lay)


def evaluate(view: SeatView, layouts: Sequence[Layout], *, rs: Ruleset | None = None,
             deadline: float | None = None) -> Evaluation:
    """The expected payout of each legal move of the view's seat over ``layouts`` (each a
    possible set of current hands: the seat's own hand must be its own). ``deadline``
    (a :func:`time.perf_counter` value) stops after the layout that passes it (at least
    :data:`MIN_LAYOUTS` are taken)."""
    rs = rs or RulesetSource().get(view.ruleset)
    if view.to_act != view.seat or not (view.legal_calls or view.legal_cards):
        raise BotError(f"seat {view.seat} has no move to make now")
    if not layouts:
        raise ValueError("evaluate needs at least one layout")
    moves: tuple[Move, ...] = (
        tuple(view.legal_calls) if view.phase == "auction" else tuple(view.legal_cards))
    counts = Counter(layouts)
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    total = 0
    auction = _auction_of(view.calls, rs)
    play = _play_of(view, _order(rs, auction))
    plan = _call_plan(rs, view.seat, view.dealer, view.calls, moves) \
        if view.phase == "auction" else None
    for layout, weight in counts.items():
        if plan is not None:
            values = plan.values(layout)
        else:
            initial = _four([layout[s] | play.played[s] for s in range(4)])
            values = _card_values(view, rs, auction, play, initial, layout, moves)
        for i, v in enumerate(values):
            sums[i] += weight * v
            squares[i] += weight * v * v
        total += weight
        if deadline is not None and total >= MIN_LAYOUTS and time.perf_counter() > deadline:
            break
    means = [s / total for s in sums]
    spread = [((max(q / total - m * m, 0.0)) / total) ** 0.5 if total > 1 else 0.0
              for q, m in zip(squares, means, strict=True)]
    rank = sorted(range(len(moves)), key=lambda i: (-means[i], _tiebreak(moves[i]), i))
    return Evaluation(view.seat, view.phase, tuple(moves[i] for i in rank),
                      tuple(means[i] for i in rank), tuple(spread[i] for i in rank), total)


def _tiebreak(move: Move) -> int:
    """Among moves worth the same: pass before any bid or doubling, the cheaper card
    (fewer points given away) first."""
    if isinstance(move, Call):
        return 0 if move == PASS else 1
    return CARD_POINTS[move]


def _order(rs: Ruleset, a: _Auction) -> CardOrder:
    return rs.order_of(a.contract if a.contract is not None else rs.zwykla)


def _card_values(view: SeatView, rs: Ruleset, a: _Auction, play: _Play, initial: Layout,
                 layout: Layout, cards: Sequence[Move]) -> list[int]:
    """The seat's payout for each card in one layout, both sides then playing perfectly."""
    me = view.seat
    game = _game(rs, a, initial)
    side, table = _seat_table(rs, game, me)
    order = rs.order_of(game.contract)
    solver = points_solver(order)
    p0 = sum(play.points[s] for s in side)
    t0 = sum(play.tricks[s] for s in side)
    vals = solver.card_utilities(layout, leader=play.leader, team=side, table=table,
                                 trick=play.trick, points=p0, tricks=t0)
    return [vals[c] for c in cards if isinstance(c, int)]


@lru_cache(maxsize=1024)
def _call_plan(rs: Ruleset, seat: int, dealer: int, calls: tuple[tuple[int, str], ...],
               moves: tuple[Move, ...]) -> _CallPlan:
    """The :class:`_CallPlan` of a call decision, kept: every view with these calls heard
    and these legal calls shares it (the expert's rollouts ask the same seat the same
    question on many layouts)."""
    return _CallPlan(seat, dealer, rs, _auction_of(calls, rs), moves)


class _CallPlan:
    """The seat's payout for each legal call on a layout if the auction closed after it
    and the deal were played double-dummy from the first lead.

    What every layout of one decision shares is worked out once: the auction after each
    call, and the cards whose holders fix its sides (RULES §4: the starzy when nobody bid,
    a wesele's partner cards; none for a solo). The calls' games on a layout, and so the
    searches to make, are looked up by who holds those cards; a layout's distinct games
    are solved from one checked position (:meth:`~stolik.solver.TrickSolver.utilities`)."""

    def __init__(self, seat: int, dealer: int, rs: Ruleset, a: _Auction,
                 calls: Sequence[Move]) -> None:
        self.rs = rs
        self.seat = seat
        self.forehand = (dealer + 1) % 4
        self.afters: list[_Auction] = []
        self.cards = 0
        for call in calls:
            assert isinstance(call, Call)
            after = _after(a, call, seat, rs)
            self.afters.append(after)
            self.cards |= _side_cards(rs, after)
        self.plans: dict[tuple[int, ...], _LayoutPlan] = {}

    def values(self, layout: Layout) -> list[int]:
        """Each call's payout for the seat on ``layout`` (the dealt hands)."""
        cards = self.cards
        key = (layout[0] & cards, layout[1] & cards, layout[2] & cards, layout[3] & cards)
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = self._plan(layout)
        out = list(plan.fixed)
        for solver, jobs, places in plan.searches:
            for v, at in zip(solver.utilities(layout, leader=self.forehand, jobs=jobs),
                             places, strict=True):
                for i in at:
                    out[i] = v
        return out

    def _plan(self, layout: Layout) -> _LayoutPlan:
        """The searches for the layouts whose key cards lie as in ``layout``."""
        games: dict[Game, list[int]] = {}
        for i, after in enumerate(self.afters):
            games.setdefault(_game(self.rs, after, layout), []).append(i)
        fixed = [0] * len(self.afters)
        by_order: dict[CardOrder, tuple[list[tuple[tuple[int, ...], UtilityTable]],
                                        list[tuple[int, ...]]]] = {}
        for game, at in games.items():
            if game.contract.kind == "honour":
                for i in at:
                    fixed[i] = _honour(self.rs, game, self.seat)
                continue
            jobs, places = by_order.setdefault(self.rs.order_of(game.contract), ([], []))
            jobs.append(_seat_table(self.rs, game, self.seat))
            places.append(tuple(at))
        return _LayoutPlan(tuple(fixed), tuple(
            (points_solver(order), jobs, places) for order, (jobs, places) in by_order.items()))


@dataclass(frozen=True)
class _LayoutPlan:
    """The payouts fixed without play (honours; 0 elsewhere) and, per solver, the
    searches to make and the calls each one values."""

    fixed: tuple[int, ...]
    searches: tuple[tuple[TrickSolver, list[tuple[tuple[int, ...], UtilityTable]],
                          list[tuple[int, ...]]], ...]


def _side_cards(rs: Ruleset, a: _Auction) -> int:
    """The cards whose holders fix the sides of the game ``a`` leads to (:func:`_game`):
    the starzy when nobody bid (the plain game or a cicha), every partner card of a wesele
    (which one is the partner's depends on the declarer's hand), none otherwise."""
    if a.contract is None:
        return rs.plain.starzy
    if a.contract.kind == "wesele":
        return DECK.mask_of(a.contract.partner_cards)
    return 0


def _honour(rs: Ruleset, game: Game, seat: int) -> int:
    return score(rs, game, (0, 0, 0, 0), (0, 0, 0, 0)).payout[seat]


# ---------------------------------------------------------------- the bot


@BOTS.register("pimc", f"Perfect Information Monte Carlo: solves {DEFAULT_SAMPLES} layouts of "
               "the unseen cards exactly per decision and plays the best average payout")
class PimcBot:
    """PIMC player. ``samples``: layouts per card decision; ``call_samples``: per auction
    decision (default: ``samples``); ``time_limit``: seconds per decision, stopping early
    (then the move depends on the machine's speed, not only on the seed); ``infer``: the
    layouts weighted by the others' calls and cards (module notes)."""

    name = "pimc"

    def __init__(self, *, seed: int | None = None, ruleset: Ruleset | None = None,
                 samples: int = DEFAULT_SAMPLES, call_samples: int | None = None,
                 time_limit: float | None = None, infer: bool = False) -> None:
        if samples < 1 or (call_samples is not None and call_samples < 1):
            raise BotError("pimc needs at least one layout per decision")
        self.rng = random.Random(seed)
        self.source = RulesetSource(ruleset)
        self.samples = samples
        self.call_samples = call_samples if call_samples is not None else samples
        self.time_limit = time_limit
        self.infer = infer
        self.last: Evaluation | None = None
        """The evaluation behind the last move :meth:`act` chose (None when it was forced)."""
        self._last_view: SeatView | None = None

    def evaluate(self, view: SeatView) -> Evaluation:
        """Every legal move with its expected payout (see :func:`evaluate`)."""
        check_turn(view)
        rs = self.source.get(view.ruleset)
        n = self.call_samples if view.phase == "auction" else self.samples
        start = time.perf_counter()
        if self.infer:
            layouts = inferred(view, n, self.rng, rs)
        else:
            layouts = sample_layouts(view, n, self.rng, rs)
        deadline = None if self.time_limit is None else start + self.time_limit
        return evaluate(view, layouts, rs=rs, deadline=deadline)

    def act(self, view: SeatView) -> Move:
        """The legal move with the best expected payout (a single legal move at once)."""
        check_turn(view)
        legal = view.legal_calls if view.phase == "auction" else view.legal_cards
        self._last_view = view
        if len(legal) == 1:
            self.last = None
            return legal[0]
        self.last = self.evaluate(view)
        return self.last.best

    def explain(self, view: SeatView) -> str:
        """Why: the move's expected payout against the next best, over how many layouts
        (the evaluation of the last :meth:`act` when it was on this view)."""
        rs = self.source.get(view.ruleset)
        if self._last_view is view:
            if self.last is None:
                return "the only legal move"
            return describe(self.last, rs)
        return describe(self.evaluate(view), rs)


def move_text(move: Move, rs: Ruleset) -> str:
    """A call in the ruleset's words, a card as ``A♥``."""
    return move.text(rs) if isinstance(move, Call) else DECK.name(move)


def describe(ev: Evaluation, rs: Ruleset) -> str:
    """One line: the best move, its expected payout and the runner-up's."""
    best = move_text(ev.best, rs)
    line = f"{best}: expected payout {ev.payouts[0]:+.2f}"
    if len(ev.moves) > 1:
        line += (f", next best {move_text(ev.moves[1], rs)} {ev.payouts[1]:+.2f}")
    return line + f" (over {ev.layouts} layout{'s' if ev.layouts != 1 else ''})"


@BOTS.register("pimc-fast", f"PIMC with {FAST_SAMPLES} layouts per decision (quicker, weaker)")
class FastPimcBot(PimcBot):
    """:class:`PimcBot` with :data:`FAST_SAMPLES` layouts per decision."""

    name = "pimc-fast"

    def __init__(self, *, seed: int | None = None, ruleset: Ruleset | None = None,
                 samples: int = FAST_SAMPLES, call_samples: int | None = None,
                 time_limit: float | None = None, infer: bool = False) -> None:
        super().__init__(seed=seed, ruleset=ruleset, samples=samples,
                         call_samples=call_samples, time_limit=time_limit, infer=infer)


__all__ = ["DEFAULT_SAMPLES", "FAST_SAMPLES", "MIN_LAYOUTS", "OVERSAMPLE", "Evaluation",
           "FastPimcBot", "PimcBot", "describe", "evaluate", "inferred", "move_text", "sample"]
