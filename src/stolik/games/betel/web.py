"""Betel's ``web`` part — Betel at a web table: a match of
:class:`~stolik.games.betel.state.Deal` behind the :class:`~stolik.web.play.game.Match`
interface. The web play layer finds it as :data:`Kind`; the messages each seat receives
are built in :mod:`stolik.games.betel.web_view` from that seat's
:class:`~stolik.games.betel.view.SeatView` only.

Moves travel as the engine reads them (BETEL §3, §6): ``look 1 #1`` / ``look 1 #2`` (a
dubel card by its place: the cards lie face down), ``look 2``, ``take``, ``lay AS KS``,
``pas``, ``kontra``, a contract's word (``2S``, ``betelek-0``), a card ``TD``. The record's
``look 1 <card>`` is refused at a live table: its answer would tell whether that card lies
in the dubel. A match goes to the ruleset's target (1000; BETEL §5), or is cut at a number of
deals chosen in the lobby — whichever comes first (a record ends with the deciding deal,
BETEL §6). The totals are the result: no place points.

>>> kind = BetelKind()
>>> cfg = kind.check_config({"seed": 3, "first_dealer": 0})  # none: by lot (BETEL §1)
>>> cfg["deals"], cfg["first_dealer"]     # to the target
(0, 0)
>>> seats = [SeatSpec(name="Ala"), SeatSpec(bot="heuristic"), SeatSpec(bot="random")]
>>> moves = []
>>> m = kind.new_match(cfg, seats, moves.append)
>>> m.to_act(), m.is_bot(0)
(0, False)
>>> print(m.why_not(0, "look 1 AS"))
look at a dubel card by its place: look 1 #1 or look 1 #2 (BETEL §3)
>>> m.apply(0, "look 1 #1")
>>> m.state(None, "en")["deal"]["card_rows"][0]["cards"], m.state(None, "en")["deal"]["hand"]
([None, None], [])
>>> m.state(0, "en")["deal"]["card_rows"][0]["cards"][0] is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stolik.bots import Bot
from stolik.games.betel.bots import available_bots, make_bot
from stolik.games.betel.claim_text import CLAIM_CODES
from stolik.games.betel.claims import ClaimRefused, Verdict, verdict
from stolik.games.betel.deck import ASCII_NAMES, NAMES, SEATS
from stolik.games.betel.hint import hint_move
from stolik.games.betel.match import MAX_MATCH_DEALS as MAX_MATCH_DEALS
from stolik.games.betel.match import Match as Score
from stolik.games.betel.match import undecided_note
from stolik.games.betel.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    load_ruleset,
)
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.series import first_dealer_by_lot
from stolik.games.betel.state import Deal, Move
from stolik.games.betel.view import SeatView
from stolik.games.betel.web_text import action_label, cards_text, t
from stolik.games.betel.web_view import LAY, chart, deal_message, reveal, sheet
from stolik.i18n import Msg, tr
from stolik.web.play.dealing import derived_seed
from stolik.web.play.game import Message, Played, SeatSpec, check_seats, table_config
from stolik.web.play.series_match import DealSeries, lobby_options

MATCH = 0
"""``deals`` of a match played to the ruleset's target (BETEL §5)."""

DEFAULT_DEALS = 8
"""A match's length in deals where the ruleset has no target (a match by time)."""




def move_text(move: Move, rs: Ruleset) -> str:
    """A move as the protocol and the op log write it."""
    return ASCII_NAMES[move] if isinstance(move, int) else move.text(rs)


