"""The score sheet (zapis gry): a replayed series laid out like the paper sheet.

One row per deal: number, bok marker, dealer, game, declarer, doubling, multiplier, card
points and tricks per seat, winners, and for each player the deal's payout beside the
running total; then the totals, places and place points (RULES §9). ``replay`` and
``simulate --sheet`` both print it.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from stolik.cli.common import Para, fmt_number, new_table, seat_name
from stolik.games.baska.record import SeriesResult
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.words import doubling_text, game_name, note_text
from stolik.series import ranks


def declarer_text(result: DealResult, players: tuple[str, ...] | None, *,
                  first: int = 0) -> str:
    """Who played: the declarer (with his partner in a wesele), or the starzy seats of a
    plain game. Seats are numbered from ``first``: 0 as in a deal record (RULES §11), 1
    where a person counts them (a tournament's plan, the terminal game)."""
    g = result.game
    if g.contract.kind == "plain":
        return "starzy " + "+".join(str(s + first) for s in g.team)
    if g.declarer is None:
        return "—"
    who = seat_name(players, g.declarer, first=first)
    if g.partner is not None:
        who += " + " + seat_name(players, g.partner, first=first)
    return who


def _per_seat(values: tuple[int, int, int, int]) -> str:
    return " ".join(f"{v:>3d}" for v in values)


def render_sheet(series: SeriesResult, console: Console, *, ascii: bool = False,
                 title: str | None = None, first: int = 0) -> None:
    """Print the score sheet of a replayed series; seats numbered from ``first`` (0 as in
    the record, RULES §11; 1 for a person at the terminal table)."""
    record = series.record
    rs = record.ruleset
    players = record.players
    head = title or f"Baśka — {rs.name}"
    console.print(Text(head, style="bold"))
    seats = " · ".join(f"{s + first} {escape(seat_name(players, s))}"
                       for s in range(4)) if players else ""
    n = len(series.results)
    info = [f"ruleset {record.ruleset_ref}", f"{n} deal{'' if n == 1 else 's'}"]
    info.extend(f"{k} {v}" for k, v in record.meta)
    console.print(" · ".join(info))
    if seats:
        console.print(f"seats: {seats}")

    # A narrow terminal gets fewer columns: first without card points, tricks and
    # winners, then with running totals only.
    unbounded = console.options.update(width=10_000)
    for detail in (FULL, NO_PLAY, TOTALS_ONLY):
        table = _deal_table(series, ascii=ascii, detail=detail, first=first)
        if Measurement.get(console, unbounded, table).maximum <= console.width:
            break
    console.print(table)
    legend = ["rozd. = rozdający (dealer), gra (game), grający (declarer; starzy: the old "
              "side of a plain game), kontra (doubling), × (multiplier)"]
    if detail == FULL:
        legend += ["oczka, bitki: card points and tricks by seat 0–3",
                   "wygrani (winners), wynik (result)"]
    else:
        legend += ["wynik (result)"]
    if detail == TOTALS_ONLY:
        legend.append("per player: running total; a wider window shows more")
    else:
        legend.append("per player: payout, running total")
    if any(r.bok_deal for r in series.results):
        legend.insert(0, "B = bok-runda deal (worth double)")
    console.print(Para("; ".join(legend) + ".", indent=0, style="dim"))
    render_standings(series, console, ascii=ascii, first=first)


FULL, NO_PLAY, TOTALS_ONLY = 2, 1, 0
"""Levels of detail of the deal table: everything; no card points, tricks and winners;
and also no payouts beside the running totals."""


def _deal_table(series: SeriesResult, *, ascii: bool, detail: int, first: int = 0) -> Table:
    """One row per deal, at a level of detail (:data:`FULL` …)."""
    record = series.record
    rs = record.ruleset
    players = record.players
    pay_w = max(3, *(len(f"{p:+d}") for r in series.results for p in r.payout))
    running = [0, 0, 0, 0]
    sums: list[tuple[int, ...]] = []
    for r in series.results:
        running = [running[s] + r.payout[s] for s in range(4)]
        sums.append(tuple(running))
    tot_w = max(3, *(len(str(v)) for row in sums for v in row))

    t = new_table(ascii, footer_style="bold", show_footer=True, padding=(0, 1, 0, 0))
    t.add_column("nr", justify="right", footer="Σ", no_wrap=True)
    t.add_column("", width=1, no_wrap=True)  # bok marker
    t.add_column("rozd.", justify="center", no_wrap=True)
    t.add_column("gra", no_wrap=True)
    t.add_column("grający", no_wrap=True)
    t.add_column("kontra", no_wrap=True)
    t.add_column("×", justify="right", no_wrap=True)
    if detail == FULL:
        t.add_column("oczka", no_wrap=True)
        t.add_column("bitki", no_wrap=True)
        t.add_column("wygrani", no_wrap=True)
    t.add_column("wynik", no_wrap=True)
    for s in range(4):
        name = escape(players[s]) if players else f"seat {s}"
        width = pay_w + tot_w + 1 if detail != TOTALS_ONLY else tot_w
        t.add_column(name, justify="right", no_wrap=True, min_width=width,
                     footer=Text(str(series.totals[s]), style="bold"))
    for i, (r, row_sums) in enumerate(zip(series.results, sums, strict=True)):
        cells = [
            Text(f"{p:+{pay_w}d} ", style="green" if p > 0 else "red") + Text(
                f"{t_:>{tot_w}d}", style="bold") if detail != TOTALS_ONLY
            else Text(f"{t_:>{tot_w}d}", style="bold")
            for p, t_ in zip(r.payout, row_sums, strict=True)
        ]
        details = [_per_seat(r.points), " ".join(str(x) for x in r.tricks),
                   " ".join(str(x) for x in r.winners)] if detail == FULL else []
        t.add_row(
            str(i + 1),
            Text("B", style="magenta") if r.bok_deal else "",
            str(record.deals[i].dealer + first),
            game_name(rs, r),
            escape(declarer_text(r, players, first=first)),
            doubling_text(rs, r),
            f"×{r.mult}" if r.mult > 1 else "",
            *details,
            note_text(r),
            *cells,
        )
    return t


def render_standings(series: SeriesResult, console: Console, *, ascii: bool = False,
                     first: int = 0) -> None:
    """Totals, places and place points (RULES §9); seats numbered from ``first``."""
    players = series.record.players
    places = ranks(series.totals)
    t = new_table(ascii, title="Wynik serii (series result)", title_justify="left",
                  title_style="bold")
    t.add_column("seat", justify="right")
    t.add_column("player")
    t.add_column("punkty stolikowe\n(table score)", justify="right")
    t.add_column("miejsce\n(place)", justify="right")
    t.add_column("punkty za miejsce\n(place points)", justify="right")
    for s in sorted(range(4), key=lambda s: (places[s], s)):
        t.add_row(str(s + first), escape(seat_name(players, s, first=first)),
                  str(series.totals[s]), str(places[s]),
                  fmt_number(series.place_points[s]))
    console.print(t)
