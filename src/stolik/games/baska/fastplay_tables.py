"""The random-play kernel's per-ruleset tables (RULES §3–§9 as data): the ladder, the
requirements, the doubling rules, the card orders and the scoring values of a ruleset,
built once into small-int tables (:func:`tables_for`) FROM THE RULESET DATA, so a user's
ruleset file is simulated as faithfully as a shipped one.

Re-exported by :mod:`stolik.games.baska.fastplay`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK, TOTAL_POINTS
from stolik.games.baska.laid_down import answers as laid_down_answers
from stolik.games.baska.ruleset import CATEGORIES, Contract, Ruleset

# ---------------------------------------------------------------- ruleset tables

PAIRS, LONE_POINTS, LONE_ALL, HONOUR = 0, 1, 2, 3
"""Kernel game kinds: a 2 v 2 game, a lone game to points or to all tricks, an honour."""


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the kernel reads about one ruleset, derived from its data.

    Games are numbered 0 = zwykla, 1 = cicha, 2 + i = ladder contract i. Call codes: 0 pass,
    1 + i ladder contract i, and in a legal-call mask bit ``1 + len(ladder)`` is "the next
    doubling"; in records a doubling to level l is code ``len(ladder) + l``.
    """

    rs: Ruleset
    games: tuple[Contract, ...]
    n_ladder: int
    double_bit: int
    contracts_of_hand: tuple[int, ...]
    """Call mask (pass bit included) of the contracts a 4-card hand may call by requirements."""
    above_first: tuple[int, ...]
    """By current contract code (0 none): the call mask allowed in the first round."""
    above_later: tuple[int, ...]
    """… after the first round."""
    turns: tuple[tuple[tuple[int, tuple[int, ...], bool], ...], ...]
    """By forehand: the auction's turns as (seat, above_first or above_later, whether three
    passes end the auction here), longer than any auction can be."""
    choices: Sequence[tuple[int, ...]] | _Choices
    """Legal-call mask → call codes (a doubling as code 1 + len(ladder))."""
    double_seats: tuple[tuple[int, int, int, int], ...]
    """4-bit seat mask → per-seat call mask bit of "may double now"."""
    first_doublers: tuple[tuple[tuple[int, int, int, int], ...], ...]
    """By game, by declaring-side seat mask: per seat, double bit of the first doubling."""
    max_level: tuple[int, ...]
    kind: tuple[int, ...]
    wesele_partners: tuple[tuple[int, ...], ...]
    win: tuple[int, ...]
    loss: tuple[int, ...]
    group: tuple[tuple[int, ...], ...]
    beats: tuple[tuple[int, ...], ...]
    trumps: tuple[int, ...]
    starzy_cards: tuple[int, int]
    points_to_win: int
    first_doubler_loses_tie: bool
    value_team_won: tuple[int, ...]
    """2 v 2 value when the declaring side won, by losers' points × 5 + losers' tricks."""
    value_team_lost: tuple[int, ...]
    bok_round_deals: int
    call_pairs: tuple[tuple[tuple[int, Call], ...], ...]
    """By seat, by record code: the (seat, Call) entry of a deal record."""
    card_pairs: tuple[tuple[int, int], ...]
    """By seat × 16 + card: the (seat, card) entry of a deal record."""
    laid_down: tuple[dict[int, bool], ...] = ()
    """By game: laid down or not, by hand << 2 | place after forehand (RULES §7)."""


def _codes(mask: int) -> tuple[int, ...]:
    """The call codes of the bits of a legal-call mask."""
    return tuple(code for code in range(mask.bit_length()) if mask >> code & 1)


class _Choices(dict[int, tuple[int, ...]]):
    """Legal-call mask → call codes, filled on demand (for long ladders)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        codes = self[mask] = _codes(mask)
        return codes


_EAGER_LADDER = 12
"""Up to this many contracts the legal-call table is built in full (2^(n+2) entries)."""


def _first_doublers(c: Contract, team: int, double_bit: int) -> tuple[int, int, int, int]:
    """RULES §4, who may make the first doubling of ``c`` when ``team`` is its declaring
    side: nobody if it cannot be doubled; its opponents; either side if its rule says
    "any" — except the cicha player, who may only answer a doubling."""
    if c.max_level == 0:
        return (0, 0, 0, 0)
    may_declaring = c.first_double == "any" and c.kind != "cicha"
    return _per_seat([double_bit if (may_declaring or not team >> s & 1) else 0
                      for s in range(4)])


def _per_seat(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _plain_values(rs: Ruleset, team_won: bool) -> tuple[int, ...]:
    """RULES §5, §7: the 2 v 2 value by the losers' points and tricks."""
    win_side, lose_side = ("starzy", "mlodzi") if team_won else ("mlodzi", "starzy")
    wy = rs.plain.wyjscie[lose_side]
    vals = rs.plain.values[win_side]
    out = []
    for pts in range(TOTAL_POINTS + 1):
        for tricks in range(5):
            if tricks == 0:
                cat = "bez_bitki"
            elif not wy.reached(pts, tricks):
                cat = "bez_wyjscia"
            else:
                cat = "z_wyjsciem"
            assert cat in CATEGORIES
            out.append(vals[cat])
    return tuple(out)


