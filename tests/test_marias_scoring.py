"""Mariáš money (MARIAS §5, §6, §8): the worked examples of MARIAS §6 and every component."""

from __future__ import annotations

import pytest

from stolik.games.marias.play import NO_TRUMPS
from stolik.games.marias.ruleset import load_ruleset, parse_ruleset, rs_text
from stolik.games.marias.scoring import Settlement, game_price, renonc_amount, score

RS = load_ruleset("ctyrka")
H, L, B, A = range(4)  # červené, zelené, kule, žaludy (MARIAS §1)


def pay(s: Settlement) -> tuple[int, int, int, int]:
    result = score(RS, s)
    assert sum(result.payouts) == 0  # MARIAS §6: money only changes hands
    return result.payouts


# ---------------------------------------------------------------- MARIAS §6 worked examples

def test_example_hra_kule_flek_re_pair_wins() -> None:
    """MARIAS §6 example 1: A = 0,20 × 4 = 0,80 each way."""
    s = Settlement(game="hra", trump=B, side=(0, 2), levels=(2, 0, 0), points=(60, 30))
    assert pay(s) == (80, -80, 80, -80)


def test_example_povinna_sto_cervene_130() -> None:
    """MARIAS §6 example 2: povinná sto in červené, 130 with its 40: n = 4, A = 6,40."""
    s = Settlement(game="sto", trump=H, side=(1, 3), points=(90, 0),
                   marriages=((40,), ()), povinna=True)
    assert pay(s) == (-640, 640, -640, 640)


def test_example_sto_zelene_lost_and_povinna() -> None:
    """MARIAS §6 example 3: 40 + 40 = 80, the others a 20: pády 4, A = 3,20; povinná: 0,80."""
    s = Settlement(game="sto", trump=L, side=(0, 1), points=(40, 50),
                   marriages=((40,), (20,)))
    assert pay(s) == (-320, -320, 320, 320)
    povinna = Settlement(game="sto", trump=L, side=(0, 1), points=(40, 50),
                         marriages=((40,), (20,)), povinna=True)
    assert pay(povinna) == (-80, -80, 80, 80)


def test_example_ticha_sto_zaludy_110() -> None:
    """MARIAS §6 example 4: unannounced hra reaching 110 with all marriages: n = 2, 0,80."""
    s = Settlement(game="hra", trump=A, side=(0, 2), points=(70, 20),
                   marriages=((40,), (20,)))
    result = score(RS, s)
    assert result.payouts == (80, -80, 80, -80)
    assert result.lines == (("tichá sto", 80),)  # it replaces the hra's 0,20


def test_example_betl_flek_lost() -> None:
    """MARIAS §6 example 5: betl flekked once, lost: the soloist −6,00, others +2,00."""
    s = Settlement(game="betl", trump=NO_TRUMPS, side=(2,), levels=(1, 0, 0), soloist_tricks=1)
    assert pay(s) == (200, 200, -600, 200)


def test_example_durch_kalhoty_capped() -> None:
    """MARIAS §6 example 6: durch at kalhoty 64,00 capped at 20,00: the soloist +60,00."""
    s = Settlement(game="durch", trump=NO_TRUMPS, side=(3,), levels=(5, 0, 0), soloist_tricks=8)
    result = score(RS, s)
    assert result.payouts == (-2000, -2000, -2000, 6000)
    assert result.capped and result.lines == (("durch", 6400),)


# ---------------------------------------------------------------- each component

def test_hra_tie_loses() -> None:
    """MARIAS §5: a tie loses the hra."""
    s = Settlement(game="hra", trump=L, side=(0, 2), points=(50, 40), marriages=((), (20,)))
    assert pay(s) == (-20, 20, -20, 20)


def test_hra_red_doubling_and_sam_one_against_three() -> None:
    """MARIAS §6: ×2 in červené; sám is paid by each of the three."""
    s = Settlement(game="hra", trump=H, side=(0,), levels=(3, 0, 0), points=(60, 30))
    assert pay(s) == (3 * 320, -320, -320, -320)


def test_sedma_announced_won_and_lost_with_flek() -> None:
    """MARIAS §5, §6: sedma 0,40 × flek, won only by the announcer's 7 taking the last trick."""
    won = Settlement(game="hra", trump=B, side=(0, 2), levels=(0, 1, 0), points=(60, 30),
                     sedma_by=2, sedma_won=True)
    assert score(RS, won).lines == (("hra", 20), ("sedma", 80))
    lost = Settlement(game="hra", trump=B, side=(0, 2), levels=(0, 1, 0), points=(60, 30),
                      sedma_by=2, sedma_won=False)
    assert pay(lost) == (-60, 60, -60, 60)


def test_ticha_sedma_both_ways() -> None:
    """MARIAS §6 Decision: tichá sedma 0,20, never flekked, doubled in hearts."""
    ours = Settlement(game="hra", trump=H, side=(0, 2), levels=(1, 0, 0), points=(60, 30),
                      last_seven=2, seven_won=True)
    assert score(RS, ours).lines == (("hra", 80), ("tichá sedma", 40))
    theirs_beaten = Settlement(game="hra", trump=L, side=(0, 2), points=(60, 30),
                               last_seven=1, seven_won=False)
    assert score(RS, theirs_beaten).lines == (("hra", 20), ("tichá sedma", 20))
    ours_beaten_by_partner = Settlement(game="hra", trump=L, side=(0, 2), points=(60, 30),
                                        last_seven=0, seven_won=False)
    assert score(RS, ours_beaten_by_partner).lines == (("hra", 20), ("tichá sedma", -20))


