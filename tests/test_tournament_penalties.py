"""Table results with penalties and events (RULES §9–§10, seed 000 §7q–t, w): every case as
a scenario; deal-record, sheet and totals tables agreeing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stolik.games.baska.record import load_record, replay
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DECLARING, DealResult
from stolik.games.baska.tournament import score_table
from stolik.records import load_document
from stolik.tournament.model import (
    EventKind,
    SheetLine,
    TableEntry,
    TournamentError,
    TournamentRules,
)

DATA = Path(__file__).parent / "data"
PUCKA = load_ruleset("pucka-2019")
MESTER = load_ruleset("mester-sport")
RULES = TournamentRules()
SEATS = ("a", "b", "c", "d")


def table(rs: Any = PUCKA, **kw: Any) -> Any:
    return score_table(rs, RULES, TableEntry(SEATS, **kw), 2, 3, source="t.toml")


def test_normal_table_pucka_places_shared() -> None:
    """RULES §9: 6/4/2/0, equal table points share their places' points."""
    r = table(totals=(20, 20, -10, -30))
    assert r.place_points == (5.0, 5.0, 2.0, 0.0)
    assert r.table_points == (20, 20, -10, -30)
    assert r.events == ()


def test_normal_table_mester_sport_positive_bonus() -> None:
    """RULES §9, seed 001 Punktacja: 5/3/1/0 plus 3/2/1/0 for a score above zero."""
    r = table(MESTER, totals=(30, 10, -10, -30))
    assert r.place_points == (8.0, 5.0, 1.0, 0.0)
    r = table(MESTER, totals=(0, 0, 0, 0))
    assert r.place_points == (2.25, 2.25, 2.25, 2.25)


def test_late_more_than_5_minutes_one_player() -> None:
    """000 §7q: the late player −15, each other +5 — before places are decided."""
    r = table(totals=(10, 0, 0, -10), late=(("a", 7),))
    assert r.table_points == (-5, 5, 5, -5)
    assert r.played == (10, 0, 0, -10)
    assert r.place_points == (1.0, 5.0, 5.0, 1.0)
    assert [(e.kind, e.player, e.value) for e in r.events] == [(EventKind.LATE, "a", 7)]


def test_late_exactly_5_minutes_is_no_penalty() -> None:
    r = table(totals=(10, 0, 0, -10), late=(("a", 5),))
    assert r.table_points == (10, 0, 0, -10)
    assert r.events == ()


def test_late_two_players_each_minus_15_nobody_gains() -> None:
    """000 §7q second sentence: two missing players each −15; no +5 is named."""
    r = table(totals=(10, 0, 0, -10), late=(("a", 6), ("d", 9)))
    assert r.table_points == (-5, 0, 0, -25)


def test_late_more_than_10_minutes_series_over() -> None:
    """000 §7r: the series is over: late −4 (−120), each other 4 (+40)."""
    r = table(late=(("c", 11),))
    assert r.place_points == (4.0, 4.0, -4.0, 4.0)
    assert r.table_points == (40, 40, -120, 40)
    assert r.source == "none"
    assert r.events[0].kind is EventKind.LATE_OVER


def test_late_more_than_10_minutes_refuses_deals() -> None:
    with pytest.raises(TournamentError) as e:
        table(totals=(1, -1, 0, 0), late=(("c", 11),))
    assert str(e.value).startswith("t.toml: round 2, table 3, late: player 'c' is 11 min late")
    assert "(seed 000 §7r)" in str(e.value)


def test_left_after_10_deals_keeps_results_so_far() -> None:
    """000 §7s: after ≥ 10 deals the stayers get 6, 4, 2 by results so far, the leaver −4,
    whatever the sign of the scores; table points stay as recorded."""
    r = table(totals=(-30, 50, -5, -15), left=(("b", 12),))
    assert r.place_points == (2.0, -4.0, 6.0, 4.0)
    assert r.table_points == (-30, 50, -5, -15)
    assert r.deals_played == 12
    assert r.events[0].kind is EventKind.LEFT


def test_left_after_10_deals_ties_share() -> None:
    r = table(totals=(10, 0, 10, -20), left=(("d", 10),))
    assert r.place_points == (5.0, 2.0, 5.0, -4.0)


