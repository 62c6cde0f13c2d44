"""Baśka's ``terminal`` part: a whole series of Baśka against three bots, in the terminal
(Rich) — what ``stolik play`` (:mod:`stolik.cli.play`) runs for a Baśka ruleset.

The game logic — dealing, bots, bok-rounds, totals, records, claims — is
:mod:`stolik.games.baska.session`; this module only draws the table and reads the
player's input. What is shown keeps RULES §3: your hand, the auction, the trick in
progress and the last trick; the taken tricks stay hidden until the deal is over.

The words shown are in the message catalogs (:mod:`stolik.i18n`, ids ``tui-…``; Polish by
default, English with ``--lang en``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from stolik import i18n
from stolik.cli.common import new_table
from stolik.cli.prompt import COMMANDS, Command, Problem, command_of, pick
from stolik.cli.table import TerminalTable
from stolik.errors import CardError, IllegalMove
from stolik.games import bot_kind
from stolik.games.baska.calls import Call, parse_call
from stolik.games.baska.deck import DECK, parse_card
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.scoring import DECLARING
from stolik.games.baska.session import (
    AnalysisUnavailable,
    MoveEvent,
    Session,
    available_bots,
    default_opponents,
)
from stolik.games.baska.sheet import declarer_text
from stolik.games.baska.state import SeatView
from stolik.games.baska.words import (
    call_label,
    doubling_text,
    game_name,
    note_text,
    term,
)
from stolik.i18n import N_, Lang, Msg

CLAIM_IDS = {"laid-down": N_("play-claim-laid-down"), "fixed": N_("play-claim-fixed"),
             "not-in-play": N_("play-claim-not-in-play"),
             "not-your-turn": N_("play-claim-not-your-turn"),
             "not-laid-down": N_("play-claim-not-laid-down"),
             "not-fixed": N_("play-claim-not-fixed")}
"""A claim verdict's words by its code (the same as the web table's)."""


def tr(lang: Lang, key: str, **kw: object) -> str:
    """A screen text in ``lang``, filled in (the message catalogs, :mod:`stolik.i18n`;
    the terminal's own ids start ``tui-``).

    >>> tr("en", "tui-deal", n=3, of=32), tr("pl", "tui-deal", n=3, of=32)
    ('Deal 3/32', 'Rozdanie 3/32')
    """
    return i18n.tr(lang, key, **kw)


# ---------------------------------------------------------------- reading the prompt


Action = Command | Call | int | Problem


def read_action(text: str, view: SeatView, rs: Ruleset, lang: Lang = "pl", *,
                why: Callable[[Call | int], str | None] | None = None) -> Action:
    """What the player's line means: a command, a legal call or card (by number, name or
    card text), or a :class:`Problem` explaining why not (one line, RULES section);
    ``why`` gives the engine's reason for an illegal move (``Session.why_not``).

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> from stolik.games.baska.state import Deal
    >>> rs = load_ruleset("pucka-2019")
    >>> d = Deal.from_text(rs, dealer=0, hands=["AH TH QC AD", "QS QH JC TD",
    ...                                         "AC TC AS TS", "QD JS JH JD"])
    >>> v = d.view(2)
    >>> read_action("1", v, rs) == read_action("pas", v, rs) == Call("pass")
    True
    >>> read_action("wesele", v, rs, "en", why=lambda m: d.why_not_call(m)).message
    'Not allowed: seat 2 may not call Wesele — it needs QC QS in hand (RULES §4)'
    >>> read_action("zolo", v, rs)
    Call(kind='contract', contract='zolo', level=0)
    >>> read_action("AH", v, rs).message
    'Trwa licytacja: zapowiedz (np. pas) albo wybierz numer.'
    >>> read_action("9", v, rs, "en").message
    'There is no option 9: choose 1–6.'
    >>> read_action("  ", v, rs, "en")       # Enter alone: the prompt again, nothing said
    Problem(message='')
    """
    word = text.strip()
    if not word:  # as at Mariáš's and Betel's tables
        return Problem("")
    low = word.lower()
    cmd = command_of(low, COMMANDS)
    if cmd is not None:
        return cmd
    options: list[Call | int] = list(view.legal_calls) if view.phase == "auction" \
        else list(view.legal_cards)
    if low.isdigit():
        return pick(int(low), options, lang)
    if view.phase == "auction":
        try:
            call = parse_call(word, rs)
        except IllegalMove as e:
            if _is_card(word):
                return Problem(tr(lang, "tui-auction-on"))
            return Problem(tr(lang, "tui-bad", why=i18n.translate(e, lang)))
        if call not in view.legal_calls:
            return Problem(tr(lang, "tui-bad", why=(why(call) if why else None)
                              or Msg("err-not-legal-call", "{call} is not a legal call now "
                                     "(RULES §4)", call=call.text(rs))))
        return call
    try:
        card = parse_card(word)
    except CardError as e:
        if _is_call(word, rs):
            return Problem(tr(lang, "tui-auction-over"))
        return Problem(tr(lang, "tui-bad", why=i18n.translate(e, lang)))
    if card not in view.legal_cards:
        if card not in view.hand:
            reason: str | None = Msg("err-you-do-not-hold", "you do not hold {card} (RULES §3)",
                                     card=DECK.name(card))
        else:
            reason = why(card) if why else None
        return Problem(tr(lang, "tui-bad", why=reason
                          or Msg("err-not-legal-card", "{card} is not a legal card now "
                                 "(RULES §3)", card=DECK.name(card))))
    return card


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _is_call(word: str, rs: Ruleset) -> bool:
    try:
        parse_call(word, rs)
    except IllegalMove:
        return False
    return True


# ---------------------------------------------------------------- drawing


class PlayUI(TerminalTable[Session, MoveEvent, Call | int]):
    """The terminal front-end of one Baśka :class:`Session` for the person at ``seat``:
    the auction grid, the game and the sides as far as he can tell them, the deal's payouts
    and the running sheet after it, the analysis' hint and review (the loop and the
    prompt's commands: :class:`~stolik.cli.table.TerminalTable`)."""

    game_id = "baska"
    review_none = N_("tui-review-none")
    quiet_errors = (AnalysisUnavailable,)

    def __init__(self, session: Session, seat: int, console: Console, *, lang: Lang = "pl",
                 ascii: bool = False, analysis: bool = True, delay: float = 0.0,
                 samples: int | None = None, out: str | None = None,
                 read: Callable[[str], str] | None = None) -> None:
        super().__init__(session, seat, console, lang=lang, ascii=ascii, delay=delay, out=out,
                         read=read, analysis=analysis)
        self.samples = samples

    def card_name(self, card: int) -> str:
        """A card's name."""
        return DECK.name(card, ascii=self.ascii)

    def is_red(self, card: int) -> bool:
        """♥ ♦ are red."""
        return DECK[card].suit.letter in "HD"

    @property
    def arrow(self) -> str:
        """Before the last trick's taker (an arrow, ``--ascii`` too)."""
        return "  → "

    # ------------------------------------------------------------ the loop's hooks

    def bots_play(self) -> None:
        """The bots move until the person's turn or the deal's end."""
        s = self.s
        while not s.deal.is_over and s.human_to_act is None:
            for ev in s.advance_bots(limit=1):
                self.show_event(ev)

    def deal_end(self) -> None:
        """The deal's result, the running sheet, the review."""
        self.show_deal_end()

    def read(self, line: str) -> Command | Problem | Call | int:
        """The person's line, read against his view (:func:`read_action`)."""
        s = self.s
        return read_action(line, s.view(self.seat), s.rs, cast(Lang, self.lang),
                           why=lambda m: s.why_not(self.seat, m))

    def move(self, move: Call | int) -> None:
        """The person's call or card."""
        self.s.apply(self.seat, move)

    def claim(self) -> bool:
        """Try the player's claim; True when it was certain and the deal is played out."""
        s = self.s
        if not self.in_play(s.deal.phase):
            return False
        verdict = s.claim(self.seat)
        why = self.t(CLAIM_IDS[verdict.code])
        if verdict.certain:
            self.console.print(Text(self.t("tui-claim-ok", why=why), style="green"))
            return True
        self.warn(self.t("tui-claim-no", why=why))
        return False

    def played_out(self) -> bool:
        """Whether the series was played to its end; the bots stop thinking."""
        s = self.s
        over = s.is_over and bool(s.finished) and len(s.finished) >= s.length
        s.stop()
        return over

    def review(self) -> Sequence[str]:
        """analysis.review of the player's decisions in the last deal."""
        return [rv.text(self.lang) for rv in self.s.review(self.seat, samples=self.samples)]

    # ------------------------------------------------------------ pieces of the screen

    def event_text(self, ev: MoveEvent) -> Text:
        """One bot's move, as it happens."""
        return Text.assemble(f"  {self.who(ev.seat)}: ", self.move_text(ev.move))

    def move_text(self, move: Call | int) -> Text:
        """A call or a card, as shown."""
        if isinstance(move, Call):
            return Text(call_label(move, self.s.rs, self.lang), style="bold")
        return self.card(move)

    def screen(self, view: SeatView) -> RenderableType:
        """The table as the player sees it (RULES §3; on a terminal a fresh screen,
        scrollback too: taken tricks stay hidden)."""
        s = self.s
        rs = s.rs
        deal = s.deal
        head = [self.t("tui-deal", n=s.number, of=s.length), rs.id,
                self.t("tui-dealer", who=self.who(view.dealer)), self.t("tui-seed", seed=s.seed)]
        if deal.bok_deal:
            head.append(self.t("tui-bok"))
        rows: list[RenderableType] = [self.head(head)]
        rows.append(self.auction_line(view))
        if view.phase == "auction" and (view.contract is not None or view.level):
            rows.append(self.game_line(view))
            rows.append(self.side_line(view))
        if view.phase == "play":
            rows.append(self.game_line(view))
            rows.append(self.side_line(view))
            rows.extend(self.trick_rows(view.trick, view.last_trick, self.t("tui-last-trick"),
                                        N_("tui-tricks"), view.tricks_taken))
        rows.append(self.hand_line(view))
        if view.phase == "auction" and view.legal_calls:
            rows.append(self.options_line(Text(self.t("tui-calls") + ": "), [
                call_label(c, rs, self.lang) for c in view.legal_calls]))
        rows.append(self.score_line())
        return self.panel(rows)

    def auction_line(self, view: SeatView) -> RenderableType:
        """Who called what, round by round, in the ruleset's words (columns: the seats in
        speaking order, forehand's left-hand neighbour first — RULES §4)."""
        label = Text(self.t("tui-auction") + ":", style="bold")
        if not view.calls:
            return label.append(" " + self.t("tui-nobody-yet"), style="dim")
        first = (view.dealer + 2) % 4
        seats = [(first + i) % 4 for i in range(4)]
        grid = Table(box=None, show_header=True, header_style="dim", padding=(0, 2, 0, 2),
                     show_edge=False)
        for seat in seats:
            grid.add_column(Text(self.who(seat) + (" *" if seat == self.seat else "")))
        cells: list[Text] = []
        for _, word in view.calls:
            call = parse_call(word, self.s.rs)
            cells.append(Text(call_label(call, self.s.rs, self.lang),
                              style="dim" if call.kind == "pass" else "bold"))
        if view.phase == "auction" and view.to_act is not None:
            cells.append(Text("?", style="cyan"))
        for i in range(0, len(cells), 4):
            grid.add_row(*cells[i:i + 4])
        return Group(label, grid)

    def game_line(self, view: SeatView) -> Text:
        """The game: contract, declarer, doubling."""
        rs = self.s.rs
        line = Text(self.t("tui-game") + ": ", style="bold")
        if view.contract is None:
            # One black queen in your hand, or two seats seen on the starzy side: no cicha.
            known = view.sides[self.seat] == DECLARING or view.sides.count(DECLARING) >= 2
            line.append(self.t("tui-plain") if known else self.t("tui-no-contract"))
        else:
            line.append(rs.contract(view.contract).name.split(" (")[0], style="bold")
            if view.declarer is not None:
                line.append(" · " + self.t("tui-declarer", who=self.who(view.declarer)))
        if view.laid_down:  # announced, so public (RULES §7)
            line.append(" · " + term(self.lang, "laid_down"), style="bold yellow")
        if view.level:
            line.append(f" · {rs.doubling_name(view.level)}", style="magenta")
        return line

    def side_line(self, view: SeatView) -> Text:
        """Your side, when you can tell it (view.sides)."""
        if view.contract is None:
            keys, lone = (N_("tui-starzy"), N_("tui-mlodzi")), False
        else:
            keys = (N_("tui-declaring"), N_("tui-defending"))
            lone = self.s.rs.contract(view.contract).lone
        return self.side_text(view.sides, DECLARING, keys,
                              alone=lone and view.sides[self.seat] == DECLARING)

    def hand_line(self, view: SeatView) -> Text:
        """Your cards in the game's order; legal ones numbered, the others dimmed."""
        return self.hand_text(view.hand, list(view.legal_cards), view.phase == "play")

    def score_line(self) -> Text:
        """The running totals."""
        totals = self.s.totals
        line = Text(self.t("tui-score") + f" ({len(self.s.finished)}): ", style="bold")
        line.append(" · ".join(f"{self.who(x)} {totals[x]:+d}" for x in range(4)))
        return line

    def show_hint(self) -> None:
        """The analysis' best move and expected payout."""
        self.console.print(Text(self.t("tui-thinking"), style="dim"))
        try:
            hint = self.s.hint(self.seat, samples=self.samples)
            self.console.print(Text(hint.text(self.lang)))
        except Exception as e:  # the analysis is another module: never a traceback here
            self.no_analysis(e)

    def show_deal_end(self) -> None:
        """All four hands, points, tricks, payouts, the review, the running sheet."""
        s = self.s
        fin = s.finished[-1]
        r = fin.result
        deal = s.deal
        order = deal.order
        head = Text(self.t("tui-deal-over", n=fin.number) + ": ", style="bold")
        game = r.game.contract
        if game.kind == "plain":
            head.append(self.t("tui-plain"))
        else:
            head.append(game.name.split(" (")[0], style="bold")
        if r.game.laid_down:
            head.append(" " + term(self.lang, "laid_down"), style="bold yellow")
        if r.game.declarer is not None:
            head.append(" · " + self.t("tui-declarer", who=self.who(r.game.declarer)))
        if r.level or r.game.dead:  # dead doublings are shown once the deal is over (§4)
            head.append(f" · {doubling_text(s.rs, r, self.lang)}")
        head.append(f" · {note_text(r, self.lang)}")
        if game.kind == "honour":
            head.append(" · " + self.t("tui-honour"))
        self.console.print(head)
        t = new_table(self.ascii)
        for key in (N_("tui-col-seat"), N_("tui-col-player"), N_("tui-col-hand"),
                    N_("tui-col-points"), N_("tui-col-tricks"), N_("tui-col-payout"),
                    N_("tui-col-total")):
            t.add_column(self.t(key), justify="right" if key not in (
                "tui-col-player", "tui-col-hand") else "left")
        for x in range(4):
            hand = Text(" ").join(self.card(c, "") for c in order.sort(
                DECK.cards_of(deal.initial_hands[x])))
            pay = r.payout[x]
            t.add_row(str(x + 1), Text(self.mark(x)), hand,
                      str(r.points[x]), str(r.tricks[x]),
                      Text(f"{pay:+d}", style=self.sign_style(pay)),
                      str(s.totals[x]))
        self.console.print(t)
        self.console.print(self.running_sheet())
        if self.analysis:
            self.show_review()

    def running_sheet(self, rows: int = 8) -> RenderableType:
        """The score sheet so far, compact: the last ``rows`` deals, each with its game,
        declarer, result, and every player's payout beside his running total."""
        s = self.s
        t = new_table(self.ascii, show_footer=True, footer_style="bold",
                      title=self.t("tui-sheet-title"), title_justify="left", title_style="bold")
        t.add_column("nr", justify="right", footer="Σ")
        t.add_column("", width=1)
        t.add_column(self.t("tui-col-game"))
        t.add_column(self.t("tui-col-declarer"))
        t.add_column(self.t("tui-col-result"))
        for x in range(4):
            t.add_column(Text(self.who(x)), justify="right", footer=str(s.totals[x]))
        running = [0, 0, 0, 0]
        lines = []
        for f in s.finished:
            r = f.result
            running = [running[x] + r.payout[x] for x in range(4)]
            game = game_name(s.rs, r, self.lang) + (f" ×{r.mult}" if r.mult > 1 else "")
            lines.append((str(f.number), Text("B", style="magenta") if r.bok_deal else "",
                          game, Text(declarer_text(r, s.players, first=1)), note_text(r, self.lang),
                          *(Text(f"{r.payout[x]:+d} ", style=self.sign_style(r.payout[x]))
                            + Text(f"{running[x]:>4d}", style="bold") for x in range(4))))
        if len(lines) > rows:
            t.add_row("…", "", "", "", "", "", "", "", "")
        for line in lines[-rows:]:
            t.add_row(*line)
        return t


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool, delay: float, samples: int | None) -> None:
    """Play a series of ``rs`` at the terminal against three bots of kind ``opponents``
    (default: the strongest installed, :func:`default_opponents`): ``seat`` 0–3 is the
    person's (RULES §11 numbering), ``lang`` ``pl`` or ``en``. A bot that is not installed
    is one line naming those that are, in ``lang`` (:func:`stolik.games.bot_kind`); an
    unwritable record file is an ``OSError``."""
    # One kind for the three bots; one that is not installed is refused in ``lang``.
    kind = bot_kind(opponents if opponents is not None else default_opponents(),
                    available_bots(), game_name="Baśka")
    PlayUI.sit_down(Session.create, rs, seat=seat, opponents=kind, deals=deals, seed=seed,
                    name=name, lang=lang, ascii=ascii, analysis=analysis, delay=delay,
                    samples=samples, out=out)


__all__ = ["COMMANDS", "Lang", "PlayUI", "Problem", "play", "read_action", "tr"]
