"""A Betel match: deals until somebody has reached the target after a deal, the highest
total winning; a tie at the top plays on (BETEL §5). A match limited by time (seed 004)
ends with the deal in progress when the time is up — with the same tie rule (Decision).

**Decision** (a match by time, ``minutes`` in the ruleset): the clock is the table's wall
clock from the first deal, pauses between deals included (a club's clock on the wall).
The time may run out during a deal — that deal is played to its end and is the last — or
between deals, while the players read the score: then no further deal is dealt and the
match ends at once (:meth:`Match.time_out`). Either way one seat alone at the top wins; a
tie at the top plays on deal by deal until one seat leads (BETEL §5). A ruleset with a
target and minutes ends at whichever comes first.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> m = Match(load_ruleset())
>>> m.add((600, 0, -50)); m.add((400, 400, 0)); m.decided, m.totals
(True, (1000, 400, -50))
>>> m = Match(load_ruleset(), (900, 900, 0))
>>> m.add((100, 100, 0)); m.decided       # 1000 : 1000 — a tie at the top plays on
False
>>> m.add((0, 20, 0)); m.decided, m.winner
(True, 1)
>>> m.add((0, 0, 0))
Traceback (most recent call last):
stolik.errors.IllegalMove: the match is over: seat 1 won with 1020 (BETEL §5)
"""

from __future__ import annotations

from collections.abc import Sequence

from stolik.errors import IllegalMove
from stolik.games.betel.ruleset import Ruleset
from stolik.i18n import N_, Msg

Three = tuple[int, int, int]


def leader(totals: Sequence[int]) -> int | None:
    """The seat alone at the top, or None when the top is shared.

    >>> leader((5, 9, 9)), leader((5, 9, 2))
    (None, 1)
    """
    top = max(totals)
    at_top = [s for s, t in enumerate(totals) if t == top]
    return at_top[0] if len(at_top) == 1 else None


def decided(rs: Ruleset, totals: Sequence[int], *, time_up: bool = False) -> int | None:
    """The winner if the match ends after a deal with these totals, else None: somebody
    has the target (or the time is up) and one seat alone has the most (BETEL §5)."""
    reached = (rs.target > 0 and max(totals) >= rs.target) or (rs.minutes > 0 and time_up)
    return leader(totals) if reached else None


MAX_MATCH_DEALS = 200
"""A match to the target stops undecided after this many deals, on a web table and in the
terminal alike: BETEL §5 has no end for a match nobody wins (Decision: a table must end)."""


def tied_at_top(rs: Ruleset, totals: Sequence[int], *, time_up: bool = False
                ) -> tuple[int, ...]:
    """Why a match still undecided goes on: the seats sharing the top at or past the
    target, or once the time is up (a tie plays on, BETEL §5), or ``()`` when neither.

    >>> from dataclasses import replace
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> tied_at_top(load_ruleset(), (1040, 1040, -80)), tied_at_top(load_ruleset(), (990, 0, 5))
    ((0, 1), ())
    >>> timed = replace(load_ruleset(), target=0, minutes=60)
    >>> tied_at_top(timed, (-40, 5, 5), time_up=True), tied_at_top(timed, (-40, 5, 5))
    ((1, 2), ())
    """
    top = max(totals)
    reached = rs.target > 0 and top >= rs.target
    if not (reached or (rs.minutes > 0 and time_up)):
        return ()
    return tuple(s for s, t in enumerate(totals) if t == top)


def undecided_note(rs: Ruleset, totals: Sequence[int], deals: int, names: Sequence[str],
                   *, time_up: bool = False) -> tuple[str, dict[str, object]]:
    """The catalog id and arguments of the note of a match stopped at the cap undecided:
    nobody reached the target (or, a match by time only, the time is not up yet), or
    ``names`` share the top (BETEL §5) — the same words on a web table and in the terminal.

    >>> from dataclasses import replace
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> undecided_note(load_ruleset(), (1040, -80, 1040), 200, ["A", "B", "C"])
    ('btui-undecided-tie', {'points': 1040, 'deals': 200, 'who': 'A, C'})
    >>> undecided_note(replace(load_ruleset(), target=0, minutes=90), (5, 0, 0), 200, "ABC")
    ('btui-undecided-time', {'minutes': 90, 'deals': 200})
    """
    tops = tied_at_top(rs, totals, time_up=time_up)
    if not tops and rs.target <= 0:
        return N_("btui-undecided-time"), {"minutes": rs.minutes, "deals": deals}
    if not tops:
        return N_("btui-undecided"), {"target": rs.target, "deals": deals}
    return N_("btui-undecided-tie"), {"points": totals[tops[0]], "deals": deals,
                                  "who": ", ".join(names[x] for x in tops)}


class Match:
    """The running totals of one match; :meth:`add` refuses a deal after the decision.

    A match by time (Decision above): the time runs out during the second deal, which is
    the last — unless two seats then share the top, which plays on.

    >>> from dataclasses import replace
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> m = Match(replace(load_ruleset(), target=0, minutes=60))
    >>> m.add((-40, 0, 60)); m.add((0, 60, 0), time_up=True); m.decided, m.time_up
    (False, True)
    >>> m.add((0, 0, -10)); m.decided, m.winner, m.totals   # past the time: one deal more
    (True, 1, (-40, 60, 50))
    >>> m = Match(replace(load_ruleset(), target=0, minutes=60))
    >>> m.add((-40, 0, 60)); m.time_out(); m.decided, m.winner   # up between deals
    (True, 2)
    >>> m.time_up_after                  # the record's time_up: up with the first deal
    1
    """

    def __init__(self, rs: Ruleset, totals: Three = (0, 0, 0)) -> None:
        self.rs = rs
        self.totals: Three = totals
        self.deals = 0
        self.winner: int | None = None
        self.time_up_after: int | None = None
        """The deal (counted from 1) with which the time was up: it ran out during that
        deal, or after it while the score was read — the record's ``time_up``."""

    @property
    def time_up(self) -> bool:
        """Whether the match's time (``minutes``) has run out: every later deal is the
        last unless a tie shares the top (BETEL §5)."""
        return self.time_up_after is not None

    @property
    def decided(self) -> bool:
        """Whether the match is over."""
        return self.winner is not None

    def add(self, scores: Sequence[int], *, time_up: bool = False) -> None:
        """Add one deal's scores; ``time_up``: the match's time ran out during it."""
        if self.winner is not None:
            raise IllegalMove(Msg("err-be-match-over", "the match is over: seat {seat} won "
                                  "with {total} (BETEL §5)", seat=self.winner,
                                  total=self.totals[self.winner]))
        t = self.totals
        self.totals = (t[0] + scores[0], t[1] + scores[1], t[2] + scores[2])
        self.deals += 1
        if time_up and self.rs.minutes > 0 and not self.time_up:
            self.time_up_after = self.deals
        self.winner = decided(self.rs, self.totals, time_up=self.time_up)

    def time_out(self) -> None:
        """The match's time ran out between deals (no deal in progress): it ends now if
        one seat alone leads; a tie at the top plays on (BETEL §5, Decision above). Nothing
        changes in a match without ``minutes``, or before its first deal is settled."""
        if self.rs.minutes <= 0 or self.winner is not None or not self.deals:
            return
        if not self.time_up:
            self.time_up_after = self.deals
        self.winner = decided(self.rs, self.totals, time_up=True)
