"""Scoring one Betel deal (BETEL §5 — a Decision: the author's Part 4 is lost), every
number read from the ruleset.

V: the contract's value; k: the kontra factor if it was kontra'd, else 1; t: the
declarer's tricks. A contract needing T tricks: made ``+k·(V + overtrick·(t − T))``,
failed ``−k·(V + undertrick·(T − t − 1))``. Betelek N and Betel (at most N): made ``+k·V``,
failed ``−k·(V + over_limit·(t − N − 1))``. Defenders score nothing, nor does the player
who said kontra. An all-pass deal: each player ``+all_pass_trick`` per trick. The peeking
costs of the auction are then taken off.

The examples of BETEL §5:

>>> from stolik.games.betel.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> def c(word): return rs.contract_of(word).index
>>> score(rs, c("szlem-BA"), 0, False, (10, 0, 0)).scores
(300, 0, 0)
>>> score(rs, c("2H"), 1, True, (1, 9, 0)).scores
(0, 240, 0)
>>> score(rs, c("betelek-2"), 2, False, (3, 3, 4)).scores
(0, 0, -80)
>>> score(rs, -1, -1, False, (4, 4, 2), (10, 0, 5)).scores    # all-pass, two peekers
(10, 20, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stolik.games.betel.ruleset import Contract, Ruleset

Three = tuple[int, int, int]


@dataclass(frozen=True)
class DealResult:
    """A scored deal: ``scores`` by seat (the peeking costs included), what was played
    (``contract`` None: an all-pass deal, or a redeal when ``played`` is False)."""

    scores: Three
    contract: Contract | None
    declarer: int
    doubled: bool
    tricks: Three
    peek: Three
    made: bool | None
    played: bool = True

    @property
    def contract_score(self) -> int:
        """What the contract scored the declarer (0 in an all-pass deal)."""
        if self.contract is None:
            return 0
        return self.scores[self.declarer] + self.peek[self.declarer]

    def to_json(self) -> dict[str, Any]:
        """The form ``stolik replay --json`` prints for one deal."""
        return {"contract": self.contract.call if self.contract else None,
                "declarer": self.declarer if self.contract else None,
                "kontra": self.doubled, "tricks": list(self.tricks), "made": self.made,
                "peek": [-x for x in self.peek], "scores": list(self.scores),
                "played": self.played}


def contract_points(rs: Ruleset, c: Contract, doubled: bool, t: int) -> tuple[int, bool]:
    """The declarer's points for ``t`` tricks in ``c`` (BETEL §5), and whether he made it.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> contract_points(rs, rs.contract_of("1C"), False, 5)      # one short: −V
    (-20, False)
    >>> contract_points(rs, rs.contract_of("betel"), True, 0)
    (500, True)
    """
    k = rs.kontra_factor if doubled else 1
    if c.at_most:
        if t <= c.goal:
            return k * c.value, True
        return -k * (c.value + rs.over_limit * (t - c.goal - 1)), False
    if t >= c.goal:
        return k * (c.value + rs.overtrick * (t - c.goal)), True
    return -k * (c.value + rs.undertrick * (c.goal - t - 1)), False


def score(rs: Ruleset, contract: int, declarer: int, doubled: bool, tricks: Three,
          peek: Three = (0, 0, 0), *, played: bool = True) -> DealResult:
    """Score a finished deal: ``contract`` the played contract's index (-1: all-pass),
    ``tricks`` taken by seat, ``peek`` the peeking costs by seat (positive numbers, taken
    off); ``played`` False: an all-pass deal redealt without play (``all_pass = "redeal"``)."""
    scores = [-peek[0], -peek[1], -peek[2]]
    made: bool | None = None
    c = rs.contracts[contract] if contract >= 0 else None
    if c is not None:
        points, made = contract_points(rs, c, doubled, tricks[declarer])
        scores[declarer] += points
    elif played:
        for s in range(3):
            scores[s] += rs.all_pass_trick * tricks[s]
    return DealResult((scores[0], scores[1], scores[2]), c, declarer if c else -1, doubled,
                      tricks, peek, made, played)
