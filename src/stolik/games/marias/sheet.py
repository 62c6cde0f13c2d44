"""A replayed Mariáš record as a score sheet in the terminal (``stolik replay``, MARIAS §9),
and the summary of a simulation (``stolik simulate --ruleset ctyrka``):
one row per deal with the dealer, the game and its trumps, the choosing side, each component
settled (MARIAS §6) and each player's money for the deal beside his running total, in Kč;
then the totals. Seats are counted 1–4, as people count them (records keep 0–3).

>>> import io
>>> from rich.console import Console
>>> from stolik.games.marias.record import parse_record, replay
>>> deal = {"dealer": 3, "choice": "0 trump=7A call=TA",
...         "hands": ["7A AA KA OA KH OH TL AL", "AH TH 9H 8H UL 9L 8L 7L",
...                   "KL OL AB TB KB OB UB 9B", "7H UH 8B 7B TA UA 9A 8A"],
...         "bidding": ["1 dobry", "2 dobry", "3 dobry", "0 dobry", "0 sto", "1 pass",
...                     "2 pass", "3 pass", "0 pass"],
...         "renonc": {"seat": 2, "kind": "looked at a trick"}}
>>> series = replay(parse_record({"game": "marias", "ruleset": "ctyrka", "deal": [deal]}))
>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_sheet(series, console, ascii=True)
>>> out = console.file.getvalue()
>>> "[ctyrka]" in out, "-12,60 / -12,60" in out, "sto A (renonc)" in out, "celkem" in out
(True, True, True, True)

The words are Czech, as a Mariáš sheet is kept, unless ``lang`` asks for Polish or
English (``stolik replay --lang``; the component names stay the game's own, MARIAS §6):

>>> console = Console(file=io.StringIO(), width=120, color_system=None)
>>> render_sheet(series, console, ascii=True, lang="en")
>>> out = console.file.getvalue()
>>> "sto A (revoke)" in out, "total" in out, "celkem" in out
(True, True, False)
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.console import Console
from rich.markup import escape

from stolik.games.marias.deck import SUIT_PICTURES, SUITS
from stolik.games.marias.record import SeriesResult
from stolik.games.marias.ruleset import kc
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.simulate import SimulationResult
from stolik.i18n import Msg, translate
from stolik.sheet import deal_sheet, means, print_money_summary, summary_document, who

CZECH = {"msheet-dealer": "rozdává", "msheet-game": "hra", "msheet-side": "volí",
         "msheet-parts": "složky (Kč)", "msheet-total": "celkem", "msheet-capped": "strop",
         "msheet-no-re": "bez re", "msheet-renonc": "renonc", "msheet-claim": "složeno",
         # the summary of a simulation (``stolik simulate``)
         "sim-headline": "Simulace — rozdání: {deals} · {ruleset} · boti: {bots} · "
                         "semínko {seed}",
         "sim-deals": "rozdání", "sim-seat": "hráč {seat}", "sim-mean": "průměr na rozdání",
         "sim-total": "celkem", "sim-speed": "rozdání: {deals} za {seconds} s — {rate} za "
                                            "sekundu",
         "msheet-sim-game": "hra", "msheet-sim-hra": "hra", "msheet-sim-sto": "sto",
         "msheet-sim-betl": "betl", "msheet-sim-durch": "durch",
         "msheet-sim-no-re": "hra bez re (neodehraná: flek bez re)"}
"""The sheet's and the simulation summary's words as Czech players say them, by message
id: the sheet's own language (``lang="cs"``; the Czech catalog holds only what a money
tournament shows)."""


def _word(lang: str, word: Msg) -> str:
    """``word`` in ``lang``: Czech from :data:`CZECH` (its fields filled in), else from
    the catalogs."""
    if lang == "cs":
        return CZECH[word.code].format(**word.params) if word.params else CZECH[word.code]
    return translate(word, lang)


ENDS = {"no-re": Msg("msheet-no-re", "no re"), "renonc": Msg("msheet-renonc", "revoke"),
        "claim": Msg("msheet-claim", "laid down")}
"""How a deal ended other than by its last trick (MARIAS §4.5, §8, §4.7)."""
CAPPED = Msg("msheet-capped", "capped")
"""A deal whose money the ruleset's cap cut (MARIAS §6)."""


