"""``stolik play --game licitovany``: a series of three-player licitovaný mariáš against two
bots at the terminal — the core's table (:mod:`stolik.cli.table`) over the core's series
driver (:mod:`stolik.table_series`); this module draws the table from the person's own
:class:`~stolik.games.licitovany.view.SeatView` and reads his line.

What the person sees (LICITOVANY §3, §4): his hand; the seats' roles (forhont,
prostřední, zadák); every call of the licitace and the fleky, the contract once named; the
talon and his discard only when he is the aktér (another's discard is "two cards laid
away"); the announced hlášky; the trick in progress, the last trick and the tricks each
seat took; the money in Kč. After a deal: how it ended and each seat's money; the discard
only after a trump game (never after betl or durch). The moves on offer are numbered; a
move may also be typed as records write it (``sedma``, ``mam``/``mám``, ``dobra``,
``8B 9B`` for the discard, ``sto L`` for the contract, ``flek hra``, ``AL``, ``KH h`` for
a card with its hláška). The bots are the game's ``bots`` part, the record its ``record``
part (both asked of the registry when first needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from stolik.cli.common import new_table
from stolik.cli.prompt import COMMANDS, Command, Problem, first_reading, pick, read_card
from stolik.cli.table import SeriesTable, Sitting, table_console
from stolik.deck32 import SUIT_PICTURES, name, parse_card
from stolik.errors import IllegalMove
from stolik.games import UnknownGame, bot_kinds, game
from stolik.games.licitovany.calls import Move, parse_move
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.rules import Contract
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.seat_memory import remember
from stolik.games.licitovany.table_deal import Result, TableDeal
from stolik.games.licitovany.view import SeatView
from stolik.games.licitovany.words import contract_name, folded, kc, move_label, said
from stolik.i18n import N_, Msg
from stolik.table_series import Event, SeriesParts, TableSeries, strongest

GAME_ID = "licitovany"
SEATS = 3
DEFAULT_DEALS = 12
HINT_BOTS = ("expert", "heuristic")
"""The bots a hint asks, the first installed: the strongest first (issue 27: a hint is the
strongest bot's; ``expert`` beats the heuristic in duplicate arenas), the same at the web
table."""
"""A series' length when ``--deals`` names none: each player deals four times (LICITOVANY
§8 plays to the round's time; a terminal series counts deals)."""
ROLES = ("forhont", "prostřední", "zadák")
"""The seats in playing order from the dealer's left (LICITOVANY §1)."""
HLASKA_WORDS = ("h", "hlaska", "+ hlaska", "+h")
"""What a card typed with its hláška ends with (``KH h``, ``KH hláška``)."""


def _part(part: str) -> Any:
    """The game's part ``part`` (the registry's; asked when first needed)."""
    return game(GAME_ID).part(part)


def make_bot(kind: str, *, seed: int, ruleset: Ruleset) -> Any:
    """A bot of the game's ``bots`` part."""
    return _part("bots").make_bot(kind, seed=seed, ruleset=ruleset)


def record_of(deal: TableDeal) -> Any:
    """A played deal's record (the ``record`` part)."""
    return _part("record").record_of(deal)


def series_record(rs: Ruleset, deals: Sequence[Any], players: Sequence[str]) -> Any:
    """The record of the settled deals (the ``record`` part)."""
    return _part("record").series_record(rs, deals, players)


class Series(TableSeries[Ruleset, TableDeal, Move, SeatView, Result, Any, Any]):
    """A licitovaný series at one table: the core's driver with the game's parts; money
    in haléřů (LICITOVANY §6, §8)."""

    parts = SeriesParts(SEATS, "LICITOVANY §4", deal=TableDeal.random,
                        ask=lambda bot, view: bot.act(view), record_of=record_of,
                        payout=lambda r: r.haler, make_bot=make_bot, number_from=1,
                        series_record=series_record)


def roles(dealer: int) -> tuple[int, int, int]:
    """Forhont, prostřední and zadák of a deal dealt by ``dealer`` at three (LICITOVANY §1).

    >>> roles(2)
    (0, 1, 2)
    """
    f = (dealer + 1) % SEATS
    return f, (f + 1) % SEATS, (f + 2) % SEATS


class LicitovanyTable(SeriesTable[Series, Event[Move], Move]):
    """The table as the person at ``seat`` sees it."""

    game_id = GAME_ID
    suit_pictures = SUIT_PICTURES
    help_key = N_("lic-help")

    def card_name(self, card: int) -> str:
        """A card's name (a picture for its suit unless ``--ascii``)."""
        return name(card, ascii=self.ascii)

    def is_red(self, card: int) -> bool:
        """Červené are red (LICITOVANY §1)."""
        return card >> 3 == 0

    def said(self, text: str) -> str:
        """A call of the view's list as shown."""
        return said(text, self.lang, ascii=self.ascii, who=self.who)

    def label(self, m: Move) -> str:
        """A move on offer as shown."""
        return move_label(m, self.lang, ascii=self.ascii, who=self.who)

    # ------------------------------------------------------------ what is on offer

    def options(self, view: SeatView) -> list[Move]:
        """The person's moves, numbered as shown: in the play each legal card, then the
        cards that announce a hláška (LICITOVANY §3); none while another seat acts."""
        if view.to_act != self.seat:
            return []
        legal = self.s.deal.legal_moves()
        if view.phase == "play":
            return [m for m in legal if not m.hlaska] + [m for m in legal if m.hlaska]
        return legal

    def read(self, line: str) -> Command | Problem | Move:
        """A command, the number of a move on offer, a card, or a call in the record's
        words (Czech marks optional)."""
        view = self.s.view(self.seat)
        opts = self.options(view)
        low = folded(line)
        first = first_reading(low, COMMANDS, [] if view.phase == "discard" else opts)
        if first is not None:
            return first
        if view.phase == "discard" and all(w.isdigit() for w in low.split()):
            return self.read_discard(low, view)
        if low.isdigit():
            return pick(int(low), opts, self.lang)
        if view.phase == "play":
            return self.read_card(low, view, opts)
        return self.read_call(low, view, opts)

    def read_card(self, low: str, view: SeatView, opts: list[Move]) -> Problem | Move:
        """A card, with ``h``/``hláška`` after it to announce its hláška (LICITOVANY §3)."""
        hlaska = next((w for w in HLASKA_WORDS if low.endswith(" " + w)), None)
        text = low[:-len(hlaska) - 1] if hlaska else low
        legal = [m.cards[0] for m in opts]
        card = read_card(text, self.lang, parse_card, hand=_cards(view.hand), legal=legal,
                         why=lambda c: self.t("lic-card-not-legal", card=self.card_name(c),
                                              cards=self.listed(opts)))
        if isinstance(card, Problem):
            return card
        move = Move.play(card, hlaska is not None)
        if move not in opts:
            return Problem(self.t("tui-bad", why=self.t("lic-no-hlaska",
                                                         card=self.card_name(card))))
        return move

    def read_discard(self, low: str, view: SeatView) -> Problem | Move:
        """Two cards laid away by their numbers in the hand (LICITOVANY §4.3)."""
        hand = _cards(view.hand)
        picked = [int(w) for w in low.split()]
        if len(picked) != 2 or len(set(picked)) != 2:
            return Problem(self.t("lic-discard-how", example="OH TL"))
        if not all(1 <= n <= len(hand) for n in picked):
            return Problem(self.t("tui-no-option", n=max(picked), k=len(hand)))
        return self.read_call(" ".join(name(hand[n - 1], ascii=True) for n in picked).casefold(),
                              view, [])

    def read_call(self, low: str, view: SeatView, opts: list[Move]) -> Problem | Move:
        """A call in the record's words, checked by the engine on a copy of the deal."""
        text = low
        if view.phase == "discard" and not text.startswith("discard"):
            text = "discard " + text
        elif view.phase == "contract" and text.split()[0] not in ("contract", "omyl"):
            text = "contract " + text
        try:
            move = parse_move(text, seat=SIDE if self.s.rs.flek_scope == "side"
                              else self.seat)
        except IllegalMove:
            try:
                move = parse_move(text.replace(" ", "-"))  # sto a sedma
            except IllegalMove:
                return Problem(self.t("tui-unknown", text=low))
        try:
            self.s.deal.clone().move(move)
        except IllegalMove:
            if view.phase == "discard":
                cards = low.upper().removeprefix("DISCARD ")
                return Problem(self.t("tui-bad", why=self.t("lic-bad-discard", cards=cards)))
            return Problem(self.t("tui-bad", why=self.t(
                "lic-not-now", what=self.label(move), options=self.listed(opts))))
        return move

    def listed(self, opts: Sequence[Move]) -> str:
        """The moves on offer, one line."""
        return ", ".join(self.label(m) for m in opts)

    def show_hint(self) -> None:
        """The move the game's strongest bot would make on the person's view (``expert``,
        which beats the heuristic in duplicate arenas; the heuristic or another where it is
        missing; stopped by its node budget, not the clock: the same view, the same hint);
        nothing while the game has no bots."""
        try:
            kinds = list(_part("bots").available_bots())
        except UnknownGame:
            return
        kind = strongest(kinds, HINT_BOTS)
        bot = remember(_part("bots").hint_bot(kind, self.s.seed, self.s.rs), self.s.deal,
                       self.seat)
        self.console.print(Text(self.t("lic-hint", bot=kind, move=self.label(
            bot.act(self.s.view(self.seat))))))

    # ------------------------------------------------------------ drawing

    def event_text(self, ev: Event[Move]) -> Text:
        """A move as it is made: a card with its taker and hláška; another's discard
        without its cards (LICITOVANY §3)."""
        m = ev.move
        if m.kind == "play":
            line = self.card_event(ev.seat, m.cards[0], ev.took)
            return line.append(" + hláška", style="magenta") if m.hlaska else line
        text = "discard" if m.kind == "discard" and ev.seat != self.seat else m.text()
        return Text(f"  {self.who(ev.seat)}: ").append(self.said(text), style="bold")

    def screen(self, view: SeatView) -> RenderableType:
        """The deal as the person sees it (his view, and who took each trick)."""
        s = self.s
        dealer = s.deal.dealer
        rows: list[RenderableType] = [self.head([
            self.t("tui-deal", n=s.number, of=s.length), s.rs.id,
            self.t("tui-dealer", who=self.who(dealer)), self.t("tui-seed", seed=s.seed)])]
        rows.append(Text(" · ".join(f"{role} {self.who(seat)}"
                                    for role, seat in zip(ROLES, roles(dealer), strict=True))))
        rows.append(self.said_line(self.t("lic-calls"), view.calls,
                                   lambda text: Text(self.said(text), style="bold")))
        contract = self.contract_line(view)
        if contract is not None:
            rows.append(contract)
        if view.talon or view.discard:
            rows.append(self.talon_line(view))
        if view.hlasky:
            rows.append(Text(self.t("lic-hlasky") + ": " + " · ".join(
                f"{self.who(seat)} {worth}" for seat, worth in view.hlasky)))
        if self.clear and self.since:
            rows.extend(self.event_text(ev) for ev in self.since)
        opts = self.options(view)
        if view.phase == "play":
            leader = (s.deal.pos.to_act - len(view.trick)) % SEATS
            rows.extend(self.trick_rows(
                [((leader + i) % SEATS, c) for i, c in enumerate(view.trick)], view.last_trick,
                self.t("tui-last-trick"), "tui-tricks",
                [sum(t.winner == x for t in s.deal.history) for x in range(SEATS)]))
        plain = [m.cards[0] for m in opts if m.kind == "play" and not m.hlaska] or (
            _cards(view.hand) if opts and view.phase == "discard" else [])
        rows.append(self.hand_text(_cards(view.hand), plain, view.phase == "play"))
        rows.extend(self.options_rows(view, opts, len(plain)))
        rows.append(self.score_line())
        return self.panel(rows)

    def contract_line(self, view: SeatView) -> Text | None:
        """The aktér and the contract once named (from the calls, LICITOVANY §4.4)."""
        named = [text for _, text in view.calls if text.startswith("contract ")]
        if not named:
            return None
        m = parse_move(named[-1])
        line = Text(self.t("lic-contract") + ": ", style="bold")
        line.append(f"aktér {self.who(view.akter)} · ")
        return line.append(contract_name(Contract(RUNGS[m.rung], m.trump, m.helper)),
                           style="bold")

    def talon_line(self, view: SeatView) -> Text:
        """The talon the aktér took and what he laid away (LICITOVANY §4.3)."""
        line = Text("Talon: ", style="bold")
        line.append_text(Text(" ").join(self.card(c, "") for c in _cards(view.talon)))
        if view.discard:
            line.append(" · " + self.t("lic-discard", cards=""))
            line.append_text(Text(" ").join(self.card(c) for c in _cards(view.discard)))
        return line

    def options_rows(self, view: SeatView, opts: list[Move], numbered: int) -> list[Text]:
        """What the person may do, numbered after the cards of his hand."""
        if not opts:
            return []
        label = Text(self.t("lic-options") + ": ", style="bold")
        if view.phase == "discard":
            example = " ".join(name(c, ascii=True) for c in opts[0].cards)
            return [label.append(self.t("lic-discard-how", example=example))]
        if view.phase == "play":
            extra = opts[numbered:]
            if not extra:
                return []
            for i, m in enumerate(extra, start=numbered + 1):
                label.append(f"{i}) ", style="cyan").append(self.label(m) + "  ", style="bold")
            return [label]
        return [self.options_line(label, [self.label(m) for m in opts])]

    def score_line(self) -> Text:
        """The money per seat over the settled deals."""
        line = Text(self.t("lic-money") + ": ", style="bold")
        for x, total in enumerate(self.s.totals):
            if x:
                line.append(" · ")
            line.append(f"{self.who(x)} ").append(kc(total), style=self.sign_style(total))
        return line

    def show_deal_end(self, r: Result) -> None:
        """How the deal ended, each seat's money; the discard after a trump game."""
        s = self.s
        head = Text(self.t("tui-deal-over", n=len(s.finished)) + ": ", style="bold")
        if r.ending == "omyl":
            head.append(self.t("lic-end-omyl", who=self.who(r.akter)))
        elif r.ending == "vyrovnana":
            head.append(self.t("lic-end-vyrovnana"))
        elif r.contract is not None:
            head.append(f"aktér {self.who(r.akter)} · {contract_name(r.contract)}")
        self.console.print(head)
        view = s.view(self.seat)
        if view.discard and r.akter != self.seat:
            self.console.print(Text("Talon: ").append_text(
                Text(" ").join(self.card(c) for c in _cards(view.discard))))
        pay = new_table(self.ascii)
        pay.add_column(self.t("tui-col-player"))
        pay.add_column(self.t("tui-col-payout"), justify="right")
        pay.add_column(self.t("tui-col-total"), justify="right")
        for x in range(SEATS):
            pay.add_row(self.mark(x), Text(kc(r.haler[x]), style=self.sign_style(r.haler[x])),
                        Text(kc(s.totals[x]), style="bold"))
        self.console.print(pay)

    def render_sheet(self) -> None:
        """The sheet of the settled deals: the aktér, the contract, each seat's money and
        the totals (LICITOVANY §8: the running money is the sheet)."""
        t = new_table(self.ascii, title=self.t("tui-sheet-title"))
        t.add_column("#", justify="right")
        t.add_column(self.t("tui-col-declarer"))
        t.add_column(self.t("tui-col-game"))
        for x in range(SEATS):
            t.add_column(self.who(x), justify="right")
        running = [0] * SEATS
        for i, (_, r) in enumerate(self.s.finished, start=1):
            running = [a + b for a, b in zip(running, r.haler, strict=True)]
            game_text = "omyl" if r.ending == "omyl" else \
                contract_name(r.contract) if r.contract else "—"
            t.add_row(str(i), self.who(r.akter) if r.akter >= 0 else "—", game_text,
                      *(kc(h) for h in r.haler))
        t.add_row("", "", self.t("tui-col-total"), *(Text(kc(x), style="bold")
                                                     for x in running))
        self.console.print(t)


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool = False, delay: float = 0.0, samples: int | None = None) -> None:
    """A series of ``rs`` at the terminal against two bots (``opponents``: one kind, or
    two separated by commas; default the strongest installed), the person at ``seat``
    0–2, twelve deals unless ``deals`` says otherwise."""
    del analysis, samples
    if seat not in range(SEATS):
        raise IllegalMove(Msg("lic-play-seat", "licitovaný mariáš has seats 1–3, not {seat} "
                              "(LICITOVANY §8)", seat=seat + 1))
    installed = list(_part("bots").available_bots())
    kinds = bot_kinds(opponents or strongest(installed, ("expert", "heuristic")), installed,
                      SEATS - 1, game_name=game(GAME_ID).name(lang))
    me = Sitting.of(lang, seed, name)
    series = Series.create(rs, deals=deals or DEFAULT_DEALS, seed=me.seed, humans=(seat,),
                           names={seat: me.player}, opponents=kinds)
    LicitovanyTable(series, seat, table_console(), lang=me.lang, ascii=ascii, delay=delay,
                    out=out).run()


__all__ = ["LicitovanyTable", "Series", "make_bot", "play", "roles"]
