"""Rulesets as data: the three shipped regulations match the tables of RULES.md exactly; a
league's own file, given by path, is used as written; a broken file is refused with one line
naming the file, the key and the problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stolik.errors import RulesetError
from stolik.games.baska import Deal, available_rulesets, load_ruleset, parse_ruleset
from stolik.games.baska.deck import DECK
from stolik.games.baska.record import parse_record, replay
from stolik.games.baska.ruleset import Ruleset, Wyjscie

SHIPPED = Path(__file__).resolve().parents[1] / "src/stolik/games/baska/rulesets"
IDS = ("pucka-2019", "mester-sport", "linia")


def names(cards: tuple[int, ...] | list[int]) -> str:
    return DECK.format(cards, ascii=True)


def test_three_rulesets_ship() -> None:
    assert available_rulesets() == sorted(IDS)
    assert load_ruleset().id == "pucka-2019"  # the default
    for rid in IDS:
        rs = load_ruleset(rid)
        assert rs.id == rid
        assert load_ruleset(rid) is rs  # cached


# ---------------------------------------------------------------- RULES §2 card order


NORMAL_PUCKA = "AH TH QC QS QH QD JC JS JH JD AD TD"
NORMAL_MESTER = "AC AS AH TH QC QS QH QD JC JS JH JD AD TD"
GRAN_TRUMPS = "JC JS JH JD"


@pytest.mark.parametrize(("rid", "trumps", "fele"), [
    ("pucka-2019", NORMAL_PUCKA, ["AC TC", "AS TS"]),
    ("linia", NORMAL_PUCKA, ["AC TC", "AS TS"]),
    ("mester-sport", NORMAL_MESTER, ["TC", "TS"]),
])
def test_rules_2_normal_order(rid: str, trumps: str, fele: list[str]) -> None:
    order = load_ruleset(rid).orders["normal"]
    assert names(order.trumps) == trumps
    assert sorted(names(s) for s in order.fele) == sorted(fele)


@pytest.mark.parametrize("rid", IDS)
def test_rules_2_gran_order(rid: str) -> None:
    rs = load_ruleset(rid)
    order = rs.orders["gran"]
    assert names(order.trumps) == GRAN_TRUMPS
    assert sorted(names(s) for s in order.fele) == sorted(
        ["AC TC QC", "AS TS QS", "AH TH QH", "AD TD QD"])
    for cid in ("gran", "gran-du"):
        assert rs.contract(cid).order == "gran"
    for cid in ("zolo", "zolo-du", "wesele"):
        assert rs.contract(cid).order == "normal"
    assert rs.zwykla.order == "normal" and rs.cicha.order == "normal"


# ---------------------------------------------------------------- RULES §4 ladder


LADDER = ["wesele", "zolo-bieda", "gran", "zolo", "gran-du", "zolo-du", "mester", "baszka"]


@pytest.mark.parametrize(("rid", "contracts"), [
    ("pucka-2019", ["wesele", "gran", "zolo", "gran-du", "zolo-du", "baszka"]),
    ("mester-sport", LADDER),
    ("linia", ["wesele", "gran", "zolo", "gran-du", "zolo-du", "mester"]),
])
def test_rules_4_ladder(rid: str, contracts: list[str]) -> None:
    rs = load_ruleset(rid)
    assert [c.id for c in rs.ladder] == contracts
    assert [c.rank for c in rs.ladder] == list(range(len(contracts)))
    for cid in LADDER:
        assert rs.has(cid) == (cid in contracts)
    assert not rs.zwykla.biddable and not rs.cicha.biddable


@pytest.mark.parametrize(("rid", "partners"), [
    ("pucka-2019", "JC JS JH"), ("linia", "JC JS JH"), ("mester-sport", "TH QH QD"),
])
def test_rules_4_wesele(rid: str, partners: str) -> None:
    w = load_ruleset(rid).contract("wesele")
    assert w.kind == "wesele"
    assert names(w.partner_cards) == partners
    assert w.requires == DECK.parse_mask("QC QS")
    assert w.first_round_only and w.opening_only


@pytest.mark.parametrize(("rid", "cid", "cards"), [
    ("mester-sport", "zolo-bieda", "TC TS TH TD"),
    ("mester-sport", "mester", "AC AS AH AD"),
    ("mester-sport", "baszka", "QC QS QH QD"),
    ("linia", "mester", "AC AS AH AD"),
    ("pucka-2019", "baszka", "QC QS QH QD"),
])
def test_rules_4_honours(rid: str, cid: str, cards: str) -> None:
    c = load_ruleset(rid).contract(cid)
    assert c.kind == "honour" and c.lone
    assert c.requires == DECK.parse_mask(cards)
    assert c.max_level == 0


@pytest.mark.parametrize(("rid", "first"), [
    ("pucka-2019", "mlodzi"), ("mester-sport", "mlodzi"), ("linia", "any"),
])
def test_rules_4_who_doubles_first(rid: str, first: str) -> None:
    rs = load_ruleset(rid)
    assert rs.zwykla.first_double == first
    assert rs.contract("wesele").first_double == first
    for cid in ("gran", "zolo", "gran-du", "zolo-du"):
        assert rs.contract(cid).first_double == "opponents"
    assert rs.plain.starzy == DECK.parse_mask("QC QS")


# ---------------------------------------------------------------- RULES §5 winning


@pytest.mark.parametrize(("rid", "starzy", "mlodzi", "tie"), [
    ("pucka-2019", Wyjscie(27, 2), Wyjscie(26, 2), None),
    ("mester-sport", Wyjscie(26), Wyjscie(26), "first-doubler"),
    ("linia", Wyjscie(26), Wyjscie(26), None),
])
def test_rules_5_wyjscie_and_ties(rid: str, starzy: Wyjscie, mlodzi: Wyjscie,
                                  tie: str | None) -> None:
    rs = load_ruleset(rid)
    assert rs.points_to_win == 53
    assert rs.plain.wyjscie["starzy"] == starzy
    assert rs.plain.wyjscie["mlodzi"] == mlodzi
    assert rs.doubled_tie_loser == tie
    for cid in ("gran", "zolo"):
        assert rs.contract(cid).goal == "points"
    for cid in ("gran-du", "zolo-du"):
        assert rs.contract(cid).goal == "all-tricks"


# ---------------------------------------------------------------- RULES §7 tables


@pytest.mark.parametrize("rid", IDS)
def test_rules_7_plain_table(rid: str) -> None:
    rs = load_ruleset(rid)
    assert dict(rs.plain.values["starzy"]) == {"z_wyjsciem": 1, "bez_wyjscia": 2,
                                               "bez_bitki": 3}
    assert dict(rs.plain.values["mlodzi"]) == {"z_wyjsciem": 2, "bez_wyjscia": 4,
                                               "bez_bitki": 6}
    assert rs.zwykla.max_level == 4
    assert rs.contract("wesele").max_level == 4


SOLO_TABLE: dict[str, dict[str, tuple[int, int, int]]] = {
    "pucka-2019": {"cicha": (4, 4, 3), "gran": (5, 5, 2), "zolo": (5, 5, 2),
                   "gran-du": (10, 10, 2), "zolo-du": (10, 10, 2), "baszka": (10, 0, 0)},
    "mester-sport": {"cicha": (4, 4, 3), "gran": (5, 5, 2), "zolo": (5, 5, 2),
                     "gran-du": (10, 10, 2), "zolo-du": (10, 10, 2), "zolo-bieda": (5, 0, 0),
                     "mester": (10, 0, 0), "baszka": (10, 0, 0)},
    "linia": {"cicha": (4, 8, 4), "gran": (5, 10, 2), "zolo": (5, 10, 2),
              "gran-du": (10, 20, 2), "zolo-du": (10, 20, 2), "mester": (10, 0, 0)},
}


@pytest.mark.parametrize("rid", IDS)
def test_rules_7_solo_table(rid: str) -> None:
    rs = load_ruleset(rid)
    got = {c.id: (c.win, c.loss, c.max_level) for c in (rs.cicha, *rs.ladder)
           if c.kind != "wesele"}
    assert got == SOLO_TABLE[rid]


@pytest.mark.parametrize(("rid", "doublings", "laid"), [
    ("pucka-2019", ("kontra", "rekontra", "bok", "hirsch"), 1),
    ("mester-sport", ("kontra", "rekontra", "bok", "hirsch"), 0),
    ("linia", ("kontra", "rekontra", "hirsch", "bok"), 1),
])
def test_rules_7_doubling_names(rid: str, doublings: tuple[str, ...], laid: int) -> None:
    rs = load_ruleset(rid)
    assert rs.doublings == doublings
    assert [rs.doubling_name(level) for level in (1, 2, 3, 4)] == list(doublings)
    assert rs.laid_down_max_level == laid


# ---------------------------------------------------------------- RULES §6, §8, §9


@pytest.mark.parametrize(("rid", "mode", "offender", "others", "lone"), [
    ("pucka-2019", "contract", 0, 0, False),
    ("linia", "contract", 0, 0, False),
    ("mester-sport", "fixed", -12, 4, True),
])
def test_rules_8_revoke(rid: str, mode: str, offender: int, others: int, lone: bool) -> None:
    r = load_ruleset(rid).revoke
    assert (r.mode, r.offender, r.others, r.lone_declarer_loses_contract) == (
        mode, offender, others, lone)


@pytest.mark.parametrize(("rid", "lengths", "places", "bonus", "bok", "default"), [
    ("pucka-2019", (32,), (6, 4, 2, 0), (), 0, 32),
    ("mester-sport", (16, 24, 32, 40), (5, 3, 1, 0), (3, 2, 1, 0), 0, 32),
    ("linia", (32,), (6, 4, 2, 0), (), 4, 32),
])
def test_rules_6_9_series(rid: str, lengths: tuple[int, ...], places: tuple[int, ...],
                          bonus: tuple[int, ...], bok: int, default: int) -> None:
    s = load_ruleset(rid).series
    assert s.lengths == lengths
    assert s.place_points == places
    assert s.positive_bonus == bonus
    assert s.bok_round_deals == bok
    assert load_ruleset(rid).default_length == default


# ---------------------------------------------------------------- a league's own file

ZOLO_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": ["TC AC AD QD", "JD AH TS AS", "QH QC TH JS", "QS TD JC JH"],
    "auction": ["1 pass", "2 pass", "3 zolo", "0 pass", "1 kontra", "2 pass", "3 pass",
                "0 pass"],
    "play": ["0 QD", "1 AH", "2 TH", "3 JC", "1 AS", "2 QC", "3 QS", "0 AD", "2 JS", "3 TD",
             "0 AC", "1 JD", "2 QH", "3 JH", "0 TC", "1 TS"],
}


def own_ruleset(tmp_path: Path, *changes: tuple[str, str], name: str = "moja-liga") -> Path:
    text = (SHIPPED / "pucka-2019.toml").read_text(encoding="utf-8")
    text = text.replace('id = "pucka-2019"', f'id = "{name}"')
    for old, new in changes:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_own_ruleset_by_path_changes_the_score(tmp_path: Path) -> None:
    """Variants as data: zoło lost is worth 7 instead of 5 in this league's file."""
    path = own_ruleset(tmp_path, ('win = 5\nloss = 5\nmax_level = 2\n\n[[contract]]\nid = '
                                  '"gran-du"', 'win = 5\nloss = 7\nmax_level = 2\n\n'
                                  '[[contract]]\nid = "gran-du"'))
    rs = load_ruleset(path)
    assert rs.id == "moja-liga" and rs.path == str(path)
    assert rs.contract("zolo").loss == 7 and rs.contract("gran").loss == 5
    shipped = replay(parse_record({"ruleset": "pucka-2019", "deal": [ZOLO_DEAL]}))
    mine = replay(parse_record({"ruleset": str(path), "deal": [ZOLO_DEAL]}))
    assert shipped.totals == (10, 10, 10, -30)
    assert mine.totals == (14, 14, 14, -42)
    # A string path works as well as a Path.
    assert load_ruleset(str(path)).contract("zolo").loss == 7


