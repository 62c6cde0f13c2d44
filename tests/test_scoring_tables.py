"""RULES §7: the scoring tables — plain game and wesele values by category and doubling
level, solo win/loss values and highest levels per ruleset, 1 v 3 payouts ("od każdego /
dla każdego"), zero sum, and the ×2 per doubling (and per bok-round deal)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import DECLARING, OPPOSING, Game, score
from stolik.games.baska.state import Deal

RULESETS = ("pucka-2019", "mester-sport", "linia")

# RULES §7, plain game and wesele, the same in all three rulesets: v by winner and category.
PLAIN_TABLE = {
    ("starzy", "z_wyjsciem"): 1,
    ("mlodzi", "z_wyjsciem"): 2,
    ("starzy", "bez_wyjscia"): 2,
    ("mlodzi", "bez_wyjscia"): 4,
    ("starzy", "bez_bitki"): 3,
    ("mlodzi", "bez_bitki"): 6,
}

# Points and tricks per seat producing each category; starzy are seats 0 and 1.
# The losers' result decides: 30 points (z wyjściem), 10 (bez wyjścia), no trick.
RESULTS = {
    ("starzy", "z_wyjsciem"): ((74, 0, 30, 0), (3, 0, 1, 0)),
    ("starzy", "bez_wyjscia"): ((94, 0, 10, 0), (3, 0, 1, 0)),
    ("starzy", "bez_bitki"): ((104, 0, 0, 0), (4, 0, 0, 0)),
    ("mlodzi", "z_wyjsciem"): ((30, 0, 74, 0), (1, 0, 3, 0)),
    ("mlodzi", "bez_wyjscia"): ((10, 0, 94, 0), (1, 0, 3, 0)),
    ("mlodzi", "bez_bitki"): ((0, 0, 104, 0), (0, 0, 4, 0)),
}

# RULES §7, solo contracts: win value / loss value / highest doubling level.
SOLO_TABLE: dict[str, dict[str, tuple[int, int | None, int]]] = {
    "pucka-2019": {
        "cicha": (4, 4, 3), "gran": (5, 5, 2), "zolo": (5, 5, 2),
        "gran-du": (10, 10, 2), "zolo-du": (10, 10, 2), "baszka": (10, None, 0),
    },
    "mester-sport": {
        "cicha": (4, 4, 3), "gran": (5, 5, 2), "zolo": (5, 5, 2),
        "gran-du": (10, 10, 2), "zolo-du": (10, 10, 2), "zolo-bieda": (5, None, 0),
        "mester": (10, None, 0), "baszka": (10, None, 0),
    },
    "linia": {
        "cicha": (4, 8, 4), "gran": (5, 10, 2), "zolo": (5, 10, 2),
        "gran-du": (10, 20, 2), "zolo-du": (10, 20, 2), "mester": (10, None, 0),
    },
}

SOLO_CASES = [(rs, c, *vals) for rs, table in SOLO_TABLE.items() for c, vals in table.items()]


def plain(ruleset: str, level: int = 0) -> Game:
    rs = load_ruleset(ruleset)
    return Game(rs.zwykla, None, (0, 1), level, OPPOSING if level else None)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_7_plain_table_is_data_of_every_ruleset(ruleset: str) -> None:
    """RULES §7: the plain table is the same in all three rulesets, 4 doubling levels."""
    rs = load_ruleset(ruleset)
    got = {(side, cat): rs.plain.values[side][cat] for side, cat in PLAIN_TABLE}
    assert got == PLAIN_TABLE
    assert rs.zwykla.max_level == 4
    assert rs.contract("wesele").max_level == 4


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("winner", "category"), list(PLAIN_TABLE))
@pytest.mark.parametrize("level", range(5))
def test_rules_7_plain_value_by_category_and_level(ruleset: str, winner: str, category: str,
                                                   level: int) -> None:
    """RULES §7 (2 v 2): each winner +v, each loser −v, with v = table × 2^level — e.g.
    młodzi bez bitki with the fourth doubling: 96 (the seeds' last column)."""
    pts, trs = RESULTS[(winner, category)]
    r = score(load_ruleset(ruleset), plain(ruleset, level), pts, trs)
    assert r.category == category
    amount = PLAIN_TABLE[(winner, category)] << level
    expected = (amount, amount, -amount, -amount) if winner == "starzy" else (
        -amount, -amount, amount, amount)
    assert r.payout == expected
    assert (r.value, r.mult) == (PLAIN_TABLE[(winner, category)], 1 << level)
    assert sum(r.payout) == 0


def test_rules_7_plain_table_seed_corners() -> None:
    """RULES §7: two corners of the seeds' plain table — starzy z wyjściem undoubled 1,
    młodzi bez bitki at hirsch (pucka-2019's level 4) 96."""
    rs = load_ruleset("pucka-2019")
    r = score(rs, plain("pucka-2019", 0), *RESULTS[("starzy", "z_wyjsciem")])
    assert r.payout == (1, 1, -1, -1)
    r = score(rs, plain("pucka-2019", 4), *RESULTS[("mlodzi", "bez_bitki")])
    assert r.payout == (-96, -96, 96, 96)


@pytest.mark.parametrize(("ruleset", "contract", "win", "loss", "max_level"), SOLO_CASES)
def test_rules_7_solo_table_is_data(ruleset: str, contract: str, win: int, loss: int | None,
                                    max_level: int) -> None:
    """RULES §7 solo table: win value / loss value / highest doubling level per ruleset
    (linia's losses are doubled)."""
    c = load_ruleset(ruleset).contract(contract)
    assert (c.win, c.max_level) == (win, max_level)
    if loss is not None:
        assert c.loss == loss
    else:
        assert c.kind == "honour"


@pytest.mark.parametrize(
    ("ruleset", "contract", "win", "loss", "max_level"),
    [case for case in SOLO_CASES if case[3] is not None],
)
@pytest.mark.parametrize("declarer", [0, 3])
def test_rules_7_solo_payouts_od_kazdego_dla_kazdego(ruleset: str, contract: str, win: int,
                                                      loss: int, max_level: int,
                                                      declarer: int) -> None:
    """RULES §7 (1 v 3): the lone player gets ±3v, each of the three ∓v, v = table value
    × 2^level, for every allowed level; a lost game uses the loss value."""
    rs = load_ruleset(ruleset)
    c = rs.contract(contract)
    others = [s for s in range(4) if s != declarer]
    for level in range(max_level + 1):
        g = Game(c, declarer, (declarer,), level, OPPOSING if level else None)
        won = [0, 0, 0, 0]
        won_tricks = [0, 0, 0, 0]
        won[declarer], won_tricks[declarer] = 104, 4
        r = score(rs, g, won, won_tricks)
        assert r.winners == (declarer,)
        assert r.payout[declarer] == 3 * (win << level)
        assert all(r.payout[s] == -(win << level) for s in others)
        lost = [0, 0, 0, 0]
        lost_tricks = [0, 0, 0, 0]
        lost[others[0]], lost_tricks[others[0]] = 104, 4
        r = score(rs, g, lost, lost_tricks)
        assert r.winners == tuple(others)
        assert r.payout[declarer] == -3 * (loss << level)
        assert all(r.payout[s] == loss << level for s in others)
        assert sum(r.payout) == 0


@pytest.mark.parametrize(
    ("ruleset", "zolo_loss", "cicha_loss_at_max"),
    [("pucka-2019", -15, -96), ("mester-sport", -15, -96), ("linia", -30, -384)],
)
def test_rules_7_linia_losses_are_doubled(ruleset: str, zolo_loss: int,
                                          cicha_loss_at_max: int) -> None:
    """RULES §7: linia's losses are worth twice the win (003 §19): a lost zoło costs the
    declarer 30 there and 15 elsewhere; a lost cicha at its highest doubling costs
    3 × 4 × 8 = 96 (level 3) or 3 × 8 × 16 = 384 (linia, level 4)."""
    rs = load_ruleset(ruleset)
    g = Game(rs.contract("zolo"), 0, (0,), 0)
    assert score(rs, g, (40, 64, 0, 0), (1, 3, 0, 0)).payout[0] == zolo_loss
    top = rs.cicha.max_level
    g = Game(rs.cicha, 0, (0,), top, OPPOSING)
    assert score(rs, g, (40, 64, 0, 0), (1, 3, 0, 0)).payout[0] == cicha_loss_at_max


@pytest.mark.parametrize(
    ("ruleset", "honour", "win"),
    [("pucka-2019", "baszka", 10), ("mester-sport", "baszka", 10),
     ("mester-sport", "mester", 10), ("mester-sport", "zolo-bieda", 5), ("linia", "mester", 10)],
)
def test_rules_7_honour_payout(ruleset: str, honour: str, win: int) -> None:
    """RULES §7: an honour pays its win value from each of the three ("od każdego")."""
    rs = load_ruleset(ruleset)
    g = Game(rs.contract(honour), 2, (2,), 0)
    r = score(rs, g, (0, 0, 0, 0), (0, 0, 0, 0))
    assert r.payout == (-win, -win, 3 * win, -win)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("bok_deal", [False, True])
def test_rules_7_multiplier_two_per_doubling_and_bok_deal(ruleset: str, bok_deal: bool) -> None:
    """RULES §7: v × 2 per doubling, and × 2 on a bok-round deal."""
    rs = load_ruleset(ruleset)
    for level in range(5):
        r = score(rs, plain(ruleset, level), *RESULTS[("mlodzi", "z_wyjsciem")],
                  bok_deal=bok_deal)
        assert r.mult == (1 << level) * (2 if bok_deal else 1)
        assert r.payout[2] == 2 * r.mult
        assert r.bok_deal is bok_deal


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_7_every_deal_sums_to_zero(ruleset: str) -> None:
    """RULES §7: every deal sums to zero — every game, every level, either result."""
    rs = load_ruleset(ruleset)
    results = [((104, 0, 0, 0), (4, 0, 0, 0)), ((0, 104, 0, 0), (0, 4, 0, 0)),
               ((52, 52, 0, 0), (2, 2, 0, 0)), ((30, 20, 40, 14), (1, 1, 1, 1))]
    games = [plain(ruleset, lv) for lv in range(5)]
    games += [Game(c, 0, (0,), lv, OPPOSING if lv else None)
              for c in (rs.cicha, *rs.ladder) if c.kind != "wesele"
              for lv in range(c.max_level + 1)]
    games += [Game(rs.contract("wesele"), 0, (0, 3), lv, OPPOSING if lv else None, 3)
              for lv in range(5)]
    for g in games:
        for pts, trs in results:
            for bok in (False, True):
                r = score(rs, g, pts, trs, bok_deal=bok)
                assert sum(r.payout) == 0, (g.contract.id, pts)
                assert all(p != 0 for p in r.payout)


# ---------------------------------------------------------------- an independent reading

# RULES §5 and §7 written out again, independently of the ruleset files, to check random
# deals against: wyjście (points, tricks or None), plain values, solo (win, loss) values.
WYJSCIE: dict[str, dict[str, tuple[int, int | None]]] = {
    "pucka-2019": {"starzy": (27, 2), "mlodzi": (26, 2)},
    "mester-sport": {"starzy": (26, None), "mlodzi": (26, None)},
    "linia": {"starzy": (26, None), "mlodzi": (26, None)},
}
PARTNER_CARDS = {"pucka-2019": "JC JS JH", "mester-sport": "TH QH QD", "linia": "JC JS JH"}


def expected_payout(ruleset: str, d: Deal) -> tuple[int, ...]:
    """The payout of a finished deal by RULES §4, §5, §7 read directly."""
    from stolik.games.baska.deck import CARD_POINTS, DECK

    g = d.game
    assert g is not None
    kind, cid = g.contract.kind, g.contract.id
    mult = 2 ** g.level * (2 if d.bok_deal else 1)
    hands = d.initial_hands
    qc, qs = DECK.parse_card("QC"), DECK.parse_card("QS")
    holder = {c: s for s in range(4) for c in DECK.cards_of(hands[s])}
    if kind in ("plain", "cicha"):
        team = sorted({holder[qc], holder[qs]})
    else:
        declarer = g.declarer
        assert declarer is not None
        team = [declarer]
        if kind == "wesele":
            first = next(c for c in DECK.parse(PARTNER_CARDS[ruleset])
                         if holder[c] != declarer)
            team = sorted({declarer, holder[first]})
    assert list(g.team) == team
    others = [s for s in range(4) if s not in team]

    def lone(seat: int, amount: int) -> tuple[int, ...]:
        return tuple(3 * amount if s == seat else -amount for s in range(4))

    if kind == "honour":
        return lone(team[0], SOLO_TABLE[ruleset][cid][0] * mult)
    pts = [0, 0, 0, 0]
    trs = [0, 0, 0, 0]
    for t in d.history:
        pts[t.winner] += sum(CARD_POINTS[c] for c in t.cards)
        trs[t.winner] += 1
    team_pts = sum(pts[s] for s in team)
    team_tricks = sum(trs[s] for s in team)
    if g.contract.goal == "all-tricks":
        won = team_tricks == 4
    elif team_pts == 52 and g.level > 0 and ruleset == "mester-sport":
        won = g.first_doubler_side != 0     # the side that doubled first loses
    else:
        won = team_pts >= 53
    if kind in ("plain", "wesele"):
        winner_side, loser_side = ("starzy", "mlodzi") if won else ("mlodzi", "starzy")
        losers = others if won else team
        lp, lt = sum(pts[s] for s in losers), sum(trs[s] for s in losers)
        need_pts, need_tricks = WYJSCIE[ruleset][loser_side]
        if lt == 0:
            category = "bez_bitki"
        elif lp >= need_pts or (need_tricks is not None and lt >= need_tricks):
            category = "z_wyjsciem"
        else:
            category = "bez_wyjscia"
        amount = PLAIN_TABLE[(winner_side, category)] * mult
        winners = team if won else others
        return tuple(amount if s in winners else -amount for s in range(4))
    win, loss, _ = SOLO_TABLE[ruleset][cid]
    assert loss is not None
    return lone(team[0], win * mult if won else -loss * mult)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_5_7_random_deals_match_an_independent_reading(ruleset: str) -> None:
    """RULES §4–§7: random deals (random legal calls, doublings included, and cards) are
    settled as an independent reading of the rules says — every contract kind, level
    and category that comes up."""
    import random

    from stolik.games.baska.calls import PASS

    rs = load_ruleset(ruleset)
    rng = random.Random(2024)
    seen: set[tuple[str, int, str | None]] = set()
    for i in range(400):
        d = Deal.random(rs, i % 4, rng, bok_deal=i % 7 == 0)
        quiet = rng.choice([0.5, 0.9])   # how often a seat passes, this deal
        while not d.is_over:
            if d.phase == "auction":
                bids = d.legal_calls()[1:]
                wesele = [c for c in bids if c.contract == "wesele"]
                if wesele and rng.random() < 0.7:
                    d.call(wesele[0])
                else:
                    d.call(PASS if not bids or rng.random() < quiet else rng.choice(bids))
            else:
                d.play(rng.choice(d.legal_cards()))
        r = d.result()
        assert r.payout == expected_payout(ruleset, d), (i, r.to_json())
        seen.add((r.game.contract.id, r.level, r.category))
    kinds = {c for c, _, _ in seen}
    assert {"zwykla", "gran", "zolo", "gran-du", "zolo-du", "wesele", "cicha"} <= kinds
    assert max(level for _, level, _ in seen) >= 2


@st.composite
def _settled(draw: st.DrawFn) -> tuple[str, Game, tuple[int, ...], tuple[int, ...], bool]:
    """A ruleset, a game of it (any contract, sides, level, first doubler, dead doublings,
    laid down or not) and a finished play's points and tricks per seat."""
    ruleset = draw(st.sampled_from(RULESETS))
    rs = load_ruleset(ruleset)
    contract = draw(st.sampled_from((rs.zwykla, rs.cicha, *rs.ladder)))
    seats = draw(st.permutations(range(4)))
    pair = contract.kind in ("plain", "wesele")
    team = tuple(sorted(seats[:2])) if pair else (seats[0],)
    declarer = None if contract.kind == "plain" else seats[0]
    partner = seats[1] if contract.kind == "wesele" else None
    level = draw(st.integers(0, 4))
    first = draw(st.sampled_from((DECLARING, OPPOSING))) if level else None
    dead = tuple(draw(st.lists(st.integers(1, 12), max_size=2, unique=True)))
    game = Game(contract, declarer, team, level, first, partner, dead,
                draw(st.booleans()))
    cuts = sorted(draw(st.lists(st.integers(0, 104), min_size=3, max_size=3)))
    points: tuple[int, ...] = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1],
                               104 - cuts[2])
    if draw(st.booleans()):  # a tie, 52 to 52 (RULES §5: the doubled tie's rule)
        points = tuple(52 if s in (seats[0], seats[2]) else 0 for s in range(4))
    split = sorted(draw(st.lists(st.integers(0, 4), min_size=3, max_size=3)))
    tricks = (split[0], split[1] - split[0], split[2] - split[1], 4 - split[2])
    return ruleset, game, points, tricks, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(_settled(), st.integers(1, 3))
