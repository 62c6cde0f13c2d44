"""The frame every game's deal record shares (issue 26): a game's record module supplies
its deal entry's keys and their meaning, its replay and its words; this module reads and
writes the rest — the top keys (``game``, ``ruleset``, ``players``, the tags, the
``[[deal]]`` tables), a deal's dealer and hands, the dealer order, the record's
document — and words each refusal through :class:`RecordWords`, so that every game's
refusals keep their own catalog ids and spec sections.

>>> words = RecordWords(
...     seats=3, at=Msg("x-at", "{where}: {why}"), no_seat=Msg("x-seat", "{what}: no seat"),
...     no_strings=Msg("x-strings", "'{key}': no strings"),
...     deal_key=Msg("x-key", "unknown key '{key}'"), missing=Msg("x-missing", "no '{key}'"),
...     hands=Msg("x-hands", "{n} hands"), dealer=Msg("x-dealer", "dealer {want}"),
...     unfinished=Msg("x-over", "seat {seat} is to play"))
>>> words.deal_head({"dealer": 2, "hands": ["a", "b", "c"]}, "deal 1", ("dealer", "hands"),
...                 ("dealer", "hands"))
(2, ['a', 'b', 'c'])
>>> words.deal_head({"dealer": 3, "hands": []}, "deal 1", ("dealer", "hands"), ())
Traceback (most recent call last):
stolik.errors.RecordError: deal 1: dealer: no seat
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from stolik.errors import RecordError, RulesetError
from stolik.games import beside_record
from stolik.i18n import Msg, Place
from stolik.records import Document, dumps_json, dumps_toml

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

META_KEYS = ("event", "site", "date", "round", "table", "comment")
"""Optional descriptive tags a record may carry at its top (like PGN's tags)."""

TOP_KEYS = ("game", "ruleset", "players", "deal")
"""The keys every game's record may hold at its top, beside the tags."""


class _Dealt(Protocol):
    @property
    def dealer(self) -> int: ...


R = TypeVar("R")
RS = TypeVar("RS", bound="DataclassInstance")
D = TypeVar("D", bound=_Dealt)
T = TypeVar("T")


def why(e: Exception) -> str:
    """The message of ``e``: a :class:`~stolik.i18n.Msg` where it has one (so that a
    reader's language says it), else its text."""
    inner = getattr(e, "message", None)
    return inner if isinstance(inner, Msg) else str(e)


def say(words: Msg, **params: Any) -> Msg:
    """A game's message ``words`` (a :class:`~stolik.i18n.Msg` written without its
    values: its catalog id and English text) said with ``params``.

    >>> say(Msg("x-seat", "{what} must be a seat 0–3 (X §1)"), what="dealer")
    'dealer must be a seat 0–3 (X §1)'
    """
    return Msg(words.code, str(words), **params)


def cited(words: Msg, cite: str, seats: int = 0, **params: Any) -> Msg:
    """``words`` said with ``params``, and with the game's spec section ``cite`` and its
    last seat (``seats - 1``) where its text names ``{cite}`` and ``{last}``: the core's
    own words below are every game's, each refusal ending with the game's section.

    >>> cited(MISSING, "X §11", key="hands")
    "'hands' is missing (X §11)"
    >>> cited(Msg("x-missing", "no '{key}' (X §2)"), "X §11", key="hands")
    "no 'hands' (X §2)"
    """
    shared = {"cite": cite, "last": seats - 1}
    return say(words, **params, **{k: v for k, v in shared.items() if f"{{{k}}}" in words})


AT = Msg("err-record-at", "{where}: {why}")
"""A refusal at a place of a record (``deal 3, play entry 2: …``), in every game."""
NO_SEAT = Msg("err-rec-seat", "{what} must be a seat 0–{last}, not {value!r} ({cite})")
NO_STRINGS = Msg("err-rec-strings", "'{key}' must be a list of strings ({cite})")
MISSING = Msg("err-rec-missing", "'{key}' is missing ({cite})")
DEAL_KEY = Msg("err-rec-deal-key", "unknown key '{key}': a deal holds {keys} ({cite})")
RULESET = Msg("err-rec-ruleset", "ruleset: {why}")
RULESET_REF = Msg("err-rec-ruleset-ref", "ruleset must be a ruleset id or file, not {ref!r} "
                                         "({cite})")
DEALS = Msg("err-rec-deals", "a record needs one or more [[deal]] tables ({cite})")
TAG = Msg("err-rec-tag", "tag '{tag}' must be text or a whole number ({cite})")


@dataclass(frozen=True, kw_only=True)
class Cited:
    """A game's words for its record's refusals: its seats and its section on records
    (:attr:`cite`), which the core's own words end with."""

    seats: int
    cite: str = ""
    """The game's section on records (``MARIAS §11``)."""

    def say(self, words: Msg, **params: Any) -> Msg:
        """``words`` said with ``params`` (and the game's :attr:`cite` and last seat
        where they are named: :func:`cited`)."""
        return cited(words, self.cite, self.seats, **params)


@dataclass(frozen=True, kw_only=True)
class RecordWords(Cited):
    """What one game says where the shared reading refuses its record: each field is the
    game's message (its catalog id, its spec's section) written without its values, which
    :func:`say` fills in (named in braces below). The refusals every game words alike are
    the core's (:data:`AT`, :data:`NO_SEAT`, :data:`NO_STRINGS`, :data:`MISSING`,
    :data:`DEAL_KEY`), ending with the game's section :attr:`cite`; a game whose words
    differ gives its own."""

    hands: Msg
    """``{n}``: a deal with ``n`` hands, not one a seat."""
    dealer: Msg
    """``{dealer}``, ``{want}`` (also ``{seat}``): a deal's dealer that is not the last
    one's left neighbour."""
    unfinished: Msg
    """The game's values (:meth:`finished`): a deal whose replay stops before its end."""
    at: Msg = AT
    """``{where}``, ``{why}``: a refusal at a place (``deal 3, play entry 2: …``)."""
    no_seat: Msg = NO_SEAT
    """``{what}``, ``{value}``: a value that is no seat."""
    no_strings: Msg = NO_STRINGS
    """``{key}``: a value that is no list of strings."""
    missing: Msg = MISSING
    """``{key}``: a deal's key that must be there."""
    deal_key: Msg = DEAL_KEY
    """``{key}``, ``{keys}``: a deal's key the game does not know."""
    entry_text: Msg | None = None
    """``{key}``, ``{entry}``, ``{value}`` (shown shortly): an entry of a list of strings
    that is no text; ``None``: :attr:`no_strings` says it."""
    dealer_name: str = "dealer"
    """How a refusal names the ``dealer`` key."""

    def fail(self, where: str, message: str) -> RecordError:
        """The refusal at ``where`` (a place, or a :class:`~stolik.i18n.Msg` saying one;
        empty: the record itself): a message stays one, so that a reader's language says
        it, place and all."""
        if isinstance(message, Msg) and where:
            return RecordError(self.say(self.at, where=where if isinstance(where, Msg)
                                        else Place(where), why=message))
        return RecordError(f"{where}: {message}" if where else message)

    def seat(self, value: Any, where: str, what: str) -> int:
        """``value`` if it is a seat of the game."""
        if isinstance(value, bool) or not isinstance(value, int) or value not in range(
                self.seats):
            raise self.fail(where, self.say(self.no_seat, what=what, value=value))
        return value

    def strings(self, value: Any, where: str, key: str) -> list[str]:
        """``value`` if it is a list of strings."""
        if not isinstance(value, list):
            raise self.fail(where, self.say(self.no_strings, key=key))
        for i, x in enumerate(value):
            if not isinstance(x, str):
                raise self.fail(where, self.say(self.no_strings, key=key)
                                if self.entry_text is None
                                else self.say(self.entry_text, key=key, entry=i + 1,
                                              value=repr(x)[:40]))
        return value

    def deal_head(self, d: Mapping[str, Any], where: str, keys: Sequence[str],
                  required: Iterable[str]) -> tuple[int, list[str]]:
        """A deal table's dealer and its hands' texts, one a seat, once it holds only
        ``keys`` and every key ``required``."""
        unknown = sorted(set(d) - set(keys))
        if unknown:
            raise self.fail(where, self.say(self.deal_key, key=unknown[0],
                                            keys=", ".join(keys)))
        for key in required:
            if key not in d:
                raise self.fail(where, self.say(self.missing, key=key))
        dealer = self.seat(d["dealer"], where, self.dealer_name)
        hands = self.strings(d["hands"], where, "hands")
        if len(hands) != self.seats:
            raise self.fail(where, self.say(self.hands, n=len(hands)))
        return dealer, hands

    def finished(self, over: bool, where: str, **params: Any) -> None:
        """Refuse a replayed deal that is not ``over``, saying ``params`` (where the play
        stopped)."""
        if not over:
            raise self.fail(where, self.say(self.unfinished, **params))

    def replay_all(self, record: Series[Any, D], replay: Callable[[int, D], T],
                   where: Callable[[int], Any]) -> tuple[T, ...]:
        """Each deal of ``record`` in order, once its dealer sits left of the last deal's
        (:meth:`check_dealer` at ``where(number)``), replayed by ``replay(number, deal)``
        (numbers from 1): their results; a refusal names the record's file."""
        results = []
        try:
            for i, d in enumerate(record.deals):
                self.check_dealer(record.deals, i, where(i + 1))
                results.append(replay(i + 1, d))
        except RecordError as e:
            raise with_file(e, record.source) from None
        return tuple(results)

    def check_dealer(self, deals: Sequence[_Dealt], i: int, where: str) -> None:
        """Refuse deal ``i`` (from 0) unless its dealer sits left of the last deal's: the
        deal moves one seat clockwise each deal."""
        if i and deals[i].dealer != (want := (deals[i - 1].dealer + 1) % self.seats):
            raise self.fail(where, self.say(self.dealer, dealer=deals[i].dealer, want=want,
                                            seat=want))


@dataclass(frozen=True, kw_only=True)
class HeadWords(Cited):
    """The top of one game's record as :func:`read_head` reads it: the game's id (and
    what a record without ``game`` is read as: the id, or ``None`` where the key is
    required), its seats, its extra top keys, and its words for each refusal: the core's
    (:data:`RULESET_REF`, :data:`RULESET`, :data:`DEALS`, :data:`TAG`, ending with the
    game's section :attr:`cite`) unless the game gives its own."""

    game: str
    game_default: str | None
    extra: tuple[str, ...]
    key: Msg
    """``{key}``, ``{tags}``: a top key no record of the game holds."""
    other_game: Msg
    """``{game}``: the record of another game."""
    players: Msg
    """``players`` that do not name one player a seat."""
    ruleset_ref: Msg = RULESET_REF
    """``{ref}``: a ``ruleset`` that is not text."""
    ruleset: Msg = RULESET
    """``{why}``: the ruleset's own refusal."""
    deals: Msg = DEALS
    """A record with no ``[[deal]]`` tables."""
    tag: Msg = TAG
    """``{tag}``: a tag that is neither text nor a whole number."""

    def tags(self, doc: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
        """The record's tags, each checked (:func:`tags`) and refused in these words."""
        return tags(doc, self.tag, self.cite)


def read_head(doc: Mapping[str, Any], words: HeadWords, *, ruleset: RS | None,
              source: str | None, default: str, shipped: Sequence[str],
              load: Callable[[str | Path], RS],
              ) -> tuple[RS, tuple[str, ...] | None, list[dict[str, Any]]]:
    """The top of a record, checked in order: its keys, its game, its ruleset (``ruleset``
    in place of the record's own when given; else the record's ``ruleset``, ``default``
    when absent, read by :func:`ruleset_of`), its players, its ``[[deal]]`` tables.
    Every refusal is one :class:`RecordError` in the game's words."""
    if unknown := unknown_key(doc, *words.extra):
        raise RecordError(words.say(words.key, key=unknown, tags=", ".join(META_KEYS)))
    if doc.get("game", words.game_default) != words.game:
        raise RecordError(words.say(words.other_game, game=doc.get("game")))
    ref = doc.get("ruleset", default)
    if not isinstance(ref, str):
        raise RecordError(words.say(words.ruleset_ref, ref=ref))
    try:
        rs = ruleset if ruleset is not None else ruleset_of(ref, source, shipped, load)
    except RulesetError as e:
        raise RecordError(words.say(words.ruleset, why=why(e))) from None
    players = doc.get("players")
    if players is not None and not named_players(players, words.seats):
        raise RecordError(words.say(words.players))
    deals = deal_tables(doc)
    if deals is None:
        raise RecordError(words.say(words.deals))
    return rs, tuple(players) if players else None, deals


def unknown_key(doc: Mapping[str, Any], *extra: str) -> str | None:
    """The first (in order) top key of ``doc`` that no record holds (``extra``: the keys a
    game's record holds beside :data:`TOP_KEYS` and :data:`META_KEYS`), or ``None``."""
    unknown = sorted(set(doc) - {*TOP_KEYS, *extra, *META_KEYS})
    return unknown[0] if unknown else None


def deal_tables(doc: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """The record's ``[[deal]]`` tables, or ``None`` where it has none (or not tables)."""
    raw = doc.get("deal")
    if isinstance(raw, list) and raw and all(isinstance(d, dict) for d in raw):
        return raw
    return None


def named_players(value: Any, seats: int) -> bool:
    """Whether ``value`` names ``seats`` players, seat 0 first, none blank."""
    return isinstance(value, list) and len(value) == seats and all(
        isinstance(p, str) and p.strip() for p in value)


def tags(doc: Mapping[str, Any], refuse: Msg | None = None,
         cite: str = "") -> tuple[tuple[str, Any], ...]:
    """The record's tags in :data:`META_KEYS` order. ``refuse`` (the game's words for a
    tag that is neither text nor a whole number, ``{tag}``, and its section ``cite`` where
    they name ``{cite}``) checks them; without it, any
    value is
    kept, a TOML date or time as ISO text, so that TOML and JSON records round-trip alike.

    >>> tags({"date": datetime.date(2024, 5, 1), "event": "Liga"})
    (('event', 'Liga'), ('date', '2024-05-01'))
    """
    found = []
    for k in META_KEYS:
        if k in doc:
            value = doc[k]
            if refuse is not None and (not isinstance(value, str | int) or isinstance(
                    value, bool)):
                raise RecordError(cited(refuse, cite, tag=k))
            found.append((k, value if refuse is not None else _tag_value(value)))
    return tuple(found)


def _tag_value(value: Any) -> Any:
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return [_tag_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _tag_value(v) for k, v in value.items()}
    return value


def ruleset_of(ref: str, source: str | None, shipped: Sequence[str],
               load: Callable[[str | Path], RS]) -> RS:
    """A record's ruleset (``load`` is the game's reader): a shipped id, or a club file's
    path; a relative path is looked up beside the record first (then from the working
    directory), so that a club's record and ruleset travel together. The ruleset keeps the
    path as the record writes it."""
    beside = beside_record(ref, source, shipped)
    return load(ref) if beside is None else replace(load(beside), path=ref)


def totals(results: Iterable[R], payout: Callable[[R], Sequence[int]],
           seats: int) -> tuple[int, ...]:
    """By seat, the sum of each result's ``payout``.

    >>> totals([(1, -1), (2, -2)], lambda r: r, 2)
    (3, -3)
    """
    sums = [0] * seats
    for r in results:
        for s, p in enumerate(payout(r)):
            sums[s] += p
    return tuple(sums)


def with_file(e: RecordError, source: str | None) -> RecordError:
    """``e`` naming the record's file ``source``, unless it names one already."""
    return e.with_source(source) if source and not e.source else e


@dataclass(frozen=True)
class Series(Generic[R, D]):
    """A record file: the ruleset, optional player names, the deals, descriptive tags;
    ``source``, the file it was read from (named in replay errors), is not compared."""

    ruleset: R
    deals: tuple[D, ...]
    players: tuple[str, ...] | None = None
    meta: tuple[tuple[str, Any], ...] = ()
    source: str | None = field(default=None, compare=False)

    @classmethod
    def of(cls, rs: R, deals: Sequence[D], players: Sequence[str] | None = None) -> Self:
        """A series record of ``deals`` under ruleset ``rs``."""
        return cls(rs, tuple(deals), tuple(players) if players else None)


def result_json(game: str, record: Series[Any, Any], results: Iterable[Any],
                totals: Iterable[int]) -> dict[str, Any]:
    """The form ``stolik replay --json`` prints, as far as every game's is alike."""
    return {"game": game, "ruleset": record.ruleset.id,
            "players": list(record.players) if record.players else None,
            "deals": [r.to_json() for r in results], "totals": list(totals)}


SR = TypeVar("SR", bound=Series[Any, Any])


@dataclass(frozen=True)
class Replayed(Generic[SR, T]):
    """A replayed record, every game's: the ``record``, each deal's result and the totals
    by seat; a game's ``SeriesResult`` names its :attr:`game` (and adds its own fields).

    >>> @dataclass(frozen=True)
    ... class Toy(Replayed[Series[Any, Any], Any]):
    ...     game = "toy"
    >>> from types import SimpleNamespace
    >>> Toy(Series(SimpleNamespace(id="club"), ()), (), (1, -1)).to_json()
    {'game': 'toy', 'ruleset': 'club', 'players': None, 'deals': [], 'totals': [1, -1]}
    """

    game: ClassVar[str]
    """The game's id, which ``stolik replay --json`` names."""
    record: SR
    results: tuple[T, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The form ``stolik replay --json`` prints (:func:`result_json`)."""
        return result_json(self.game, self.record, self.results, self.totals)


def record_document(game: str, ref: str, record: Series[Any, D],
                    deal: Callable[[D], dict[str, Any]], **extra: Any) -> Document:
    """The record as a document: ``game``, the ruleset ``ref``, the players, the tags,
    a game's ``extra`` top keys, then each deal as the game's ``deal`` writes it."""
    doc: Document = {"game": game, "ruleset": ref}
    if record.players:
        doc["players"] = list(record.players)
    doc.update(dict(record.meta))
    doc.update({k: v for k, v in extra.items() if v is not None})
    doc["deal"] = [deal(d) for d in record.deals]
    return doc


def dumps(doc: Document, fmt: str = "toml") -> str:
    """A record's document as TOML (default) or JSON text."""
    return dumps_json(doc) if fmt == "json" else dumps_toml(doc)