def test_sto_won_counts_all_marriages_for_n() -> None:
    """MARIAS §5, §6: the sto needs 100 with one marriage; n counts all its marriages."""
    s = Settlement(game="sto", trump=L, side=(0, 2), points=(80, 10),
                   marriages=((40, 20), ()))
    assert score(RS, s).lines == (("sto", 80 * 5),)  # 140 → n = 5
    short = Settlement(game="sto", trump=L, side=(0, 2), points=(50, 40),
                       marriages=((40, 20), ()))  # 90 with the one marriage: 1 pád
    assert score(RS, short).lines == (("sto", -80),)


def test_povinna_sto_lost_by_three_tens_is_free() -> None:
    """Seed §4: "tři desítky se odečítají a platí se od čtvrté"."""
    s = Settlement(game="sto", trump=B, side=(0, 2), points=(30, 60), marriages=((40,), ()),
                   povinna=True)
    assert score(RS, s).lines == (("povinná sto", 0),)


def test_sto_proti_won_and_lost_every_pad_paid() -> None:
    """Seed §4: sto proti — lost, every ten is paid; won, as a sto of the defenders."""
    won = Settlement(game="hra", trump=L, side=(0, 2), points=(0, 90), marriages=((), (20,)),
                     proti=True)
    assert score(RS, won).lines == (("hra", -20), ("sto proti", -80 * 2))
    lost = Settlement(game="hra", trump=L, side=(0, 2), points=(60, 30),
                      marriages=((), (20,)), proti=True)
    assert score(RS, lost).lines == (("hra", 20), ("sto proti", 80 * 5))


def test_ticha_sto_of_defenders_but_not_after_sto_proti() -> None:
    """MARIAS §6: either side can make a tichá sto, except a side that announced a sto."""
    s = Settlement(game="hra", trump=A, side=(0, 2), points=(0, 90), marriages=((), (20,)))
    assert score(RS, s).lines == (("tichá sto", -20 * 2 * 2),)
    announced = Settlement(game="sto", trump=A, side=(0, 2), points=(0, 90),
                           marriages=((20,), (40,)))
    assert score(RS, announced).lines[0][0] == "sto"


def test_cap_is_per_pair_all_components_added() -> None:
    """MARIAS §6 Decision: the cap limits the total one player pays another in a deal."""
    s = Settlement(game="sto", trump=H, side=(0, 2), levels=(3, 2, 0), points=(90, 0),
                   marriages=((40,), ()), sedma_by=0, sedma_won=True)
    result = score(RS, s)
    assert result.capped and result.payouts == (2000, -2000, 2000, -2000)


def test_no_game_without_re_pays_the_flekked_hra_only() -> None:
    """MARIAS §4.5: the choosing side pays the flekked hra; nothing else is settled."""
    s = Settlement(game="hra", trump=H, side=(0, 2), levels=(1, 1, 0), sedma_by=0, end="no-re")
    assert pay(s) == (-80, 80, -80, 80)


@pytest.mark.parametrize(("game", "trump", "level", "price"), [
    ("hra", L, 0, 20), ("hra", H, 2, 160), ("sto", B, 1, 640), ("betl", NO_TRUMPS, 1, 200),
    ("durch", NO_TRUMPS, 0, 200), ("sto", H, 0, 640),
])
def test_renonc_price(game: str, trump: int, level: int, price: int) -> None:
    """MARIAS §8: the game as flekked, red doubled; a sto as if made at 130."""
    assert game_price(RS, game, trump, level) == price


def test_renonc_offender_pays_each_other_player_capped() -> None:
    """MARIAS §8: 1 Kč + the flekked game to each other player; above the cap 20 Kč."""
    s = Settlement(game="hra", trump=L, side=(0, 2), end="renonc", offender=2,
                   renonc_price=40)
    assert pay(s) == (140, 140, -420, 140)
    assert renonc_amount(RS, game_price(RS, "durch", NO_TRUMPS, 5)) == 2000


def test_renonc_cap_replaces_only_a_game_above_it() -> None:
    """MARIAS §8: "if the flekked game is above the cap: 20 Kč, instead of the above" — a
    club with a 16,50 Kč cap: betl at boty (16 Kč) is not above it, so 1 Kč + 16 Kč is paid
    in full; betl at kalhoty (32 Kč) is above it, so the cap is paid instead."""
    club = parse_ruleset(rs_text().replace("cap = 2000", "cap = 1650"), source="klub.toml")
    boty = game_price(club, "betl", NO_TRUMPS, 4)
    assert boty == 1600 and renonc_amount(club, boty) == 100 + 1600
    assert renonc_amount(club, game_price(club, "betl", NO_TRUMPS, 5)) == 1650
    s = Settlement(game="betl", trump=NO_TRUMPS, side=(1,), levels=(4, 0, 0), end="renonc",
                   offender=3, renonc_price=boty)
    result = score(club, s)
    assert result.payouts == (1700, 1700, 1700, -5100) and not result.capped
