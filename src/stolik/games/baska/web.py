"""Baśka's ``web`` part — Baśka at a web table: a :class:`~stolik.games.baska.session.Session`
behind the :class:`~stolik.web.play.game.Match` interface, and the messages each seat
receives. The web play layer (:mod:`stolik.web.play`) finds it as :data:`Kind`.

Every message is built from :meth:`Session.view` — the :class:`SeatView` of RULES §3 —
never from the whole deal, except the reveal once a deal is settled (all four hands,
points, tricks, payouts). Cards travel as ASCII codes (``AH``, ``TD``); the page draws them
with suit symbols or letters. A spectator sees what every seat sees: the calls, the cards
played, the trick on the table and the last trick, and no hand.

>>> kind = BaskaKind()
>>> cfg = kind.check_config({"ruleset": "pucka-2019", "deals": 1, "seed": 1})
>>> seats = [SeatSpec(name="Ala"), *(SeatSpec(bot="random", name=f"bot {i}")
...                                  for i in (1, 2, 3))]
>>> moves = []
>>> m = kind.new_match(cfg, seats, moves.append)
>>> while m.to_act() is not None and m.is_bot(m.to_act()):
...     m.apply(m.to_act(), m.bot_move(m.to_act()))
>>> [(p.seat, p.move) for p in moves]
[(2, 'zolo-du'), (3, 'kontra')]
>>> m.why_not(0, "AH")
'no card may be played before the auction closes (RULES §3)'
>>> state = m.state(0, "en")
>>> state["deal"]["legal"][0]
{'move': 'pass', 'label': 'pass'}
>>> len(state["deal"]["hand"]), m.state(None, "en")["deal"]["hand"]
(4, [])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from stolik.errors import CardError, IllegalMove
from stolik.games.baska.calls import Call, parse_call
from stolik.games.baska.deck import DECK, parse_card
from stolik.games.baska.ruleset import Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.scoring import DECLARING, DealResult
from stolik.games.baska.session import (
    ClaimVerdict,
    Move,
    MoveEvent,
    Seat,
    Session,
    available_bots,
)
from stolik.games.baska.state import SeatView
from stolik.games.baska.words import call_label, doubling_text, game_name, note_text
from stolik.i18n import Msg
from stolik.web.play.deal_view import sheet_rows, trick_cards, trick_message
from stolik.web.play.dealing import dealing_rng, derived_seed
from stolik.web.play.game import (
    MAX_DEALS,
    Message,
    Played,
    SeatSpec,
    check_seats,
    serve_meta,
    table_config,
)
from stolik.web.play.series_match import lobby_options

FAST_BOTS = frozenset({"random", "heuristic"})
"""Bots that move in well under a millisecond: run inline, not in a thread."""


def card_code(card: int) -> str:
    """A card as the protocol writes it.

    >>> card_code(DECK.parse_card("10♥"))
    'TH'
    """
    return DECK.name(card, ascii=True)


def move_text(move: Move, rs: Ruleset) -> str:
    """A move as the protocol and the op log write it: a call's record word or a card."""
    return move.text(rs) if isinstance(move, Call) else card_code(move)


def declarer_text(result: DealResult, players: tuple[str, ...]) -> str:
    """Who played: the declarer (and his wesele partner), or the starzy of a plain game."""
    g = result.game
    if g.contract.kind == "plain":
        return "starzy " + "+".join(players[s] for s in g.team)
    if g.declarer is None:
        return "—"
    who = players[g.declarer]
    return who + (" + " + players[g.partner] if g.partner is not None else "")


def _bot_seed(seed: int | str, seat: int) -> int:
    """The seed of seat ``seat``'s bot: keyed by the table's seed, so a bot's moves tell
    nothing of the deals (:mod:`.dealing`)."""
    return derived_seed(seed, f"bot {seat}")


