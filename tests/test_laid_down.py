"""RULES §7: laid-down contracts (wykładane — a solo or cicha its player cannot lose
whatever the others hold and play) accept fewer doublings: `pucka-2019` and `linia` only a
kontra (seed 000 §7f–h, 003 §15), `mester-sport` none (seed 001 §7O). The solver decides
what is laid down (tests/test_solver.py checks it against the seeds' examples); its answers
for the shipped rulesets are package data, checked here against the solver and against the
explicit-layout reference (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from stolik.errors import RecordError
from stolik.games.baska import laid_down
from stolik.games.baska.calls import parse_call
from stolik.games.baska.deck import CARD_POINTS, DECK
from stolik.games.baska.laid_down import (
    HANDS,
    SOLVER_VERSION,
    TABLES,
    answers,
    cache_path,
    doubling_limit,
    shipped_contracts,
    shipped_table,
    solve_table,
)
from stolik.games.baska.laid_down_tables import hand_classes, questions, reference_answer
from stolik.games.baska.record import loads_document, parse_record, replay
from stolik.games.baska.ruleset import Contract, Ruleset, available_rulesets, load_ruleset
from stolik.games.baska.solver import contract_is_laid_down
from stolik.games.baska.state import Deal
from stolik.solver.brute import order_automorphisms, rename

# Dealer 3, so seat 0 is forehand and leads: gran with J♣ J♠ A♥ A♣ "na wyjściu" is laid
# down (seed 003 §9h); the same hand at seat 1, second to play, is not.
GRAN_HANDS = ["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"]
# Dealer 0: seat 0 plays last to the first trick ("na dobiciu") with a cicha of
# Q♣ Q♠ A♥ Q♥ — laid down in pucka-2019 and linia (seed 000 §7h).
CICHA_HANDS = ["QC QS AH QH", "TC TS TH TD", "AC AS JC JS", "AD QD JH JD"]

LIMIT = {"pucka-2019": 1, "mester-sport": 0, "linia": 1}


def gran_by(seat: int, ruleset: str) -> Deal:
    hands = GRAN_HANDS[-seat:] + GRAN_HANDS[:-seat] if seat else GRAN_HANDS
    d = Deal.from_text(load_ruleset(ruleset), 3, hands)
    # Speaking order for dealer 3: 1, 2, 3, 0 — the declarer calls gran on his turn.
    for s in (1, 2, 3, 0):
        d.call("gran" if s == seat else "pass")
        if s == seat:
            break
    return d


@pytest.mark.parametrize("ruleset", ["pucka-2019", "mester-sport", "linia"])
def test_laid_down_gran_accepts_only_the_ruleset_limit(ruleset: str) -> None:
    """RULES §7: forehand's gran with two jacks (J♣ among them) and two aces is laid down."""
    d = gran_by(0, ruleset)
    rs = d.rs
    assert d.to_act == 1
    kontra = parse_call("kontra", rs)
    if LIMIT[ruleset] == 0:
        why = d.why_not_call(kontra)
        assert why == ("gran is laid down (wykładane: it cannot be lost) and accepts no "
                       "doubling (RULES §7)")
        return
    d.call("kontra")
    d.call("pass")
    d.call("pass")
    assert d.to_act == 0
    why = d.why_not_call(parse_call("rekontra", rs))
    assert why == ("gran is laid down (wykładane: it cannot be lost) and accepts only "
                   "kontra (RULES §7)")
    assert [c.text(rs) for c in d.legal_calls()] == ["pass", "zolo", "gran-du", "zolo-du"]


@pytest.mark.parametrize("ruleset", ["pucka-2019", "mester-sport", "linia"])
def test_the_same_cards_not_on_lead_accept_every_doubling(ruleset: str) -> None:
    """RULES §7: the same gran second to play can be beaten, so it is doubled as usual."""
    d = gran_by(1, ruleset)
    d.call("kontra")
    d.call("pass")
    d.call("pass")
    assert d.to_act == 1
    assert "rekontra" in [c.text(d.rs) for c in d.legal_calls()]


@pytest.mark.parametrize(("ruleset", "laid"), [("pucka-2019", True), ("linia", True)])
def test_laid_down_cicha_na_dobiciu(ruleset: str, laid: bool) -> None:
    """RULES §7, seed 000 §7h: a cicha with A♥ + Q♥ played last to the first trick accepts
    only a kontra — its player may not answer with a rekontra."""
    d = Deal.from_text(load_ruleset(ruleset), 0, CICHA_HANDS)
    d.call("kontra")            # seat 2, a młody
    d.call("pass")
    assert d.to_act == 0
    why = d.why_not_call(parse_call("rekontra", d.rs))
    assert (why is not None and "cicha is laid down" in why) == laid


