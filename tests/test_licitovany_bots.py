"""The licitovaný heuristic and pimc bots (issue 28.4): what a seat works out from its view
is what the engine allows (LICITOVANY §3, §4), the bots only ever make legal moves over
seeded random deals at three and four players, layouts are drawn consistent with the view
and the truth is one of them, pimc values cards as the solver does on the true layout,
and a bot decides the same in deals its seat cannot tell apart (its input is its view)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stolik.games.licitovany import solver
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.contract_deals import contract_deal
from stolik.games.licitovany.heuristic import HeuristicBot
from stolik.games.licitovany.knowledge import Memory, knowledge
from stolik.games.licitovany.pimc import PimcBot, card_scores
from stolik.games.licitovany.ruleset import load_ruleset
from stolik.games.licitovany.sampling import Layout, Sampler
from stolik.games.licitovany.state import Deal

RS = load_ruleset()


def _key(m: Move) -> str:
    return m.text()


@pytest.mark.parametrize("seed", range(8))
def test_the_view_gives_the_engines_legal_moves(seed: int) -> None:
    """LICITOVANY §4 (licitace, talon, contract, fleky by pair or side) and §3 (cards, the
    aktér's sevens kept back, hlášky): at every step of random deals the moves worked out
    from the seat's view are the engine's."""
    rng = random.Random(seed)
    rs = replace(RS, flek_scope="side", pauzirak="side") if seed % 2 else RS
    players = 3 + (seed % 3 == 0)
    d = Deal.random(rs, seed % players, rng, players=players)
    while not d.is_over:
        seat = d.to_act
        assert seat is not None
        k = knowledge(d.view(seat), rs)
        assert sorted(map(_key, k.legal)) == sorted(map(_key, d.legal_moves()))
        assert k.order == d.order
        moves = d.legal_moves()
        raises = [m for m in moves if m.kind == "raise"]
        d.move(rng.choice(raises if raises and rng.random() < 0.5 else moves))


def _bots(kind: str, players: int, seed: int) -> list[HeuristicBot]:
    if kind == "heuristic":
        return [HeuristicBot(seed=seed + s, ruleset=RS) for s in range(players)]
    return [PimcBot(layouts=2, seed=seed + s, ruleset=RS) if s % 2 == 0 else
            HeuristicBot(seed=seed + s, ruleset=RS) for s in range(players)]


@pytest.mark.parametrize(("kind", "seed"), [("heuristic", s) for s in range(30)] +
                         [("pimc", s) for s in range(4)])
def test_bots_make_only_legal_moves(kind: str, seed: int) -> None:
    """LICITOVANY §3, §4: each bot, given its seat's view only, returns one of the engine's
    legal moves at every step; the deal settles zero-sum (§6)."""
    rng = random.Random(seed)
    players = 3 + (seed % 4 == 0)
    d = Deal.random(RS, seed % players, rng, players=players)
    bots = _bots(kind, players, 10 * seed)
    while not d.is_over:
        seat = d.to_act
        assert seat is not None
        m = bots[seat].act(d.view(seat))
        assert _key(m) in set(map(_key, d.legal_moves()))
        d.move(m)
    assert sum(d.money()) == 0


def replay_views(d: Deal, seat: int) -> Memory:
    """The memory of a seat that saw its view at each of its turns of ``d`` so far."""
    first = d._stack[0]
    e = Deal(d.rs, d.dealer, [_cards(h) for h in first.hands], _cards(first.talon),
             players=d.players)
    memory = Memory()
    for m in d.log:
        if e.to_act == seat:
            memory.observe(e.view(seat))
        e.move(m)
    memory.observe(e.view(seat))
    return memory


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def in_play(seed: int, rung: int, cards: int) -> Deal:
    """A deal of ``rung`` with ``cards`` cards played at random."""
    d = contract_deal(RS, seed, rung)
    rng = random.Random(seed)
    while not d.is_over and cards > 0:
        d.move(rng.choice(d.legal_moves()))
        cards -= 1
    return d


@pytest.mark.parametrize("seed", range(10))
def test_layouts_fit_the_view_and_the_truth_fits(seed: int) -> None:
    """LICITOVANY §3, §4.3–§4.4: a drawn layout keeps the seat's hand, holds no card the
    seat saw played, gives each seat its count, respects the voids shown and a trump
    game's talon rule; the true layout is allowed by the same constraints."""
    rung = [1, 3, 4, 7, 8, 9][seed % 6]
    d = in_play(seed, rung, 3 + 2 * seed)
    if d.is_over:
        return
    seat = d.to_act
    assert seat is not None
    view = d.view(seat)
    memory = replay_views(d, seat)
    k = knowledge(view, RS)
    sampler = Sampler(view, k, memory)
    truth = Layout(d.pos.hands, d.pos.discard)
    for s, banned in sampler.banned.items():  # the truth is never excluded
        held = truth.discard if s < 0 else truth.hands[s]
        assert not held & banned, (s, banned)
    for c, s in sampler.fixed.items():
        assert truth.hands[s] >> c & 1
    void = dict.fromkeys(range(len(view.counts)), 0)  # from the engine's own tricks
    for t in (*d.pos.tricks, *([] if not d.pos.trick else [None])):
        leader, cards = (t.leader, t.cards) if t else (d.pos.leader, d.pos.trick)
        for j, c in enumerate(cards[1:], 1):
            who = d.order[(d.order.index(leader) + j) % 3]
            if c >> 3 != cards[0] >> 3:
                void[who] |= 0xFF << (8 * (cards[0] >> 3))
    rng = random.Random(seed)
    for _ in range(20):
        lay = sampler.draw(rng)
        assert all(not lay.hands[s] & v for s, v in void.items() if s != seat)
        assert lay.hands[seat] == view.hand
        assert [h.bit_count() for h in lay.hands] == list(view.counts)
        assert not (lay.discard | sum(lay.hands)) & memory.played()
        for s, banned in sampler.banned.items():
            held = lay.discard if s < 0 else lay.hands[s]
            assert not held & banned


@pytest.mark.parametrize(("seed", "rung"), [(1, 1), (2, 3), (3, 4), (4, 6), (5, 7),
                                            (6, 8), (7, 9), (8, 10)])
def test_pimc_on_the_true_layout_values_cards_as_the_solver(seed: int, rung: int) -> None:
    """LICITOVANY §5, §6: given the true layout only, pimc's score of each card is the
    solver's money after it (the aktér's, negated for a defender): the position (points,
    tricks, the sevens, hlášky) is rebuilt from the seat's view and memory alone."""
    d = in_play(seed, rung, 9 + seed % 7)
    if d.is_over:
        pytest.skip("the deal ended early")
    seat = d.to_act
    assert seat is not None
    view = d.view(seat)
    memory = replay_views(d, seat)
    k = knowledge(view, RS)
    values = solver.card_values(d)
    cards = sorted({c for c, _ in values})
    scores = card_scores(view, k, memory, RS, [Layout(d.pos.hands, d.pos.discard)], cards)
    sign = 1 if seat == d.pos.akter else -1
    for c in cards:
        best = max(v for (x, _), v in values.items() if x == c)
        assert scores[c] == sign * best


def swapped(d: Deal, seat: int, rng: random.Random) -> Deal | None:
    """A deal ``seat`` cannot tell from ``d``: the cards it never saw (not its own, not the
    talon it took, not played) permuted among themselves, the same moves replayed; None
    where a move is illegal there or the deal comes out the same."""
    first = d._stack[0]
    shown = first.hands[seat] | d.pos.hands[seat]
    if seat == d.pos.akter:
        shown |= first.talon
    for t in d.pos.tricks:
        shown |= sum(1 << c for c in t.cards)
    shown |= sum(1 << c for c in d.pos.trick)
    hidden = [c for c in range(32) if not shown >> c & 1]
    perm = hidden[:]
    rng.shuffle(perm)
    sigma = dict(zip(hidden, perm, strict=True))

    def mask(x: int) -> list[int]:
        return sorted(sigma.get(c, c) for c in range(32) if x >> c & 1)

    e = Deal(d.rs, d.dealer, [mask(h) for h in first.hands], mask(first.talon),
             players=d.players)
    try:
        for m in d.log:
            e.move(replace(m, cards=tuple(sigma.get(c, c) for c in m.cards)))
    except ValueError:
        return None
    return None if e.pos.hands == d.pos.hands else e


@pytest.mark.parametrize("seed", range(6))
def test_deals_the_seat_cannot_tell_apart_give_the_same_decision(seed: int) -> None:
    """Hidden information (LICITOVANY §3, §4.3): in two deals that differ only in cards
    the seat never saw, its views are equal at each of its turns, and a heuristic bot and
    a pimc bot with a fixed seed decide the same."""
    rng = random.Random(seed)
    for attempt in range(40):
        d = in_play(100 * seed + attempt, [1, 3, 7, 9][seed % 4], rng.randrange(1, 20))
        seat = d.to_act
        if seat is None:
            continue
        e = swapped(d, seat, rng)
        if e is None:
            continue
        assert d.view(seat) == e.view(seat)
        for pimc in (False, True):
            moves = []
            for deal in (d, e):
                bot = PimcBot(layouts=2, seed=seed, ruleset=RS) if pimc else \
                    HeuristicBot(seed=seed, ruleset=RS)
                bot.memory = replay_views(deal, seat)
                moves.append(bot.decide(deal.view(seat), knowledge(deal.view(seat), RS)))
            assert moves[0] == moves[1]
        return
    pytest.fail("no deal to swap")  # pragma: no cover


def _deal(hands: list[str], calls: list[str]) -> Deal:
    d = Deal.from_text(RS, dealer=2, hands=hands, talon="8B 7A")
    for c in calls:
        d.move(c)
    return d


def test_heuristic_plans_and_bids() -> None:
    """LICITOVANY §4.2, §4.4: seven trumps with the 7, the 40 and two side aces make a
    sedma and a sto (a sto needs a hláška); a hand of low cards a betl; in the licitace the
    later seat bids the lowest rung it makes, the earlier holds what it makes."""
    from stolik.deck32 import parse_mask
    from stolik.games.licitovany.heuristic import plans

    strong = {(p.rung, p.trump) for p in plans(parse_mask(
        "AL TL KL OL 9L 8L 7L AB AA 9H"), RS)}
    assert {(1, 1), (3, 1)} <= strong
    assert (7, None) in {(p.rung, p.trump) for p in plans(parse_mask(
        "7H 8H 9H 7L 8L 7B 8B 9B 7A 8A"), RS)}
    assert not plans(parse_mask("AH KL OB UA 9H 8L TB 9A KH UB"), RS)
    d = Deal.from_text(RS, dealer=0, hands=[   # F = 1, P = 2, Z = 0
        "TH KH OH UH 8H 7H TB UB 9B 8A", "AL TL KL OL 9L 8L 7L AB AA 9H",
        "AH 9A UA OA KA TA UL KB OB 7B"], talon="8B 7A")
    bots = [HeuristicBot(seed=s, ruleset=RS) for s in range(3)]
    said = []
    while d.phase == "licitace":
        seat = d.to_act or 0
        m = bots[seat].act(d.view(seat))
        said.append(f"{seat} {m.text()}")
        d.move(m)
    assert said == ["0 sedma", "1 mam", "0 sedma-cervena", "1 mam", "0 dobra", "2 sto",
                    "1 mam", "2 dobra"]
    assert d.pos.akter == 1 and d.pos.won == 3


def test_heuristic_defender_fleks_and_akter_draws_trumps() -> None:
    """LICITOVANY §4.5: a defender with three trumps, the ace among them, fleks the hra
    (not the sedma: four are wanted); §3: the aktér leading while trumps are out leads his
    highest trump, keeping the 7."""
    d = _deal(["KL OL UL 8L 7L AB AA 9H KB OB", "AL TL 9L TH KH OH UH 8H 7H TB",
               "AH 9A UA OA KA TA UB 9B 8A 7B"],
              ["dobra", "dobra", "discard 8B 9H", "contract sedma L"])
    assert d.to_act == 1
    assert HeuristicBot(ruleset=RS).act(d.view(1)).text() == "flek hra:1"
    d = _deal(["AL TL KL OL 9L 8L 7L AB AA 9H", "TH KH OH UH 8H 7H TB UB 9B 8A",
               "AH 9A UA OA KA TA UL KB OB 7B"],
              ["dobra", "dobra", "discard 8B 9H", "contract sedma L"])
    assert HeuristicBot(ruleset=RS).act(d.view(1)) == Move("dobra")   # no trumps
    d.move("dobra")
    d.move("dobra")
    assert d.phase == "play" and d.to_act == 0 == d.pos.akter
    assert HeuristicBot(ruleset=RS).act(d.view(0)).text() == "AL"


@pytest.mark.parametrize("seed", [0, 12, 17, 24, 32, 33, 5, 9])
def test_cards_pimc_merges_are_worth_the_same(seed: int) -> None:
    """LICITOVANY §2, §3: cards pimc solves once for another (of one suit, no card still
    out between them, the same points) are worth the same to the solver on the true
    layout (the first six positions hold such a pair)."""
    from stolik.games.licitovany.pimc import equals

    d = in_play(300 + seed, [1, 3, 7, 8][seed % 4], 6 + seed % 12)
    assert not d.is_over
    seat = d.to_act
    assert seat is not None
    view = d.view(seat)
    k = knowledge(view, RS)
    values = solver.card_values(d)
    cards = sorted({c for c, _ in values})
    rep = equals(cards, view, k, replay_views(d, seat))
    assert seed in (5, 9) or any(rep[c] != c for c in cards)
    for c in cards:
        assert max(v for (x, _), v in values.items() if x == c) == \
            max(v for (x, _), v in values.items() if x == rep[c])


def test_announced_hlasky_place_their_other_card() -> None:
    """LICITOVANY §3: a hláška is announced with the first card of a pair held whole, so
    the seat holds the other card until it plays it; the sampler places it there, and
    over random plays announcing most hlášky it is right every time it does."""
    from stolik.games.licitovany.sampling import partners

    placed = 0
    for seed in range(80):
        d = contract_deal(RS, seed, [1, 3, 4, 5][seed % 4])
        rng = random.Random(seed)
        for _ in range(rng.randrange(3, 28)):
            if d.is_over:
                break
            moves = d.legal_moves()
            hl = [m for m in moves if m.hlaska]
            d.move(rng.choice(hl) if hl and rng.random() < 0.8 else rng.choice(moves))
        if d.is_over or d.to_act is None:
            continue
        seat = d.to_act
        view = d.view(seat)
        for x, s in partners(view, knowledge(view, RS), replay_views(d, seat)).items():
            assert d.pos.hands[s] >> x & 1
            placed += 1
    assert placed >= 10


def test_pimc_names_the_contract_of_the_best_mean() -> None:
    """LICITOVANY §4.4, §5, §6: after the discard pimc names the contract whose solved
    layouts pay the aktér most: with the lowest cards of every suit, a betl (15 units a
    pair, made whatever the defenders hold) rather than a hopeless sedma or omyl; with the
    tops of every suit and the 40 in hearts, a sto červených, worth more than the durch."""
    d = _deal(["7H 8H 9H 7L 8L 9L 7B 9B TB 9A", "AH KH OH UH TH AL KL OL UL TL",
               "AB KB OB UB AA KA OA UA TA 8A"], ["dobra", "dobra", "discard TB 9A"])
    assert d.phase == "contract" and d.pos.akter == 0
    assert PimcBot(layouts=3, seed=1, ruleset=RS).act(d.view(0)).text() == "contract betl"
    d = _deal(["AH KH OH UH AL KL OL AB KB AA", "TH 9H 8H 7H UL TL 9L 8L 7L OB",
               "UB TB 9B 7B KA OA UA TA 9A 8A"], ["dobra", "dobra", "discard 8B 7A"])
    assert PimcBot(layouts=3, seed=1, ruleset=RS).act(d.view(0)).text() == \
        "contract sto-cervenych"


def test_pimc_fleks_by_solved_layouts() -> None:
    """LICITOVANY §4.5, §6: a defender raises a component by its mean money over solved
    layouts: holding the ace, the ten and a third trump against a sedma he fleks the sedma
    (he keeps a trump to beat the 7 in trick 10, §5); against a sure betl he says dobra."""
    d = _deal(["KL OL UL 8L 7L AB AA 9H KB OB", "AL TL 9L TH KH OH UH 8H 7H TB",
               "AH 9A UA OA KA TA UB 9B 8A 7B"],
              ["dobra", "dobra", "discard 8B 9H", "contract sedma L"])
    move = PimcBot(layouts=6, seed=1, ruleset=RS).act(d.view(1))
    assert move.kind == "raise" and ("sedma", 1) in move.raises
    d = _deal(["7H 8H 9H 7L 8L 9L 7B 9B TB 9A", "AH KH OH UH TH AL KL OL UL TL",
               "AB KB OB UB AA KA OA UA TA 8A"],
              ["dobra", "dobra", "discard TB 9A", "contract betl"])
    assert PimcBot(layouts=6, seed=1, ruleset=RS).act(d.view(1)) == Move("dobra")
