"""Mariáš money tournaments (issue 10 §3; MARIAS §7, §9, §10; seed 002 §1–§3, §10): the
table sheet (stolový lístek), its zero sum, top-ups, the organiser's equal-share correction
with its odd haléř, the hand-in, exclusion after a warning, the money ranking with its tie
rule, seasons, tournament files and CSV — in the game's tournament part, the store (SQLite
and PostgreSQL: the ``db`` fixture) and the CLI end to end.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.db import Database
from stolik.games.marias.record import record_document, series_record
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.simulate import simulate
from stolik.games.marias.tournament import (
    MoneySheet,
    TopUp,
    amount_text,
    equal_share,
    kc,
    money_change,
    rank_key,
    results,
    score_table,
    sheet_of,
    table_results,
    tournament_rules,
)
from stolik.tournament import store
from stolik.tournament.file import dumps_tournament, loads_tournament, write_csv
from stolik.tournament.model import (
    Player,
    Round,
    TableEntry,
    Tournament,
    TournamentError,
)
from stolik.tournament.scoring import score_tournament
from stolik.tournament.standings import season_standings, tournament_standings
from stolik.tournament.store_core import StoreError

RS = load_ruleset("ctyrka")
SEATS = ("a", "b", "c", "d")


class Cli:
    """Runs ``stolik tournament ARGS --db URL`` (as ``tests/test_tournament_db_cli.py``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.runner = CliRunner()

    def __call__(self, *args: str | Path) -> tuple[int, str, str]:
        argv = ["tournament", *(str(a) for a in args), "--db", self.url]
        result = self.runner.invoke(app, argv, env={"STOLIK_WHO": "ref", "STOLIK_DB": None,
                                                    "STOLIK_LANG": "en"})  # issue 25.1
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr

    def ok(self, *args: str | Path) -> str:
        code, out, err = self(*args)
        assert code == 0, err
        return out

    def error(self, *args: str | Path) -> str:
        """A command that must fail: exit 1, one line on stderr, no traceback."""
        code, out, err = self(*args)
        assert code == 1, (out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("stolik: "), err
        return lines[0]


def deals(n: int, seed: int, first_dealer: int = 0) -> list[dict[str, Any]]:
    """``n`` random Mariáš deals as a record's ``[[deal]]`` tables (MARIAS §11)."""
    sim = simulate(RS, n, seed=seed, first_dealer=first_dealer)
    doc = record_document(series_record(RS, sim.records))
    out: list[dict[str, Any]] = doc["deal"]
    return out


def money(final: Sequence[int], **kw: Any) -> MoneySheet:
    return MoneySheet(final=(final[0], final[1], final[2], final[3]), **kw)


# ------------------------------------------------------------- the table sheet


def test_result_is_final_minus_stake_and_topups() -> None:
    """MARIAS §7: result = money on the table − everything put in (50 Kč + top-ups)."""
    s = money([9000, 1000, 4000, 8500], topups=(TopUp(1, 1000, "19:05"), TopUp(1, 1500)))
    assert results(s) == (4000, -6500, -1000, 3500)
    assert table_results(s, None, "t") == (4000, -6500, -1000, 3500)


def test_unbalanced_table_is_refused() -> None:
    """MARIAS §7 / seed 002 §10: a table's results sum to zero, else the sheet is refused
    naming the difference in Kč."""
    with pytest.raises(TournamentError, match=r"sum to \+0,30 Kč, not 0 .*seed 002 §10"):
        table_results(money([6000, 4000, 5000, 5030]), None, "t")
    with pytest.raises(TournamentError, match=r"sum to -1,00 Kč"):
        table_results(money([6000, 4000, 5000, 4900]), None, "t")


@pytest.mark.parametrize("amount", [0, 500, 999])
def test_topup_below_ten_kc_is_refused(amount: int) -> None:
    """Seed 002 §3: a top-up is at least 10 Kč."""
    with pytest.raises(TournamentError, match=r"top-up is at least 10,00 Kč.*seed 002 §3"):
        sheet_of({"topups": [{"seat": 0, "amount": amount}]})
    assert sheet_of({"topups": [{"seat": 0, "amount": 1000}]}).topups == (TopUp(0, 1000),)


def test_sheet_document_errors_are_one_line() -> None:
    """A broken stored/file sheet is refused naming the key (MARIAS §7)."""
    for doc, words in (({"final": [1, 2, 3]}, "'final' must be 4 amounts"),
                       ({"final": [-1, 0, 0, 0]}, "never negative"),
                       ({"stake": 0}, "stake must be more than 0"),
                       ({"topups": [{"seat": 1, "amount": 1000, "at": "25:00"}]}, "HH:MM"),
                       ({"bogus": 1}, "unknown key 'bogus'")):
        with pytest.raises(TournamentError, match=words):
            sheet_of(doc)


def test_the_parts_refusals_carry_catalog_codes() -> None:
    """Every refusal of Mariáš's tournament part is a message with a catalog code (issue
    9.9), so the pages and the CLI say it in their language; the place in front is
    translated too (MARIAS §7, seed 002 §3, §10)."""
    from stolik.i18n import translate

    cases: list[tuple[dict[str, Any], str]] = [
        ({"final": [-1, 0, 0, 0]}, "nigdy nie są ujemne"),
        ({"topups": [{"seat": 1, "amount": 500}]}, "co najmniej 10,00 Kč"),
        ({"topups": [{"seat": 1, "amount": 1000, "at": "25:00"}]}, "GG:MM"),
        ({"bogus": 1}, "nieznany klucz 'bogus'")]
    for doc, polish in cases:
        with pytest.raises(TournamentError) as e:
            sheet_of(doc)
        assert getattr(e.value.message, "code", None) is not None
        assert polish in translate(e.value, "pl") and translate(e.value, "en") == str(e.value)
    with pytest.raises(TournamentError) as e:
        table_results(money([6000, 4000, 5000, 5030]), None, "deal 3")
    assert translate(e.value, "pl").startswith("rozdanie 3: wyniki stołu sumują się do +0,30")
    with pytest.raises(TournamentError) as e:
        money_change(hand_in=True)(RS, TableEntry(SEATS))
    assert "nie ma jeszcze kwot końcowych" in translate(e.value, "pl")


# ------------------------------------------------------ the equal-share correction


def test_equal_share_divisible() -> None:
    """Seed 002 §10: the difference is spread equally over the four players."""
    assert equal_share((1000, 500, -700, -400)) == (-100, -100, -100, -100)
    assert equal_share((1000, 500, -700, -1200)) == (100, 100, 100, 100)


@pytest.mark.parametrize(("res", "want"), [
    # 3 haléř over: −0 each, one more from each of the three best results
    ((3000, -3000, 0, 3), (-1, 0, -1, -1)),
    # 5 over: −1 each, the odd one from the best result
    ((1000, 500, -700, -795), (-2, -1, -1, -1)),
    # 2 short: +0 each, the odd ones to the two worst results (seat order among equals)
    ((0, 0, 0, -2), (1, 0, 0, 1)),
    # 7 short: +1 each, the 3 odd ones to the three worst
    ((-100, 50, 40, 3), (2, 1, 2, 2)),
])
def test_equal_share_remainder(res: tuple[int, int, int, int],
                               want: tuple[int, int, int, int]) -> None:
    """Seed 002 §10 with an indivisible difference: equal shares to the haléř, the odd
    haléř written off from the best results first (added to the worst first); the
    corrected table sums to exactly zero and no result passes another."""
    got = equal_share(res)
    assert got == want
    fixed = [r + c for r, c in zip(res, got, strict=True)]
    assert sum(fixed) == 0
    assert max(got) - min(got) <= 1
    order = sorted(range(4), key=lambda s: -res[s])
    assert all(fixed[order[i]] >= fixed[order[i + 1]] for i in range(3))


def test_money_change_spreads_only_a_difference() -> None:
    """Seed 002 §10: --equal-share on a balanced sheet is refused (nothing to spread); a
    change of the amounts drops an earlier correction."""
    e = TableEntry(SEATS)
    with pytest.raises(TournamentError, match="no difference to spread"):
        money_change(final=[6000, 4000, 5000, 5000], spread=True)(RS, e)
    s = money_change(final=[6000, 4000, 5000, 5002], spread=True)(RS, e)
    assert s.correction == (-1, 0, 0, -1)
    s2 = money_change(final=[6000, 4000, 5000, 5000])(RS, TableEntry(SEATS, table_sheet=s))
    assert s2.correction is None and table_results(s2, None, "") == (1000, -1000, 0, 0)


# ------------------------------------------------------------- deal by deal


def test_deal_by_deal_money_is_the_engines() -> None:
    """MARIAS §7, §11: deals entered as records are settled by the engine, summed in
    haléř; the dealer moves clockwise (MARIAS §9)."""
    ds = deals(6, seed=11)
    sim = simulate(RS, 6, seed=11)
    r = score_table(RS, tournament_rules(RS), TableEntry(SEATS, deals=tuple(ds)), 1, 1)
    assert r.table_points == sim.totals and sum(r.table_points) == 0
    assert r.source == "deals" and r.deals_played == 6
    broken = [dict(ds[0]), {**ds[1], "dealer": 3}]
    with pytest.raises(TournamentError, match=r"deal 2: dealer 3 should be 1.*MARIAS §9"):
        score_table(RS, tournament_rules(RS), TableEntry(SEATS, deals=tuple(broken)), 1, 1)
    with pytest.raises(TournamentError, match="no 'final' amounts"):
        score_table(RS, tournament_rules(RS), TableEntry(
            SEATS, deals=tuple(ds), table_sheet=money([5000] * 4)), 1, 1)


# ------------------------------------------------------------- ranking


def test_tie_rule_best_round_then_second_best() -> None:
    """MARIAS §10: the sum of the round results; ties by the better best round, then the
    better second best."""
    assert rank_key(0.0, 1000, [700, 300, 0]) > rank_key(0.0, 1000, [600, 400, 0])
    assert rank_key(0.0, 1000, [700, 400, -100]) > rank_key(0.0, 1000, [700, 300, 0])
    assert rank_key(0.0, 1001, [0]) > rank_key(0.0, 1000, [1000])
    assert rank_key(0.0, 500, [500, 0]) == rank_key(0.0, 500, [0, 500])


def _tournament(rounds: list[list[tuple[tuple[str, ...], Sequence[int]]]],
                players: str = "abcdefgh", **kw: Any) -> Tournament:
    return Tournament("ctyrka", "T", tuple(Player(p, p.upper()) for p in players), tuple(
        Round(tuple(TableEntry((s[0], s[1], s[2], s[3]), table_sheet=money(
            [5000 + x for x in res])) for s, res in r)) for r in rounds), **kw)


def test_standings_by_money_with_tie_rule() -> None:
    """MARIAS §10 through the whole tournament: a and e both +10 Kč, a's best round is
    better; b and f tie on total and best round, f's second best is better."""
    t = _tournament([
        [(("a", "b", "c", "d"), [600, 500, -500, -600]),
         (("e", "f", "g", "h"), [500, 400, -400, -500])],
        [(("a", "f", "c", "g"), [400, 100, -100, -400]),
         (("e", "b", "d", "h"), [500, -100, 100, -500])],
    ])
    st = tournament_standings(score_tournament(t))
    assert st.unit == "haler"
    ranked = [(p.id, p.table_points, p.rank) for p in st.players]
    assert ranked[:4] == [("a", 1000, 1), ("e", 1000, 2), ("f", 500, 3), ("b", 400, 4)]
    assert [p.place_points for p in st.players] == [0.0] * 8
    assert st.players[0].rounds == (600, 400)
    assert st.amount(-1234) == "-12,34" and st.amount(50) == "+0,50"


def test_season_sums_money() -> None:
    """A season sums its tournaments' money, ranked by the same rule (MARIAS §10); a season
    does not mix games."""
    t1 = _tournament([[(("a", "b", "c", "d"), [300, -100, -100, -100])]], "abcd")
    t2 = _tournament([[(("a", "b", "c", "d"), [-300, 900, -300, -300])]], "abcd")
    st = season_standings([score_tournament(t1), score_tournament(t2)])
    assert [(p.id, p.table_points) for p in st.players] == [
        ("b", 800), ("a", 0), ("c", -400), ("d", -400)]
    baska = Tournament("pucka-2019", "B", tuple(Player(p, p) for p in "abcd"), (Round((
        TableEntry(SEATS, totals=(0, 0, 0, 0)),)),))
    with pytest.raises(TournamentError, match="one game"):
        season_standings([score_tournament(t1), score_tournament(baska)])


def test_exclusion_needs_a_warning_in_the_file() -> None:
    """Seed 002 §2: the organiser excludes a player only after a warning; an excluded player
    is not seated again."""
    base: list[tuple[tuple[str, ...], Sequence[int]]] = [(SEATS, [0, 0, 0, 0])]
    t = Tournament("ctyrka", "T", tuple(Player(p, p) for p in "abcd"), (
        Round((TableEntry(SEATS, table_sheet=money([5000] * 4), excluded=("b",)),)),))
    with pytest.raises(TournamentError, match=r"'b' was never warned.*seed 002 §2"):
        score_tournament(t)
    warned = Tournament("ctyrka", "T", tuple(Player(p, p) for p in "abcd"), (
        Round((TableEntry(SEATS, table_sheet=money([5000] * 4), warned=("b",)),)),
        Round((TableEntry(SEATS, table_sheet=money([5000] * 4), excluded=("b",)),)),
        *(_tournament([base], "abcd").rounds)))
    with pytest.raises(TournamentError, match="excluded in round 2"):
        score_tournament(warned)
    ok = Tournament("ctyrka", "T", warned.players, warned.rounds[:2])
    res = score_tournament(ok)
    assert res.yellow_cards == ("b",)
    assert [p.excluded for p in tournament_standings(res).players if p.id == "b"] == [True]


# ------------------------------------------------------------- files and CSV


def test_tournament_file_round_trip(tmp_path: Path) -> None:
    """The tournament file carries a Mariáš tournament: deal records, money sheets with
    top-ups (seats 1–4 in format 2), warnings and exclusions; written and read back equal;
    CSV money as Kč with a comma and in haléř (MARIAS §10)."""
    t = Tournament("ctyrka", "M", tuple(Player(p, p.upper()) for p in "abcdefgh"), (
        Round((TableEntry(SEATS, deals=tuple(deals(3, seed=4)), warned=("a",)),
               TableEntry(("e", "f", "g", "h"), table_sheet=MoneySheet(
                   topups=(TopUp(2, 1000, "20:15"),), final=(6000, 3000, 5000, 7000),
                   leader=1, handed_in=True)))),))
    text = dumps_tournament(t)
    assert 'seat = 3' in text and "leader = 2" in text and "warned" in text
    back = loads_tournament(text)
    assert back == t and back.game == "marias"
    assert loads_tournament(dumps_tournament(t, "json"), "json") == t
    st = tournament_standings(score_tournament(back))
    players, _ = write_csv(st, tmp_path)
    rows = list(csv.DictReader(players.open(encoding="utf-8")))
    h = next(r for r in rows if r["id"] == "h")
    assert (h["kc"], h["haler"], h["rounds_kc"]) == ("20,00", "2000", "+20,00")
    f = next(r for r in rows if r["id"] == "f")
    assert (f["kc"], f["haler"]) == ("-20,00", "-2000")
    assert {r["id"] for r in rows} == set("abcdefgh")
    assert [int(r["rank"]) for r in rows] == sorted(int(r["rank"]) for r in rows)


def test_file_errors_are_one_line() -> None:
    """A Mariáš table refuses Baśka's sheet lines and totals; a Baśka table refuses money."""
    head = 'ruleset = "{r}"\nname = "T"\n' + "".join(
        f'[[player]]\nid = "{p}"\n' for p in "abcd") + "[[round]]\n[[round.table]]\n" \
        'seats = ["a", "b", "c", "d"]\n'
    with pytest.raises(TournamentError, match=r"round 1, table 1, totals: a Mariáš table"):
        loads_tournament(head.format(r="ctyrka") + "totals = [0, 0, 0, 0]\n")
    with pytest.raises(TournamentError, match="not score-sheet lines"):
        loads_tournament(head.format(r="ctyrka") + 'sheet = [{ contract = "hra" }]\n')
    with pytest.raises(TournamentError, match=r"top-up is at least 10,00 Kč"):
        loads_tournament(head.format(r="ctyrka")
                         + "money = { topups = [{ seat = 1, amount = 100 }] }\n")
    with pytest.raises(TournamentError, match="keeps no money sheet"):
        loads_tournament(head.format(r="pucka-2019") + "money = { final = [1, 2, 3, 4] }\n")


# ------------------------------------------------------------- the store


def _new(db: Database, slug: str = "m", players: int = 8) -> None:
    store.create_tournament(db, slug, name="Mariáš", ruleset="ctyrka", who="ref", seed=3)
    store.add_players(db, slug, [(f"p{i}", f"Hráč {i}", None) for i in range(1, players + 1)],
                      who="ref")
    store.seat_round(db, slug, who="ref")


def test_store_tournament_game_and_defaults(db: Database) -> None:
    """A tournament stores its game from the ruleset id; Mariáš rounds: 5 × 50 minutes by
    time (seed 002 §1, MARIAS §9), the length changed per round before it starts."""
    _new(db)
    info = store.tournament_info(db, "m")
    assert (info.game, info.rounds, info.minutes_per_round, info.deals_per_round) == (
        "marias", 5, 50, 0)
    clock = store.set_round_length(db, "m", 1, 45, who="ref")
    assert clock.minutes + clock.extra_minutes == 45
    assert store.round_clock(db, "m", 1).extra_minutes == -5
    store.start_round(db, "m", 1, who="ref")
    with pytest.raises(StoreError, match=r"has started.*seed 002 §1"):
        store.set_round_length(db, "m", 1, 60, who="ref")
    store.create_tournament(db, "b", name="Baśka", ruleset="pucka-2019", who="ref")
    assert store.tournament_info(db, "b").game == "baska"


def test_store_money_sheet_zero_sum_correction_and_hand_in(db: Database) -> None:
    """MARIAS §7, seed 002 §10 in one transaction each: an unbalanced sheet is refused and
    nothing is written; --equal-share writes it with the correction, audited; after the
    hand-in only a referee's correction changes it (audited as such)."""
    _new(db)
    with pytest.raises(StoreError, match=r"sum to \+0,03 Kč"):
        store.change_table_sheet(db, "m", 1, 1, money_change(final=[6000, 4000, 5000, 5003]),
                                 who="ref", action="money", what="final")
    assert store.table_sheet_of(db, "m", 1, 1).sheet is None
    info = store.change_table_sheet(
        db, "m", 1, 1, money_change(final=[6000, 4000, 5000, 5003], spread=True),
        who="org", action="equal-share", what="final")
    assert info.sheet.correction == (-1, 0, -1, -1)
    assert info.result is not None and info.result.table_points == (999, -1000, -1, 2)
    last = store.audit_log(db, "m")[-1]
    assert (last.action, last.who, last.before, last.after["correction"]) == (
        "equal-share", "org", None, [-1, 0, -1, -1])
    store.change_table_sheet(db, "m", 1, 1, money_change(hand_in=True), who="ref",
                             action="hand-in", what="hand-in")
    with pytest.raises(StoreError, match=r"handed in: no change.*seed 002 §10"):
        store.change_table_sheet(db, "m", 1, 1, money_change(leader=2), who="ref",
                                 action="money", what="leader")
    store.change_table_sheet(db, "m", 1, 1, money_change(leader=2), who="referee",
                             action="money", what="leader", correction=True)
    assert store.audit_log(db, "m")[-1].action == "correct-sheet"
    _res, st = store.result_of(db, "m")
    assert sum(p.table_points for p in st.players) == 0 and st.unit == "haler"


def test_store_topup_and_deals(db: Database) -> None:
    """Seed 002 §3: a top-up under 10 Kč is refused; a table played deal by deal takes
    Mariáš deal records (all or none) and refuses final amounts."""
    _new(db)
    with pytest.raises(StoreError, match=r"top-up is at least 10,00 Kč"):
        store.change_table_sheet(db, "m", 1, 2, money_change(topups=[TopUp(0, 900)]),
                                 who="ref", action="money", what="top-up")
    ds = deals(4, seed=8)
    with pytest.raises(StoreError, match="deal 4"):
        store.enter_deals(db, "m", 1, 2, [*ds[:3], {**ds[3], "play": ["0 AA"]}], who="ref")
    assert store.deals_of(db, "m", 1, 2) == []
    store.enter_deals(db, "m", 1, 2, ds, who="ref")
    with pytest.raises(StoreError, match="deal by deal"):
        store.change_table_sheet(db, "m", 1, 2, money_change(final=[5000] * 4), who="ref",
                                 action="money", what="final")
    res = store.table_sheet_of(db, "m", 1, 2).result
    assert res is not None and res.table_points == simulate(RS, 4, seed=8).totals
    with pytest.raises(StoreError, match="not as score-sheet lines"):
        store.enter_deal(db, "m", 1, 1, {"contract": "hra"}, who="ref")


def test_store_exclusion_needs_warning(db: Database) -> None:
    """Seed 002 §2: excluding a player without a warning recorded first is refused; after
    one he is excluded and may not be seated again."""
    _new(db)
    seated = store.plans_of(db, "m")[0].tables[0]
    victim = seated[1]
    with pytest.raises(StoreError, match=r"never warned.*seed 002 §2"):
        store.add_event(db, "m", 1, 1, victim, "excluded", who="ref")
    assert store.events_of(db, "m") == []
    store.add_event(db, "m", 1, 1, victim, "warning", who="ref")
    store.add_event(db, "m", 1, 1, victim, "excluded", who="ref")
    with pytest.raises(StoreError, match=r"remove the exclusion first \(seed 002 §2\)"):
        store.remove_event(db, "m", store.events_of(db, "m")[0].id, who="ref")
    with pytest.raises(StoreError, match="records no 'late' event: its events are warning"):
        store.add_event(db, "m", 1, 1, seated[0], "late", 7, who="ref")
    store.close_round(db, "m", 1, who="ref")
    plan = store.seat_round(db, "m", who="ref")
    assert victim not in {p for tb in plan.tables for p in tb} | set(plan.sitting_out)


def test_old_database_upgrades_with_baska(tmp_path: Path) -> None:
    """Migration 0004: a database written before there were games keeps its tournaments as
    Baśka's (tournament.game = 'baska'); tables get an empty sheet."""
    from sqlalchemy import text

    from stolik.db import open_database
    from stolik.db.migrate import downgrade, upgrade

    db = open_database(f"sqlite:///{tmp_path}/old.db", migrate=True)
    try:
        downgrade(db, "0003")
        with db.engine.begin() as c:
            c.execute(text("INSERT INTO tournament (slug, name, ruleset, rounds, "
                           "deals_per_round, minutes_per_round, break_minutes, "
                           "require_confirmation, created_at) VALUES ('old', 'Old', "
                           "'pucka-2019', 5, 32, 40, 5, 0, '2026-01-01 10:00:00')"))
        upgrade(db)
        assert store.tournament_info(db, "old").game == "baska"
    finally:
        db.dispose()


# ------------------------------------------------------------- the CLI end to end


def test_cli_whole_marias_tournament(db_url: str, tmp_path: Path) -> None:
    """A small Mariáš tournament through ``stolik tournament`` (MARIAS §7, §9, §10; seed 002
    §1–§3, §10): new --ruleset ctyrka, 8 players, two rounds drawn by the optimiser, one
    table by final amounts with a top-up and the equal-share correction, one deal by deal
    from a record file, a warning then an exclusion, hand-in, standings by money, CSV,
    export and import. Bad input: one line, nothing written."""
    cli = Cli(db_url)
    out = cli.ok("new", "mt", "--name", "Mariáš turnaj", "--ruleset", "ctyrka", "--seed", "5")
    assert "5 rounds of 50 min" in out or "5 rounds of 50 min" in cli("info", "mt")[1]
    for i in range(1, 9):
        cli.ok("players", "add", "mt", f"p{i}", f"Hráč {i}")
    for rnd in (1, 2):
        cli.ok("seat", "mt")
        plan = _plans(db_url)[rnd - 1]
        t1, t2 = plan.tables
        # table 1: final amounts with a top-up of seat 2; 0,02 Kč over → equal share
        assert "10,00 Kč" in cli.error("money", "final", "mt", str(rnd), "1", "60", "30",
                                       "50", "60,02", "--topup", "2=5")
        assert "sum to +0,02 Kč" in cli.error("money", "final", "mt", str(rnd), "1", "60",
                                              "30", "50", "70,02", "--topup", "2=10@20:15")
        cli.ok("money", "final", "mt", str(rnd), "1", "60", "30", "50", "70,02",
               "--topup", "2=10@20:15", "--equal-share")
        cli.ok("money", "leader", "mt", str(rnd), "1", t1[2])
        shown = cli.ok("money", "mt", str(rnd), "1")
        assert f"{t1[2]} Hráč {t1[2][1:]} (leader)" in shown and "10,00 (20:15)" in shown
        assert "-0,01 -0,00" not in shown and "correction" in shown
        cli.ok("money", "hand-in", "mt", str(rnd), "1")
        assert "handed in" in cli.error("money", "topup", "mt", str(rnd), "1", "1", "10")
        # table 2: deal by deal from a record file (MARIAS §11)
        rec = tmp_path / f"r{rnd}.toml"
        from stolik.games.marias.record import dumps_record

        sim = simulate(RS, 5, seed=20 + rnd)
        rec.write_text(dumps_record(series_record(RS, sim.records)), encoding="utf-8")
        cli.ok("sheet", "record", "mt", str(rnd), "2", rec)
        sheet = cli.ok("sheet", "mt", str(rnd), "2")
        assert "5 deals" in sheet and "deal 5:" in sheet
        if rnd == 1:
            warned = t2[0]
            assert "never warned" in cli.error("event", "add", "mt", "1", "2", warned,
                                               "excluded")
            assert "excluded" not in cli.ok("event", "mt")
            cli.ok("event", "add", "mt", "1", "2", warned, "warning")
        else:  # excluded in round 2, after the warning of round 1 (seed 002 §2)
            where = next(n for n, tb in enumerate(plan.tables, 1) if warned in tb)
            cli.ok("event", "add", "mt", "2", str(where), warned, "excluded")
        cli.ok("round", "close", "mt", str(rnd))
    assert "excluded" in cli.ok("event", "mt")
    # standings by money: the whole tournament sums to zero
    csv_dir = tmp_path / "csv"
    cli.ok("standings", "mt", "--csv", csv_dir)
    rows = list(csv.DictReader((csv_dir / "players.csv").open(encoding="utf-8")))
    assert sum(int(r["haler"]) for r in rows) == 0 and len(rows) == 8
    assert [int(r["rank"]) for r in rows] == sorted(int(r["rank"]) for r in rows)
    assert "Kč" in cli.ok("standings", "mt")
    # the tournament file carries it all; importing gives the same standings
    exported = tmp_path / "mt.toml"
    cli.ok("export", "mt", "-o", exported)
    cli.ok("import", exported, "--slug", "mt2")
    a = cli.ok("standings", "mt", "--json")
    b = cli.ok("standings", "mt2", "--json")
    assert a == b
    cli.ok("seat", "mt")  # an excluded player is not drawn again (seed 002 §2)
    assert warned not in {p for tb in _plans(db_url)[2].tables for p in tb}
    cli.ok("new", "bt", "--name", "Baśka", "--ruleset", "pucka-2019")
    assert "keeps no money sheet" in cli.error("money", "bt", "1", "1")
    assert "no such tournament" in cli.error("money", "final", "nope", "1", "1", "1", "2",
                                             "3", "4")
    assert "4 seats" in cli.error("money", "final", "mt", "1", "1", "50")


def _plans(url: str) -> list[Any]:
    from stolik.db import open_database

    db = open_database(url)
    try:
        return store.plans_of(db, "mt")
    finally:
        db.dispose()


def test_cli_money_show_of_a_table_entered_deal_by_deal(db_url: str) -> None:
    """MARIAS §7, §11: ``money show`` of a table entered deal by deal shows, per seat, the
    stake, the top-ups, the final money the deals settled (stake + top-ups + their money)
    and the result, like a table entered as final amounts; in Polish with ``--lang pl``."""
    from stolik.db import open_database

    d = open_database(db_url, migrate=True)
    try:
        _new(d)
        first = store.tournament_of(d, "m", complete=True).rounds[0].tables[0].first_dealer
        sim = simulate(RS, 5, seed=21, first_dealer=first)
        store.change_table_sheet(d, "m", 1, 1, money_change(topups=[TopUp(2, 1500, "19:05")]),
                                 who="ref", action="money", what="top-up")
        store.enter_deals(d, "m", 1, 1, record_document(series_record(RS, sim.records))["deal"],
                          who="ref")
    finally:
        d.dispose()
    cli = Cli(db_url)
    shown = cli.ok("money", "show", "m", "1", "1")
    seats = [ln for ln in shown.splitlines() if ln.startswith("  ") and ". p" in ln]
    assert len(seats) == 4 and "5 deals" in shown
    for s, line in enumerate(seats):
        put = 5000 + (1500 if s == 2 else 0)
        assert f"stake 50,00; top-ups {'15,00 (19:05)' if s == 2 else '—'}; " \
            f"final {kc(put + sim.totals[s])}; result {amount_text(sim.totals[s])}" in line
    polish = cli.ok("money", "show", "m", "1", "1", "--lang", "pl")
    assert "kwota końcowa " + kc(5000 + sim.totals[0]) in polish and "wpisano: 5 rozdań" in polish
    czech = cli.ok("money", "show", "m", "1", "1", "--lang", "cs")
    assert "stolový lístek" in czech and "konečná částka " + kc(5000 + sim.totals[0]) in czech
    refused = cli.runner.invoke(app, ["tournament", "money", "final", "m", "1", "1", "60", "50",
                                      "50", "50", "--db", db_url],
                                env={"STOLIK_WHO": "ref", "STOLIK_DB": None, "STOLIK_LANG": "cs"})
    assert refused.exit_code == 1 and "stůl je zapsán hru po hře" in refused.stderr


def test_cli_report_of_a_marias_file(tmp_path: Path) -> None:
    """``tournament report FILE`` scores a Mariáš tournament file alone: the standings in Kč
    with each round, ``--json`` with the unit and the money in haléř (MARIAS §10)."""
    t = _tournament([[(("a", "b", "c", "d"), [1240, -240, -500, -500])],
                     [(("a", "c", "b", "d"), [-40, 40, 0, 0])]], "abcd")
    path = tmp_path / "m.toml"
    path.write_text(dumps_tournament(t), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["tournament", "report", str(path)])
    assert out.exit_code == 0, out.stderr
    assert "+12,00" in out.stdout and "Kč" in out.stdout
    js = runner.invoke(app, ["tournament", "report", str(path), "--json"])
    import json

    doc = json.loads(js.stdout)
    assert doc["game"] == "marias" and doc["unit"] == "haler"
    assert [(p["id"], p["table_points"], p["rounds"]) for p in doc["players"]][:2] == [
        ("a", 1200, [1240, -40]), ("b", -240, [-240, 0])]
