"""Mariáš deal records (MARIAS §11): read, check by replaying, write; exact round trip.

A record holds ``game = "marias"``, the ruleset, optional player names and tags, and
``[[deal]]`` tables: the dealer, the four hands (the chooser's first four first), the
``choice``, one ordered ``bidding`` list of everything said after it, the ``play``, and
optionally ``renonc = { seat, kind }`` or ``claim`` (the seat who laid his cards down).
Every problem is one :class:`~stolik.errors.RecordError` naming the deal, the entry and the
rule.

>>> text = '''
... game = "marias"
... ruleset = "ctyrka"
... [[deal]]
... dealer = 3
... hands = ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
...          "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"]
... choice = "0 trump=7A call=TA"
... bidding = ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto", "1 pass", "2 pass",
...            "3 pass", "0 pass"]
... renonc = { seat = 2, kind = "looked at a trick" }
... '''
>>> rec = parse_record(loads_document(text, "toml"))
>>> replay(rec).totals          # a renonc during a sto: 1 Kč + 0,80 × 4, to each
(420, 420, -1260, 420)
>>> parse_record(loads_document(dumps_record(rec), "toml")) == rec
True
>>> parse_record(loads_document(dumps_record(rec, "json"), "json")) == rec
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stolik import record_io
from stolik.errors import CardError, IllegalMove, RecordError
from stolik.games.marias.calls import GAME_WORDS, NIC, Call, card_of, not_a_card
from stolik.games.marias.deck import ASCII_NAMES, parse_card
from stolik.games.marias.ruleset import DEFAULT_RULESET, Ruleset, available_rulesets, load_ruleset
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.state import OVER_NO_CARDS, PHASE_NAMES, Deal
from stolik.i18n import Msg
from stolik.record_io import record_document as _document
from stolik.record_io import why as _why
from stolik.records import Document, load_document, loads_document

DEAL_KEYS = ("dealer", "hands", "choice", "bidding", "play", "renonc", "claim")

__all__ = ["DealRecord", "SeriesRecord", "SeriesResult", "dumps_record", "load_record",
           "loads_document", "parse_record", "record_of", "replay", "replay_deal",
           "series_record"]


@dataclass(frozen=True)
class DealRecord:
    """One deal as written: the hands keep their written order; entries are
    ``(seat, text)`` in the words records use."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    choice: tuple[int, str]
    bidding: tuple[tuple[int, str], ...] = ()
    play: tuple[tuple[int, int], ...] = ()
    renonc: tuple[int, str] | None = None
    claim: int | None = None


class SeriesRecord(record_io.Series[Ruleset, DealRecord]):
    """A record file: the ruleset, optional player names, the deals, the tags."""


@dataclass(frozen=True)
class SeriesResult(record_io.Replayed[SeriesRecord, DealResult]):
    """A replayed record: each deal's result and the money by seat (haléř)."""

    game = "marias"


# ---------------------------------------------------------------- reading


_WORDS = record_io.RecordWords(
    seats=4, cite="MARIAS §11",
    deal_key=Msg("err-ma-rec-deal-key", "unknown key '{key}': a deal holds {keys} (MARIAS §11)"),
    hands=Msg("err-ma-rec-hands", "'hands' must list 4 hands, not {n} (MARIAS §2)"),
    unfinished=Msg("err-ma-unfinished", "the deal stops in the {phase} with seat {seat} to "
                   "move: every deal is played to its end, a renonc or a claim (MARIAS §11)"),
    dealer=Msg("err-ma-rec-dealer", "dealer {dealer} should be {want}: the deal moves one seat "
                                    "clockwise each deal (MARIAS §9, §11)"))
"""How a Mariáš record's refusals are worded (MARIAS §11)."""
_fail = _WORDS.fail
_seat = _WORDS.seat
_strings = _WORDS.strings