class BetelKind:
    """Betel for the lobby: rulesets, bots, a match to the target or a number of deals."""

    name = "betel"
    places = False
    """BETEL §5: the highest total wins; the totals are the result."""

    def total_text(self, total: int) -> str:
        """Points, signed.

        >>> BetelKind().total_text(-40), BetelKind().total_text(1020)
        ('-40', '+1020')
        """
        return f"{total:+d}" if total else "0"

    def warm_up(self) -> None:
        """Load what a table's first bot move, review and claim would: the bots, the
        review and the solver's compiled kernels for the contracts of every shipped
        ruleset (issue 24.3)."""
        import stolik.games.betel.record
        import stolik.games.betel.web_review  # noqa: F401
        from stolik.games.betel.solver import warm_up

        warm_up()

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices: ``deals`` 0 is the match to the target."""
        rulesets = available_rulesets()
        default = DEFAULT_RULESET if DEFAULT_RULESET in rulesets else rulesets[0]
        return lobby_options(rulesets, lambda r: load_ruleset(r).name, default,
                             available_bots(), [MATCH, 1, 2, 4, 8, 16, 32], MAX_MATCH_DEALS,
                             default_deals=MATCH, target=load_ruleset(default).target)

    def check_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized configuration: ruleset, deals (0: to the target), seed, first
        dealer (a seat 0–2; none given: chosen by lot from the seed, BETEL §1, as at the
        terminal), hints.

        >>> BetelKind().check_config({"deals": "4", "seed": 5, "first_dealer": 2})
        {'ruleset': 'gps-2022', 'deals': 4, 'seed': 5, 'first_dealer': 2, 'hints': False}
        >>> sorted({BetelKind().check_config({"seed": s})["first_dealer"] for s in range(30)})
        [0, 1, 2]
        >>> BetelKind().check_config({"first_dealer": 3})
        Traceback (most recent call last):
        ...
        stolik.web.play.game.ConfigError: the first dealer is a seat 0–2, not 3
        >>> BetelKind().check_config({"first_dealer": -1})
        Traceback (most recent call last):
        ...
        stolik.web.play.game.ConfigError: the first dealer is a seat 0–2, not -1
        """
        raw = config.get("deals")
        to_target = raw in (None, "", MATCH, str(MATCH), "match")
        cfg = table_config({**config, "deals": None if to_target else raw},
                           available_rulesets(), DEFAULT_RULESET, lambda rs_id: DEFAULT_DEALS,
                           seats=SEATS)  # three seats (BETEL §1)
        if to_target and load_ruleset(cfg["ruleset"]).target > 0:
            cfg["deals"] = MATCH
        if config.get("first_dealer") in (None, ""):  # BETEL §1: the dealer by lot
            cfg["first_dealer"] = first_dealer_by_lot(cfg["seed"])
        return cfg

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """No place points: the totals are the result (BETEL §5).

        >>> BetelKind().place_points({}, (1020, 300, -40))
        (1020.0, 300.0, -40.0)
        """
        return tuple(float(x) for x in totals)

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> BetelMatch:
        """A fresh match dealt from the configuration's seed."""
        cfg = self.check_config(config)
        check_seats(seats, SEATS, available_bots(), Msg("err-cfg-three-seats-betel",
                                                       "a Betel table has three seats"))
        return BetelMatch(load_ruleset(cfg["ruleset"]), seats, on_move, deals=cfg["deals"],
                          first_dealer=cfg["first_dealer"], seed=cfg["seed"])


