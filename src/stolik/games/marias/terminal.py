"""Mariáš's ``terminal`` part: a series of Mariáš čtyřka against three bots in the terminal
(Rich) — what ``stolik play --game marias`` (:mod:`stolik.cli.play`) runs.

The series itself (dealing, bots, money, the record) is :mod:`stolik.games.marias.series`;
this module draws the table and reads the player's input. Everything shown comes from the
person's own :class:`~stolik.games.marias.view.SeatView` (hidden information is sacred):
before the choice only his first four cards (MARIAS §2), the choice without the laid card
(§4.1), the partner only once he has shown himself, the trick in progress and his own last
trick (§3, seed §9), the marriages announced, the piles' sizes, the open hands of a betl
from its second trick (§4.6). When a deal ends, its settlement — each component won or
lost, the cap, the card points and marriages, the money per seat — then every hand as dealt
(as the web table's reveal shows them; not after a deal thrown in before the play, MARIAS
§4.5) and, unless ``--no-analysis``, the review of the
person's cards by the exact solver (:mod:`stolik.games.marias.web_review`).

Moves are the engine's legal moves, numbered; a move may also be typed as records write
it (MARIAS §11), read by :mod:`stolik.games.marias.prompt`. The words around the Czech
terms are in the message catalogs (ids ``mtui-…`` and the shared
``tui-…``; Polish by default, English with ``--lang en``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from stolik import i18n
from stolik.cli.common import WIDE, new_table, stdout_console
from stolik.cli.prompt import Command, Problem, Prompt, TableUI, finish_series
from stolik.cli.prompt import suits_fallback as pictures_fallback
from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import (
    BETL_ORDER,
    HEARTS,
    SUIT_PICTURES,
    cards_of,
    name,
)
from stolik.games.marias.prompt import hand_order, options, read_action
from stolik.games.marias.record import dumps_record, replay
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.series import Event, Series, opponent_kinds
from stolik.games.marias.sheet import render_sheet
from stolik.games.marias.simulate import DEFAULT_DEALS
from stolik.games.marias.view import SeatView
from stolik.games.marias.words import (
    call_label,
    entry_label,
    levels_text,
    marriage_text,
    money_text,
    suit_text,
    word,
)
from stolik.i18n import N_, screen_lang

END_NOTES = {"no-re": N_("mtui-end-no-re"), "claim": N_("mtui-end-claim"),
             "betl": N_("mtui-end-betl"), "durch": N_("mtui-end-durch")}
"""How a deal ended early, by the engine's word (MARIAS §4.5–§4.7)."""


def tr(lang: str, key: str, **kw: object) -> str:
    """A screen text in ``lang`` (the message catalogs, :mod:`stolik.i18n`).

    >>> tr("en", "mtui-chooser", who="Ala"), tr("pl", "mtui-chooser", who="Ala")
    ('chooser (volí) Ala', 'wybiera (volí) Ala')
    """
    return i18n.tr(lang, key, **kw)


# ---------------------------------------------------------------- drawing


def suits_fallback(console: Console) -> bool:
    """Whether ``console`` cannot show the suit pictures (a terminal whose encoding is not
    Unicode, e.g. cp1250): then suits are written with their letters, as with ``--ascii``.
    """
    return pictures_fallback(console, SUIT_PICTURES)