def _at(number: int, part: str = "", entry: int = 0, *, seat: int = 0) -> Msg:
    """A place in a record (``deal 3, bidding entry 5``) as a message its readers translate:
    ``part`` is ``choice``, ``bidding``, ``play``, ``renonc``, ``claim`` or ``hand``."""
    if part == "bidding":
        return Msg("ma-w-bidding", "deal {deal}, bidding entry {n}", deal=number, n=entry)
    if part == "play":
        return Msg("ma-w-play", "deal {deal}, play entry {n}", deal=number, n=entry)
    if part == "hand":
        return Msg("ma-w-hand", "deal {deal}, hand of seat {seat}", deal=number, seat=seat)
    if part == "choice":
        return Msg("ma-w-choice", "deal {deal}, choice", deal=number)
    if part == "renonc":
        return Msg("ma-w-renonc", "deal {deal}, renonc", deal=number)
    if part == "claim":
        return Msg("ma-w-claim", "deal {deal}, claim", deal=number)
    return Msg("ma-w-deal", "deal {deal}", deal=number)


def _entry(text: str, where: str, what: str, *, lower: bool = True) -> tuple[int, str]:
    """``(seat, words)``; the words lower-cased unless ``lower`` is False (cards are
    echoed in errors as written)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or parts[0] not in ("0", "1", "2", "3"):
        raise _fail(where, Msg("err-ma-rec-entry", "cannot read {text!r}: write \"<seat 0–3> "
                               "<{what}>\" (MARIAS §11)", text=text, what=what))
    words = " ".join(parts[1].split())
    return int(parts[0]), words.lower() if lower else words


def parse_record(doc: Document, *, ruleset: Ruleset | None = None,
                 source: str | None = None) -> SeriesRecord:
    """Check a record's shape (not yet its rules: see :func:`replay`); ``ruleset`` replaces
    the record's own (``stolik replay --ruleset``: the same deals under a club's tariff)."""
    try:
        return _parse(doc, ruleset, source)
    except RecordError as e:
        raise record_io.with_file(e, source) from None


_HEAD = record_io.HeadWords(
    game="marias", game_default="marias", seats=4, cite="MARIAS §11", extra=(),
    key=Msg("err-ma-rec-key", "unknown key '{key}': a Mariáš record holds game, ruleset, "
                              "players, deal and the tags {tags} (MARIAS §11)"),
    other_game=Msg("err-ma-rec-game", "game is {game!r}: this reader reads Mariáš records "
                                      "(game = \"marias\", MARIAS §11)"),
    players=Msg("err-ma-rec-players", "players must list four names, seat 0 first (MARIAS §11)"))
"""The top of a Mariáš record (MARIAS §11): a club's tariff file is looked up beside the
record, as Baśka's (RULES §11)."""


def _parse(doc: Document, ruleset: Ruleset | None = None,
           source: str | None = None) -> SeriesRecord:
    rs, players, deals_raw = record_io.read_head(
        doc, _HEAD, ruleset=ruleset, source=source, default=DEFAULT_RULESET,
        shipped=available_rulesets(), load=load_ruleset)
    deals = tuple(_parse_deal(d, i + 1) for i, d in enumerate(deals_raw))
    meta = _HEAD.tags(doc)
    return SeriesRecord(rs, deals, tuple(players) if players else None, meta)


