"""What a seat can infer about the unseen cards, and the deals it cannot tell apart
(MARIAS §3, §4; hidden information).

Two tools shared by the claimer's check (:mod:`stolik.games.marias.claims`) and the
``pimc`` bot (:mod:`stolik.games.marias.pimc`):

- :func:`trick_facts`, :func:`marriage_facts`, :func:`play_fact` — the cards a play shows
  its player not to hold any more (:mod:`stolik.games.marias.facts`, where the claims
  check reads them: it must not load the deal's state, which asks it).
- :func:`replay` — a deal rebuilt from chosen initial hands and a list of moves, refused
  (None) when any move is not legal there. A layout is consistent with what a seat saw
  when the public history replays on it to the very view the seat has.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> hands = [sum(1 << c for c in range(8 * s, 8 * s + 8)) for s in range(4)]
>>> replay(load_ruleset(), 3, hands, [(1, "dobry")]) is None    # seat 0 chooses first
True
>>> d = replay(load_ruleset(), 3, hands, [])
>>> d.phase, d.to_act
('choice', 0)
"""

from __future__ import annotations

from stolik.games.marias.facts import marriage_facts, play_fact, trick_facts
from stolik.games.marias.state import Deal

__all__ = ["marriage_facts", "play_fact", "replay", "trick_facts"]

replay = Deal.replayed
"""A deal rebuilt from chosen initial hands and moves, or None where a move is not legal
there (:meth:`Deal.replayed <stolik.games.marias.state.Deal.replayed>`)."""
