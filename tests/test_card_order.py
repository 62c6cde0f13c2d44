"""RULES §2 (card order, per ruleset) and RULES §3 (playing a card: follow, must beat, must
trump, any card; the trick's winner; who leads). Gran order specifics follow seed 003
§9c–g."""

from __future__ import annotations

import pytest

from stolik.errors import IllegalMove
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import Deal
from stolik.tricks import CardOrder

RULESETS = ("pucka-2019", "mester-sport", "linia")


def order(ruleset: str, name: str = "normal") -> CardOrder:
    return load_ruleset(ruleset).orders[name]


def text(mask_or_cards: int | list[int]) -> str:
    """ASCII text of a mask (deck order) or a list (its order)."""
    if isinstance(mask_or_cards, int):
        return DECK.format_mask(mask_or_cards, ascii=True)
    return DECK.format(mask_or_cards, ascii=True)


def same(cards: str) -> str:
    """``cards`` as a set, in deck order, to compare with :func:`legal`."""
    return text(DECK.parse_mask(cards))


def legal(o: CardOrder, hand: str, led: str, winning: str | None = None) -> str:
    """The legal cards of ``hand`` (in deck order) on a trick led with ``led`` now won by
    ``winning``."""
    return text(o.legal(DECK.parse_mask(hand), DECK.parse_card(led),
                        DECK.parse_card(winning or led)))


def winner(o: CardOrder, trick: str) -> int:
    return o.trick_winner(DECK.parse(trick))


# ---------------------------------------------------------------- RULES §2: the orders


@pytest.mark.parametrize(
    ("ruleset", "trumps", "fele"),
    [
        ("pucka-2019", "AH TH QC QS QH QD JC JS JH JD AD TD", ["AC TC", "AS TS"]),
        ("mester-sport", "AC AS AH TH QC QS QH QD JC JS JH JD AD TD", ["TC", "TS"]),
        ("linia", "AH TH QC QS QH QD JC JS JH JD AD TD", ["AC TC", "AS TS"]),
    ],
)
def test_rules_2_normal_order_per_ruleset(ruleset: str, trumps: str, fele: list[str]) -> None:
    """RULES §2: 12 trumps in pucka-2019 and linia (fele A♣ 10♣, A♠ 10♠); 14 in
    mester-sport, whose fele are 10♣ and 10♠, each alone in its suit."""
    o = order(ruleset)
    assert text(list(o.trumps)) == trumps
    assert [text(list(s)) for s in o.fele] == fele
    assert len(o.trumps) == (14 if ruleset == "mester-sport" else 12)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_2_gran_order_is_the_same_in_every_ruleset(ruleset: str) -> None:
    """RULES §2: gran order — trumps J♣ J♠ J♥ J♦; every other card in its own suit,
    A > 10 > Q."""
    o = order(ruleset, "gran")
    assert text(list(o.trumps)) == "JC JS JH JD"
    assert sorted(text(list(s)) for s in o.fele) == ["AC TC QC", "AD TD QD", "AH TH QH",
                                                    "AS TS QS"]


@pytest.mark.parametrize(
    ("ruleset", "contract", "order_name"),
    [(rs, c, "gran" if c.startswith("gran") else "normal")
     for rs in RULESETS for c in ("gran", "gran-du", "zolo", "zolo-du", "wesele")]
    + [(rs, c, "normal") for rs in RULESETS for c in ("zwykla", "cicha")],
)
def test_rules_2_contract_uses_its_order(ruleset: str, contract: str, order_name: str) -> None:
    """RULES §2: gran and gran-du use the gran order; every other contract the normal one."""
    rs = load_ruleset(ruleset)
    assert rs.order_of(rs.contract(contract)) is rs.orders[order_name]


@pytest.mark.parametrize(
    ("ruleset", "is_trump"),
    [("pucka-2019", False), ("mester-sport", True), ("linia", False)],
)
def test_rules_2_black_aces_are_trumps_only_in_mester_sport(ruleset: str, is_trump: bool) -> None:
    """RULES §2: A♣ and A♠ are fele in pucka-2019/linia, the two highest trumps in
    mester-sport; 10♣ and 10♠ are fele everywhere."""
    o = order(ruleset)
    assert o.is_trump(DECK.parse_card("AC")) is is_trump
    assert o.is_trump(DECK.parse_card("AS")) is is_trump
    assert not o.is_trump(DECK.parse_card("TC"))
    assert not o.is_trump(DECK.parse_card("TS"))
    assert o.is_trump(DECK.parse_card("TD"))


