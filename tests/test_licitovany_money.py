"""Money of licitovaný mariáš (issue 28 item 3; LICITOVANY §5, §6, §7): every worked
example of §6 as a test, each variant it names too, and the zero-sum property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import (
    SIDE,
    Fleky,
    Table,
    cap,
    settle,
    settle_omyl,
    settle_pausal,
    settle_renonc,
)
from stolik.games.licitovany.results import AKTER, DEFENCE, NOBODY, Tally, judge
from stolik.games.licitovany.ruleset import Ruleset, load_ruleset, parse_ruleset
from test_licitovany_ruleset import variant

THREE = Table(players=3, akter=0, defenders=(1, 2))
FOUR = Table(players=4, akter=0, defenders=(1, 2), pauzirak=3)
NO_FLEKY = Fleky()
PROPS = settings(max_examples=300, deadline=None, derandomize=True)


def seven_won(points: int, defence: int, hlasky: tuple[int, ...] = (),
              defence_hlasky: int = 0) -> Tally:
    """A trump game whose trump 7 the aktér won the last trick with."""
    return Tally(points, defence, hlasky, defence_hlasky, seven_holder=AKTER, seven_took=True)


def rs_with(**switches: object) -> Ruleset:
    return parse_ruleset(variant(**switches)) if switches else load_ruleset()


def kc(rs: Ruleset, units: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's money in haléřů."""
    return tuple(rs.haler(u) for u in units)


def money(rs: Ruleset, rung: int, tally: Tally, fleky: Fleky = NO_FLEKY,
          table: Table = THREE) -> tuple[int, ...]:
    return kc(rs, settle(rs, RUNGS[rung], judge(rs, RUNGS[rung], tally), fleky, table))


@pytest.mark.parametrize(("switches", "hlasky", "aktér"), [
    ({}, (40, 20), 880), ({"sto_hlaska": "first"}, (20, 40), 880),
    ({"sto_s_hrou": True}, (40, 20), 920)])
