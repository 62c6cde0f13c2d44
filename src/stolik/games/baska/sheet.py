"""Baśka's ``sheet`` part (:meth:`stolik.games.GameSpec.part`): the score sheet (zapis
gry) of a replayed series, the summary of a simulation, and a tournament table's sheet.

- :func:`render_sheet`: one row per deal — number, bok marker, dealer, game, declarer,
  doubling, multiplier, card points and tricks per seat, winners, and for each player the
  deal's payout beside the running total; then the totals, places and place points
  (RULES §9, §11). ``stolik replay`` and ``stolik simulate --sheet`` print it.
- :func:`render_summary`, :func:`summary_json`: a simulation's game frequencies, payouts
  per seat, bok-runda deals (RULES §6), speed.
- :func:`render_table_sheet`: a tournament table's score sheet as ``stolik tournament
  sheet SLUG ROUND TABLE`` prints it: deals with payouts and running totals, bok deals,
  the flags (after the limit, seed 000 §7p; unconfirmed), and the table's result.

>>> import io
>>> from rich.console import Console
>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.simulate import simulate
>>> result = simulate(load_ruleset("linia"), 20, seed=2, keep_records=False)
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_summary(result, console, bots="random")
>>> "Simulated 20 deals · linia · random bots" in console.file.getvalue()
True
>>> summary_json(result)["game"], summary_json(result)["deals"]
('baska', 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from stolik import i18n
from stolik.cli.common import Para, new_table, seat_name
from stolik.cli.sim_summary import num
from stolik.games.baska.record import GAME, SeriesResult
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.scoring import DealResult
from stolik.games.baska.words import doubling_text, game_name, note_text, term
from stolik.i18n import Msg, catalog, norm_lang, translate
from stolik.i18n import number as i18n_number
from stolik.series import ranks
from stolik.sheet import fitting, means, print_summary, summary_document

if TYPE_CHECKING:  # not imported by replay: the simulation kernel costs 10 ms to import
    from stolik.db import Database
    from stolik.games.baska.simulate import SimulationResult
    from stolik.tournament.store_core import DealInfo


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a Baśka simulation."""
    return summary_document(GAME, result.ruleset.id, result,
                            head={"first_dealer": result.first_dealer}, counts={
                                "games": dict(result.games), "bok_deals": result.bok_deals,
                                "mean_payout": means(result.totals, result.deals),
                                "totals": list(result.totals)})