# ---------------------------------------------------------------- RULES §3: trick winner


@pytest.mark.parametrize(
    ("ruleset", "trick", "expected"),
    [
        # A♣ led, then the lowest trump 10♦: the trump wins unless A♣ is itself a trump.
        ("pucka-2019", "AC TD AS TC", 1),
        ("mester-sport", "AC TD AS TC", 0),
        ("linia", "AC TD AS TC", 1),
        # A fele never beats a card of another suit: 10♠ led, A♣ and A♠ ... no trump.
        ("pucka-2019", "TS AC AS TC", 2),
        ("linia", "TS AC AS TC", 2),
        # mester-sport: A♠ is a trump there and wins.
        ("mester-sport", "TS AC AS TC", 1),
        # mester-sport: 10♣ led, 10♠ thrown: the led suit wins.
        ("mester-sport", "TC TS TD AD", 3),
        # Highest trump wins: A♥ > 10♥ > Q♣ ... in every ruleset's common part.
        ("pucka-2019", "JD QC TH JC", 2),
        ("mester-sport", "JD QC TH JC", 2),
        ("linia", "JD QC TH JC", 2),
    ],
)
def test_rules_3_trick_winner_normal_order(ruleset: str, trick: str, expected: int) -> None:
    """RULES §3: the trick goes to the highest trump in it, or, with no trump, to the
    highest card of the led suit; a fele never beats another suit (RULES §2)."""
    assert winner(order(ruleset), trick) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("TH AC AH QH", 2),   # hearts led, A♥ highest of the suit, A♣ another suit
        ("AH JD TH QH", 1),   # any walet beats every non-walet
        ("JD QC JS AC", 2),   # J♠ > J♦
        ("AD AC AS AH", 0),   # nobody follows ♦ or trumps: the leader wins
        ("QC QS QH QD", 0),   # queens are not trumps in gran
    ],
)
def test_rules_3_trick_winner_gran_order(ruleset: str, trick: str, expected: int) -> None:
    """RULES §2–§3, seed 003 §9: in gran only the four walets are trumps."""
    assert winner(order(ruleset, "gran"), trick) == expected


# ---------------------------------------------------------------- RULES §3: obligations


@pytest.mark.parametrize(
    ("ruleset", "hand", "led", "winning", "expected"),
    [
        # Rule 2, follow: A♣ led and winning; 10♣ cannot beat it but must follow.
        ("pucka-2019", "TC AH QD JS", "AC", None, "TC"),
        ("linia", "TC AH QD JS", "AC", None, "TC"),
        # Rule 2, must beat inside the suit: 10♣ led, A♣ beats it and must be played.
        ("pucka-2019", "AC TS AH QD", "TC", None, "AC"),
        ("linia", "AC TS AH QD", "TC", None, "AC"),
        # Rule 2, follow even when the trick is trumped: 10♣ led, Q♦ winning, A♣ must go.
        ("pucka-2019", "AC AH QS JS", "TC", "QD", "AC"),
        ("linia", "AC AH QS JS", "TC", "QD", "AC"),
        # mester-sport: 10♣ is alone in its suit — nobody can follow, so beat (any trump).
        ("mester-sport", "AC JD TS AD", "TC", None, "AC JD AD"),
        # mester-sport: 10♣ led, trumped by A♥: only A♣ (above A♥) beats it.
        ("mester-sport", "AC JD TS AD", "TC", "AH", "AC"),
        # mester-sport: A♣ is a trump — the trump rule applies, nothing beats it: trumps.
        ("mester-sport", "AS JD TS TC", "AC", None, "AS JD"),
    ],
)
def test_rules_3_follow_suit_and_beat_inside_it(
    ruleset: str, hand: str, led: str, winning: str | None, expected: str
) -> None:
    """RULES §3 rule 2: holding cards of a led fele suit, play one; if some of them beat
    the winning card, play one that beats it."""
    assert legal(order(ruleset), hand, led, winning) == same(expected)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("hand", "led", "winning", "expected"),
    [
        # Trump led: must beat with a higher trump if possible …
        ("QD JD TS TC", "JC", None, "QD"),
        ("QH QD JD TC", "JC", None, "QH QD"),
        # … else any trump (the lower one) …
        ("JD AD TS TC", "JC", None, "JD AD"),
        # … else any card.
        ("TS TC", "JC", None, "TC TS"),
        # Void in a led fele suit (♠ led): must beat the winning card …
        ("QD JH AH JC", "TS", None, "AH QD JC JH"),
        # … a trumped trick: only trumps above the winning Q♦ …
        ("AH JC JD TC", "TS", "QD", "AH"),
        # … none above: must still play a trump.
        ("JC JD TC", "TS", "QD", "JC JD"),
    ],
)
def test_rules_3_trump_led_or_void_must_beat_else_trump(
    ruleset: str, hand: str, led: str, winning: str | None, expected: str
) -> None:
    """RULES §3 rule 3: trump led or void in the led suit — beat the winning card if
    possible, else play a trump, else any card. (Hands hold no black ace, so the rule gives
    the same answer in all three rulesets; in mester-sport 10♣ is the ♣ fele.)"""
    assert legal(order(ruleset), hand, led, winning) == same(expected)