def test_own_ruleset_card_order_is_used(tmp_path: Path) -> None:
    """Variants as data: in this league A♦ is the highest trump. After a lead of A♦, J♦ and
    J♠, seat 3 need not beat J♠ (nothing beats A♦) and A♦ takes the trick."""
    path = own_ruleset(
        tmp_path,
        ('trumps = ["AH", "TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD"]',
         'trumps = ["AD", "AH", "TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "TD"]'))
    legal: dict[str, str] = {}
    winner: dict[str, int] = {}
    for ref in ("pucka-2019", str(path)):
        deal = Deal.from_text(load_ruleset(ref), 3, ZOLO_DEAL["hands"])
        for call in ["pass", "pass", "zolo", "pass", "pass", "pass"]:
            deal.call(call)
        for card in ("AD", "JD", "JS"):  # seats 0, 1, 2
            deal.play(card)
        legal[ref] = names(deal.legal_cards())
        deal.play("JC")
        winner[ref] = deal.history[0].winner
    assert legal == {"pucka-2019": "QS JC", str(path): "QS JC JH TD"}
    assert winner == {"pucka-2019": 3, str(path): 0}


def test_own_ruleset_place_points(tmp_path: Path) -> None:
    path = own_ruleset(tmp_path, ("place_points = [6, 4, 2, 0]", "place_points = [10, 5, 1, 0]"))
    result = replay(parse_record({"ruleset": str(path), "deal": [ZOLO_DEAL]}))
    assert result.place_points == pytest.approx((16 / 3, 16 / 3, 16 / 3, 0.0))


