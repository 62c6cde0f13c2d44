"""Licitovaný mariáš money tournaments (issue 28.5; LICITOVANY §6, §8, §9, §10): tables of
three and the fewest tables of four with the pauzírák, seating drawn with the fewest repeat
meetings, a money sheet per table (deal records replayed to money, or final money typed
in), standings by money with the tie rules and the ``drop_best_and_worst`` switch — in the
game's tournament part, a tournament file through ``stolik tournament report`` and a whole
tournament of seven players through ``stolik tournament`` on a database, in Czech and
English.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.db import Database
from stolik.games.licitovany.record import dumps_record, record_document, series_record
from stolik.games.licitovany.ruleset import load_ruleset, parse_ruleset, rs_text
from stolik.games.licitovany.simulate import simulate
from stolik.games.licitovany.tournament import (
    MONEY,
    rank_key,
    score_table,
    table_minutes,
    table_sizes,
    tournament_rules,
)
from stolik.records import load_document
from stolik.tournament.file import dumps_tournament
from stolik.tournament.model import Player, Round, TableEntry, Tournament, TournamentError
from stolik.tournament.seating import SeatingHistory, plan_tournament, random_draw

RS = load_ruleset()
DATA = Path(__file__).parent / "data" / "licitovany"


def pauzirak_deal(shift: int = 1) -> dict[str, Any]:
    """LICITOVANY §6 example 6 (a table of four, the dealer 3 sitting out), every seat
    moved ``shift`` seats on, so that the dealer is seat ``(3 + shift) mod 4``."""
    deal = dict(load_document(DATA / "ex6-pauzirak.toml")["deal"][0])

    def move(entry: str) -> str:
        seat, rest = entry.split(" ", 1)
        return f"{(int(seat) + shift) % 4} {rest}"

    hands = deal["hands"]
    deal["hands"] = [hands[(s - shift) % 4] for s in range(4)]
    deal["dealer"] = (deal["dealer"] + shift) % 4
    deal["bidding"] = [move(x) for x in deal["bidding"]]
    deal["play"] = [move(x) for x in deal["play"]]
    return deal


EX6 = (400, -160, -120, -120)
"""Example 6's money by seat, the aktér 0, the pauzírák 3 (LICITOVANY §6)."""


def rotated(money: Sequence[int], shift: int = 1) -> tuple[int, ...]:
    return tuple(money[(s - shift) % 4] for s in range(4))


def three_deals(n: int, seed: int) -> tuple[Any, list[dict[str, Any]], tuple[int, ...]]:
    """``n`` random deals at a table of three, seat 0 dealing first: their record, its
    ``[[deal]]`` tables and their money."""
    sim = simulate(RS, n, seed=seed)
    rec = series_record(RS, sim.records)
    return rec, record_document(rec)["deal"], tuple(sim.totals)


# ------------------------------------------------------------- tables and seating


