"""Form fields ⇄ score-sheet lines (:mod:`stolik.games.baska.tournament`), and small parsers.

The entry form has one field per column of the paper sheet: ``contract``, ``declarer``
(or ``starzy``, a pair like ``0-2``, for a plain game), ``partner`` (wesele), ``level``,
``points``, ``tricks``, ``revoke``, ``first_double``. Fields a contract does not use are
dropped, so one form serves every contract.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> line_of_form(rs, {"contract": "zwykla", "declarer": "1", "starzy": "0-2",
...                   "points": "70", "tricks": "3", "level": "0"})
{'contract': 'zwykla', 'starzy': [0, 2], 'points': 70, 'tricks': 3}
>>> line_of_form(rs, {"contract": "gran", "declarer": "1", "points": "100"})
Traceback (most recent call last):
...
stolik.web.league.forms.FormError: points: 100 card points cannot be taken in any ...
>>> form_of_line({"contract": "zwykla", "starzy": [0, 2], "points": 70})["starzy"]
'0-2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stolik.errors import StolikError
from stolik.games.baska.ruleset import Ruleset
from stolik.i18n import N_, Msg, Term

PAIRS = ("0-1", "0-2", "0-3", "1-2", "1-3", "2-3")
"""The starzy pairs a plain game can have."""


_POSSIBLE = ((0, 0), (8, 44), (20, 84), (60, 96), (104, 104))
"""Card points a side can hold with 0–4 tricks (as :mod:`stolik.games.baska.tournament`)."""


class FormError(StolikError):
    """A form field that is not what it should be (a number, a known choice)."""


_FIELDS = {"points": N_("lg-points"), "tricks": N_("lg-tricks"), "level": N_("lg-level"),
           "declarer": N_("lg-declarer"), "partner": N_("lg-partner"),
           "revoke": N_("lg-revoke"), "value": N_("lg-event-value")}
"""A form field's name on the page (the column it fills), by its key."""


def _field(key: str, label: str | None) -> str:
    """A field named in a message: the English key, the page's own label translated."""
    return Term(_FIELDS[key], label or key) if key in _FIELDS else (label or key)


def int_field(form: Mapping[str, str], key: str, *, lo: int | None = None,
              hi: int | None = None, label: str | None = None) -> int | None:
    """An optional whole number (empty: ``None``)."""
    raw = (form.get(key) or "").strip()
    if not raw:
        return None
    try:
        v = int(raw)
    except ValueError:
        raise FormError(Msg("err-form-number", "{field}: a whole number, not {raw}",
                            field=_field(key, label), raw=repr(raw))) from None
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise FormError(Msg("err-form-range", "{field}: {lo}–{hi}, not {value}",
                            field=_field(key, label), lo=lo, hi=hi, value=v))
    return v


def need_int(form: Mapping[str, str], key: str, *, lo: int | None = None,
             hi: int | None = None, label: str | None = None) -> int:
    """A required whole number."""
    v = int_field(form, key, lo=lo, hi=hi, label=label)
    if v is None:
        raise FormError(Msg("err-form-required", "{field}: required",
                            field=_field(key, label)))
    return v


def contracts(rs: Ruleset) -> list[tuple[str, str, str]]:
    """(id, name, kind) of every game a sheet line can name: zwykła, cicha, the ladder."""
    return [(c.id, c.name, c.kind) for c in (rs.zwykla, rs.cicha, *rs.ladder)]


def line_of_form(rs: Ruleset, form: Mapping[str, str]) -> dict[str, Any]:
    """The sheet line (a dict for ``store.enter_deal``) the form describes."""
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


def form_of_line(doc: Mapping[str, Any]) -> dict[str, str]:
    """The form's values for an entered line (to correct it)."""
    out = {k: "" if doc.get(k) is None else str(doc[k])
           for k in ("contract", "declarer", "partner", "level", "points", "tricks",
                     "revoke", "first_double")}
    starzy = doc.get("starzy")
    out["starzy"] = f"{starzy[0]}-{starzy[1]}" if starzy else ""
    return out


def players_of_csv(text: str) -> list[tuple[str, str, str | None]]:
    """Players pasted as CSV lines ``id,name[,team]`` (``;`` or tab also separate; a header
    line starting ``id`` is skipped).

    >>> players_of_csv("id;name;team\\np1;Ala Nowak;Rumia\\np2, Bo\\n")
    [('p1', 'Ala Nowak', 'Rumia'), ('p2', 'Bo', None)]
    """
    import csv
    import io

    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        delim = ";" if ";" in raw else "\t" if "\t" in raw else ","
        cells = [c.strip() for c in next(csv.reader(io.StringIO(raw), delimiter=delim))]
        if n == 1 and cells[0].lower() in ("id", "code", "kod"):
            continue
        if len(cells) < 2 or not cells[0] or not cells[1]:
            raise FormError(f"CSV line {n}: id,name[,team], not {raw.strip()!r}")
        out.append((cells[0], cells[1], cells[2] if len(cells) > 2 and cells[2] else None))
    return out