def _game_label(rs: Ruleset, game_id: str, lang: str) -> str:
    """A counted game as the summary names it: zwykła, cicha (RULES §4) in the glossary's
    words (glossed in English), a contract by the ruleset's own name."""
    if game_id == "zwykla":
        return term(lang, "plain")
    if game_id == "cicha":
        return term(lang, "cicha")
    if rs.has(game_id):
        return rs.contract(game_id).name
    return game_id


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False, lang: str = "en") -> None:
    """Game frequencies, payouts per seat and the speed of a simulation, in ``lang``.

    >>> import io
    >>> from stolik.games.baska.simulate import simulate
    >>> console = Console(file=io.StringIO(), width=120, color_system=None)
    >>> render_summary(simulate(load_ruleset("linia"), 20, seed=2), console, bots="random",
    ...                lang="pl")
    >>> out = console.file.getvalue()
    >>> "Symulacja — rozdania: 20 · linia" in out, "zwykła" in out, "bok-rund" in out
    (True, True, True)
    """
    rs = result.ruleset
    n = result.deals

    def say(message: Msg) -> str:
        return translate(message, lang)

    order = {c.id: i for i, c in enumerate((rs.zwykla, rs.cicha, *rs.ladder))}
    rows = [((_game_label(rs, gid, lang), gid), count) for gid, count in
            sorted(result.games.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))]
    bok = [say(Msg("sheet-sim-bok", "bok-runda deals (worth double, RULES §6): {deals}",
                   deals=num(lang, f"{result.bok_deals:,}")))]
    print_summary(
        console, say, lang, result, ruleset=rs.id, bots=bots,
        first_dealer=result.first_dealer + 1,  # seat 1–4 (issue 25.5)
        make=lambda: new_table(ascii), heads=(say(Msg("sheet-sim-game", "game (gra)")), "id"),
        rows=rows, corner="", seats=range(1, 5),
        mean=[num(lang, f"{t / n:+.3f}") if n else "—" for t in result.totals],
        totals=[str(t) for t in result.totals],
        mean_label=Msg("sheet-sim-mean", "mean payout"),
        lines=bok if rs.series.bok_round_deals else [])


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
                 title: str | None = None, first: int = 1, lang: str = "en") -> None:
    """Print the score sheet of a replayed series; seats numbered from ``first``: 1 as a
    person counts them (issue 25.5: stolik replay and simulate --sheet too; the record
    itself numbers them 0–3, RULES §11). The columns keep the
    sheet's Polish words (RULES §11) in every language; the lines around them, the legend
    and the standings are in ``lang`` (English: each Polish word glossed).

    >>> import io
    >>> from stolik.games.baska.record import replay, series_record
    >>> from stolik.games.baska.simulate import simulate
    >>> rs = load_ruleset("linia")
    >>> series = replay(series_record(rs, simulate(rs, 2, seed=1).records))
    >>> for lang in ("en", "pl"):
    ...     console = Console(file=io.StringIO(), width=160, color_system=None)
    ...     render_sheet(series, console, ascii=True, lang=lang)
    ...     out = console.file.getvalue()
    ...     print("2 deals" in out, "2 rozdania" in out, "Wynik serii" in out)
    True False True
    False True True
    """
    record = series.record
    rs = record.ruleset
    players = record.players
    head = title or f"Baśka — {rs.name}"
    console.print(Text(head, style="bold"))
    seats = " · ".join(f"{s + first} {escape(seat_name(players, s, first=first))}"
                       for s in range(4)) if players else ""
    n = len(series.results)
    info = [translate(Msg("sheet-ruleset", "ruleset {ruleset}", ruleset=record.ruleset_ref),
                      lang),
            catalog(norm_lang(lang)).ngettext("sheet-deals", "sheet-deals-n", n).format(n=n)]
    info.extend(f"{k} {v}" for k, v in record.meta)
    console.print(" · ".join(info))
    if seats:
        console.print(translate(Msg("sheet-seats", "seats: {seats}", seats=seats), lang))

    # A narrow terminal gets fewer columns: first without card points, tricks and
    # winners, then with running totals only.
    detail, table = fitting(console, (FULL, NO_PLAY, TOTALS_ONLY), lambda level: _deal_table(
        series, ascii=ascii, detail=level, first=first))
    console.print(table)
    legend = [Msg("sheet-legend-columns", "rozd. = rozdający (dealer), gra (game), grający "
                  "(declarer; starzy: the old side of a plain game), kontra (doubling), × "
                  "(multiplier)")]
    if detail == FULL:
        legend += [Msg("sheet-legend-play", "oczka, bitki: card points and tricks by seat "
                       "{first}–{last}", first=first, last=first + 3),
                   Msg("sheet-legend-winners", "wygrani (winners), wynik (result)")]
    else:
        legend += [Msg("sheet-legend-result", "wynik (result)")]
    if detail == TOTALS_ONLY:
        legend.append(Msg("sheet-legend-totals", "per player: running total; a wider window "
                          "shows more"))
    else:
        legend.append(Msg("sheet-legend-payouts", "per player: payout, running total"))
    if any(r.bok_deal for r in series.results):
        legend.insert(0, Msg("sheet-legend-bok", "B = bok-runda deal (worth double)"))
    console.print(Para("; ".join(translate(m, lang) for m in legend) + ".", indent=0,
                       style="dim"))
    render_standings(series, console, ascii=ascii, first=first, lang=lang)


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
        name = escape(players[s]) if players else f"seat {s + first}"
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
                   " ".join(str(x + first) for x in r.winners)] if detail == FULL else []
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
                     first: int = 1, lang: str = "en") -> None:
    """Totals, places and place points (RULES §9); seats numbered from ``first`` (1 as a
    person counts them, issue 25.5); the words in ``lang``."""
    players = series.record.players
    places = ranks(series.totals)
    title = Msg("sheet-standings", "Wynik serii (series result)")
    t = new_table(ascii, title=translate(title, lang), title_justify="left",
                  title_style="bold")
    for head in (Msg("sheet-col-seat", "seat"), Msg("sheet-col-player", "player"),
                 Msg("sheet-col-score", "punkty stolikowe\n(table score)"),
                 Msg("sheet-col-place", "miejsce\n(place)"),
                 Msg("sheet-col-place-points", "punkty za miejsce\n(place points)")):
        t.add_column(translate(head, lang),
                     justify="left" if head.code == "sheet-col-player" else "right")
    for s in sorted(range(4), key=lambda s: (places[s], s)):
        t.add_row(str(s + first), escape(seat_name(players, s, first=first)),
                  str(series.totals[s]), str(places[s]),
                  i18n_number(lang, series.place_points[s]))
    console.print(t)


# ------------------------------------------------- a tournament table's sheet


def _table_results(rs: Ruleset, deals: Sequence[DealInfo]) -> list[DealResult]:
    """The deals settled in order (bok-rounds over this sequence)."""
    if not deals:
        return []
    from stolik.games.baska.tournament import parse_line, settle_sheet

    if deals[0].kind == "sheet":
        lines = [parse_line(dict(x.data), f"deal {x.number}") for x in deals]
        return settle_sheet(rs, lines, "deal")
    from stolik.games.baska.record import parse_record, replay

    rec = parse_record({"deal": [dict(x.data) for x in deals]}, ruleset=rs)
    return list(replay(rec).results)


