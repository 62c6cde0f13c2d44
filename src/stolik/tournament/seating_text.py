"""A round's seating as text (RULES §10): the tables of a round for the referee's screen
(:func:`format_round`) and one player's table and seat (:func:`where_do_i_sit`), in the
reader's language.

Re-exported by :mod:`stolik.tournament.seating`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stolik.i18n import N_, tr
from stolik.i18n import number as number_text
from stolik.tournament.seating_values import SIT_OUT_PLACE_POINTS, SIT_OUT_TABLE_POINTS, RoundPlan


def _name(player: str, names: Mapping[str, str] | None) -> str:
    return names.get(player, player) if names is not None else player


def format_round(
    plan: RoundPlan, names: Mapping[str, str] | None = None, *, number: int | None = None,
    lang: str = "pl",
    sitting_out: tuple[float, int] = (SIT_OUT_PLACE_POINTS, SIT_OUT_TABLE_POINTS),
) -> str:
    """The round's plan as plain text in ``lang`` (issue 25.1: one language, not
    "Runda / Round"): per table, the players by seat (seat 1 deals first); a sitting-out
    player with what the game gives him (``sitting_out``, the tournament part's
    :class:`~stolik.tournament.model.TournamentRules`: Baśka's 4 place points and +40,
    RULES §10; nothing in Mariáš, MARIAS §9 — issue 25.2: its plan said Baśka's).

    >>> plan = RoundPlan((("a", "b", "c", "d"),), ("e",))
    >>> print(format_round(plan, {"a": "Ala"}, number=2))
    Runda 2
    Stolik 1: 1. Ala (rozdaje) | 2. b | 3. c | 4. d
    Pauzuje: e (4 pkt za miejsce, +40 pkt stolikowych)
    >>> print(format_round(plan, {"a": "Ala"}, number=2, lang="cs"))
    Kolo 2
    Stůl 1: 1. Ala (rozdává) | 2. b | 3. c | 4. d
    Nehraje: e (4 body za umístění, +40 bodů stolu)
    >>> print(format_round(plan, {"a": "Ala"}, number=2, lang="en"))
    Round 2
    Table 1: 1. Ala (deals) | 2. b | 3. c | 4. d
    Sitting out: e (4 place points, +40 table points)
    >>> print(format_round(plan, number=1, lang="cs", sitting_out=(0.0, 0)).splitlines()[-1])
    Nehraje: e
    """
    lines = [tr(lang, "seat-round", number=number) if number is not None
             else tr(lang, "seat-round-any")]
    deals = tr(lang, "seat-deals")
    for ti, table in enumerate(plan.tables, 1):
        seats = " | ".join(
            f"{s}. {_name(p, names)}" + (f" {deals}" if s == 1 else "")
            for s, p in enumerate(table, 1)
        )
        lines.append(tr(lang, "seat-table", table=ti, seats=seats))
    if plan.sitting_out:
        out = ", ".join(_name(p, names) for p in plan.sitting_out)
        place, table_points = sitting_out
        if place or table_points:
            lines.append(tr(lang, "seat-sitting-out", players=out, place=number_text(lang, place),
                            table=table_points))
        else:
            lines.append(tr(lang, "seat-sitting-out-plain", players=out))
    return "\n".join(lines)


def where_do_i_sit(
    plans: Sequence[RoundPlan], player: str, names: Mapping[str, str] | None = None,
    lang: str = "pl",
) -> str:
    """One player's rounds as plain text in ``lang``: table and seat (with whom), or
    sitting out.

    >>> plans = [RoundPlan((("a", "b", "c", "d"),), ("e",)),
    ...          RoundPlan((("e", "c", "b", "a"),), ("d",))]
    >>> print(where_do_i_sit(plans, "d", {"a": "Ala"}))
    Gdzie siedzę: d
    Runda 1: stolik 1, miejsce 4 — z: Ala, b, c
    Runda 2: pauza (4 pkt za miejsce, +40 pkt stolikowych)
    >>> print(where_do_i_sit(plans, "a", {"a": "Ala"}, lang="cs"))
    Kde sedím: Ala
    Kolo 1: stůl 1, místo 1 (rozdává) — s: b, c, d
    Kolo 2: stůl 1, místo 4 — s: e, c, b
    """
    lines = [tr(lang, "seat-where", player=_name(player, names))]
    for r, plan in enumerate(plans, 1):
        seat = plan.seat_of(player)
        if seat is not None:
            ti, s = seat
            others = ", ".join(_name(p, names) for p in plan.tables[ti] if p != player)
            said = N_("seat-where-first") if s == 0 else N_("seat-where-table")
            lines.append(tr(lang, said, round=r, table=ti + 1, seat=s + 1, others=others))
        elif player in plan.sitting_out:
            lines.append(tr(lang, "seat-where-out", round=r, place=SIT_OUT_PLACE_POINTS,
                            table=SIT_OUT_TABLE_POINTS))
        else:
            lines.append(tr(lang, "seat-where-none", round=r))
    return "\n".join(lines)
