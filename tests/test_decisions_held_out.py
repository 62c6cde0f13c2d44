"""The "Decisions (held-out check, turn 3)" of MARIAS §11 and BETEL §6 (issue 24.9): the
points the spec left open, each pinned by a test. Decisions another test already pins are
named here, not tested twice:

- MARIAS §11 Decisions, a sto is povinná whoever says it first:
  ``tests/test_marias_state.py::test_sto_is_povinna_whoever_says_it_first``;
- BETEL §6 Decisions, ``time_up = N``: ``tests/test_betel_record.py::
  test_betel_5_6_a_match_by_time_replays_to_its_end`` and ``test_betel_6_a_broken_time_up_
  is_refused``;
- BETEL §6 Decisions, call words in any case: ``tests/test_betel_record.py::
  test_betel_6_call_words_are_case_insensitive``;
- BETEL §6 Decisions, nobody may kontra his own contract: ``tests/test_betel_record.py``
  (the broken record "kontra own") and ``tests/test_betel_state.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import RecordError
from stolik.games.betel import record as betel_record
from stolik.games.betel.ruleset import load_ruleset as betel_ruleset
from stolik.games.betel.state import Deal as BetelDeal
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import format_cards
from stolik.games.marias.record import (
    dumps_record,
    parse_record,
    record_of,
    replay,
    replay_deal,
    series_record,
)
from stolik.games.marias.ruleset import load_ruleset
from stolik.games.marias.scoring import Settlement, score
from stolik.games.marias.state import Deal
from stolik.records import loads_document

RS = load_ruleset("ctyrka")
L1 = ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"]
"""Dealer 3, seat 0 chooses acorns from 7A and holds the čtyřka and the trump 7."""
L3 = ["7B AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
      "KL OL AB TB KB OB UB 9B", "7H UH 8B 7A TA UA 9A 8A"]
"""Kule from 7B; seat 2, a defender, holds KB and OB (a trump marriage): a trhák."""
L4 = ["7A AA 8H 9H KH UL TL AL", "AH TH OH 9L 8L 7L 7H UH",
      "KL OL AB TB KB OB UB 9B", "TA KA OA UA 9A 8A 8B 7B"]
"""The chooser holds the trump 7 and no marriage: hra, or hra sedma."""
L6 = ["8B AA 8H 9H KH OH TL AL", "AH TH UL 9L 8L 7L 7H UH",
      "KL OL AB TB KB OB UB 9B", "TA KA OA UA 9A 8A 7A 7B"]
"""Acorns from AA; the partner (seat 3, TA) holds the čtyřka and the trump 7."""
APPROVED = ["1 dobry", "2 dobry", "3 dobry", "0 dobry"]
PASSES = ["1 pass", "2 pass", "3 pass", "0 pass"]


def texts(d: Deal) -> list[str]:
    return [m.text(RS.flek_names) if isinstance(m, Call) else format_cards([m], ascii=True)
            for m in d.legal_moves()]


def marias_doc(hands: list[str], choice: str, bidding: list[str], **more: Any) -> dict[str, Any]:
    """A one-deal Mariáš record document (dealer 3: seat 0 chooses)."""
    return {"game": "marias", "ruleset": "ctyrka",
            "deal": [{"dealer": 3, "hands": hands, "choice": choice, "bidding": bidding,
                      **more}]}


def refused(document: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as e:
        replay(parse_record(document))
    return str(e.value)


# ------------------------------------------------------------- MARIAS §11 Decisions


@pytest.mark.parametrize(("hands", "choice", "said", "swapped", "seat"), [
    # the chooser's hra, then his sedma (the partner's mandatory sto follows)
    (L4, "0 trump=7A call=TA", ["0 hra", "0 sedma", "3 sto"], ["0 sedma", "0 hra", "3 sto"], 0),
    # the chooser's mandatory sto, then his sedma
    (L1, "0 trump=7A call=TA", ["0 sto", "0 sedma"], ["0 sedma", "0 sto"], 0),
    # the partner's mandatory sto, then his sedma
    (L6, "0 trump=AA call=TA", ["0 hra", "3 sto", "3 sedma"], ["0 hra", "3 sedma", "3 sto"], 3),
])
def test_marias_11_decisions_the_game_word_comes_before_sedma(
        hands: list[str], choice: str, said: list[str], swapped: list[str], seat: int) -> None:
    """MARIAS §11 Decisions: one seat's announcements are the game word first (``hra`` or
    ``sto``), then ``sedma``; a partner's mandatory sto comes before his sedma. Written so,
    the record replays with the sedma announced and is written back in that order; with
    the two entries swapped it is refused at the sedma."""
    rec = parse_record(marias_doc(hands, choice, [*APPROVED, *said, *PASSES],
                                  renonc={"seat": 1, "kind": "x"}))
    assert replay_deal(RS, rec.deals[0]).pos.sedma_by == seat
    assert loads_document(dumps_record(rec), "toml")["deal"][0]["bidding"][4:-4] == said
    line = refused(marias_doc(hands, choice, [*APPROVED, *swapped, *PASSES],
                              renonc={"seat": 1, "kind": "x"}))
    entry = 5 + swapped.index(f"{seat} sedma")
    assert f"bidding entry {entry}: seat {seat} cannot say 'sedma' now" in line, line


@pytest.mark.parametrize(("claims", "game", "soloist"), [
    (["betl", "dobry", "dobry"], "betl", 1),
    (["dobry", "durch", "dobry"], "durch", 2),
    (["dobry", "dobry", "dobry"], "hra", 0),
])
def test_marias_11_decisions_cerveny_sam_ranks_below_betl(
        claims: list[str], game: str, soloist: int) -> None:
    """MARIAS §11 Decisions: after a forgotten choice the chooser answers ``betl``,
    ``durch`` or ``cerveny-sam`` in the approval; červený sám ranks below betl, so saying
    it lets an earlier betl or durch stand (and alone it makes him play hearts)."""
    d = Deal.from_text(RS, 3, L1, paper=True)
    d.move("forgot")
    for m in claims:
        d.move(m)
    assert d.to_act == 0 and "cerveny-sam" in texts(d)
    assert set(texts(d)) <= {"betl", "durch", "cerveny-sam"}
    d.move("cerveny-sam")
    assert (d.game, d.soloist) == (game, soloist)


def test_marias_11_decisions_a_renonc_before_any_suit_is_chosen() -> None:
    """MARIAS §11 Decisions: a renonc before any suit is chosen (a forgotten choice, the
    approval unfinished) prices the unflekked hra without red doubling: 1 Kč + 0,20 to
    each other player (red doubled it would be 0,40)."""
    d = Deal.from_text(RS, 3, L1, paper=True)
    for m in ("forgot", "dobry"):
        d.move(m)
    d.record_renonc(2, "z lidu")
    assert d.result().payouts == (120, 120, -360, 120)


def test_marias_11_decisions_a_renonc_after_the_last_trick_is_refused() -> None:
    """MARIAS §11 Decisions: a renonc ends the play before the offending act, so a record
    holds the cards played before it and then the renonc; one written after the last
    trick is refused naming the deal and the renonc."""
    rng = random.Random(1)
    d = _sto_deal()
    for _ in range(3):
        d.move(rng.choice(d.legal_moves()))
    d.record_renonc(1, "looked at a trick")
    document = loads_document(dumps_record(series_record(RS, [record_of(d)])), "toml")
    assert len(document["deal"][0]["play"]) == 3          # the play stops before it
    assert replay(parse_record(document)).results[0].payouts[1] < 0
    full = _sto_deal()
    while not full.is_over:
        full.move(rng.choice(full.legal_moves()))
    late = loads_document(dumps_record(series_record(RS, [record_of(full)])), "toml")
    assert len(late["deal"][0]["play"]) == 32
    replay(parse_record(late))                            # played out, it is valid
    late["deal"][0]["renonc"] = {"seat": 1, "kind": "looked at a trick"}
    assert refused(late) == "deal 1, renonc: the deal is already over (MARIAS §8)"


def _sto_deal() -> Deal:
    """L1 with the chooser's mandatory sto, nobody flekking: the play starts."""
    d = Deal.from_text(RS, 3, L1)
    for m in ["trump=7A call=TA", "dobry", "dobry", "dobry", "dobry", "sto", "nic", "nic",
              "nic", "pass", "pass", "pass", "pass"]:
        d.move(m)
    assert d.phase == "play"
    return d


