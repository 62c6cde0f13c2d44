"""Baśka deal records (RULES §11): read, validate by replaying, write, round trip exact.

A record is a series of one or more deals; each deal holds the dealer, the four hands, the
auction and the play as ``"<seat> <call>"`` / ``"<seat> <card>"`` entries, and optionally the
seat a referee found revoking. Reading checks the syntax; :func:`replay` checks every call
and card against the ruleset and settles the series. Every problem is one
:class:`~stolik.errors.RecordError` naming the deal, the entry and the rule.

>>> text = '''
... ruleset = "pucka-2019"
... [[deal]]
... dealer = 0
... hands = ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"]
... auction = ["2 pass", "3 pass", "0 pass", "1 pass"]
... play = ["1 JC", "2 TC", "3 QD", "0 QC", "0 AH", "1 TD", "2 TS", "3 JD",
...         "0 AD", "1 QH", "2 AC", "3 JS", "1 QS", "2 AS", "3 JH", "0 TH"]
... '''
>>> rec = parse_record(loads_document(text, "toml"))
>>> replay(rec).totals
(3, 3, -3, -3)
>>> parse_record(loads_document(dumps_record(rec), "toml")) == rec
True
>>> dumps_record(rec).splitlines()[:2]
['game = "baska"', 'ruleset = "pucka-2019"']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stolik import record_io
from stolik.errors import CardError, IllegalMove, RecordError, RulesetError, StolikError
from stolik.games import UnknownGame, game_of_document
from stolik.games.baska.calls import Call, parse_call
from stolik.games.baska.deck import DECK, parse_card
from stolik.games.baska.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    load_ruleset,
)
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.state import Deal
from stolik.i18n import Msg
from stolik.record_io import META_KEYS
from stolik.record_io import record_document as _document
from stolik.record_io import why as _why
from stolik.records import Document, load_document, loads_document
from stolik.series import place_points

GAME = "baska"
"""The record's ``game`` key (RULES §11; issue 10): written in every record; a record
without it is read as Baśka's, so every record written before there were other games
still replays."""

DEAL_KEYS = ("dealer", "hands", "auction", "play", "revoke")

__all__ = [
    "DealRecord", "SeriesRecord", "SeriesResult", "dumps_record", "load_record",
    "loads_document", "parse_record", "record_of", "replay",
]


@dataclass(frozen=True)
class DealRecord:
    """One deal as written: hands keep the order the record gave their cards in."""

    dealer: int
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    auction: tuple[tuple[int, Call], ...]
    play: tuple[tuple[int, int], ...] = ()
    revoke: int | None = None

    def hand_masks(self) -> list[int]:
        """The hands as bitmasks."""
        return [DECK.mask_of(h) for h in self.hands]


class SeriesRecord(record_io.Series[Ruleset, DealRecord]):
    """A record file: the ruleset, optional player names, the deals, descriptive tags;
    a user's ruleset file is compared by the path the record names it by."""

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SeriesRecord) and self.ruleset_ref == other.ruleset_ref
                and self.deals == other.deals and self.players == other.players
                and self.meta == other.meta)

    __hash__ = None  # type: ignore[assignment]

    @property
    def ruleset_ref(self) -> str:
        """What the record's ``ruleset`` key says: an id, or a user file's path."""
        return self.ruleset.path or self.ruleset.id