def test_rules_7_payout_follows_the_sides_not_the_seats(
        settled: tuple[str, Game, tuple[int, ...], tuple[int, ...], bool], k: int) -> None:
    """RULES §7: a payout depends on the seats only through their sides, so the game
    turned by ``k`` seats, with the points and tricks turned with it, pays the same turned
    (the bots keep one payout table for the four turns: ``Game.turned``)."""
    ruleset, game, pts, trs, bok = settled
    rs = load_ruleset(ruleset)

    def turn(v: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(v[(s - k) % 4] for s in range(4))

    got = score(rs, game.turned(k), turn(pts), turn(trs), bok_deal=bok).payout
    assert got == turn(score(rs, game, pts, trs, bok_deal=bok).payout)


@settings(max_examples=300, deadline=None)
@given(_settled())
def test_rules_4_7_each_doubling_doubles_the_payout(
        settled: tuple[str, Game, tuple[int, ...], tuple[int, ...], bool]) -> None:
    """RULES §4, §7: each counted doubling doubles the stakes, the doubled tie asks only
    whether there was a doubling, and dead doublings or a laid-down announcement change
    no payout: ``Game.stakes`` gives the lowest stakes that settle alike and the factor."""
    ruleset, game, pts, trs, bok = settled
    rs = load_ruleset(ruleset)
    base, factor = game.stakes()
    assert base.level <= 1 and base.dead == () and not base.laid_down
    assert factor == 1 << (game.level - base.level)
    want = score(rs, game, pts, trs, bok_deal=bok).payout
    assert tuple(factor * v for v in score(rs, base, pts, trs, bok_deal=bok).payout) == want
