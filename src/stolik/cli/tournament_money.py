"""``stolik tournament money …``: a table's money sheet for one round (stolový lístek,
MARIAS §7, seed 002 §3, §10) in a tournament whose game keeps one (Mariáš).

- ``money SLUG ROUND TABLE`` (= ``money show``) prints the sheet: the four players, the
  stake, each top-up with its time, the final money, each result, the leader, whether it
  is handed in, and the organiser's correction;
- ``money final SLUG ROUND TABLE A1 A2 A3 A4`` writes the money on the table at the end by
  seat, in Kč (``62,40``), with ``--topup SEAT=KČ[@HH:MM]`` for the top-ups on the sheet;
- ``money topup SLUG ROUND TABLE SEAT KČ [--at HH:MM]`` adds one top-up (≥ 10 Kč);
- ``money leader SLUG ROUND TABLE SEAT`` names the table leader who keeps the sheet;
- ``money hand-in SLUG ROUND TABLE``: signed by the four and handed in — after it, a change
  needs ``--correction`` (the referee's, in the audit log).

A sheet whose results do not sum to zero is refused; ``--equal-share`` applies the
organiser's correction (seed 002 §10), spreading the difference equally. A table played
deal by deal takes its deals with ``sheet record`` (MARIAS §11 ``[[deal]]`` tables); its
money comes from them. A seat is 1–4 in the plan's order, or a player at the table (id or
name). Every change is one transaction with a line in the audit log, or nothing.

What it prints is in the language of ``--lang`` / ``STOLIK_LANG`` — Polish by default like
the other organiser's commands (issue 25.2; it was English), ``en``, or ``cs`` (Czech, the
referee's words — stolový lístek, vklad, dokup, konečná částka; issue 10 §3); a refusal too
(:func:`stolik.cli.common.user_errors`).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from stolik.cli.common import report
from stolik.cli.tournament_common import (
    DbOption,
    OrgLangOption,
    RoundArg,
    ShowFirstGroup,
    SlugArg,
    TableArg,
    WhoOption,
    database,
    org_lang,
    who_of,
)
from stolik.db import Database
from stolik.i18n import N_, Msg, Place, tr
from stolik.tournament import store
from stolik.tournament.games import MoneyGame, money_game
from stolik.tournament.store_core import _fail

__all__ = ["money_app", "show_money"]

money_app = typer.Typer(cls=ShowFirstGroup, no_args_is_help=True, help=(
    "A table's money sheet in a Mariáš tournament (stolový lístek, MARIAS §7): `money SLUG "
    "ROUND TABLE` prints it; final, topup, leader, hand-in; --equal-share (seed 002 §10)."
    "\n\nAmounts in Kč (62,40); a seat is 1–4 in the plan's order or a player at the "
    "table. A table played deal by deal takes its deals with `sheet record` (MARIAS §11)."))

SpreadOption = Annotated[bool, typer.Option(
    "--equal-share", help="The organiser's correction of a sheet that does not sum to zero: "
    "the difference spread equally over the four players, the odd haléř from the best "
    "results (seed 002 §10).")]
CorrectionOption = Annotated[bool, typer.Option(
    "--correction", help="Change a sheet already handed in: the referee's correction, kept "
    "in the audit log (seed 002 §10).")]
SeatArg = Annotated[str, typer.Argument(
    metavar="SEAT", help="Seat 1–4 (the plan's order) or a player at the table (id or name).",
    show_default=False)]


def _where(slug: str, rnd: int, table: int) -> Place:
    return Place(f"{slug}: round {rnd}, table {table}")


def _seat(value: str, players: tuple[tuple[str, str], ...], slug: str, rnd: int,
          table: int) -> int:
    """The seat 0–3 of a seat a person writes: 1–4, or a player's id or name."""
    text = value.strip()
    if text in ("1", "2", "3", "4"):
        return int(text) - 1
    found = [s for s, (pid, _) in enumerate(players) if pid == text]
    if not found:
        found = [s for s, (pid, name) in enumerate(players)
                 if text.casefold() in (pid.casefold(), name.casefold())]
    if len(found) == 1:
        return found[0]
    ids = ", ".join(pid for pid, _ in players)
    raise _fail(slug, Msg("mt-cli-bad-seat", "seat {value}: give 1–4 or a player at the "
                          "table ({ids}) (MARIAS §7)", value=repr(value), ids=ids),
                round=rnd, table=table, rule=None)


def _game(d: Database, slug: str) -> MoneyGame:
    return money_game(store.tournament_info(d, slug).game)


