"""The toy game's records (TOY §1–§3): a deal is its dealer, the hands as dealt and the
cards played in order. The core (:mod:`stolik.record_io`, :mod:`stolik.records`) reads and
writes the frame, TOML and JSON, bounds the file, checks the dealer order and words every
refusal; this module names the deal's keys, replays it and gives its words.

>>> rec = parse_record({"game": "toy", "deal": [{"dealer": 0, "hands": ["JS QS KH",
...     "KS JH JD", "QH QD KD"], "play": ["JH", "QH", "KH", "JS", "KS", "QD", "JD", "KD",
...     "QS"]}]})
>>> replay(rec).totals
(1, 1, 2)
>>> print(dumps_record(rec))
game = "toy"
ruleset = "toy-club"
<BLANKLINE>
[[deal]]
dealer = 0
hands = ["JS QS KH", "KS JH JD", "QH QD KD"]
play = ["JH", "QH", "KH", "JS", "KS", "QD", "JD", "KD", "QS"]
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stolik import record_io
from stolik.errors import CardError, IllegalMove, RecordError
from stolik.i18n import Msg, Place
from stolik.records import Document
from toygame.ruleset import DEFAULT_RULESET, Ruleset, available_rulesets, load_ruleset
from toygame.state import SEATS, Deal, Result, name, parse_card

DEAL_KEYS = ("dealer", "hands", "play")


@dataclass(frozen=True)
class DealRecord:
    """One deal as written."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    play: tuple[int, ...]


class SeriesRecord(record_io.Series[Ruleset, DealRecord]):
    """A toy record: the core's frame, nothing of its own."""


@dataclass(frozen=True)
class SeriesResult(record_io.Replayed[SeriesRecord, Result]):
    """A replayed record: each deal's result and the totals by seat (TOY §3)."""

    game = "toy"


_WORDS = record_io.RecordWords(
    seats=SEATS, at=Msg("toy-at", "{where}: {why}"),
    no_seat=Msg("toy-seat", "{what} must be a seat 0–2, not {value!r} (TOY §1)"),
    no_strings=Msg("toy-strings", "'{key}' must be a list of strings"),
    deal_key=Msg("toy-deal-key", "unknown key '{key}': a deal holds {keys}"),
    missing=Msg("toy-missing", "'{key}' is missing"),
    hands=Msg("toy-hands", "'hands' must list 3 hands, not {n} (TOY §1)"),
    dealer=Msg("toy-dealer", "the dealer must be seat {seat}, left of the last one (TOY §1)"),
    unfinished=Msg("toy-unfinished", "the deal stops with seat {seat} to play (TOY §2)"))
_HEAD = record_io.HeadWords(
    game="toy", game_default=None, seats=SEATS, extra=(),
    key=Msg("toy-key", "unknown key '{key}': a toy record holds game, ruleset, players, deal "
            "and the tags {tags}"),
    other_game=Msg("toy-game", "game is {game!r}, not \"toy\""),
    ruleset_ref=Msg("toy-rs-ref", "ruleset must be a ruleset id or file, not {ref!r}"),
    ruleset=Msg("toy-rs", "ruleset: {why}"),
    players=Msg("toy-players", "players must list three names, seat 0 first"),
    deals=Msg("toy-deals", "a record needs one or more [[deal]] tables"),
    tag=Msg("toy-tag", "tag '{tag}' must be text or a whole number"))


def _cards(text: str, where: str) -> tuple[int, ...]:
    try:
        return tuple(parse_card(t) for t in text.split())
    except CardError as e:
        raise _WORDS.fail(where, str(e)) from None


def _deal(d: dict[str, Any], number: int) -> DealRecord:
    where = Place(f"deal {number}")
    dealer, hands = _WORDS.deal_head(d, where, DEAL_KEYS, DEAL_KEYS)
    play = _WORDS.strings(d["play"], where, "play")
    return DealRecord(dealer, tuple(_cards(h, where) for h in hands),
                      tuple(_cards(c, Place(f"deal {number}, play entry {i + 1}"))[0]
                            for i, c in enumerate(play)))


def parse_record(doc: Document, *, ruleset: Ruleset | None = None,
                 source: str | None = None) -> SeriesRecord:
    """A record's shape checked (its rules by :func:`replay`)."""
    try:
        rs, players, raw = record_io.read_head(doc, _HEAD, ruleset=ruleset, source=source,
                                               default=DEFAULT_RULESET,
                                               shipped=available_rulesets(), load=load_ruleset)
        deals = [_deal(d, i + 1) for i, d in enumerate(raw)]
        return SeriesRecord(rs, tuple(deals), players, record_io.tags(doc, _HEAD.tag), source)
    except RecordError as e:
        raise record_io.with_file(e, source) from None


def replay_deal(rs: Ruleset, rec: DealRecord, number: int) -> Deal:
    """One deal replayed card by card; a wrong card names its entry."""
    try:
        deal = Deal(rs, rec.dealer, rec.hands)
    except IllegalMove as e:
        raise _WORDS.fail(Place(f"deal {number}"), record_io.why(e)) from None
    for i, card in enumerate(rec.play):
        try:
            deal.move(card)
        except IllegalMove as e:
            raise _WORDS.fail(Place(f"deal {number}, play entry {i + 1}"),
                              record_io.why(e)) from None
    _WORDS.finished(deal.is_over, Place(f"deal {number}"), seat=deal.to_act)
    return deal


def replay(record: SeriesRecord) -> SeriesResult:
    """Every deal replayed: the results and the totals."""
    results = _WORDS.replay_all(record, lambda n, d: replay_deal(record.ruleset, d, n).result(),
                                lambda n: Place(f"deal {n}"))
    return SeriesResult(record, results, record_io.totals(results, lambda r: r.points, SEATS))


def record_of(deal: Deal) -> DealRecord:
    """The record of a deal played through the engine."""
    return DealRecord(deal.dealer, deal.dealt, tuple(op.card for op in deal.log))


def _deal_doc(rec: DealRecord) -> dict[str, Any]:
    return {"dealer": rec.dealer, "hands": [" ".join(map(name, h)) for h in rec.hands],
            "play": [name(c) for c in rec.play]}


def dumps_record(record: SeriesRecord, fmt: str = "toml") -> str:
    """The record as TOML (default) or JSON text."""
    doc = record_io.record_document("toy", record.ruleset.ref, record, _deal_doc)
    return record_io.dumps(doc, fmt)


def series_record(rs: Ruleset, deals: Sequence[DealRecord],
                  players: Sequence[str] | None = None) -> SeriesRecord:
    """A record of ``deals`` under ``rs``."""
    return SeriesRecord.of(rs, deals, players)
