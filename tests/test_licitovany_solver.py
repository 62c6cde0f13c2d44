"""The licitovaný solver against brute force (LICITOVANY §3, §5, §6): from end positions of
seeded random deals of every contract kind, the solver's money for the aktér equals a full
minimax over the state engine (every legal card and every hláška choice, the aktér
maximising his money, the defenders minimising it, the money as the engine settles it)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from stolik.games.licitovany import solver
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.contract_deals import contract_deal
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset
from stolik.games.licitovany.state import Deal

RS = load_ruleset()


def brute(d: Deal) -> int:
    """Full minimax over the state engine (LICITOVANY §3: every legal card, every hláška
    choice; §6: the engine's money)."""
    if d.is_over:
        return d.money()[d.pos.akter]
    maxing = d.to_act == d.pos.akter
    best = None
    for m in d.legal_moves():
        d.move(m)
        v = brute(d)
        d.undo()
        if best is None or (v > best if maxing else v < best):
            best = v
    assert best is not None
    return best


def end_position(seed: int, rung: int, left: int, rs: Ruleset = RS, **kw: Any) -> Deal:
    """A deal of ``rung`` played at random until ``left`` tricks remain (and 0–2 cards of
    the next), each seat keeping its kings, svršky and sevens where it can (so that the end
    holds whole marriages and the sevens, LICITOVANY §3, §5)."""
    d = contract_deal(rs, seed, rung, **kw)
    rng = random.Random(seed + 1)
    extra = rng.randrange(3)
    while not d.is_over and (len(d.pos.tricks) < 10 - left or
                             (len(d.pos.tricks) == 10 - left and len(d.pos.trick) < extra)):
        moves = d.legal_moves()
        kept = [m for m in moves if m.cards[0] & 7 not in KEPT and not m.hlaska]
        d.move(rng.choice(kept or moves))
    return d


KEPT = (2, 3, 7)
"""Ranks the random play keeps while it can: king, svršek, seven."""


KINDS = {1: "sedma (hra + sedma)", 2: "sedma červená", 3: "sto (+ tichá sedma)",
         4: "sto a sedma", 5: "sto červených", 6: "sto a sedma červených", 7: "betl",
         8: "durch", 9: "dvě sedmy", 10: "dvě sedmy a sto", 11: "dvě sedmy červená",
         12: "dvě sedmy a sto, červená trumf"}


@pytest.mark.parametrize("rung", sorted(KINDS))
def test_solver_agrees_with_brute_force_on_end_positions(rung: int) -> None:
    """LICITOVANY §5 (each contract kind's components), §6 (its money): 3 tricks left."""
    for seed in range(6):
        d = end_position(100 * rung + seed, rung, 3, sevens=rung >= 9 and seed % 2 == 0,
                         players=3 + (seed == 5))
        assert solver.solve(d) == brute(d), (rung, seed, [m.text() for m in d.log])


@pytest.mark.parametrize("rung", [1, 4, 9, 10])
def test_four_tricks_left(rung: int) -> None:
    """LICITOVANY §3: the aktér's sevens kept back (trump 7 to trick 10, helper 7 to trick
    9) over a longer end; §5 dvě sedmy's trick 9."""
    for seed in range(2):
        d = end_position(7000 + 10 * rung + seed, rung, 4, sevens=rung >= 9)
        assert solver.solve(d) == brute(d)


@pytest.mark.parametrize("switch", [{"sto_hlaska": "first"}, {"sto_s_hrou": True},
                                    {"tiche_sto_desitky": "hra"}, {"flek_scope": "side"}])
def test_switches(switch: dict[str, object]) -> None:
    """LICITOVANY §5's and §6's switches change the money the solver maximises exactly as
    the engine settles it (sto_hlaska "first" is exact here: one choice at most)."""
    rs = replace(RS, **switch)  # type: ignore[arg-type]
    for seed, rung in enumerate([1, 3, 4, 6]):
        d = end_position(9000 + seed, rung, 3, rs)
        assert solver.solve(d) == brute(d)


def test_a_finished_deal_is_its_money() -> None:
    """LICITOVANY §6: a deal played out is worth what it settles."""
    d = end_position(5, 1, 0)
    assert d.is_over and solver.solve(d) == d.money()[d.pos.akter]


def test_card_values_pick_the_brute_force_best() -> None:
    """Each legal card's value is the brute force's value after it (LICITOVANY §3)."""
    d = end_position(42, 4, 2)
    values = solver.card_values(d)
    for m in d.legal_moves():
        d.move(m)
        assert values[(m.cards[0], m.hlaska)] == brute(d)
        d.undo()


def test_refuses_a_deal_not_in_play() -> None:
    d = Deal.random(RS, 0, random.Random(1))
    with pytest.raises(ValueError, match="in play"):
        solver.solve(d)


def test_a_dve_sedmy_made_on_the_best_line() -> None:
    """LICITOVANY §5 dvě sedmy: a strong hand makes it against best defence from the first
    lead; down its best line (the solver's best card for the seat to act) to three tricks
    left the value stays the made money, and brute force agrees there (§3: the helper 7 in
    trick 9, the trump 7 in trick 10)."""
    d = Deal.from_text(RS, dealer=2, hands=[
        "AH TH KH OH UH 9H 8H 7H TB 9B", "AA TA KA OA UA 9A 8A 7A UB 8B",
        "AL TL KL OL UL 9L 7L AB KB 7B"], talon="8L OB")
    for m in ["dve-sedmy", "dobra", "dobra", "discard 8L OB", "contract dve-sedmy L B",
              "dobra", "dobra"]:
        d.move(m)
    made = solver.solve(d)
    assert made == 2 * 40  # 40 units from each defender (§6 tariff), unflekked
    while len(d.pos.tricks) < 7:
        values = solver.card_values(d)
        pick = max if d.to_act == d.pos.akter else min
        c, hl = pick(values, key=lambda m: values[m])
        assert values[(c, hl)] == made
        d.move(Move.play(c, hl))
    assert solver.solve(d) == brute(d) == made
