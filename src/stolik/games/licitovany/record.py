"""Licitovaný deal records (LICITOVANY §10): read, check by replaying, write; exact round
trip, TOML or JSON with the same keys.

A record holds ``game = "licitovany"``, the ruleset, optional player names (three, or four
with a pauzírák) and tags, and ``[[deal]]`` tables: the dealer, the hands by seat (the
pauzírák's ``""``), the ``talon``, one ordered ``bidding`` list of everything said after
the deal (the licitace, the discard, the contract or omyl, the fleky), the ``play``
(``"<seat> <card>[ hlaska]"``) and optionally a ``renonc`` ruling. The dealer moves one
seat clockwise each deal (§8). The core (:mod:`stolik.record_io`) reads the frame; every
broken record is one :class:`~stolik.errors.RecordError` naming the deal (from 1), the
entry (from 0) and the rule, in the reader's language (§10's example writes the section
first; the catalogs' texts cite it at their end, ``(LICITOVANY §4.4)``, which a player's
screen drops, :mod:`stolik.i18n_cite`).

>>> text = '''
... game = "licitovany"
... [[deal]]
... dealer = 2
... hands = ["AL TL KL OL 9L 7L AB KB OB 8A", "TH KH OH UH 9H 8H 7H TB UB 9B",
...          "AH AA TA KA OA UA 9A UL 8L 7B"]
... talon = "8B 7A"
... bidding = ["2 sedma", "0 mam", "2 sto", "0 dobra", "1 mam", "2 dobra",
...            "1 discard 8B 9B", "1 contract sedma L"]
... '''
>>> replay(parse_record(loads_document(text, "toml")))
Traceback (most recent call last):
stolik.errors.RecordError: deal 1, bidding[7] "1 contract sedma L": the contract may not \
be below the won rung sto (LICITOVANY §4.4)
>>> rec = parse_record(loads_document(text.replace("contract sedma L", "omyl"), "toml"))
>>> replay(rec)
Traceback (most recent call last):
stolik.errors.RecordError: deal 1, bidding[7] "1 omyl": omyl only at the lowest rung \
sedma; the won rung is sto (LICITOVANY §4.4)
>>> parse_record(loads_document(dumps_record(rec, "json"), "json")) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from stolik import record_io
from stolik.deck32 import ASCII_NAMES, parse_card
from stolik.errors import CardError, IllegalMove, RecordError
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.record_replay import (
    RENONC_KINDS,
    apply_call,
    apply_card,
    renonc_money,
)
from stolik.games.licitovany.ruleset import (
    DEFAULT_RULESET,
    GAME_ID,
    Ruleset,
    available_rulesets,
    load_ruleset,
)
from stolik.games.licitovany.state import HAND, TALON, Deal
from stolik.i18n import Msg
from stolik.record_io import why as _why
from stolik.records import Document, load_document, loads_document

DEAL_KEYS = ("dealer", "hands", "talon", "bidding", "play", "renonc")
SEATS = (3, 4)
"""A table of three, or four with the dealer sitting out (LICITOVANY §8)."""

__all__ = ["DealRecord", "DealResult", "Renonc", "SeriesRecord", "SeriesResult",
           "dumps_record", "load_record", "loads_document", "parse_record", "record_of",
           "replay", "replay_deal", "series_record"]


@dataclass(frozen=True)
class Renonc:
    """A referee's renonc ruling (LICITOVANY §7): the offender, the kind (``hra``,
    ``pausal1``, ``pausal2``) and his note."""

    seat: int
    kind: str
    note: str = ""


@dataclass(frozen=True)
class DealRecord:
    """One deal as written: the hands by seat and the talon as dealt, the ``bidding``
    entries ``(seat, words)``, the ``play`` ``(seat, card, hlaska)``, the renonc."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    talon: tuple[int, ...]
    bidding: tuple[tuple[int, str], ...] = ()
    play: tuple[tuple[int, int, bool], ...] = ()
    renonc: Renonc | None = None