@pytest.mark.parametrize(
    ("ruleset", "hand", "led", "winning", "expected"),
    [
        # ♣ led, a hand of ♠ fele only: any card.
        ("pucka-2019", "AS TS", "AC", None, "AS TS"),
        ("linia", "AS TS", "AC", None, "AS TS"),
        ("pucka-2019", "AS TS", "TC", "QD", "AS TS"),
        ("linia", "AS TS", "TC", "QD", "AS TS"),
        # mester-sport: A♠ is a trump and must beat 10♣; a lone 10♠ may be thrown.
        ("mester-sport", "AS TS", "TC", None, "AS"),
        ("mester-sport", "TS", "TC", None, "TS"),
        ("mester-sport", "TC", "TS", "QD", "TC"),
    ],
)
def test_rules_3_void_without_trumps_plays_any_card(
    ruleset: str, hand: str, led: str, winning: str | None, expected: str
) -> None:
    """RULES §3 rule 3: void in the led suit and no trump: any card (another fele)."""
    assert legal(order(ruleset), hand, led, winning) == same(expected)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("rule", "hand", "led", "winning", "expected"),
    [
        # §9c: walet led — beat it with a higher walet …
        ("9c", "JS JD AH", "JH", None, "JS"),
        # … or add a walet (none higher).
        ("9c", "JS JD AH", "JC", None, "JS JD"),
        # §9d: walet led, no walets — any card.
        ("9d", "AH TH AC", "JC", None, "AC AH TH"),
        # §9e: other card led — beat inside the suit …
        ("9e", "AH TH JD AC", "QH", None, "AH TH"),
        # … or follow the suit; a walet may not be played while holding the suit.
        ("9e", "TH QH JC", "AH", None, "TH QH"),
        # … the suit must be followed even when a walet already took the trick.
        ("9e", "AH QH JD", "TH", "JS", "AH QH"),
        # §9f: void in the led suit — beat with a walet …
        ("9f", "JD AC QC", "AH", None, "JD"),
        # … the walet must be played even when it cannot beat the winning one.
        ("9f", "JD AC QC", "AH", "JS", "JD"),
        # … when it can beat the winning walet only the higher ones are allowed.
        ("9f", "JC JD AC", "AH", "JS", "JC"),
        # §9g: no led suit and no walet — any card.
        ("9g", "AC TS QD", "AH", None, "AC TS QD"),
    ],
)
def test_seed_003_9c_to_9g_gran_obligations(
    ruleset: str, rule: str, hand: str, led: str, winning: str | None, expected: str
) -> None:
    """RULES §3 with the gran order, as seed 003 §9c–g words it (the same in every
    ruleset)."""
    assert legal(order(ruleset, "gran"), hand, led, winning) == same(expected), rule


# ---------------------------------------------------------------- RULES §3 through a Deal


