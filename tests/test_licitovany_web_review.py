"""The review after a licitovaný deal at the web table (issue 28, "Analiza"): each card a
seat chose among several, checked by the exact solver with every hand open against the
aktér's money (LICITOVANY §3, §5, §6), in the reader's language; none before a deal is
settled, none of another seat's cards named, the check bounded."""

from __future__ import annotations

import random

import pytest

from stolik.deck32 import name
from stolik.games.licitovany import web_review
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.solver import card_values
from stolik.games.licitovany.table_deal import TableDeal
from stolik.games.licitovany.web import LicitovanyMatch
from stolik.games.licitovany.words import kc, move_label
from test_licitovany_web import people, settle

HEAD = {"cs": "Kontrolováno se všemi kartami odkrytými", "en": "Checked with every hand open",
        "pl": "Sprawdzone przy odkrytych wszystkich kartach"}
CALLS_HEAD = {"cs": "Vaše hlášení, zvážená tak", "en": "Your calls, weighed as the strongest bot",
              "pl": "Twoje zapowiedzi, zważone tak"}


def cards_part(lines: list[str], lang: str = "en") -> list[str]:
    """The review's lines on the cards: those before the calls' head."""
    cut = next((i for i, line in enumerate(lines) if line.startswith(CALLS_HEAD[lang])),
               len(lines))
    return lines[:cut]


def held(d: TableDeal, seat: int) -> set[str]:
    """The names of the cards ``seat`` held at some time (the aktér's talon too)."""
    start = d.clone()
    cards = 0
    while True:
        cards |= start.pos.hands[seat]
        if not start.log:
            return {name(c) for c in range(32) if cards >> c & 1}
        start.undo()


def named(lines: list[str]) -> set[str]:
    """The cards the review's lines name."""
    return {name(c) for c in range(32) for line in lines[1:] if name(c) in line}


@pytest.mark.parametrize("lang", ["cs", "en", "pl"])
def test_a_review_comes_once_the_deal_is_settled(lang: str) -> None:
    """None while the first deal is played; then, for each seat, the check's head in the
    reader's language and at least one more line (LICITOVANY §3)."""
    m = people(1)
    assert all(m.review(s, lang) == [] for s in range(3))
    settle(m, 1)
    for seat in range(3):
        lines = m.review(seat, lang)
        assert lines[0].startswith(HEAD[lang]) and len(lines) >= 2, lines


@pytest.mark.parametrize("seed", range(8))
def test_a_review_names_only_the_seats_own_cards(seed: int) -> None:
    """Hidden information (LICITOVANY §3): the lines name a card only where the seat held
    it — what it played and what it could have played instead."""
    m = people(seed)
    settle(m, seed)
    d = m.finished[-1].deal
    for seat in range(3):
        assert named(m.review(seat, "en")) <= held(d, seat)


def worst_first(m: LicitovanyMatch, seed: int) -> str:
    """The deal played at random, except that the aktér's first card with a choice that
    matters is his worst one by the solver (LICITOVANY §5, §6): the line the review must
    say of it."""
    rng = random.Random(seed)
    want: str | None = None
    while not m.deal.is_over:
        d, seat = m.deal, m.to_act()
        assert seat is not None
        legal = d.legal_moves()
        move = rng.choice(legal)
        if want is None and d.phase == "play" and seat == d.pos.akter:
            values = card_values(d)
            if len(set(values.values())) > 1:
                (c, h), worst = min(values.items(), key=lambda kv: kv[1])
                (bc, bh), best = max(values.items(), key=lambda kv: kv[1])
                move = Move.play(c, h)
                want = (f"trick {len(d.pos.tricks) + 1}: {move_label(move, 'en')} — with "
                        f"{move_label(Move.play(bc, bh), 'en')} you would get "
                        f"{kc(d.rs.haler(best))} instead of {kc(d.rs.haler(worst))}")
        m.apply(seat, move.text())
    assert want is not None
    return want