def test_marias_11_decisions_the_trhak_duty_binds_under_a_sto() -> None:
    """MARIAS §11 Decisions: the trhák duty applies to an announced sto as well as to a
    hra; at the turn where it binds, the trhák may only flek the game — no sto proti,
    though he holds the marriage it needs (KB OB), and no pass."""
    d = Deal.from_text(RS, 3, L3)
    for m in ["trump=7B call=8B", "dobry", "dobry", "dobry", "dobry", "sto", "nic", "nic",
              "nic", "pass"]:
        d.move(m)
    assert d.to_act == 2 and texts(d) == ["flek sto"]


def test_marias_11_decisions_no_ticha_sto_against_an_announced_sto() -> None:
    """MARIAS §11 Decisions: tichá sto replaces only a hra. The side against an announced
    sto that takes 90 with its 40 gets no tichá sto: the only line is the sto's, priced by
    its pády; against a hra the same cards make the defenders' tichá sto."""
    against_sto = Settlement(game="sto", trump=0, side=(0, 2), points=(0, 90),
                             marriages=((20,), (40,)))
    lines = score(RS, against_sto).lines
    assert [name for name, _ in lines] == ["sto"]
    against_hra = Settlement(game="hra", trump=0, side=(0, 2), points=(0, 90),
                             marriages=((20,), (40,)))
    assert [name for name, _ in score(RS, against_hra).lines] == ["tichá sto"]


