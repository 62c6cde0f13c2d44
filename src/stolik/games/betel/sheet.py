"""A replayed Betel record as a score sheet in the terminal (``stolik replay``), and the
summary of a simulation (``stolik simulate --ruleset gps-2022``): one row per deal with
the dealer, the contract (``k`` when kontra'd), its declarer, the tricks by seat and each
player's score beside his running total; then the totals and the match's winner. Seats
are counted 1–3, as people count them (records keep 0–2).

>>> import io
>>> from rich.console import Console
>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.simulate import simulate
>>> from stolik.games.betel.record import replay, series_record
>>> rs = load_ruleset()
>>> series = replay(series_record(rs, simulate(rs, 3, seed=1).records))
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_sheet(series, console, ascii=True)
>>> "[gps-2022]" in console.file.getvalue(), "razem" in console.file.getvalue()
(True, True)

The headings are Polish unless ``lang`` says otherwise (the terminal table's ``--lang``):

>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_sheet(series, console, ascii=True, lang="en")
>>> "total" in console.file.getvalue(), "razem" in console.file.getvalue()
(True, False)
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from stolik.cli.sim_summary import boxed, num
from stolik.games.betel.record import SeriesResult
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.simulate import ALL_PASS, SimulationResult, default_deals
from stolik.i18n import N_, Msg, tr, translate
from stolik.sheet import deal_sheet, means, print_summary, summary_document, who


def render_sheet(series: SeriesResult, console: Console, *, ascii: bool = False,
                 title: str | None = None, lang: str = "pl") -> None:
    """Print the sheet of ``series`` under ``title`` (default: the ruleset's name and id),
    its words in ``lang`` (the layout: :func:`stolik.sheet.deal_sheet`)."""
    rec = series.record
    players = rec.players

    def row(r: DealResult) -> list[str]:
        if r.contract is None:
            what = tr(lang, N_("bsheet-all-pass") if r.played else N_("bsheet-all-pass-redeal"))
            declarer = "—"
        else:
            what = r.contract.call + (" k" if r.doubled else "") + (
                "" if r.made else " " + tr(lang, "bsheet-set"))
            declarer = who(players, r.declarer)
        return [what, declarer, " ".join(str(t) for t in r.tricks)]

    console.print(deal_sheet(
        title or f"{rec.ruleset.name} [{rec.ruleset.id}]", ascii=ascii,
        heads=[(tr(lang, "bsheet-dealer"), "left"), (tr(lang, "bsheet-contract"), "left"),
               (tr(lang, "bsheet-declarer"), "left"), (tr(lang, "bsheet-tricks"), "right")],
        players=players, seats=3,
        rows=(([who(players, deal.dealer), *row(r)], r.scores)
              for deal, r in zip(rec.deals, series.results, strict=True)),
        cell=lambda score, running: f"{score:+d} / {running}",
        total=tr(lang, "bsheet-total"), totals=[str(t) for t in series.totals]))
    if series.winner is not None:
        console.print(tr(lang, "bsheet-winner", who=who(players, series.winner),
                         points=series.totals[series.winner]))


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a Betel simulation."""
    return summary_document("betel", result.ruleset.id, result, counts={
        "contracts": {k: v for k, v in result.contracts.items() if v},
        "mean_score": means(result.totals, result.deals), "totals": list(result.totals),
        "winner": result.winner})


def match_line(result: SimulationResult, lang: str = "en") -> str:
    """How the simulated match ended (BETEL §5), in ``lang``: decided; or not, because
    nobody reached the target or a tie shares the top — said in one line, since the
    simulation stops after its ``deals`` (``stolik simulate``: 200 unless told) where the
    rules would play on; "" for a match limited by time only.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.simulate import simulate
    >>> match_line(simulate(load_ruleset(), 20, seed=2))  # doctest: +ELLIPSIS
    'the match to 1000 was not decided: after deal 20 nobody has 1000 (BETEL §5: the ...'
    >>> match_line(simulate(load_ruleset(), 20, seed=2), "pl")  # doctest: +ELLIPSIS
    'mecz do 1000 nierozstrzygnięty: po 20. rozdaniu nikt nie ma 1000 (BETEL §5: gra się dalej; ...'
    """
    target, totals, n = result.ruleset.target, result.totals, result.deals
    if result.winner is not None:
        return tr(lang, "bsim-decided", seat=result.winner + 1, points=totals[result.winner],
                  deals=n)
    if target <= 0:
        return ""
    top = max(totals)
    if top >= target:
        return tr(lang, "bsim-tie", points=top, deals=n,
                  seats=", ".join(str(s + 1) for s in range(3) if totals[s] == top))
    return tr(lang, "bsim-undecided", target=target, deals=n, cap=default_deals(result.ruleset))


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False, lang: str = "en") -> None:
    """Contract frequencies, scores per seat and the speed of a Betel simulation, in
    ``lang``.

    >>> import io
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.simulate import simulate
    >>> out = io.StringIO()
    >>> render_summary(simulate(load_ruleset(), 40, seed=2), bots="random", ascii=True,
    ...                console=Console(file=out, width=100, color_system=None))
    >>> out.getvalue().splitlines()[0]
    'Simulated 40 deals · gps-2022 · random bots · seed 2'
    """
    n = result.deals

    def say(message: Msg) -> str:
        return translate(message, lang)

    all_pass = say(Msg("bsim-all-pass", "all pass (wszyscy pas)"))
    line = match_line(result, lang)
    print_summary(
        console, say, lang, result, ruleset=result.ruleset.id, bots=bots, make=boxed(ascii),
        heads=(say(Msg("bsim-contract", "contract (kontrakt)")),),
        rows=[((all_pass if call == ALL_PASS else call,), count)
              for call, count in result.contracts.items() if count],
        corner=say(Msg("bsim-points", "points")), seats=range(1, 4),
        mean=[num(lang, f"{t / n:.1f}") if n else "—" for t in result.totals],
        totals=[str(t) for t in result.totals], lines=[line] if line else [])
