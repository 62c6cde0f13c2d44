"""The Baśka bots (``random``, ``heuristic``): legal moves only, the seat's view only, and the
heuristic's bidding and card-play rules on chosen hands (RULES §3, §4, §7).

Legality is checked at scale in ``benchmarks/bench_bots.py`` (10^6 decisions); here a few
thousand decisions per ruleset, the three shipped ones and a league's own ruleset file.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from stolik.bots import UnknownBot
from stolik.errors import RulesetError
from stolik.games.baska.bots import (
    BOTS,
    BotError,
    HeuristicBot,
    Move,
    RandomBot,
    bot_names,
    make_bot,
)
from stolik.games.baska.bots.evaluate import estimate, family, interpolate
from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.state import Deal, SeatView, Trick

SHIPPED = ("pucka-2019", "mester-sport", "linia")
CORE = ("random", "heuristic")


@pytest.fixture(scope="module")
def user_ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """A league's own file: mester-sport renamed, with other doubling names, wesele partner
    cards and card values — an id no shipped ruleset has, so bots must be given it."""
    text = (resources.files("stolik.games.baska") / "rulesets" / "mester-sport.toml"
            ).read_text(encoding="utf-8")
    text = text.replace('id = "mester-sport"', 'id = "moja-liga"')
    text = text.replace('doublings = ["kontra", "rekontra", "bok", "hirsch"]',
                        'doublings = ["kontra", "re", "sub", "mord"]')
    text = text.replace('partner_cards = ["TH", "QH", "QD"]', 'partner_cards = ["JC", "JS", "JH"]')
    text = text.replace("win = 5\nloss = 5\nmax_level = 2", "win = 6\nloss = 9\nmax_level = 2")
    path: Path = tmp_path_factory.mktemp("liga") / "moja-liga.toml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def rulesets(user: Ruleset) -> list[Ruleset]:
    return [*(load_ruleset(r) for r in SHIPPED), user]


# ---------------------------------------------------------------- legality


def play(deal: Deal, bots: list[object]) -> Iterator[tuple[SeatView, Move]]:
    """Play the deal to its end, checking every move against the engine; yields each view
    and the move made on it."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        bot = bots[seat]
        assert isinstance(bot, RandomBot | HeuristicBot)
        move = bot.act(view)
        if isinstance(move, Call):
            assert deal.phase == "auction"
            assert deal.why_not_call(move) is None, (deal.log, move)
            assert move in view.legal_calls
            deal.call(move)
        else:
            assert deal.phase == "play"
            assert deal.why_not_card(move) is None, (deal.log, move)
            assert move in view.legal_cards
            deal.play(move)
        yield view, move


@pytest.mark.parametrize("index", range(4))
def test_bots_only_make_legal_moves(index: int, user_ruleset: Ruleset) -> None:
    rs = rulesets(user_ruleset)[index]
    rng = random.Random(index)
    decisions = 0
    games: set[str] = set()
    for n in range(150):
        deal = Deal.random(rs, n % 4, rng)
        kinds = [rng.choice(CORE) for _ in range(4)]
        bots: list[object] = [make_bot(k, seed=n * 4 + s, ruleset=rs)
                              for s, k in enumerate(kinds)]
        decisions += sum(1 for _ in play(deal, bots))
        assert deal.game is not None
        games.add(deal.game.contract.id)
        assert sum(deal.result().payout) == 0
    assert decisions > 150 * 16
    assert len(games) >= 4  # auctions end in many different games


@pytest.mark.parametrize("name", SHIPPED)
def test_heuristic_alone_at_the_table(name: str) -> None:
    """Four heuristic bots bid, double and play only legal moves, and explain each one."""
    rs = load_ruleset(name)
    rng = random.Random(7)
    for n in range(80):
        deal = Deal.random(rs, n % 4, rng)
        bots = [HeuristicBot() for _ in range(4)]
        for view, move in play(deal, list(bots)):
            reason = bots[view.seat].explain(view)
            assert reason and reason == bots[view.seat].last.reason  # type: ignore[union-attr]
            assert bots[view.seat].decide(view).move == move  # deterministic