@lru_cache(maxsize=16)
def tables_for(rs: Ruleset) -> Tables:
    """The kernel tables of a ruleset (cached per ruleset object)."""
    ladder = rs.ladder
    n = len(ladder)
    double_bit = 1 << (n + 1)
    games = (rs.zwykla, rs.cicha, *ladder)
    # RULES §7: every laid-down hand of each lone game that a limit can bind, looked up by
    # hand << 2 | place after forehand (computed once per machine, then read from a cache).
    laid_down = tuple(
        laid_down_answers(rs, c) if c.lone and c.kind != "honour"
        and c.max_level > rs.laid_down_max_level else {}
        for c in games
    )

    hand_calls = [0] * (1 << 16)
    for cards in combinations(range(16), 4):
        hand = DECK.mask_of(cards)
        m = 1
        for i, c in enumerate(ladder):
            if not c.requires & ~hand:
                m |= 1 << (1 + i)
        hand_calls[hand] = m

    def above(cur: int, first_round: bool) -> int:
        m = 1 | double_bit  # pass and the doubling are never masked by the ladder
        for i, c in enumerate(ladder):
            if cur and c.rank <= ladder[cur - 1].rank:
                continue
            if c.first_round_only and not first_round:
                continue
            if c.opening_only and cur:
                continue
            m |= 1 << (1 + i)
        return m

    above_first = tuple(above(cur, True) for cur in range(n + 1))
    above_later = tuple(above(cur, False) for cur in range(n + 1))
    # Calls other than pass: at most n contracts (each ranks above the last) and, for each
    # game, its doublings; at most two passes between them, three before the first and
    # three at the end.
    bids = n + (n + 1) * max(c.max_level for c in games)
    length = 3 + 3 * bids + 3 + 1
    turns = tuple(
        tuple(((fh + 1 + k) % 4, above_first if k < 4 else above_later, k >= 3)
              for k in range(length))
        for fh in range(4)
    )
    choices: Sequence[tuple[int, ...]] | _Choices = _Choices()
    if n <= _EAGER_LADDER:
        choices = tuple(_codes(m) for m in range(1 << (n + 2)))
    double_seats = tuple(
        _per_seat([double_bit if mask >> s & 1 else 0 for s in range(4)]) for mask in range(16)
    )
    first_doublers = tuple(
        tuple(_first_doublers(c, team, double_bit) for team in range(16)) for c in games
    )

    def kind(c: Contract) -> int:
        if c.kind == "honour":
            return HONOUR
        if c.goal == "all-tricks":
            return LONE_ALL if c.lone else -1
        return LONE_POINTS if c.lone else PAIRS

    kinds = tuple(kind(c) for c in games)
    if -1 in kinds:  # pragma: no cover - the ruleset reader never builds such a game
        raise ValueError("a 2 v 2 game to all tricks is not simulated")
    orders = [rs.order_of(c) for c in games]
    rec_calls: list[Call] = [PASS, *(Call("contract", c.id) for c in ladder)]
    rec_calls += [Call("double", level=lv) for lv in range(1, len(rs.doublings) + 1)]
    starzy = DECK.cards_of(rs.plain.starzy)
    return Tables(
        rs=rs, games=games, n_ladder=n, double_bit=double_bit,
        contracts_of_hand=tuple(hand_calls),
        above_first=above_first, above_later=above_later, turns=turns,
        choices=choices, double_seats=double_seats,
        first_doublers=first_doublers,
        max_level=tuple(c.max_level for c in games), kind=kinds,
        wesele_partners=tuple(c.partner_cards for c in games),
        win=tuple(c.win for c in games), loss=tuple(c.loss for c in games),
        group=tuple(tuple(o.group) for o in orders),
        beats=tuple(tuple(o.beats) for o in orders),
        trumps=tuple(o.trump_mask for o in orders),
        starzy_cards=(starzy[0], starzy[1]),
        points_to_win=rs.points_to_win,
        first_doubler_loses_tie=rs.doubled_tie_loser == "first-doubler",
        value_team_won=_plain_values(rs, True), value_team_lost=_plain_values(rs, False),
        bok_round_deals=rs.series.bok_round_deals, laid_down=laid_down,
        call_pairs=tuple(tuple((s, c) for c in rec_calls) for s in range(4)),
        card_pairs=tuple((s, c) for s in range(4) for c in range(16)),
    )