def _game(result: DealResult, ascii: bool, lang: str) -> str:
    s = result.settlement
    trumps = ""
    if 0 <= s.trump < 4:
        trumps = " " + (SUITS[s.trump] if ascii else SUIT_PICTURES[s.trump])
    end = f" ({_word(lang, ENDS[s.end])})" if s.end in ENDS else ""
    return f"{s.game}{trumps}{end}"


def render_sheet(series: SeriesResult, console: Console, *, ascii: bool = False,
                 title: str | None = None, lang: str = "cs") -> None:
    """Print the sheet of ``series`` under ``title`` (default: the ruleset's name and id),
    its words in ``lang`` (Czech by default; the layout: :func:`stolik.sheet.deal_sheet`)."""
    rec = series.record
    players = rec.players

    def row(result: DealResult) -> list[str]:
        parts = escape("; ".join(f"{n} {'+' if a >= 0 else ''}{kc(a)}"
                                 for n, a in result.lines))
        if result.capped:
            parts += f" ({_word(lang, CAPPED)})"
        return [_game(result, ascii, lang),
                "+".join(who(players, s) for s in result.settlement.side), parts]

    console.print(deal_sheet(
        title or f"{rec.ruleset.name} [{rec.ruleset.id}]", ascii=ascii,
        heads=[(_word(lang, head), "left") for head in (
            Msg("msheet-dealer", "dealer"), Msg("msheet-game", "game"),
            Msg("msheet-side", "choosing side"), Msg("msheet-parts", "components (Kč)"))],
        players=players, seats=4,
        rows=(([who(players, deal.dealer), *row(result)], result.payouts)
              for deal, result in zip(rec.deals, series.results, strict=True)),
        cell=lambda pay, running: f"{kc(pay)} / {kc(running)}",
        total=_word(lang, Msg("msheet-total", "total")), totals=[kc(t) for t in series.totals]))


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a Mariáš simulation (money in haléř)."""
    return summary_document("marias", result.ruleset.id, result, counts={
        "games": dict(result.games), "mean_payout": means(result.totals, result.deals),
        "totals": list(result.totals)})


GAME_LABELS = {"hra": Msg("msheet-sim-hra", "hra (the game)"),
               "sto": Msg("msheet-sim-sto", "sto (the hundred)"),
               "betl": Msg("msheet-sim-betl", "betl (misère)"),
               "durch": Msg("msheet-sim-durch", "durch (slam)"),
               "no-re": Msg("msheet-sim-no-re", "hra bez re (not played: flek without re)")}
"""What ``stolik simulate`` calls each game it counts (MARIAS §4, §5): the game's Czech
word, glossed in Polish and English."""


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False, lang: str = "en") -> None:
    """Game frequencies, money per seat (Kč) and the speed of a Mariáš simulation, in
    ``lang`` (Czech: the words of :data:`CZECH`).

    >>> import io
    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> from stolik.games.marias.simulate import simulate
    >>> console = Console(file=io.StringIO(), width=100, color_system=None)
    >>> render_summary(simulate(load_ruleset(), 40, seed=2), console, bots="random")
    >>> "Simulated 40 deals · ctyrka" in console.file.getvalue()
    True
    >>> console = Console(file=io.StringIO(), width=100, color_system=None)
    >>> render_summary(simulate(load_ruleset(), 40, seed=2), console, bots="random", lang="cs")
    >>> "Simulace — rozdání: 40 · ctyrka" in console.file.getvalue()
    True
    """
    print_money_summary(console, lang, result, bots=bots, ascii=ascii,
                        head=Msg("msheet-sim-game", "game (hra)"), counts=result.games.items(),
                        labels=GAME_LABELS, totals=result.totals, say=partial(_word, lang))