def test_a_record_doubling_a_laid_down_contract_too_far_is_refused() -> None:
    """RULES §7, §11: the record names the deal, the entry and the rule."""
    doc = loads_document(
        'ruleset = "pucka-2019"\n[[deal]]\ndealer = 3\n'
        'hands = ["JC JS AH AC", "QC QS QH QD", "TC TS TH TD", "AS AD JH JD"]\n'
        'auction = ["1 pass", "2 pass", "3 pass", "0 gran", "1 kontra", "2 pass", "3 pass",'
        ' "0 rekontra"]\n', "toml")
    with pytest.raises(RecordError) as e:
        replay(parse_record(doc))
    assert str(e.value) == ("deal 1, auction entry 8: gran is laid down (wykładane: it cannot "
                            "be lost) and accepts only kontra (RULES §7)")


# ---------------------------------------------------------------- issue 15: the fixed search

# The 13 zoło hands the search wrongly called laid down (issue 15): (ruleset, hand, places
# after forehand). One defender plays the lower of two interchangeable cards and his partner,
# later in the same trick, overtakes with the higher one. linia shares pucka-2019's order.
ISSUE_15 = [
    ("pucka-2019", "QC JC AH QD", (3,)),
    ("linia", "QC JC AH QD", (3,)),
    ("mester-sport", "AC AH JC TH", (3,)),
    ("mester-sport", "AC AH QD TH", (3,)),
    ("mester-sport", "AC AS JC QC", (3,)),
    ("mester-sport", "AC AS QC QD", (3,)),
    ("mester-sport", "AC AS JC TH", (0, 1, 2)),
    ("mester-sport", "AC AS QD TH", (0, 1, 2)),
    ("mester-sport", "AC AS QH TH", (0, 1)),
]


_reference = reference_answer


@pytest.mark.parametrize(("ruleset", "hand", "places"), ISSUE_15)
def test_issue_15_zolo_hands_are_not_laid_down(ruleset: str, hand: str,
                                               places: tuple[int, ...]) -> None:
    """RULES §7: each of these zoło hands can be beaten; the solver, the shipped table and
    the explicit-layout reference agree."""
    rs = load_ruleset(ruleset)
    zolo = rs.contract("zolo")
    mask = DECK.parse_mask(hand)
    table = shipped_table(rs, zolo)
    assert table is not None
    for place in places:
        assert not contract_is_laid_down(rs, zolo, mask, seat=place, forehand=0)
        assert mask << 2 | place not in table
        assert not _reference(rs, zolo, mask, place)
        assert doubling_limit(rs, zolo, mask, place) == zolo.max_level


ISSUE_15_RECORD = (
    'ruleset = "pucka-2019"\n[[deal]]\ndealer = 3\n'
    'hands = ["JH AD TD AS", "QH JD AC TS", "TH QS TC JS", "QC JC AH QD"]\n'
    'auction = ["1 pass", "2 pass", "3 zolo", "0 kontra", "1 pass", "2 pass", "3 rekontra",'
    ' "0 pass", "1 pass", "2 pass"]\n'
    'play = ["0 JH", "1 QH", "2 TH", "3 AH", "3 QC", "0 AD", "1 JD", "2 QS", "3 QD", "0 TD",'
    ' "1 AC", "2 JS", "3 JC", "0 AS", "1 TS", "2 TC"]\n')


def test_issue_15_record_replays_with_the_rekontra() -> None:
    """RULES §7, §11: the zoło of Q♣ J♣ A♥ Q♦ by the dealer is not laid down, so its
    player's rekontra is legal and the record replays (the play is one the declarer wins)."""
    result = replay(parse_record(loads_document(ISSUE_15_RECORD, "toml")))
    assert [r.payout for r in result.results] == [(-20, -20, -20, 60)]


# ---------------------------------------------------------------- the shipped tables


def _questions(every: int, offset: int = 0) -> list[tuple[Ruleset, Contract, int, int]]:
    out = [(rs, c, h, o) for rs, c in shipped_contracts() for h in HANDS for o in range(4)]
    return out[offset::every]


