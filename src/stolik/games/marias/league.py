"""Mariáš's ``league`` part (:mod:`stolik.web.league.parts`): one deal entered on the table
page of a money tournament, as the deal record the engine settles (MARIAS §11).

The form is the record's own fields, with what the page knows filled in: the dealer (the
table's first dealer, moving clockwise deal by deal, MARIAS §9) and so the chooser, left
of him (MARIAS §4.1). The referee copies, from the table's paper:

- ``hand0`` … ``hand3``: each player's eight cards (``AH TH 9H …``, MARIAS §1), the
  chooser's first four first (MARIAS §11: he chooses from them);
- ``trump`` and ``call``: the laid card and the called card (MARIAS §4.1), or ``forgot``
  ticked: the chooser took his second four without choosing (seed §5);
- ``bidding``: everything said after the choice, in order — approval, announcements,
  fleky (MARIAS §4.2–§4.4) — one entry ``<seat> <words>`` a line (or between commas);
- ``play``: the cards in order, ``<seat> <card>`` (a trick a line is easiest to check);
- how it ended when not played out: ``renonc_seat`` with ``renonc_kind`` (MARIAS §8),
  or ``claim`` (the seat that laid his cards down, MARIAS §4.7).

Seats are typed as the page numbers them, 1–4 in the seating's order (as ``tournament
sheet add`` takes them, RULES §10); the record keeps the engine's 0–3. Why the record and
not only the outcome: the money of a deal is the engine's, from the cards (MARIAS §5, §6);
an outcome typed by hand could not be checked, and a Mariáš table holds deal records or
final money only (MARIAS §7, §11). The form has no lists to choose from and the printed
sheet is the money sheet's (MARIAS §7): the core's defaults
(:class:`~stolik.web.league.parts.LeagueDefaults`).

>>> form = {"hand0": "7A AA KA OA KH OH TL AL", "hand1": "AH TH 9H 8H UL 9L 8L 7L",
...         "hand2": "KL OL AB TB KB OB UB 9B", "hand3": "7H UH 8B 7B TA UA 9A 8A",
...         "trump": "7A", "call": "TA", "bidding": "2 dobry, 3 dobry, 4 dobry, "
...         "1 dobry\\n1 sto\\n2 pass, 3 pass, 4 pass, 1 pass",
...         "renonc_seat": "2", "renonc_kind": "false sedma"}
>>> from stolik.games.marias.ruleset import load_ruleset
>>> rs = load_ruleset("ctyrka")
>>> doc = deal_of_form(rs, form, dealer=3)
>>> doc["choice"], doc["bidding"][:2], doc["renonc"]
('0 trump=7A call=TA', ['1 dobry', '2 dobry'], {'seat': 1, 'kind': 'false sedma'})
>>> form_of_deal(doc)["bidding"].splitlines()[:2]
['2 dobry', '3 dobry']
>>> deal_of_form(rs, {**form, "hand1": "AH TH 9H"}, dealer=3)
Traceback (most recent call last):
...
stolik.web.league.forms.FormError: hand of player 2: 8 cards, not 3 (MARIAS §2)
>>> deal_of_form(rs, {**form, "bidding": "3 dobry"}, dealer=3)
Traceback (most recent call last):
...
stolik.web.league.forms.FormError: the deal is refused: deal 1, bidding entry 1: seat 3 \
speaks out of turn: seat 2 is to speak (seed §5, MARIAS §4)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from stolik.errors import CardError, StolikError
from stolik.games.marias.deck import CARDS_PER_HAND, parse_card
from stolik.games.marias.record import SeriesRecord, parse_record, replay, replay_deal
from stolik.games.marias.ruleset import Ruleset
from stolik.i18n import Msg
from stolik.web.league.forms import FormError
from stolik.web.league.parts import DealFace

ENTRY_KIND: Literal["record"] = "record"
"""The form writes a deal record (MARIAS §11)."""

_SEAT = re.compile(r"\bseat (\d)\b(?![–-]\d)")
_SEAT_PARAMS = frozenset({"seat", "to_act", "chooser"})
"""The parameters of the engine's refusals that name a seat (0–3)."""