def test_bots_see_only_their_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every object a bot is given is a SeatView straight from Deal.view, holding no card of
    another seat's hand (monkeypatched spy on Deal.view)."""
    from stolik.games.baska.arena import run_arena

    hidden: dict[int, tuple[int, int]] = {}  # id(view) → (own hand, other hands' cards)
    real_view = Deal.view

    def spy(self: Deal, seat: int) -> SeatView:
        view = real_view(self, seat)
        others = 0
        for s in range(4):
            if s != seat:
                others |= self.hands[s]
        hidden[id(view)] = (self.hands[seat], others)
        return view

    monkeypatch.setattr(Deal, "view", spy)
    checked = 0
    names = {f.name for f in dataclasses.fields(SeatView)}

    class Checked:
        def __init__(self, inner: object) -> None:
            self.inner = inner
            self.name = getattr(inner, "name", "?")

        def act(self, view: SeatView) -> Move:
            nonlocal checked
            assert type(view) is SeatView
            assert set(vars(view)) == names
            own, others = hidden[id(view)]
            assert DECK.mask_of(view.hand) == own
            cards = [*view.hand, *view.legal_cards, *(c for _, c in view.plays),
                     *(c for _, c in view.trick),
                     *(view.last_trick.cards if view.last_trick else ())]
            assert not DECK.mask_of(cards) & others, view
            assert isinstance(view.last_trick, Trick | None)
            checked += 1
            return self.inner.act(view)  # type: ignore[attr-defined, no-any-return]

    def factory(kind: str, seed: int, rs: Ruleset) -> Checked:
        return Checked(make_bot(kind, seed=seed, ruleset=rs))

    result = run_arena(["heuristic", "random"], 3, ruleset=load_ruleset("linia"), seed=5,
                       factory=factory)
    assert checked == result.decisions > 0


# ---------------------------------------------------------------- the registry


def test_registry_and_errors() -> None:
    assert {"random", "heuristic"} <= set(bot_names())
    assert set(BOTS.names()) <= set(bot_names())
    with pytest.raises(UnknownBot, match="unknown bot 'nobody'"):
        make_bot("nobody")
    with pytest.raises(BotError, match="unknown heuristic option"):
        make_bot("heuristic", kontra=3)
    bot = make_bot("heuristic", bid_margin=2.5)
    assert isinstance(bot, HeuristicBot) and bot.params.bid_margin == 2.5
    deal = Deal.random(load_ruleset("pucka-2019"), 0, random.Random(1))
    other = (deal.to_act or 0) + 1
    for kind in CORE:
        with pytest.raises(BotError, match="turn"):
            make_bot(kind).act(deal.view(other % 4))


def test_user_ruleset_needs_its_object(user_ruleset: Ruleset) -> None:
    deal = Deal.random(user_ruleset, 0, random.Random(2))
    view = deal.view(deal.to_act or 0)
    with pytest.raises(RulesetError, match="moja-liga"):
        HeuristicBot().act(view)
    with pytest.raises(BotError, match="made for ruleset 'pucka-2019'"):
        HeuristicBot(ruleset=load_ruleset("pucka-2019")).act(view)
    assert HeuristicBot(ruleset=user_ruleset).act(view) in view.legal_calls


def test_random_bot_is_seeded_and_uniform() -> None:
    rs = load_ruleset("pucka-2019")
    deal = Deal.random(rs, 0, random.Random(3))
    view = deal.view(deal.to_act or 0)
    a = [RandomBot(seed=9).act(view) for _ in range(3)]
    assert len(set(a)) == 1
    bot = RandomBot(seed=1)
    seen = {bot.act(view) for _ in range(200)}
    assert seen == set(view.legal_calls)
    assert bot.explain(view) == f"a random legal call, 1 of {len(view.legal_calls)}"


# ---------------------------------------------------------------- heuristic: bidding