def test_every_shipped_contract_has_a_shipped_table() -> None:
    """Every solo and cicha of every shipped ruleset is answered from package data, and the
    data names the current solver version."""
    data = json.loads(resources.files("stolik.games.baska").joinpath(TABLES).read_text())
    assert data["solver"] == SOLVER_VERSION
    for rid in available_rulesets():
        rs = load_ruleset(rid)
        for c in (rs.zwykla, rs.cicha, *rs.ladder):
            if c.kind in ("solo", "cicha"):
                assert shipped_table(rs, c) is not None, (rid, c.id)
    assert len(data["tables"]) == len(list(shipped_contracts())) == 6


def test_shipped_tables_match_the_solver_sample() -> None:
    """A deterministic sample (every 23rd question of the 43,680) against the solver."""
    for rs, c, h, o in _questions(23):
        table = shipped_table(rs, c)
        assert table is not None
        got = contract_is_laid_down(rs, c, h, seat=o, forehand=0)
        assert got == (h << 2 | o in table), (rs.id, c.id, DECK.format_mask(h), o)


@pytest.mark.slow
def test_shipped_tables_match_the_solver_in_full() -> None:
    """Every hand, place, order and goal against the solver (about 20 s)."""
    for rs, c in shipped_contracts():
        table = shipped_table(rs, c)
        assert table is not None
        assert set(solve_table(rs, c)) == table, (rs.id, c.id)


# A bounded sample for CI: some laid-down answers (the reference's slow case) and spread
# questions; the full comparison is the slow test below and
# `scripts/laid_down_tables.py --reference --jobs N`.
REFERENCE_SAMPLE = [
    ("pucka-2019", "gran", "JC JS AH AC", 0),
    ("pucka-2019", "gran-du", "JC JS JH JD", 1),
    ("linia", "cicha", "QC QS AH QH", 3),
    ("mester-sport", "zolo-du", "QC QS QH QD", 0),
]


@pytest.mark.parametrize(("ruleset", "contract", "hand", "place"), REFERENCE_SAMPLE)
def test_shipped_tables_match_the_reference_sample(ruleset: str, contract: str, hand: str,
                                                   place: int) -> None:
    """RULES §7: chosen questions, laid down or not, against explicit layouts."""
    rs = load_ruleset(ruleset)
    c = rs.contract(contract)
    mask = DECK.parse_mask(hand)
    table = shipped_table(rs, c)
    assert table is not None
    assert _reference(rs, c, mask, place) == (mask << 2 | place in table)


def test_shipped_tables_match_the_reference_spread() -> None:
    """Every 2,731st of the 43,680 questions (16 of them) against explicit layouts."""
    for rs, c, h, o in _questions(2731, 7):
        table = shipped_table(rs, c)
        assert table is not None
        assert _reference(rs, c, h, o) == (h << 2 | o in table), (rs.id, c.id, h, o)


def test_the_automorphisms_change_nothing_in_play() -> None:
    """What makes asking one hand per class sound (issue 15): under each renaming of the
    cards found for an order, the legal cards (RULES §3), the beating relation, trumps and
    points are the renamed ones, for every hand, lead and winning card."""
    import random

    rng = random.Random(15)
    for rs, c in shipped_contracts():
        order = rs.order_of(c)
        perms = order_automorphisms(order, CARD_POINTS)
        assert len(perms) >= 1 and tuple(range(16)) in perms
        for p in perms:
            for a in range(16):
                assert CARD_POINTS[p[a]] == CARD_POINTS[a]
                assert order.is_trump(p[a]) == order.is_trump(a)
                assert rename(order.beats[a], p) == order.beats[p[a]]
            for _ in range(200):
                hand = rng.choice(HANDS)
                led, winning = rng.randrange(16), rng.randrange(16)
                assert rename(order.legal(hand, led, winning), p) == \
                    order.legal(rename(hand, p), p[led], p[winning])


def test_gran_has_the_four_fele_suits_as_its_symmetry() -> None:
    """Gran's trumps are the four jacks in a fixed order and its fele suits A 10 Q are
    alike: 24 renamings, 189 classes of the 1,820 hands; the tables answer each class alike."""
    rs = load_ruleset("pucka-2019")
    gran = rs.contract("gran")
    assert len(order_automorphisms(rs.order_of(gran), CARD_POINTS)) == 24
    assert len(hand_classes(rs, gran)) == 189
    _, uneven = questions(classes=True)
    assert uneven == 0


