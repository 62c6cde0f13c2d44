"""Broken licitovaný records, made at random (LICITOVANY §10): whatever is changed in an
example record — entries dropped, inserted, replaced or cut, hands and talon changed, a
wrong dealer, renonc or players — reading and replaying it either succeeds or refuses it
in one line (a :class:`~stolik.errors.RecordError`, in each language), never a
traceback."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.errors import RecordError
from stolik.games.licitovany.record import loads_document, parse_record, replay
from stolik.i18n import translate

DATA = Path(__file__).parent / "data" / "licitovany"
DOCS = [loads_document(p.read_text("utf-8"), "toml") for p in sorted(DATA.glob("ex*.toml"))]
WORDS = ["dobra", "mam", "sedma", "sto", "betl", "durch", "dve-sedmy", "discard AH 7L",
         "contract sto L", "contract betl", "omyl", "flek hra", "re hra:1", "tutti sedma",
         "boty hra:2", "kalhoty sto", "flek dve-sedmy", "KL hlaska", "7B", "10L", "XX", "",
         "contract dve-sedmy A A", "contract sedma-cervena H", "re sedma", "flek hra:2"]

Edit = tuple[str, int, int, int]


def mutate(doc: dict[str, Any], edit: Edit) -> None:
    """One change of the first deal: ``(what, index, choice, seat)``."""
    what, i, k, seat = edit
    d = doc["deal"][0]
    if what in ("bidding", "play") and d[what]:
        entries, at = d[what], i % len(d[what])
        entry = f"{seat} {WORDS[k % len(WORDS)]}"
        if k % 4 == 0:
            del entries[at]
        elif k % 4 == 1:
            entries[at] = entry
        elif k % 4 == 2:
            entries.insert(at, entry)
        else:
            d[what] = entries[:at]
    elif what == "hands":
        hand = d["hands"][i % len(d["hands"])].split()
        d["hands"][i % len(d["hands"])] = " ".join(hand[:k % 11] + ["7L"][:k % 2])
    elif what == "talon":
        d["talon"] = ["", "AH", "9A 8A 7A", 5, "7H 7L", "9A 9A"][k % 6]
    elif what == "dealer":
        d["dealer"] = [0, 1, 2, 3, 4, -1, "x", True][k % 8]
    elif what == "renonc":
        d["renonc"] = [{"seat": seat, "kind": ["hra", "pausal1", "pausal2", "x"][k % 4]},
                       {"seat": "a"}, 5, {"seat": 1, "kind": "hra", "note": 3}][i % 4]
    else:
        doc["players"] = [["a"], ["a", "b", "c", "d", "e"], ["a", "b", "c"],
                          ["a", "b", "c", "d"], "x"][k % 5]


EDITS = st.tuples(st.sampled_from(["bidding", "play", "bidding", "play", "hands", "talon",
                                   "dealer", "renonc", "players"]),
                  st.integers(0, 40), st.integers(0, 200), st.integers(0, 3))


@settings(max_examples=150, deadline=None)
@given(which=st.integers(0, len(DOCS) - 1), edits=st.lists(EDITS, min_size=1, max_size=3))
def test_a_changed_record_replays_or_is_refused_in_one_line(which: int,
                                                            edits: list[Edit]) -> None:
    """LICITOVANY §10: no broken record gets past the reader or crashes it."""
    doc = copy.deepcopy(DOCS[which])
    for edit in edits:
        mutate(doc, edit)
    try:
        result = replay(parse_record(doc))
    except RecordError as e:
        for lang in ("en", "pl", "cs"):
            said = translate(e, lang)
            assert "\n" not in said and said.strip()
    else:
        assert sum(result.totals) == 0
