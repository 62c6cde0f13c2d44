"""Baśka's part of ``stolik rules`` (:mod:`stolik.cli.rules`): a ruleset's row in ``rules
list``, and ``rules show``, the ruleset printed for a referee.

``show`` lays the ruleset out in the order of the paper regulations and of RULES.md: card
orders, the ladder, the scoring tables by doubling level (values v·2^level up to the highest
level allowed, ``X`` beyond — the regulation's own table), doublings, 52:52, revoke, series.
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from stolik.cli.common import Para, fmt_number, new_table
from stolik.games.baska.deck import DECK
from stolik.games.baska.ruleset import CATEGORIES, Contract, Ruleset
from stolik.tricks import CardOrder

KIND_LABEL = {
    "plain": "plain, 2 v 2",
    "cicha": "cicha, 1 v 3",
    "wesele": "wedding, 2 v 2",
    "solo": "solo, 1 v 3",
    "honour": "honour, 1 v 3",
}

CATEGORY_LABEL = {
    "z_wyjsciem": "z wyjściem",
    "bez_wyjscia": "bez wyjścia",
    "bez_bitki": "bez bitki",
}

ORDER_LABEL = {"normal": "normal order (zwykły porządek)", "gran": "gran order (porządek "
               "granowy)"}


def _cards(cards: list[int] | tuple[int, ...], ascii: bool) -> str:
    return DECK.format(cards, ascii=ascii) if cards else "—"


def _mask(mask: int, ascii: bool) -> str:
    return DECK.format_mask(mask, ascii=ascii) if mask else "—"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _heading(title: str) -> Text:
    return Text.assemble("\n", (title, "bold underline"))


def _para(text: str) -> Para:
    return Para(text)


def _short(name: str) -> str:
    """A contract's name without its parenthesis: ``Baszka (cztery damy)`` → ``Baszka``."""
    return name.split(" (")[0]


# ---------------------------------------------------------------- rules list

LIST_COLUMNS = (("source", "left"), ("series (deals)", "right"))
"""The columns ``stolik rules list`` adds after a Baśka ruleset's id and name: (header,
justification)."""


def list_row(rs: Ruleset) -> tuple[str, ...]:
    """A Baśka ruleset's cells under :data:`LIST_COLUMNS`: the regulation (seed) it encodes
    and its series lengths (RULES §9).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> list_row(load_ruleset("linia"))
    ('seed 003', '32')
    """
    return (rs.source or "—", ", ".join(str(n) for n in rs.series.lengths))


# ---------------------------------------------------------------- rules show


def render_ruleset(rs: Ruleset, console: Console, *, ascii: bool = False) -> None:
    """Write every section of a ruleset to ``console``: card orders (trumfy / fele, RULES
    §2), the ladder (§4), the scoring tables by doubling level (§7), cicha and wyjście,
    doublings, 52:52 (§5, §6), revoke (§8), series and place points (§9), bok-rounds and
    the tournament penalties (§10)."""
    where = rs.path or f"shipped ({rs.id}.toml)"
    console.print(Text(rs.name, style="bold"))
    console.print(f"id {rs.id} · source {rs.source or '—'} · file {where}")
    for section in (_orders(rs, ascii), _ladder(rs, ascii), _plain_table(rs, ascii),
                    _lone_table(rs, ascii), _cicha_and_wyjscie(rs, ascii),
                    _doubling(rs, ascii), _ties(rs), _revoke(rs), _series(rs),
                    _tournament(rs)):
        console.print(section)


def _orders(rs: Ruleset, ascii: bool) -> RenderableType:
    rows: list[RenderableType] = [_heading("Card order — starszeństwo kart (RULES §2)")]
    users: dict[str, list[str]] = {name: [] for name in rs.orders}
    for c in (rs.zwykla, rs.cicha, *rs.ladder):
        if c.kind != "honour":
            users[c.order].append({"plain": "zwykła gra"}.get(c.kind, c.id))
    for name, order in rs.orders.items():
        label = ORDER_LABEL.get(name, f"{name} order")
        rows.append(Text.assemble("  ", (label, "bold"),
                                  f" — {', '.join(users[name]) or 'no game'}"))
        rows.append(_order_table(order, ascii))
    return Group(*rows)


