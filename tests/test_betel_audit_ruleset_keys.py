"""Audit of issue 12 (BETEL §2–§5): every number and rule of the scoring is a ruleset key,
and a club that replaces it by its own file changes what the *engine* does — not only what
the parser reads. Each case plays a fixed deal through :class:`~stolik.games.betel.state.
Deal` (and :class:`~stolik.games.betel.match.Match`) under ``gps-2022`` and under a club's
copy with one key changed, and checks the club's result against BETEL §5's formula written
out here with the club's number (so a number the engine held itself would fail)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app
from stolik.errors import IllegalMove
from stolik.games.betel.deck import parse_mask
from stolik.games.betel.match import Match
from stolik.games.betel.ruleset import Ruleset, load_ruleset, rs_text
from stolik.games.betel.state import Deal

RS = load_ruleset("gps-2022")
HANDS = ["AC 9C AS KS QS JS AD KD QD JD",
         "JH 7H AH KH QH TS 9S 8S 7S TD",
         "KC 7C 8H TH 9H 9D 8D 7D TC 8C"]


def club(tmp_path: Path, old: str, new: str) -> Ruleset:
    """A club's file: ``gps-2022`` with ``old`` replaced once by ``new``."""
    text = rs_text()
    assert text.count(old) >= 1, old
    path = tmp_path / "klub.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_ruleset(str(path))


def played(rs: Ruleset, *moves: str, dealer: int = 0) -> Deal:
    """The fixed deal through ``moves``, then played out with the first legal card."""
    d = Deal.from_text(rs, dealer, HANDS, "QC JC")
    for m in moves:
        d.move(m)
    while not d.is_over:
        d.move(d.legal_moves()[0])
    return d


def tricks_of(d: Deal, seat: int) -> int:
    return d.pos.tricks[seat]


Case = tuple[str, str, str, Callable[[Ruleset, Ruleset], None]]