def plain_deal(rs: Ruleset, hands: list[str], dealer: int = 0) -> Deal:
    """A deal whose auction is four passes (a plain game or cicha)."""
    d = Deal.from_text(rs, dealer, hands)
    for _ in range(4):
        d.call("pass")
    assert d.phase == "play"
    return d


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_3_forehand_leads_and_the_winner_leads_next(ruleset: str) -> None:
    """RULES §3: forehand (the seat after the dealer) leads the first trick; the trick's
    winner leads the next; the leader may play any card."""
    rs = load_ruleset(ruleset)
    # Dealer 2, forehand 3. Seat 3 leads J♠; seat 0 must beat it (Q♣ or J♣, not J♦),
    # seat 1 must beat Q♣ with A♥, seat 2 cannot beat A♥ and adds a trump: seat 1 wins.
    # The black aces (trumps in mester-sport) sit with the leader so as not to interfere.
    d = plain_deal(rs, ["QC JC JD TS", "AH QS AD TC", "TH QH JH QD", "JS AS AC TD"], dealer=2)
    assert d.to_act == 3
    assert len(d.legal_cards()) == 4  # the leader may play any card
    d.play("JS")
    assert text(d.legal_cards()) == "QC JC"
    d.play("QC")
    assert text(d.legal_cards()) == "AH"
    d.play("AH")
    assert text(d.legal_cards()) == "TH QH QD JH"
    d.play("TH")
    assert d.history[0].winner == 1
    assert d.history[0].leader == 3
    assert d.to_act == 1
    assert d.points[1] == 2 + 3 + 11 + 10
    assert d.tricks == (0, 1, 0, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_3_deal_refuses_illegal_card_with_reason(ruleset: str) -> None:
    """RULES §3: the engine refuses a card the obligations forbid and says which to play."""
    rs = load_ruleset(ruleset)
    d = plain_deal(rs, ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    d.play("JC")      # seat 1 leads J♣ (a trump in every ruleset)
    if ruleset == "mester-sport":
        # A♣ and A♠ are trumps that beat J♣: seat 2 must play one of them.
        assert text(d.legal_cards()) == "AC AS"
    else:
        # Seat 2 holds no trump: any card.
        assert text(d.legal_cards()) == "AC TC AS TS"
    if ruleset == "mester-sport":
        d.play("AC")
        # Nothing beats A♣: seat 3 may play any trump, J♠ included.
        assert text(d.legal_cards()) == "QD JS JH JD"
        assert d.why_not_card(DECK.parse_card("JS")) is None
    else:
        d.play("TC")
        # J♣ is winning; seat 3's Q♦ beats it and must be played.
        assert text(d.legal_cards()) == "QD"
        with pytest.raises(IllegalMove, match=r"seat 3 must beat J♣ with trumps: play Q♦ "
                                              r"\(RULES §3\)"):
            d.play("JS")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_3_gran_is_played_in_gran_order(ruleset: str) -> None:
    """RULES §2–§3: after a gran the deal uses the gran order — Q♣ led is a ♣ card that
    A♣ must beat, and the walets are the only trumps."""
    rs = load_ruleset(ruleset)
    # Dealer 0, forehand 1, first speaker 2. Seat 2 calls gran.
    d = Deal.from_text(rs, 0, ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    for c in ("gran", "pass", "pass", "pass"):
        d.call(c)
    assert d.game is not None and d.game.contract.id == "gran"
    d.play("QC")  # seat 1 leads Q♣
    assert text(d.legal_cards()) == "JC JS JH JD"  # void in ♣: walets only
    d.play("JD")
    assert text(d.legal_cards()) == "AC TC"       # seat 3 must follow ♣
    with pytest.raises(IllegalMove, match=r"must follow"):
        d.play("AS")
    d.play("AC")
    assert text(d.legal_cards()) == "AH TH AD TD"  # seat 0: no ♣, no walet: any
    d.play("TD")
    assert d.history[0].winner == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rules_3_card_must_be_in_hand_and_in_turn(ruleset: str) -> None:
    """RULES §3: a card is played by the seat to act from its own hand."""
    rs = load_ruleset(ruleset)
    d = plain_deal(rs, ["AH TH QC AD", "QS QH JC TD", "AC TC AS TS", "QD JS JH JD"])
    assert d.why_not_card(DECK.parse_card("AH")) is not None  # seat 0 holds it, seat 1 leads
    with pytest.raises(IllegalMove, match="does not hold"):
        d.play("AH")
    assert d.why_not_card(DECK.parse_card("QS"), seat=0) == (
        "seat 0 may not play now — it is seat 1's turn (RULES §3)")