def _order_table(order: CardOrder, ascii: bool) -> Table:
    t = Table(box=None, show_header=False, padding=(0, 1, 0, 4))
    t.add_column(style="italic")
    t.add_column()
    t.add_row("trumfy (trumps), high → low", f"{_cards(order.trumps, ascii)}"
              f"   ({len(order.trumps)})")
    for suit in order.fele:
        s = DECK[suit[0]].suit
        t.add_row(f"fele (non-trumps) {s.letter if ascii else s.symbol} {s.polish}",
                  _cards(suit, ascii))
    return t


def _to_win(c: Contract, rs: Ruleset) -> str:
    if c.kind == "honour":
        return "wins at once"
    if c.goal == "all-tricks":
        return "all 4 tricks"
    return f"≥ {rs.points_to_win} points"


def _when(c: Contract) -> str:
    parts = []
    if c.first_round_only:
        parts.append("1st round")
    if c.opening_only:
        parts.append("no contract yet")
    return ", ".join(parts) or "—"


def _ladder(rs: Ruleset, ascii: bool) -> RenderableType:
    t = new_table(ascii)
    t.add_column("#", justify="right")
    t.add_column("call")
    t.add_column("name")
    t.add_column("kind")
    t.add_column("holds")
    t.add_column("to win")
    t.add_column("may be called", no_wrap=True)
    for c in rs.ladder:
        t.add_row(str(c.rank + 1), c.id, _short(c.name), KIND_LABEL[c.kind],
                  _mask(c.requires, ascii), _to_win(c, rs), _when(c))
    notes: list[RenderableType] = [
        _heading("Contracts — licytacja (auction ladder), lowest first (RULES §4)"), t]
    for c in rs.ladder:
        if c.kind == "wesele":
            notes.append(_para(
                f"{c.id}: the partner is the holder of the first of "
                f"{_cards(c.partner_cards, ascii)} not in the declarer's hand; he shows "
                "himself by playing."))
    queens = _mask(rs.plain.starzy, ascii)
    notes.append(_para(
        "A call must rank above the current contract; a new contract voids its doublings. "
        "Honours (honory) are settled at once, no cards played. "
        f"No contract: cicha if one player holds {queens}, else zwykła gra (plain game): "
        f"the holders of {queens} are starzy (old side) against młodzi (young side)."))
    return Group(*notes)


def _level_columns(t: Table, rs: Ruleset) -> None:
    t.add_column("bez kontry", justify="right")
    for name in rs.doublings:
        t.add_column(name, justify="right")


def _level_values(value: int, max_level: int, rs: Ruleset) -> list[str]:
    return [str(value << lvl) if lvl <= max_level else "X"
            for lvl in range(len(rs.doublings) + 1)]


def _plain_table(rs: Ruleset, ascii: bool) -> RenderableType:
    wesele = [c for c in rs.ladder if c.kind == "wesele"]
    games = "Zwykła gra (plain game)" + (" and wesele (wedding)" if wesele else "")
    t = new_table(ascii)
    t.add_column("wynik (result)")
    t.add_column("paid")
    _level_columns(t, rs)
    for cat in CATEGORIES:
        for side, other in (("starzy", "młodzi"), ("mlodzi", "starzy")):
            winner = "starzy" if side == "starzy" else "młodzi"
            t.add_row(f"{winner} win {CATEGORY_LABEL[cat]}", f"{other} → {winner}",
                      *_level_values(rs.plain.values[side][cat], rs.zwykla.max_level, rs))
    parts: list[RenderableType] = [
        _heading(f"{games} — 2 v 2: each winner +v, each loser −v (RULES §7)"), t]
    for c in wesele:
        if c.max_level != rs.zwykla.max_level:
            parts.append(_para(f"{c.id}: at most {c.max_level} doublings "
                               f"(zwykła gra: {rs.zwykla.max_level})."))
    parts.append(_para(
        "z wyjściem: the losers reached their wyjście (escape); bez wyjścia: they did not; "
        "bez bitki: they took no trick. X: no such doubling."))
    return Group(*parts)


