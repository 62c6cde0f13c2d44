"""Betel deal records (BETEL §6): the seed's auction as a record, exact TOML/JSON round
trip, the match's end, every broken record refused in one line naming the deal, the entry
and the rule; ``stolik replay``, ``check`` and ``simulate`` through the game's parts."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import RecordError
from stolik.games.betel.record import (
    apply_entry,
    dumps_record,
    load_record,
    parse_entry,
    parse_record,
    record_of,
    replay,
    series_record,
)
from stolik.games.betel.ruleset import load_ruleset, rs_text
from stolik.games.betel.state import Deal
from stolik.records import loads_document

RS = load_ruleset("gps-2022")
HANDS = ["AC 9C AS KS QS JS AD KD QD JD",
         "JH 7H AH KH QH TS 9S 8S 7S TD",
         "KC 7C 8H TH 9H 9D 8D 7D TC 8C"]
SEED_AUCTION = ["0 1C", "1 1S", "2 betelek-2", "0 pas", "1 2S", "2 betelek-0", "0 kontra",
                "1 1H", "2 betel", "0 pas", "1 szlem-BA", "2 pas", "0 pas"]


def played(auction: list[str], dealer: int = 0, rs: Any = RS) -> Deal:
    """A deal of HANDS through ``auction``, played out with the first legal card."""
    d = Deal.from_text(rs, dealer, HANDS, "QC JC")
    for entry in auction:
        apply_entry(d, parse_entry(rs, entry))
    while not d.is_over:
        d.move(d.legal_moves()[0])
    return d


def doc(**changes: Any) -> dict[str, Any]:
    """The seed's deal as a record document, with ``changes`` to its deal table."""
    rec = series_record(RS, [record_of(played(SEED_AUCTION))])
    document = loads_document(dumps_record(rec), "toml")
    document["deal"][0].update(changes)
    return document


def test_betel_3_6_the_seeds_auction_as_a_record() -> None:
    """Seed 004's example auction, written and replayed: B (seat 1) plays szlem bez atu,
    not doubled, and scores it alone."""
    series = replay(parse_record(doc()))
    r = series.results[0]
    assert r.contract is not None and r.contract.call == "szlem-BA"
    assert r.declarer == 1 and not r.doubled
    assert r.scores[0] == r.scores[2] == 0
    assert r.scores[1] == (300 if r.tricks[1] == 10 else -(300 + 10 * (10 - r.tricks[1] - 1)))


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_betel_6_exact_round_trip(fmt: str) -> None:
    d = played(["0 look 1 QC 1S", "1 look 2 pas", "2 exchange 7C 8C kontra", "0 pas",
                "1 pas"])
    rec = series_record(RS, [record_of(d)], ["Ala", "Bo", "Cela"])
    text = dumps_record(rec, fmt)
    again = parse_record(loads_document(text, fmt))
    assert again == rec and dumps_record(again, fmt) == text
    assert replay(again).results[0] == d.result()
    deal = loads_document(dumps_record(rec), "toml")["deal"][0]
    assert deal["auction"][:3] == ["0 look 1 QC 1S", "1 look 2 pas", "2 exchange 7C 8C kontra"]
    assert deal["dubel"] == "QC JC"          # as dealt, not as after the exchange


def test_betel_6_call_words_are_case_insensitive() -> None:
    d = doc()
    d["deal"][0]["auction"] = [e.upper().replace("BETELEK", "Betelek") for e in SEED_AUCTION]
    rec = parse_record(d)
    assert rec.deals[0].auction[10].call == "szlem-BA"


