"""Drawing a full Baśka deal consistent with one seat's information (what OpenSpiel's
IS-MCTS resamples): layouts from :func:`~stolik.games.baska.inference.sample_layouts`,
kept only when the whole history replays on them to the same view.

Re-exported by :mod:`stolik.games.baska.openspiel`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from stolik.errors import IllegalMove
from stolik.games.baska.calls import Call, parse_call
from stolik.games.baska.deck import HANDS
from stolik.games.baska.inference import InconsistentView, Layout, public_draws
from stolik.games.baska.openspiel_actions import (
    _BATCH,
    RESAMPLE_TRIES,
    ResampleError,
)
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import Deal, SeatView

# ---------------------------------------------------------------- sampling


def _replay(rs: Ruleset, dealer: int, hands: Sequence[int], calls: Sequence[Call],
            plays: Sequence[int]) -> Deal | None:
    """The deal with these initial hands after these calls and cards; None if illegal."""
    deal = Deal(rs, dealer, hands)
    try:
        for c in calls:
            deal.call(c)
        for card in plays:
            deal.play(card)
    except IllegalMove:
        return None
    return deal


@lru_cache(maxsize=64)
def _drawer(rs: Ruleset, view: SeatView) -> Callable[[int, random.Random], list[Layout]]:
    """How to draw layouts for ``view``: uniformly, or — when another seat's game was
    announced as laid down (RULES §7) — among the layouts where that seat's hand is laid
    down (:func:`~stolik.games.baska.inference.public_draws`; kept per view: IS-MCTS
    resamples one information state many times)."""
    return public_draws(view, rs)


def sample_deal(rs: Ruleset, view: SeatView, rng: random.Random,
                tries: int = RESAMPLE_TRIES) -> Deal:
    """A deal drawn from the layouts consistent with ``view`` — one seat's knowledge — with
    its history replayed: its :meth:`Deal.view` of ``view.seat`` equals ``view``.
    :class:`ResampleError` when none is found in ``tries`` layouts.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> deal = Deal.random(rs, 0, random.Random(2))
    >>> for c in ["pass"] * 4:
    ...     deal.call(c)
    >>> deal.play(deal.legal_cards()[0])
    >>> world = sample_deal(rs, deal.view(2), random.Random(0))
    >>> world.view(2) == deal.view(2), world.initial_hands[2] == deal.initial_hands[2]
    (True, True)
    """
    calls = [parse_call(text, rs) for _, text in view.calls]
    plays = [c for _, c in view.plays]
    played = [0, 0, 0, 0]
    for seat, card in view.plays:
        played[seat] |= 1 << card
    # A laid-down announcement is public (RULES §7): the announced hand is drawn among the
    # laid-down ones, so that every state of one information state has the same legal
    # actions (what IS-MCTS needs).
    try:
        draw = _drawer(rs, view)
    except InconsistentView as e:
        raise ResampleError(str(e)) from None
    left = tries
    while left > 0:
        try:
            layouts = draw(min(_BATCH, left), rng)
        except InconsistentView as e:
            raise ResampleError(str(e)) from None
        left -= len(layouts)
        for layout in layouts:
            hands = [layout[s] | played[s] for s in range(HANDS)]
            deal = _replay(rs, view.dealer, hands, calls, plays)
            if deal is not None and deal.view(view.seat) == view:
                return deal
    raise ResampleError(f"no layout consistent with the view of seat {view.seat} "
                        f"in {tries} tries")