def _lone_table(rs: Ruleset, ascii: bool) -> RenderableType:
    t = new_table(ascii)
    t.add_column("gra (game)")
    t.add_column("wynik (result)")
    _level_columns(t, rs)
    for c in (*reversed(rs.ladder), rs.cicha):
        if c.kind not in ("solo", "honour", "cicha"):
            continue
        t.add_row(_short(c.name), "wygrana (won)", *_level_values(c.win, c.max_level, rs))
        if c.kind != "honour":
            t.add_row("", "przegrana (lost)", *_level_values(c.loss, c.max_level, rs))
    bok = (" On a bok-runda deal every value is doubled once more (RULES §6)."
           if rs.series.bok_round_deals else "")
    return Group(
        _heading("Lone games — 1 v 3: the lone player ±3v, each other ∓v (RULES §7)"), t,
        _para("Values are per opponent: a won game is paid od każdego (from each), a lost "
              f"one dla każdego (to each).{bok}"))


def _cicha_and_wyjscie(rs: Ruleset, ascii: bool) -> RenderableType:
    queens = _mask(rs.plain.starzy, ascii)
    wy = rs.plain.wyjscie

    def escape(side: str) -> str:
        w = wy[side]
        tricks = f" or {w.tricks} tricks" if w.tricks is not None else ""
        return f"{w.points} points{tricks}"

    return Group(
        _heading("Cicha (silent game) and wyjście (escape) — RULES §4, §5"),
        _para(f"cicha: nobody called a contract and one player holds {queens}: he plays "
              "alone against three, unannounced, and needs "
              f"≥ {rs.points_to_win} points. Win {rs.cicha.win}, loss {rs.cicha.loss}, "
              f"at most {rs.cicha.max_level} doublings."),
        _para(f"wyjście: starzy {escape('starzy')}, młodzi {escape('mlodzi')} — losers "
              "below it lose bez wyjścia (without escape)."),
    )


def _first_double(c: Contract) -> str:
    if c.kind == "honour":
        return "cannot be doubled"
    if c.kind == "cicha":
        return "the opponents (the cicha player may only answer)"
    if c.kind == "solo":
        return "the declarer's opponents"
    if c.first_double == "any":
        return "either side"
    return "młodzi (starzy are 'in contract')"


def _doubling(rs: Ruleset, ascii: bool) -> RenderableType:
    names = ", ".join(f"{i} {n}" for i, n in enumerate(rs.doublings, 1))
    t = new_table(ascii)
    t.add_column("game")
    t.add_column("first doubling by")
    t.add_column("at most")
    seen: set[tuple[str, str, int]] = set()
    for c in (rs.zwykla, rs.cicha, *rs.ladder):
        key = (c.kind, _first_double(c), c.max_level)
        if c.kind in ("solo", "honour"):
            if key in seen:
                continue
            label = ", ".join(x.id for x in rs.ladder
                              if (x.kind, _first_double(x), x.max_level) == key)
        else:
            label = {"plain": "zwykła gra"}.get(c.kind, c.id)
        seen.add(key)
        most = f"{c.max_level} ({rs.doubling_name(c.max_level)})" if c.max_level else "—"
        t.add_row(label, key[1], most)
    laid = rs.laid_down_max_level
    laid_text = ("no doubling at all" if laid == 0 else
                 f"only a {rs.doublings[0]} (no {rs.doublings[1]})"
                 if laid == 1 and len(rs.doublings) > 1
                 else f"at most {laid} doublings (up to {rs.doubling_name(laid)})")
    return Group(
        _heading("Doublings — kontry, each ×2 (RULES §4, §7)"),
        _para(f"names by level: {names}. Where sides are public (solos, honours) only the "
              "side opposed to the last doubler may double; where they are hidden (plain "
              "game, wesele, cicha) every doubling is a call, and a side's repeated one is "
              "dead: it does not count."),
        t,
        _para(f"wykładane (laid-down contracts, that cannot be lost): {laid_text}. A "
              "laid-down contract is announced to the table (RULES §7)."),
    )