class SeriesRecord(record_io.Series[Ruleset, DealRecord]):
    """A record file: the ruleset, optional player names, the deals, the tags."""


@dataclass(frozen=True)
class DealResult:
    """A replayed deal: the aktér (-1 without one), the contract as written (``""``
    without one), how it ended (``played``, ``omyl``, ``vyrovnana``, ``renonc``), each
    seat's money in haléřů (adding up to 0) and the running totals after it."""

    dealer: int
    akter: int
    contract: str
    ending: str
    payouts: tuple[int, ...]
    running: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A plain form for ``--json`` output."""
        return {"dealer": self.dealer, "akter": self.akter, "contract": self.contract,
                "ending": self.ending, "payouts": list(self.payouts),
                "running": list(self.running)}


@dataclass(frozen=True)
class SeriesResult(record_io.Replayed[SeriesRecord, DealResult]):
    """A replayed record: each deal's result and the money by seat (haléřů)."""

    game = GAME_ID


# ---------------------------------------------------------------- words


_WORDS = record_io.RecordWords(
    seats=3, cite="LICITOVANY §10",
    no_seat=Msg("err-li-rec-seat", "{what} must be a seat of the table, from 0, not {value!r} "
                                   "(LICITOVANY §10)"),
    hands=Msg("err-li-rec-hands", "'hands' must list one hand a player (the pauzírák's \"\"), "
                                  "not {n} (LICITOVANY §10)"),
    unfinished=Msg("err-li-unfinished", "the deal stops in the {phase} with seat {seat} to "
                                        "move: every deal is played to its end or a renonc "
                                        "(LICITOVANY §10)"),
    dealer=Msg("err-li-rec-dealer", "the dealer must be seat {seat}: the deal moves one seat "
                                    "clockwise each deal (LICITOVANY §8)"))
"""How a licitovaný record's refusals are worded (LICITOVANY §10), at a table of three;
:func:`_table` gives them for four. A refusal at a place is the core's ``{where}: {why}``."""

_HEAD = record_io.HeadWords(
    game=GAME_ID, game_default=None, seats=3, cite="LICITOVANY §10", extra=(),
    key=Msg("err-li-rec-key", "unknown key '{key}': a licitovaný record holds game, ruleset, "
                              "players, deal and the tags {tags} (LICITOVANY §10)"),
    other_game=Msg("err-li-rec-game", "game is {game!r}: this reader reads licitovaný records "
                                      "(game = \"licitovany\") (LICITOVANY §10)"),
    players=Msg("err-li-rec-players", "players must list three names, or four with a pauzírák, "
                                      "seat 0 first (LICITOVANY §8)"))
"""The top of a licitovaný record (LICITOVANY §10): ``game`` is required (a record without
it is Baśka's); a club's ruleset file is looked up beside the record, and its refusal is
the core's ``ruleset: {why}``."""


def _table(doc: Document) -> int:
    """The table's size: four where the players or the first deal's hands say so."""
    players, deals = doc.get("players"), doc.get("deal")
    if isinstance(players, list):
        return 4 if len(players) == 4 else 3
    first = deals[0] if isinstance(deals, list) and deals else None
    hands = first.get("hands") if isinstance(first, dict) else None
    return 4 if isinstance(hands, list) and len(hands) == 4 else 3


def _at(deal: int, key: str = "", n: int = -1, entry: str = "") -> Msg:
    """A place in a record: ``deal 3``, ``deal 3, talon``, ``deal 3, bidding[6] "…"``."""
    if n >= 0:
        return Msg("li-w-entry", "deal {deal}, {key}[{n}] {entry}", deal=deal, key=key, n=n,
                   entry=json.dumps(entry[:60], ensure_ascii=False))
    if key:
        return Msg("li-w-key", "deal {deal}, {key}", deal=deal, key=key)
    return Msg("li-w-deal", "deal {deal}", deal=deal)


