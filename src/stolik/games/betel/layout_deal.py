"""A drawn layout set up as a deal at the seat's position of the play (BETEL §3, §4): what the
``pimc`` bot solves and what the policy model replays the card play on.

>>> import random
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.sampling import sample
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 0, random.Random(5))
>>> for w in ["1S", "pas", "pas"]:
...     d.move(w)
>>> v = d.view(1)
>>> layout_deal(rs, v, sample(v, 1, random.Random(1))[0]).contract == d.contract
True
"""

from __future__ import annotations

from stolik.games.betel.calls import KONTRA, PAS, bid
from stolik.games.betel.deck import SEATS, cards_of
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.sampling import Layout
from stolik.games.betel.state import Deal
from stolik.games.betel.view import SeatView

__all__ = ["layout_deal"]


def layout_deal(rs: Ruleset, view: SeatView, lay: Layout) -> Deal:
    """The deal at ``view``'s position of the play with the hands and dubel of ``lay``:
    each seat's cards at the start of the play are its drawn hand and the cards it played;
    the auction is replaced by the shortest one that leaves the same contract, declarer and
    kontra (BETEL §3) — the play does not depend on the rest."""
    plays = [((t.leader + i) % SEATS, c) for t in view.history for i, c in enumerate(t.cards)]
    plays += list(view.trick)
    start = list(lay.hands)
    for s, x in plays:
        start[s] |= 1 << x
    con = view.contract
    dealer = view.dealer if con is None else view.declarer
    assert dealer is not None
    d = Deal(rs, dealer, [cards_of(h) for h in start], cards_of(lay.dubel))
    calls = [PAS, PAS, PAS] if con is None else \
        [bid(con.index), KONTRA, PAS, PAS] if view.doubled else [bid(con.index), PAS, PAS]
    for a in calls:
        d.act(a)
    for _, x in plays:
        d.play(x)
    return d