def peek_one(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §3: one dubel card looked at, then a pass, costs peeking.one (here 7)."""
    for r, cost in ((base, 5), (rs, 7)):
        d = played(r, "look 1 #1", "pas", "1C", "pas", "pas")
        assert d.result().scores[0] == -cost


def peek_two(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §3: both dubel cards looked at, then a pass, cost peeking.two (here 13)."""
    for r, cost in ((base, 10), (rs, 13)):
        d = played(r, "pas", "look 2", "pas", "1C", "pas", "pas")
        assert d.result().scores[1] == -cost


def kontra_factor(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §3, §5: a kontra'd contract scores × kontra.factor (here 3), plus or minus."""
    for r, k in ((base, 2), (rs, 3)):
        d = played(r, "2BA", "kontra", "pas", "pas")   # seat 0 makes 2BA with one over
        t = tricks_of(d, 0)
        assert d.doubled and t >= 7, "the case needs 2BA made"
        assert d.result().scores == (k * (120 + 10 * (t - 7)), 0, 0)


def overtrick(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: made, + k·(V + overtrick·(t − T)) with scoring.overtrick (here 15)."""
    for r, per in ((base, 10), (rs, 15)):
        d = played(r, "1BA", "pas", "pas")
        t = tricks_of(d, 0)
        assert t > 6, "the case needs an overtrick"
        assert d.result().scores[0] == 60 + per * (t - 6)


def undertrick(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: failed, − k·(V + undertrick·(T − t − 1)) with scoring.undertrick (25)."""
    for r, per in ((base, 10), (rs, 25)):
        d = played(r, "szlem-S", "pas", "pas")
        t = tricks_of(d, 0)
        assert t < 9, "the case needs two tricks short or more"
        assert d.result().scores[0] == -(290 + per * (10 - t - 1))


def over_limit(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: a betelek failed, − k·(V + over_limit·(t − N − 1)), over_limit here 30."""
    for r, per in ((base, 10), (rs, 30)):
        d = played(r, "betelek-3", "pas", "pas")
        t = tricks_of(d, 0)
        assert t > 4, "the case needs two tricks over the limit or more"
        assert d.result().scores[0] == -(10 + per * (t - 3 - 1))


def all_pass_trick(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: an all-pass deal scores scoring.all_pass_trick (here 8) per trick."""
    for r, per in ((base, 5), (rs, 8)):
        d = played(r, "pas", "pas", "pas")
        assert d.result().scores == tuple(per * t for t in d.pos.tricks)


def value(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: V is the contract's ``value`` key (1♠ here 55, not 50)."""
    for r, v in ((base, 50), (rs, 55)):
        d = played(r, "1S", "pas", "pas")
        assert tricks_of(d, 0) == 6 and d.result().scores[0] == v


def goal(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §2: the tricks the declarer must take are the ``at_least`` key: 1♠ made with
    6 under gps-2022, failed when a club asks for 7."""
    assert played(base, "1S", "pas", "pas").result().made is True
    d = played(rs, "1S", "pas", "pas")
    assert tricks_of(d, 0) == 6 and d.result().made is False
    assert d.result().scores[0] == -50


def trumps(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §2, §4: the trumps are the contract's ``trumps`` key: a club playing its 4th
    contract with hearts as trumps (as ``kiery-6``: a call ``1S`` names spades, issue 24.7)
    makes seat 1, void in clubs, trump the 9♣ with a heart — under gps-2022 that contract
    is 1♠, spades are trumps and he must trump with a spade."""
    for r, call, must in ((base, "1S", "TS 9S 8S 7S"), (rs, "kiery-6", "JH 7H AH KH QH")):
        d = Deal.from_text(r, 0, HANDS, "QC JC")
        for m in (call, "pas", "pas", "9C"):
            d.move(m)
        assert d.legal_mask() == parse_mask(must)


def defenders_free(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §4: ``defenders_free`` frees the defenders from beating; a club setting it on
    betelek-0 lets seat 2 follow the declarer's 9♣ with any club, not only a higher one."""
    for r, allowed in ((base, "KC TC"), (rs, "KC TC 8C 7C")):
        d = Deal.from_text(r, 0, HANDS, "QC JC")
        for m in ("betelek-0", "pas", "pas", "9C", "AH"):
            d.move(m)
        assert d.legal_mask() == parse_mask(allowed)


def target(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §5: the match's target is match.target (a club's 500): 520 ends it there."""
    for r, over in ((base, False), (rs, True)):
        m = Match(r)
        m.add((520, 0, -10))
        assert m.decided is over
    done = Match(rs)
    done.add((520, 0, 0))
    with pytest.raises(IllegalMove, match="the match is over"):
        done.add((0, 0, 0))


def call(base: Ruleset, rs: Ruleset) -> None:
    """BETEL §6: the call a record writes is the contract's ``call`` key."""
    d = Deal.from_text(rs, 0, HANDS, "QC JC")
    d.move("SZLEM-WIELKI")
    assert d.contract is not None and d.contract.name == "Szlem bez atu"
    with pytest.raises(IllegalMove, match="cannot read the call 'szlem-BA'"):
        Deal.from_text(rs, 0, HANDS, "QC JC").move("szlem-BA")
    Deal.from_text(base, 0, HANDS, "QC JC").move("szlem-BA")


CASES: list[Case] = [
    ("peeking.one", "one = 5", "one = 7", peek_one),
    ("peeking.two", "two = 10", "two = 13", peek_two),
    ("kontra.factor", "factor = 2", "factor = 3", kontra_factor),
    ("scoring.overtrick", "overtrick = 10", "overtrick = 15", overtrick),
    ("scoring.undertrick", "undertrick = 10", "undertrick = 25", undertrick),
    ("scoring.over_limit", "over_limit = 10", "over_limit = 30", over_limit),
    ("scoring.all_pass_trick", "all_pass_trick = 5", "all_pass_trick = 8", all_pass_trick),
    ("contracts.value", '"S", at_least = 6, value = 50', '"S", at_least = 6, value = 55', value),
    ("contracts.at_least", '"S", at_least = 6', '"S", at_least = 7', goal),
    ("contracts.trumps", 'call = "1S", name = "Jeden pik", trumps = "S"',
     'call = "kiery-6", name = "Kiery na sześć", trumps = "H"', trumps),
    ("contracts.defenders_free", "at_most = 0, value = 190 }",
     "at_most = 0, value = 190, defenders_free = true }", defenders_free),
    ("match.target", "target = 1000", "target = 500", target),
    ("contracts.call", 'call = "szlem-BA"', 'call = "szlem-wielki"', call),
]


@pytest.mark.parametrize(("old", "new", "check"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_betel_audit_each_ruleset_key_drives_the_engine(
        tmp_path: Path, old: str, new: str, check: Callable[[Ruleset, Ruleset], None]) -> None:
    """Issue 12 / BETEL §2–§5: the key is read from a club's file and the engine obeys it
    (the check runs the same deal under gps-2022 and under the club's file)."""
    check(RS, club(tmp_path, old, new))


def test_betel_audit_rules_show_prints_a_club_files_numbers(tmp_path: Path) -> None:
    """Issue 12 (``stolik rules show``): a club's file, every number of BETEL §3–§5 changed,
    is shown with the club's numbers — not gps-2022's."""
    text = rs_text()
    for old, new in (("overtrick = 10", "overtrick = 11"), ("undertrick = 10", "undertrick = 12"),
                     ("over_limit = 10", "over_limit = 13"),
                     ("all_pass_trick = 5", "all_pass_trick = 6"), ("one = 5", "one = 4"),
                     ("two = 10", "two = 9"), ("factor = 2", "factor = 3"),
                     ("target = 1000", "target = 700")):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "klub.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["rules", "show", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    for shown in ("V + 11·(t − T)", "V + 12·(T − t − 1)", "V + 13·(t − N − 1)", "6 pkt za lewę",
                  "jedna karta −4, obie −9", "k = 3", "do 700 pkt"):
        assert shown in out, shown