def test_own_ruleset_tournament_penalties(tmp_path: Path) -> None:
    """RULES §10: a league's own tournament penalties are data — the [tournament] table;
    a ruleset without it takes seed 000's amounts."""
    path = own_ruleset(tmp_path, ("late_minor = -15", "late_minor = -20"),
                       ("sitting_out = [4, 40]", "sitting_out = [3, 30]"))
    rs = load_ruleset(path)
    assert rs.tournament.late_minor == -20 and rs.tournament.sitting_out == (3.0, 30)
    assert load_ruleset("linia").tournament == load_ruleset("pucka-2019").tournament


def test_parse_ruleset_from_text() -> None:
    text = (SHIPPED / "linia.toml").read_text(encoding="utf-8")
    rs = parse_ruleset(text, source="linia-copy.toml")
    assert isinstance(rs, Ruleset)
    assert rs.id == "linia" and rs.path is None
    assert [c.id for c in rs.ladder] == [c.id for c in load_ruleset("linia").ladder]


# ---------------------------------------------------------------- broken files


BROKEN: list[tuple[str, list[tuple[str, str]], str]] = [
    ("missing key", [('max_level = 4\nwyjscie', 'wyjscie')],
     "key 'plain.max_level' is missing"),
    ("missing required key", [('win = 10\n\n[revoke]', '\n[revoke]')],
     "key 'contract[5].win' is missing"),
    ("missing table", [('[series]', '[seriess]')],
     "key 'series' is missing (is 'seriess' a misspelling of it?)"),
    ("missing key, misspelt", [('goal = "all-tricks"', 'gaol = "all-tricks"')],
     "key 'contract[3].goal' is missing (is 'gaol' a misspelling of it?)"),
    ("wrong type, number", [('max_level = 3', 'max_level = "3"')],
     "key 'cicha.max_level' must be a whole number, not '3'"),
    ("wrong type, bool", [('first_round_only = true', 'first_round_only = "yes"')],
     "key 'contract[0].first_round_only' must be true or false, not 'yes'"),
    ("wrong type, list", [('place_points = [6, 4, 2, 0]', 'place_points = "6 4 2 0"')],
     "key 'series.place_points' must be a list of numbers, not '6 4 2 0'"),
    ("wrong type, table", [('points_to_win = 53', 'points_to_win = 53\ncicha = 4'),
                           ('[cicha]', '[cicha_old]')],
     "key 'cicha' must be a table, not 4"),
    ("wrong type, cards", [('partner_cards = ["JC", "JS", "JH"]', 'partner_cards = "JC JS JH"')],
     "key 'contract[0].partner_cards' must be a list of cards such as [\"AH\", \"TD\"], not "
     "'JC JS JH'"),
    ("unknown key", [('points_to_win = 53', 'points_to_win = 53\nbok_rounds = 4')],
     "key 'bok_rounds' is not a ruleset key (misspelt?)"),
    ("misspelt key", [('laid_down_max_level = 1', 'laid_down_max_levle = 1')],
     "key 'laid_down_max_levle' is not a ruleset key — did you mean 'laid_down_max_level'?"),
    ("misspelt key in a table", [('bok_round_deals = 0', 'bok_round_deal = 0')],
     "key 'series.bok_round_deal' is not a ruleset key — did you mean 'bok_round_deals'?"),
    ("bad card", [('"JD", "AD", "TD"]', '"JD", "AD", "XD"]')],
     "key 'orders.normal.trumps' has a bad card: 'XD' is not a Baśka card: write A, T/10, "
     "Q/D or J/W, then C, S, H or D (e.g. AH, TD)"),
    ("card of another deck", [('requires = ["QC", "QS", "QH", "QD"]',
                               'requires = ["QC", "QS", "QH", "KD"]')],
     "key 'contract[5].requires' has a bad card: 'KD' is not a Baśka card: write A, T/10, "
     "Q/D or J/W, then C, S, H or D (e.g. AH, TD)"),
    ("order missing a card", [('"JD", "AD", "TD"]', '"JD", "AD"]')],
     "key 'orders.normal' must list each of the 16 cards once in its trumps and fele "
     "(missing TD)"),
    ("order with a card twice", [('fele = [["AC", "TC"], ["AS", "TS"]]',
                                  'fele = [["AC", "TC"], ["AS", "TS", "AH"]]')],
     "key 'orders.normal' must list each of the 16 cards once in its trumps and fele "
     "(listed twice AH)"),
    ("card twice in one list", [('trumps = ["JC", "JS", "JH", "JD"]',
                                 'trumps = ["JC", "JS", "JH", "JC"]')],
     "key 'orders.gran.trumps' lists a card twice"),
    ("fele suit not a list", [('fele = [["AC", "TC"], ["AS", "TS"]]',
                               'fele = [["AC", "TC"], "AS TS"]')],
     "key 'orders.normal.fele[1]' must be a list of cards such as [\"AH\", \"TD\"], not "
     "'AS TS'"),
    ("unknown order name", [('order = "gran"', 'order = "grand"')],
     "key 'contract[1].order' names card order 'grand', which [orders] does not define"),
    ("no normal order", [('[orders.normal]', '[orders.zwykly]'),
                         ('order = "normal"', 'order = "zwykly"')],
     "key 'orders' must define the 'normal' card order"),
    ("wesele partner cards too few", [('partner_cards = ["JC", "JS", "JH"]',
                                       'partner_cards = ["JC", "JS"]')],
     "key 'contract[0].partner_cards' must list more than 2 cards so that one is always in "
     "another hand"),
    ("wesele partner card the declarer holds", [('partner_cards = ["JC", "JS", "JH"]',
                                                 'partner_cards = ["JC", "JS", "QC"]')],
     "key 'contract[0].partner_cards' may not include a card the declarer must hold"),
    ("revoke fixed not zero-sum", [('mode = "contract"',
                                    'mode = "fixed"\noffender = -12\nothers = 3')],
     "key 'revoke.others' and 'offender' must sum to zero over the four seats, but "
     "-12 + 3 × 3 = -3"),
    ("revoke fixed offender above zero", [('mode = "contract"',
                                           'mode = "fixed"\noffender = 12\nothers = 4')],
     "key 'revoke.offender' must be at most -1, not 12"),
    ("unknown choice", [('kind = "solo"', 'kind = "solos"')],
     "key 'contract[1].kind' must be one of wesele, solo, honour, not 'solos'"),
    ("out of range", [('max_level = 2', 'max_level = 5')],
     "key 'contract[1].max_level' must be at most 4, not 5"),
    ("contract id twice", [('id = "zolo"', 'id = "gran"')],
     "key 'contract[2].id' 'gran' is used twice"),
    ("place points not four", [('place_points = [6, 4, 2, 0]', 'place_points = [6, 4, 2]')],
     "key 'series.place_points' must list 4 numbers, not 3"),
    ("starzy not two cards", [('starzy = ["QC", "QS"]', 'starzy = ["QC"]')],
     "key 'plain.starzy' must name the two cards whose holders are starzy"),
    ("doublings not a list", [('doublings = ["kontra", "rekontra", "bok", "hirsch"]',
                               'doublings = "kontra"')],
     "key 'doublings' must be a list of names, level 1 first"),
    ("tournament key misspelt", [("late_minor = -15", "late_minr = -15")],
     "key 'tournament.late_minr' is not a ruleset key — did you mean 'late_minor'?"),
    ("tournament pair", [("sitting_out = [4, 40]", "sitting_out = [4]")],
     "key 'tournament.sitting_out' must list 2 numbers, not 1"),
    ("cicha first doubling", [('player_may_double_first = false',
                               'player_may_double_first = true')],
     "key 'cicha.player_may_double_first' true is not supported: every regulation forbids it "
     "(RULES §4)"),
]


