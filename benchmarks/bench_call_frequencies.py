"""How often each kind of call occurs in self-play, per game and bot kind (issue 27.5).

For each game (``--games baska,marias,betel``) and bot kind (``--bots expert,heuristic``),
``--deals`` seeded deals are played to their end with that kind at every seat (the same
deals for every kind: deal ``i`` is ``Deal.random(rs, i % seats, Random(seed + i))``), and
every call of each deal is read back from the deal's operation log (the log replayed on a
fresh deal, so each call is classified in the position it was made in, and counted once).
A table per game lists **every** kind of call the game has — a kind that never occurs
shows 0 — with, for each bot kind, the calls made and the share of deals with at least one,
and the CPU time the deals took (the solvers' kernels compiled first, apart):

- Baśka (RULES §4, §7): each contract of the ruleset's ladder, each doubling (kontra,
  rekontra, …), pass; and the game played (the plain game, cicha, each contract).
- Mariáš (MARIAS §4): the choice (each trump suit, sám), dobrý / špatný (betl, durch, the
  chooser's withdrawal), the announcements (hra, sto voluntary or povinná, the chooser's and
  the partner's sedma), each flek level flek … kalhoty on each component, sto proti,
  sedma proti, the fleky's passes; the game played and the deals thrown in for want of re
  (MARIAS §4.5).
- Betel (BETEL §3): each contract's bid, pas (and pas after a look, which costs), kontra,
  a look at one or both dubel cards, the exchange; the all-pass deals, the contracts played
  by level and kontra'd.

For a bot that keeps ``last_values`` (each ``expert``: the mean money of every call it
weighed at its last bidding decision), every bidding decision with a choice is also read:
``legal`` — decisions where a call of the kind was legal; ``weighed`` — where one was
valued; ``top`` — where the kind had the highest mean of all weighed calls; ``Δ`` — the
mean over the weighed decisions of the kind's best value less the value of the call made
(the seat's money: Baśka payout units, Mariáš haléř, Betel points less the others' mean).
A kind the expert never makes with ``Δ`` well below 0 over many weighed decisions is shown
not worth it where it was legal; one never weighed is unexplored, and said so.

**Measured** (2026-12-07, ``--seed 100 --deals 200``, a 2-core machine shared with other
jobs): 200 deals of every game for both kinds — ``heuristic`` with ``--cpu 190``, each
``expert`` run again with no cap (``--games marias,betel --bots expert``: 289.5 s and
277.9 s of CPU for 200 deals; Baśka's second design, ``--games baska --bots expert``:
222.0 s). Per deal, expert beside heuristic: Baśka kontra in 86.0 % / 31.5 % of the deals,
rekontra 73.5 / 1.0, bok 28.5 / 0, hirsch 24.0 / 0, wesele 16.0, gran 23.0, zoło 26.5,
gran-du 7.0, zoło-du 0.5, baszka 0.5 (its one legal chance); Mariáš betl 5.5 % / 0, tutti
hra 23.5 / 0, boty 18.5 / 0, kalhoty 12.0 / 0, flek sedma 1.5 / 0.5, thrown in for want of
re 4.0 / 0; Betel kontra 22.0 / 4.0, all-pass 6.5 / 20.0.

Findings — the kinds of call the expert never made in 200 deals, and why (Δ: the kind's
best value less the call made, mean over the decisions that weighed it; ``top``: the
decisions where it had the highest mean):

- **Baśka**: none; every contract of the ladder, every doubling (kontra … hirsch) and pass
  occurs, in both designs. The second design played no cicha in its 200 deals — a cicha is
  no call but four passes with both black queens in one hand; it played 22 in the 600 deals
  of its arenas against ``pimc``.
- **Mariáš**, each valued by the expert wherever it was legal: ``durch`` at 800 approvals,
  never the best, Δ −611 haléř; voluntary ``sto`` 24 decisions, never best, Δ −775; ``sto
  proti`` 52, never best, Δ −637; ``re betl`` 11, never best, Δ −546; ``kalhoty`` on sedma
  2, never best, Δ −73 — not worth it where they were legal. ``flek sto``: 66 decisions,
  Δ −201, but the best mean twice, where the heuristic's pass stayed by the noise rule
  (:data:`~stolik.games.marias.expert.EPS`, ``Z``): not shown to be never worth it. Never
  legal in the sample, so neither made nor valued: every flek on durch (no durch was
  played), re … kalhoty on sto (no flek sto), tutti … kalhoty on betl (no re betl), every
  flek on sto proti (never said); ``sedma proti`` and its fleky do not exist in
  ``ctyrka`` (``sedma_proti = false``, MARIAS §4.4).
- **Betel**: ``szlemik`` in ♦ and ♥ (valued at 62 and 57 decisions, the best mean once
  each, Δ −243 and −242 points), ``betel`` (64; twice; Δ −241), every ``szlem`` (9–46
  each; the best mean at none but one of szlem-BA's 46; Δ −404 … −501): nearly never the
  best where valued, and where they were, the heuristic's call stayed by the noise rule
  (``Z``) — shown not worth it but for those few decisions; at the other decisions where
  they were legal (about 1,250) the expert did not value them, its hand's counts more
  than ``SLACK`` tricks short of the contract (:mod:`stolik.games.betel.expert`) — pruned
  by the heuristic's counts, not measured. A **look at one dubel card** (legal at 911
  decisions) is never valued: the expert looks only when it means to bid or double, where
  a look is free (BETEL §3) and both cards tell more than one; it passed after its look 8
  times in 121, where one card would have cost 5 instead of 10 — an argument, not a
  measurement. The ``legal`` column counts bidding decisions with a choice that the expert
  valued (a decision whose budget ran out before one layout is not counted).

Run: ``.venv/bin/python benchmarks/bench_call_frequencies.py [--games baska,marias,betel]
[--bots expert,heuristic] [--deals 200] [--seed 100] [--cpu SECONDS] [--json FILE]``
(``--cpu``: stop a game's bot kind once its deals took that much CPU, the deals played
reported).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stolik.games import game as game_spec

GAMES = ("baska", "marias", "betel")
SEATS = {"baska": 4, "marias": 4, "betel": 3}


# ---------------------------------------------------------------- the kinds of call


def rows(game: str, rs: Any) -> list[str]:
    """Every kind of call (and outcome) the table of ``game`` lists under ruleset ``rs``.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rows("baska", load_ruleset("pucka-2019"))[:4]
    ['pass', 'bid wesele', 'bid gran', 'bid zolo']
    """
    if game == "baska":
        return ["pass", *(f"bid {c.id}" for c in rs.ladder), *rs.doublings,
                *(f"played {c}" for c in (rs.zwykla.id, rs.cicha.id,
                                          *(c.id for c in rs.ladder)))]
    if game == "marias":
        from stolik.games.marias.calls import COMPONENTS
        from stolik.games.marias.deck import SUIT_NAMES

        return [*(f"choice: {s} trumps" for s in SUIT_NAMES), "choice: sám (called card own)",
                "dobrý", "betl", "durch", "of which the chooser's withdrawal",
                "hra", "sto (voluntary)", "sto (povinná)", "sedma (chooser's)",
                "sedma (partner's)", "fleky: pass",
                *(f"{lvl} {comp}" for comp in COMPONENTS for lvl in rs.flek_names),
                "of which the trhák's forced flek", "sto proti", "sedma proti",
                "played hra (2 v 2)", "played hra sám", "played sto", "played betl",
                "played durch", "thrown in for want of re"]
    return ["pas", "pas after a look (costs)", *(f"bid {c.call}" for c in rs.contracts),
            "kontra", "look at one dubel card", "look at both dubel cards",
            "exchange (take the dubel)", "all-pass", *(f"played {f}" for f in BETEL_FAMILIES),
            "played kontra'd"]


BETEL_FAMILIES = ("betelek", "jeden", "dwa", "trzy", "szlemik", "betel", "szlem")
"""The Betel contracts played, by level (BETEL §2)."""


def _betel_family(call: str) -> str:
    if call.startswith("betelek"):
        return "betelek"
    if call.startswith(("szlemik", "szlem", "betel")):
        return call.split("-")[0]
    return BETEL_FAMILIES[int(call[0])]


def move_kinds(game: str, d: Any, move: Any) -> tuple[str, ...]:
    """The kinds ``move`` counts as, made by the seat to act in deal ``d`` (before it)."""
    if game == "baska":
        if move.kind == "pass":
            return ("pass",)
        if move.kind == "contract":
            return (f"bid {move.contract}",)
        return (d.rs.doubling_name(move.level),)
    if game == "marias":
        return _marias_kinds(d, move)
    if move.kind in ("pas", "kontra"):
        looked = move.kind == "pas" and d.pos.step == "looked"
        return (move.kind, *(("pas after a look (costs)",) if looked else ()))
    if move.kind == "bid":
        return (f"bid {d.rs.contracts[move.contract].call}",)
    if move.kind == "look":
        return ("look at one dubel card" if move.n == 1 else "look at both dubel cards",)
    return ("exchange (take the dubel)",) if move.kind == "take" else ()


def _marias_kinds(d: Any, c: Any) -> tuple[str, ...]:
    from stolik.games.marias.calls import Call
    from stolik.games.marias.deck import SUIT_NAMES

    seat, w = d.to_act, c.word
    if w == "choose":
        own = d.initial_hands[seat] >> c.called & 1
        return (f"choice: {SUIT_NAMES[c.card >> 3]} trumps",
                *(("choice: sám (called card own)",) if own else ()))
    if d.phase == "approval":
        if w in ("betl", "durch"):
            return (w, *(("of which the chooser's withdrawal",) if seat == d.chooser else ()))
        return ("dobrý",) if w == "dobry" else ()
    if d.phase == "announce":
        out: list[str] = []
        if w == "hra":
            out.append("hra")
        if w == "sto":
            out.append("sto (voluntary)" if Call("hra") in d.legal_calls() else "sto (povinná)")
        if c.sedma or w == "sedma":
            out.append("sedma (chooser's)" if seat == d.chooser else "sedma (partner's)")
        return tuple(out)
    if w == "pass":
        return ("fleky: pass",)
    if w == "raise":
        forced = d.legal_calls() == [c]
        return (f"{d.rs.flek_names[c.level - 1]} {c.component}",
                *(("of which the trhák's forced flek",) if forced else ()))
    return ("sto proti",) if w == "sto-proti" else ("sedma proti",)


def outcome_kinds(game: str, d: Any) -> tuple[str, ...]:
    """The rows a finished deal ``d`` counts once: the game played, a throw-in, all-pass."""
    if game == "baska":
        return (f"played {d.game.contract.id}",)
    if game == "marias":
        if d.pos.end == "no-re":
            return ("thrown in for want of re",)
        if d.game == "hra":
            return ("played hra sám",) if d.soloist is not None else ("played hra (2 v 2)",)
        return (f"played {d.game}",)
    if d.all_pass:
        return ("all-pass",)
    return (f"played {_betel_family(d.contract.call)}",
            *(("played kontra'd",) if d.doubled else ()))


def fresh(game: str, d: Any) -> Any:
    """A new deal dealt as ``d`` was, nothing said yet."""
    if game == "baska":
        return type(d)(d.rs, d.dealer, d.initial_hands, bok_deal=d.bok_deal)
    if game == "marias":
        return type(d)(d.rs, d.dealer, d.dealt)
    return type(d)(d.rs, d.dealer, d.dealt, d.dealt_dubel)


def deal_counts(game: str, d: Any) -> Counter[str]:
    """Every call of the finished deal ``d``, by kind, read from its operation log (replayed
    on a :func:`fresh` deal), and its outcome rows.

    >>> import random
    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> from stolik.games.betel.state import Deal
    >>> d = Deal.random(load_ruleset(), 0, random.Random(4))
    >>> for word in ["1C", "1S", "betelek-2", "pas", "2S", "betelek-0", "kontra", "1H",
    ...              "betel", "pas", "szlem-BA", "pas", "pas"]:
    ...     d.move(word)
    >>> c = deal_counts("betel", d)
    >>> c["pas"], c["kontra"], c["bid szlem-BA"], c["played szlem"]  # not over: no outcome
    (4, 1, 1, 0)
    """
    out: Counter[str] = Counter()
    r = fresh(game, d)
    for op in d.log:
        move = op.action if game == "betel" else op.call
        if move is not None and op.kind in ("call", "action"):
            out.update(move_kinds(game, r, move))
        r.apply(op)
    if d.is_over:
        out.update(outcome_kinds(game, d))
    return out


# ---------------------------------------------------------------- self-play


@dataclass
class Tally:
    """The counts of one bot kind in one game."""

    deals: int = 0
    cpu: float = 0.0
    calls: Counter[str] = field(default_factory=Counter)
    with_it: Counter[str] = field(default_factory=Counter)
    """Deals with at least one call of the kind."""
    legal: Counter[str] = field(default_factory=Counter)
    weighed: Counter[str] = field(default_factory=Counter)
    top: Counter[str] = field(default_factory=Counter)
    gap: dict[str, float] = field(default_factory=dict)
    """The sum over weighed decisions of the kind's best value less the call made's."""
    probed: bool = False


def _candidate_kinds(game: str, d: Any, key: Any) -> tuple[str, ...]:
    """The kinds a weighed candidate (a call; a Betel plan: a step and a later bid) counts
    as."""
    if game != "betel":
        return move_kinds(game, d, key)
    then = (f"bid {d.rs.contracts[key.then].call}",) if key.then >= 0 else ()
    return (*move_kinds(game, d, key.first), *then)


def _probe(game: str, d: Any, bot: Any, view: Any, move: Any, t: Tally) -> None:
    """Read a bidding decision's ``last_values`` (module notes) into ``t``."""
    values: dict[Any, float] = getattr(bot, "last_values", {})
    legal = view.legal_calls if game == "baska" else view.legal
    if not values or len(legal) < 2:
        return
    t.probed = True
    t.legal.update({k for m in legal for k in move_kinds(game, d, m)})
    if game == "betel":
        mine = [v for p, v in values.items() if p.first == move]
        chosen = max(mine) if mine else max(values.values())
    else:
        chosen = values.get(move, max(values.values()))
    best: dict[str, float] = {}
    for key, v in values.items():
        for k in _candidate_kinds(game, d, key):
            best[k] = max(best.get(k, v), v)
    top = max(values.values())
    for k, v in best.items():
        t.weighed[k] += 1
        t.gap[k] = t.gap.get(k, 0.0) + v - chosen
        if v == top:
            t.top[k] += 1


