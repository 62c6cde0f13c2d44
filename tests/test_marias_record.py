"""Mariáš records (MARIAS §11): exact round trip in TOML and JSON; every broken record is
refused in one line naming the deal, the entry and the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import RecordError
from stolik.games.marias.record import (
    dumps_record,
    load_record,
    parse_record,
    record_of,
    replay,
    replay_deal,
    series_record,
)
from stolik.games.marias.ruleset import load_ruleset, parse_ruleset, rs_text
from stolik.games.marias.simulate import simulate
from stolik.games.marias.state import Deal
from stolik.records import loads_document

RS = load_ruleset("ctyrka")
HANDS = ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
         "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"]
L3 = ["7B AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7A TA UA 9A 8A"]


def doc(**deal: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"dealer": 3, "hands": HANDS, "choice": "0 trump=7A call=TA",
                            "bidding": ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto",
                                        "1 pass", "2 pass", "3 pass", "0 pass"],
                            "renonc": {"seat": 1, "kind": "x"}}
    base.update(deal)
    return {"game": "marias", "ruleset": "ctyrka", "deal": [base]}


def refused(d: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as e:
        replay(parse_record(d))
    line = str(e.value)
    assert "\n" not in line
    return line


def test_simulated_records_round_trip_and_replay_to_the_same_money() -> None:
    """MARIAS §11: TOML and JSON round trip exactly; replays give the simulator's money."""
    r = simulate(RS, 120, seed=5)
    rec = series_record(RS, r.records, ["Ála", "Bóža", "Čeněk", "Dáša"])
    for fmt in ("toml", "json"):
        text = dumps_record(rec, fmt)
        again = parse_record(loads_document(text, fmt))
        assert again == rec
        assert dumps_record(again, fmt) == text
    assert replay(rec).totals == r.totals


def test_a_deal_played_through_the_engine_is_recorded() -> None:
    """MARIAS §11: the partner's announcements and the chooser's sedma are own entries;
    silence writes nothing."""
    d = Deal.from_text(RS, 3, L3)
    for m in ["trump=7B call=8B", "dobry", "dobry", "dobry", "dobry", "hra sedma", "nic",
              "nic", "nic", "pass", "flek hra", "re hra", "pass", "pass", "pass", "pass"]:
        d.move(m)
    rec = record_of(d)
    assert rec.choice == (0, "trump=7B call=8B")
    assert rec.bidding[4:7] == ((0, "hra"), (0, "sedma"), (1, "pass"))
    d.record_renonc(3, "false sedma")
    rec = record_of(d)
    assert rec.renonc == (3, "false sedma")
    back = replay(series_record(RS, [rec]))
    assert back.totals == d.result().payouts


def test_forgotten_choice_record() -> None:
    """MARIAS §11: choice = "0 forgot"; the chooser then claims in the approval."""
    d = doc(choice="0 forgot", bidding=["1 dobry", "2 dobry", "3 dobry", "0 cerveny-sam",
                                        "0 hra", "1 pass", "2 pass", "3 pass", "0 pass"])
    result = replay(parse_record(d))
    # červený sám, then seat 1's renonc: 1 Kč + the hra 0,20 × 2 in hearts, to each
    assert result.totals == (140, -420, 140, 140)


