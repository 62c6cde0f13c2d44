"""The licitovaný ``random`` bot (issue 28; LICITOVANY §3, §4): every move it makes is
legal, at three and at four players, under pair and side fleky; its input is its seat's
view alone, so layouts the seat cannot tell apart give it the same move; an unknown bot
is refused in one line."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stolik.bots import UnknownBot
from stolik.deck32 import ASCII_NAMES
from stolik.games import game
from stolik.games.licitovany.bots import available_bots, make_bot
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.state import Deal

RS = load_ruleset()


@pytest.mark.parametrize("seed", range(6))
def test_random_bots_play_whole_deals_legally(seed: int) -> None:
    """LICITOVANY §3, §4: each move is among the engine's legal moves; the money adds up
    to 0 (§6)."""
    rs = replace(RS, flek_scope="side") if seed % 2 else RS
    players = 3 + (seed % 3 == 0)
    d = Deal.random(rs, seed % players, random.Random(seed), players=players)
    bots = [make_bot("random", seed=seed * 10 + s, ruleset=rs) for s in range(players)]
    while not d.is_over:
        seat = d.to_act
        assert seat is not None
        move = bots[seat].act(d.view(seat))
        assert move.text() in {m.text() for m in d.legal_moves()}
        d.move(move)
    assert sum(d.money()) == 0


def test_the_bot_sees_only_its_view() -> None:
    """Two layouts seat 2 cannot tell apart (the other hands swapped) give it the same
    move at its first turn (LICITOVANY §4.2: the zadák speaks first)."""
    d = Deal.random(RS, 2, random.Random(4))
    hands = [" ".join(ASCII_NAMES[c] for c in range(32) if h >> c & 1) for h in d.pos.hands]
    talon = " ".join(ASCII_NAMES[c] for c in range(32) if d.pos.talon >> c & 1)
    e = Deal.from_text(RS, 2, [hands[1], hands[0], hands[2]], talon)
    assert d.view(2) == e.view(2)
    assert make_bot("random", seed=7).act(d.view(2)) == make_bot("random", seed=7).act(
        e.view(2))


def test_the_registry_offers_the_bots_and_refuses_others() -> None:
    """The game's ``bots`` part, as the generic layers ask for it."""
    assert "random" in available_bots()
    assert game("licitovany").part("bots").available_bots() == available_bots()
    with pytest.raises(UnknownBot, match="unknown bot 'chess' for licitovaný mariáš"):
        make_bot("chess")
    with pytest.raises(ValueError, match="seat 0 has no move now"):
        d = Deal.random(RS, 2, random.Random(1))
        make_bot("random").act(d.view(0))