def test_left_after_10_deals_mester_sport_uses_seed_000_penalty() -> None:
    """The penalty rules of seed 000 apply under every ruleset (no positive bonus)."""
    r = table(MESTER, totals=(10, 0, 10, -20), left=(("d", 10),))
    assert r.place_points == (5.0, 2.0, 5.0, -4.0)


def test_left_before_10_deals() -> None:
    """000 §7s: before 10 deals the others 4 (+40), the leaver −4 (−120)."""
    r = table(totals=(30, -10, -10, -10), left=(("a", 9),))
    assert r.place_points == (-4.0, 4.0, 4.0, 4.0)
    assert r.table_points == (-120, 40, 40, 40)
    assert r.events[0].kind is EventKind.LEFT_EARLY


def test_excluded_scored_like_leaving_with_a_yellow_card() -> None:
    """000 §7t: exclusion is scored as §7s; the event is the yellow card."""
    r = table(totals=(30, -10, -10, -10), left=(("a", 14),), excluded=("a",))
    assert r.place_points == (-4.0, 4.0, 4.0, 4.0)  # three stayers tied share 6+4+2
    assert r.events[0].kind is EventKind.EXCLUDED
    early = table(totals=(30, -10, -10, -10), left=(("a", 3),), excluded=("a",))
    assert early.table_points == (-120, 40, 40, 40)
    assert early.events[0].kind is EventKind.EXCLUDED


def test_left_and_excluded_at_one_table() -> None:
    """The issue's own example, ``left = { b = 12 }`` and ``excluded = ["d"]`` at one table
    (our decision on seed 000 §7s–t, RULES §10): d is excluded when the series stopped,
    after the 12 deals recorded; both get −4 and the two who stay share 6 and 4."""
    lines = tuple(SheetLine("gran", s % 4, points=90) for s in range(12))
    r = table(sheet=lines, left=(("b", 12),), excluded=("d",))
    assert r.deals_played == 12
    assert r.place_points[1] == r.place_points[3] == -4.0
    assert sorted([r.place_points[0], r.place_points[2]]) in ([4.0, 6.0], [5.0, 5.0])
    assert [(e.kind, e.player, e.value) for e in r.events] == [
        (EventKind.LEFT, "b", 12), (EventKind.EXCLUDED, "d", 12)]


def test_two_leave_before_10_deals() -> None:
    """Two gone before 10 deals: each −4 (−120), the two who stay 4 (+40) — seed 000 §7s."""
    r = table(totals=(0, 0, 0, 0), left=(("a", 5), ("c", 5)))
    assert r.place_points == (-4.0, 4.0, -4.0, 4.0)
    assert r.table_points == (-120, 40, -120, 40)


def test_late_and_leaving_combine() -> None:
    r = table(totals=(30, -10, -10, -10), late=(("b", 8),), left=(("a", 4),))
    assert r.table_points == (-115, 25, 45, 45)


@pytest.mark.parametrize(("kw", "needle"), [
    ({"totals": (1, 0, 0, 0)}, "totals: [1, 0, 0, 0] sum to 1, not 0"),
    ({}, "the table has no deal, sheet or totals"),
    ({"totals": (0, 0, 0, 0), "late": (("x", 7),)}, "late: player 'x' is not seated"),
    ({"totals": (0, 0, 0, 0), "left": (("a", 12), ("b", 14))},
     "everybody who leaves leaves after the same deal, not 'a' after 12, 'b' after 14"),
    ({"totals": (0, 0, 0, 0), "left": (("a", 12),), "excluded": ("b",)},
     "excluded: player 'b' needs a 'left' entry: after how many deals he was excluded — the "
     "table holds only totals"),
    ({"totals": (0, 0, 0, 0), "sheet": (SheetLine("gran", 0, points=60),)},
     "not sheet and totals"),
    ({"sheet": (SheetLine("gran", 0, points=60),), "left": (("a", 12),)},
     "left after 12 deals but the table records 1"),
    ({"sheet": (SheetLine("gran", 0, points=61, tricks=1),)},
     "sheet line 1: 61 card points cannot be taken in 1 trick"),
    ({"deals": ({"dealer": 0, "hands": ["AH"]},)}, "deal: deal 1"),
])
def test_bad_tables(kw: dict[str, Any], needle: str) -> None:
    with pytest.raises(TournamentError) as e:
        table(**kw)
    msg = str(e.value)
    assert msg.startswith("t.toml: round 2, table 3, ")
    assert needle in msg
    assert "(RULES" in msg or "(seed" in msg
    assert "\n" not in msg