@pytest.mark.parametrize(("change", "message"), [
    ({"dealer": 4}, "deal 1: dealer must be a seat 0–3, not 4 (MARIAS §11)"),
    ({"hands": HANDS[:3]}, "deal 1: 'hands' must list 4 hands, not 3 (MARIAS §2)"),
    ({"hands": [HANDS[0].replace("7A", "QA"), *HANDS[1:]]},
     "deal 1, hand of seat 0: 'QA' is not a Mariáš card"),
    ({"hands": [HANDS[0].replace("7A", "8A"), *HANDS[1:]]},
     "card 8A is dealt twice (MARIAS §2)"),
    ({"choice": "1 trump=7A call=TA"},
     "deal 1, choice: seat 1 chooses, but the chooser is seat 0, left of the dealer "
     "(MARIAS §4.1)"),
    ({"choice": "0 trump=KH call=AH"}, "deal 1, choice: seat 0 cannot choose "
     "trump=KH call=AH: the trump card must be one of the chooser's first four cards; "
     "z lidu nelze volit (seed §5, MARIAS §4.1)"),
    ({"choice": "0 trumf=7A"}, "deal 1, choice: cannot read choice"),
    ({"bidding": ["2 dobry"]}, "deal 1, bidding entry 1: seat 2 speaks out of turn: seat 1 "
     "is to speak (seed §5, MARIAS §4)"),
    ({"bidding": ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 hra"]},
     "deal 1, bidding entry 5: seat 0 cannot say 'hra' now: allowed sto, sto sedma "
     "(MARIAS §4.3, seed §6)"),
    ({"bidding": ["1 betl", "2 betl"]}, "deal 1, bidding entry 2: seat 2 cannot say 'betl' "
     "now: allowed dobry, durch (MARIAS §4.2)"),
    ({"bidding": ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto", "1 re sto"]},
     "deal 1, bidding entry 6: seat 1 cannot say 're sto' now: allowed pass, flek sto "
     "(MARIAS §4.4, seed §5)"),
    ({"bidding": ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto", "1 zdvojit"]},
     "deal 1, bidding entry 6: unknown call 'zdvojit'"),
    ({"renonc": None, "play": ["0 KH", "1 9H"]},
     "deal 1, play entry 2: seat 1 may not play 9H here: play AH TH (MARIAS §3)"),
    ({"renonc": None, "play": ["1 AH"]},
     "deal 1, play entry 1: seat 1 plays out of turn: seat 0 is to play (MARIAS §3)"),
    ({"renonc": None, "play": ["0 KH"]}, "deal 1: the deal stops in the play with seat 1 to "
     "move: every deal is played to its end, a renonc or a claim (MARIAS §11)"),
    ({"renonc": {"seat": 5}}, "deal 1: renonc seat must be a seat 0–3, not 5 (MARIAS §11)"),
    ({"claim": 1}, "deal 1: a deal ends by a renonc or by a claim, not both"),
    ({"extra": 1}, "deal 1: unknown key 'extra'"),
    ({"bidding": "1 dobry"}, "deal 1: 'bidding' must be a list of strings (MARIAS §11)"),
    ({"bidding": ["dobry"]}, "deal 1, bidding entry 1: cannot read 'dobry': write "
     "\"<seat 0–3> <call>\" (MARIAS §11)"),
])
def test_broken_records_are_refused_in_one_line(change: dict[str, Any], message: str) -> None:
    """MARIAS §11: every broken record is refused naming the deal, the entry and the rule."""
    d = doc(**change)
    deal = d["deal"][0]
    for key in [k for k, v in deal.items() if v is None]:
        del deal[key]
    assert message in refused(d)


def test_explicit_nic_at_the_announcement_turn_is_accepted() -> None:
    """MARIAS §11, §4.3: records leave a defender's "nic" out, but one written at that
    seat's announcement turn is read as the silence it is; the writer still leaves it out."""
    quiet = ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto"]
    fleky = ["1 pass", "2 pass", "3 pass", "0 pass"]
    plain = replay(parse_record(doc()))
    for written in (["1 nic", "2 nic", "3 nic"], ["2 nic"], ["1 nic", "3 nic"]):
        d = doc(bidding=[*quiet, *written, *fleky])
        assert replay(parse_record(d)).totals == plain.totals
        rec = parse_record(d).deals[0]
        assert record_of(replay_deal(RS, rec)).bidding == parse_record(doc()).deals[0].bidding
    assert "seat 0 cannot say 'nic' now" in refused(doc(bidding=[*quiet[:4], "0 nic"]))
    # seat 3's nic closes the announcements (1 and 2 were silent): a later nic is a fleky call
    assert ("bidding entry 7: seat 1 cannot say 'nic' now: allowed pass, flek sto "
            "(MARIAS §4.4" in refused(doc(bidding=[*quiet, "3 nic", "1 nic", *fleky])))


@pytest.mark.parametrize(("change", "message"), [
    ({"renonc": None, "play": ["0 qH"]}, "deal 1, play entry 1: 'qH' is not a Mariáš card"),
    ({"choice": "0 trump=QQ call=AA"}, "deal 1, choice: 'QQ' is not a Mariáš card"),
    ({"hands": [HANDS[0].replace("7A", "Qa"), *HANDS[1:]]}, "'Qa' is not a Mariáš card"),
])
def test_cards_in_errors_are_echoed_as_written(change: dict[str, Any], message: str) -> None:
    """MARIAS §1, §11: a refused card is quoted as the record writes it, not lower-cased."""
    d = doc(**change)
    deal = d["deal"][0]
    for key in [k for k, v in deal.items() if v is None]:
        del deal[key]
    assert message in refused(d)


def test_a_card_after_the_deal_ended_says_the_deal_is_over() -> None:
    """MARIAS §4.5: a flekked hra without re ends the deal; a card written after it is
    refused saying the deal is over (not "in the done")."""
    d = doc(hands=L3, choice="0 trump=7B call=8B",
            bidding=["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 hra", "1 pass",
                     "2 flek hra", "3 pass", "0 pass", "1 pass", "2 pass"],
            play=["0 AA"])
    del d["deal"][0]["renonc"]
    line = refused(d)
    assert "deal 1, play entry 1: the deal is over: no more cards are played (MARIAS §4)" in line
    assert "done" not in line


def test_top_level_problems() -> None:
    assert "game is 'baska'" in refused({**doc(), "game": "baska"})
    assert "ruleset: unknown Mariáš ruleset 'nonesuch'" in refused(
        {**doc(), "ruleset": "nonesuch"})
    assert "players must list four names" in refused({**doc(), "players": ["a"]})
    assert "a record needs one or more [[deal]] tables" in refused(
        {"game": "marias", "deal": []})


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "stul3.toml"
    path.write_text('game = "marias"\n[[deal]]\ndealer = 9\n', encoding="utf-8")
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert str(e.value).startswith(f"{path}: deal 1: ")


def test_paper_renonc_for_a_mandatory_sto_not_announced() -> None:
    """MARIAS §4.3: not announcing a mandatory sto is a renonc, recorded from paper: the
    bidding stops where it happened."""
    d = doc(hands=["7A AA 8H 9H KH OH TL AL", "AH TH UL 9L 8L 7L 7H UH",
                   "KL OL AB TB KB OB UB 9B", "TA KA OA UA 9A 8A 8B 7B"],
            bidding=["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 hra"],
            renonc={"seat": 3, "kind": "povinná sto not announced"})
    assert replay(parse_record(d)).totals == (120, 120, 120, -360)  # 1 Kč + the hra 0,20


def test_claim_recorded_and_replayed() -> None:
    """MARIAS §4.7, §11 Decision: ``claim = <seat>`` ends a deal by a lay-down."""
    d = Deal.from_text(RS, 3, ["AH TH KH OH UH 9H 8H 7H", "AL TL KL OL UL 9L 8L 7L",
                               "AB TB KB OB UB 9B 8B 7B", "AA TA KA OA UA 9A 8A 7A"])
    for m in ["trump=AH call=TH", "dobry", "dobry", "dobry", "dobry", "hra sedma", "nic",
              "nic", "nic", "pass", "pass", "pass", "pass"]:
        d.move(m)
    while len(d.history) < 6:  # MARIAS §4.7: judged over the claimer's layouts, late enough
        d.move(d.legal_moves()[0])
    d.claim(0)
    rec = series_record(RS, [record_of(d)])
    assert rec.deals[0].claim == 0
    assert d.settlement().end == "played" and sum(d.settlement().points) == 90
    assert replay(parse_record(loads_document(dumps_record(rec), "toml"))).totals == (
        1200, -400, -400, -400)


def test_a_club_ruleset_beside_the_record(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """MARIAS §11 (as Baśka's, RULES §11): a record of a club's tariff names its file as it
    was typed (``ruleset = "klub.toml"``); a relative path is looked up beside the record
    first, so that the record and the tariff travel together — it used to be found only
    from the working directory. The record, written again, still names ``klub.toml``."""
    league = tmp_path / "liga"
    league.mkdir()
    club_text = rs_text().replace('id = "ctyrka"', 'id = "klub"').replace("base = 100 ",
                                                                          "base = 200 ")
    (league / "klub.toml").write_text(club_text, encoding="utf-8")
    club = parse_ruleset(club_text, source="klub.toml", path="klub.toml")
    document = {**doc(), "ruleset": "klub.toml"}
    (league / "stul.toml").write_text(dumps_record(parse_record(document, ruleset=club)),
                                      encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rec = load_record(league / "stul.toml")
    assert rec.ruleset.id == "klub" and rec.ruleset.ref == "klub.toml"
    totals = replay(rec).totals    # the club's renonc (2 Kč), not ctyrka's (MARIAS §8)
    assert totals == replay(parse_record(document, ruleset=club)).totals
    assert totals != replay(parse_record(doc())).totals
    assert 'ruleset = "klub.toml"' in dumps_record(rec)
    for command in ("check", "replay"):
        result = CliRunner().invoke(app, [command, str(league / "stul.toml")])
        assert result.exit_code == 0, result.output


DEALER_OUT_OF_TURN = {
    "en": "rec.toml: deal 2: dealer 2 should be 1: the deal moves one seat clockwise each deal "
          "(MARIAS §9, §11)",
    "pl": "rec.toml: rozdanie 2: rozdającym powinno być miejsce 1, nie 2: rozdanie przechodzi co "
          "rozdanie o jedno miejsce zgodnie z ruchem wskazówek zegara (MARIAS §9, §11)",
    "cs": "rec.toml: hra 2: rozdávat má místo 1, ne 2: rozdávající se každou hru posouvá o jedno "
          "místo po směru hodinových ručiček (MARIAS §9, §11)",
}


@pytest.mark.parametrize("lang", sorted(DEALER_OUT_OF_TURN))
def test_a_dealer_out_of_turn_is_refused_naming_the_file_deal_and_rule(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Issue 24.8, MARIAS §11: each deal's dealer is the previous deal's + 1 (mod 4), as
    Baśka's and Betel's records check. A record whose dealers go 0 then 2 was accepted;
    stolik check refuses it in one line naming the file, the deal and the rule, in the
    reader's language; with the dealers 0 then 1 the same deals pass."""
    sim = simulate(RS, 2, seed=3, first_dealer=0)
    assert [d.dealer for d in sim.records] == [0, 1]
    document = loads_document(dumps_record(series_record(RS, sim.records)), "toml")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rec.toml").write_text(dumps_record(series_record(RS, sim.records)))
    assert CliRunner().invoke(app, ["check", "rec.toml", "--lang", lang]).exit_code == 0
    document["deal"][1]["dealer"] = 2
    (tmp_path / "rec.toml").write_text(dumps_record(parse_record(document)))
    result = CliRunner().invoke(app, ["check", "rec.toml", "--lang", lang])
    assert result.exit_code == 1
    assert result.stderr.rstrip("\n") == f"stolik: {DEALER_OUT_OF_TURN[lang]}"


def test_a_leagues_counted_deals_may_skip_a_deal() -> None:
    """Issue 24.8: a league table's deals that count may skip one that does not (entered
    after the round's limit), so its page settles them deal by deal (MARIAS §6: a deal's
    money does not depend on the deals before) and is not refused for the dealer order a
    record file must keep (the settle replayed them as one record)."""
    from stolik.games.marias.league import settle

    sim = simulate(RS, 3, seed=3, first_dealer=0)
    docs = loads_document(dumps_record(series_record(RS, sim.records)), "toml")["deal"]
    kept = [docs[0], docs[2]]                       # dealers 0 and 2: deal 2 does not count
    assert [d["dealer"] for d in kept] == [0, 2]
    assert [f.payout for f in settle(RS, "record", kept)] == [
        replay_deal(RS, sim.records[i]).result().payouts for i in (0, 2)]