def _parse_deal(d: dict[str, Any], number: int) -> DealRecord:
    where = _at(number)
    dealer, hand_texts = _WORDS.deal_head(d, where, DEAL_KEYS, ("dealer", "hands", "choice"))
    hands = []
    for seat, text in enumerate(hand_texts):
        cards = []
        for item in text.replace(",", " ").split():
            try:
                cards.append(parse_card(item))
            except CardError:
                raise _fail(_at(number, "hand", seat=seat),
                            not_a_card(item, "MARIAS §1")) from None
        hands.append(tuple(cards))
    if not isinstance(d["choice"], str):
        raise _fail(where, Msg("err-ma-rec-choice", "'choice' must be text such as "
                               "\"0 trump=7A call=AA\" (MARIAS §11)"))
    written = _entry(d["choice"], _at(number, "choice"), "trump=<card> call=<card>",
                     lower=False)
    choice = (written[0], written[1].lower())
    kv = {k.lower(): v for k, v in (w.split("=", 1) for w in written[1].split() if "=" in w)}
    if len(choice[1].split()) == 2 and set(kv) == {"trump", "call"}:  # cards as AH, 7A
        try:
            choice = (choice[0], f"trump={ASCII_NAMES[card_of(kv['trump'], 'MARIAS §1')]} "
                                 f"call={ASCII_NAMES[card_of(kv['call'], 'MARIAS §1')]}")
        except IllegalMove as e:
            raise _fail(_at(number, "choice"), _why(e)) from None
    bidding = tuple(_entry(t, _at(number, "bidding", i + 1), "call")
                    for i, t in enumerate(_strings(d.get("bidding", []), where, "bidding")))
    play = []
    for i, t in enumerate(_strings(d.get("play", []), where, "play")):
        seat, text = _entry(t, _at(number, "play", i + 1), "card", lower=False)
        try:
            play.append((seat, parse_card(text)))
        except CardError:
            raise _fail(_at(number, "play", i + 1), not_a_card(text, "MARIAS §1")) from None
    renonc = None
    if "renonc" in d:
        r = d["renonc"]
        if not isinstance(r, dict) or set(r) - {"seat", "kind"} or "seat" not in r:
            raise _fail(where, Msg("err-ma-rec-renonc", "renonc must be {form} (MARIAS §8, §11)",
                                   form='{ seat = <0–3>, kind = "…" }'))
        kind = r.get("kind", "renonc")
        if not isinstance(kind, str) or not kind.strip() or not kind.isprintable():
            raise _fail(where, Msg("err-ma-rec-renonc-kind", "renonc kind must be one line of "
                                   "text (MARIAS §11)"))
        renonc = (_seat(r["seat"], where, "renonc seat"), kind)
    claim = _seat(d["claim"], where, "claim") if "claim" in d else None
    if renonc is not None and claim is not None:
        raise _fail(where, Msg("err-ma-rec-renonc-claim", "a deal ends by a renonc or by a "
                               "claim, not both (MARIAS §4.7, §8)"))
    return DealRecord(dealer, tuple(hands), choice, bidding, tuple(play), renonc, claim)


def load_record(path: str | Path) -> SeriesRecord:
    """Read and check a record file (TOML or JSON)."""
    source = str(path)
    rec = parse_record(load_document(path), source=source)
    return SeriesRecord(rec.ruleset, rec.deals, rec.players, rec.meta, source)


# ---------------------------------------------------------------- replaying


def replay_deal(rs: Ruleset, rec: DealRecord, number: int = 1) -> Deal:
    """Replay one deal, checking every entry; the finished :class:`Deal`."""
    where = _at(number)
    try:
        deal = Deal(rs, rec.dealer, rec.hands, paper=True)
    except IllegalMove as e:
        raise _fail(where, _why(e)) from None
    seat, text = rec.choice
    try:
        if seat != deal.chooser:
            raise IllegalMove(Msg("err-ma-not-chooser", "seat {seat} chooses, but the chooser "
                                  "is seat {chooser}, left of the dealer (MARIAS §4.1)",
                                  seat=seat, chooser=deal.chooser))
        deal.move(text)
    except IllegalMove as e:
        raise _fail(_at(number, "choice"), _why(e)) from None
    entries = list(rec.bidding)
    i = 0
    ended = rec.renonc is not None or rec.claim is not None
    while i < len(entries) or (deal.phase == "announce" and not ended):
        if deal.phase in ("play", "done"):
            raise _fail(_at(number, "bidding", i + 1),
                        Msg("err-ma-bidding-over", "{call!r} after the bidding is over "
                            "(MARIAS §4)", call=entries[i][1]))
        to_act = deal.to_act
        if deal.phase == "announce":
            # An explicit "nic" at the seat's own turn is accepted too, though the writer
            # leaves it out (MARIAS §11: records write only what was announced).
            here = i < len(entries) and entries[i][0] == to_act and (
                entries[i][1] in (*GAME_WORDS, "sedma", "nic") or to_act == deal.chooser)
            if not here:  # silence: nothing to announce (MARIAS §4.3)
                try:
                    deal.call(NIC)
                except IllegalMove as e:
                    raise _fail(_at(number, "bidding", i + 1), _why(e)) from None
                continue
        s, text = entries[i]
        step = 1
        if (deal.phase == "announce" and text in GAME_WORDS and i + 1 < len(entries)
                and entries[i + 1] == (s, "sedma")):
            text, step = f"{text} sedma", 2
        try:
            if s != to_act:
                raise IllegalMove(Msg("err-ma-speaks-before-turn", "seat {seat} speaks out of "
                                      "turn: seat {to_act} is to speak (seed §5, MARIAS §4)",
                                      seat=s, to_act=to_act))
            deal.move(text)
        except IllegalMove as e:
            raise _fail(_at(number, "bidding", i + 1), _why(e)) from None
        i += step
    for j, (s, c) in enumerate(rec.play):
        try:
            if deal.phase != "play":
                raise IllegalMove(OVER_NO_CARDS if deal.is_over else
                                  Msg("err-ma-no-card-in-phase", "no card is played in the "
                                      "{phase} (MARIAS §4)", phase=PHASE_NAMES[deal.phase]))
            if s != deal.to_act:
                raise IllegalMove(Msg("err-ma-plays-before-turn", "seat {seat} plays out of "
                                      "turn: seat {to_act} is to play (MARIAS §3)",
                                      seat=s, to_act=deal.to_act))
            deal.play(c)
        except IllegalMove as e:
            raise _fail(_at(number, "play", j + 1), _why(e)) from None
    try:
        if rec.renonc is not None:
            deal.record_renonc(*rec.renonc)
        elif rec.claim is not None:
            deal.claim(rec.claim)
    except IllegalMove as e:
        raise _fail(_at(number, "renonc" if rec.renonc else "claim"), _why(e)) from None
    _WORDS.finished(deal.is_over, where, phase=PHASE_NAMES[deal.phase], seat=deal.to_act)
    return deal