class PlayUI(TableUI):
    """The terminal front end of one :class:`~stolik.games.marias.series.Series` for the
    person at ``seat``."""

    def __init__(self, series: Series, seat: int, console: Console, *, lang: str = "pl",
                 ascii: bool = False, delay: float = 0.0, out: str | None = None,
                 read: Callable[[str], str] | None = None, analysis: bool = True) -> None:
        self.s = series
        self.analysis = analysis
        self.seat = seat
        self.console = console
        self.lang = lang
        self.ascii = ascii or suits_fallback(console)
        self.delay = delay
        self.out = out
        self.prompt = Prompt(console, read)
        self.clear = console.is_terminal
        self.since: list[Event] = []
        self.saved: str | None = None

    def who(self, seat: int) -> str:
        """A seat's name as shown."""
        return self.s.players[seat]

    @property
    def arrow(self) -> str:
        """Before a trick's taker: an arrow, ``->`` in ASCII (cp1250 has no arrow)."""
        return "  -> " if self.ascii else "  → "

    def card(self, c: int, style: str = "bold") -> Text:
        """A card, red for červené (MARIAS §1)."""
        return Text(name(c, ascii=self.ascii),
                    style=" ".join(x for x in (style, "red" if c >> 3 == HEARTS else "") if x))

    # ------------------------------------------------------------ the loop

    def _loop(self) -> None:
        s = self.s
        while True:
            while (ev := s.bot_move()) is not None:
                self.show_event(ev)
            if s.deal.is_over:
                self.show_deal_end(s.end_deal())
                if s.is_over or not self.pause():
                    return
                s.next_deal()
                self.since = []
                continue
            if not self.human_turn():
                return

    def human_turn(self) -> bool:
        """Draw the table and take one move (commands in between); False: quit."""
        s = self.s
        self.console.print(self.screen(s.view(self.seat)))
        self.since = []
        while True:
            line = self.prompt.ask(self.t("tui-prompt"))
            if line is None:
                return False
            view = s.view(self.seat)
            action = read_action(line, view, s.rs, self.lang)
            if isinstance(action, Problem):  # Enter alone says nothing: the prompt again
                action.show(self.console)
                continue
            if isinstance(action, Command):
                if action.name == "quit":
                    return False
                if action.name == "help":
                    self.show_help()
                elif action.name == "sheet":
                    self.show_sheet()
                elif action.name == "claim" and self.claim():
                    return True
                continue
            try:
                self.show_event(s.apply(self.seat, action))
            except IllegalMove as e:  # read_action checks first; the engine has the word
                self.console.print(Text(self.t("tui-bad", why=i18n.translate(e, self.lang)),
                                        style="yellow"))
                continue
            return True

    def claim(self) -> bool:
        """Lay the cards down (MARIAS §4.7, seed §8): True once the deal is over by it."""
        if self.s.deal.phase != "play":
            self.console.print(Text(self.t("tui-claim-only-play"), style="yellow"))
            return False
        try:
            self.s.claim(self.seat)
        except IllegalMove as e:  # too early to judge (MARIAS §4.7): play on
            self.console.print(Text(self.t("tui-bad", why=i18n.translate(e, self.lang)),
                                    style="yellow"))
            return False
        ok = self.s.deal.pos.end == "claim"
        self.console.print(Text(self.t(N_("mtui-claim-ok") if ok else N_("mtui-claim-false")),
                                style="green" if ok else "red"))
        return True

    def show_help(self) -> None:
        """The prompt's words."""
        self.console.print(Text(self.t("mtui-help")))

    def finish(self) -> None:
        """Save the record of the settled deals and say where; the sheet."""
        s = self.s
        self.saved = finish_series(
            self.console, self.lang, finished=len(s.finished), over=s.is_over, out=self.out,
            dumps=lambda fmt: dumps_record(s.to_record(), fmt), show_sheet=self.show_sheet)

    # ------------------------------------------------------------ pieces of the screen

    def event_text(self, ev: Event) -> Text:
        """One move as it is made at the table: the choice without the laid card unless
        it is the person's (MARIAS §4.1); a trick's taker."""
        line = Text(f"  {self.who(ev.seat)}: ")
        if isinstance(ev.move, int):
            line.append_text(self.card(ev.move))
            if ev.took is not None:
                line.append(self.arrow + self.t("tui-takes", who=self.who(ev.took)), style="dim")
            return line
        rs = self.s.rs
        if ev.move.word == "choose" and ev.seat != self.seat:
            label = entry_label(f"trump={'HLBA'[ev.move.card >> 3]} call="
                                f"{name(ev.move.called, ascii=True)}", ascii=self.ascii)
        else:
            label = self.said(call_label(ev.move, rs.flek_names, ascii=self.ascii))
        return line.append(label, style="bold")

    def show_event(self, ev: Event) -> None:
        """A move, as it happens (and kept for the next screen)."""
        self.since.append(ev)
        self.console.print(self.event_text(ev))
        if self.delay > 0 and ev.seat != self.seat:
            time.sleep(self.delay)

    def screen(self, view: SeatView) -> RenderableType:
        """The table as the person sees it (his view only)."""
        if self.clear:  # a fresh screen, scrollback too: finished tricks stay hidden (§3)
            self.console.clear()
            self.console.file.write("\x1b[3J")
        s = self.s
        head = [self.t("tui-deal", n=s.number, of=s.length), s.rs.id,
                self.t("tui-dealer", who=self.who(view.dealer)),
                self.t("mtui-chooser", who=self.who(view.chooser)),
                self.t("tui-seed", seed=s.seed)]
        rows: list[RenderableType] = [Text(" · ".join(head), style="bold")]
        rows.append(self.choice_line(view))
        if view.game:
            rows.append(self.game_line(view))
            rows.append(self.side_line(view))
        rows.append(self.calls_line(view))
        if self.clear and self.since:
            rows.append(Text(self.t("mtui-since") + ":", style="bold"))
            rows.extend(self.event_text(ev) for ev in self.since)
        if view.phase == "play":
            rows.extend(self.play_lines(view))
        rows.append(self.hand_line(view))
        if view.phase != "play":
            rows.append(self.options_block(view))
        if self.trhak_duty(view):
            rows.append(Text(self.t("mtui-trhak"), style="magenta"))
        rows.append(self.money_line())
        return Panel(Group(*rows), box=box.ASCII if self.ascii else box.ROUNDED,
                     title=self.t("tui-turn"), title_align="left", expand=False)

    def choice_line(self, view: SeatView) -> Text:
        """The trumps and the called card as far as the person knows them (MARIAS §4.1)."""
        line = Text(self.t("mtui-trumps") + ": ", style="bold")
        if view.phase == "choice":
            return line.append(self.t("mtui-not-chosen"), style="dim")
        if view.game in ("betl", "durch"):
            return line.append(self.t("mtui-no-trumps"))
        if view.trump is None:  # after the choice the suit is public
            return line.append(self.t("mtui-not-chosen"), style="dim")
        line.append(suit_text(view.trump, ascii=self.ascii), style="bold")
        if view.trump_card is not None:
            line.append(" · " + self.t("mtui-laid") + " ")
            line.append_text(self.card(view.trump_card))
        if view.called is not None:
            line.append(" · " + self.t("mtui-called") + " ")
            line.append_text(self.card(view.called))
        return line

    def game_line(self, view: SeatView) -> Text:
        """The game, who plays alone where that is known, the announcements, the fleky."""
        rs = self.s.rs
        line = Text(self.t("mtui-game") + ": ", style="bold")
        line.append(view.game, style="bold")
        if view.soloist is not None:
            line.append(f" ({self.who(view.soloist)}"
                        + (", sám" if view.game in ("hra", "sto") else "") + ")")
        if view.sedma_by is not None:
            own = view.sedma_by == view.chooser or view.sides[view.sedma_by] == 0
            line.append(f" · {'sedma' if own else 'sedma proti'} ({self.who(view.sedma_by)})")
        if view.proti_by is not None:
            line.append(f" · sto proti ({self.who(view.proti_by)})")
        comps = [view.game] + (["sedma"] if view.sedma_by is not None else []) + \
            (["sto-proti"] if view.proti_by is not None else [])
        fleky = levels_text(comps, view.levels, rs.flek_names)
        line.append(" · " + self.t("mtui-fleky") + ": ")
        line.append(fleky or self.t("mtui-no-flek"), style="magenta" if fleky else "dim")
        return line

    def side_line(self, view: SeatView) -> Text:
        """The person's side, his partner where he knows him (only the view tells it)."""
        line = Text(self.t("tui-your-side") + ": ", style="bold")
        mine = view.sides[self.seat]
        if mine is None:
            return line.append(self.t("tui-side-unknown"), style="dim")
        line.append(self.t(N_("mtui-choosing") if mine == 0 else N_("mtui-defending")))
        alone = view.soloist == self.seat
        mates = [x for x in range(4) if x != self.seat and view.sides[x] == mine]
        if alone:
            line.append(" — " + self.t("tui-alone"))
        elif mates:
            line.append(" " + self.t("tui-partner", who=", ".join(self.who(x) for x in mates)))
        return line

    def calls_line(self, view: SeatView) -> Text:
        """Everything said so far, in order (the view's words)."""
        line = Text(self.t("mtui-bidding") + ": ", style="bold")
        if not view.calls:
            return line.append(self.t("tui-nobody-yet"), style="dim")
        for i, (seat, text) in enumerate(view.calls):
            if i:
                line.append(" · ", style="dim")
            line.append(f"{self.who(seat)} ")
            line.append(self.said(entry_label(text, ascii=self.ascii)),
                        style="dim" if text in ("pass", "dobry") else "bold")
        return line

    def said(self, label: str) -> str:
        """A call's label in the screen's language: the record word ``pass`` is said as the
        reader's (``pas`` in Polish and Czech, issue 25.2; the prompt takes both, MARIAS §4);
        the other calls are the game's Czech words in every language."""
        return self.t("play-mar-pass") if label == "pass" else label

    def play_lines(self, view: SeatView) -> list[RenderableType]:
        """The trick in progress, the person's own last trick, the piles, the marriages
        announced, a betl's open hands (MARIAS §3, §4.6, seed §7, §9)."""
        rows: list[RenderableType] = []
        rows.append(self.trick_line(self.t("tui-table"), view.trick))
        if view.last_trick is not None:
            lt = view.last_trick
            line = self.trick_line(self.t("mtui-own-last"), tuple(
                ((lt.leader + i) % 4, c) for i, c in enumerate(lt.cards)))
            rows.append(line.append(self.arrow + self.t("tui-takes", who=self.who(lt.winner)),
                                    style="dim"))
        rows.append(Text(self.t("mtui-tricks") + ": " + " · ".join(
            f"{self.who(x)} {view.taken[x]}" for x in range(4))))
        if view.marriages:
            rows.append(Text(self.t("mtui-marriages") + ": " + " · ".join(
                f"{self.who(x)} {marriage_text(suit, view.trump, ascii=self.ascii)}"
                for x, suit in view.marriages)))
        if view.open_hands is not None:
            rows.append(Text(self.t("mtui-open-hands") + ":", style="bold"))
            for x in range(4):
                if x != self.seat:
                    line = Text(f"  {self.who(x)}: ")
                    for c in view.open_hands[x]:
                        line.append_text(self.card(c, "")).append(" ")
                    rows.append(line)
        return rows

    def trick_line(self, label: str, trick: Sequence[tuple[int, int]]) -> Text:
        """A trick as (seat: card) pairs."""
        line = Text(f"{label}: ", style="bold")
        if not trick:
            return line.append(self.t("tui-empty"), style="dim")
        for i, (seat, c) in enumerate(trick):
            if i:
                line.append("  ")
            line.append(f"{self.who(seat)} ")
            line.append_text(self.card(c))
        return line

    def hand_line(self, view: SeatView) -> Text:
        """The person's cards; in the play the legal ones numbered, the others dimmed;
        before the choice only the first four (MARIAS §2)."""
        line = Text(self.t("tui-hand") + ": ", style="bold")
        numbered = options(view) if view.phase == "play" else []
        for i, c in enumerate(hand_order(view)):
            if i:
                line.append("  ")
            if c in numbered:
                line.append(f"{numbered.index(c) + 1}) ", style="cyan")
                line.append_text(self.card(c))
            else:
                line.append_text(self.card(c, "dim" if view.phase == "play" else ""))
        if view.phase == "choice":
            line.append("  " + self.t("mtui-first-four"), style="dim")
        return line

    def options_block(self, view: SeatView) -> RenderableType:
        """The legal calls, numbered; the choice grouped by the card laid (MARIAS §4.1)."""
        opts = options(view)
        label = Text(self.t("mtui-options") + ":", style="bold")
        if not opts:
            return label.append(" " + self.t("tui-empty"), style="dim")
        if view.phase != "choice":
            line = label.append(" ")
            for i, m in enumerate(opts):
                if i:
                    line.append("  ")
                line.append(f"{i + 1}) ", style="cyan")
                assert isinstance(m, Call)
                line.append(self.said(call_label(m, self.s.rs.flek_names, ascii=self.ascii)),
                            style="bold")
            return line
        rows: list[RenderableType] = [label]
        groups: dict[int, Text] = {}
        for i, m in enumerate(opts):
            assert isinstance(m, Call)
            if m.card not in groups:
                groups[m.card] = Text("  " + self.t("mtui-lay") + " ").append_text(
                    self.card(m.card)).append(", " + self.t("mtui-call") + ":")
            groups[m.card].append(f"  {i + 1}) ", style="cyan").append_text(self.card(m.called))
        rows.extend(groups.values())
        return Group(*rows)

    def trhak_duty(self, view: SeatView) -> bool:
        """The person is trhák with the game unflekked: his only call is its flek (seed §5)."""
        return view.phase == "fleky" and len(view.legal) == 1 and \
            isinstance(view.legal[0], Call) and view.legal[0].word == "raise"

    def money_line(self) -> Text:
        """The money per seat over the settled deals, in Kč."""
        totals = self.s.totals
        line = Text(self.t("mtui-money", n=len(self.s.finished)) + ": ", style="bold")
        for x in range(4):
            if x:
                line.append(" · ")
            line.append(f"{self.who(x)} ")
            line.append(money_text(totals[x]), style=self._money_style(totals[x]))
        return line

    @staticmethod
    def _money_style(h: int) -> str:
        return "green" if h > 0 else "red" if h < 0 else ""

    def show_deal_end(self, r: DealResult) -> None:
        """The settlement: the game, its sides, each component, the money per seat (no
        hand is shown)."""
        s = self.s
        st = r.settlement
        head = Text(self.t("tui-deal-over", n=len(s.finished)) + ": ", style="bold")
        head.append(st.game, style="bold")
        if 0 <= st.trump < 4:
            head.append(" · " + suit_text(st.trump, ascii=self.ascii))
        side = " + ".join(self.who(x) for x in st.side)
        alone = len(st.side) == 1  # sám, betl, durch: one against three (MARIAS §6)
        head.append(" · " + self.t(N_("mtui-soloist") if alone else N_("mtui-choosing-side"),
                                   who=side))
        self.console.print(head)
        end = END_NOTES.get(st.end)
        if st.end == "renonc":
            self.console.print(Text(self.t("mtui-end-renonc", who=self.who(st.offender)),
                                    style="red"))
        elif end is not None:
            self.console.print(Text(self.t(end)))
        if st.end in ("played", "claim") and st.game in ("hra", "sto"):
            self.console.print(Text(self.t(
                "mtui-points", ours=st.points[0], ours_m=sum(st.marriages[0]),
                theirs=st.points[1], theirs_m=sum(st.marriages[1]))))
        self.console.print(Text(self.t("mtui-settlement"), style="bold"))
        t = new_table(self.ascii)
        t.add_column(self.t("mtui-col-component"))
        t.add_column(self.t("mtui-col-amount"), justify="right")
        for comp, amount in r.lines:
            t.add_row(word(comp), Text(money_text(amount), style=self._money_style(amount)))
        if r.capped:
            t.add_row(self.t("mtui-capped"), money_text(r.pair))
        self.console.print(t)
        pay = new_table(self.ascii)
        pay.add_column(self.t("tui-col-player"))
        pay.add_column(self.t("mtui-col-deal"), justify="right")
        pay.add_column(self.t("tui-col-total"), justify="right")
        for x in range(4):
            pay.add_row(self.who(x) + (" *" if x == self.seat else ""),
                        Text(money_text(r.payouts[x]), style=self._money_style(r.payouts[x])),
                        Text(money_text(s.totals[x]), style="bold"))
        self.console.print(pay)
        self.show_hands()
        if self.analysis:
            self.show_review()

    def show_hands(self) -> None:
        """Every hand as dealt, each in the order of the game played (the deal is over:
        the web table's reveal shows the same); none after a deal thrown in before the
        play (no game without re, MARIAS §4.5: a bluffed flek stays a secret)."""
        deal = self.s.deal
        if deal.pos.end == "no-re":
            return
        t = new_table(self.ascii)
        t.add_column(self.t("tui-col-player"))
        t.add_column(self.t("tui-col-hand"))
        betl = deal.pos.game in ("betl", "durch")
        for x in range(4):
            cards = sorted(cards_of(deal.initial_hands[x]), key=lambda c: (
                (c >> 3, BETL_ORDER.index(c & 7)) if betl else (c >> 3, c)))
            t.add_row(self.who(x) + (" *" if x == self.seat else ""),
                      Text(" ").join(self.card(c, "") for c in cards))
        self.console.print(t)

    def show_review(self) -> None:
        """The exact solver's check of the person's cards in the deal just over (the web
        table's "Analiza"); an error of the analysis is a line, never a traceback."""
        from stolik.games.marias.web_review import review

        self.console.print(Text(self.t("tui-review"), style="bold"))
        try:
            items = review(self.s.deal, self.seat, self.lang)
        except Exception as e:  # the analysis is another module: never a traceback here
            self.console.print(Text(self.t("tui-no-analysis", why=f"{type(e).__name__}: {e}"),
                                    style="yellow"))
            return
        for item in items:
            self.console.print(Text("  " + item))

    def show_sheet(self) -> None:
        """The sheet of the settled deals (as ``stolik replay`` prints it)."""
        if not self.s.finished:
            self.console.print(self.money_line())
            return
        render_sheet(replay(self.s.to_record()), self.console, ascii=self.ascii,
                     lang=self.lang)


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool = False, delay: float = 0.0, samples: int | None = None) -> None:
    """Play a series of ``rs`` in the terminal against three bots (``opponents``: one
    kind, or three separated by commas; default the strongest installed): ``seat`` 0–3
    is the person's (MARIAS §11 numbering), ``lang`` ``pl`` or ``en``; ``analysis`` shows
    the solver's review of the person's cards after each deal (``samples`` changes nothing:
    the review is exact, with every hand open). An unknown bot is one line naming those
    there are."""
    del samples
    language = screen_lang(lang)  # pl, en or cs (issue 25.1)
    kinds = opponent_kinds(opponents)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    player = name or tr(language, "tui-you")
    series = Series.create(rs, deals=deals or DEFAULT_DEALS, seed=seed, humans=(seat,),
                           names={seat: player}, opponents=kinds)
    console = stdout_console(width=WIDE)
    PlayUI(series, seat, console, lang=language, ascii=ascii, delay=delay, out=out,
           analysis=analysis).run()


__all__ = ["PlayUI", "play", "read_action", "suits_fallback", "tr"]
