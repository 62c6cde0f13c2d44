"""Mariáš's ``web`` part — Mariáš čtyřka at a web table: a series of
:class:`~stolik.games.marias.state.Deal` behind the :class:`~stolik.web.play.game.Match`
interface. The web play layer finds it as :data:`Kind`; the messages each seat receives
are built in :mod:`stolik.games.marias.web_view` from that seat's
:class:`~stolik.games.marias.view.SeatView` only.

Moves travel as records write them (MARIAS §11): ``trump=7A call=AA``, ``dobry``,
``sto sedma``, ``flek hra``, ``pass``, a card ``KH``; a lay-down is logged as ``claim``.
Money is in haléř, shown in Kč. MARIAS §9: a series is deals with the dealer moving
clockwise, the running money per player is the sheet, and there are no place points.

>>> kind = MariasKind()
>>> cfg = kind.check_config({"deals": 1, "seed": 3})
>>> seats = [SeatSpec(name="Ala"), *(SeatSpec(bot="heuristic", name=f"bot {i}")
...                                  for i in (1, 2, 3))]
>>> moves = []
>>> m = kind.new_match(cfg, seats, moves.append)
>>> m.to_act(), m.is_bot(1)
(1, True)
>>> m.apply(1, m.bot_move(1))
>>> moves[0].seat, moves[0].move.startswith("trump=")
(1, True)
>>> m.why_not(2, "flek hra")
"seat 2 cannot say 'flek hra' now: allowed dobry, betl, durch (MARIAS §4.2)"
>>> m.state(None, "en")["deal"]["hand"], len(m.state(0, "en")["deal"]["hand"])
([], 8)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from stolik.errors import IllegalMove
from stolik.games.marias.bots import RandomBot, available_bots
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import ASCII_NAMES, NAMES
from stolik.games.marias.heuristic import HeuristicBot
from stolik.games.marias.hint import deal_hint, replayed
from stolik.games.marias.pimc import PimcBot
from stolik.games.marias.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    load_ruleset,
)
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.web_text import call_label, money, t
from stolik.games.marias.web_view import deal_message, reveal, sheet
from stolik.i18n import Msg
from stolik.web.play.dealing import derived_seed
from stolik.web.play.game import MAX_DEALS, Message, Played, SeatSpec, check_seats, table_config
from stolik.web.play.series_match import DealSeries, lobby_options

DEFAULT_DEALS = 8
"""A series' length when the lobby names none (MARIAS §9 plays until the round's time is
up; a web table counts deals instead)."""

FORCED = ("nic", "pass")
"""The calls a person's seat makes without a click when they are its only legal move
(issue 25.9): nothing to announce, a pass (MARIAS §4)."""

CLAIM = "claim"
"""The op-log word of a lay-down (MARIAS §4.7, §11)."""


def move_text(move: Move, rs: Ruleset) -> str:
    """A move as the protocol and the op log write it (MARIAS §11)."""
    return ASCII_NAMES[move] if isinstance(move, int) else move.text(rs.flek_names)


@dataclass(frozen=True)
class ClaimVerdict:
    """A lay-down judged on a copy of the deal: ``code`` is a ``play-claim-…`` verdict;
    ``deal`` the copy with the lay-down made, when it stands."""

    code: str
    version: int
    deal: Deal | None = None


class MariasKind:
    """Mariáš for the lobby: rulesets, bots, series lengths."""

    name = "marias"
    places = False
    """MARIAS §9: no place points; money is the result."""

    def total_text(self, total: int) -> str:
        """Money in Kč (MARIAS §6).

        >>> MariasKind().total_text(-150)
        '-1,50 Kč'
        """
        return money(total)

    def warm_up(self) -> None:
        """Load what a table's first bot move, review and claim would: the bots, the
        review and the solver's compiled kernels (issue 24.3; the first review of a fresh
        server took 32 s)."""
        import stolik.games.marias.claims
        import stolik.games.marias.record
        import stolik.games.marias.web_review  # noqa: F401
        from stolik.games.marias.solver import warm_up

        warm_up()

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices."""
        return lobby_options(available_rulesets(), lambda r: load_ruleset(r).name,
                             DEFAULT_RULESET, available_bots(), [1, 4, 8, 12, 16, 24, 32],
                             MAX_DEALS)

    def first_dealer_for(self, seat: int) -> int:
        """The first dealer of a lobby's table set by the person at ``seat``: the seat to
        his right, so that he is the chooser (forhont, left of the dealer) who picks trumps
        in the first deal — at a one-deal table he would otherwise only ever deal (issue
        25.9, MARIAS §4.1, §9).

        >>> MariasKind().first_dealer_for(0), MariasKind().first_dealer_for(2)
        (3, 1)
        """
        return (seat - 1) % 4

    def check_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized configuration: ruleset, deals, seed, first dealer, hints.

        >>> MariasKind().check_config({"ruleset": "ctyrka", "deals": "4", "seed": 5})
        {'ruleset': 'ctyrka', 'deals': 4, 'seed': 5, 'first_dealer': 0, 'hints': False}
        >>> MariasKind().check_config({"deals": 65})
        Traceback (most recent call last):
        ...
        stolik.web.play.game.ConfigError: a series has 1 to 64 deals, not 65
        """
        return table_config(config, available_rulesets(), DEFAULT_RULESET,
                            lambda rs_id: DEFAULT_DEALS)

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """MARIAS §9: no place points — money is the result; the history shows it in Kč.

        >>> MariasKind().place_points({}, (150, -150, 0, 0))
        (1.5, -1.5, 0.0, 0.0)
        """
        return tuple(x / 100 for x in totals)

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> MariasMatch:
        """A fresh series dealt from the configuration's seed."""
        cfg = self.check_config(config)
        check_seats(seats, 4, available_bots(), Msg("err-cfg-four-seats-marias",
                                                    "a Mariáš table has four seats"))
        return MariasMatch(load_ruleset(cfg["ruleset"]), seats, on_move, deals=cfg["deals"],
                           first_dealer=cfg["first_dealer"], seed=cfg["seed"])


