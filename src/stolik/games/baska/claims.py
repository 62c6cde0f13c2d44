"""Claims judged from the claimer's information only (RULES §3, §7; hidden information).

A player who lays his cards down claims that the rest of the deal cannot change the result.
The verdict must not tell him anything about cards he cannot see, so it is decided over
every layout of the unseen cards that he cannot tell from the real one — the layouts on
which the whole public history (every call and card) replays to the very view he has —
never on the real hands alone. The claim is certain when every such layout, played on in
every legal way, ends with one and the same payout. (A lone declarer's claim is the laid-down
search of :func:`stolik.games.baska.solver.deal_is_laid_down`, which is also his information only.)

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.state import Deal
>>> d = Deal.from_text(load_ruleset("pucka-2019"), 0, [
...     "AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
>>> for c in ["pass"] * 4:
...     d.call(c)
>>> claim_is_certain(d, 1)
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from stolik.errors import IllegalMove
from stolik.games.baska.deck import CARD_POINTS, POINTS_OF_MASK, TOTAL_POINTS
from stolik.games.baska.inference import all_layouts
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import Game, score
from stolik.games.baska.state import Deal

Payout = tuple[int, int, int, int]


def worlds(deal: Deal, seat: int) -> list[Deal]:
    """Every deal ``seat`` cannot tell from ``deal`` now: the layouts consistent with its
    view on which the whole history replays to the same view (the real one among them)."""
    view = deal.view(seat)
    played = [0, 0, 0, 0]
    for s, c in view.plays:
        played[s] |= 1 << c
    out: list[Deal] = []
    for layout in all_layouts(view, deal.rs):
        world = _replayed(deal, [layout[s] | played[s] for s in range(4)])
        if world is not None and world.view(seat) == view:
            out.append(world)
    return out


def _replayed(deal: Deal, hands: Sequence[int]) -> Deal | None:
    world = Deal(deal.rs, deal.dealer, hands, bok_deal=deal.bok_deal)
    try:
        for op in deal.log:
            world.apply(op)
    except IllegalMove:
        return None
    return world


def claim_is_certain(deal: Deal, seat: int) -> bool:
    """Whether, in every layout ``seat`` cannot tell from the real one, every way of
    playing on from here gives the same payout — decided from ``seat``'s information only.
    False outside the play."""
    if deal.game is None or deal.phase != "play":
        return False
    seen: set[Payout] = set()
    view = deal.view(seat)
    played = [0, 0, 0, 0]
    for s, c in view.plays:
        played[s] |= 1 << c
    for layout in all_layouts(view, deal.rs):
        world = _replayed(deal, [layout[s] | played[s] for s in range(4)])
        if world is None or world.view(seat) != view:
            continue
        if not _payouts(world, seen):
            return False
    return bool(seen)


@lru_cache(maxsize=256)
def _payout_table(rs: Ruleset, game: Game, bok_deal: bool) -> tuple[tuple[Payout, ...], ...]:
    """``table[p][t]``: the payout when the declaring side ends with p points, t tricks."""
    lead = game.team[0]
    other = next(s for s in range(4) if s not in game.team)

    def payout(p: int, t: int) -> Payout:
        pts, trs = [0, 0, 0, 0], [0, 0, 0, 0]
        pts[lead], pts[other] = p, TOTAL_POINTS - p
        trs[lead], trs[other] = t, 4 - t
        return score(rs, game, pts, trs, bok_deal=bok_deal).payout

    return tuple(tuple(payout(p, t) for t in range(5)) for p in range(TOTAL_POINTS + 1))


@lru_cache(maxsize=256)
def _settled(rs: Ruleset, game: Game, bok_deal: bool
             ) -> Callable[[int, int, int, int], Payout | None]:
    """For a game: the one payout of every end from a trick's start (the declaring side
    has p points, ``left`` more are in play; t tricks, ``tricks_left`` more), or None when
    the ends differ."""
    table = _payout_table(rs, game, bok_deal)

    @cache
    def settled(p: int, left: int, t: int, tricks_left: int) -> Payout | None:
        values = {table[pp][tt] for pp in range(p, p + left + 1)
                  for tt in range(t, t + tricks_left + 1)}
        return next(iter(values)) if len(values) == 1 else None

    return settled


def _payouts(deal: Deal, seen: set[Payout]) -> bool:
    """Add every payout reachable from ``deal`` to ``seen``; False as soon as it holds
    two (the rest is not searched)."""
    game = deal.game
    assert game is not None
    order = deal.order
    team = 0
    for s in game.team:
        team |= 1 << s
    settled = _settled(deal.rs, game, deal.bok_deal)

    visited: set[tuple[tuple[int, ...], int, int, int]] = set()

    def walk(hands: list[int], leader: int, trick: tuple[tuple[int, int], ...],
             p: int, t: int) -> bool:
        if not trick:
            rest = hands[0] | hands[1] | hands[2] | hands[3]
            left = POINTS_OF_MASK[rest]
            tricks_left = rest.bit_count() >> 2
            one = settled(p, left, t, tricks_left)
            if one is not None:
                seen.add(one)
                return len(seen) < 2
            key = (tuple(hands), leader, p, t)
            if key in visited:
                return True
            visited.add(key)
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if trick:
            win_card = trick[0][1]
            for _, c in trick[1:]:
                if order.beats[win_card] >> c & 1:
                    win_card = c
            legal = order.legal(hand, trick[0][1], win_card)
        else:
            legal = hand
        m = legal
        while m:
            card = (m & -m).bit_length() - 1
            m &= m - 1
            hands[seat] &= ~(1 << card)
            nt = (*trick, (seat, card))
            if len(nt) == 4:
                ws, wc = nt[0]
                for s, c in nt[1:]:
                    if order.beats[wc] >> c & 1:
                        ws, wc = s, c
                mine = team >> ws & 1
                gain = (CARD_POINTS[nt[0][1]] + CARD_POINTS[nt[1][1]] + CARD_POINTS[nt[2][1]]
                        + CARD_POINTS[nt[3][1]]) if mine else 0
                ok = walk(hands, ws, (), p + gain, t + mine)
            else:
                ok = walk(hands, leader, nt, p, t)
            hands[seat] |= 1 << card
            if not ok:
                return False
        return True

    p = sum(deal.points[s] for s in game.team)
    t = sum(deal.tricks[s] for s in game.team)
    trick = deal.trick
    leader = trick[0][0] if trick else deal.to_act
    assert leader is not None
    return walk(list(deal.hands), leader, tuple(trick), p, t)


__all__ = ["claim_is_certain", "worlds"]