def _as_page_numbers(message: Any) -> Any:
    """An engine refusal with its seats as the page numbers them (1–4): in the English
    text (``seat 2`` → ``seat 3``) and, for a :class:`Msg` the page translates, in its
    seat parameters, its inner messages included."""
    if not isinstance(message, Msg):
        return _SEAT.sub(lambda m: f"seat {int(m.group(1)) + 1}", str(message))
    out = Msg.__new__(Msg, message.code, _as_page_numbers(str(message)))
    out.params = {k: v + 1 if k in _SEAT_PARAMS and type(v) is int and v in range(4)
                  else _as_page_numbers(v) if isinstance(v, Msg) else v
                  for k, v in message.params.items()}
    return out


def _split(text: str) -> list[str]:
    """Entries one a line or between commas, blank ones dropped."""
    return [e.strip() for line in text.splitlines() for e in line.split(",") if e.strip()]


_FIELDS = {"bidding": Msg("lg-mdeal-f-bidding", "bidding"),
           "play": Msg("lg-mdeal-f-play", "play"),
           "trump": Msg("lg-mdeal-f-trump", "trump card"),
           "call": Msg("lg-mdeal-f-call", "called card"),
           "renonc": Msg("lg-mdeal-f-renonc", "renonc"),
           "claim": Msg("lg-mdeal-f-claim", "cards laid down")}
"""The form's fields named in a refusal, in the page's language."""


def _hand_field(seat: int) -> Msg:
    return Msg("lg-mdeal-f-hand", "hand of player {seat}", seat=seat + 1)


def _person_seat(text: str, field: Msg) -> int:
    """A seat 1–4 as the page numbers them → the engine's 0–3."""
    raw = text.strip()
    if raw not in ("1", "2", "3", "4"):
        raise FormError(Msg("lg-mdeal-seat", "{field}: a seat 1–4 as the page numbers them, "
                            "not {raw} (MARIAS §11)", field=field, raw=repr(raw[:20])))
    return int(raw) - 1


def _entries(text: str, key: str) -> list[str]:
    """``<seat 1–4> <words>`` entries as the record writes them, ``<seat 0–3> <words>``."""
    out = []
    for n, entry in enumerate(_split(text), 1):
        seat, _, words = entry.partition(" ")
        field = Msg("lg-mdeal-f-entry", "{field}, entry {n}", field=_FIELDS[key], n=n)
        if not words.strip():
            raise FormError(Msg("lg-mdeal-entry", "{field}: write \"<seat 1–4> <words>\", "
                                "not {raw} (MARIAS §11)", field=field, raw=repr(entry[:30])))
        out.append(f"{_person_seat(seat, field)} {' '.join(words.split())}")
    return out


def _card(text: str, field: Msg) -> str:
    raw = text.strip()
    try:
        parse_card(raw)
    except CardError:
        raise FormError(Msg("lg-mdeal-card", "{field}: {raw} is not a Mariáš card such as AH, "
                            "TL or 7A (MARIAS §1)", field=field, raw=repr(raw[:10]))) from None
    return raw.upper()


def _hand(text: str, seat: int) -> str:
    field = _hand_field(seat)
    cards = [_card(c, field) for c in text.replace(",", " ").split()]
    if len(cards) != CARDS_PER_HAND:
        raise FormError(Msg("lg-mdeal-hand-size", "{field}: {want} cards, not {got} (MARIAS §2)",
                            field=field, want=CARDS_PER_HAND, got=len(cards)))
    return " ".join(cards)