def _new_deal(game: str, rs: Any, i: int, seed: int) -> Any:
    state = game_spec(game).part("state")
    return state.Deal.random(rs, i % SEATS[game], random.Random(seed + i))


def _make_bots(game: str, kind: str, rs: Any, seed: int) -> list[Any]:
    make = game_spec(game).part("bots").make_bot
    n = SEATS[game]
    if game == "baska":
        return [make(kind, seed=seed * n + s, ruleset=rs) for s in range(n)]
    return [make(kind, seed * n + s, rs) for s in range(n)]


def play(game: str, kind: str, rs: Any, deals: int, seed: int,
         cpu: float = float("inf")) -> Tally:
    """Self-play of ``deals`` deals (fewer when ``cpu`` seconds run out) with ``kind`` at
    every seat; the calls counted from each deal's log, the expert's decisions probed."""
    t = Tally()
    for i in range(deals):
        if t.cpu >= cpu:
            break
        d = _new_deal(game, rs, i, seed)
        bots = _make_bots(game, kind, rs, seed + i)
        start = time.process_time()
        while not d.is_over:
            seat = d.to_act
            view = d.view(seat)
            bot = bots[seat]
            move = bot.act(view) if hasattr(bot, "act") else bot.choose(view)
            stop = time.process_time()
            if view.phase != "play":
                _probe(game, d, bot, view, move, t)
            if game == "baska":
                d.call(move) if view.phase == "auction" else d.play(move)
            else:
                d.move(move)
            start += time.process_time() - stop  # the probe's time is not the bots'
        t.cpu += time.process_time() - start
        t.deals += 1
        got = deal_counts(game, d)
        t.calls.update(got)
        t.with_it.update(got.keys())
    return t