def show_money(d: Database, slug: str, rnd: int, table: int, lang: str | None = None
               ) -> None:
    """Print a table's money sheet (also what ``sheet SLUG ROUND TABLE`` prints for a
    money tournament): per seat the stake, the top-ups, the final money — written, or
    settled by the deals when the table was entered deal by deal — and the result
    (MARIAS §7); each deal's money; in ``lang`` (default: ``STOLIK_LANG``, else Polish,
    issue 25.2)."""
    import os

    lang = org_lang(lang or os.environ.get("STOLIK_LANG"))
    info = store.table_sheet_of(d, slug, rnd, table)
    part = money_game(info.game)
    sheet = info.sheet
    play = info.result.played if info.result is not None and info.deals else None
    stake = part.cash_text(sheet.stake if sheet is not None else part.STAKE)
    lines = [tr(lang, "mt-cli-head", where=_where(slug, rnd, table), stake=stake)]
    res = info.result.table_points if info.result is not None else None
    raw = part.results(sheet, play) if sheet is not None or play is not None else None
    finals = part.final_money(sheet, play)
    leader = tr(lang, "mt-cli-leader")
    for s, (pid, name) in enumerate(info.players):
        tops = [t for t in (sheet.topups if sheet else ()) if t.seat == s]
        top = ", ".join(part.cash_text(t.amount) + (f" ({t.at})" if t.at else "")
                        for t in tops) or "—"
        lead = f" ({leader})" if (sheet.leader if sheet else 0) == s else ""
        lines.append("  " + tr(
            lang, "mt-cli-seat", n=s + 1, player=f"{pid} {name}{lead}",
            stake=stake, topups=top,
            final=part.cash_text(finals[s]) if finals is not None else "—",
            result=part.amount_text(res[s]) if res is not None else "—"))
    if info.result is not None:
        lines += ["  " + tr(lang, "mt-cli-deal", n=i, money=part.deal_text(r))
                  for i, r in enumerate(info.result.results, 1)]
    how = (tr(lang, "mt-cli-by-deals", n=info.deals) if info.deals else
           tr(lang, "mt-cli-by-final") if sheet is not None and sheet.final is not None else
           tr(lang, "mt-cli-nothing"))
    lines.append("  " + tr(lang, "mt-cli-entered", how=how))
    if sheet is not None and sheet.correction is not None and raw is not None:
        lines.append("  " + tr(lang, "mt-cli-correction",
                               amounts=" ".join(part.amount_text(c) for c in sheet.correction),
                               before=" ".join(part.amount_text(x) for x in raw)))
    if res is None and (info.deals or (sheet is not None and sheet.final is not None)):
        lines.append("  " + tr(lang, "mt-cli-unbalanced"))
    handed = sheet is not None and sheet.handed_in
    lines.append("  " + tr(lang, N_("mt-cli-handed-in") if handed else
                           N_("mt-cli-not-handed-in")))
    typer.echo("\n".join(lines))