# ---------------------------------------------------------------- reading


def parse_record(doc: Document, *, ruleset: Ruleset | None = None,
                 source: str | None = None) -> SeriesRecord:
    """Check a record's shape (its rules: :func:`replay`); ``ruleset`` replaces the
    record's own (``stolik replay --ruleset``)."""
    try:
        seats = _table(doc)
        words = replace(_WORDS, seats=seats)
        rs, players, raw = record_io.read_head(
            doc, replace(_HEAD, seats=seats), ruleset=ruleset, source=source,
            default=DEFAULT_RULESET, shipped=available_rulesets(), load=load_ruleset)
        deals = tuple(_deal(words, d, i + 1) for i, d in enumerate(raw))
        return SeriesRecord(rs, deals, players, _HEAD.tags(doc), source)
    except RecordError as e:
        raise record_io.with_file(e, source) from None


def _cards(words: record_io.RecordWords, text: str, where: Msg) -> tuple[int, ...]:
    out = []
    for item in text.replace(",", " ").split():
        try:
            out.append(parse_card(item))
        except CardError:
            raise words.fail(where, Msg("err-li-rec-card", "cannot read card {card!r}: write "
                                                           "rank (A T 10 K O U 9 8 7) then suit "
                                                           "(H L B A) (LICITOVANY §1)",
                                        card=item[:10])) from None
    return tuple(out)


def _entry(words: record_io.RecordWords, text: str, where: Msg) -> tuple[int, str]:
    parts = text.split(None, 1)
    if len(parts) != 2 or not parts[0].isdigit() or int(parts[0]) >= words.seats:
        raise words.fail(where, Msg("err-li-rec-entry", "write \"<seat> <words>\", the seat "
                                                        "from 0 to {last} (LICITOVANY §10)",
                                                        last=words.seats - 1))
    return int(parts[0]), " ".join(parts[1].split())


def _deal(words: record_io.RecordWords, d: dict[str, Any], number: int) -> DealRecord:
    where = _at(number)
    dealer, texts = words.deal_head(d, where, DEAL_KEYS, ("dealer", "hands", "talon"))
    hands = tuple(_cards(words, t, _at(number, f"hands[{s}]")) for s, t in enumerate(texts))
    if not isinstance(d["talon"], str):
        raise words.fail(where, Msg("err-li-rec-talon-text", "'talon' must be text such as \"8B "
                                                             "7A\" (LICITOVANY §10)"))
    talon = _cards(words, d["talon"], _at(number, "talon"))
    bidding = tuple(_entry(words, t, _at(number, "bidding", i, t)) for i, t in
                    enumerate(words.strings(d.get("bidding", []), where, "bidding")))
    play = []
    for i, t in enumerate(words.strings(d.get("play", []), where, "play")):
        at = _at(number, "play", i, t)
        seat, rest = _entry(words, t, at)
        parts = rest.split()
        hlaska = len(parts) == 2 and parts[1].casefold() == "hlaska"
        if len(parts) != 1 + hlaska:
            raise words.fail(at, Msg("err-li-rec-play", "write \"<seat> <card>\", with \" "
                                                        "hlaska\" when the card announces a "
                                                        "hláška (LICITOVANY §10)"))
        play.append((seat, _cards(words, parts[0], at)[0], hlaska))
    renonc = _renonc(words, d["renonc"], _at(number, "renonc")) if "renonc" in d else None
    return DealRecord(dealer, hands, talon, bidding, tuple(play), renonc)