BROKEN: list[tuple[str, dict[str, Any], str]] = [
    ("contract not higher", doc(auction=["0 1S", "1 1C"]),
     "deal 1, auction entry 2: seat 1 cannot bid 1C: a contract must be higher than 1S "
     "(BETEL §3)"),
    ("out of turn", doc(auction=["1 1S"]),
     "deal 1, auction entry 1: seat 1 speaks out of turn: seat 0 is to speak (BETEL §3)"),
    ("pass after exchange", doc(auction=["0 exchange AC 9C pas"]),
     "deal 1, auction entry 1: seat 0 exchanged the dubel: he may not pass (BETEL §3)"),
    ("lay back a card twice", doc(auction=["0 exchange AC AC 1C"]),
     "deal 1, auction entry 1: seat 0 lays back two different cards, not AC twice "
     "(BETEL §3)"),
    ("lay back a card not held", doc(auction=["0 exchange KC AC 1C"]),
     "deal 1, auction entry 1: seat 0 lays back two of his twelve cards: he does not hold "
     "KC (BETEL §3)"),
    ("look at a card not there", doc(auction=["0 look 1 AS pas"]),
     "deal 1, auction entry 1: AS does not lie in the dubel, so seat 0 cannot have seen it "
     "there (BETEL §3)"),
    ("kontra own", doc(auction=["0 1C", "1 kontra", "2 pas", "0 kontra"]),
     "deal 1, auction entry 4: seat 0 cannot say kontra: nobody may kontra his own contract "
     "(BETEL §3)"),
    ("kontra twice", doc(auction=["0 1C", "1 kontra", "2 1C", "0 kontra"]),
     "deal 1, auction entry 4: seat 0 cannot say kontra: 1C was kontra'd already in this "
     "deal (BETEL §3)"),
    ("ban", doc(auction=["0 1C", "1 kontra", "2 pas", "0 1C"]),
     "deal 1, auction entry 4: seat 0 may not bid 1C again at this turn"),
    ("unknown call", doc(auction=["0 4BA"]),
     "deal 1, auction entry 1: cannot read the call '4BA'"),
    ("bad entry", doc(auction=["0 look 3 pas"]),
     "deal 1, auction entry 1: cannot read '0 look 3 pas'"),
    ("after the auction", doc(auction=[*SEED_AUCTION, "1 pas"]),
     "deal 1, auction entry 14: the auction is over: two passes ended it (BETEL §3)"),
    ("revoke", doc(auction=["0 1H", "1 pas", "2 pas"], play=["0 9C", "1 TS"]),
     "deal 1, play entry 2: seat 1 may not play TS: void, he must trump, higher if he "
     "can; play AH KH QH JH 7H (BETEL §4)"),
    ("too few plays", doc(auction=["0 1H", "1 pas", "2 pas"], play=["0 9C"]),
     "deal 1: the deal stops in the play with seat 1 to move: every deal is played to its "
     "tenth trick (BETEL §4, §6)"),
    ("card twice", doc(dubel="QC AC"),
     "deal 1: card AC is dealt twice (BETEL §1)"),
    ("no card", doc(dubel="QC XX"),
     "deal 1, dubel: cannot read card 'XX'"),
    ("dealer", doc(dealer=3), "deal 1: dealer must be a seat 0–2, not 3 (BETEL §6)"),
    ("play entry not text", doc(play=["2 KS", 5]),
     "deal 1: 'play' must be a list of strings: entry 2 is 5, not text (BETEL §6)"),
    ("unknown key", doc(contract="1C"), "deal 1: unknown key 'contract'"),
    ("missing dubel", {**doc(), "deal": [{k: v for k, v in doc()["deal"][0].items()
                                          if k != "dubel"}]},
     "deal 1: 'dubel' is missing (BETEL §6)"),
]


