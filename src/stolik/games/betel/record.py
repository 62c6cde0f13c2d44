"""Betel deal records (BETEL §6): read, check by replaying, write; exact round trip.

A record holds ``game = "betel"``, the ruleset, optional player names (three) and tags, and
``[[deal]]`` tables: the dealer, the three hands and the ``dubel`` **as dealt**, the
``auction`` — one entry per call, ``"<seat> [look 1 <card>|look 2|exchange <card> <card>]
<call>"`` — and the ``play``, ``"<seat> <card>"`` in order. The dealer moves one seat
clockwise each deal (BETEL §1). The record ends with the deal that decides the match; a
further deal is refused (BETEL §5, §6). Every problem is one
:class:`~stolik.errors.RecordError` naming the deal, the entry and the rule.

>>> text = '''
... game = "betel"
... ruleset = "gps-2022"
... [[deal]]
... dealer = 0
... hands = ["AC 9C AS KS QS JS AD KD QD JD", "JH 7H AH KH QH TS 9S 8S 7S TD",
...          "KC 7C 8H TH 9H 9D 8D 7D TC 8C"]
... dubel = "QC JC"
... auction = ["0 look 1 QC 1S", "1 look 2 pas", "2 exchange 7C 8C pas"]
... '''
>>> replay(parse_record(loads_document(text, "toml")))
Traceback (most recent call last):
stolik.errors.RecordError: deal 1, auction entry 3: seat 2 exchanged the dubel: he may not \
pass (BETEL §3)
>>> text = text.replace("8C pas", "8C kontra").replace('8C kontra"]', '8C kontra", "0 pas", \
"1 pas"]')
>>> rec = parse_record(loads_document(text, "toml"))
>>> replay(rec)
Traceback (most recent call last):
stolik.errors.RecordError: deal 1: the deal stops in the play with seat 0 to move: every \
deal is played to its tenth trick (BETEL §4, §6)
>>> parse_record(loads_document(dumps_record(rec), "toml")) == rec
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stolik import record_io
from stolik.errors import CardError, IllegalMove, RecordError
from stolik.games.betel.calls import LOOK_BOTH, TAKE, Action, lay
from stolik.games.betel.deck import ASCII_NAMES, SEATS, parse_card
from stolik.games.betel.match import Match
from stolik.games.betel.ruleset import DEFAULT_RULESET, Ruleset, available_rulesets, load_ruleset
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.state import OVER_NO_CARDS, PHASE_NAMES, Deal
from stolik.i18n import Msg, Place
from stolik.record_io import record_document as _document
from stolik.record_io import why as _why
from stolik.records import Document, load_document, loads_document

DEAL_KEYS = ("dealer", "hands", "dubel", "auction", "play")

__all__ = [
    "AuctionEntry",
    "DealRecord",
    "SeriesRecord",
    "SeriesResult",
    "apply_entry",
    "dumps_record",
    "load_record",
    "loads_document",
    "parse_entry",
    "parse_record",
    "record_of",
    "replay",
    "replay_deal",
    "series_record",
]


@dataclass(frozen=True)
class AuctionEntry:
    """One call as a record writes it: the seat, the dubel action (``look`` 0–2, the card
    a ``look 1`` saw, the two cards an ``exchange`` laid back) and the call's word
    (``pas``, ``kontra`` or the contract's word as the ruleset spells it)."""

    seat: int
    call: str
    look: int = 0
    seen: int = -1
    laid: tuple[int, ...] = ()

    def text(self) -> str:
        """The entry as written: ``"0 exchange AS KS 2BA"``."""
        words = [str(self.seat)]
        if self.look == 1:
            words += ["look", "1", ASCII_NAMES[self.seen]]
        elif self.look == 2:
            words += ["look", "2"]
        elif self.laid:
            words += ["exchange", *(ASCII_NAMES[c] for c in self.laid)]
        return " ".join([*words, self.call])


@dataclass(frozen=True)
class DealRecord:
    """One deal as written: hands and dubel as dealt, the auction, the play."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    dubel: tuple[int, ...]
    auction: tuple[AuctionEntry, ...] = ()
    play: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SeriesRecord(record_io.Series[Ruleset, DealRecord]):
    """A record file: the ruleset, optional player names, the deals, the tags."""

    time_up: int | None = None
    """A match by time (the ruleset's ``minutes``): the deal, counted from 1, with which
    the time was up — it ran out during that deal or after it (:mod:`~stolik.games.betel.
    match`'s Decision). **Decision**: BETEL §6 has no key for it, so the record carries
    ``time_up = N``, and its replay ends the match where the table ended it."""


@dataclass(frozen=True)
class SeriesResult(record_io.Replayed[SeriesRecord, DealResult]):
    """A replayed record: each deal's result, the totals by seat and the match's winner
    (None while it is undecided)."""

    game = "betel"
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The form ``stolik replay --json`` prints, with the winner."""
        return {**super().to_json(), "winner": self.winner}


# ---------------------------------------------------------------- reading


_WORDS = record_io.RecordWords(
    seats=SEATS, cite="BETEL §6",
    entry_text=Msg("err-be-rec-entry-text", "'{key}' must be a list of strings: entry {entry} "
                                            "is {value}, not text (BETEL §6)"),
    hands=Msg("err-be-rec-hands", "'hands' must list 3 hands, not {n} (BETEL §1)"),
    unfinished=Msg("err-be-unfinished", "the deal stops in the {phase} with seat {seat} to "
                   "move: every deal is played to its tenth trick (BETEL §4, §6)"),
    dealer=Msg("err-be-dealer-order", "the dealer must be seat {seat}, left of the last one "
                                      "(BETEL §1)"))
"""How a Betel record's refusals are worded (BETEL §6)."""
_fail = _WORDS.fail
_strings = _WORDS.strings


def _at(number: int, part: str = "", entry: int = 0, *, seat: int = 0) -> str:
    """A place in a record (``deal 3, auction entry 5``) that its readers translate:
    ``part`` is ``auction``, ``play`` (the place words of :func:`stolik.i18n.place`),
    ``hand`` or ``dubel``."""
    if part == "hand":
        return Msg("be-w-hand", "deal {deal}, hand of seat {seat}", deal=number, seat=seat)
    if part == "dubel":
        return Msg("be-w-dubel-of", "deal {deal}, dubel", deal=number)
    return Place(f"deal {number}, {part} entry {entry}" if part else f"deal {number}")


def _card(text: str, where: str) -> int:
    try:
        return parse_card(text)
    except CardError:
        raise _fail(where, Msg("err-be-bad-card", "cannot read card {card!r}: write rank "
                               "(A T 10 K Q J 9 8 7) then suit (C S H D) (BETEL §1)",
                               card=text)) from None


def _cards(text: str, where: str) -> tuple[int, ...]:
    return tuple(_card(t, where) for t in text.replace(",", " ").split())


def parse_record(doc: Document, *, ruleset: Ruleset | None = None,
                 source: str | None = None) -> SeriesRecord:
    """Check a record's shape (not yet its rules: see :func:`replay`); ``ruleset``
    replaces the record's own (``stolik replay --ruleset``)."""
    try:
        record = _parse(doc, ruleset, source)
    except RecordError as e:
        raise record_io.with_file(e, source) from None
    return SeriesRecord(record.ruleset, record.deals, record.players, record.meta, source,
                        record.time_up)


_HEAD = record_io.HeadWords(
    game="betel", game_default=None, seats=SEATS, cite="BETEL §6", extra=("time_up",),
    key=Msg("err-be-rec-key", "unknown key '{key}': a Betel record holds game, ruleset, "
                              "players, deal, time_up and the tags {tags} (BETEL §6)"),
    other_game=Msg("err-be-rec-game", "game is {game!r}: this reader reads Betel records (game "
                                      "= \"betel\", BETEL §6)"),
    players=Msg("err-be-rec-players", "players must list three names, seat 0 first (BETEL §6)"))
"""The top of a Betel record (BETEL §6): ``game`` is required; a club's ruleset file is
looked up beside the record, as Baśka's (RULES §11)."""


def _parse(doc: Document, ruleset: Ruleset | None, source: str | None = None) -> SeriesRecord:
    rs, players, deals_raw = record_io.read_head(
        doc, _HEAD, ruleset=ruleset, source=source, default=DEFAULT_RULESET,
        shipped=available_rulesets(), load=load_ruleset)
    deals = tuple(_parse_deal(rs, d, i + 1) for i, d in enumerate(deals_raw))
    meta = _HEAD.tags(doc)
    time_up = doc.get("time_up")
    if time_up is not None:
        if not isinstance(time_up, int) or isinstance(time_up, bool) or not (
                1 <= time_up <= len(deals)):
            raise RecordError(Msg("err-be-rec-time-up", "time_up names the deal with which the "
                                  "match's time was up: 1 to {deals}, not {value!r} (BETEL §5, "
                                  "§6)", deals=len(deals), value=time_up))
        if rs.minutes <= 0:
            raise RecordError(Msg("err-be-rec-no-clock", "time_up = {value}, but ruleset "
                                  "{ruleset} has no time limit (minutes, BETEL §5)",
                                  value=time_up, ruleset=rs.id))
    return SeriesRecord(rs, deals, tuple(players) if players else None, meta,
                        time_up=time_up)


def _split(text: str, where: str, what: str) -> tuple[int, list[str]]:
    parts = text.split()
    if len(parts) < 2 or parts[0] not in ("0", "1", "2"):
        raise _fail(where, Msg("err-be-rec-entry", "cannot read {text!r}: write \"<seat 0–2> "
                               "<{what}>\" (BETEL §6)", text=text, what=what))
    return int(parts[0]), parts[1:]


def parse_entry(rs: Ruleset, text: str, where: str = "auction entry") -> AuctionEntry:
    """One auction entry (``"0 look 1 7C pas"``), its call word spelt as the ruleset
    spells it; a :class:`RecordError` naming ``where`` if it cannot be read."""
    seat, words = _split(text, where, "call")
    head = words[0].casefold()
    look, seen = 0, -1
    laid: tuple[int, ...] = ()
    bad = _fail(where, Msg("err-be-rec-call-entry", "cannot read {text!r}: write {form} "
                           "(BETEL §6)", text=text,
                           form='"<seat> [look 1 <card>|look 2|exchange <card> <card>] <call>"'))
    if head == "look":
        if len(words) >= 3 and words[1] == "2":
            look, words = 2, words[2:]
        elif len(words) >= 4 and words[1] == "1":
            look, seen, words = 1, _card(words[2], where), words[3:]
        else:
            raise bad
    elif head == "exchange":
        if len(words) < 4:
            raise bad
        laid, words = (_card(words[1], where), _card(words[2], where)), words[3:]
    if len(words) != 1:
        raise bad
    word = words[0].casefold()
    if word not in ("pas", "kontra"):
        contract = rs.contract_of(word)
        if contract is None:
            raise _fail(where, Msg("err-be-unknown-call", "cannot read the call {word!r}: "
                                   "write pas, kontra or a contract ({first} … {last}) "
                                   "(BETEL §6)", word=words[0], first=rs.contracts[0].call,
                                   last=rs.contracts[-1].call))
        word = contract.call
    return AuctionEntry(seat, word, look, seen, laid)


def _parse_deal(rs: Ruleset, d: dict[str, Any], number: int) -> DealRecord:
    where = _at(number)
    dealer, hand_texts = _WORDS.deal_head(d, where, DEAL_KEYS, ("dealer", "hands", "dubel"))
    hands = tuple(_cards(t, _at(number, "hand", seat=s)) for s, t in enumerate(hand_texts))
    if not isinstance(d["dubel"], str):
        raise _fail(where, Msg("err-be-rec-dubel", "'dubel' must be text such as \"7C 8D\" "
                               "(BETEL §6)"))
    dubel = _cards(d["dubel"], _at(number, "dubel"))
    auction = tuple(parse_entry(rs, t, _at(number, "auction", i + 1))
                    for i, t in enumerate(_strings(d.get("auction", []), where, "auction")))
    play = []
    for i, t in enumerate(_strings(d.get("play", []), where, "play")):
        at = _at(number, "play", i + 1)
        seat, words = _split(t, at, "card")
        if len(words) != 1:
            raise _fail(at, Msg("err-be-rec-entry", "cannot read {text!r}: write \"<seat 0–2> "
                                "<{what}>\" (BETEL §6)", text=t, what="card"))
        play.append((seat, _card(words[0], at)))
    return DealRecord(dealer, hands, dubel, auction, tuple(play))


def load_record(path: str | Path) -> SeriesRecord:
    """Read and check a record file (TOML or JSON)."""
    return parse_record(load_document(path), source=str(path))


# ---------------------------------------------------------------- replaying


def _steps(deal: Deal, e: AuctionEntry) -> list[Action]:
    """The engine's steps for one written call."""
    steps: list[Action] = []
    if e.look == 1:
        if e.seen not in deal.pos.dubel:
            raise IllegalMove(Msg("err-be-not-seen", "{card} does not lie in the dubel, so "
                                  "seat {seat} cannot have seen it there (BETEL §3)",
                                  card=ASCII_NAMES[e.seen], seat=e.seat))
        steps.append(Action("look", n=1, pos=deal.pos.dubel.index(e.seen)))
    elif e.look == 2:
        steps.append(LOOK_BOTH)
    elif e.laid:
        steps += [TAKE, lay(e.laid[0], e.laid[1])]
    return steps


def apply_entry(deal: Deal, entry: AuctionEntry) -> None:
    """Make one written call in ``deal``: its dubel action's steps, then the call;
    :class:`IllegalMove` naming the rule if the entry is not legal now (BETEL §3)."""
    if deal.phase != "auction":   # two passes after a contract, or all three (BETEL §3)
        raise IllegalMove(Msg("err-be-three-passes", "the auction is over: three passes ended "
                              "it, an all-pass deal (BETEL §3)") if deal.all_pass else
                          Msg("err-be-two-passes", "the auction is over: two passes ended it "
                              "(BETEL §3)"))
    if entry.seat != deal.to_act:
        raise IllegalMove(Msg("err-be-speaks-before-turn", "seat {seat} speaks out of turn: "
                              "seat {to_act} is to speak (BETEL §3)", seat=entry.seat,
                              to_act=deal.to_act))
    for step in _steps(deal, entry):
        deal.act(step)
    deal.move(entry.call)


def replay_deal(rs: Ruleset, rec: DealRecord, number: int = 1) -> Deal:
    """Replay one deal, checking every entry; the finished :class:`Deal`."""
    where = _at(number)
    try:
        deal = Deal(rs, rec.dealer, rec.hands, rec.dubel)
    except IllegalMove as e:
        raise _fail(where, _why(e)) from None
    for i, entry in enumerate(rec.auction):
        try:
            apply_entry(deal, entry)
        except (IllegalMove, CardError) as err:
            raise _fail(_at(number, "auction", i + 1), _why(err)) from None
    for j, (s, c) in enumerate(rec.play):
        try:
            if deal.phase != "play":
                raise IllegalMove(OVER_NO_CARDS if deal.is_over else
                                  Msg("err-be-card-before-end", "no card is played before the "
                                      "auction ends (BETEL §3)"))
            if s != deal.to_act:
                raise IllegalMove(Msg("err-be-plays-before-turn", "seat {seat} plays out of "
                                      "turn: seat {to_act} is to play (BETEL §4)", seat=s,
                                      to_act=deal.to_act))
            deal.play(c)
        except IllegalMove as err:
            raise _fail(_at(number, "play", j + 1), _why(err)) from None
    _WORDS.finished(deal.is_over, where, phase=PHASE_NAMES[deal.phase], seat=deal.to_act)
    return deal


def replay(record: SeriesRecord) -> SeriesResult:
    """Replay every deal: each result, the totals by seat, the match's winner."""
    rs = record.ruleset
    match = Match(rs)

    def added(number: int, d: DealRecord) -> DealResult:
        if match.winner is not None:
            raise _fail(_at(number), Msg("err-be-decided", "the match was decided after deal "
                                         "{deal}: seat {seat} won with {total}; a further deal "
                                         "is refused (BETEL §5, §6)", deal=number - 1,
                                         seat=match.winner, total=match.totals[match.winner]))
        result = replay_deal(rs, d, number).result()
        match.add(result.scores, time_up=record.time_up == number)
        return result

    results = _WORDS.replay_all(record, added, _at)
    return SeriesResult(record, results, match.totals, match.winner)


# ---------------------------------------------------------------- writing


def record_of(deal: Deal) -> DealRecord:
    """The record of a deal played through the engine (ended or not; a call under way is
    left out)."""
    rs = deal.rs
    auction: list[AuctionEntry] = []
    play: list[tuple[int, int]] = []
    look, seen = 0, -1
    laid: tuple[int, ...] = ()
    for op in deal.log:
        a = op.action
        if op.kind == "card":
            play.append((op.seat, op.card))
        elif a is not None and a.kind == "look":
            look, seen = a.n, op.card
        elif a is not None and a.kind == "lay":
            laid = a.cards
        elif a is not None and a.kind != "take":
            auction.append(AuctionEntry(op.seat, a.text(rs), look, seen, laid))
            look, seen, laid = 0, -1, ()
    return DealRecord(deal.dealer, deal.dealt, deal.dealt_dubel, tuple(auction), tuple(play))


def _deal_doc(rec: DealRecord) -> dict[str, Any]:
    return {
        "dealer": rec.dealer,
        "hands": [" ".join(ASCII_NAMES[c] for c in h) for h in rec.hands],
        "dubel": " ".join(ASCII_NAMES[c] for c in rec.dubel),
        "auction": [e.text() for e in rec.auction],
        "play": [f"{s} {ASCII_NAMES[c]}" for s, c in rec.play],
    }


def record_document(record: SeriesRecord) -> Document:
    """The record as a document (what :func:`dumps_record` writes)."""
    return _document("betel", record.ruleset.ref, record, _deal_doc, time_up=record.time_up)


def dumps_record(record: SeriesRecord, fmt: str = "toml") -> str:
    """The record as TOML (default) or JSON text."""
    return record_io.dumps(record_document(record), fmt)


def series_record(rs: Ruleset, deals: Sequence[DealRecord],
                  players: Sequence[str] | None = None, *,
                  time_up: int | None = None) -> SeriesRecord:
    """A record of ``deals`` under ruleset ``rs`` (``time_up``: see :class:`SeriesRecord`)."""
    return SeriesRecord(rs, tuple(deals), tuple(players) if players else None,
                        time_up=time_up)