def replay(record: SeriesRecord) -> SeriesResult:
    """Replay every deal: each result and the money totals by seat. Each deal's dealer is
    the previous deal's dealer + 1 (MARIAS §9, §11), as in Baśka's and Betel's records.
    """
    results = _WORDS.replay_all(
        record, lambda n, d: replay_deal(record.ruleset, d, n).result(), _at)
    return SeriesResult(record, results, record_io.totals(results, lambda r: r.payouts, 4))


# ---------------------------------------------------------------- writing


def record_of(deal: Deal) -> DealRecord:
    """The record of a deal played through the engine (ended or not)."""
    names = deal.rs.flek_names
    choice: tuple[int, str] = (deal.chooser, "")
    bidding: list[tuple[int, str]] = []
    play: list[tuple[int, int]] = []
    renonc, claim = None, None
    for op in deal.log:
        if op.kind == "call" and op.call is not None:
            c: Call = op.call
            if c.word in ("choose", "forgot"):
                choice = (op.seat, c.entries(names)[0])
            else:
                bidding.extend((op.seat, e) for e in c.entries(names))
        elif op.kind == "card":
            play.append((op.seat, op.card))
        elif op.kind == "renonc":
            renonc = (op.seat, op.text)
        else:
            claim = op.seat
    return DealRecord(deal.dealer, deal.dealt, choice, tuple(bidding), tuple(play),
                      renonc, claim)


def _deal_doc(rec: DealRecord) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "dealer": rec.dealer,
        "hands": [" ".join(ASCII_NAMES[c] for c in h) for h in rec.hands],
        "choice": f"{rec.choice[0]} {rec.choice[1]}",
        "bidding": [f"{s} {t}" for s, t in rec.bidding],
        "play": [f"{s} {ASCII_NAMES[c]}" for s, c in rec.play],
    }
    if rec.renonc is not None:
        doc["renonc"] = {"seat": rec.renonc[0], "kind": rec.renonc[1]}
    if rec.claim is not None:
        doc["claim"] = rec.claim
    return doc


def record_document(record: SeriesRecord) -> Document:
    """The record as a document (what :func:`dumps_record` writes)."""
    return _document("marias", record.ruleset.ref, record, _deal_doc)


def dumps_record(record: SeriesRecord, fmt: str = "toml") -> str:
    """The record as TOML (default) or JSON text."""
    return record_io.dumps(record_document(record), fmt)


series_record = SeriesRecord.of
"""A record of ``deals`` under ruleset ``rs`` (players by seat, optional)."""
