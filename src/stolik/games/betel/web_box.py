"""The bidding box a Betel web table draws for the seat to act (issue 25.6; BETEL §3): the
box of :mod:`stolik.games.betel.box` with each step marked legal or not — an illegal step
is shown disabled, never hidden, so the box keeps its shape from call to call.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.from_text(rs, 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> d.move("2H")
>>> box = bidding_box(d.view(1), rs, "en")
>>> [c["move"] for c in box["levels"][1]["cells"] if not c["legal"]]
['2C', '2D', '2H']
>>> [(c["move"], c["legal"]) for c in box["calls"]]
[('pas', True), ('kontra', True)]
>>> box["levels"][1]["cells"][2]["title"], box["limits"]["cells"][1]["label"]
('Dwa kiery', '2')
>>> d.move("look 2"); [c["legal"] for c in bidding_box(d.view(1), rs, "en")["dubel"]]
[False, False, False, False]
"""

from __future__ import annotations

from stolik.games.betel.box import DUBEL_ACTIONS, cell_word, denomination, layout
from stolik.games.betel.calls import KONTRA, PAS, Action, bid
from stolik.games.betel.deck import SUIT_PICTURES
from stolik.games.betel.ruleset import NO_TRUMPS, Ruleset
from stolik.games.betel.view import SeatView
from stolik.games.betel.web_text import action_label
from stolik.web.play.game import Message


def bidding_box(view: SeatView, rs: Ruleset, lang: str) -> Message | None:
    """The box for a seat to call now (None while it lays two cards back, or outside the
    auction): ``dubel`` (the four dubel actions), ``levels`` (a row per level: its word
    and a cell per column of ``columns``, None where the ruleset has no contract),
    ``limits`` (the betelki and the betel), ``calls`` (pas, kontra); a cell is ``move``
    (what the page sends), ``label``, ``title`` (the contract's name or the step's words)
    and ``legal``."""
    if view.phase != "auction" or view.step == "taken" or not view.legal:
        return None
    legal = {m for m in view.legal if isinstance(m, Action)}
    box = layout(rs)

    def contract(i: int, label: str) -> Message:
        c = rs.contracts[i]
        return {"move": c.call, "label": label, "title": c.name, "legal": bid(i) in legal,
                "suit": None if c.trump == NO_TRUMPS else denomination(c.trump)}

    def suit_word(trump: int) -> str:
        return "BA" if trump == NO_TRUMPS else SUIT_PICTURES[trump]

    return {
        "dubel": [{"move": a.text(rs), "label": action_label(a, rs, lang),
                   "title": action_label(a, rs, lang), "legal": a in legal}
                  for a in DUBEL_ACTIONS],
        "columns": [{"label": suit_word(x), "suit": None if x == NO_TRUMPS
                     else denomination(x)} for x in box.columns],
        "levels": [{"label": level.label, "cells": [
            None if i is None else contract(i, suit_word(rs.contracts[i].trump))
            for i in level.cells]} for level in box.levels],
        "limits": {"label": "betelek",  # a game word, Polish at every table (web_text)
                   "cells": [contract(i, cell_word(rs.contracts[i])) for i in box.limits]},
        "calls": [{"move": a.kind, "label": a.kind, "title": a.kind, "legal": a in legal}
                  for a in (PAS, KONTRA)],
    }


__all__ = ["bidding_box"]
