"""Spectators learn nothing a seat would not (issue 24.6), at a table of each game.

A spectator's state is built for nobody's seat, and a seated player may open a spectator
window beside his own: so what a spectator is shown must be public — at most what every
seat is shown. Two properties, tested on whole deals of bots as the seats' views are
(``tests/test_web_play_marias.py``, ``tests/test_web_play_betel.py``):

- **twins**: two deals that differ only in hidden information — two unplayed cards of two
  different hands swapped (or a hand's and the Betel dubel's), the same public history
  replayed on both — give a spectator byte-identical state messages, in English and
  Polish, while the deal is in play (once it is settled the reveal shows the hands). The
  swaps are steered to the secrets of each game: who holds Mariáš' called card (MARIAS
  §4.1, §4.3), who holds Baśka's two starzy cards and so whether a cicha is played (RULES
  §7), what lies in the Betel dubel (BETEL §3);
- **the intersection**: a spectator is shown no hand and no move; the trick on the felt,
  the piles and the open hands of a Mariáš betl as every seat is; a finished trick only
  when every seat is shown that very trick — in Mariáš none, since a seat may look at its
  own last trick only (MARIAS §3, seed §9), in Baśka and Betel the last trick, which every
  seat is shown (RULES §3, 000 §7k: at most the last trick; BETEL §4: every card is played
  in front of everyone); a side, a partner or a contract only where every seat is shown
  the same.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from stolik.games.baska.deck import DECK
from stolik.games.baska.state import Deal as BaskaDeal
from stolik.games.baska.web import BaskaMatch
from stolik.games.betel.state import Deal as BetelDeal
from stolik.games.betel.web import BetelMatch
from stolik.games.marias.state import Deal as MariasDeal
from stolik.games.marias.view import own_last_trick
from stolik.games.marias.web import MariasMatch
from stolik.web.play.game import GAMES, Match, Played, SeatSpec

Msg = dict[str, Any]
Layout = list[list[int]]
"""A deal as dealt, place by place: each hand's cards (and Betel's dubel last)."""


def _baska_layout(m: Match) -> Layout:
    assert isinstance(m, BaskaMatch)
    return [DECK.cards_of(h) for h in m.s.deal.initial_hands]


def _baska_build(m: Match, layout: Layout) -> BaskaDeal:
    assert isinstance(m, BaskaMatch)
    d = m.s.deal
    return BaskaDeal(d.rs, d.dealer, [DECK.mask_of(h) for h in layout], bok_deal=d.bok_deal)


def _baska_secret(m: Match) -> object:
    """Who holds the starzy cards (RULES §7: both in one hand make a cicha)."""
    assert isinstance(m, BaskaMatch)
    d = m.s.deal
    return tuple(s for s in range(4) if d.initial_hands[s] & d.rs.plain.starzy)


def _marias_build(m: Match, layout: Layout) -> MariasDeal:
    assert isinstance(m, MariasMatch)
    return MariasDeal(m.deal.rs, m.deal.dealer, layout)


def _marias_secret(m: Match) -> object:
    """Who was dealt the called card (MARIAS §4.1: the chooser's partner, or he himself)."""
    d = _deal_of(m)
    called = d.pos.called
    return None if called < 0 else next(s for s in range(4) if d.initial_hands[s] >> called & 1)


def _betel_build(m: Match, layout: Layout) -> BetelDeal:
    assert isinstance(m, BetelMatch)
    return BetelDeal(m.deal.rs, m.deal.dealer, layout[:3], layout[3])


def _baska_set(m: Match, deal: Any) -> None:
    assert isinstance(m, BaskaMatch)
    m.s.deal = deal


def _deal_set(m: Match, deal: Any) -> None:
    assert isinstance(m, MariasMatch | BetelMatch)
    m.deal = deal


def _deal_of(m: Match) -> Any:
    if isinstance(m, BaskaMatch):
        return m.s.deal
    assert isinstance(m, MariasMatch | BetelMatch)
    return m.deal


@dataclass(frozen=True)
class Game:
    """A game's table as these tests drive it."""

    name: str
    seats: int
    layout: Callable[[Match], Layout]
    build: Callable[[Match, Layout], Any]
    set_deal: Callable[[Match, Any], None]
    unplayed: Callable[[Any], set[int]]
    """The cards nobody has played yet (in the hands, and in the Betel dubel)."""
    steer: Callable[[Any], set[int]]
    """The cards whose place is the game's secret: a swap moves one of them half the time."""
    secret: Callable[[Match], object]
    """The hidden fact the steered swaps change (counted: the test must reach it)."""
    shown: Callable[[Any], object]
    """What the deal shows every seat that its log does not say (the same in twins):
    Baśka's laid-down cicha (RULES §7), Mariáš' marriages (MARIAS §3) and the hands of an
    open betl (MARIAS §4.6); Betel shows nothing more."""


def _mask_cards(masks: tuple[int, ...], bits: int = 0) -> set[int]:
    return {c for c in range(32) if any(h >> c & 1 for h in masks) or bits >> c & 1}


GAME_LIST = [
    Game("baska", 4, _baska_layout, _baska_build, _baska_set,
         lambda d: set(DECK.cards_of(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3])),
         lambda d: set(DECK.cards_of(d.rs.plain.starzy)), _baska_secret,
         lambda d: d.view(0).announcements),
    Game("marias", 4, lambda m: [list(h) for h in _deal_of(m).dealt], _marias_build,
         _deal_set, lambda d: _mask_cards(d.hands),
         lambda d: {d.pos.called} if d.pos.called >= 0 else set(),
         _marias_secret, lambda d: (d.pos.marriages, d.view(0).open_hands)),
    Game("betel", 3, lambda m: [list(h) for h in _deal_of(m).dealt]
         + [list(_deal_of(m).dealt_dubel)], _betel_build, _deal_set,
         lambda d: _mask_cards(d.hands) | set(d.pos.dubel),
         lambda d: set(d.pos.dubel), lambda m: _deal_of(m).pos.dubel, lambda d: None),
]
GAMES_BY_NAME = {g.name: g for g in GAME_LIST}