def test_example_1_sto_a_sedma(switches: dict[str, object], hlasky: tuple[int, ...],
                               aktér: int) -> None:
    """LICITOVANY §6 example 1: X = 120 made, P = 140, n = 5: 22 units a pair."""
    rs = rs_with(**switches)
    got = money(rs, 4, seven_won(80, 10, hlasky=hlasky))
    assert got == (aktér, -aktér // 2, -aktér // 2)


def test_example_2_lost_sedma_with_fleky() -> None:
    """LICITOVANY §6 example 2: 1 flek hra sedma; 0 re sedma:1. Aktér −1,40."""
    tally = Tally(60, 30, seven_holder=AKTER, seven_took=False)
    fleky = Fleky.of({("hra", 1): 1, ("sedma", 1): 2}, raisers=[1])
    assert money(load_ruleset(), 1, tally, fleky) == (-140, 120, 20)
    side = Fleky.of({("hra", SIDE): 1, ("sedma", SIDE): 2}, raisers=[1])
    assert money(rs_with(flek_scope="side"), 1, tally, side) == (-240, 120, 120)


def test_example_3_durch_after_red_bidding_is_not_red() -> None:
    """LICITOVANY §6 example 3: durch made, seat 2 flekked: 6,00 + 12,00."""
    fleky = Fleky.of({("durch", 2): 1}, raisers=[2])
    assert money(load_ruleset(), 8, Tally(90, 0, tricks=10), fleky) == (1800, -600, -1200)


def test_example_4_red_dve_sedmy_and_the_raised_limit() -> None:
    """LICITOVANY §6 example 4: pair 1 1280 units capped at 750 (both raised)."""
    fleky = Fleky.of({("dve-sedmy", 1): 4, ("dve-sedmy", 2): 2}, raisers=[1, 2])
    tally = Tally(40, 50, seven_holder=AKTER, seven_took=False, helper_seven=True)
    assert money(load_ruleset(), 11, tally, fleky) == (-21400, 15000, 6400)
    assert cap(load_ruleset(), fleky, THREE) == 750
    one = Fleky.of({("dve-sedmy", 1): 4}, raisers=[1])
    assert money(load_ruleset(), 11, tally, one) == (-10000 - 1600, 10000, 1600)


@pytest.mark.parametrize(("switches", "aktér"), [({}, -600), ({"sto_s_hrou": True}, -560)])
def test_example_5_ticha_sedma_in_a_lost_sto(switches: dict[str, object], aktér: int) -> None:
    """LICITOVANY §6 example 5: pády = 2 + 2 = 4, sto −16, tichá sedma +1."""
    tally = seven_won(60, 30, hlasky=(20,), defence_hlasky=20)
    assert money(rs_with(**switches), 3, tally) == (aktér, -aktér // 2, -aktér // 2)


@pytest.mark.parametrize(("switches", "want"), [
    ({}, (400, -160, -120, -120)), ({"pauzirak": "none"}, (280, -160, -120, 0))])
def test_example_6_pauzirak(switches: dict[str, object], want: tuple[int, ...]) -> None:
    """LICITOVANY §6 example 6: four players, dealer 3 sits out, sedma-cervena, 1 flek hra."""
    fleky = Fleky.of({("hra", 1): 1}, raisers=[1])
    assert money(rs_with(**switches), 2, seven_won(60, 30), fleky, FOUR) == want


@pytest.mark.parametrize(("switches", "levels", "want"), [
    ({}, {}, (320, -160, -160)),
    ({}, {("hra", 1): 1}, (360, -200, -160)),
    ({"tiche_sto_desitky": "hra"}, {("hra", 1): 1}, (440, -280, -160))])
def test_example_7_tiche_sto(switches: dict[str, object], levels: dict[tuple[str, int], int],
                             want: tuple[int, ...]) -> None:
    """LICITOVANY §6 example 7: 80 + 40 = 120, n = 3: hra 6 units instead of 1."""
    fleky = Fleky.of(levels, raisers=[1] if levels else [])
    assert money(rs_with(**switches), 1, seven_won(80, 10, hlasky=(40,)),
                 fleky) == want


def test_tiche_sto_off_and_the_defence_s_tiche_sto() -> None:
    """LICITOVANY §5: switch ``tiche_sto``; either side can make it (n from its points)."""
    assert money(rs_with(tiche_sto=False), 1, seven_won(80, 10, hlasky=(40,))) == \
        (120, -60, -60)
    defence = seven_won(10, 80, defence_hlasky=40)  # hra lost 10 to 120
    assert money(load_ruleset(), 1, defence) == (-160, 80, 80)  # hra −6, sedma +2


def test_example_8_omyl() -> None:
    """LICITOVANY §6 example 8: 1,20 to each defender; at four the pauzírák too."""
    rs = load_ruleset()
    assert kc(rs, settle_omyl(rs, THREE)) == (-240, 120, 120)
    assert kc(rs, settle_omyl(rs, FOUR)) == (-360, 120, 120, 120)
    assert kc(rs_with(pauzirak="none"), settle_omyl(rs_with(pauzirak="none"), FOUR)) == \
        (-240, 120, 120, 0)


@pytest.mark.parametrize(("switch", "aktér"), [("highest", 480), ("first", -320)])
def test_example_9_which_hlaska(switch: str, aktér: int) -> None:
    """LICITOVANY §6 example 9: the 20 then the 40; "highest": X = 100, n = 3."""
    tally = Tally(60, 30, hlasky=(20, 40), seven_holder=NOBODY)
    assert money(rs_with(sto_hlaska=switch), 3, tally) == (aktér, -aktér // 2, -aktér // 2)


def test_example_10_renonc_by_a_defender() -> None:
    """LICITOVANY §6 example 10, §7: seat 2 alone pays what both would have paid."""
    rs = load_ruleset()
    fleky = Fleky.of({("hra", 1): 1}, raisers=[1])
    assert kc(rs, settle_renonc(rs, RUNGS[1], fleky, THREE, 2)) == (140, 0, -140)


def test_renonc_by_the_aktér_and_paušál() -> None:
    """LICITOVANY §7: an offending aktér pays every pair, a sto at pády 1; paušál to every
    other player, the pauzírák included, not cut by the limit."""
    rs = load_ruleset()
    fleky = Fleky.of({("sto", 1): 1}, raisers=[1])
    assert settle_renonc(rs, RUNGS[5], fleky, FOUR, 0) == (-16 - 8 - 8, 16, 8, 8)
    assert settle_pausal(rs, FOUR, 3, "pausal1") == (10, 10, 10, -30)
    assert settle_pausal(rs, THREE, 0, "pausal2") == (-100, 50, 50)


def test_ticha_sedma_of_the_defence() -> None:
    """LICITOVANY §5: a defender's trump 7 counts for the defence; beaten in the last trick
    by his partner it is lost by the defence (Decisions: "Tiché results")."""
    rs = load_ruleset()
    made = Tally(70, 20, hlasky=(40,))
    took = money(rs, 3, Tally(70, 20, hlasky=(40,), seven_holder=DEFENCE, seven_took=True))
    beaten = money(rs, 3, Tally(70, 20, hlasky=(40,), seven_holder=DEFENCE))
    base = money(rs, 3, made)
    assert took[0] == base[0] - 2 * 20 and beaten[0] == base[0] + 2 * 20
    assert money(rs_with(ticha_sedma=False), 3, Tally(70, 20, hlasky=(40,),
                                                      seven_holder=DEFENCE)) == base


switches = st.fixed_dictionaries({
    "flek_scope": st.sampled_from(["pair", "side"]), "sto_hlaska": st.sampled_from(
        ["highest", "first"]), "sto_s_hrou": st.booleans(), "tiche_sto": st.booleans(),
    "tiche_sto_desitky": st.sampled_from(["sazba", "hra"]), "max_flek": st.sampled_from([4, 5]),
    "pauzirak": st.sampled_from(["base", "none"])})


@st.composite
def deals(draw: st.DrawFn) -> tuple[Ruleset, int, Tally, Fleky, Table]:
    rs = rs_with(**draw(switches))
    points = draw(st.integers(0, 9)) * 10
    hlasky = tuple(draw(st.lists(st.sampled_from([20, 40]), max_size=4)))
    tally = Tally(points, 90 - points, hlasky, draw(st.sampled_from([0, 20, 40, 60])),
                  draw(st.integers(0, 10)), draw(st.sampled_from([NOBODY, AKTER, DEFENCE])),
                  draw(st.booleans()), draw(st.booleans()))
    four = draw(st.booleans())
    table = FOUR if four else THREE
    seats = [SIDE] if rs.flek_scope == "side" else [1, 2]
    levels = {(c, s): draw(st.integers(0, rs.max_flek)) for c in
              ("hra", "sedma", "sto", "betl", "durch", "dve-sedmy") for s in seats}
    raisers = draw(st.lists(st.sampled_from([1, 2]), unique=True))
    return rs, draw(st.sampled_from(rs.ladder)), tally, Fleky.of(levels, raisers), table


@PROPS
@given(deal=deals(), offender=st.integers(0, 3))
def test_money_is_zero_sum_and_within_the_limit(
        deal: tuple[Ruleset, int, Tally, Fleky, Table], offender: int) -> None:
    """LICITOVANY §6: what the aktér gets the others pay; no pair past its limit; §7 the
    same for renoncs and paušál."""
    rs, rung, tally, fleky, table = deal
    paid = settle(rs, RUNGS[rung], judge(rs, RUNGS[rung], tally), fleky, table)
    assert sum(paid) == 0 and len(paid) == table.players
    assert all(abs(paid[s]) <= cap(rs, fleky, table) for s in table.opponents(rs))
    offender %= table.players
    assert sum(settle_pausal(rs, table, offender, "pausal2")) == 0
    if offender != table.pauzirak:
        renonc = settle_renonc(rs, RUNGS[rung], fleky, table, offender)
        assert sum(renonc) == 0
        assert (renonc[table.akter] < 0) == (offender == table.akter)


def test_pauzirak_side_settles_at_the_defence_s_levels() -> None:
    """LICITOVANY §6 switch ``pauzirak = "side"`` (with ``flek_scope = "side"``): example
    6's deal with the defence's hra at level 1 — every pair, the pauzírák's too, 8 units."""
    rs = rs_with(flek_scope="side", pauzirak="side")
    fleky = Fleky.of({("hra", SIDE): 1}, raisers=[1])
    assert money(rs, 2, seven_won(60, 30), fleky, FOUR) == (480, -160, -160, -160)
    base = rs_with(flek_scope="side")
    assert money(base, 2, seven_won(60, 30), fleky, FOUR) == (440, -160, -160, -120)