# ------------------------------------------------- deals vs sheet vs totals


def sheet_line(r: DealResult) -> SheetLine:
    """The paper-sheet line a referee would write for a replayed deal."""
    g = r.game
    team_points = sum(r.points[s] for s in g.team)
    team_tricks = sum(r.tricks[s] for s in g.team)
    plain = g.contract.kind == "plain"
    honour = g.contract.kind == "honour"
    return SheetLine(
        g.contract.id,
        None if plain else g.declarer,
        (g.team[0], g.team[1]) if plain else None,
        g.partner,
        g.level,
        None if honour else team_points,
        None if honour else team_tricks,
        r.revoke,
        None if not g.level else "declaring" if g.first_doubler_side == DECLARING
        else "opposing",
    )


@pytest.mark.parametrize("record", [
    DATA / "linia-bok.toml", *sorted((DATA / "examples").glob("*.toml"))])
def test_deal_sheet_and_totals_tables_agree(record: Path) -> None:
    """The same series entered as deal records, as paper-sheet lines and as totals gives
    the same table points and place points (RULES §9, §11)."""
    rec = load_record(record)
    series = replay(rec)
    rs = rec.ruleset
    deals = tuple(load_document(record)["deal"])
    a = score_table(rs, RULES, TableEntry(SEATS, rec.deals[0].dealer, deals=deals), 1, 1)
    b = score_table(rs, RULES, TableEntry(
        SEATS, sheet=tuple(sheet_line(r) for r in series.results)), 1, 1)
    c = score_table(rs, RULES, TableEntry(SEATS, totals=series.totals), 1, 1)
    assert a.table_points == b.table_points == c.table_points == series.totals
    assert a.place_points == b.place_points == c.place_points == series.place_points
    assert [r.payout for r in a.results] == [r.payout for r in b.results]
    assert (a.source, b.source, c.source) == ("deals", "sheet", "totals")


def test_deal_table_first_dealer_must_match() -> None:
    deals = tuple(load_document(DATA / "linia-bok.toml")["deal"])
    first = deals[0]["dealer"]
    with pytest.raises(TournamentError, match="should be first_dealer"):
        score_table(load_ruleset("linia"), RULES,
                    TableEntry(SEATS, (first + 1) % 4, deals=deals), 1, 1)


def test_a_leagues_own_penalty_amounts(tmp_path: Path) -> None:
    """RULES §10 as data: a ruleset's [tournament] table changes the amounts (here late
    more than 5 minutes costs 20, sitting out is worth 3 (+30))."""
    from stolik.tournament.model import Player, Round, Tournament
    from stolik.tournament.scoring import score_tournament

    shipped = Path(__file__).resolve().parents[1] / "src/stolik/games/baska/rulesets"
    text = (shipped / "pucka-2019.toml").read_text(encoding="utf-8")
    text = text.replace('id = "pucka-2019"', 'id = "moja-liga"')
    text = text.replace("late_minor = -15", "late_minor = -20")
    text = text.replace("sitting_out = [4, 40]", "sitting_out = [3, 30]")
    path = tmp_path / "moja-liga.toml"
    path.write_text(text, encoding="utf-8")
    entry = TableEntry(SEATS, totals=(0, 0, 0, 0), late=(("b", 7),))
    players = tuple(Player(p, p.upper()) for p in (*SEATS, "e"))
    res = score_tournament(Tournament(str(path), "T", players, (Round((entry,), ("e",)),)))
    assert res.rounds[0].tables[0].table_points == (5, -20, 5, 5)
    assert res.rounds[0].sitting_out_points == (3.0, 30)