def first_call(rs: Ruleset, hand: str, *, before: tuple[str, ...] = (),
               others: tuple[str, str, str] | None = None) -> tuple[str, str]:
    """The heuristic's call as first speaker (seat 1, dealer 3) after ``before`` (calls of the
    seats before it — none by default), holding ``hand``; the other hands are the rest of
    the deck (or ``others``). Returns the call's text and the reason."""
    mine = DECK.parse_mask(hand)
    if others is None:
        rest = DECK.cards_of(DECK.full_mask & ~mine)
        others = (DECK.format(rest[0:4], ascii=True), DECK.format(rest[4:8], ascii=True),
                  DECK.format(rest[8:12], ascii=True))
    seat = len(before) + 1  # seat 1 speaks first when seat 3 deals
    hands = list(others)
    hands.insert(seat % 4, hand)
    deal = Deal.from_text(rs, dealer=3, hands=hands)
    for c in before:
        deal.call(c)
    assert deal.to_act == seat % 4
    bot = HeuristicBot(ruleset=rs)
    view = deal.view(seat % 4)
    call = bot.act(view)
    assert isinstance(call, Call)
    return call.text(rs), bot.explain(view)


@pytest.mark.parametrize(("name", "hand", "honour"), [
    ("pucka-2019", "QC QS QH QD", "baszka"),
    ("mester-sport", "QC QS QH QD", "baszka"),
    ("mester-sport", "AC AS AH AD", "mester"),
    ("mester-sport", "TC TS TH TD", "zolo-bieda"),
    ("linia", "AC AS AH AD", "mester"),
])
def test_calls_an_honour_when_held(name: str, hand: str, honour: str) -> None:
    call, why = first_call(load_ruleset(name), hand)
    assert call == honour
    assert "always wins" in why


def test_honour_is_called_over_a_contract_below_it() -> None:
    rs = load_ruleset("pucka-2019")
    call, _ = first_call(rs, "QC QS QH QD", before=("zolo-du",))
    assert call == "baszka"


@pytest.mark.parametrize(("name", "hand"), [
    ("pucka-2019", "QC QS QH JC"),
    ("linia", "QC QS QH JC"),
    ("mester-sport", "AH QC QS QH"),  # the black aces rank above the queens there
])
def test_keeps_quiet_for_cicha_with_a_strong_black_queens_hand(name: str, hand: str) -> None:
    call, why = first_call(load_ruleset(name), hand)
    assert (call, why.split(":")[0]) == ("pass", "pass, keeping quiet for a cicha"), why


def test_calls_wesele_with_a_weak_black_queens_hand() -> None:
    for name in SHIPPED:
        call, why = first_call(load_ruleset(name), "QC QS TC TS")
        assert call == "wesele", why
        assert "find a partner" in why


def test_cicha_or_wesele_follows_the_expected_payouts() -> None:
    """The rule: keep quiet when the cicha's expected payout beats the wesele's. A league
    that makes a lost cicha cost more (loss 8 instead of 4) turns a borderline hand into a
    wesele."""
    rs = load_ruleset("pucka-2019")
    hand = "QC QS JC JS"
    call, why = first_call(rs, hand)
    assert call == "pass", why
    linia = load_ruleset("linia")  # cicha loss 8
    call, why = first_call(linia, hand)
    assert call == "wesele", why


def test_bids_zolo_with_a_very_strong_normal_hand() -> None:
    for name in SHIPPED:
        call, why = first_call(load_ruleset(name), "AH TH QC JD")
        assert call == "zolo", why
        assert why.startswith("zolo: hand value")


def test_bids_zolo_du_with_four_sure_trumps() -> None:
    call, why = first_call(load_ruleset("pucka-2019"), "AH TH QC QS")
    assert call == "zolo-du", why
    call, why = first_call(load_ruleset("mester-sport"), "AC AS AH TH")
    assert call == "zolo-du", why


def test_bids_gran_with_jacks() -> None:
    for name in SHIPPED:
        rs = load_ruleset(name)
        call, why = first_call(rs, "JC JS JH JD")  # four jacks: gran-du cannot be lost
        assert call == "gran-du", why
        assert "4 sure tricks" in why
    for name in ("pucka-2019", "mester-sport"):
        call, why = first_call(load_ruleset(name), "JC JS AH TC")
        assert call == "gran", why
    # linia: a lost gran costs 10, not 5 — the same 62% hand is not worth it there.
    call, why = first_call(load_ruleset("linia"), "JC JS AH TC")
    assert call == "pass", why
    assert "62% to win" in why