def warm(game: str) -> float:
    """Compile or load the game's solver kernels; CPU seconds (kept apart)."""
    start = time.process_time()
    if game in ("marias", "betel"):
        game_spec(game).part("solver").warm_up()
    return time.process_time() - start


# ---------------------------------------------------------------- the table


def table(game: str, rs: Any, tallies: dict[str, Tally]) -> list[list[str]]:
    """The rows of a game's table: header first (module notes)."""
    head = ["kind"]
    for kind, t in tallies.items():
        head += [f"{kind} calls", f"{kind} deals %"]
        if t.probed:
            head += [f"{kind} legal", f"{kind} weighed", f"{kind} top", f"{kind} Δ"]
    out = [head]
    for row in rows(game, rs):
        line = [row]
        for t in tallies.values():
            share = 100 * t.with_it[row] / t.deals if t.deals else 0.0
            line += [str(t.calls[row]), f"{share:.1f}"]
            if t.probed:
                w = t.weighed[row]
                line += [str(t.legal[row]), str(w), str(t.top[row]),
                         f"{t.gap.get(row, 0.0) / w:+.1f}" if w else "–"]
        out.append(line)
    for name in ("deals played", "CPU s of the deals"):
        foot = [name]
        for t in tallies.values():
            foot += [str(t.deals) if name == "deals played" else f"{t.cpu:.1f}", ""]
            foot += ["", "", "", ""] if t.probed else []
        out.append(foot)
    return out


