"""The tournament file (TOML / JSON, stolik.tournament.file): the sample, exact round trip,
CSV export and one-line errors naming file, round, table and entry (RULES §10)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from stolik.tournament.file import (
    dumps_tournament,
    load_tournament,
    loads_tournament,
    write_csv,
)
from stolik.tournament.model import EventKind, TournamentError
from stolik.tournament.scoring import score_tournament
from stolik.tournament.standings import tournament_standings

SAMPLE = Path(__file__).parent / "data" / "tournament-sample.toml"

HEAD = '''ruleset = "pucka-2019"
name = "T"
[[player]]
id = "a"
name = "A"
[[player]]
id = "b"
name = "B"
[[player]]
id = "c"
name = "C"
[[player]]
id = "d"
name = "D"
'''


def test_sample_has_what_the_tests_need() -> None:
    """20 players, 4 teams, 5 rounds, deals + sheet + totals tables, a late player, a leaver
    and players sitting out."""
    t = load_tournament(SAMPLE)
    res = score_tournament(t)
    assert len(t.players) == 20 and len(t.teams()) == 4 and len(t.rounds) == 5
    sources = {tr.source for r in res.rounds for tr in r.tables}
    assert sources == {"deals", "sheet", "totals"}
    kinds = {e.kind for e in res.events}
    assert {EventKind.LATE, EventKind.LEFT, EventKind.SITTING_OUT} <= kinds
    st = tournament_standings(res)
    assert [p.rank for p in st.players] == sorted(p.rank for p in st.players)
    # Every player took part in each round: 5 rounds each.
    assert all(p.played == 5 for p in st.players)


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_round_trip_exact(fmt: str) -> None:
    t = load_tournament(SAMPLE)
    text = dumps_tournament(t, fmt)
    back = loads_tournament(text, fmt)
    assert back == t
    assert dumps_tournament(back, fmt) == text


def test_toml_written_is_the_file_read(tmp_path: Path) -> None:
    t = load_tournament(SAMPLE)
    body = SAMPLE.read_text(encoding="utf-8").split("\n", 3)[3]  # after the comment lines
    assert dumps_tournament(t) == body
    out = tmp_path / "t.json"
    out.write_text(dumps_tournament(t, "json"), encoding="utf-8")
    assert json.loads(out.read_text(encoding="utf-8"))["date"] == "2026-11-21"
    assert load_tournament(out) == t


def test_csv_export(tmp_path: Path) -> None:
    st = tournament_standings(score_tournament(load_tournament(SAMPLE)))
    players, teams = write_csv(st, tmp_path / "csv")
    with players.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 20
    assert rows[0]["rank"] == "1" and rows[0]["id"] == st.players[0].id
    assert int(rows[0]["table_points"]) == st.players[0].table_points
    with teams.open(encoding="utf-8") as f:
        trows = list(csv.DictReader(f))
    assert [r["team"] for r in trows] == [t.team for t in st.teams]


@pytest.mark.parametrize(("body", "needle"), [
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\ntotals = [1, -1, 0, 0]\n'
     'late = { p33 = 7 }\n',
     "t.toml: round 1, table 1, late: player 'p33' is not seated at this table (RULES §10)"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "x"]\ntotals = [1, -1, 0, 0]\n',
     "t.toml: round 1, table 1, seats: unknown player 'x' (RULES §10)"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c"]\n',
     "t.toml: round 1, table 1, seats: must be 4 player ids"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\ntotals = [1, -1, 0, 0]\n'
     'colour = 1\n', "t.toml: round 1, table 1, table: unknown key 'colour'"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\n'
     'sheet = [{ contract = "zolo", declarer = 1, points = 110 }]\n',
     "t.toml: round 1, table 1, sheet line 1: 'points' must be a whole number 0–104"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\n'
     'sheet = [{ contract = "mester", declarer = 1 }]\n',
     "t.toml: round 1, table 1, sheet line 1: unknown contract 'mester' in pucka-2019"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\ntotals = [0, 0, 0, 0]\n'
     'left = { b = "ten" }\n', "t.toml: round 1, table 1, left.b: must be a whole number"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\n'
     'deal = [{ dealer = 0, hands = ["AH"] }]\n', "t.toml: round 1, table 1, deal: deal 1"),
    ('', "t.toml: round: the tournament has no [[round]] (RULES §10)"),
    ('date = "soon"\n[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\n'
     'totals = [0, 0, 0, 0]\n', "t.toml: date: must be a date"),
    ('[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\ntotals = [0, 0, 0, 0]\n'
     '[[round.sitting_out]]\nplayer = "zz"\n',
     "t.toml: round 1, sitting_out: unknown player 'zz'"),
])
def test_bad_files(tmp_path: Path, body: str, needle: str) -> None:
    f = tmp_path / "t.toml"
    f.write_text(HEAD.replace('name = "T"\n', 'name = "T"\n' + body.split("[[round]]")[0])
                 + ("[[round]]" + body.split("[[round]]", 1)[1] if "[[round]]" in body
                    else ""), encoding="utf-8")
    with pytest.raises(TournamentError) as e:
        load_tournament(f)
    msg = str(e.value).replace(str(tmp_path) + "/", "")
    assert needle in msg
    assert "\n" not in msg


def test_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="cannot read the file"):
        load_tournament(tmp_path / "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("ruleset = \n", encoding="utf-8")
    with pytest.raises(TournamentError, match="not valid TOML"):
        load_tournament(bad)


OLD_SAMPLE = Path(__file__).parent / "data" / "tournament-sample-v1.toml"


def test_old_files_count_seats_from_0_new_ones_from_1() -> None:
    """Issue 9.6: a file without ``format`` (written before) counts every seat 0–3; format 2
    (what ``export`` writes) counts the seats a person writes 1–4, as the printed plan,
    or names the player; deal records inside keep RULES §11's 0–3."""
    old, new = load_tournament(OLD_SAMPLE), load_tournament(SAMPLE)
    assert old == new
    assert SAMPLE.read_text(encoding="utf-8").count("format = 2") == 1
    table = new.rounds[0].tables[1]
    assert table.sheet is not None and table.sheet[0].declarer == 2  # written 3
    assert new.rounds[0].tables[0].first_dealer == 1  # written first_dealer = 2
    base = ('format = {f}\nruleset = "pucka-2019"\nname = "T"\n'
            + "".join(f'[[player]]\nid = "{p}"\nname = "{p.upper()} X"\n' for p in "abcd")
            + '[[round]]\n[[round.table]]\nseats = ["a", "b", "c", "d"]\n'
            'sheet = [{{ contract = "gran", declarer = {d}, points = 70 }}]\n')
    by = {d: loads_tournament(base.format(f=2, d=d)).rounds[0].tables[0].sheet
          for d in ("4", '"d"', '"D X"')}
    assert {k: v[0].declarer for k, v in by.items() if v} == {"4": 3, '"d"': 3, '"D X"': 3}
    assert loads_tournament(base.format(f=1, d=3)) == loads_tournament(base.format(f=2, d=4))
    with pytest.raises(TournamentError, match="'declarer' must be a seat 1–4 or a player at "
                       "the table"):
        loads_tournament(base.format(f=2, d=0))
    with pytest.raises(TournamentError, match="format: must be 2"):
        loads_tournament(base.format(f=3, d=1))