def test_passes_with_junk() -> None:
    for name in SHIPPED:
        call, why = first_call(load_ruleset(name), "TC TS JD TD")
        assert call == "pass", why


def test_kontra_against_du_with_a_card_that_must_take_a_trick() -> None:
    rs = load_ruleset("pucka-2019")
    call, why = first_call(rs, "AH JC TC AS", before=("zolo-du",))
    assert call == "kontra", why
    assert "A♥ must take one" in why


def test_kontra_when_a_solo_looks_beatable_and_not_otherwise() -> None:
    rs = load_ruleset("pucka-2019")
    call, why = first_call(rs, "QC JC QS AH", before=("zolo",))
    assert call == "kontra", why
    assert "zolo looks beatable" in why
    call, why = first_call(rs, "TC TS JD TD", before=("zolo",))
    assert call == "pass", why


def test_rekontra_only_when_confident() -> None:
    rs = load_ruleset("pucka-2019")
    # Seat 2 keeps quiet with a strong cicha (Q♣ Q♠ A♥ Q♦); seat 1 kontras the plain game:
    # seat 2 answers with a rekontra.
    strong = Deal.from_text(rs, 1, ["AC JS JH TD", "JC TH AD JD", "QC QS AH QD", "TC AS TS QH"])
    for c in ["pass", "pass", "kontra"]:
        strong.call(c)
    bot = HeuristicBot()
    view = strong.view(2)
    assert bot.act(view) == Call("double", level=2), bot.explain(view)
    assert "cicha is strong" in bot.explain(view)
    # A zoło with the four top trumps is laid down (RULES §7): only a kontra is accepted,
    # so the bot is never offered a rekontra it would like.
    laid = Deal.from_text(rs, 3, ["TS JS JH JD", "AH TH QC QS", "QH QD AC TC", "JC AD TD AS"])
    for c in ["zolo", "kontra", "pass", "pass"]:
        laid.call(c)
    assert Call("double", level=2) not in laid.view(1).legal_calls
    assert bot.act(laid.view(1)) in laid.view(1).legal_calls
    weak = Deal.from_text(rs, 3, ["TS JS JH JD", "QH QD JC QS", "AH TH AC TC", "QC AD TD AS"])
    for c in ["zolo", "kontra", "pass", "pass"]:
        weak.call(c)
    view = weak.view(1)
    assert bot.act(view) == PASS, bot.explain(view)


def test_doubles_the_plain_game_with_the_top_trumps() -> None:
    rs = load_ruleset("pucka-2019")  # młodzi double first
    call, why = first_call(rs, "AH TH AD JH")
    assert call == "kontra", why
    assert "the plain game should be ours" in why


def test_never_a_doubling_the_rules_refuse() -> None:
    """In pucka-2019 starzy may not double the plain game first: a strong starzy hand passes
    (or bids), never kontras."""
    rs = load_ruleset("pucka-2019")
    call, why = first_call(rs, "AH TH QC AD")
    assert call != "kontra", why


# ---------------------------------------------------------------- heuristic: card play


def play_view(rs: Ruleset, hands: list[str], calls: list[str], cards: list[str]) -> SeatView:
    deal = Deal.from_text(rs, dealer=3, hands=hands)
    for c in calls:
        deal.call(c)
    for c in cards:
        deal.play(c)
    return deal.view(deal.to_act or 0)


def test_declarer_leads_the_master_trump() -> None:
    rs = load_ruleset("pucka-2019")
    # Seat 0 is forehand (dealer 3) and plays zoło.
    view = play_view(rs, ["AH QC QH TC", "TH QS JC JS", "QD JH AC AS", "JD AD TD TS"],
                     ["pass", "pass", "pass", "zolo", "pass", "pass", "pass"], [])
    bot = HeuristicBot()
    assert view.seat == 0 and bot.act(view) == DECK.parse_card("AH")
    assert "draw trumps" in bot.explain(view)