def test_tables_of_three_and_the_fewest_of_four() -> None:
    """LICITOVANY §9: tables of three; where the count is not a multiple of three, the
    fewest tables of four; nobody sits out (but at five: three and four never make five)."""
    for n in range(3, 40):
        sizes = table_sizes(n)
        assert set(sizes) <= {3, 4}
        if n == 5:
            assert sizes == (4,)
            continue
        assert sum(sizes) == n
        fours = sizes.count(4)
        assert fours == min(b for b in range(n // 4 + 1) if (n - 4 * b) % 3 == 0)
    assert table_sizes(7) == (3, 4) and table_sizes(12) == (3, 3, 3, 3)
    assert table_minutes(3) == 40 and table_minutes(4) == 50 and table_minutes(4, 60) == 70


def test_seating_minimises_repeat_meetings() -> None:
    """LICITOVANY §9: the seating is drawn each round minimising repeat meetings: 12
    players over 4 rounds at tables of three — as few repeats as the count allows, fewer
    than random draws — and 7 players sit at a table of three and one of four."""
    players = [f"p{i}" for i in range(12)]
    plans = plan_tournament(players, 4, seed=2, sizes=table_sizes)
    assert all(sorted(map(len, p.tables)) == [3, 3, 3, 3] for p in plans)
    drawn = SeatingHistory.from_plans(plans).repeat_meetings
    chance = [SeatingHistory.from_plans(_cut(random_draw(players, 4, seed=s))
                                        ).repeat_meetings for s in range(20)]
    assert drawn == 0 < min(chance)
    seven = plan_tournament([f"q{i}" for i in range(7)], 3, seed=1, sizes=table_sizes)
    assert all(sorted(map(len, p.tables)) == [3, 4] and not p.sitting_out for p in seven)
    # 3 rounds of 3 + 6 meetings = 27 over 21 pairs; the draw's measure, the meetings
    # again summed over pairs (Σ C(m, 2)), is at least 9 for 7 players over 3 rounds (every
    # three rounds of a table of three and one of four, tried one by one)
    again = sum(m * (m - 1) // 2 for m in SeatingHistory.from_plans(seven).meetings.values())
    assert again == 9


def _cut(plans: Sequence[Any]) -> list[Any]:
    """Random draws of tables of four cut into tables of three (the baseline)."""
    from stolik.tournament.seating import RoundPlan

    out = []
    for p in plans:
        order = [x for t in p.tables for x in t] + list(p.sitting_out)
        out.append(RoundPlan(tuple(tuple(order[i:i + 3]) for i in range(0, len(order), 3))))
    return out


# ------------------------------------------------------------- a table's money


def test_pauzirak_table_settles_as_section_6() -> None:
    """LICITOVANY §6 example 6, §8: at a table of four the dealer sits the deal out and,
    with ``pauzirak = "base"``, pays like a third defender: aktér +4,00, seat 1 −1,60,
    seat 2 −1,20, the pauzírák −1,20; with ``pauzirak = "none"`` he pays nothing. The
    table's results sum to zero."""
    entry = TableEntry(("a", "b", "c", "d"), first_dealer=0, deals=(pauzirak_deal(),))
    tr = score_table(RS, tournament_rules(RS), entry, 1, 1)
    assert tr.table_points == rotated(EX6) and sum(tr.table_points) == 0
    assert tr.source == "deals" and tr.deals_played == 1
    none = parse_ruleset(rs_text().replace('pauzirak = "base"', 'pauzirak = "none"'),
                         source="klub.toml")
    assert score_table(none, tournament_rules(none), entry, 1, 1).table_points == rotated(
        (280, -160, -120, 0))


def test_table_of_three_by_deals_and_by_final_money() -> None:
    """LICITOVANY §9, §10: a table of three's deals replay to the engine's money; a table
    entered as final money gives final − stake − top-ups; both sum to zero."""
    _, docs, totals = three_deals(6, seed=11)
    tr = score_table(RS, tournament_rules(RS), TableEntry(("a", "b", "c"), deals=tuple(docs)),
                     2, 1)
    assert tr.table_points == totals and sum(totals) == 0 and tr.deals_played == 6
    sheet = MONEY.rules.sheet(final=(7000, 2000, 7000), topups=(MONEY.topup(1, 1000),))
    tr = score_table(RS, tournament_rules(RS), TableEntry(("a", "b", "c"), table_sheet=sheet),
                     2, 1)
    assert tr.table_points == (2000, -4000, 2000)


@pytest.mark.parametrize(("entry", "said"), [
    (TableEntry(("a", "b", "c"), table_sheet=MONEY.rules.sheet(final=(5000, 5000, 5000,
                                                                       5000))),
     "'final' must be 3 amounts"),
    (TableEntry(("a", "b", "c"), table_sheet=MONEY.rules.sheet(final=(6000, 5000, 5000))),
     "sum to +10,00 Kč, not 0"),
    (TableEntry(("a", "b", "c"), table_sheet=MONEY.rules.sheet(
        topups=(MONEY.topup(3, 1000),))), "seat must be 1–3, not 4"),
    (TableEntry(("a", "b", "c", "d"), first_dealer=1, deals=(pauzirak_deal(),)),
     "dealer 0 should be first_dealer 1"),
])
def test_a_table_sheet_that_cannot_be_is_refused(entry: TableEntry, said: str) -> None:
    """LICITOVANY §9: one amount per player at the table, results summing to zero, top-ups
    of a seat at the table, the first deal dealt by the table's first dealer (§8)."""
    with pytest.raises(TournamentError, match=re.escape(said)):
        score_table(RS, tournament_rules(RS), entry, 1, 2)


def test_tie_rules_best_round_then_last_round() -> None:
    """LICITOVANY §9: the sum of round results; ties by the better best round, then the
    better last round."""
    a = rank_key(0.0, 100, [300, -200, 0])
    b = rank_key(0.0, 100, [200, -200, 100])
    c = rank_key(0.0, 100, [-100, 300, -100])
    assert a > b and c < a  # a and c tie on best round 300: a's last round 0 > −100
    assert rank_key(0.0, 101, [-50, 50, 101]) > a  # the sum first


# ------------------------------------------------------------- a tournament file


def _file_tournament(ruleset: str = "licitovany") -> Tournament:
    """Seven players over three rounds, a table of three and one of four each round, final
    money in haléř by seat (stake 50 Kč). Totals: a +3,00 and b +3,00 (best round: a's
    5,00 > b's 4,00), e +2,00, c 0 and d 0 (same best round 2,00; last round: c's +2,00 >
    d's −1,00), g −4,00 and f −4,00 (best round: g's 0 > f's −1,00)."""
    def table(seats: str, results: Sequence[int]) -> TableEntry:
        return TableEntry(tuple(seats), table_sheet=MONEY.rules.sheet(
            final=tuple(5000 + r for r in results)))

    rounds = [
        Round((table("abc", (500, -300, -200)), table("defg", (200, -100, -100, 0)))),
        Round((table("ade", (-300, -100, 400)), table("bcfg", (400, 0, -200, -200)))),
        Round((table("bdf", (200, -100, -100)), table("aceg", (100, 200, -100, -200)))),
    ]
    return Tournament(ruleset, "Licitovaný turnaj", tuple(Player(p, p.upper()) for p in
                                                          "abcdefg"), tuple(rounds),
                      game="licitovany")


def test_report_of_a_file_ranks_by_money_with_the_tie_rules(tmp_path: Path) -> None:
    """LICITOVANY §9 through ``stolik tournament report``: a and b tie at +3,00 (a's best
    round is better), c and d at 0 (same best round, c's last round better), g and f at
    −4,00 (g's best round better); every round sums to zero; in Czech and English."""
    path = tmp_path / "lt.toml"
    path.write_text(dumps_tournament(_file_tournament()), encoding="utf-8")
    runner = CliRunner()
    js = runner.invoke(app, ["tournament", "report", str(path), "--json"])
    assert js.exit_code == 0, js.stderr
    doc = json.loads(js.stdout)
    assert doc["game"] == "licitovany" and doc["unit"] == "haler"
    players = doc["players"]
    assert [p["id"] for p in players] == ["a", "b", "e", "c", "d", "g", "f"]
    assert [p["rank"] for p in players] == [1, 2, 3, 4, 5, 6, 7]
    assert sum(p["table_points"] for p in players) == 0
    for r in range(3):
        assert sum(p["rounds"][r] for p in players) == 0
    en = runner.invoke(app, ["tournament", "report", str(path), "--lang", "en"]).stdout
    cs = runner.invoke(app, ["tournament", "report", str(path), "--lang", "cs"]).stdout
    assert "+3,00" in en and "Players" in en
    assert "+3,00" in cs and "Hráči" in cs and "Players" not in cs


def test_drop_best_and_worst_strikes_each_ones_best_and_worst(tmp_path: Path) -> None:
    """LICITOVANY §9, switch ``drop_best_and_worst``: the sum that ranks strikes each
    player's best and worst round (a keeps 1,00, b 2,00, c 0; d, e and f −1,00, ranked by
    their best rounds; g −2,00); the standings still show the whole money."""
    club = tmp_path / "klub.toml"
    club.write_text(rs_text().replace("drop_best_and_worst = false",
                                      "drop_best_and_worst = true"), encoding="utf-8")
    assert load_ruleset(str(club)).drop_best_and_worst
    path = tmp_path / "lt.toml"
    path.write_text(dumps_tournament(_file_tournament(str(club))), encoding="utf-8")
    out = CliRunner().invoke(app, ["tournament", "report", str(path), "--json"])
    assert out.exit_code == 0, out.stderr
    players = json.loads(out.stdout)["players"]
    assert [p["id"] for p in players] == ["b", "a", "c", "e", "d", "f", "g"]
    assert {p["id"]: p["table_points"] for p in players}["a"] == 300


# ------------------------------------------------------------- the CLI end to end


class Cli:
    """Runs ``stolik tournament ARGS --db URL`` in ``lang``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.runner = CliRunner()

    def __call__(self, *args: str | Path, lang: str = "en") -> tuple[int, str, str]:
        argv = ["tournament", *(str(a) for a in args), "--db", self.url]
        result = self.runner.invoke(app, argv, env={"STOLIK_WHO": "ref", "STOLIK_DB": None,
                                                    "STOLIK_LANG": lang})
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr

    def ok(self, *args: str | Path, lang: str = "en") -> str:
        code, out, err = self(*args, lang=lang)
        assert code == 0, err
        return out

    def error(self, *args: str | Path, lang: str = "en") -> str:
        code, out, err = self(*args, lang=lang)
        assert code == 1, (out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("stolik: "), err
        return lines[0]


def _plans(url: str) -> list[Any]:
    from stolik.db import open_database
    from stolik.tournament import store

    db = open_database(url)
    try:
        return store.plans_of(db, "lt")
    finally:
        db.dispose()


def test_cli_tournament_of_seven_over_three_rounds(db_url: str, tmp_path: Path) -> None:
    """LICITOVANY §8, §9, §10 through ``stolik tournament``: seven players, three rounds
    drawn (a table of three and a table of four each, nobody twice with everyone), the
    table of three entered deal by deal from a record file (round 1) or as final money,
    the table of four's first round the pauzírák's deal of §6 example 6, later ones final
    money with a top-up and the equal-share correction; hand-in; standings by money, each
    round summing to zero, ranked by the tie rules; the sheets and standings in Czech and
    English."""
    cli = Cli(db_url)
    cli.ok("new", "lt", "--name", "Licitovaný turnaj", "--ruleset", "licitovany", "--rounds",
           "3", "--seed", "4")
    assert "3 rounds of 40 min" in cli.ok("info", "lt")
    for i in range(1, 8):
        cli.ok("players", "add", "lt", f"p{i}", f"Hráč {i}")
    expected: dict[str, list[int]] = {f"p{i}": [] for i in range(1, 8)}
    for rnd in (1, 2, 3):
        seated = cli.ok("seat", "lt")
        plan = _plans(db_url)[rnd - 1]
        three, four = sorted(plan.tables, key=len)
        assert (len(three), len(four)) == (3, 4) and not plan.sitting_out
        t3, t4 = plan.tables.index(three) + 1, plan.tables.index(four) + 1
        assert seated.count("(deals)") == 2
        if rnd == 1:
            record, _, money3 = three_deals(5, seed=31)
            rec = tmp_path / "t3.toml"
            rec.write_text(dumps_record(record), encoding="utf-8")
            cli.ok("sheet", "record", "lt", "1", str(t3), rec)
            rec4 = tmp_path / "t4.json"
            rec4.write_text(json.dumps({"game": "licitovany", "deal": [pauzirak_deal()]}),
                            encoding="utf-8")
            cli.ok("sheet", "record", "lt", "1", str(t4), rec4)
            money4 = rotated(EX6)
        else:
            money3 = (1240, -640, -600) if rnd == 2 else (-200, 300, -100)
            cli.ok("money", "final", "lt", str(rnd), str(t3),
                   *(_kc(5000 + m) for m in money3))
            # the table of four: a top-up of seat 2, and 0,03 Kč too much spread equally
            assert "not 3 amounts" in cli.error("money", "final", "lt", str(rnd), str(t4),
                                                "50", "50", "50")
            refused = cli.error("money", "final", "lt", str(rnd), str(t4), "60", "30",
                                "50,03", "70", "--topup", "2=10@20:15")
            assert "+0,03 Kč" in refused
            cli.ok("money", "final", "lt", str(rnd), str(t4), "60", "30", "50,03", "70",
                   "--topup", "2=10@20:15", "--equal-share")
            # over by 3 haléř: one each off the three best results (seed 002 §10)
            money4 = (999, -3000, 2, 1999)
        cli.ok("money", "hand-in", "lt", str(rnd), str(t3))
        for s, p in enumerate(three):
            expected[p].append(money3[s])
        for s, p in enumerate(four):
            expected[p].append(money4[s])
        cli.ok("round", "close", "lt", str(rnd))
    sheet_cs = cli.ok("money", "show", "lt", "1", str(t4), "--lang", "cs")
    sheet_en = cli.ok("money", "show", "lt", "1", str(t4), "--lang", "en")
    assert "stolový lístek" in sheet_cs and "vklad 50,00" in sheet_cs
    assert "table sheet" in sheet_en and "+4,00" in sheet_en and "+4,00" in sheet_cs
    doc = json.loads(cli.ok("standings", "lt", "--json"))
    players = doc["players"]
    assert {p["id"]: p["rounds"] for p in players} == expected
    for r in range(3):
        assert sum(p["rounds"][r] for p in players) == 0  # money moves between players
    keys = [(sum(p["rounds"]), max(p["rounds"]), p["rounds"][-1]) for p in players]
    assert keys == sorted(keys, reverse=True)
    ranks = [p["rank"] for p in players]
    assert all((a == b) == (ka == kb) for a, b, ka, kb in zip(ranks, ranks[1:], keys,
                                                              keys[1:], strict=False))
    cs = cli.ok("standings", "lt", lang="cs")
    en = cli.ok("standings", "lt", lang="en")
    assert "Hráči" in cs and "kola (Kč)" in cs and "Players" in en and "rounds (Kč)" in en
    # the tournament file carries tables of three and four; importing gives the same
    exported = tmp_path / "lt.toml"
    cli.ok("export", "lt", "-o", exported)
    assert 'seats = ["' in exported.read_text(encoding="utf-8")
    cli.ok("import", exported, "--slug", "lt2")
    assert cli.ok("standings", "lt2", "--json") == cli.ok("standings", "lt", "--json")


def _kc(halere: int) -> str:
    return f"{halere // 100},{halere % 100:02d}"


def test_a_table_of_four_plays_ten_minutes_longer(db: Database) -> None:
    """LICITOVANY §9: a round lasts 40 minutes at a table of three and 50 at a table of
    four: a deal begun 45 minutes after the start counts at the table of four and is
    flagged after the limit, not counting, at the table of three."""
    from stolik.tournament import store

    store.create_tournament(db, "lt", name="Licitovaný", ruleset="licitovany", who="ref",
                            seed=4)
    for i in range(1, 8):
        store.add_player(db, "lt", f"p{i}", f"Hráč {i}", who="ref")
    plan = store.seat_round(db, "lt", who="ref")
    start = datetime.datetime(2026, 12, 5, 10, 0)
    store.start_round(db, "lt", 1, who="ref", at=start)
    later = start + datetime.timedelta(minutes=45)
    three = next(n for n, t in enumerate(plan.tables, 1) if len(t) == 3)
    four = next(n for n, t in enumerate(plan.tables, 1) if len(t) == 4)
    _, docs, _ = three_deals(1, seed=5)
    at_three = store.enter_deal(db, "lt", 1, three, docs[0], who="ref", kind="record",
                                started_at=later)
    at_four = store.enter_deal(db, "lt", 1, four, pauzirak_deal(), who="ref", kind="record",
                               started_at=later)
    assert at_three.after_limit and not at_three.counts
    assert not at_four.after_limit and at_four.counts
    tables = store.tournament_of(db, "lt", complete=True).rounds[0].tables
    assert next(t for t in tables if len(t.seats) == 4).deals is not None
    assert next(t for t in tables if len(t.seats) == 3).deals is None


def test_cli_seats_a_round_by_hand_at_tables_of_three_and_four(db_url: str) -> None:
    """LICITOVANY §9 through ``stolik tournament seat --manual``: the referee's own seating
    of a table of three and a table of four is taken; a table of two is refused in one
    line; Baśka's tables stay tables of four."""
    cli = Cli(db_url)
    cli.ok("new", "lt", "--name", "Licitovaný", "--ruleset", "licitovany")
    for i in range(1, 8):
        cli.ok("players", "add", "lt", f"p{i}", f"Hráč {i}")
    assert "table 2 has 2 players, not 3–4" in cli.error("seat", "lt", "--manual",
                                                         "p1 p2 p3; p4 p5", "--sit-out",
                                                         "p6 p7")
    printed = cli.ok("seat", "lt", "--manual", "p1 p2 p3; p4 p5 p6 p7")
    assert "1. Hráč 4 (deals) | 2. Hráč 5 | 3. Hráč 6 | 4. Hráč 7" in printed
    assert [len(t) for t in _plans(db_url)[0].tables] == [3, 4]
    cli.ok("new", "bt", "--name", "Baśka", "--ruleset", "pucka-2019")
    for i in range(1, 8):
        cli.ok("players", "add", "bt", f"p{i}", f"Hráč {i}")
    assert "table 1 has 3 players, not 4" in cli.error("seat", "bt", "--manual",
                                                       "p1 p2 p3; p4 p5 p6 p7")