def _renonc(words: record_io.RecordWords, r: Any, where: Msg) -> Renonc:
    if not isinstance(r, dict) or set(r) - {"seat", "kind", "note"} or not {"seat",
                                                                          "kind"} <= set(r):
        raise words.fail(where, Msg("err-li-rec-renonc", "renonc must be {form} (LICITOVANY §10)",
                                    form='{ seat = <seat>, kind = "hra", note = "…" }'))
    if r["kind"] not in RENONC_KINDS:
        raise words.fail(where, Msg("err-li-rec-renonc-kind", "a renonc's kind is hra, pausal1 "
                                                              "or pausal2, not {kind!r} "
                                                              "(LICITOVANY §7)",
                                                              kind=str(r["kind"])[:20]))
    note = r.get("note", "")
    if not isinstance(note, str) or not note.isprintable():
        raise words.fail(where, Msg("err-li-rec-renonc-note", "a renonc's note is one line of "
                                                              "text (LICITOVANY §10)"))
    return Renonc(words.seat(r["seat"], where, "renonc seat"), r["kind"], note)


def load_record(path: str | Path) -> SeriesRecord:
    """Read and check a record file (TOML or JSON)."""
    return parse_record(load_document(path), source=str(path))


# ---------------------------------------------------------------- replaying


def _dealt(rec: DealRecord, players: int) -> Msg | None:
    """Why the cards of ``rec`` are not a deal (LICITOVANY §2, §8), or ``None``."""
    for seat, hand in enumerate(rec.hands):
        want = 0 if players == 4 and seat == rec.dealer else HAND
        if len(hand) != want:
            return Msg("err-li-hand-size", "seat {seat} holds {n} cards, not {want} (LICITOVANY "
                                           "§2)",
                       seat=seat, n=len(hand), want=want)
    if len(rec.talon) != TALON:
        return Msg("err-li-talon-size", "the talon holds {n} cards, not 2 (LICITOVANY §2)",
                   n=len(rec.talon))
    seen: set[int] = set()
    for c in [c for h in rec.hands for c in h] + list(rec.talon):
        if c in seen:
            return Msg("err-li-twice", "{card} is dealt twice (LICITOVANY §2)", card=ASCII_NAMES[c])
        seen.add(c)
    return None


def replay_deal(rs: Ruleset, rec: DealRecord, number: int = 1, *,
                players: int = 3) -> tuple[Deal, tuple[int, ...], str]:
    """Replay one deal, checking every entry: the deal as it stopped, each seat's money in
    units and how it ended (a renonc ruling's money where there is one, LICITOVANY §7)."""
    words = replace(_WORDS, seats=players)
    where = _at(number)
    if (why := _dealt(rec, players)) is not None:
        raise words.fail(where, why)
    deal = Deal(rs, rec.dealer, [sorted(h) for h in rec.hands], sorted(rec.talon),
                players=players)
    r = rec.renonc
    for i, (seat, text) in enumerate(rec.bidding):
        breach = r is not None and r.kind == "hra" and r.seat == deal.pos.akter
        try:
            apply_call(deal, seat, text, breach=breach)
        except IllegalMove as e:
            raise words.fail(_at(number, "bidding", i, f"{seat} {text}"), _why(e)) from None
    for j, (seat, c, hlaska) in enumerate(rec.play):
        try:
            apply_card(deal, seat, c, hlaska)
        except IllegalMove as e:
            raise words.fail(_at(number, "play", j, _play_text(seat, c, hlaska)),
                             _why(e)) from None
    if r is not None:
        try:
            return deal, renonc_money(deal, r.seat, r.kind), "renonc"
        except IllegalMove as e:
            raise words.fail(_at(number, "renonc"), _why(e)) from None
    words.finished(deal.is_over, where, phase=deal.phase, seat=deal.to_act)
    return deal, deal.money(), deal.pos.ending


def _next_dealer(prev: DealRecord, players: int) -> int:
    """The next deal's dealer: the next seat, or the same after his own ``pausal1`` misdeal
    with an empty ``bidding`` (LICITOVANY §7, Decisions: "Renonc timing and price")."""
    r = prev.renonc
    if r is not None and r.kind == "pausal1" and r.seat == prev.dealer and not prev.bidding:
        return prev.dealer
    return (prev.dealer + 1) % players