def _flags(d: DealInfo, confirm: bool, lang: str) -> str:
    flags = []
    if d.after_limit:
        flags.append(i18n.tr(lang, "tsheet-late"))
    if d.confirmed_by is None and confirm:
        flags.append(i18n.tr(lang, "tsheet-unconfirmed"))
    return ", ".join(flags)


def render_table_sheet(console: Console, slug: str, rnd: int, table: int,
                       d: Database, *, ascii: bool = False, lang: str = "pl") -> None:
    """Print one table's score sheet and its result, in ``lang`` (one language per
    screen, issue 25.2: its head, columns, flags and legend were half English)."""
    from stolik.cli.tournament_common import event_text
    from stolik.tournament import store

    deals = store.deals_of(d, slug, rnd, table)
    info = store.tournament_info(d, slug)
    model = store.tournament_of(d, slug, complete=True)
    entry = model.rounds[rnd - 1].tables[table - 1]
    names = {p.id: p.name for p in model.players}
    seats = tuple(f"{p} {names.get(p, p)}" for p in entry.seats)
    by_seat = tuple(names.get(p, p) for p in entry.seats)
    # Seats as a person counts them, 1–4 in the plan's order (RULES §10).
    rs = load_ruleset(model.ruleset)
    def t(key: str, **kw: object) -> str:
        return i18n.tr(lang, key, **kw)

    console.print(Text(t("tsheet-head", name=info.name, round=rnd, table=table,
                         ruleset=info.ruleset), style="bold"))
    console.print(" · ".join(f"{s + 1} {escape(seats[s])}" for s in range(4))
                  + " · " + t("tsheet-first-dealer", seat=entry.first_dealer + 1))
    if entry.totals is not None:
        console.print(t("tsheet-only-totals",
                        totals=" ".join(f"{v:+d}" for v in entry.totals)))
    all_results = _table_results(rs, deals)
    counted = [x for x in deals if x.counts]
    counted_results = dict(zip((x.number for x in counted), _table_results(rs, counted),
                               strict=True))
    if deals:
        tb = new_table(ascii, show_footer=True, footer_style="bold")
        tb.add_column(t("tsheet-col-nr"), justify="right", footer="Σ")
        tb.add_column("", width=1)
        tb.add_column(t("msheet-game"))
        tb.add_column(t("play-declarer"))
        tb.add_column(t("lg-level").lower())
        tb.add_column(t("play-result"))
        running = [0, 0, 0, 0]
        rows = []
        for x, shown in zip(deals, all_results, strict=True):
            r = counted_results.get(x.number, shown)
            if x.counts:
                running = [running[s] + r.payout[s] for s in range(4)]
                cells = [f"{r.payout[s]:+d} {running[s]:>4d}" for s in range(4)]
            else:
                cells = [f"({r.payout[s]:+d})" for s in range(4)]
            rows.append((x, r, cells))
        for s in range(4):
            tb.add_column(escape(seats[s]), justify="right", footer=str(running[s]))
        tb.add_column(t("lg-flags").lower())
        tb.add_column(t("tsheet-col-entered"))
        for x, r, cells in rows:
            style = "" if x.counts else "dim"
            tb.add_row(str(x.number), Text("B", style="magenta") if r.bok_deal else "",
                      game_name(rs, r, lang), escape(declarer_text(r, by_seat, first=1)),
                      rs.doubling_name(r.level) if r.level else "", note_text(r, lang), *cells,
                      _flags(x, info.require_confirmation, lang),
                      escape(x.entered_by + (f" / {x.confirmed_by}" if x.confirmed_by
                                             else "")), style=style)
        console.print(tb)
        legend = []
        if any(r.bok_deal for _x, r, _c in rows):
            legend.append(t("tsheet-legend-bok"))
        if any(not x.counts for x in deals):
            legend.append(t("tsheet-legend-not-counted"))
        if any(x.after_limit for x in deals):
            legend.append(t("tsheet-legend-late"))
        if info.require_confirmation and any(x.confirmed_by is None for x in deals):
            legend.append(t("tsheet-legend-unconfirmed"))
        if legend:
            console.print(Text("; ".join(legend), style="dim"))
    elif entry.totals is None:
        console.print(t("tsheet-no-deals"))
    res, _st = store.result_of(d, slug)
    found = next((x for x in res.rounds[rnd - 1].tables if x.seats == entry.seats), None)
    if found is not None:
        rt = new_table(ascii, title=t("tsheet-result"), title_justify="left",
                       title_style="bold")
        for col in ("tui-col-seat", "tcli-col-player", "tcli-col-table-pts",
                    "tcli-col-place-pts"):
            rt.add_column(t(col), justify="left" if col == "tcli-col-player" else "right")
        for s in range(4):
            rt.add_row(str(s + 1), escape(seats[s]), str(found.table_points[s]),
                       i18n_number(lang, found.place_points[s]))
        console.print(rt)
        for e in found.events:
            console.print(Text("  " + event_text(e, lang)))
