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

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from stolik.cli.common import new_table
from stolik.cli.prompt import Command, Problem
from stolik.cli.table import SeriesTable
from stolik.errors import IllegalMove
from stolik.games.marias.calls import Call
from stolik.games.marias.deck import (
    BETL_ORDER,
    HEARTS,
    SUIT_PICTURES,
    cards_of,
    name,
)
from stolik.games.marias.hint import deal_hint, hint_seed
from stolik.games.marias.prompt import hand_order, options, read_action
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.series import Event, Series, opponent_kinds
from stolik.games.marias.simulate import DEFAULT_DEALS
from stolik.games.marias.state import Move
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
from stolik.i18n import N_

END_NOTES = {"no-re": N_("mtui-end-no-re"), "claim": N_("mtui-end-claim"),
             "betl": N_("mtui-end-betl"), "durch": N_("mtui-end-durch")}
"""How a deal ended early, by the engine's word (MARIAS §4.5–§4.7)."""


# ---------------------------------------------------------------- drawing


class PlayUI(SeriesTable[Series, Event, Move]):
    """The terminal front end of one Mariáš :class:`~stolik.games.marias.series.Series`
    for the person at ``seat``: on a terminal the moves made since his last turn, after a
    deal its settlement and every hand as dealt, the solver's review (the loop:
    :class:`~stolik.cli.table.TerminalTable`)."""

    game_id = "marias"
    suit_pictures = SUIT_PICTURES
    help_key = N_("mtui-help")

    def card_name(self, card: int) -> str:
        """A card's name."""
        return name(card, ascii=self.ascii)

    def is_red(self, card: int) -> bool:
        """červené are red (MARIAS §1)."""
        return card >> 3 == HEARTS

    # ------------------------------------------------------------ the loop's hooks

    def read(self, line: str) -> Command | Problem | Move:
        """The person's line, read against his view (:mod:`stolik.games.marias.prompt`)."""
        return read_action(line, self.s.view(self.seat), self.s.rs, self.lang)

    def claim(self) -> bool:
        """Lay the cards down (MARIAS §4.7, seed §8): True once the deal is over by it."""
        if not self.in_play(self.s.deal.phase):
            return False
        try:
            self.s.claim(self.seat)
        except IllegalMove as e:  # too early to judge (MARIAS §4.7): play on
            self.warn(self.refusal(e))
            return False
        ok = self.s.deal.pos.end == "claim"
        self.console.print(Text(self.t(N_("mtui-claim-ok") if ok else N_("mtui-claim-false")),
                                style="green" if ok else "red"))
        return True

    # ------------------------------------------------------------ pieces of the screen

    def show_hint(self) -> None:
        """What the strongest bot, expert, would do on the person's own views — the web
        table's hint (:mod:`stolik.games.marias.hint`), seeded by the series' seed and the
        position: a card or a call, each by its search."""
        s = self.s
        seed = hint_seed(s.seed, s.number, len(s.deal.log), self.seat)
        move = deal_hint(s.deal, self.seat, seed)
        if isinstance(move, int):
            said = self.t("play-mar-hint", move=name(move, ascii=self.ascii))
        else:
            said = self.t("play-mar-hint-call", move=self.said(
                call_label(move, s.rs.flek_names, ascii=self.ascii)))
        self.console.print(Text(said, style="cyan"))

    def event_text(self, ev: Event) -> Text:
        """One move as it is made at the table: the choice without the laid card unless
        it is the person's (MARIAS §4.1); a trick's taker."""
        if isinstance(ev.move, int):
            return self.card_event(ev.seat, ev.move, ev.took)
        rs = self.s.rs
        if ev.move.word == "choose" and ev.seat != self.seat:
            label = entry_label(f"trump={'HLBA'[ev.move.card >> 3]} call="
                                f"{name(ev.move.called, ascii=True)}", ascii=self.ascii)
        else:
            label = self.said(call_label(ev.move, rs.flek_names, ascii=self.ascii))
        return Text(f"  {self.who(ev.seat)}: ").append(label, style="bold")

    def screen(self, view: SeatView) -> RenderableType:
        """The table as the person sees it (his view only; on a terminal a fresh screen,
        scrollback too: finished tricks stay hidden, §3), with the moves made since his
        last turn."""
        s = self.s
        rows: list[RenderableType] = [self.head([
            self.t("tui-deal", n=s.number, of=s.length), s.rs.id,
            self.t("tui-dealer", who=self.who(view.dealer)),
            self.t("mtui-chooser", who=self.who(view.chooser)), self.t("tui-seed", seed=s.seed)])]
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
        rows.append(self.score_line())
        return self.panel(rows)

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
        return self.side_text(view.sides, 0, (N_("mtui-choosing"), N_("mtui-defending")),
                              alone=view.soloist == self.seat)

    def calls_line(self, view: SeatView) -> Text:
        """Everything said so far, in order (the view's words)."""
        return self.said_line(self.t("mtui-bidding"), view.calls, lambda text: Text(
            self.said(entry_label(text, ascii=self.ascii)),
            style="dim" if text in ("pass", "dobry") else "bold"))

    def said(self, label: str) -> str:
        """A call's label in the screen's language: the record word ``pass`` is said as the
        reader's (``pas`` in Polish and Czech, issue 25.2; the prompt takes both, MARIAS §4);
        the other calls are the game's Czech words in every language."""
        return self.t("play-mar-pass") if label == "pass" else label

    def play_lines(self, view: SeatView) -> list[RenderableType]:
        """The trick in progress, the person's own last trick, the piles, the marriages
        announced, a betl's open hands (MARIAS §3, §4.6, seed §7, §9)."""
        rows: list[RenderableType] = []
        rows.extend(self.trick_rows(view.trick, view.last_trick, self.t("mtui-own-last"),
                                    N_("mtui-tricks"), view.taken))
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

    def hand_line(self, view: SeatView) -> Text:
        """The person's cards; in the play the legal ones numbered, the others dimmed;
        before the choice only the first four (MARIAS §2)."""
        play = view.phase == "play"
        numbered = [c for c in options(view) if isinstance(c, int)] if play else []
        line = self.hand_text(hand_order(view), numbered, play)
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
            return self.options_line(label.append(" "), [
                self.said(call_label(m, self.s.rs.flek_names, ascii=self.ascii))
                for m in opts if isinstance(m, Call)])
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

    def score_line(self) -> Text:
        """The money per seat over the settled deals, in Kč."""
        totals = self.s.totals
        line = Text(self.t("mtui-money", n=len(self.s.finished)) + ": ", style="bold")
        for x in range(4):
            if x:
                line.append(" · ")
            line.append(f"{self.who(x)} ")
            line.append(money_text(totals[x]), style=self.sign_style(totals[x]))
        return line

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
            t.add_row(word(comp), Text(money_text(amount), style=self.sign_style(amount)))
        if r.capped:
            t.add_row(self.t("mtui-capped"), money_text(r.pair))
        self.console.print(t)
        pay = new_table(self.ascii)
        pay.add_column(self.t("tui-col-player"))
        pay.add_column(self.t("mtui-col-deal"), justify="right")
        pay.add_column(self.t("tui-col-total"), justify="right")
        for x in range(4):
            pay.add_row(self.mark(x),
                        Text(money_text(r.payouts[x]), style=self.sign_style(r.payouts[x])),
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
            t.add_row(self.mark(x),
                      Text(" ").join(self.card(c, "") for c in cards))
        self.console.print(t)

    def review(self) -> Sequence[str]:
        """The review of the person's decisions in the deal just over (the web table's
        "Analiza"): the cards by the exact solver, the calls as the expert weighs them."""
        from stolik.games.marias.web_review import review

        return review(self.s.deal, self.seat, self.lang)


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool = False, delay: float = 0.0, samples: int | None = None) -> None:
    """Play a series of ``rs`` in the terminal against three bots (``opponents``: one
    kind, or three separated by commas; default the strongest installed): ``seat`` 0–3
    is the person's (MARIAS §11 numbering), ``lang`` ``pl`` or ``en``; ``analysis`` shows
    the review of the person's cards and calls after each deal (``samples`` changes nothing:
    the cards are checked with every hand open, the calls on the expert's own deals). An
    unknown bot is one line naming those there are."""
    del samples
    PlayUI.sit_down(Series.create, rs, seat=seat, opponents=opponent_kinds(opponents),
                    deals=deals or DEFAULT_DEALS, seed=seed, name=name, lang=lang, ascii=ascii,
                    delay=delay, out=out, analysis=analysis)


__all__ = ["PlayUI", "play", "read_action"]