class BaskaKind:
    """Baśka for the lobby: rulesets, bots, series lengths."""

    name = "baska"
    places = True

    def total_text(self, total: int) -> str:
        """A table score, signed (RULES §9).

        >>> BaskaKind().total_text(12), BaskaKind().total_text(-3)
        ('+12', '-3')
        """
        return f"{total:+d}"

    def warm_up(self) -> None:
        """Load what a table's first bot move, hint, review and claim would: the bots
        (pimc imports the solver, whose numba functions compile, or load from numba's
        cache, at import), the analysis and the claims (issue 24.3)."""
        import stolik.games.baska.analysis
        import stolik.games.baska.claims
        import stolik.games.baska.record
        import stolik.games.baska.solver  # noqa: F401

        available_bots()

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices."""
        return lobby_options(available_rulesets(), lambda r: load_ruleset(r).name,
                             "pucka-2019", available_bots(), [1, 2, 4, 8, 16, 32], MAX_DEALS)

    def check_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized configuration: ruleset, deals, seed, first dealer, hints. Without a
        ``seed`` the table gets a fresh 256-bit secret (:mod:`.dealing`); whether a client
        may give one is the routes' decision.

        >>> BaskaKind().check_config({"ruleset": "linia", "deals": 2, "seed": 5})
        {'ruleset': 'linia', 'deals': 2, 'seed': 5, 'first_dealer': 0, 'hints': False}
        >>> len(BaskaKind().check_config({})["seed"])
        64
        >>> BaskaKind().check_config({"ruleset": "nope"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        stolik.web.play.game.ConfigError: unknown ruleset 'nope': ...
        >>> BaskaKind().check_config({"deals": 0})
        Traceback (most recent call last):
        ...
        stolik.web.play.game.ConfigError: a series has 1 to 64 deals, not 0
        """
        return table_config(config, available_rulesets(), "pucka-2019",
                            lambda rs_id: load_ruleset(rs_id).default_length)

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """Place points by the ruleset's table (RULES §9).

        >>> BaskaKind().place_points({"ruleset": "pucka-2019"}, (10, -10, 0, 0))
        (6.0, 0.0, 3.0, 3.0)
        """
        from stolik.series import place_points

        sr = load_ruleset(str(config.get("ruleset") or "pucka-2019")).series
        return tuple(place_points(totals, sr.place_points, bonus=sr.positive_bonus or None))

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> BaskaMatch:
        """A fresh series dealt from the configuration's seed."""
        cfg = self.check_config(config)
        check_seats(seats, 4, available_bots(), Msg("err-cfg-four-seats",
                                                    "a Baśka table has four seats"))
        rs = load_ruleset(cfg["ruleset"])
        bots = {}
        for s, spec in enumerate(seats):
            if spec.bot is not None:
                from stolik.games.baska.bots import make_bot

                bots[s] = make_bot(spec.bot, seed=_bot_seed(cfg["seed"], s), ruleset=rs)
        session = Session(rs, [Seat(sp.name or f"{sp.bot} {s}", bot=sp.bot)
                               for s, sp in enumerate(seats)],
                          bots, deals=cfg["deals"], first_dealer=cfg["first_dealer"],
                          rng=dealing_rng(cfg["seed"]))
        return BaskaMatch(session, on_move, cfg["seed"])