class BetelMatch(DealSeries[Ruleset, Deal, DealResult]):
    """One Betel match at a web table (seats, dealing, settled deals:
    :class:`~stolik.web.play.series_match.DealSeries`)."""

    seats = SEATS
    over = Msg("err-match-over-betel", "the match is over (BETEL §5)")
    next_first = Msg("err-next-deal-first-betel",
                     "the deal is over: the next deal comes first (BETEL §5)")

    def __init__(self, rs: Ruleset, seats: list[SeatSpec], on_move: Callable[[Played], None],
                 *, deals: int, first_dealer: int, seed: int | str) -> None:
        super().__init__(rs, seats, on_move, deals=deals or MAX_MATCH_DEALS,
                         first_dealer=first_dealer, seed=seed)
        self.to_target = deals == MATCH
        self.score = Score(rs)

    def new_deal(self, dealer: int) -> Deal:
        """A deal from the table's dealing (BETEL §1)."""
        return Deal.random(self.rs, dealer, self._rng)

    # ------------------------------------------------------------ driving

    def bot(self, kind: str, seed: int) -> Bot[SeatView, Move]:
        """A bot of the game's (:mod:`stolik.games.betel.bots`) with the table's rules."""
        return make_bot(kind, seed=seed, ruleset=self.rs)

    def move_text(self, move: Move) -> str:
        """A move as a record writes it (BETEL §6)."""
        return move_text(move, self.rs)

    def precheck(self, seat: int, move: str) -> Msg | None:
        """A dubel card is looked at by its place only: ``look 1 <card>`` would answer
        whether the card lies there (BETEL §3)."""
        words = move.split()
        if words and words[0].casefold() == "look" and " ".join(words[1:]) not in (
                "1 #1", "1 #2", "2"):
            return Msg("err-look-place-betel", "look at a dubel card by its place: look 1 #1 "
                       "or look 1 #2 (BETEL §3)")
        return None

    def after_move(self) -> None:
        """Once the deal is over: its result, added to the match (once)."""
        result = self.settle()
        if result is not None:
            self.score.add(result.scores)

    def seen_move(self, seat: int | None, played: Played) -> str:
        """A move as ``seat`` (None: a spectator) may read it: the cards another seat
        lays back are not named (BETEL §3)."""
        if played.seat != seat and played.move.split()[:1] == [LAY]:
            return LAY
        return played.move

    def is_over(self) -> bool:
        """Whether the match is decided (BETEL §5) or its deals are played."""
        return self.deal.is_over and (self.score.decided
                                      or len(self.finished) >= self.length)

    def totals(self) -> tuple[int, ...]:
        """Points by seat (BETEL §5)."""
        return self.score.totals

    # ------------------------------------------------------------ claims, hints, review

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """:func:`~stolik.games.betel.claims.verdict` on a clone of the deal (for a worker
        thread): the :class:`~stolik.games.betel.claims.Verdict`, or the refusal's code."""
        deal = self.deal.clone()

        def judge() -> object:
            try:
                return verdict(deal, seat)
            except ClaimRefused as e:
                return e.why
        return judge

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """``seat`` claims (BETEL §4; ``verdict``: :meth:`claim_judge`'s answer): accepted,
        the rest is played out by the engine and each card reported as a move, as a
        person's or a bot's would be. (accepted, the verdict's code:
        ``play-claim-<code>`` in the catalogs)."""
        if isinstance(verdict, str):
            return False, CLAIM_CODES.get(verdict, verdict)
        start = len(self.deal.log)
        try:
            self.deal.claim(seat, verdict if isinstance(verdict, Verdict) else None)
        except ClaimRefused as e:
            return False, CLAIM_CODES.get(e.why, e.why)
        for op in self.deal.log[start + 1:]:
            self._on_move(Played(op.seat, ASCII_NAMES[op.card]))
        self.after_move()
        return True, CLAIM_CODES["certain"]

    def hint(self, seat: int, lang: str) -> str:
        """What the strongest bot, expert, would do on this seat's view
        (:mod:`stolik.games.betel.hint`: its view only, seeded by the table's seed and the
        position, with the hint's layouts — it runs on a worker thread)."""
        seed = derived_seed(self.seed, f"hint {seat} {self.number} {len(self.deal.log)}")
        move = hint_move(self.rs, self.deal.view(seat), seed)
        return t(lang, Msg("play-btl-hint", "The strongest bot (expert, which plays out deals "
                           "that fit what you know) would choose: {move}",
                           move=self.move_label(move, lang)))

    def move_label(self, move: Move, lang: str) -> str:
        """A move of this seat in words (its own cards named)."""
        if isinstance(move, int):
            return NAMES[move]
        if move.kind == "lay":
            return tr(lang, "btui-lay-seen") + " " + cards_text(
                [ASCII_NAMES[c] for c in move.cards])
        return action_label(move, self.rs, lang)

    def review(self, seat: int, lang: str) -> list[str]:
        """:func:`stolik.games.betel.web_review.review` of the last settled deal (none
        before the first)."""
        from stolik.games.betel.web_review import review

        return self.last_review(review, seat, lang)

    def record(self) -> str:
        """The match record as TOML (BETEL §6); the seed is named once it is over."""
        from stolik.games.betel.record import SeriesRecord, dumps_record, record_of

        return dumps_record(SeriesRecord(self.rs, tuple(map(record_of, self.deals())),
                                         tuple(self.names), self.meta()))

    # ------------------------------------------------------------ messages

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` may see (None: a spectator): the deal from its SeatView (a
        spectator's from what every seat sees), the sheet, the score chart, and the end
        of a settled deal."""
        totals = self.totals()
        over = self.is_over()
        deal = deal_message(self.deal, seat, self.number, lang, self.names)
        if over and self.score.winner is not None:
            w = self.score.winner
            deal["notes"].append(tr(lang, "btui-winner", who=self.names[w],
                                    points=totals[w]))
        elif over and self.to_target:
            # no winner: BETEL §5 has no end for such a match; the table stops and says why
            # it is undecided: nobody reached the target, or a tie shares the top
            key, args = undecided_note(self.rs, totals, len(self.finished), self.names)
            deal["notes"].append(tr(lang, key, **args))
        target = self.rs.target
        suffix = (" · " + t(lang, Msg("play-to-target", "to {target}", target=target))
                  if self.to_target else f"/{self.length}")
        msg: Message = {
            "game": "betel", "ruleset": self.rs.id,
            "deals": 0 if self.to_target else self.length, "deals_text": suffix,
            "players": list(self.names), "bots": list(self.bots), "deal": deal,
            "sheet": sheet(self.finished, self.names, lang),
            "totals": list(totals), "bok_pending": 0, "over": over,
            "waiting_next": self.waiting_for_next(), "claims": True,
            "chart": chart(self.finished, target), "result": None}
        if self.deal.is_over and self.finished:
            msg["result"] = reveal(self.finished[-1], self.names, lang)
        return msg


Kind = BetelKind
"""The table kind the web play layer looks up (the ``web`` part's ``Kind``)."""

__all__ = ["MATCH", "BetelKind", "BetelMatch", "Kind", "move_text"]