class MariasMatch(DealSeries[Ruleset, Deal, DealResult]):
    """One Mariáš series at a web table (seats, dealing, settled deals:
    :class:`~stolik.web.play.series_match.DealSeries`)."""

    seats = 4
    over = Msg("err-series-over-marias", "the series is over (MARIAS §9)")
    next_first = Msg("err-next-deal-first-marias",
                     "the deal is over: the next deal comes first (MARIAS §9)")
    refused = (IllegalMove,)

    def __init__(self, rs: Ruleset, seats: list[SeatSpec], on_move: Callable[[Played], None],
                 *, deals: int, first_dealer: int, seed: int | str) -> None:
        super().__init__(rs, seats, on_move, deals=deals, first_dealer=first_dealer, seed=seed)
        self._seen = [0, 0, 0, 0]
        """What each heuristic bot has seen of this deal's tricks (its memory, kept here so
        that a bot's move is a function of the table: a restart replays it)."""
        self._remember()

    def new_deal(self, dealer: int) -> Deal:
        """A deal from the table's dealing (MARIAS §2)."""
        return Deal.random(self.rs, dealer, self._rng)

    # ------------------------------------------------------------ driving

    def forced_move(self, seat: int) -> str | None:
        """A person's forced move (issue 25.9): his only legal call, when it is ``nic``
        (nothing to announce) or ``pass`` — made for him by the table, as the terminal's
        Enter alone makes it (MARIAS §4); None otherwise (a bot's seat, another's turn, a
        choice, a duty such as the trhák's flek, a card).

        Only at a table where every other seat is a bot: whether a call is forced depends on
        the hand (the trump seven, the marriages) and on the hidden partner (MARIAS §4.3), so
        an instant call beside one a person thinks over would tell another person, or his
        spectator, what the rules hide — the partner who holds the seven is the one who
        does not answer at once (MARIAS §3, seed 002 §9). Among people every call is clicked.

        >>> m = MariasKind().new_match({"seed": 1}, [SeatSpec(name="Ala")] * 4, print)
        >>> [m.forced_move(s) for s in range(4)]
        [None, None, None, None]
        """
        if self.is_bot(seat) or self.deal.is_over or self.deal.to_act != seat:
            return None
        if any(not self.is_bot(other) for other in range(len(self.bots)) if other != seat):
            return None  # another person watches the table: no timing tells him a thing
        legal = self.deal.legal_moves()
        if len(legal) == 1 and isinstance(legal[0], Call) and legal[0].word in FORCED:
            return move_text(legal[0], self.rs)
        return None

    def bot_move(self, seat: int) -> str:
        """The seat's bot's choice on its own views (pure: the bot is made afresh, and a
        searching bot is told what the seat saw of the deal's play so far)."""
        view = self.deal.view(seat)
        kind = self.bots[seat]
        if kind == "heuristic":
            bot = HeuristicBot()
            bot.memory.seen = self._seen[seat]
            return move_text(bot.choose(view), self.rs)
        seed = self.bot_seed(seat)
        if kind == "random":
            return move_text(RandomBot(random.Random(seed)).choose(view), self.rs)
        from stolik.games.marias.bots import make_bot  # any other kind the game offers

        other: Any = make_bot(str(kind), seed=seed, ruleset=self.rs)
        pimc = getattr(other, "pimc", other)  # the expert plays its cards by a pimc bot
        if isinstance(pimc, PimcBot):
            # Made afresh, the bot would know of the play only the trick its view shows
            # (MARIAS §9): its layouts could not be drawn and it played the heuristic's
            # card. It is given what the seat saw at each move of the deal, from its own
            # views (hint.replayed), as a bot that sat through the deal has.
            again, memory = replayed(self.deal)
            pimc.seen = memory.seen[seat]
            pimc.heuristic.memory.seen = copy.deepcopy(self._seen[seat])
            view = again.view(seat)
        return move_text(other.choose(view), self.rs)

    def _remember(self) -> None:
        """Each seat's memory of the tricks it saw (its views only), for the heuristic
        bot."""
        for s in range(4):
            bot = HeuristicBot()
            bot.memory.seen = self._seen[s]
            bot.memory.update(self.deal.view(s))
            self._seen[s] = bot.memory.seen

    def precheck(self, seat: int, move: str) -> Msg | None:
        """A lay-down is the button's, not a move (MARIAS §4.7)."""
        if move.strip().lower() == CLAIM:
            return Msg("err-claim-button", "cards are laid down with the lay-down button, "
                       "not as a move (MARIAS §4.7)")
        return None

    def make(self, seat: int, move: str) -> None:
        """Make a checked move (``claim``: the lay-down, when replaying the op log)."""
        if move == CLAIM:
            self.deal.claim(seat)
        else:
            self.deal.move(move)

    def after_move(self) -> None:
        """The deal settled once over; each seat's memory of the tricks it saw."""
        self.settle()
        self._remember()

    def seen_move(self, seat: int | None, played: Played) -> str:
        """A move as ``seat`` (None: a spectator) may read it: the chooser's trump card is
        laid face down (MARIAS §4.1), so the others read his choice as the called card
        alone (``call=AA``; its suit is the trumps); every other move as it was made.

        >>> m = MariasKind().new_match(MariasKind().check_config({"deals": 1, "seed": 3}),
        ...     [SeatSpec(name=f"P{i}") for i in range(4)], lambda p: None)
        >>> choice = Played(1, "trump=7A call=AA")
        >>> m.seen_move(2, choice), m.seen_move(None, choice), m.seen_move(1, choice)
        ('call=AA', 'call=AA', 'trump=7A call=AA')
        """
        if played.seat != seat and played.move.startswith("trump="):
            return " ".join(w for w in played.move.split() if not w.startswith("trump="))
        return played.move

    def next_deal(self) -> None:
        """Deal the next hand, the dealer one seat clockwise (MARIAS §9)."""
        super().next_deal()
        self._seen = [0, 0, 0, 0]
        self._remember()

    def payout(self, result: DealResult) -> tuple[int, ...]:
        """Money by seat (haléř)."""
        return result.payouts

    # ------------------------------------------------------------ claims, hints, review

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """The lay-down judged on a copy of the deal, by the engine's own
        :meth:`Deal.claim <stolik.games.marias.state.Deal.claim>` — which asks the claims
        module (:mod:`stolik.games.marias.claims`) — so the verdict is the one the table
        would reach (MARIAS §4.7)."""
        deal = self.deal.clone()
        version = len(deal.log)

        def judge() -> ClaimVerdict:
            if deal.phase != "play":
                return ClaimVerdict("not-in-play", version)
            if deal.to_act != seat:
                return ClaimVerdict("not-your-turn", version)
            try:
                deal.claim(seat)
            except IllegalMove:
                return ClaimVerdict("too-early", version)
            if deal.pos.end != "claim":  # the engine's verdict: a false lay-down
                return ClaimVerdict("not-fixed", version)
            return ClaimVerdict("fixed", version, deal)
        return judge

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """``seat`` lays its cards down: accepted when no continuation changes the money
        (the deal ends so); one that could still change it is refused here, not punished —
        a web table plays on, where a paper table would call it a renonc (MARIAS §4.7)."""
        if not isinstance(verdict, ClaimVerdict) or verdict.version != len(self.deal.log):
            verdict = self.claim_judge(seat)()
        assert isinstance(verdict, ClaimVerdict)
        if verdict.code != "fixed" or verdict.deal is None:
            return False, verdict.code
        self.deal = verdict.deal  # the copy it was judged on, the lay-down made
        self._on_move(Played(seat, CLAIM))
        self.after_move()
        return True, "fixed"

    def hint(self, seat: int, lang: str) -> str:
        """What the strongest bot, expert, would do on this seat's view
        (:mod:`stolik.games.marias.hint`: its views only, seeded by the table's seed and
        the position, within a node budget — it runs on a worker thread): a card or a call,
        each by its search."""
        seed = derived_seed(self.seed, f"hint {seat} {self.number} {len(self.deal.log)}")
        move = deal_hint(self.deal, seat, seed)
        if isinstance(move, int):
            return t(lang, Msg("play-mar-hint", "The strongest bot (expert, which plays out "
                               "deals that fit what you have seen) would play: {move}",
                               move=NAMES[move]))
        return t(lang, Msg("play-mar-hint-call", "The strongest bot (expert, which weighs "
                           "each call over deals that fit what you have heard) would say: "
                           "{move}", move=call_label(move, self.rs, lang)))

    def review(self, seat: int, lang: str) -> list[str]:
        """The seat's cards in the last settled deal checked by the exact solver with every
        hand open (double dummy: it knows cards the seat could not see), MARIAS §5–§6."""
        from stolik.games.marias.web_review import review

        return self.last_review(review, seat, lang)

    def record(self) -> str:
        """The series record as TOML (MARIAS §11); the seed is named once it is over."""
        from stolik.games.marias.record import SeriesRecord, dumps_record, record_of

        return dumps_record(SeriesRecord(self.rs, tuple(map(record_of, self.deals())),
                                         tuple(self.names), self.meta()))

    # ------------------------------------------------------------ messages

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` may see (None: a spectator): the deal from its SeatView (a
        spectator's from what every seat sees), the sheet in Kč, and the reveal of a
        settled deal."""
        totals = self.totals()
        over = self.is_over()
        number = self.number
        msg: Message = {
            "game": "marias", "ruleset": self.rs.id, "deals": self.length,
            "players": list(self.names), "bots": list(self.bots),
            "deal": deal_message(self.deal, seat, number, self.names, lang),
            "sheet": sheet(self.finished, self.rs, self.names, lang),
            "totals": list(totals), "totals_text": [money(x) for x in totals],
            "money_text": [money(x) for x in totals],
            "bok_pending": 0, "over": over, "waiting_next": self.waiting_for_next(),
            "result": None}
        if seat is not None and self.forced_move(seat) is not None:
            msg["deal"]["legal"] = []  # the table makes it for him (issue 25.9): no button
        if self.deal.is_over and self.finished:
            msg["result"] = reveal(self.finished[-1], self.rs, lang, seat)
        return msg


Kind = MariasKind
"""The table kind the web play layer looks up (the ``web`` part's ``Kind``)."""

__all__ = ["CLAIM", "ClaimVerdict", "Kind", "MariasKind", "MariasMatch",
           "move_text"]