def table(game: Game, seed: int) -> Match:
    """A one-deal series of the game, every seat a fast bot (random or heuristic)."""
    kind = GAMES.get(game.name)
    cfg = kind.check_config({"deals": 1, "seed": seed})
    bots = ["heuristic" if (seed + s) % 3 else "random" for s in range(game.seats)]
    return kind.new_match(cfg, [SeatSpec(bot=b, name=f"P{s}") for s, b in enumerate(bots)],
                          lambda p: None)


def twin_of(game: Game, m: Match, rng: random.Random) -> Any | None:
    """The deal on ``m``'s table with two unplayed cards of two different places swapped
    (one of them a card of the game's secret half the time), its log replayed; None when
    the other layout could not have made the same public history, or shows what the deal does
    not."""
    deal = _deal_of(m)
    layout = game.layout(m)
    free = game.unplayed(deal)
    places = [(h, i) for h, cards in enumerate(layout) for i, c in enumerate(cards)
              if c in free]
    steered = [p for p in places if layout[p[0]][p[1]] in game.steer(deal)]
    a = rng.choice(steered) if steered and rng.random() < 0.5 else rng.choice(places)
    others = [p for p in places if p[0] != a[0]]
    if not others:
        return None
    b = rng.choice(others)
    layout[a[0]][a[1]], layout[b[0]][b[1]] = layout[b[0]][b[1]], layout[a[0]][a[1]]
    other = game.build(m, layout)
    try:
        for op in deal.log:
            other.apply(op)
    except ValueError:  # IllegalMove and the game's other refusals
        return None
    return other if game.shown(other) == game.shown(deal) else None


def spectator_json(m: Match) -> list[str]:
    return [json.dumps(m.state(None, lang), sort_keys=True) for lang in ("en", "pl")]


def play_one(m: Match) -> None:
    seat = m.to_act()
    assert seat is not None
    m.apply(seat, m.bot_move(seat))


@pytest.mark.parametrize("name", list(GAMES_BY_NAME))
def test_twin_deals_give_a_spectator_identical_messages(name: str) -> None:
    """Issue 24.6: at every step of whole deals, layouts that differ only in cards nobody
    has shown give a spectator the same state message, byte for byte, in en and pl — among
    them layouts whose secret (the called card's holder, the starzy cards' holders, the
    dubel) differs."""
    game = GAMES_BY_NAME[name]
    rng = random.Random(24_6)
    compared = secret_differs = 0
    for seed in range(12):
        m, twin = table(game, seed), table(game, seed)
        while not _deal_of(m).is_over:
            for _ in range(3):
                other = twin_of(game, m, rng)
                if other is None or other.is_over:
                    continue
                game.set_deal(twin, other)
                assert spectator_json(twin) == spectator_json(m), (name, seed,
                                                                   len(other.log))
                compared += 1
                secret_differs += game.secret(twin) != game.secret(m)
            play_one(m)
    assert compared > 400 and secret_differs > 150, (compared, secret_differs)