def test_the_akters_worst_card_is_named_with_the_better_one_and_the_money() -> None:
    """The aktér's worst card (LICITOVANY §6: the money under best play from there) is
    named with the best card and both amounts in Kč."""
    for seed in range(40):
        m = people(seed)
        try:
            line = worst_first(m, seed)
        except AssertionError:
            continue  # no choice that matters for the aktér in this deal
        lines = m.review(m.finished[-1].result.akter, "en")
        assert line in lines or len(lines) == 1 + web_review.MAX_ITEMS, (line, lines)
        return
    pytest.fail("no deal with a choice that matters")


def test_a_deal_without_play_and_the_pauzirak_have_nothing_to_check() -> None:
    """An omyl (LICITOVANY §4.4) plays no card; at four the pauzírák plays none (§8)."""
    m = people(3)
    settle(m, 3, omyl=True)
    nothing = "No card of yours had a choice to check in this deal."
    assert all(cards_part(m.review(s, "en"))[1:] == [nothing] for s in range(3))
    four = people(7, players=4)
    settle(four, 7)
    pauzirak = four.finished[-1].deal.pauzirak or 0
    assert cards_part(four.review(pauzirak, "en"))[1:] == [nothing]


def test_the_check_stops_when_its_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review is bounded: with no nodes to spend no card is checked and the review says
    so; with a few, the first card is checked and the rest are not."""
    m = people(2)
    settle(m, 2)
    akter = m.finished[-1].result.akter
    monkeypatch.setattr(web_review, "NODES", 0)
    stopped = "The time for the check ran out: your later cards were not checked."
    assert cards_part(m.review(akter, "en"))[1:] == [stopped]
    monkeypatch.setattr(web_review, "NODES", 1)
    cards = cards_part(m.review(akter, "en"))
    assert cards[-1] == stopped and len(cards) >= 3


def _early_ended() -> TableDeal:
    """A deal whose play stopped before the tenth trick (a betl the aktér lost at once, a
    durch, a renonc), found by random legal play from seeded dealings."""
    for seed in range(4000):
        rng = random.Random(seed)
        d = TableDeal.random(load_ruleset(), 0, rng)
        while not d.is_over:
            d.move(rng.choice(d.legal_moves()))
        if d.pos.tricks and len(d.pos.tricks) < 10:
            return d
    raise AssertionError("no deal ended early in 4000 random deals")


@pytest.mark.parametrize("lang", ["cs", "en", "pl"])
def test_a_deal_ended_early_is_not_reviewed(lang: str) -> None:
    """Hidden information (LICITOVANY §3): after a betl or durch decided before the last
    trick the cards not played stay hidden — nobody looks even after the game — so no
    seat gets a check made with every hand open, only the line saying why."""
    d = _early_ended()
    for seat in range(3):
        lines = web_review.review(d, seat, lang)
        cards = cards_part(lines, lang)
        assert len(cards) == 1 and not named(["", *cards]), lines
        assert cards == cards_part(web_review.review(d, (seat + 1) % 3, lang), lang)
        assert named(["", *lines]) <= held(d, seat)  # the calls: its own cards at most


def _bots_deal(seed: int) -> TableDeal:
    """A deal bid and played by three heuristic bots."""
    from stolik.games.licitovany.arena import play_deal
    from stolik.games.licitovany.bots import make_bot

    rs = load_ruleset()
    d = TableDeal.random(rs, seed % 3, random.Random(seed))
    play_deal(d, [make_bot("heuristic", seed=s, ruleset=rs) for s in range(3)])
    return d


def test_a_call_is_weighed_by_the_expert() -> None:
    """The values of a reviewed call are the expert's own weighing of that decision (issue
    27: the review uses the strongest bot), the call made among the calls weighed,
    seeded by its place in the deal (LICITOVANY §4)."""
    from stolik.games.licitovany.expert import ExpertBot
    from stolik.games.licitovany.seat_memory import dealt_again

    d = _bots_deal(1)
    seat = next(s for s in range(3) if web_review.weighed_calls(d, s))
    index, call, values, choice = web_review.weighed_calls(d, seat)[0]
    at = dealt_again(d)
    for move in d.log[:index]:
        at.move(move)
    bot = ExpertBot(seed=index, ruleset=d.rs, seconds=float("inf"))
    assert bot.weigh(at.view(seat), (call,)) == choice
    assert call in values and values == bot.last_values and len(values) > 1


@pytest.mark.parametrize("seed", [1, 5, 7])
def test_calls_are_reviewed_as_the_expert_weighs_them(seed: int) -> None:
    """LICITOVANY §4: after the cards, the seat's calls with a choice (the licitace, the
    discard, the contract, the fleky); a call is named a loss exactly where the expert
    chose another, worth more than its EPS units more, with the difference in Kč, else
    one line says none lost; the same deal gives the same review."""
    from stolik.games.licitovany.expert import EPS

    d = _bots_deal(seed)
    for seat in range(3):
        lines = web_review.review(d, seat, "en")
        assert lines == web_review.review(d, seat, "en")
        weighed = web_review.weighed_calls(d, seat)
        said = lines[len(cards_part(lines)):]
        if not weighed:
            assert said == []
            continue
        assert said[0].startswith(CALLS_HEAD["en"])
        losses = [move_label(call, "en") for _, call, values, choice in weighed
                  if choice != call and values[choice] - values[call] > EPS]
        if losses:
            assert [line.split(" — ")[0] for line in said[1:]] == losses[:web_review.MAX_ITEMS]
            assert all(" Kč more on average" in line for line in said[1:])
        else:
            assert said[1:] == [f"Calls with a choice: {len(weighed)} call"
                                f"{'' if len(weighed) == 1 else 's'}; none did worse than "
                                "the call the expert would have made on what you had seen "
                                "and heard."]


def test_a_call_that_lost_is_named_in_each_language() -> None:
    """One language per screen: the calls' part in Czech, Polish and English (seed 1's
    aktér named sto červených where sto a sedma červených was worth more on his cards)."""
    d = _bots_deal(1)
    said = {"cs": "podle toho, co jste viděli a slyšeli, byste s hlášením",
            "en": "on what you had seen and heard,", "pl": "na to, co widziałeś i słyszałeś"}
    for lang, head in CALLS_HEAD.items():
        lines = web_review.review(d, 0, lang)
        at = next(i for i, line in enumerate(lines) if line.startswith(head))
        assert lines[at + 1].startswith("sto červených — ") and said[lang] in lines[at + 1]
        assert lines[at + 1].endswith({"cs": " Kč víc", "en": " Kč more on average",
                                       "pl": " Kč więcej"}[lang])
    en = web_review.review(d, 0, "en")
    assert not any("byste" in line or "Hlášení" in line for line in en)


def test_twin_deals_give_the_akter_the_same_call_review() -> None:
    """Hidden information (LICITOVANY §3, §4): the calls are weighed on what the seat had
    seen and heard. The two defenders' hands swapped, the same bidding heard: the aktér's
    calls get the same values, so the same lines."""
    from stolik.games.licitovany.seat_memory import dealt_again
    from test_licitovany_web import with_hands

    d = _bots_deal(1)
    akter = d.pos.akter
    bidding = [m for m in d.log if m.kind != "play"]
    start = dealt_again(d)
    assert isinstance(start, TableDeal)
    a, b = (s for s in range(3) if s != akter)
    hands = list(start.pos.hands)
    hands[a], hands[b] = hands[b], hands[a]
    twin = with_hands(start, hands, start.pos.talon, start.pos.discard)
    for deal in (start, twin):
        for m in bidding:
            deal.move(m)
    got = web_review.weighed_calls(start, akter)
    assert got and got == web_review.weighed_calls(twin, akter)
    assert got == web_review.weighed_calls(d, akter)
