"""Settling a deal: who won, in which category, and the payout per seat (RULES §5, §7, §8).

The game is described by a :class:`Game` (what the auction produced); card points and
tricks per seat come from the play. Every payout sums to zero.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> rs = load_ruleset("pucka-2019")
>>> g = Game(rs.contract("zolo"), declarer=3, team=(3,), level=1, first_doubler_side=1)
>>> r = score(rs, g, points=(0, 26, 78, 0), tricks=(0, 1, 3, 0))
>>> r.winners, r.payout, r.mult
((0, 1, 2), (10, 10, 10, -30), 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from stolik.games.baska.deck import TOTAL_POINTS
from stolik.games.baska.ruleset import Contract, Ruleset

DECLARING, OPPOSING = 0, 1
"""Side numbers: the declaring side (starzy, weselnicy, the lone player) and the others."""


@dataclass(frozen=True)
class Game:
    """What the auction settled: the game, its declarer and side, and the doublings.

    ``team`` is the declaring side: the starzy of a plain game, the declarer and partner of a
    wesele, the lone player otherwise. ``first_doubler_side`` is DECLARING, OPPOSING or None.
    """

    contract: Contract
    declarer: int | None
    team: tuple[int, ...]
    level: int = 0
    first_doubler_side: int | None = None
    partner: int | None = None
    dead: tuple[int, ...] = ()
    """The dead doublings (RULES §4): their places in the auction (0-based call numbers);
    ``level`` counts only the others."""
    laid_down: bool = False
    """Announced as laid down (wykładane, RULES §7)."""

    def side_of(self, seat: int) -> int:
        """DECLARING or OPPOSING for a seat."""
        return DECLARING if seat in self.team else OPPOSING

    def turned(self, k: int) -> Game:
        """The same game with every seat moved ``k`` places on (seat s becomes seat
        (s + k) mod 4). Seats count only through their sides, so :func:`score` settles it
        alike, its payout turned with it: the bots keep one payout table for the four
        turns.

        >>> from stolik.games.baska.ruleset import load_ruleset
        >>> g = Game(load_ruleset("pucka-2019").contract("zolo"), declarer=3, team=(3,))
        >>> g.turned(1).declarer, g.turned(1).team, g.turned(-3) == g.turned(1)
        (0, (0,), True)
        """
        def turn(s: int) -> int:
            return (s + k) % 4

        return replace(self, declarer=None if self.declarer is None else turn(self.declarer),
                       team=tuple(sorted(turn(s) for s in self.team)),
                       partner=None if self.partner is None else turn(self.partner))

    def stakes(self) -> tuple[Game, int]:
        """This game at its lowest stakes that settle alike, and the factor between them:
        for a deal played to its end, :func:`score`'s payout of this game is ``factor``
        times that of the first, whatever the points and tricks. RULES §4: each counted
        doubling doubles the stakes, and the doubled tie's rule asks only whether the game
        was doubled; dead doublings and a laid-down announcement (RULES §7) change no
        payout. The bots keep one payout table for a game's every level.

        >>> from stolik.games.baska.ruleset import load_ruleset
        >>> g = Game(load_ruleset("pucka-2019").contract("zolo"), 3, (3,), level=3,
        ...          first_doubler_side=OPPOSING, dead=(4,))
        >>> base, factor = g.stakes()
        >>> base.level, base.first_doubler_side, base.dead, factor
        (1, 1, (), 4)
        """
        level = min(self.level, 1)
        first = self.first_doubler_side if level else None
        return (replace(self, level=level, first_doubler_side=first, dead=(), laid_down=False),
                1 << (self.level - level))

    @property
    def contract_id(self) -> str | None:
        """The id written in results: ``None`` for the plain game (nobody bid)."""
        return None if self.contract.kind == "plain" else self.contract.id


@dataclass(frozen=True)
class DealResult:
    """The settled deal, as the score sheet and the JSON output show it."""

    game: Game
    points: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    winners: tuple[int, ...]
    payout: tuple[int, int, int, int]
    value: int
    mult: int
    category: str | None = None
    bok_deal: bool = False
    tie: bool = False
    revoke: int | None = None

    @property
    def contract(self) -> str | None:
        """Contract id (``None`` for a plain game)."""
        return self.game.contract_id

    @property
    def declarer(self) -> int | None:
        """The declarer (the cicha player for cicha; ``None`` for a plain game)."""
        return self.game.declarer

    @property
    def level(self) -> int:
        """Number of counted doublings (RULES §4: dead ones are not counted)."""
        return self.game.level

    def to_json(self) -> dict[str, object]:
        """The deal as ``stolik replay --json`` prints it."""
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "level": self.level,
            "mult": self.mult,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "winners": list(self.winners),
            "payout": list(self.payout),
            "category": self.category,
            "bok_deal": self.bok_deal,
            "tie": self.tie,
            "revoke": self.revoke,
            "dead_doublings": list(self.game.dead),
            "laid_down": self.game.laid_down,
        }


def may_double_first(contract: Contract, side: int) -> bool:
    """RULES §4: whether a doubling by ``side`` may be the first counted one of
    ``contract``: młodzi (OPPOSING) where its rule says ``mlodzi``, the opponents of a solo,
    either side where it says ``any`` — never the cicha player.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("linia")
    >>> may_double_first(rs.zwykla, DECLARING), may_double_first(rs.cicha, DECLARING)
    (True, False)
    """
    if contract.kind == "cicha" or contract.first_double != "any":
        return side == OPPOSING
    return True


def count_doublings(contract: Contract, sides: Sequence[int]
                    ) -> tuple[int, int | None, tuple[int, ...]]:
    """RULES §4, dead doublings: of the doublings made on ``contract`` by ``sides`` (in
    order), which count. A doubling counts if it is the first counted one and its side may
    double first, or if its side differs from the side of the last counted one — and the
    game is not yet at its highest level (RULES §7: a cicha doubled on the plain game's
    higher allowance). Returns the counted number, the side of the first counted doubling
    and the positions (in ``sides``) of the dead ones.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> count_doublings(rs.zwykla, [DECLARING, OPPOSING, OPPOSING, DECLARING])
    (2, 1, (0, 2))
    >>> count_doublings(rs.cicha, [OPPOSING, DECLARING, OPPOSING, DECLARING])
    (3, 1, (3,))
    """
    counted = 0
    last: int | None = None
    first: int | None = None
    dead: list[int] = []
    for i, side in enumerate(sides):
        counts = (may_double_first(contract, side) if last is None else side != last)
        if counts and counted < contract.max_level:
            counted += 1
            last = side
            if first is None:
                first = side
        else:
            dead.append(i)
    return counted, first, tuple(dead)


def _lone(seat: int, amount: int) -> tuple[int, int, int, int]:
    """Payout of a 1 v 3 game: ``seat`` gets 3 × amount, each other −amount."""
    out = [-amount] * 4
    out[seat] = 3 * amount
    return (out[0], out[1], out[2], out[3])


def _pairs(team: Sequence[int], amount: int) -> tuple[int, int, int, int]:
    """Payout of a 2 v 2 game: ``team`` gets +amount each, the others −amount."""
    out = [amount if s in team else -amount for s in range(4)]
    return (out[0], out[1], out[2], out[3])


def score(
    rs: Ruleset,
    game: Game,
    points: Sequence[int],
    tricks: Sequence[int],
    *,
    revoke: int | None = None,
    bok_deal: bool = False,
) -> DealResult:
    """Settle a finished deal (or one stopped by a ``revoke``). ``bok_deal``: it is played
    in a bok-round and so worth double (RULES §6)."""
    c = game.contract
    mult = (1 << game.level) * (2 if bok_deal else 1)
    pts = (points[0], points[1], points[2], points[3])
    trs = (tricks[0], tricks[1], tricks[2], tricks[3])
    others = tuple(s for s in range(4) if s not in game.team)
    team_points = sum(pts[s] for s in game.team)
    tie = revoke is None and c.kind != "honour" and 2 * team_points == TOTAL_POINTS

    def result(winners: Sequence[int], payout: tuple[int, int, int, int], value: int,
               category: str | None = None) -> DealResult:
        return DealResult(game, pts, trs, tuple(sorted(winners)), payout, value, mult,
                          category, bok_deal, tie, revoke)

    if revoke is not None:
        return result(*_score_revoke(rs, game, revoke, mult))

    if c.kind == "honour":  # RULES §4: an honour is settled at once as a win
        assert game.declarer is not None
        return result(game.team, _lone(game.declarer, c.win * mult), c.win)

    # RULES §5: ≥ points_to_win wins; a tie goes against the declaring side, unless the
    # ruleset makes a doubled tie a loss for whoever doubled first (mester-sport).
    team_won = team_points >= rs.points_to_win
    if c.goal == "all-tricks":
        team_won = sum(trs[s] for s in game.team) == 4
    elif tie and game.level > 0 and rs.doubled_tie_loser == "first-doubler":
        team_won = game.first_doubler_side == OPPOSING

    if c.kind in ("plain", "wesele"):
        win_side, lose_side = ("starzy", "mlodzi") if team_won else ("mlodzi", "starzy")
        losers = others if team_won else game.team
        lose_points = sum(pts[s] for s in losers)
        lose_tricks = sum(trs[s] for s in losers)
        if lose_tricks == 0:
            category = "bez_bitki"
        elif not rs.plain.wyjscie[lose_side].reached(lose_points, lose_tricks):
            category = "bez_wyjscia"
        else:
            category = "z_wyjsciem"
        value = rs.plain.values[win_side][category]
        winners = game.team if team_won else others
        return result(winners, _pairs(winners, value * mult), value, category)

    assert game.declarer is not None
    value = c.win if team_won else c.loss
    payout = _lone(game.declarer, (value if team_won else -value) * mult)
    return result(game.team if team_won else others, payout, value)


def _score_revoke(rs: Ruleset, game: Game, offender: int, mult: int
                  ) -> tuple[tuple[int, ...], tuple[int, int, int, int], int]:
    """RULES §8: the offender alone loses. Returns winners, payout and base value."""
    c = game.contract
    rule = rs.revoke
    others = tuple(s for s in range(4) if s != offender)
    if rule.mode == "fixed":
        if c.lone and offender == game.declarer and rule.lone_declarer_loses_contract:
            return others, _lone(offender, -c.loss * mult), c.loss
        return others, _lone(offender, -rule.others), rule.others
    if c.lone:
        value = c.loss
    else:
        # The value of the other side winning "z wyjściem".
        winner_side = "mlodzi" if game.side_of(offender) == DECLARING else "starzy"
        value = rs.plain.values[winner_side]["z_wyjsciem"]
    return others, _lone(offender, -value * mult), value