def replay(record: SeriesRecord) -> SeriesResult:
    """Replay every deal: each result with its money per seat (haléřů) and the running
    totals."""
    rs = record.ruleset
    players = len(record.players) if record.players else max(
        (len(d.hands) for d in record.deals), default=3)
    words = replace(_WORDS, seats=players)
    totals = [0] * players
    results = []
    try:
        for i, d in enumerate(record.deals):
            if len(d.hands) != players:
                raise words.fail(_at(i + 1), record_io.say(words.hands, n=len(d.hands)))
            if i and d.dealer != (want := _next_dealer(record.deals[i - 1], players)):
                raise words.fail(_at(i + 1), record_io.say(words.dealer, dealer=d.dealer,
                                                           want=want, seat=want))
            deal, units, ending = replay_deal(rs, d, i + 1, players=players)
            money = tuple(rs.haler(u) for u in units)
            totals = [t + m for t, m in zip(totals, money, strict=True)]
            c = deal.pos.contract
            contract = "" if c is None else _contract_text(deal)
            results.append(DealResult(d.dealer, deal.pos.akter, contract, ending, money,
                                      tuple(totals)))
    except RecordError as e:
        raise record_io.with_file(e, record.source) from None
    return SeriesResult(record, tuple(results), tuple(totals))


def _contract_text(deal: Deal) -> str:
    for m in deal.log:
        if m.kind == "contract":
            return m.text().removeprefix("contract ")
    return ""


# ---------------------------------------------------------------- writing


def _play_text(seat: int, c: int, hlaska: bool) -> str:
    return f"{seat} {ASCII_NAMES[c]}" + (" hlaska" if hlaska else "")


def _call_text(m: Move, seat: int) -> str:
    """A call as §10 writes it: a defender's raise names his own pair without ``:seat``."""
    if m.kind == "raise":
        return " ".join([m.word, *(c if s in (SIDE, seat) else f"{c}:{s}" for c, s in m.raises)])
    return m.text()


def record_of(deal: Deal) -> DealRecord:
    """The record of a deal played through the engine (ended or not)."""
    p = deal.pos
    held = list(p.hands)
    bidding, play = [], []
    for i, m in enumerate(deal.log):
        seat = deal.seat_of(i)
        if m.kind == "play":
            play.append((seat, m.cards[0], m.hlaska))
            held[seat] |= 1 << m.cards[0]
        else:
            bidding.append((seat, _call_text(m, seat)))
    if p.akter >= 0:  # the aktér took the talon and laid the discard away (§4.3)
        held[p.akter] = (held[p.akter] | p.discard) & ~p.talon
    return DealRecord(deal.dealer, tuple(_listed(h) for h in held), _listed(p.talon),
                      tuple(bidding), tuple(play))


def _listed(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)


def _deal_doc(rec: DealRecord) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "dealer": rec.dealer,
        "hands": [" ".join(ASCII_NAMES[c] for c in h) for h in rec.hands],
        "talon": " ".join(ASCII_NAMES[c] for c in rec.talon),
        "bidding": [f"{s} {t}" for s, t in rec.bidding],
        "play": [_play_text(s, c, h) for s, c, h in rec.play],
    }
    if rec.renonc is not None:
        r = rec.renonc
        doc["renonc"] = {"seat": r.seat, "kind": r.kind, **({"note": r.note} if r.note else {})}
    return doc


def record_document(record: SeriesRecord) -> Document:
    """The record as a document (what :func:`dumps_record` writes)."""
    return record_io.record_document(GAME_ID, record.ruleset.ref, record, _deal_doc)


def dumps_record(record: SeriesRecord, fmt: str = "toml") -> str:
    """The record as TOML (default) or JSON text."""
    return record_io.dumps(record_document(record), fmt)


def series_record(rs: Ruleset, deals: Sequence[DealRecord],
                  players: Sequence[str] | None = None) -> SeriesRecord:
    """A record of ``deals`` under ruleset ``rs`` (players by seat, optional)."""
    return SeriesRecord.of(rs, deals, players)
