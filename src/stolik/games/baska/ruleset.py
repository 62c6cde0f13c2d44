"""A Baśka regulation as data: read from a TOML file, checked key by key.

The three regulations of RULES.md ship in ``rulesets/`` beside this module; a league may
write its own file (copy one of them) and pass its path wherever a ruleset id is taken.
A broken file is refused with one line naming the file, the key and the problem.
The values read (:class:`Ruleset`, :class:`Contract`, …) are in
:mod:`stolik.games.baska.ruleset_values`, re-exported here.

>>> rs = load_ruleset("pucka-2019")
>>> [c.id for c in rs.ladder]
['wesele', 'gran', 'zolo', 'gran-du', 'zolo-du', 'baszka']
>>> rs.contract("zolo").win, rs.contract("zolo").max_level
(5, 2)
>>> rs.doublings[1]
'rekontra'
>>> sorted(available_rulesets())
['linia', 'mester-sport', 'pucka-2019']
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path
from typing import Any

from stolik.errors import CardError
from stolik.games.baska.deck import CARDS_PER_HAND, DECK, parse_cards
from stolik.games.baska.ruleset_values import CATEGORIES as CATEGORIES
from stolik.games.baska.ruleset_values import Contract as Contract
from stolik.games.baska.ruleset_values import Kind as Kind
from stolik.games.baska.ruleset_values import PlainRules as PlainRules
from stolik.games.baska.ruleset_values import RevokeRule as RevokeRule
from stolik.games.baska.ruleset_values import Ruleset as Ruleset
from stolik.games.baska.ruleset_values import SeriesRules as SeriesRules
from stolik.games.baska.ruleset_values import Side as Side
from stolik.games.baska.ruleset_values import Wyjscie as Wyjscie
from stolik.i18n import Msg
from stolik.rulesets import KeyTable, RulesetShelf, ruleset_head
from stolik.tournament.model import TournamentRules
from stolik.tricks import CardOrder

DEFAULT_RULESET = "pucka-2019"

MAX_DOUBLINGS = 4
"""Kontra, rekontra and the ruleset's third and fourth names: at most four (RULES §4, §7)."""

MAX_VALUE = 1000
"""The largest base value, revoke amount or place-point figure a ruleset may give: the
regulations' largest is 20 (RULES §7); this bound keeps every payout (× 2 per doubling,
× 2 on a bok-runda deal, × 3 for a lone player) far inside a database's whole numbers."""