def test_the_twin_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """No stub: a spectator state that names a hand (here seat 1's, through the seat's
    own message) differs between twins, and a twin's secret is reached."""
    game = GAMES_BY_NAME["marias"]
    m, twin = table(game, 3), table(game, 3)
    while _deal_of(m).pos.called < 0:  # the choice made: a called card to move
        play_one(m)
    rng = random.Random(1)
    for _ in range(1000):
        other = twin_of(game, m, rng)
        if other is not None:
            game.set_deal(twin, other)
            if game.secret(twin) != game.secret(m):
                break
    assert game.secret(twin) != game.secret(m)
    original = MariasMatch.state

    def leaky(self: MariasMatch, seat: int | None, lang: str) -> Msg:
        msg = original(self, seat, lang)
        if seat is None:
            msg["deal"]["hand"] = original(self, 1, lang)["deal"]["hand"]
        return msg

    assert spectator_json(twin) == spectator_json(m)
    monkeypatch.setattr(MariasMatch, "state", leaky)
    assert spectator_json(twin) != spectator_json(m)


def check_intersection(m: Match, seats: int) -> tuple[bool, bool]:
    """Assert the spectator's deal message shows at most what every seat's does; (whether
    it shows a finished trick, whether some seat is shown one it is not)."""
    spec = m.state(None, "en")["deal"]
    views = [m.state(s, "en")["deal"] for s in range(seats)]
    assert spec["hand"] == [] and spec["legal"] == []
    for key in ("trick", "tricks", "open_hands"):
        assert all(v.get(key) == spec.get(key) for v in views), key
    lt = spec["last_trick"]
    assert lt is None or all(v["last_trick"] == lt for v in views), (lt, views)
    for key in ("contract", "declarer", "partner"):
        assert spec.get(key) is None or all(v.get(key) == spec[key] for v in views), key
    for s, side in enumerate(spec["sides"]):
        assert side is None or all(v["sides"][s] == side for v in views), (s, spec["sides"])
    for row in spec.get("card_rows", []):  # the Betel dubel, face down (BETEL §3)
        assert all(c is None for c in row["cards"])
    return lt is not None, lt is None and any(v["last_trick"] for v in views)


@pytest.mark.parametrize("name", list(GAMES_BY_NAME))
def test_a_spectator_sees_at_most_what_every_seat_sees(name: str) -> None:
    """Issue 24.6 at every step of whole deals: the spectator's message against every
    seat's (:func:`check_intersection`), and each move as echoed to him as the other seats
    read it (the Mariáš trump card and the Betel dubel cards face down). A Mariáš
    spectator is never shown a finished trick (MARIAS §3, seed §9) while seats are shown
    their own; a Baśka and a Betel spectator are shown the last trick, as every seat is
    (RULES §3; BETEL §4)."""
    game = GAMES_BY_NAME[name]
    shown = withheld = 0
    for seed in range(8):
        m = table(game, seed)
        while not _deal_of(m).is_over:
            a, b = check_intersection(m, game.seats)
            shown += a
            withheld += b
            seat = m.to_act()
            assert seat is not None
            move = Played(seat, m.bot_move(seat))
            m.apply(seat, move.move)
            seen_move = getattr(m, "seen_move", None)  # Baśka's moves are all public
            if seen_move is not None:  # the echoed move: as the other seats read it
                spectator = seen_move(None, move)
                assert all(seen_move(s, move) == spectator
                           for s in range(game.seats) if s != seat), move
    if name == "marias":
        assert shown == 0 and withheld > 50, (shown, withheld)
    else:
        assert shown > 20 and withheld == 0, (shown, withheld)


def test_a_mariash_spectator_was_shown_a_trick_no_loser_may_look_at() -> None:
    """The defect of issue 24.6, pinned: after the first trick of a Mariáš deal only its
    taker may look at it (seed §9; in a betl or durch the soloist, who collects every
    trick, seed §7), and the spectator — who used to get ``history[-1]``
    — is shown nothing either."""
    game = GAMES_BY_NAME["marias"]
    m = table(game, 2)
    deal = _deal_of(m)
    while not deal.history:
        play_one(m)
    looks = [m.state(s, "en")["deal"]["last_trick"] is not None for s in range(4)]
    assert looks == [own_last_trick(deal, s) is not None for s in range(4)]
    assert looks.count(True) == 1  # its taker (in a betl or durch, the soloist)
    assert m.state(None, "en")["deal"]["last_trick"] is None