def deal_of_form(rs: Ruleset, form: Mapping[str, str], **table: Any) -> dict[str, Any]:
    """The deal record (MARIAS §11) the form describes, replayed alone by the engine
    (:func:`check_deal`); ``table["dealer"]``: the deal's dealer, seat 0–3 (the page knows
    it: the table's first dealer moving clockwise, MARIAS §9). One line naming the field
    or the rule broken, else the record."""
    dealer = int(table["dealer"])
    chooser = (dealer + 1) % 4
    hands = [_hand(form.get(f"hand{s}", ""), s) for s in range(4)]
    if form.get("forgot") == "on":
        choice = f"{chooser} forgot"
    else:
        trump = _card(form.get("trump", ""), _FIELDS["trump"])
        call = _card(form.get("call", ""), _FIELDS["call"])
        choice = f"{chooser} trump={trump} call={call}"
    doc: dict[str, Any] = {"dealer": dealer, "hands": hands, "choice": choice,
                           "bidding": _entries(form.get("bidding", ""), "bidding"),
                           "play": _entries(form.get("play", ""), "play")}
    renonc, claim = form.get("renonc_seat", "").strip(), form.get("claim", "").strip()
    if renonc and claim:
        raise FormError(Msg("lg-mdeal-end", "a deal ends by a renonc or by a claim, not both "
                            "(MARIAS §4.7, §8)"))
    if renonc:
        kind = " ".join(form.get("renonc_kind", "").split())[:80] or "renonc"
        doc["renonc"] = {"seat": _person_seat(renonc, _FIELDS["renonc"]), "kind": kind}
    if claim:
        doc["claim"] = _person_seat(claim, _FIELDS["claim"])
    check_deal(rs, doc)
    return doc


def check_deal(rs: Ruleset, doc: Mapping[str, Any]) -> None:
    """Replay the deal alone (MARIAS §11); the engine's refusal in one line, seats said as
    the page numbers them (1–4), naming the rule. The table's sequence (the dealer moving
    clockwise, MARIAS §9) is the store's to check with the deals before it."""
    try:
        replay(SeriesRecord(rs, parse_record({"game": "marias", "deal": [dict(doc)]}).deals))
    except StolikError as e:
        why = _as_page_numbers(e.message if isinstance(e.message, Msg) else str(e))
        raise FormError(Msg("lg-mdeal-refused", "the deal is refused: {why}", why=why)) \
            from None


def form_of_deal(doc: Mapping[str, Any]) -> dict[str, str]:
    """The form's values for a stored deal record (seats 1–4)."""
    def person(entries: Sequence[str]) -> str:
        return "\n".join(f"{int(e.split(' ', 1)[0]) + 1} {e.split(' ', 1)[1]}"
                         for e in entries)

    out = {f"hand{s}": h for s, h in enumerate(doc.get("hands", ()))}
    choice = str(doc.get("choice", ""))
    words = dict(w.split("=", 1) for w in choice.split()[1:] if "=" in w)
    out.update(trump=words.get("trump", ""), call=words.get("call", ""),
               forgot="on" if choice.endswith("forgot") else "")
    out["bidding"] = person(doc.get("bidding", ()))
    out["play"] = person(doc.get("play", ()))
    renonc = doc.get("renonc")
    if isinstance(renonc, Mapping):
        out.update(renonc_seat=str(renonc["seat"] + 1), renonc_kind=str(renonc.get("kind", "")))
    if isinstance(doc.get("claim"), int):
        out["claim"] = str(doc["claim"] + 1)
    return out


def settle(rs: Ruleset, kind: str, docs: Sequence[Mapping[str, Any]]) -> list[DealFace]:
    """A table's deal records settled by the engine (MARIAS §5, §6): each deal's money by
    seat in haléř, labelled by its game and components (``hra``, ``sedma``, …)."""
    if not docs:
        return []
    rec = parse_record({"game": "marias", "deal": [dict(d) for d in docs]})
    # Deal by deal: the money of a Mariáš deal does not depend on the deals before, and
    # the deals that count may skip one that does not, so their dealers need not follow
    # one another as a record's do (MARIAS §9, §11; issue 24.8).
    results = [replay_deal(rs, d, i + 1).result() for i, d in enumerate(rec.deals)]
    return [DealFace(r.payouts, " · ".join(n for n, _ in r.lines) or r.settlement.game)
            for r in results]

