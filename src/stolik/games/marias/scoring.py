"""Money of one Mariáš deal, in haléř (MARIAS §5, §6, §8). No floats anywhere.

:func:`score` takes a :class:`Settlement` — what the deal's play decided — and returns
each seat's money. Components (the game, sedma, tichá sedma, sto proti) are priced per
paying player (the amount A), added per pair of players, capped, then paid: 2 v 2 each
loser pays one winner; 1 v 3 the soloist gets or pays A from or to each of the three.

The worked examples of MARIAS §6 (tests/test_marias_scoring.py has them all):

>>> from stolik.games.marias.ruleset import load_ruleset
>>> rs = load_ruleset("ctyrka")
>>> s = Settlement(game="hra", trump=2, side=(0, 2), levels=(2, 0, 0),
...                points=(60, 30), marriages=((), ()))
>>> score(rs, s).payouts          # hra in kule, flek and re, the choosing pair wins
(80, -80, 80, -80)
>>> score(rs, Settlement(game="durch", trump=4, side=(1,), levels=(5, 0, 0),
...                      soloist_tricks=8)).payouts     # durch at kalhoty, capped
(-2000, 6000, -2000, -2000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stolik.games.marias.deck import HEARTS
from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.ruleset import Ruleset, kc

CHOOSING, DEFENDING = 0, 1


@dataclass(frozen=True)
class Settlement:
    """What a deal decided, as the scorer needs it.

    ``side``: the choosing side's seats (the soloist alone in 1 v 3 games, MARIAS §6);
    ``levels``: flek levels of the game, the sedma and the sto proti; ``points``: card
    points (last trick included) of the choosing side and of the other; ``marriages``:
    the values (20 / 40) of each side's marriages; ``sedma_by``: the seat that announced
    sedma (a defender's: sedma proti, where the ruleset plays it);
    ``last_seven``: the seat that played the trump 7 in the last trick, and
    ``seven_won`` whether it took it; ``proti``: whether sto proti was called;
    ``povinna``: the announced sto was mandatory (seed §6); ``soloist_tricks``: tricks of
    a betl or durch soloist; ``end``: ``played``, ``no-re`` (MARIAS §4.5), ``renonc``
    (MARIAS §8, ``offender`` and ``renonc_price`` set), or ``claim``.
    """

    game: str
    trump: int
    side: tuple[int, ...]
    levels: tuple[int, int, int] = (0, 0, 0)
    points: tuple[int, int] = (0, 0)
    marriages: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    sedma_by: int = -1
    sedma_won: bool = False
    last_seven: int = -1
    seven_won: bool = False
    proti: bool = False
    povinna: bool = False
    soloist_tricks: int = 0
    end: str = "played"
    offender: int = -1
    renonc_price: int = 0


@dataclass(frozen=True)
class DealResult:
    """A settled deal: money by seat (haléř, sums to zero) and how it was made.

    ``lines``: each component's name and amount A per paying player, signed for the
    choosing side, before the cap; ``pair``: the capped net between one choosing player and
    one other player; ``capped``: whether the cap cut it.
    """

    payouts: tuple[int, int, int, int]
    lines: tuple[tuple[str, int], ...]
    pair: int
    capped: bool
    settlement: Settlement

    def to_json(self) -> dict[str, Any]:
        """A plain form for ``--json`` output."""
        s = self.settlement
        return {
            "game": s.game, "side": list(s.side), "end": s.end,
            "points": list(s.points), "marriages": [list(m) for m in s.marriages],
            "lines": [[n, a] for n, a in self.lines], "capped": self.capped,
            "payouts": list(self.payouts),
        }

    def describe(self) -> str:
        """One line in Kč, e.g. ``hra +0,80; pair +0,80 → 0,80 -0,80 0,80 -0,80``."""
        parts = "; ".join(f"{n} {'+' if a >= 0 else ''}{kc(a)}" for n, a in self.lines)
        cap = " (strop)" if self.capped else ""
        return f"{parts}{cap} → {' '.join(kc(p) for p in self.payouts)}"


def red_factor(rs: Ruleset, trump: int) -> int:
    """"V červených vše dvojnásob": ×red in a hearts trump game, else ×1 (MARIAS §6)."""
    return rs.red if trump == HEARTS else 1


def tens_over(rs: Ruleset, total: int) -> int:
    """n = 1 + ⌊(P − 100) / 10⌋ (MARIAS §6).

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> tens_over(load_ruleset(), 130), tens_over(load_ruleset(), 109)
    (4, 1)
    """
    return 1 + (total - rs.sto_threshold) // rs.sto_ten


def pady(rs: Ruleset, one_marriage_total: int, other_marriages: int) -> int:
    """Pády of a lost sto: ⌈(100 − points with the one marriage) / 10⌉ + the other side's
    marriages / 10 (MARIAS §6).

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> pady(load_ruleset(), 80, 20)
    4
    """
    short = rs.sto_threshold - one_marriage_total
    return -(-short // rs.sto_ten) + other_marriages // rs.sto_ten


def game_price(rs: Ruleset, game: str, trump: int, level: int) -> int:
    """The game as flekked, red doubled (the renonc's "vyflekovaná hra", MARIAS §8): an
    announced sto as if made at 130 (seed §4)."""
    m = 1 << level
    if game == "betl":
        return rs.betl * m
    if game == "durch":
        return rs.durch * m
    red = red_factor(rs, trump)
    if game == "sto":
        return rs.sto * m * tens_over(rs, rs.renonc_sto_points) * red
    return rs.hra * m * red


def renonc_amount(rs: Ruleset, price: int) -> int:
    """What a renonc's offender pays each other player: 1 Kč + the flekked game, or, if the
    flekked game is above the cap, the cap instead (MARIAS §8; seed §4 "nad strop … 20 Kč").
    A game at or below the cap pays 1 Kč + it in full, even where that passes the cap.

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> renonc_amount(load_ruleset(), 80), renonc_amount(load_ruleset(), 5120)
    (180, 2000)
    >>> renonc_amount(load_ruleset(), 2000)      # not above the cap: 1 Kč + 20 Kč
    2100
    """
    return rs.cap if price > rs.cap else rs.renonc_base + price


def _components(rs: Ruleset, s: Settlement) -> list[tuple[str, int]]:
    """Each component's amount A per paying player, signed for the choosing side."""
    gl, sl, pl = s.levels
    if s.end == "no-re":  # MARIAS §4.5: the choosing side pays the flekked hra, nothing else
        return [("hra", -rs.hra * (1 << gl) * red_factor(rs, s.trump))]
    if s.game in ("betl", "durch"):  # MARIAS §5, §6: no trumps, no red doubling
        won = s.soloist_tricks == 0 if s.game == "betl" else s.soloist_tricks == 8
        value = (rs.betl if s.game == "betl" else rs.durch) * (1 << gl)
        return [(s.game, value if won else -value)]
    red = red_factor(rs, s.trump)
    pc, pd = s.points
    mc, md = s.marriages
    tc, td = pc + sum(mc), pd + sum(md)
    thr = rs.sto_threshold
    out: list[tuple[str, int]] = []
    if s.game == "hra":
        if tc >= thr:  # tichá sto of the choosing side replaces its hra (MARIAS §6)
            out.append(("tichá sto", rs.hra * (1 << gl) * rs.ticha_sto_factor
                        * tens_over(rs, tc) * red))
        elif td >= thr and not s.proti:  # the defenders' tichá sto (not after sto proti)
            out.append(("tichá sto", -rs.hra * (1 << gl) * rs.ticha_sto_factor
                        * tens_over(rs, td) * red))
        else:  # MARIAS §5: more points wins, a tie loses
            out.append(("hra", rs.hra * (1 << gl) * red * (1 if tc > td else -1)))
    else:  # an announced sto replaces the hra (MARIAS §6)
        one = pc + max(mc, default=0)
        if one >= thr:
            out.append(("sto", rs.sto * (1 << gl) * tens_over(rs, tc) * red))
        else:
            n = pady(rs, one, sum(md))
            if s.povinna:  # "tři desítky se odečítají a platí se od čtvrté" (seed §4)
                n = max(0, n - rs.povinna_free_tens)
            out.append(("povinná sto" if s.povinna else "sto", -rs.sto * (1 << gl) * n * red))
    if s.sedma_by >= 0:  # announced sedma (MARIAS §5), or a defender's sedma proti
        value = rs.sedma * (1 << sl) * red
        ours = s.sedma_by in s.side
        out.append(("sedma" if ours else "sedma proti",
                    value if s.sedma_won == ours else -value))
    elif s.last_seven >= 0 and rs.ticha_sedma:  # tichá sedma, never flekked
        mine = s.last_seven in s.side
        value = rs.ticha_sedma * red
        out.append(("tichá sedma", value if mine == s.seven_won else -value))
    if s.proti:  # sto proti: the defenders' own sto (seed §4)
        one = pd + max(md, default=0)
        if one >= thr:
            out.append(("sto proti", -rs.sto * (1 << pl) * tens_over(rs, td) * red))
        else:
            n = max(0, pady(rs, one, sum(mc)) - rs.proti_free_tens)
            out.append(("sto proti", rs.sto * (1 << pl) * n * red))
    return out


def score(rs: Ruleset, s: Settlement) -> DealResult:
    """Settle a deal: components added per pair, the cap, who pays whom (MARIAS §6, §8)."""
    if s.end == "renonc":  # MARIAS §8: the offender alone pays each other player
        r = renonc_amount(rs, s.renonc_price)
        pay = [r] * 4
        pay[s.offender] = -3 * r
        return DealResult((pay[0], pay[1], pay[2], pay[3]), (("renonc", -r),), -r,
                          s.renonc_price > rs.cap, s)
    lines = _components(rs, s)
    net = sum(a for _, a in lines)
    pair = max(-rs.cap, min(rs.cap, net))
    if len(s.side) == 1:
        pay = [-pair] * 4
        pay[s.side[0]] = 3 * pair
    else:
        pay = [pair if seat in s.side else -pair for seat in range(4)]
    return DealResult((pay[0], pay[1], pay[2], pay[3]), tuple(lines), pair, pair != net, s)


__all__ = ["CHOOSING", "DEFENDING", "NO_TRUMPS", "DealResult", "Settlement", "game_price",
           "pady", "red_factor", "renonc_amount", "score", "tens_over"]