@pytest.mark.parametrize(("ruleset", "contract", "hands", "place"), [
    ("pucka-2019", "gran", ("JC JS AH AC", "JC JS AD AS"), 0),       # laid down
    ("pucka-2019", "gran", ("JC JS TH QH", "JC JS TC QC"), 0),       # not laid down
    ("linia", "cicha", ("QC QS AC TS", "QC QS AS TC"), 3),     # A♣ 10♣ ↔ A♠ 10♠
])
def test_renamed_hands_get_the_same_reference_answer(ruleset: str, contract: str,
                                                     hands: tuple[str, str],
                                                     place: int) -> None:
    """Two hands of one class get the same answer from the explicit-layout reference."""
    rs = load_ruleset(ruleset)
    c = rs.contract(contract)
    a, b = (DECK.parse_mask(h) for h in hands)
    assert any(b in members and a in members for members in hand_classes(rs, c).values())
    assert _reference(rs, c, a, place) == _reference(rs, c, b, place)


@pytest.mark.slow
def test_shipped_tables_match_the_reference_by_classes() -> None:
    """All 43,680 questions through 22,952 class representatives (about an hour on one
    core; ``scripts/laid_down_tables.py --reference --classes --jobs N``): the table
    answers each class alike, and each representative as the explicit-layout reference
    does; the renamings are checked to change nothing in play above."""
    todo, uneven = questions(classes=True)
    assert uneven == 0
    for rid, cid, h, o in todo:
        rs = load_ruleset(rid)
        c = rs.contract(cid)
        table = shipped_table(rs, c)
        assert table is not None
        assert _reference(rs, c, h, o) == (h << 2 | o in table), (rid, cid, h, o)


@pytest.mark.slow
def test_shipped_tables_match_the_reference_in_full() -> None:
    """All 43,680 questions against explicit layouts: hours on one core (see
    ``scripts/laid_down_tables.py --reference --jobs N`` for a parallel run)."""
    for rs, c, h, o in _questions(1):
        table = shipped_table(rs, c)
        assert table is not None
        assert _reference(rs, c, h, o) == (h << 2 | o in table), (rs.id, c.id, h, o)


def test_replaying_a_record_does_not_load_the_solver() -> None:
    """Issue 9 item 5: a shipped ruleset's laid-down answers come from package data, so a
    replay (here one with a doubled zoło) never imports numba or the solver."""
    code = ("import sys\n"
            "from stolik.games.baska.record import loads_document, parse_record, replay\n"
            f"r = replay(parse_record(loads_document({ISSUE_15_RECORD!r}, 'toml')))\n"
            "assert r.results[0].payout == (-20, -20, -20, 60)\n"
            "print('numba' in sys.modules, 'stolik.solver' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "False"]


def test_an_unshipped_order_is_solved_and_cached_under_the_solver_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a shipped table the solver answers, and the table is cached in a file named
    with :data:`SOLVER_VERSION`; a file of an older solver is never read."""
    rs = load_ruleset("pucka-2019")
    du = rs.contract("gran-du")
    want = shipped_table(rs, du)
    assert want is not None
    monkeypatch.setenv("STOLIK_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(laid_down, "_shipped", dict)
    monkeypatch.setattr(laid_down, "_ANSWERS", {})
    monkeypatch.setattr(laid_down, "_COMPLETE", set())
    key = laid_down._key(rs, du)
    # A stale cache of the old naming (no version) claiming every hand is laid down.
    stale = tmp_path / f"laid-down-{key[0]}-{key[1]}-{key[2]}.json"
    stale.write_text(json.dumps([h << 2 | o for h in HANDS for o in range(4)]))
    table = answers(rs, du)
    assert {i for i, v in table.items() if v} == want
    path = cache_path(key)
    assert path.name == f"laid-down-v{SOLVER_VERSION}-{key[0]}-{key[1]}-{key[2]}.json"
    assert set(json.loads(path.read_text())) == want


def test_reference_check_keeps_and_resumes_its_answers(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """``scripts/laid_down_tables.py --reference --classes --results FILE`` appends each
    answer as a JSON line and a second run asks nothing it already knows."""
    from stolik.games.baska.laid_down_tables import main

    out = tmp_path / "answers.jsonl"
    args = ["--reference", "--classes", "--every", "7000", "--results", str(out)]
    assert main(args) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and all(json.loads(x)["laid"] in (True, False) for x in lines)
    assert main(args) == 0
    assert out.read_text(encoding="utf-8").splitlines() == lines
    assert "4 answers read from" in capsys.readouterr().out