@money_app.command("show")
def money_show(slug: SlugArg, round: RoundArg, table: TableArg, db: DbOption = None,
               who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """Print the table's money sheet: players, stake, top-ups, final money, results."""
    del who
    with database(db, org_lang(lang)) as d:
        _game(d, slug)
        show_money(d, slug, round, table, lang)


def _change(d: Database, slug: str, rnd: int, table: int, change: Any, *, who: str | None,
            action: str, what: str, correction: bool) -> None:
    store.change_table_sheet(d, slug, rnd, table, change, who=who_of(who), action=action,
                             what=what, correction=correction)


def _topup(part: MoneyGame, text: str, players: tuple[tuple[str, str], ...], slug: str,
           rnd: int, table: int) -> Any:
    """``SEAT=KČ[@HH:MM]``."""
    seat, sep, rest = text.partition("=")
    if not sep:
        raise _fail(slug, Msg("mt-cli-topup-form", "--topup {raw}: write SEAT=KČ or "
                              "SEAT=KČ@HH:MM, e.g. 2=10@20:15 (seed 002 §3)", raw=repr(text)),
                    round=rnd, table=table, rule=None)
    amount, _, at = rest.partition("@")
    return part.topup(_seat(seat, players, slug, rnd, table),
                      part.parse_kc(amount, _where(slug, rnd, table), "topup"),
                      at.strip() or None)


@money_app.command("final")
def money_final(
    slug: SlugArg, round: RoundArg, table: TableArg,
    amounts: Annotated[list[str], typer.Argument(
        metavar="KČ KČ KČ KČ", help="Each seat's money on the table at the end, in Kč "
        "(62,40), seat 1 first.", show_default=False)],
    topup: Annotated[list[str] | None, typer.Option(
        "--topup", metavar="SEAT=KČ[@HH:MM]", help="A top-up on the sheet (≥ 10 Kč, seed "
        "002 §3); repeat for each.", show_default=False)] = None,
    equal_share: SpreadOption = False, correction: CorrectionOption = False,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Write the final money on the table by seat (and top-ups): result = final − stake −
    top-ups (MARIAS §7); refused unless the results sum to zero or --equal-share."""
    where = _where(slug, round, table)
    lang = org_lang(lang)
    with database(db, lang) as d:
        part = _game(d, slug)
        players = store.table_sheet_of(d, slug, round, table).players
        if len(amounts) != len(players):  # 4 seats; 3 at a table of three (LICITOVANY §9)
            raise _fail(slug, Msg("mt-cli-four", "give the final money of the {seats} seats, "
                                  "not {n} amounts (MARIAS §7)", seats=len(players),
                                  n=len(amounts)),
                        round=round, table=table, rule=None)
        final = [part.parse_kc(a, where, "final") for a in amounts]
        tops = [_topup(part, x, players, slug, round, table) for x in topup or []]
        _change(d, slug, round, table,
                part.money_change(final=final, topups=tops, spread=equal_share), who=who,
                action="equal-share" if equal_share else "money",
                what="final " + " ".join(amounts), correction=correction)
        report(tr(lang, "mt-cli-did-final", where=where, amounts=" ".join(amounts))
               + (tr(lang, "mt-cli-did-topups", n=len(tops)) if tops else "")
               + (tr(lang, "mt-cli-did-spread") if equal_share else ""))
        show_money(d, slug, round, table, lang)


@money_app.command("topup")
def money_topup(
    slug: SlugArg, round: RoundArg, table: TableArg, seat: SeatArg,
    amount: Annotated[str, typer.Argument(metavar="KČ", help="At least 10 Kč (seed 002 §3).",
                                          show_default=False)],
    at: Annotated[str | None, typer.Option("--at", metavar="HH:MM",
                                           help="When it was put in.")] = None,
    equal_share: SpreadOption = False, correction: CorrectionOption = False,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Add a top-up the table leader wrote on the sheet (at least 10 Kč, seed 002 §3)."""
    where = _where(slug, round, table)
    with database(db, org_lang(lang)) as d:
        part = _game(d, slug)
        players = store.table_sheet_of(d, slug, round, table).players
        top = part.topup(_seat(seat, players, slug, round, table),
                         part.parse_kc(amount, where, "topup"), at)
        _change(d, slug, round, table, part.money_change(topups=[top], spread=equal_share),
                who=who, action="equal-share" if equal_share else "money",
                what=f"top-up {seat} {amount}", correction=correction)
        said = N_("mt-cli-did-topup-at") if at else N_("mt-cli-did-topup")
        report(tr(org_lang(lang), said, where=where, seat=top.seat + 1, amount=amount, at=at))


@money_app.command("leader")
def money_leader(slug: SlugArg, round: RoundArg, table: TableArg, seat: SeatArg,
                 correction: CorrectionOption = False, db: DbOption = None,
                 who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """Name the table leader (vedoucí hráč) who keeps the sheet (seed 002 §3)."""
    where = _where(slug, round, table)
    with database(db, org_lang(lang)) as d:
        part = _game(d, slug)
        players = store.table_sheet_of(d, slug, round, table).players
        s = _seat(seat, players, slug, round, table)
        _change(d, slug, round, table, part.money_change(leader=s), who=who, action="money",
                what=f"leader {players[s][0]}", correction=correction)
        report(tr(org_lang(lang), "mt-cli-did-leader", where=where, player=players[s][0],
                  seat=s + 1))


@money_app.command("hand-in")
def money_hand_in(slug: SlugArg, round: RoundArg, table: TableArg, db: DbOption = None,
                  who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """Signed by the four players and handed in (seed 002 §10): later changes need
    --correction (the referee's, audited)."""
    where = _where(slug, round, table)
    with database(db, org_lang(lang)) as d:
        part = _game(d, slug)
        _change(d, slug, round, table, part.money_change(hand_in=True), who=who,
                action="hand-in", what="signed and handed in", correction=False)
        report(tr(org_lang(lang), "mt-cli-did-hand-in", where=where))
