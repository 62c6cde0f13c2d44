"""Betel's ``terminal`` part: a match against two bots in the terminal (Rich) — what
``stolik play --game betel`` (:mod:`stolik.cli.play`) runs.

The match itself (dealing, bots, the points toward the target, the record) is
:mod:`stolik.games.betel.series`; this module draws the table and reads the player's
input (:mod:`stolik.games.betel.prompt`). Everything shown comes from the person's own
:class:`~stolik.games.betel.view.SeatView` (hidden information is sacred, BETEL §3): his
hand; the auction as he saw it — a dubel card he looked at is named to him alone, the
table sees "looks at one card"; the exchange (takes the dubel, lays two cards back — the
cards named only to him); kontra; the contracts by the ruleset's names; the dubel cards he
knows now; the peeking costs; in the play the trumps, the trick in progress, the last
trick and the tricks taken; the points toward the target. When a deal ends, its score —
the contract made or not, the tricks, each seat's points with its peeking costs — and no
hand and no dubel.

The Polish words of the game stay Polish in both languages: **dubel** (the two cards face
down), **pas** (pass), **kontra** (double), **betelek** (take at most N tricks), **szlemik**
(nine tricks), **szlem** (all ten). The words around them are in the message catalogs
(ids ``btui-…`` and the shared ``tui-…``; Polish by default, English with ``--lang en``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from stolik.cli.common import new_table
from stolik.cli.prompt import Command, Problem
from stolik.cli.table import SeriesTable
from stolik.errors import IllegalMove
from stolik.games.betel.calls import Action
from stolik.games.betel.claim_text import claim_verdict
from stolik.games.betel.claims import ClaimRefused
from stolik.games.betel.deck import SUIT_NAMES, SUIT_PICTURES, name, parse_cards
from stolik.games.betel.hint import hint_move, hint_seed
from stolik.games.betel.match import MAX_MATCH_DEALS as MAX_MATCH_DEALS
from stolik.games.betel.match import tied_at_top, undecided_note
from stolik.games.betel.prompt import numbered, options, read_action
from stolik.games.betel.ruleset import NO_TRUMPS, Ruleset
from stolik.games.betel.scoring import DealResult
from stolik.games.betel.series import Event, Series, opponent_kinds
from stolik.games.betel.state import Move
from stolik.games.betel.view import SeatView
from stolik.i18n import N_, Msg

RED_SUITS = (1, 2)
"""karo and kier are printed red (BETEL §1)."""


class PlayUI(SeriesTable[Series, Event, Move]):
    """The terminal front end of one Betel match for the person at ``seat``: the dubel as
    he knows it, the clock of a match by time, the winner or why the match stopped."""

    game_id = "betel"
    suit_pictures = SUIT_PICTURES
    help_key = N_("btui-help")
    scrollback = False

    def __init__(self, series: Series, seat: int, console: Console, *, lang: str = "pl",
                 ascii: bool = False, delay: float = 0.0, out: str | None = None,
                 read: Callable[[str], str] | None = None, capped: bool = False) -> None:
        super().__init__(series, seat, console, lang=lang,
                         ascii=ascii, delay=delay,
                         out=out, read=read)
        self.capped = capped
        """Whether the series' length is :data:`MAX_MATCH_DEALS`'s cap, not ``--deals``."""

    def card_name(self, card: int) -> str:
        """A card's name."""
        return name(card, ascii=self.ascii)

    def is_red(self, card: int) -> bool:
        """karo and kier are red."""
        return card >> 3 in RED_SUITS

    def cards(self, cs: Sequence[int]) -> Text:
        """Cards separated by spaces."""
        line = Text()
        for i, c in enumerate(cs):
            if i:
                line.append(" ")
            line.append_text(self.card(c))
        return line

    # ------------------------------------------------------------ the loop's hooks

    def between_deals(self) -> bool:
        """The time may have run out while the score was read (BETEL §5)."""
        s = self.s
        was_up = s.match.time_up
        if s.check_time() or s.match.time_up != was_up:
            self.show_time_out()  # the time ran out while the score was read
        return not s.is_over

    def read(self, line: str) -> Command | Problem | Move:
        """The person's line, read against his view (:mod:`stolik.games.betel.prompt`)."""
        return read_action(line, self.s.view(self.seat), self.s.rs, self.lang)

    def claim(self) -> bool:
        """The person claims (BETEL §4): refused, the reason (from his information only,
        :mod:`stolik.games.betel.claims`); accepted, the rest of the cards as they are
        played out. True when accepted."""
        deal = self.s.deal
        start, done, in_trick = len(deal.log), len(deal.history), len(deal.pos.trick)
        self.console.print(Text(self.t("btui-claim-judging"), style="dim"))
        try:
            deal.claim(self.seat)
        except ClaimRefused as e:  # the verdict in the person's words, no seat number
            self.warn(self.t("btui-claim-refused", why=claim_verdict(e.why, self.lang)))
            return False
        self.console.print(Text(self.t("btui-claim-accepted"), style="bold"))
        for i, op in enumerate(deal.log[start + 1:]):
            n = in_trick + i  # the card's place among those played from the claim on
            took = deal.history[done + n // 3].winner if n % 3 == 2 else None
            self.show_event(Event(op.seat, op.card, took))
        return True

    def show_hint(self) -> None:
        """What the strongest bot, expert, would do on the person's own view — the web
        table's hint (:mod:`stolik.games.betel.hint`), seeded by the match's seed and the
        position."""
        s = self.s
        seed = hint_seed(s.seed, s.number, len(s.deal.log), self.seat)
        move = hint_move(s.rs, s.view(self.seat), seed)
        if isinstance(move, int):
            said = name(move, ascii=self.ascii)
        elif move.kind == "lay":
            said = self.t("btui-w-lay") + " " + " ".join(name(c, ascii=self.ascii)
                                                        for c in move.cards)
        else:
            said = self.option_text(move)
        self.console.print(Text(self.t("play-btl-hint", move=said), style="cyan"))

    # ------------------------------------------------------------ words

    def contract_text(self, call: str) -> str:
        """A contract as the ruleset names it, with its record word: ``Dwa kiery (2H)``."""
        c = self.s.rs.contract_of(call)
        return call if c is None else f"{c.name} ({c.call})"

    def call_text(self, text: str) -> Text:
        """One auction step as the person's view tells it (BETEL §3): a card looked at or
        laid back appears only in his own steps."""
        words = text.split()
        head = words[0] if words else ""
        if head == "look" and words[1:2] == ["1"]:
            if len(words) > 2:
                return Text(self.t("btui-look-one-seen") + " ").append_text(
                    self.cards(parse_cards(words[2:])))
            return Text(self.t("btui-look-one"))
        if head == "look":
            return Text(self.t("btui-look-two"))
        if head == "take":
            return Text(self.t("btui-take"))
        if head == "lay":
            if len(words) > 1:
                return Text(self.t("btui-lay-seen") + " ").append_text(
                    self.cards(parse_cards(words[1:])))
            return Text(self.t("btui-lay"))
        if head in ("pas", "kontra"):
            return Text(head, style="dim" if head == "pas" else "magenta")
        return Text(self.contract_text(text), style="bold")

    def trump_text(self, trump: int | None) -> str:
        """The trumps: a suit's picture and Polish name, or bez atu."""
        if trump is None or trump == NO_TRUMPS or trump < 0:
            return self.t("btui-no-trumps")
        pic = "CDHS"[trump] if self.ascii else SUIT_PICTURES[trump]
        return f"{pic} {SUIT_NAMES[trump]}"

    # ------------------------------------------------------------ events

    def event_text(self, ev: Event) -> Text:
        """One move as the person sees it made (his view's words for auction steps)."""
        if isinstance(ev.move, Action):
            calls = self.s.view(self.seat).calls
            return Text(f"  {self.who(ev.seat)}: ").append_text(
                self.call_text(calls[-1][1] if calls else ""))
        return self.card_event(ev.seat, ev.move, ev.took)

    # ------------------------------------------------------------ the screen

    def screen(self, view: SeatView) -> RenderableType:
        """The table as the person sees it (his view only)."""
        s = self.s
        rows: list[RenderableType] = [self.head([
            self.t("btui-deal", n=s.number), s.rs.id, self.t("tui-dealer", who=self.who(
                view.dealer)), self.t("tui-seed", seed=s.seed)]), self.score_line()]
        rows.append(self.auction_line(view))
        rows.append(self.contract_line(view))
        rows.append(self.dubel_line(view))
        if any(view.peek):
            rows.append(Text(self.t("btui-peek") + ": " + " · ".join(
                f"{self.who(x)} {-view.peek[x]}" for x in range(3))))
        if view.phase == "play":
            rows.extend(self.play_lines(view))
        rows.append(self.hand_line(view))
        if view.phase == "auction":
            rows.append(self.options_block(view))
        return self.panel(rows)

    def score_line(self) -> Text:
        """The points by seat over the finished deals, toward the target (BETEL §5); in a
        match by time, the time left (or that it is up)."""
        s = self.s
        n = len(s.finished)
        head = (self.t("btui-score", n=n, target=s.rs.target) if s.rs.target > 0
                else self.t("btui-score-timed", n=n))
        line = Text(head + ": ", style="bold")
        for x in range(3):
            if x:
                line.append(" · ")
            line.append(f"{self.who(x)} ")
            line.append(str(s.match.totals[x]), style="bold")
        clock = self.clock_text()
        if clock:
            line.append(" · ")
            line.append(clock, style="yellow" if s.seconds_left() == 0 else "")
        return line

    def clock_text(self) -> str:
        """A match by time: the minutes and seconds left, or that the time is up and the
        deal in progress is the last (BETEL §5); "" for a match without ``minutes``."""
        left = self.s.seconds_left()
        if left is None:
            return ""
        if left == 0 or self.s.match.time_up:
            return self.t("btui-clock-up")
        whole = int(left + 0.999)  # 0:01 up to the very end, never 0:00 before it is up
        mm_ss = f"{whole // 60}:{whole % 60:02d}"
        return self.t("btui-clock-left", left=mm_ss, minutes=self.s.rs.minutes)

    def auction_line(self, view: SeatView) -> Text:
        """Every auction step so far, as the person saw it."""
        return self.said_line(self.t("tui-auction"), view.calls, self.call_text)

    def contract_line(self, view: SeatView) -> Text:
        """The standing (or played) contract, its declarer, kontra."""
        line = Text(self.t("btui-contract") + ": ", style="bold")
        if view.contract is None:
            if view.phase == "play":
                return line.append(self.t("btui-all-pass"))
            return line.append(self.t("btui-none-yet"), style="dim")
        c = view.contract
        line.append(self.contract_text(c.call), style="bold")
        if view.declarer is not None:
            line.append(" · " + self.t("tui-declarer", who=self.who(view.declarer)))
        if view.doubled:
            line.append(" · kontra", style="magenta")
        return line

    def dubel_line(self, view: SeatView) -> Text:
        """The dubel as the person knows it now: a card he saw by its place, else "?"."""
        line = Text(self.t("btui-dubel") + ": ", style="bold")
        for i, c in enumerate(view.dubel):
            if i:
                line.append("  ")
            line.append(f"#{i + 1} ")
            if c is None:
                line.append("?", style="dim")
            else:
                line.append_text(self.card(c))
        return line

    def play_lines(self, view: SeatView) -> list[RenderableType]:
        """The trumps, the trick in progress, the last trick, the tricks taken (BETEL §4)."""
        rows: list[RenderableType] = [
            Text(self.t("btui-trumps") + ": ", style="bold").append(self.trump_text(view.trump))]
        rows.extend(self.trick_rows(view.trick, view.history[-1] if view.history else None,
                                    self.t("tui-last-trick"), N_("tui-tricks"), view.taken))
        return rows

    def hand_line(self, view: SeatView) -> Text:
        """The person's cards; in the play the legal ones numbered, the others dimmed."""
        play = view.phase == "play"
        numbered = [c for c in options(view) if isinstance(c, int)] if play else []
        return self.hand_text(view.hand, numbered, play)

    def options_block(self, view: SeatView) -> RenderableType:
        """The legal auction steps, each with its own number for the whole auction (it does
        not change after a dubel action, issue 25.6); after taking the dubel, how to lay
        back."""
        if view.step == "taken":
            return Text(self.t("btui-lay-how"), style="magenta")
        label = Text(self.t("btui-options") + ":", style="bold")
        for n, m in numbered(view, self.s.rs):  # stable numbers (issue 25.6)
            assert isinstance(m, Action)
            label.append(f"  {n}) ", style="cyan")
            label.append(self.option_text(m))
        return label

    def option_text(self, a: Action) -> str:
        """An auction step on offer, as the person types it: a contract by its name and
        record word, the dubel's actions in the screen's words (``podglądam 1 #1``,
        ``biorę``; issue 25.2 — the prompt takes every language's, BETEL §3)."""
        text = a.text(self.s.rs)
        if a.kind == "bid":
            return self.contract_text(text)
        head, _, rest = text.partition(" ")
        if a.kind == "look" and head == "look":
            return self.t("btui-w-look") + " " + rest
        if a.kind == "take":
            return self.t("btui-w-take")
        return text

    # ------------------------------------------------------------ the end of a deal

    def show_deal_end(self, r: DealResult) -> None:
        """The deal's score: the contract, made or not, the tricks, each seat's points with
        its peeking costs, the totals (no hand, no dubel)."""
        s = self.s
        head = Text(self.t("tui-deal-over", n=len(s.finished)) + ": ", style="bold")
        if r.contract is None:
            head.append(self.t("btui-all-pass") if r.played else self.t("btui-redeal"))
        else:
            head.append(self.contract_text(r.contract.call), style="bold")
            if r.doubled:
                head.append(" kontra", style="magenta")
            head.append(" · " + self.t("tui-declarer", who=self.who(r.declarer)))
            head.append(" · " + self.t(N_("btui-made") if r.made else N_("btui-failed")),
                        style="green" if r.made else "red")
        self.console.print(head)
        t = new_table(self.ascii)
        t.add_column(self.t("tui-col-player"))
        t.add_column(self.t("tui-col-tricks"), justify="right")
        t.add_column(self.t("btui-col-peek"), justify="right")
        t.add_column(self.t("btui-col-deal"), justify="right")
        t.add_column(self.t("tui-col-total"), justify="right")
        for x in range(3):
            t.add_row(self.mark(x), str(r.tricks[x]),
                      str(-r.peek[x]) if r.peek[x] else "", f"{r.scores[x]:+d}",
                      Text(str(s.match.totals[x]), style="bold"))
        self.console.print(t)
        self.show_match_state(N_("btui-time-over"))

    def show_match_state(self, time_key: str) -> None:
        """After a deal (or when the time ran out between deals): the winner — in a match
        by time, first that the time is up (``time_key``) — or that a tie at the top plays
        on past the time, or why the match stopped at the cap undecided (BETEL §5)."""
        s = self.s
        m = s.match
        if m.time_up and m.winner is not None:
            self.console.print(Text(self.t(time_key, minutes=s.rs.minutes,
                                           deals=len(s.finished)), style="bold yellow"))
        if m.winner is not None:
            self.console.print(Text(self.t("btui-winner", who=self.who(m.winner),
                                           points=m.totals[m.winner]), style="bold green"))
        elif s.is_over and self.capped:
            self.console.print(Text(self.undecided_text(), style="bold yellow"))
        elif m.time_up:
            tops = tied_at_top(s.rs, m.totals, time_up=True)
            self.console.print(Text(self.t(
                "btui-time-tie", who=", ".join(self.who(x) for x in tops),
                points=m.totals[tops[0]]), style="bold yellow"))

    def show_time_out(self) -> None:
        """The time ran out between deals: no further deal and the winner, or the tie
        at the top that plays on (BETEL §5)."""
        self.show_match_state(N_("btui-time-out"))

    def undecided_text(self) -> str:
        """Why a match stops at the cap undecided (BETEL §5 has no end for it): nobody
        reached the target (or the time is not up), or a tie shares the top (a tie plays
        on) — the web table's words."""
        s = self.s
        key, args = undecided_note(s.rs, s.match.totals, len(s.finished),
                                   [self.who(x) for x in range(3)], time_up=s.match.time_up)
        return self.t(key, **args)


def play(rs: Ruleset, *, opponents: str | None, deals: int | None, seed: int | None,
         seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
         analysis: bool = False, delay: float = 0.0, samples: int | None = None) -> None:
    """Play a Betel match of ``rs`` in the terminal against two bots (``opponents``: one
    kind, or two separated by commas; default the strongest installed): to the ruleset's
    target or time, or ``deals`` deals; ``seat`` 0–2 is the person's, ``lang`` ``pl`` or
    ``en``. Without ``deals`` the match stops after :data:`MAX_MATCH_DEALS` deals and says
    it stopped undecided. Betel has no review of decisions yet, so ``analysis`` and
    ``samples`` change nothing.

    **Decision** (a match by time, seed 004, BETEL §5): the clock starts as the first deal
    is dealt and counts the pauses between deals; the score line shows the time left; a
    deal that ends past the time is the last, and the time running out while a deal's
    score is read ends the match without another deal; a tie at the top plays on
    (:mod:`stolik.games.betel.match`). ``--deals`` still ends it earlier."""
    del analysis, samples
    if seat not in range(3):
        raise IllegalMove(Msg("err-be-play-seat", "Betel has seats 1–3, not {seat} (BETEL §1)",
                              seat=seat + 1))
    PlayUI.sit_down(Series.create, rs, seat=seat, opponents=opponent_kinds(opponents),
                    deals=MAX_MATCH_DEALS if deals is None else deals, seed=seed, name=name,
                    lang=lang, ascii=ascii, delay=delay, out=out, capped=deals is None)


__all__ = ["PlayUI", "play"]
