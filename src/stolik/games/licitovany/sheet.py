"""A replayed licitovaný record as a score sheet (``stolik replay``, LICITOVANY §8: each
player's running money is the sheet) and the summary of a simulation (``stolik simulate
--ruleset licitovany``): one row per deal with the dealer, the aktér, the contract (or how
the deal ended) and each player's money for the deal beside his running total, in Kč;
then the totals. Seats are counted from 1, as people count them (records keep 0…).

>>> import io
>>> from rich.console import Console
>>> from stolik.games.licitovany.record import replay, series_record
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.simulate import simulate
>>> rs = load_ruleset()
>>> sim = simulate(rs, 4, seed=3)
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_sheet(replay(series_record(rs, sim.records)), console, ascii=True, lang="en")
>>> out = console.file.getvalue()
>>> "[licitovany]" in out, "aktér" in out, "total" in out
(True, True, True)
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_summary(sim, console, bots="random", lang="cs")
>>> "Simulace" in console.file.getvalue()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from stolik.deck32 import SUIT_PICTURES, SUITS
from stolik.errors import IllegalMove
from stolik.games.licitovany.calls import parse_move
from stolik.games.licitovany.ladder import RUNGS, rung_of_word
from stolik.games.licitovany.record import DealResult, SeriesResult
from stolik.games.licitovany.simulate import SimulationResult
from stolik.games.licitovany.words import rung_name
from stolik.i18n import Msg, translate
from stolik.sheet import deal_sheet, means, print_money_summary, summary_document, who
from stolik.tournament.money_sheet import kc

ENDS = {"omyl": Msg("lsheet-omyl", "omyl (the aktér gave up)"),
        "vyrovnana": Msg("lsheet-vyrovnana", "not played (vyrovnaná sedma)"),
        "renonc": Msg("lsheet-renonc", "renonc")}
"""How a deal ended other than by its play (LICITOVANY §4.4, §4.5, §7)."""


def contract_said(text: str, *, ascii: bool = False) -> str:
    """A contract as the record writes it, as a sheet says it (LICITOVANY §2, §4.4): the
    rung as players name it, then the suits it names by their pictures (letters with
    ``ascii``), as a Mariáš sheet writes ``hra 🍃``: the trumps (none where the rung makes
    hearts trumps), the helper suit of dvě sedmy (pomocná); a text the reader does not
    take, as it is.

    >>> contract_said("dve-sedmy-a-sto B A"), contract_said("sedma A", ascii=True)
    ('dvě sedmy a sto 🔔 (pomocná 🌰)', 'sedma A')
    >>> contract_said("dve-sedmy-cervena-a-sto B"), contract_said("durch")
    ('dvě sedmy a sto, červená trumf (pomocná 🔔)', 'durch')
    >>> rung_said("dve-sedmy-a-sto"), rung_said("omyl")
    ('dvě sedmy a sto', 'omyl')
    """
    try:
        move = parse_move(f"contract {text}")
    except IllegalMove:
        return text
    def pic(suit: int) -> str:
        return SUITS[suit] if ascii else SUIT_PICTURES[suit]

    said = [rung_name(move.rung)]
    if move.trump is not None and not RUNGS[move.rung].red:
        said.append(pic(move.trump))
    if move.helper is not None:
        said.append(f"(pomocná {pic(move.helper)})")
    return " ".join(said)


def rung_said(word: str) -> str:
    """A rung's record word as players say it (LICITOVANY §2); another word as it is."""
    rung = rung_of_word(word)
    return word if rung is None else rung_name(rung.number)


def _game(result: DealResult, lang: str, ascii: bool) -> str:
    end = translate(ENDS[result.ending], lang) if result.ending in ENDS else ""
    contract = contract_said(result.contract, ascii=ascii) if result.contract else ""
    return " ".join(w for w in (contract, f"({end})" if end and contract else end) if w)


def render_sheet(series: SeriesResult, console: Console, *, ascii: bool = False,
                 title: str | None = None, lang: str = "cs") -> None:
    """Print the sheet of ``series`` under ``title`` (default: the ruleset's name and id),
    its words in ``lang`` (Czech by default, as a licitovaný sheet is kept)."""
    rec = series.record
    players = rec.players
    seats = len(series.totals)
    console.print(deal_sheet(
        title or f"{rec.ruleset.name} [{rec.ruleset.id}]", ascii=ascii,
        heads=[(translate(head, lang), "left") for head in (
            Msg("lsheet-dealer", "dealer"), Msg("lsheet-akter", "aktér"),
            Msg("lsheet-contract", "contract"))],
        players=players, seats=seats,
        rows=(([who(players, r.dealer), who(players, r.akter) if r.akter >= 0 else "—",
                _game(r, lang, ascii)], r.payouts) for r in series.results),
        cell=lambda pay, running: f"{kc(pay)} / {kc(running)}",
        total=translate(Msg("lsheet-total", "total"), lang),
        totals=[kc(t) for t in series.totals]))


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a simulation (money in haléřů)."""
    return summary_document("licitovany", result.ruleset.id, result, counts={
        "games": dict(result.games), "mean_payout": means(result.totals, result.deals),
        "totals": list(result.totals)})


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False, lang: str = "en") -> None:
    """How often each contract was played, money per seat (Kč) and the speed of a
    simulation, in ``lang``."""
    print_money_summary(console, lang, result, bots=bots, ascii=ascii,
                        head=Msg("lsheet-contract", "contract"),
                        counts=[(rung_said(g), n) for g, n in sorted(
                            result.games.items(), key=lambda kv: -kv[1])],
                        labels=ENDS, totals=result.totals)
