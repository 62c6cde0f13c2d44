"""Baśka's ``league`` part (:mod:`stolik.web.league.parts`): what the tournament pages ask
of the game — the entry page's deal form (one field per column of the paper sheet), the
deals of a table settled and labelled as its score sheet shows them, and what the printed
sheet needs.

The entry form has one field per column of the paper sheet: ``contract``, ``declarer``
(or ``starzy``, a pair like ``0-2``, for a plain game), ``partner`` (wesele), ``level``,
``points``, ``tricks``, ``revoke``, ``first_double``. Fields a contract does not use are
dropped, so one form serves every contract; the line is then settled by the engine
(:mod:`stolik.games.baska.tournament`, RULES §5–§8) when the store checks it.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> deal_of_form(rs, {"contract": "zwykla", "declarer": "1", "starzy": "0-2",
...                   "points": "70", "tricks": "3", "level": "0"})
{'contract': 'zwykla', 'starzy': [0, 2], 'points': 70, 'tricks': 3}
>>> deal_of_form(rs, {"contract": "gran", "declarer": "1", "points": "100"})
Traceback (most recent call last):
...
stolik.web.league.forms.FormError: points: 100 card points cannot be taken in any ...
>>> form_of_deal({"contract": "zwykla", "starzy": [0, 2], "points": 70})["starzy"]
'0-2'
>>> [(f.payout, f.bok, f.tie) for f in settle(load_ruleset("linia"), "sheet", [
...     {"contract": "zolo", "declarer": 2, "points": 52},    # 52:52 opens a bok-runda
...     {"contract": "gran", "declarer": 0, "points": 61}])]
[((10, 10, -30, 10), False, True), ((30, -10, -10, -10), True, False)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from stolik.games.baska.record import parse_record, replay
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.tournament import parse_line, settle_sheet
from stolik.i18n import Label, Msg, Term
from stolik.web.league.forms import FormError, int_field, need_int
from stolik.web.league.parts import DealFace

ENTRY_KIND: Literal["sheet"] = "sheet"
"""The entry form writes score-sheet lines (RULES §10)."""

PAIRS = ("0-1", "0-2", "0-3", "1-2", "1-3", "2-3")
"""The starzy pairs a plain game can have."""


_POSSIBLE = ((0, 0), (8, 44), (20, 84), (60, 96), (104, 104))
"""Card points a side can hold with 0–4 tricks (as :mod:`stolik.games.baska.tournament`)."""


def contracts(rs: Ruleset) -> list[tuple[str, str, str]]:
    """(id, name, kind) of every game a sheet line can name: zwykła, cicha, the ladder."""
    return [(c.id, c.name, c.kind) for c in (rs.zwykla, rs.cicha, *rs.ladder)]


def deal_of_form(rs: Ruleset, form: Mapping[str, str], **table: Any) -> dict[str, Any]:
    """The sheet line (a dict for ``store.enter_deal``) the form describes (the table's
    dealer is not on a line)."""
    cid = (form.get("contract") or "").strip()
    if not rs.has(cid):
        raise FormError(Msg("err-form-contract", "contract: choose one of {known}",
                            known=", ".join(c[0] for c in contracts(rs))))
    kind = rs.contract(cid).kind
    line: dict[str, Any] = {"contract": cid}
    if kind == "plain":
        pair = (form.get("starzy") or "").strip()
        if pair not in PAIRS:
            raise FormError(Msg("err-form-starzy",
                                "starzy: choose the pair of the old side (e.g. seats 1+3)"))
        line["starzy"] = [int(pair[0]), int(pair[2])]
    else:
        line["declarer"] = need_int(form, "declarer", lo=0, hi=3, label="declarer")
    if kind == "wesele":
        line["partner"] = need_int(form, "partner", lo=0, hi=3, label="partner")
    level = int_field(form, "level", lo=0, hi=4, label="level")
    if level:
        line["level"] = level
    for key, hi in (("points", 104), ("tricks", 4), ("revoke", 3)):
        v = int_field(form, key, lo=0, hi=hi, label=key)
        if v is not None:
            line[key] = v
    points = line.get("points")
    if points is not None and "tricks" not in line and not any(
            lo <= points <= hi for lo, hi in _POSSIBLE):
        raise FormError(Msg("err-form-points", "points: {points} card points cannot be taken "
                            "in any number of tricks (a trick holds at least 8) (RULES §1)",
                            points=points))
    first = (form.get("first_double") or "").strip()
    if first and level:
        line["first_double"] = first
    return line


def form_of_deal(doc: Mapping[str, Any]) -> dict[str, str]:
    """The form's values for an entered line (to correct it)."""
    out = {k: "" if doc.get(k) is None else str(doc[k])
           for k in ("contract", "declarer", "partner", "level", "points", "tricks",
                     "revoke", "first_double")}
    starzy = doc.get("starzy")
    out["starzy"] = f"{starzy[0]}-{starzy[1]}" if starzy else ""
    return out


def _label(rs: Ruleset, res: DealResult, doc: Mapping[str, Any]) -> Msg:
    """The deal's game and doubling on the sheet, in the glossary's words (issue 9.9): the
    ruleset's contract name (``Gran-du``, as the buttons say it), zwykła / cicha, the
    ruleset's name of the doubling level; pages translate it, ``str`` is English."""
    c = res.game.contract
    game: str = Term(f"g-{'zwykla' if c.kind == 'plain' else 'cicha'}",
                     "zwykła" if c.kind == "plain" else "cicha") \
        if c.kind in ("plain", "cicha") else Label(c.id, c.name.split(" (")[0])
    lvl = min(int(doc.get("level", 0)), len(rs.doublings))
    return Msg("lg-deal-label", "{game}{level}", game=game,
               level=f" {rs.doubling_name(lvl)}" if lvl else "")


def _results(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> list[DealResult]:
    if not docs:
        return []
    if kind == "record":
        return list(replay(parse_record({"deal": [dict(d) for d in docs]}, ruleset=rs)).results)
    return settle_sheet(rs, [parse_line(dict(d), f"deal {i}") for i, d in enumerate(docs, 1)])



def settle(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> list[DealFace]:
    """The table's deals settled in order (bok-rounds over this sequence, RULES §6), as the
    score sheet shows them."""
    return [DealFace(r.payout, _label(rs, r, d), r.bok_deal, r.tie)
            for r, d in zip(_results(rs, kind, docs), docs, strict=True)]


def entry_context(rs: Ruleset) -> dict[str, Any]:
    """The deal form's choices: the contracts, the starzy pairs, and the ruleset's own
    names of the doubling levels (kontra, rekontra, bok, hirsch; RULES §7)."""
    return {"contracts": contracts(rs), "pairs": PAIRS,
            "doublings": list(enumerate(rs.doublings[:4], start=1))}


def print_context(rs: Ruleset) -> dict[str, Any]:
    """The printed sheet has a bok column where the ruleset plays bok-rounds (RULES §6)."""
    return {"has_bok": rs.series.bok_round_deals > 0}