class BaskaMatch:
    """One Baśka series at a web table."""

    seats = 4

    def __init__(self, session: Session, on_move: Callable[[Played], None],
                 seed: int | str = 0) -> None:
        self.s = session
        self.seed = seed
        """The table's seed (:mod:`.dealing`): named only once the series is over."""
        self.rs = session.rs
        self._on_move = on_move
        self._labels: dict[tuple[str, str], str] = {}
        self._sheet_rows: dict[str, list[Message]] = {}
        session.on_move = self._moved

    def _moved(self, ev: MoveEvent) -> None:
        self._on_move(Played(ev.seat, move_text(ev.move, self.rs)))

    # ------------------------------------------------------------ driving

    def set_name(self, seat: int, name: str) -> None:
        """Rename a seat."""
        seats = list(self.s.seats)
        seats[seat] = Seat(name, bot=seats[seat].bot)
        self.s.seats = tuple(seats)

    def to_act(self) -> int | None:
        """The seat to move (None once the deal is settled)."""
        return None if self.s.is_over else self.s.to_act

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays the seat."""
        return not self.s.seats[seat].is_human

    def bot_is_fast(self, seat: int) -> bool:
        """Random and heuristic bots are fast; PIMC is not."""
        return self.s.seats[seat].bot in FAST_BOTS

    def bot_move(self, seat: int) -> str:
        """The seat's bot's choice on its own view."""
        return move_text(self.s.bots[seat].act(self.s.view(seat)), self.rs)

    def parse(self, move: str) -> Move:
        """A move's text: a card (``AH``, ``10♥``) or a call (``pass``, ``kontra``)."""
        play = self.s.deal.phase == "play"
        try:
            return parse_card(move) if play else parse_call(move, self.rs)
        except (CardError, IllegalMove, KeyError, ValueError) as first:
            try:  # the other kind of move gets the engine's reason why not now
                return parse_call(move, self.rs) if play else parse_card(move)
            except (CardError, IllegalMove, KeyError, ValueError):
                if isinstance(first, CardError | IllegalMove):
                    raise first from None
                raise IllegalMove(Msg("err-not-a-move", "{move} is neither a card nor a call",
                                      move=repr(move[:32]))) from None

    def why_not(self, seat: int, move: str) -> str | None:
        """The engine's reason (RULES section), or None."""
        if self.s.is_over:
            return Msg("err-series-over", "the series is over (RULES §9)")
        if self.s.deal.is_over:
            return Msg("err-next-deal-first",
                       "the deal is over: the next deal comes first (RULES §9)")
        try:
            parsed = self.parse(move)
        except (CardError, IllegalMove) as e:
            return e.message if isinstance(e.message, Msg) else str(e)
        return self.s.why_not(seat, parsed)

    def apply(self, seat: int, move: str) -> None:
        """Make a checked move."""
        self.s.apply(seat, self.parse(move))

    def waiting_for_next(self) -> bool:
        """The deal is settled and another is due."""
        return self.s.waiting_for_next

    def next_deal(self) -> None:
        """Deal the next hand."""
        self.s.next_deal()

    def is_over(self) -> bool:
        """Whether every deal is played."""
        return self.s.is_over

    def finished_deals(self) -> int:
        """Settled deals."""
        return len(self.s.finished)

    def totals(self) -> tuple[int, ...]:
        """Table scores by seat."""
        return self.s.totals

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """Session.judge_claim on a clone of the deal (for a worker thread)."""
        deal = self.s.deal.clone()
        return lambda: self.s.judge_claim(seat, deal)

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """Session.claim: (certain, the verdict's code)."""
        v = self.s.claim(seat, verdict if isinstance(verdict, ClaimVerdict) else None)
        return v.certain, v.code

    def hint(self, seat: int, lang: str) -> str:
        """The analysis' best move and expected payout, in the page's language."""
        rng = random.Random(derived_seed(self.seed, f"hint {self.s.number} "
                                                    f"{len(self.s.deal.log)}"))
        return str(self.s.hint(seat, rng=rng).text(lang))

    def review(self, seat: int, lang: str) -> list[str]:
        """The review of the seat's decisions in the last settled deal, in the page's
        language."""
        if not self.s.finished:
            return []
        rng = random.Random(derived_seed(self.seed, f"review {len(self.s.finished)}"))
        return [str(r.text(lang)) for r in self.s.review(seat, rng=rng)]

    def record(self) -> str:
        """The series record as TOML (RULES §11). The seed is named only once the series
        is over: it deals every hand still to come."""
        from stolik.games.baska.record import SeriesRecord, dumps_record

        rec = self.s.to_record()
        tags = dict(serve_meta(self.seed, self.s.is_over, [x.bot for x in self.s.seats]))
        meta = tuple((k, tags.get(k, v)) for k, v in rec.meta)  # the session's date stays
        return dumps_record(SeriesRecord(rec.ruleset, rec.deals, rec.players, meta))

    # ------------------------------------------------------------ messages

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` may see (None: a spectator): the deal from its SeatView, the score
        sheet, and the reveal of a settled deal."""
        s = self.s
        view = s.view(seat if seat is not None else 0)
        deal: Message = self._deal_message(view, seat, lang)
        msg: Message = {"game": "baska", "ruleset": self.rs.id, "deals": s.length,
                        "players": list(s.players),
                        "bots": [x.bot for x in s.seats], "deal": deal,
                        "sheet": self._sheet(lang), "totals": list(s.totals),
                        "bok_pending": s.bok_deals_pending, "over": s.is_over,
                        "waiting_next": s.waiting_for_next, "result": None}
        if s.deal.is_over and s.finished:
            msg["result"] = self._reveal(s.finished[-1].result, lang)
        if s.is_over:
            msg["place_points"] = list(s.place_points)
        return msg

    def _deal_message(self, view: SeatView, seat: int | None, lang: str) -> Message:
        rs = self.rs
        spectator = seat is None
        contract = view.contract
        sides = list(view.sides)
        if spectator:
            # A laid-down cicha is announced, so public (RULES §7); any other is hidden.
            lone = contract is not None and (rs.contract(contract).kind in ("solo", "honour")
                                             or view.laid_down)
            sides = sides if lone else [None] * 4
            if contract == "cicha" and view.phase != "done" and not view.laid_down:
                contract = None
        legal: list[Message] = []
        if not spectator and view.to_act == seat:
            if view.phase == "auction":
                legal = [{"move": c.text(rs), "label": call_label(c, rs, lang)}
                         for c in view.legal_calls]
            else:
                legal = [{"move": card_code(c)} for c in view.legal_cards]
        c = rs.contract(contract) if contract is not None else None
        known_plain = (not spectator and contract is None and
                       (view.sides[view.seat] == DECLARING or view.sides.count(DECLARING) >= 2))
        lt = view.last_trick
        return {
            "number": self.s.number if not self.s.deal.is_over else len(self.s.finished),
            "dealer": view.dealer, "bok": self.s.deal.bok_deal, "phase": view.phase,
            "to_act": view.to_act,
            "hand": [] if spectator else [card_code(x) for x in view.hand],
            "legal": legal,
            "calls": [[s, w, self._label(w, lang)] for s, w in view.calls],
            "trick": trick_cards(view.trick, card_code),
            "last_trick": trick_message(lt, 4, card_code),
            "tricks": list(view.tricks_taken),
            "contract": contract, "contract_name": c.name.split(" (")[0] if c else None,
            "plain_known": known_plain, "lone": bool(c and c.lone),
            "declarer": view.declarer if contract is not None else None,
            "level": view.level,
            "doubling": rs.doubling_name(view.level) if view.level else None,
            "laid_down": view.laid_down,
            "sides": sides,
        }

    def _label(self, word: str, lang: str) -> str:
        """A recorded call's label (cached: the auction is redrawn on every move)."""
        key = (word, lang)
        label = self._labels.get(key)
        if label is None:
            label = self._labels[key] = call_label(parse_call(word, self.rs), self.rs, lang)
        return label

    def _sheet(self, lang: str) -> list[Message]:
        """The score sheet's rows (cached per language until the next deal is settled)."""
        cached = self._sheet_rows.get(lang)
        if cached is not None and len(cached) == len(self.s.finished):
            return cached
        rows = sheet_rows(
            self.s.finished, 4, lambda f: f.result.payout,
            lambda f: {"bok": f.result.bok_deal,
                       "game": game_name(self.rs, f.result, lang)
                       + (f" ×{f.result.mult}" if f.result.mult > 1 else ""),
                       "declarer": declarer_text(f.result, self.s.players),
                       "note": note_text(f.result, lang)})
        self._sheet_rows[lang] = rows
        return rows

    def _reveal(self, r: DealResult, lang: str) -> Message:
        """The settled deal: all four hands as dealt, points, tricks, payouts."""
        deal = self.s.deal
        order = deal.order
        return {"hands": [[card_code(c) for c in order.sort(DECK.cards_of(h))]
                          for h in deal.initial_hands],
                "game": game_name(self.rs, r, lang), "declarer": r.declarer,
                "doubling": doubling_text(self.rs, r, lang) or None,
                "note": note_text(r, lang), "points": list(r.points), "tricks": list(r.tricks),
                "payout": list(r.payout), "winners": list(r.winners), "bok": r.bok_deal}


Kind = BaskaKind
"""The table kind the web play layer looks up (the ``web`` part's ``Kind``)."""

__all__ = ["MAX_DEALS", "BaskaKind", "BaskaMatch", "Kind", "call_label", "card_code",
           "move_text"]