def test_leads_a_fele_ace_when_few_trumps_can_ruff_it() -> None:
    rs = load_ruleset("pucka-2019")
    # Gran by seat 1; seat 0 leads. Four jacks are all the trumps, so most unseen cards
    # are fele: A♣ is led. In zoło (twelve trumps) the same ace would be ruffed: not led.
    hands = ["AC QH TS QD", "JC JS JH JD", "AH TC QS AS", "TH QC AD TD"]
    bot = HeuristicBot()
    gran = play_view(rs, hands, ["gran", "pass", "pass", "pass"], [])
    assert gran.seat == 0 and bot.act(gran) == DECK.parse_card("AC"), bot.explain(gran)
    assert "few trumps are out" in bot.explain(gran)
    zolo = play_view(rs, hands, ["zolo", "pass", "pass", "pass"], [])
    assert bot.act(zolo) != DECK.parse_card("AC"), bot.explain(zolo)


def test_smears_points_on_a_trick_the_partner_holds() -> None:
    rs = load_ruleset("pucka-2019")
    # Gran by seat 1: seats 0, 2, 3 are partners. Seat 0 leads J♣ (the top trump) and
    # seat 1 must follow with a jack; seat 2, void in trumps, adds a ten (its aces are
    # out, so none of its cards is worth keeping).
    view = play_view(rs, ["JC QH QD AS", "JS JH JD AD", "TC QC TS QS", "AH TH TD AC"],
                     ["gran", "pass", "pass", "pass"], ["JC", "JD"])
    bot = HeuristicBot()
    card = bot.act(view)
    assert isinstance(card, int) and view.seat == 2
    assert DECK.name(card, ascii=True) in ("TC", "TS"), bot.explain(view)
    assert "smear 10 points" in bot.explain(view)


def test_gives_the_least_when_it_cannot_win() -> None:
    rs = load_ruleset("pucka-2019")
    # Plain game; seat 0 leads Q♣, seat 1 beats it with A♥, seat 2 must follow trumps;
    # seat 3 cannot beat A♥ and must play a trump: 10♦ (10 points) rather than A♦ (11).
    view = play_view(rs, ["QC JC JS JH", "AH TH QS QH", "QD JD AC TC", "AS TS AD TD"],
                     ["pass"] * 4, ["QC", "AH", "JD"])
    bot = HeuristicBot()
    assert view.seat == 3 and bot.act(view) == DECK.parse_card("TD"), bot.explain(view)
    assert "I cannot take the trick" in bot.explain(view)


def test_wins_with_the_cheapest_sure_card() -> None:
    rs = load_ruleset("pucka-2019")
    # Seat 0 leads J♦; seat 1 must beat it (A♥, A♦ or J♥). With seats 2 and 3 still to
    # play, only A♥ cannot be beaten: it is the cheapest sure winner.
    view = play_view(rs, ["JD AC TC AS", "AH JH AD TS", "QC QS QH JC", "TH JS QD TD"],
                     ["pass"] * 4, ["JD"])
    bot = HeuristicBot()
    assert view.seat == 1 and bot.act(view) == DECK.parse_card("AH"), bot.explain(view)
    assert "the cheapest card sure to take the trick" in bot.explain(view)


# ---------------------------------------------------------------- evaluation


def test_estimate_reads_the_ruleset_orders() -> None:
    pucka, mester = load_ruleset("pucka-2019"), load_ruleset("mester-sport")
    hand = DECK.parse_mask("AC AS QC JD")
    # Black aces are fele in pucka-2019 and the two highest trumps in mester-sport.
    assert estimate(hand, mester.orders["normal"]).sure == 2
    assert estimate(hand, pucka.orders["normal"]).sure == 0
    assert estimate(hand, mester.orders["normal"]).value > estimate(
        hand, pucka.orders["normal"]).value
    assert family(pucka.orders["gran"]) == "short"
    assert interpolate(((0.0, 0.0), (1.0, 1.0)), 9.0) == 1.0


def test_chances_grow_with_the_hand() -> None:
    rs = load_ruleset("linia")
    order = rs.orders["normal"]
    weak, mid, strong = (estimate(DECK.parse_mask(h), order)
                         for h in ("TC TS JD TD", "QH QD JC AD", "AH TH QC QS"))
    for goal in ("points", "all-tricks", "cicha"):
        assert weak.chance(goal) < mid.chance(goal) < strong.chance(goal)
    assert strong.chance("all-tricks") == 1.0  # four sure trumps
    assert strong.stopper == DECK.parse_card("AH")