MAX_SERIES = 200
"""The longest series a ruleset may name (the regulations' are 16 to 40 deals, RULES §9)."""

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A call as records write it: lower-case ASCII words joined by ``-`` (RULES §11)."""

class _Reader(KeyTable):
    """Reads one TOML table of a regulation, naming ``file: key`` in every error; refuses
    unknown keys."""

    names_value = True

    def line(self, name: str, default: Any = ..., *, longest: int = 200) -> str:
        v = self.raw(name, default)
        if not isinstance(v, str) or not v.strip():
            raise self.fail(name, Msg("err-ba-rs-string", "must be a non-empty string, not "
                                      "{value!r}", value=v))
        if not v.isprintable():
            raise self.fail(name, Msg("err-ba-rs-printable", "must be one line of printable "
                                      "text, not {value!r}", value=v))
        if len(v) > longest:
            raise self.fail(name, Msg("err-ba-rs-length", "must be at most {longest} "
                                      "characters, not {n}", longest=longest, n=len(v)))
        return v

    def word(self, name: str, default: Any = ...) -> str:
        """A call word as a record writes it (RULES §11): ``zolo-du``, ``kontra``."""
        v = self.line(name, default, longest=40)
        if not _WORD.fullmatch(v) or v == "pass":
            raise self.fail(name, Msg("err-ba-rs-word", "must be a call as records write it "
                                      "— lower-case letters and digits joined by '-', not "
                                      "'pass' — not {value!r} (RULES §11)", value=v))
        return v

    def int_(self, name: str, default: Any = ..., *, lo: int | None = None,
             hi: int | None = None) -> int:
        return self.whole(name, default, lo=lo, hi=hi)

    def choice(self, name: str, options: tuple[str, ...], default: Any = ...) -> str:
        v = self.raw(name, default)
        if v not in options:
            raise self.fail(name, Msg("err-ba-rs-choice", "must be one of {options}, not "
                                      "{value!r}", options=", ".join(options), value=v))
        return str(v)

    def numbers(self, name: str, default: Any = ..., *, length: int | None = None,
                positive: bool = False, lo: float = -MAX_VALUE,
                hi: float = MAX_VALUE) -> tuple[float, ...]:
        v = self.raw(name, default)
        if not isinstance(v, list) or not all(
            isinstance(x, int | float) and not isinstance(x, bool) for x in v
        ):
            raise self.fail(name, Msg("err-ba-rs-numbers", "must be a list of numbers, not "
                                      "{value!r}", value=v))
        if length is not None and len(v) != length:
            raise self.fail(name, Msg("err-ba-rs-count", "must list {length} numbers, not {n}",
                                      length=length, n=len(v)))
        if not all(math.isfinite(x) for x in v):
            raise self.fail(name, Msg("err-ba-rs-finite", "must hold finite numbers, not "
                                      "{value!r}", value=v))
        if positive and any(x <= 0 for x in v):
            raise self.fail(name, Msg("err-ba-rs-positive", "must hold numbers above zero"))
        if any(x < lo or x > hi for x in v):
            raise self.fail(name, Msg("err-ba-rs-range", "must hold numbers from {lo:g} to "
                                      "{hi:g}, not {value!r}", lo=lo, hi=hi, value=v))
        return tuple(v)

    def falling(self, name: str, v: tuple[float, ...]) -> tuple[float, ...]:
        """``v``, refused unless it never rises: a better place never gets less."""
        if any(a < b for a, b in itertools.pairwise(v)):
            raise self.fail(name, Msg("err-ba-rs-falling", "must not rise from first place to "
                                      "last, but is {value} (RULES §9)", value=list(v)))
        return v

    def cards(self, name: str, default: Any = ...) -> list[int]:
        v = self.raw(name, default)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.fail(name, Msg("err-ba-rs-cards", "must be a list of cards such as "
                                      "[\"AH\", \"TD\"], not {value!r}", value=v))
        try:
            out = parse_cards(v)
        except CardError as e:
            raise self.fail(name, Msg("err-ba-rs-bad-card", "has a bad card: {why}", why=(
                e.message if isinstance(e.message, Msg) else str(e)))) from None
        if len(set(out)) != len(out):
            raise self.fail(name, Msg("err-ba-rs-card-twice", "lists a card twice"))
        return out


def parse_ruleset(text: str, *, source: str = "<ruleset>", path: str | None = None) -> Ruleset:
    """Build a :class:`Ruleset` from TOML text, refusing any broken key with one line."""
    # RULES §11: an optional ``game`` key is how stolik.games knows a club's file.
    top, rid, name, src = ruleset_head(_Reader, text, source, "baska", "Baśka")
    # RULES §5: more than half of the 104 card points, so that only one side can reach it.
    points_to_win = top.int_("points_to_win", 53, lo=53, hi=104)
    doublings = top.raw("doublings")
    if (not isinstance(doublings, list) or not doublings
            or not all(isinstance(d, str) and d for d in doublings)):
        raise top.fail("doublings", Msg("err-ba-rs-doublings", "must be a list of names, "
                                        "level 1 first"))
    if len(doublings) > MAX_DOUBLINGS:
        raise top.fail("doublings", Msg("err-ba-rs-doublings-most", "names {n} doublings, "
                                        "but a game may be doubled at most {most} times "
                                        "(RULES §4, §7)", n=len(doublings),
                                        most=MAX_DOUBLINGS))
    for i, d in enumerate(doublings):
        _Reader({f"doublings[{i}]": d}, "", source).word(f"doublings[{i}]")
    if len(set(doublings)) != len(doublings):
        raise top.fail("doublings", Msg("err-ba-rs-doubling-twice", "names a doubling twice"))
    max_possible = len(doublings)
    laid = top.int_("laid_down_max_level", 0, lo=0, hi=max_possible)
    tie = top.raw("doubled_tie_loser", None)
    if tie not in (None, "first-doubler"):
        raise top.fail("doubled_tie_loser", Msg("err-ba-rs-tie", "must be \"first-doubler\" "
                                                "or absent, not {value!r}", value=tie))

    orders_r = top.table("orders")
    orders: dict[str, CardOrder] = {}
    for oname in orders_r.data:
        o = orders_r.table(oname)
        trumps = o.cards("trumps")
        fele_raw = o.raw("fele", [])
        if not isinstance(fele_raw, list):
            raise o.fail("fele", Msg("err-ba-rs-fele", "must be a list of suits, each a list "
                                     "of cards"))
        fele = []
        for i, suit in enumerate(fele_raw):
            r = _Reader({f"fele[{i}]": suit}, o.where, source)
            fele.append(r.cards(f"fele[{i}]"))
        o.done()
        try:
            orders[oname] = CardOrder(DECK, trumps, fele)
        except ValueError as e:
            problem = str(e).removeprefix("a card order must list every card once: ")
            raise orders_r.fail(oname, Msg("err-ba-rs-order", "must list each of the 16 cards "
                                           "once in its trumps and fele ({why})",
                                           why=problem)) from None
        _check_groups(o, trumps, fele)
    orders_r.done()
    for needed in ("normal",):
        if needed not in orders:
            raise top.fail("orders", Msg("err-ba-rs-order-needed", "must define the "
                                         "'{order}' card order", order=needed))

    def order_name(r: _Reader, key: str) -> str:
        v = r.line(key, "normal")
        if v not in orders:
            raise r.fail(key, Msg("err-ba-rs-order-name", "names card order {value!r}, which "
                                  "[orders] does not define", value=v))
        return v

    pr = top.table("plain")
    plain_order = order_name(pr, "order")
    starzy_cards = pr.cards("starzy")
    if len(starzy_cards) != 2:
        raise pr.fail("starzy", Msg("err-ba-rs-starzy", "must name the two cards whose "
                                    "holders are starzy"))
    starzy = DECK.mask_of(starzy_cards)
    plain_first = pr.choice("first_double", ("mlodzi", "any"))
    plain_max = pr.int_("max_level", lo=0, hi=max_possible)
    wy_r = pr.table("wyjscie")
    wyjscie: dict[str, Wyjscie] = {}
    for side in ("starzy", "mlodzi"):
        s = wy_r.table(side)
        # RULES §5: the losers' escape — at most half the points, fewer than all tricks.
        pts = s.int_("points", lo=1, hi=52)
        tr = s.int_("tricks", None, lo=1, hi=3) if s.has("tricks") else None
        s.done()
        wyjscie[side] = Wyjscie(pts, tr)
    wy_r.done()
    val_r = pr.table("values")
    values: dict[str, dict[str, int]] = {}
    for side in ("starzy", "mlodzi"):
        s = val_r.table(side)
        values[side] = {cat: s.int_(cat, lo=1, hi=MAX_VALUE) for cat in CATEGORIES}
        s.done()
        v = [values[side][cat] for cat in CATEGORIES]
        if not v[0] <= v[1] <= v[2]:
            raise s.fail(CATEGORIES[1], Msg(
                "err-ba-rs-values", "must lie between {low} and {high}: a worse loss never "
                "pays less (RULES §5, §7), but the values are {a}, {b}, {c}",
                low=CATEGORIES[0], high=CATEGORIES[2], a=v[0], b=v[1], c=v[2]))
    val_r.done()
    pr.done()
    zwykla = Contract("zwykla", "Zwykła gra", "plain", order=plain_order,
                      first_double=plain_first,  # type: ignore[arg-type]
                      max_level=plain_max)

    cr = top.table("cicha")
    cicha = Contract(
        "cicha", "Cicha", "cicha", order=plain_order, requires=starzy,
        win=cr.int_("win", lo=1, hi=MAX_VALUE), loss=cr.int_("loss", lo=1, hi=MAX_VALUE),
        max_level=cr.int_("max_level", lo=0, hi=max_possible),
        first_double=plain_first,  # type: ignore[arg-type]
    )
    cicha_first = cr.flag("player_may_double_first", False)
    cr.done()
    if cicha_first:
        raise cr.fail("player_may_double_first",
                      Msg("err-ba-rs-cicha-first", "true is not supported: every regulation "
                          "forbids it (RULES §4)"))

    raw_contracts = top.raw("contract")
    if not isinstance(raw_contracts, list) or not raw_contracts:
        raise top.fail("contract", Msg("err-ba-rs-contracts", "must be a list of [[contract]] "
                                       "tables, lowest first"))
    ladder: list[Contract] = []
    seen: set[str] = {"zwykla", "cicha"}
    for i, raw in enumerate(raw_contracts):
        c = _Reader(raw, f"contract[{i}]", source)
        cid = c.word("id")
        if cid in seen or cid in doublings:
            raise c.fail("id", Msg("err-ba-rs-id-twice", "{value!r} is used twice", value=cid))
        seen.add(cid)
        kind = c.choice("kind", ("wesele", "solo", "honour"))
        cname = c.line("name", cid)
        if kind == "honour":
            req = _held(c, "requires", None)
            if not req:
                raise c.fail("requires", Msg("err-ba-rs-honour", "must name the honour's "
                                             "cards"))
            con = Contract(cid, cname, "honour", rank=i, requires=DECK.mask_of(req),
                           win=c.int_("win", lo=1, hi=MAX_VALUE), max_level=0)
        elif kind == "solo":
            con = Contract(
                cid, cname, "solo", rank=i, order=order_name(c, "order"),
                goal=c.choice("goal", ("points", "all-tricks")),  # type: ignore[arg-type]
                requires=DECK.mask_of(_held(c, "requires", [])),
                win=c.int_("win", lo=1, hi=MAX_VALUE), loss=c.int_("loss", lo=1, hi=MAX_VALUE),
                max_level=c.int_("max_level", lo=0, hi=max_possible),
            )
        else:
            req = _held(c, "requires", [])
            partners = c.cards("partner_cards")
            if not partners:
                raise c.fail("partner_cards", Msg("err-ba-rs-partners", "must list at least "
                                                  "one card"))
            if len(partners) <= 4 - len(req) and len(req) < 4:
                # The declarer holds `req` and 4 - len(req) other cards: with this few partner
                # cards he could hold all of them and have no partner.
                raise c.fail("partner_cards",
                             Msg("err-ba-rs-partners-few", "must list more than {n} cards so "
                                 "that one is always in another hand", n=4 - len(req)))
            if set(partners) & set(req):
                raise c.fail("partner_cards", Msg("err-ba-rs-partners-held", "may not include "
                                                  "a card the declarer must hold"))
            con = Contract(
                cid, cname, "wesele", rank=i, order=order_name(c, "order"),
                requires=DECK.mask_of(req),
                first_round_only=c.flag("first_round_only", False),
                opening_only=c.flag("opening_only", False),
                partner_cards=tuple(partners),
                first_double=c.choice("first_double", ("mlodzi", "any")),  # type: ignore[arg-type]
                max_level=c.int_("max_level", lo=0, hi=max_possible),
            )
        c.done()
        ladder.append(con)

    rv = top.table("revoke")
    mode = rv.choice("mode", ("contract", "fixed"))
    if mode == "fixed":
        revoke = RevokeRule("fixed", offender=rv.int_("offender", lo=-3 * MAX_VALUE, hi=-1),
                            others=rv.int_("others", lo=0, hi=MAX_VALUE),
                            lone_declarer_loses_contract=rv.flag(
                                "lone_declarer_loses_contract", False))
        if revoke.offender + 3 * revoke.others != 0:
            raise rv.fail("others", Msg("err-ba-rs-revoke-sum", "and 'offender' must sum to "
                                        "zero over the four seats, but {offender} + 3 × "
                                        "{others} = {sum}", offender=revoke.offender,
                                        others=revoke.others,
                                        sum=revoke.offender + 3 * revoke.others))
    else:
        revoke = RevokeRule("contract")
    rv.done()

    sr = top.table("series")
    lengths = sr.numbers("lengths", positive=True, hi=MAX_SERIES)
    if not lengths:
        raise sr.fail("lengths", Msg("err-ba-rs-lengths", "must name at least one series "
                                     "length (RULES §9)"))
    if not all(isinstance(n, int) for n in lengths):
        raise sr.fail("lengths", Msg("err-ba-rs-lengths-whole", "must hold whole numbers of "
                                     "deals"))
    if len(set(lengths)) != len(lengths):
        raise sr.fail("lengths", Msg("err-ba-rs-length-twice", "names a length twice: "
                                     "{lengths}", lengths=str(list(lengths))))
    series = SeriesRules(
        lengths=tuple(int(n) for n in lengths),
        place_points=sr.falling("place_points", sr.numbers("place_points", length=4)),
        positive_bonus=sr.falling("positive_bonus", sr.numbers("positive_bonus", [], lo=0))
        if sr.has("positive_bonus") else (),
        # RULES §6: a bok-runda is a few doubled deals (linia: 4).
        bok_round_deals=sr.int_("bok_round_deals", 0, lo=0, hi=MAX_SERIES),
    )
    if series.positive_bonus and len(series.positive_bonus) != 4:
        raise sr.fail("positive_bonus", Msg("err-ba-rs-bonus", "must list 4 numbers, not {n}",
                                            n=len(series.positive_bonus)))
    sr.done()
    tournament = _tournament_rules(top.table("tournament")) if top.has("tournament") else (
        TournamentRules())
    top.done()
    return Ruleset(
        id=rid, name=name, source=src, points_to_win=points_to_win,
        doublings=tuple(doublings), laid_down_max_level=laid,
        doubled_tie_loser=tie, orders=orders,
        plain=PlainRules(starzy, wyjscie, values), zwykla=zwykla, cicha=cicha,
        ladder=tuple(ladder), revoke=revoke, series=series, tournament=tournament,
        path=path,
    )


def _check_groups(o: _Reader, trumps: list[int], fele: list[list[int]]) -> None:
    """RULES §2: an order has trumps, and its fele are grouped in suits — each group one
    suit's non-trumps, highest first, each suit in one group."""
    if not trumps:
        raise o.fail("trumps", Msg("err-ba-rs-trumps", "must list at least one trump, "
                                   "highest first (RULES §2)"))
    seen: set[object] = set()
    for i, cards in enumerate(fele):
        suits = {DECK[c].suit for c in cards}
        if not cards:
            raise o.fail(f"fele[{i}]", Msg("err-ba-rs-fele-empty", "is empty: list a suit's "
                                           "fele, highest first (RULES §2)"))
        if len(suits) != 1:
            raise o.fail(f"fele[{i}]", Msg("err-ba-rs-fele-mixed", "mixes suits: each fele "
                                           "group is the non-trumps of one suit, highest "
                                           "first (RULES §2)"))
        if suits & seen:
            raise o.fail(f"fele[{i}]", Msg("err-ba-rs-fele-again", "is a suit another fele "
                                           "group already lists — list each suit's fele in "
                                           "one group (RULES §2)"))
        seen |= suits


