"""The referee forms' small parsers: whole-number fields, players pasted as CSV, and the
one-line :class:`FormError` a page shows for a field that is not what it should be.

A game's own deal form (its fields ⇄ a deal as stored) is its ``league`` part's
(:mod:`stolik.web.league.parts`).

>>> int_field({"rounds": " 5 "}, "rounds", lo=1, hi=50)
5
>>> need_int({"points": ""}, "points")
Traceback (most recent call last):
...
stolik.web.league.forms.FormError: points: required
"""

from __future__ import annotations

from collections.abc import Mapping

from stolik.errors import StolikError
from stolik.i18n import N_, Msg, Term


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
        if hi is None:  # "round: 1–None" was the refusal of a round 0
            raise FormError(Msg("err-form-least", "{field}: at least {lo}, not {value}",
                                field=_field(key, label), lo=lo, value=v))
        if lo is None:
            raise FormError(Msg("err-form-most", "{field}: at most {hi}, not {value}",
                                field=_field(key, label), hi=hi, value=v))
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
            raise FormError(Msg("err-form-csv-line", "CSV line {n}: id,name[,team], not {raw}",
                                n=n, raw=repr(raw.strip())))
        out.append((cells[0], cells[1], cells[2] if len(cells) > 2 and cells[2] else None))
    return out