@dataclass(frozen=True)
class SeriesResult:
    """A replayed series: each deal's result, totals and place points (RULES §9)."""

    record: SeriesRecord
    results: tuple[DealResult, ...]
    totals: tuple[int, int, int, int]
    place_points: tuple[float, ...]
    deals: tuple[Deal, ...] = field(default=(), repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The form ``stolik replay --json`` prints."""
        return {**record_io.result_json(GAME, self.record, self.results, self.totals),
                "place_points": list(self.place_points)}


# ---------------------------------------------------------------- reading


_WORDS = record_io.RecordWords(
    seats=4, cite="RULES §11",
    deal_key=Msg("err-ba-rec-deal-key", "unknown key '{key}' — a deal has {keys} (RULES §11)"),
    hands=Msg("err-ba-rec-hands", "'hands' must hold 4 hands by seat, not {n} (RULES §11)"),
    unfinished=Msg("err-ba-rec-play-short", "the play stops after {cards} cards — a deal is "
                   "played to the 16th card unless a revoke is recorded; seat {seat} is to "
                   "play next (RULES §11)"),
    dealer=Msg("err-ba-rec-dealer", "dealer {dealer} should be {want} — the deal moves one "
                                    "seat clockwise each deal (RULES §9, §11)"),
    dealer_name="'dealer'")
"""How a Baśka record's refusals are worded (RULES §11): a place such as ``deal 3,
auction entry 2`` (empty: the record itself) and an engine's :class:`~stolik.i18n.Msg`
stay a message, so that a reader's language says it, place and all (issue 9.9)."""
_fail = _WORDS.fail
_seat = _WORDS.seat
_strings = _WORDS.strings


def _entry(text: str, where: str, what: str) -> tuple[int, str]:
    parts = text.split(None, 1)
    if len(parts) != 2 or parts[0] not in ("0", "1", "2", "3"):
        raise _fail(where, Msg("err-ba-rec-entry", "cannot read {text!r}: write \"<seat 0–3> "
                               "<{what}>\", e.g. \"2 {example}\" (RULES §11)", text=text,
                               what=what, example="pass" if what == "call" else "AH"))
    return int(parts[0]), parts[1].strip()


def _no_card(e: CardError) -> str:
    """A card a record cannot hold (RULES §1)."""
    return Msg("err-ba-rec-card", "{why} (RULES §1)", why=_why(e))


def parse_record(doc: Document, *, ruleset: str | Ruleset | None = None,
                 source: str | None = None) -> SeriesRecord:
    """Check a record's syntax and build it. ``ruleset`` overrides the record's own key;
    ``source`` (a file name) is kept to name the file in replay errors. An optional key
    set to JSON ``null`` counts as absent."""
    doc = {k: v for k, v in doc.items() if v is not None}
    if unknown := record_io.unknown_key(doc):
        raise _fail("", Msg("err-ba-rec-key", "unknown key '{key}' — a record has game, "
                            "ruleset, players, deal and the tags {tags} (RULES §11)",
                            key=unknown, tags=", ".join(META_KEYS)))
    if not isinstance(ruleset, Ruleset):
        try:
            game = game_of_document(doc if ruleset is None else {**doc, "ruleset": ruleset})
        except UnknownGame as e:
            raise _fail("", Msg("err-rec-game-of", "{why} (RULES §11)", why=_why(e))) from None
        if game.id != GAME:
            raise _fail("", Msg("err-ba-rec-game", 'game = "{game}": not a Baśka record '
                                "(RULES §11)", game=game.id))
    if isinstance(ruleset, Ruleset):
        rs = ruleset
    else:
        ref = ruleset or doc.get("ruleset", DEFAULT_RULESET)
        if not isinstance(ref, str):
            raise _fail("", Msg("err-ba-rec-ruleset-ref", "'ruleset' must be a ruleset id or "
                                "path, not {ref!r} (RULES §11)", ref=ref))
        try:
            rs = _load_record_ruleset(ref, source)
        except RulesetError as e:
            raise _fail("", _why(e)) from None
    players = None
    if "players" in doc:
        players = _strings(doc["players"], "", "players")
        if len(players) != 4:
            raise _fail("", Msg("err-ba-rec-players", "'players' must name 4 players by "
                                "seat, not {n} (RULES §11)", n=len(players)))
    raw_deals = record_io.deal_tables(doc)
    if raw_deals is None:
        raise _fail("", Msg("err-ba-rec-deals", "the record has no [[deal]] tables "
                            "(RULES §11)"))
    deals = tuple(_parse_deal(d, i + 1, rs) for i, d in enumerate(raw_deals))
    meta = record_io.tags(doc)
    return SeriesRecord(rs, deals, tuple(players) if players else None, meta, source)


def _load_record_ruleset(ref: str, source: str | None) -> Ruleset:
    """A record's ruleset: an id, or a path — a relative path is looked up beside the record
    file first, so a league's record and ruleset travel together."""
    if len(ref) > 4096 or not ref.isprintable():
        raise RulesetError(Msg("err-ba-rec-ruleset-text", "'ruleset' must be a ruleset id or "
                               "path, not {ref!r}", ref=ref[:80]))
    return record_io.ruleset_of(ref, source, available_rulesets(), load_ruleset)


def _parse_deal(d: dict[str, Any], number: int, rs: Ruleset) -> DealRecord:
    where = f"deal {number}"
    d = {k: v for k, v in d.items() if v is not None}
    dealer, hand_texts = _WORDS.deal_head(d, where, DEAL_KEYS, ("dealer", "hands", "auction"))
    hands: list[tuple[int, ...]] = []
    seen: dict[int, int] = {}
    for seat, text in enumerate(hand_texts):
        w: str = Msg("ba-w-hand", "deal {deal}, hand of seat {seat}", deal=number, seat=seat)
        cards = []
        for word in text.replace(",", " ").split():
            try:
                cards.append(parse_card(word))
            except CardError as e:
                raise _fail(w, _no_card(e)) from None
        if len(cards) != 4:
            raise _fail(w, Msg("err-ba-rec-hand-size", "a hand has 4 cards, not {n}: {text!r} "
                               "(RULES §1)", n=len(cards), text=text))
        for c in cards:
            name = DECK.name(c, ascii=True)
            if c in seen:
                raise _fail(w, Msg("err-ba-rec-twice", "{card} is dealt twice — it is also "
                                   "in this hand (RULES §11)", card=name)
                            if seen[c] == seat else
                            Msg("err-ba-rec-twice-seat", "{card} is dealt twice — it is also "
                                "in the hand of seat {seat} (RULES §11)", card=name,
                                seat=seen[c]))
            seen[c] = seat
        hands.append(tuple(cards))
    auction = []
    for i, text in enumerate(_strings(d["auction"], where, "auction")):
        w = f"{where}, auction entry {i + 1}"
        seat, word = _entry(text, w, "call")
        try:
            auction.append((seat, parse_call(word, rs)))
        except IllegalMove as e:
            raise _fail(w, _why(e)) from None
    play = []
    for i, text in enumerate(_strings(d.get("play", []), where, "play")):
        w = f"{where}, play entry {i + 1}"
        seat, word = _entry(text, w, "card")
        try:
            play.append((seat, parse_card(word)))
        except CardError as e:
            raise _fail(w, _no_card(e)) from None
    revoke = _seat(d["revoke"], where, "'revoke'") if "revoke" in d else None
    return DealRecord(dealer, (hands[0], hands[1], hands[2], hands[3]), tuple(auction),
                      tuple(play), revoke)


def load_record(path: str | Path, *, ruleset: str | Ruleset | None = None) -> SeriesRecord:
    """Read a record file (TOML or JSON); errors name the file."""
    try:
        return parse_record(load_document(path), ruleset=ruleset, source=str(path))
    except RecordError as e:
        raise record_io.with_file(e, str(path)) from None
    except StolikError as e:
        raise RecordError(_why(e), source=str(path)) from None


# ---------------------------------------------------------------- replay


def replay_deal(rs: Ruleset, rec: DealRecord, number: int = 1, *,
                bok_deal: bool = False) -> Deal:
    """Play a deal record through the engine; the first broken rule is a RecordError."""
    where = f"deal {number}"
    try:
        deal = Deal(rs, rec.dealer, rec.hand_masks(), bok_deal=bok_deal)
    except IllegalMove as e:
        raise _fail(where, _why(e)) from None
    for i, (seat, call) in enumerate(rec.auction):
        if deal.phase != "auction":
            four = all(c.kind == "pass" for _, c in rec.auction[:i])
            raise _fail(f"{where}, auction entry {i + 1}",
                        Msg("err-ba-rec-four-passes", "the auction is already over — it "
                            "closed at entry {entry} after four passes (RULES §4)", entry=i)
                        if four else
                        Msg("err-ba-rec-three-passes", "the auction is already over — it "
                            "closed at entry {entry} after three passes in a row (RULES §4)",
                            entry=i))
        try:
            why = deal.why_not_call(call, seat)
            if why is not None:
                raise IllegalMove(why)
            deal.call(call)
        except IllegalMove as e:
            raise _fail(f"{where}, auction entry {i + 1}", _why(e)) from None
    if deal.phase == "auction":
        raise _fail(where, Msg("err-ba-rec-auction-open", "the auction is unfinished after "
                               "{calls} calls — seat {seat} is to call next (RULES §4)",
                               calls=len(rec.auction), seat=deal.to_act))
    for i, (seat, card) in enumerate(rec.play):
        w = f"{where}, play entry {i + 1}"
        if deal.game is not None and deal.game.contract.kind == "honour":
            raise _fail(w, Msg("err-ba-rec-honour-play", "{contract} is an honour, settled "
                               "without play (RULES §4)", contract=deal.game.contract.id))
        if deal.is_over:
            raise _fail(w, Msg("err-ba-rec-play-over", "the deal is already over — all 16 "
                               "cards were played by entry {entry} (RULES §11)", entry=i))
        try:
            why = deal.why_not_card(card, seat)
            if why is not None:
                raise IllegalMove(why)
            deal.play(card)
        except IllegalMove as e:
            raise _fail(w, _why(e)) from None
    if rec.revoke is not None:
        if deal.game is not None and deal.game.contract.kind == "honour":
            raise _fail(f"{where}, revoke", Msg("err-ba-rec-honour-revoke", "{contract} is an "
                                                "honour, settled without play — nobody can "
                                                "revoke (RULES §4, §8)",
                                                contract=deal.game.contract.id))
        if deal.is_over:
            raise _fail(f"{where}, revoke", Msg("err-ba-rec-revoke-late", "the play must stop "
                                                "before the revoking card, but all 16 cards "
                                                "were played (RULES §8, §11)"))
        try:
            deal.record_revoke(rec.revoke)
        except IllegalMove as e:
            raise _fail(f"{where}, revoke", _why(e)) from None
    _WORDS.finished(deal.is_over, where, cards=len(rec.play), seat=deal.to_act)
    return deal


def replay(record: SeriesRecord) -> SeriesResult:
    """Replay every deal in order: dealer sequence, bok-rounds (RULES §6), totals and place
    points (RULES §9). Errors name the record's file when it was read from one."""
    rs = record.ruleset
    pending_bok = 0

    def one(number: int, rec: DealRecord) -> tuple[Deal, DealResult]:
        nonlocal pending_bok
        bok_deal = pending_bok > 0
        if bok_deal:
            pending_bok -= 1
        deal = replay_deal(rs, rec, number, bok_deal=bok_deal)
        result = deal.result()
        if result.tie:
            # A bok during a bok-round adds its deals after the pending ones (RULES §6).
            pending_bok += rs.series.bok_round_deals
        return deal, result

    played = _WORDS.replay_all(record, one, lambda number: f"deal {number}")
    results = tuple(r for _, r in played)
    t = record_io.totals(results, lambda r: r.payout, 4)
    pp = place_points(t, rs.series.place_points, bonus=rs.series.positive_bonus or None)
    return SeriesResult(record, results, (t[0], t[1], t[2], t[3]), tuple(pp),
                        tuple(d for d, _ in played))


# ---------------------------------------------------------------- writing


def record_of(deal: Deal) -> DealRecord:
    """The record of a deal played through the engine (hands in the order held)."""
    auction = tuple((op.seat, op.call) for op in deal.log
                    if op.kind == "call" and op.call is not None)
    play = tuple((op.seat, op.card) for op in deal.log
                 if op.kind == "card" and op.card is not None)
    revoke = next((op.seat for op in deal.log if op.kind == "revoke"), None)
    order = deal.rs.order_of(deal.rs.zwykla)
    hands = tuple(tuple(order.sort(DECK.cards_of(h))) for h in deal.initial_hands)
    return DealRecord(deal.dealer, hands, auction, play, revoke)  # type: ignore[arg-type]


def _deal_doc(rs: Ruleset, rec: DealRecord) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "dealer": rec.dealer,
        "hands": [DECK.format(h, ascii=True) for h in rec.hands],
        "auction": [f"{s} {c.text(rs)}" for s, c in rec.auction],
    }
    if rec.play:
        doc["play"] = [f"{s} {DECK.name(c, ascii=True)}" for s, c in rec.play]
    if rec.revoke is not None:
        doc["revoke"] = rec.revoke
    return doc


def record_document(record: SeriesRecord) -> Document:
    """The record as a document (the keys of RULES §11)."""
    return _document(GAME, record.ruleset_ref, record, lambda d: _deal_doc(record.ruleset, d))


def dumps_record(record: SeriesRecord, fmt: str = "toml") -> str:
    """The record as TOML (default) or JSON text."""
    return record_io.dumps(record_document(record), fmt)


series_record = SeriesRecord.of
"""A series record from deal records (players by seat, optional)."""