def render(title: str, lines: Sequence[Sequence[str]]) -> None:
    """Print a table with Rich (plain text where the output is not a terminal)."""
    from rich.console import Console
    from rich.table import Table

    tab = Table(title=title)
    for i, h in enumerate(lines[0]):
        tab.add_column(h, justify="left" if i == 0 else "right")
    for line in lines[1:]:
        tab.add_row(*line)
    Console(width=max(100, 12 * len(lines[0]) + 30)).print(tab)


def main(argv: Sequence[str] | None = None) -> None:
    """The command (module notes)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--bots", default="expert,heuristic")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--cpu", type=float, default=float("inf"),
                    help="CPU seconds a game's bot kind may take (the deals played are shown)")
    ap.add_argument("--json", default=None, help="write the counts to this file too")
    args = ap.parse_args(argv)
    dump: dict[str, Any] = {}
    for game in args.games.split(","):
        rs = game_spec(game).part("ruleset").load_ruleset()
        compiled = warm(game)
        tallies = {kind: play(game, kind, rs, args.deals, args.seed, args.cpu)
                   for kind in args.bots.split(",")}
        render(f"{game} ({rs.id}): calls in self-play, seed {args.seed} "
               f"(kernels {compiled:.1f} s CPU, apart)", table(game, rs, tallies))
        dump[game] = {k: {"deals": t.deals, "cpu": t.cpu, "calls": dict(t.calls),
                          "with_it": dict(t.with_it), "legal": dict(t.legal),
                          "weighed": dict(t.weighed), "top": dict(t.top),
                          "gap": dict(t.gap)} for k, t in tallies.items()}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(dump, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