def _ties(rs: Ruleset) -> RenderableType:
    lines: list[RenderableType] = [
        _heading("Winning and 52:52 — bok (tie) (RULES §5, §6)"),
        _para(f"≥ {rs.points_to_win} of 104 card points (oczka) wins. 52:52 in zwykła gra "
              "or wesele goes to młodzi; a lone player (cicha, gran, zoło) loses it; "
              "du contracts need all four tricks."),
    ]
    if rs.doubled_tie_loser == "first-doubler":
        lines.append(_para("A doubled game that ends 52:52 is lost by the side that made "
                           "the first doubling (this overrides the rules above)."))
    if rs.series.bok_round_deals:
        lines.append(_para(
            f"bok-runda: a 52:52 deal makes the next {rs.series.bok_round_deals} deals "
            "worth double; a bok during a bok-runda adds as many more after the pending "
            "ones; a deal is never doubled twice by boks."))
    else:
        lines.append(_para("No bok-rounds: a 52:52 deal is scored like any other."))
    return Group(*lines)


def _revoke(rs: Ruleset) -> RenderableType:
    r = rs.revoke
    if r.mode == "fixed":
        text = (f"the offender {r.offender:+d}, every other seat {r.others:+d}"
                + ("; a lone declarer who revokes loses his contract as usual instead."
                   if r.lone_declarer_loses_contract else "."))
    else:
        text = ("the offender alone loses: −3v to him, +v to each other seat; v is the "
                "contract's value with its doublings — in zwykła gra or wesele the other "
                "side winning z wyjściem, in a lone game the declarer's loss value.")
    return Group(_heading("Revoke — błąd (RULES §8, recorded games only)"), _para(text))


def _series(rs: Ruleset) -> RenderableType:
    s = rs.series
    places = ", ".join(f"{_ordinal(i)} {fmt_number(p)}"
                       for i, p in enumerate(s.place_points, 1))
    lines: list[RenderableType] = [
        _heading("Series — seria at one table (RULES §9)"),
        _para(f"length: {' or '.join(str(n) for n in s.lengths)} deals; the dealer "
              "(rozdający) moves one seat clockwise each deal."),
        _para(f"place points (punkty za miejsce): {places}; tied players share their "
              "places' points."),
    ]
    if s.positive_bonus:
        bonus = " / ".join(fmt_number(v) for v in s.positive_bonus)
        lines.append(_para(f"plus {bonus} by the same places for players whose table "
                           "score is above zero."))
    lines.append(_para("bok-rounds (bok-rundy): "
                       + (f"{s.bok_round_deals} doubled deals after each 52:52"
                          if s.bok_round_deals else "none")))
    return Group(*lines)


def _tournament(rs: Ruleset) -> RenderableType:
    t = rs.tournament

    def pair(v: tuple[float, int]) -> str:
        return f"{fmt_number(v[0])} ({v[1]:+d})"

    leave = ", ".join(fmt_number(x) for x in t.leave_places)
    return Group(
        _heading("Tournament penalties — kary turniejowe (RULES §10, seed 000 §7q–t, w)"),
        _para(f"late more than {t.late_minor_minutes} min: {t.late_minor:+d} table points, "
              f"each other {t.late_minor_others:+d}; more than {t.late_major_minutes} min: "
              f"the series is over, the late player {pair(t.late_major)}, each other "
              f"{pair(t.late_major_others)} — place points (table points)."),
        _para(f"leaving after {t.min_deals_for_result} or more deals: the others "
              f"{leave} by their results so far, the leaver "
              f"{fmt_number(t.leaver_place_points)}; before: the leaver "
              f"{pair(t.leave_early)}, each other {pair(t.leave_early_others)}. Exclusion "
              "(a yellow card) is scored as leaving."),
        _para(f"sitting out a round (pauza): {pair(t.sitting_out)}."),
    )