def _held(r: _Reader, name: str, default: Any) -> list[int]:
    """Cards a declarer must hold: no more than a hand's four (RULES §1, §4)."""
    cards = r.cards(name, default)
    if len(cards) > CARDS_PER_HAND:
        raise r.fail(name, Msg("err-ba-rs-held", "names {n} cards, but a hand holds {most} "
                               "(RULES §1)", n=len(cards), most=CARDS_PER_HAND))
    return cards


def _pair(r: _Reader, name: str, default: tuple[float, int]) -> tuple[float, int]:
    """A (place points, table points) pair; table points are whole numbers."""
    v = r.numbers(name, list(default), length=2)
    if not float(v[1]).is_integer():
        raise r.fail(name, Msg("err-ba-rs-table-points", "table points must be a whole "
                               "number, not {value}", value=v[1]))
    return (float(v[0]), int(v[1]))


def _tournament_rules(r: _Reader) -> TournamentRules:
    """The ``[tournament]`` table: seed 000 §7q–t, w amounts, each key optional."""
    d = TournamentRules()
    minor = r.int_("late_minor_minutes", d.late_minor_minutes, lo=0, hi=24 * 60)
    rules = TournamentRules(
        min_deals_for_result=r.int_("min_deals_for_result", d.min_deals_for_result, lo=0,
                                    hi=MAX_SERIES),
        late_minor_minutes=minor,
        late_major_minutes=r.int_("late_major_minutes", d.late_major_minutes, lo=minor,
                                  hi=24 * 60),
        late_minor=r.int_("late_minor", d.late_minor, lo=-MAX_VALUE, hi=MAX_VALUE),
        late_minor_others=r.int_("late_minor_others", d.late_minor_others, lo=-MAX_VALUE,
                                 hi=MAX_VALUE),
        late_major=_pair(r, "late_major", d.late_major),
        late_major_others=_pair(r, "late_major_others", d.late_major_others),
        leave_places=tuple(float(x) for x in r.numbers("leave_places", list(d.leave_places),
                                                         length=3)),
        leaver_place_points=_number(r, "leaver_place_points", d.leaver_place_points),
        leave_early=_pair(r, "leave_early", d.leave_early),
        leave_early_others=_pair(r, "leave_early_others", d.leave_early_others),
        sitting_out=_pair(r, "sitting_out", d.sitting_out),
    )
    r.done()
    return rules


def _number(r: _Reader, name: str, default: float) -> float:
    v = r.raw(name, default)
    if not isinstance(v, int | float) or isinstance(v, bool):
        raise r.fail(name, Msg("err-ba-rs-number", "must be a number, not {value!r}",
                               value=v))
    if not math.isfinite(v) or abs(v) > MAX_VALUE:
        raise r.fail(name, Msg("err-ba-rs-number-range", "must be a number from {lo} to {hi}, "
                               "not {value!r}", lo=-MAX_VALUE, hi=MAX_VALUE, value=v))
    return float(v)


# ---------------------------------------------------------------- loading

_SHELF = RulesetShelf("stolik.games.baska", DEFAULT_RULESET, None, parse_ruleset)


def available_rulesets() -> list[str]:
    """Ids of the rulesets shipped with stolik."""
    return _SHELF.ids()


def load_ruleset(ref: str | Path | None = None) -> Ruleset:
    """A shipped ruleset by id (default ``pucka-2019``), or a user's file by path."""
    return _SHELF.load(ref)