@pytest.mark.parametrize(("changes", "message"),
                         [pytest.param(c, m, id=n) for n, c, m in BROKEN])
def test_broken_ruleset_file(tmp_path: Path, changes: list[tuple[str, str]],
                             message: str) -> None:
    path = own_ruleset(tmp_path, *changes)
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert str(info.value) == f"{path}: {message}"
    assert "\n" not in str(info.value)


def test_invalid_toml(tmp_path: Path) -> None:
    path = own_ruleset(tmp_path, ('[plain]', '[plain'))
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert str(info.value).startswith(f"{path}: not valid TOML (")
    assert "line" in str(info.value)


def test_nonexistent_path(tmp_path: Path) -> None:
    path = tmp_path / "no-such-league.toml"
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert str(info.value).startswith(f"{path}: cannot read ruleset file (")


def test_unknown_id() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("pucka")
    assert str(info.value) == ("unknown ruleset 'pucka': use one of linia, mester-sport, "
                               "pucka-2019 or the path of a ruleset .toml file")


def test_every_shipped_file_parses_strictly() -> None:
    """The shipped files are valid under the same checks a league's file goes through."""
    for rid in IDS:
        text = (SHIPPED / f"{rid}.toml").read_text(encoding="utf-8")
        assert parse_ruleset(text, source=f"{rid}.toml").id == rid