# ------------------------------------------------------------- BETEL §6 Decisions

BRS = betel_ruleset("gps-2022")
BHANDS = ["AC 9C AS KS QS JS AD KD QD JD",
          "JH 7H AH KH QH TS 9S 8S 7S TD",
          "KC 7C 8H TH 9H 9D 8D 7D TC 8C"]
BAUCTION = ["0 look 1 QC 1S", "1 look 2 pas", "2 exchange 7C 8C kontra", "0 pas", "1 pas"]


def betel_doc() -> dict[str, Any]:
    """A Betel record of one deal (seat 0 plays 1♠ kontra'd), as the writer writes it."""
    d = BetelDeal.from_text(BRS, 0, BHANDS, "QC JC")
    for entry in BAUCTION:
        betel_record.apply_entry(d, betel_record.parse_entry(BRS, entry))
    while not d.is_over:
        d.move(d.legal_moves()[0])
    rec = betel_record.series_record(BRS, [betel_record.record_of(d)])
    return loads_document(betel_record.dumps_record(rec), "toml")


def betel_refused(document: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as e:
        betel_record.replay(betel_record.parse_record(document))
    return str(e.value)


@pytest.mark.parametrize(("key", "value"), [
    ("revoke", {"seat": 1, "play_index": 2}), ("revoke", [1]), ("renonc", {"seat": 1}),
    ("claim", 1),
])
def test_betel_6_decisions_a_deal_holds_five_keys_only(key: str, value: Any) -> None:
    """BETEL §6 Decisions: a Betel deal has the keys dealer, hands, dubel, auction and play
    only; Baśka's ``revoke`` does not exist here (an illegal card is refused, see the
    broken record "revoke" of tests/test_betel_record.py), and any other key is refused."""
    document = betel_doc()
    assert sorted(document["deal"][0]) == ["auction", "dealer", "dubel", "hands", "play"]
    document["deal"][0][key] = value
    assert betel_refused(document).startswith(f"deal 1: unknown key '{key}'")


def test_betel_6_decisions_an_unfinished_match_is_valid(tmp_path: Path) -> None:
    """BETEL §6 Decisions: a record that stops before any deal decides the match (nobody
    near 1000) is valid: stolik check accepts it, its replay names no winner."""
    document = betel_doc()
    result = betel_record.replay(betel_record.parse_record(document))
    assert result.winner is None and max(result.totals) < BRS.target
    path = tmp_path / "mecz.toml"
    path.write_text(betel_record.dumps_record(betel_record.parse_record(document)),
                    encoding="utf-8")
    ok = CliRunner().invoke(app, ["check", str(path)])
    assert ok.exit_code == 0 and ok.output.strip() == f"{path}: ok, 1 deal"


def _loosely(cards: str) -> str:
    """Cards written as a player might: lower case, and ``10`` for the ten."""
    return " ".join(c.lower().replace("t", "10", 1) if c[0] == "T" else c.lower()
                    for c in cards.split())


def test_betel_6_decisions_cards_as_10s_or_lower_case() -> None:
    """BETEL §6 Decisions: cards may also be written ``10S`` or in lower case (the hands,
    the dubel, a looked-at card, the exchanged cards, the play); call words are
    case-insensitive. The record reads as the one written ``TS``, upper case."""
    document = betel_doc()
    loose = betel_doc()
    deal = loose["deal"][0]
    deal["hands"] = [_loosely(h) for h in deal["hands"]]
    deal["dubel"] = _loosely(deal["dubel"])
    deal["auction"] = ["0 LOOK 1 qc 1s", "1 look 2 PAS", "2 Exchange 7c 8c KONTRA", "0 pas",
                       "1 Pas"]
    deal["play"] = [f"{e.split()[0]} {_loosely(e.split()[1])}" for e in deal["play"]]
    assert any("10" in h for h in deal["hands"]) and any(" 10" in p for p in deal["play"])
    strict, read = (betel_record.parse_record(d) for d in (document, loose))
    assert read == strict
    assert betel_record.replay(read).totals == betel_record.replay(strict).totals