@pytest.mark.parametrize(("name", "document", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_betel_6_broken_records_refused_in_one_line(name: str, document: dict[str, Any],
                                                    message: str) -> None:
    with pytest.raises(RecordError) as e:
        replay(parse_record(document))
    assert str(e.value).startswith(message)
    assert "\n" not in str(e.value)


def test_betel_1_the_dealer_moves_left() -> None:
    d = doc()
    second = dict(d["deal"][0])
    d["deal"] = [d["deal"][0], {**second, "dealer": 2}]
    with pytest.raises(RecordError, match=r"^deal 2: the dealer must be seat 1, left of the "
                                          r"last one \(BETEL §1\)"):
        replay(parse_record(d))


def test_betel_5_6_a_deal_after_the_decision_is_refused(tmp_path: Path) -> None:
    """BETEL §5–§6: the record ends with the deal that decides the match."""
    path = tmp_path / "krotki.toml"
    path.write_text(rs_text().replace("target = 1000", "target = 10"), encoding="utf-8")
    rs = load_ruleset(str(path))
    first = played(["0 pas", "1 pas", "2 pas"], 0, rs)   # all-pass: 5 points a trick
    assert len(set(first.pos.tricks)) == 3 or max(first.pos.tricks) > sorted(
        first.pos.tricks)[1]
    second = played(["1 pas", "2 pas", "0 pas"], 1, rs)
    one = replay(series_record(rs, [record_of(first)]))
    assert one.winner is not None and one.to_json()["winner"] == one.winner
    with pytest.raises(RecordError, match=r"^deal 2: the match was decided after deal 1: "
                                          r"seat \d won with \d+; a further deal is refused"):
        replay(series_record(rs, [record_of(first), record_of(second)]))


# ---------------------------------------------------------------- the command line


def write(tmp_path: Path, document: dict[str, Any], name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


ALL_PASS = ["0 pas", "1 pas", "2 pas"]
AFTER_THE_AUCTION = {
    "en": {"two": "the auction is over: two passes ended it (BETEL §3)",
           "three": "the auction is over: three passes ended it, an all-pass deal (BETEL §3)"},
    "pl": {"two": "licytacja jest skończona: zamknęły ją dwa pasy (BETEL §3)",
           "three": "licytacja jest skończona: zamknęły ją trzy pasy, wszyscy pas (BETEL §3)"},
}


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize(("auction", "all_pass", "passes"), [
    (SEED_AUCTION, "play", "two"), (ALL_PASS, "play", "three"), (ALL_PASS, "redeal", "three")],
    ids=["contract", "all-pass played", "all-pass redealt"])
def test_betel_3_an_entry_after_the_auction_says_what_ended_it(
        tmp_path: Path, auction: list[str], all_pass: str, passes: str, lang: str) -> None:
    """BETEL §3: once a contract stands, two passes end the auction; an all-pass auction is
    ended by the three passes (played or redealt, as the club's ``all_pass`` says). An entry
    after it is refused saying which, in the reader's language: after an all-pass auction it
    used to say that two passes ended it."""
    club = rs_text().replace('id = "gps-2022"', 'id = "klub"').replace(
        'all_pass = "play"', f'all_pass = "{all_pass}"')
    (tmp_path / "klub.toml").write_text(club, encoding="utf-8")
    rs = load_ruleset(str(tmp_path / "klub.toml"))
    document = loads_document(dumps_record(series_record(rs, [record_of(
        played(auction, 0, rs))])), "toml")
    document["ruleset"] = "klub.toml"
    document["deal"][0]["auction"] += [f"{len(auction) % 3} pas"]
    result = CliRunner().invoke(app, ["check", str(write(tmp_path, document)), "--lang", lang])
    assert result.exit_code == 1
    line = result.stderr.rstrip("\n")
    assert line.endswith(f" {len(auction) + 1}: {AFTER_THE_AUCTION[lang][passes]}"), line
    assert "\n" not in line


def test_stolik_check_and_replay_a_betel_record(tmp_path: Path) -> None:
    """BETEL §6 through the CLI: ``stolik check`` accepts the record of the seed's example
    auction (BETEL §3), ``stolik replay`` shows it (JSON and the sheet) as szlem-BA."""
    path = write(tmp_path, doc())
    runner = CliRunner()
    ok = runner.invoke(app, ["check", str(path)])
    assert ok.exit_code == 0 and ok.output.strip() == f"{path}: ok, 1 deal"
    shown = runner.invoke(app, ["replay", "--json", str(path)])
    assert shown.exit_code == 0
    out = json.loads(shown.output)
    assert out["game"] == "betel" and out["deals"][0]["contract"] == "szlem-BA"
    assert load_record(path).deals == parse_record(doc()).deals
    sheet = runner.invoke(app, ["replay", str(path)])
    assert sheet.exit_code == 0 and "szlem-BA" in sheet.output


def test_stolik_check_refuses_a_broken_betel_record(tmp_path: Path) -> None:
    """BETEL §6 through the CLI: ``stolik check`` refuses a broken record naming the deal
    and the entry — 1C over 1S (BETEL §3: a contract must be higher), exit status 1."""
    path = write(tmp_path, doc(auction=["0 1S", "1 1C"]))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert f"{path}: deal 1, auction entry 2: seat 1 cannot bid 1C" in result.output


def test_stolik_simulate_betel_writes_a_record_that_replays(tmp_path: Path) -> None:
    """issue 12 (``stolik simulate -r gps-2022``): the record it writes replays to the
    totals it printed (BETEL §6: scores and running totals replay exactly)."""
    out = tmp_path / "sim.toml"
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--ruleset", "gps-2022", "-n", "6", "--seed",
                                 "2", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "betel" and summary["deals"] == 6
    checked = runner.invoke(app, ["replay", "--json", str(out)])
    assert json.loads(checked.output)["totals"] == summary["totals"]


def test_betel_6_a_club_ruleset_beside_the_record(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A record of a club's file names it as it was typed (``-r klub.toml``): a relative
    path is looked up beside the record first, so that the record and the ruleset travel
    together (as Baśka's, RULES §11) — it used to be found only from the directory where
    the match was played. The record, written again, still names ``klub.toml``."""
    league = tmp_path / "liga"
    league.mkdir()
    (league / "klub.toml").write_text(rs_text().replace('id = "gps-2022"', 'id = "klub"')
                                      .replace("one = 5", "one = 3"))
    deal = played(["0 look 1 QC pas", "1 1S", "2 pas", "0 pas"])
    document = loads_document(dumps_record(series_record(RS, [record_of(deal)])), "toml")
    document["ruleset"] = "klub.toml"
    path = league / "m.json"
    path.write_text(json.dumps(document))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rec = load_record(path)
    assert rec.ruleset.id == "klub" and rec.ruleset.ref == "klub.toml"
    assert replay(rec).results[0].peek == (3, 0, 0)   # the club's peeking cost
    assert 'ruleset = "klub.toml"' in dumps_record(rec)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- a match by time


def timed_club(tmp_path: Path) -> Path:
    """A club's match of 30 minutes and no target (BETEL §5, seed 004)."""
    path = tmp_path / "czas.toml"
    path.write_text(rs_text().replace('id = "gps-2022"', 'id = "czas"')
                    .replace("target = 1000", "target = 0").replace("minutes = 0", "minutes = 30"),
                    encoding="utf-8")
    return path


def test_betel_5_6_a_match_by_time_replays_to_its_end(tmp_path: Path) -> None:
    """BETEL §5 (a match limited by time) and §6: the record of a match that ended by its
    time carries ``time_up`` (Decision, :class:`~stolik.games.betel.record.SeriesRecord`),
    so that its replay names the winner the table named; without the key the same deals
    replayed as a match nobody had won. The key round-trips, and a deal after the
    decision is refused as for a match to the target."""
    from stolik.games.betel.series import Series

    club = timed_club(tmp_path)
    rs = load_ruleset(str(club))
    now = [0.0]
    s = Series.create(rs, deals=None, seed=3, humans=(), opponents=("random",) * 3,
                      clock=lambda: now[0], first_dealer=0)
    while not s.is_over and len(s.finished) < 40:
        while s.bot_move() is not None:
            pass
        if len(s.finished) == 1:
            now[0] = 31 * 60.0   # the time runs out during the second deal
        s.end_deal()
        if not s.is_over:
            s.next_deal()
    assert s.match.winner is not None and s.match.time_up_after == 2
    rec = s.to_record()
    assert rec.time_up == 2 and "time_up = 2" in dumps_record(rec)
    path = tmp_path / "mecz.toml"
    path.write_text(dumps_record(rec), encoding="utf-8")
    again = load_record(path)
    assert again.time_up == 2 and dumps_record(again) == dumps_record(rec)
    result = replay(again)
    assert (result.winner, result.totals) == (s.match.winner, s.match.totals)
    assert replay(series_record(rs, rec.deals)).winner is None  # the key is what ends it
    third = dataclasses.replace(rec.deals[0], dealer=(rec.deals[-1].dealer + 1) % 3)
    longer = series_record(rs, [*rec.deals, third], time_up=2)
    with pytest.raises(RecordError, match=rf"^deal {len(rec.deals) + 1}: the match was "
                                          r"decided after deal \d+"):
        replay(longer)


@pytest.mark.parametrize("value, message", [
    (0, r"time_up names the deal with which the match's time was up: 1 to 1, not 0"),
    (2, r"1 to 1, not 2 \(BETEL §5, §6\)"),
    (True, r"1 to 1, not True"),
    ("1", r"1 to 1, not '1'"),
])
def test_betel_6_a_broken_time_up_is_refused(tmp_path: Path, value: Any, message: str) -> None:
    """BETEL §6 (Decision): ``time_up`` names one of the record's deals."""
    document = doc()
    document["ruleset"] = str(timed_club(tmp_path))
    document["time_up"] = value
    with pytest.raises(RecordError, match=message):
        parse_record(document)


def test_betel_5_time_up_needs_a_ruleset_with_a_time_limit() -> None:
    """BETEL §5: only a match limited by time (``minutes``) has a time to run out."""
    document = doc()
    document["time_up"] = 1
    with pytest.raises(RecordError, match=r"^time_up = 1, but ruleset gps-2022 has no time "
                                          r"limit \(minutes, BETEL §5\)$"):
        parse_record(document)
