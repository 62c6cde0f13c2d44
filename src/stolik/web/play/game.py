"""What a game offers a web table: the :class:`Match` interface over one series, and the
:class:`GameKind` that makes matches from a table's configuration.

A table (:mod:`.table`) knows nothing of the rules: it asks its match who is to act,
whether a move (written as text) is legal, to apply it, and for the message each seat may
see. Each game offers its own as its ``web`` part (:mod:`stolik.games`; Baśka's is
:mod:`stolik.games.baska.web`); Mariáš and Betel will add theirs.

>>> GAMES.names() == sorted(GAMES.names())
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from stolik.errors import StolikError
from stolik.games import GameSpec, games
from stolik.i18n import Msg
from stolik.web.play.dealing import MAX_CLIENT_SEED, MAX_SEED_TEXT, new_secret

MAX_DEALS = 64
"""The most deals a series at a web table has, in every game (the API's bound)."""

Message = dict[str, Any]
"""A JSON object sent to a client."""


class ConfigError(StolikError):
    """A table's configuration is not valid for its game."""


@dataclass(frozen=True)
class Played:
    """A move made at a table: the seat and the move as text (``AH``, ``pass``, …)."""

    seat: int
    move: str


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat when the table is set: a bot kind, or a person (``bot`` None)."""

    bot: str | None = None
    name: str = ""


class Match(Protocol):
    """One series of a game at a table, as the table drives it. Moves are text; every
    move made (by a person, a bot or a claim's play-out) is reported to ``on_move``."""

    seats: int

    def set_name(self, seat: int, name: str) -> None:
        """Rename a person's seat (when a player takes it)."""

    def to_act(self) -> int | None:
        """The seat to move now (None: nobody — the deal is settled or the series over)."""

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat``."""

    def bot_is_fast(self, seat: int) -> bool:
        """Whether the seat's bot moves in well under a millisecond (no thread needed)."""

    def bot_move(self, seat: int) -> str:
        """The bot's move for ``seat`` now (not applied). Pure with respect to the match:
        may run in another thread while nothing else changes the match."""

    def why_not(self, seat: int, move: str) -> str | None:
        """Why ``seat`` may not make ``move`` now (one line), or None when it is legal."""

    def apply(self, seat: int, move: str) -> None:
        """Make the move (checked by :meth:`why_not` first)."""

    def waiting_for_next(self) -> bool:
        """The deal is settled and another is due."""

    def next_deal(self) -> None:
        """Deal the next hand."""

    def is_over(self) -> bool:
        """Whether the series is over."""

    def finished_deals(self) -> int:
        """How many deals are settled."""

    def totals(self) -> tuple[int, ...]:
        """The table score by seat."""

    def claim_judge(self, seat: int) -> Callable[[], object]:
        """A function judging ``seat``'s claim on a copy of the game as it is now, changing
        nothing: the server runs it on a worker thread (it may take seconds)."""

    def claim(self, seat: int, verdict: object = None) -> tuple[bool, str]:
        """``seat`` lays down its cards (with ``verdict`` from :meth:`claim_judge`, when it
        was judged already): (accepted, the verdict's code)."""

    def hint(self, seat: int, lang: str) -> str:
        """The best move for ``seat`` now, in words of ``lang``."""

    def review(self, seat: int, lang: str) -> list[str]:
        """The review of ``seat``'s decisions in the last settled deal, in ``lang``."""

    def record(self) -> str:
        """The series record (TOML) of the settled deals."""

    def state(self, seat: int | None, lang: str) -> Message:
        """What ``seat`` (None: a spectator) may see now, as a message body."""


class GameKind(Protocol):
    """A game the lobby can set a table for."""

    name: str
    places: bool
    """Whether a series ends in place points (else its totals are the result)."""

    def total_text(self, total: int) -> str:
        """A seat's total as the game writes it (``+12``, ``+1,50 Kč``)."""

    def options(self) -> Mapping[str, Any]:
        """The lobby's choices: ``rulesets``, ``bots``, ``deals`` (defaults and limits)."""

    def warm_up(self) -> None:
        """Load — import, and compile or load from numba's cache — what a table's first
        bot move, hint, review and claim would; ``stolik serve`` calls it before it serves
        (issue 24.3). Blocking and long (seconds; minutes when numba compiles afresh):
        never on the event loop."""

    def check_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """A normalized copy of a table configuration; ConfigError if it is not valid."""

    def new_match(self, config: Mapping[str, Any], seats: list[SeatSpec],
                  on_move: Callable[[Played], None]) -> Match:
        """A fresh series for the configuration (the same configuration deals the same
        cards)."""

    def place_points(self, config: Mapping[str, Any], totals: tuple[int, ...]
                     ) -> tuple[float, ...]:
        """Place points of a finished series' totals."""


def whole_number(value: Any, name: str) -> int:
    """A whole number in a configuration (``2`` or ``"2"``; not 2.5, inf or a bool)."""
    if isinstance(value, bool) or not isinstance(value, int | str | float):
        raise ConfigError(Msg("err-cfg-whole", "{name} is a whole number", name=name))
    if isinstance(value, float):
        if not value.is_integer():
            raise ConfigError(Msg("err-cfg-whole-not", "{name} is a whole number, not {value}",
                                  name=name, value=value))
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.lstrip("-").isdigit() and len(text) <= 20):
            raise ConfigError(Msg("err-cfg-whole", "{name} is a whole number", name=name))
        return int(text)
    return value


def table_seed(value: Any) -> int | str:
    """A table's seed: a fresh secret when none is given; else a whole number 0 … 2⁶³−1 or
    a text of at most 64 printable ASCII characters."""
    if value is None:
        return new_secret()
    if isinstance(value, str):
        if not (0 < len(value) <= MAX_SEED_TEXT and value.isascii() and value.isprintable()):
            raise ConfigError(Msg("err-cfg-seed-text", "a seed is a whole number or up to {n} "
                                  "printable ASCII characters", n=MAX_SEED_TEXT))
        return value
    seed = whole_number(value, "seed")
    if not 0 <= seed <= MAX_CLIENT_SEED:
        raise ConfigError(Msg("err-cfg-seed-range", "a seed is a whole number 0 to {max}",
                              max=MAX_CLIENT_SEED))
    return seed


def table_config(config: Mapping[str, Any], rulesets: list[str], default_ruleset: str,
                 default_deals: Callable[[str], int], seats: int = 4) -> dict[str, Any]:
    """A table's configuration checked and normalized, as every game's lobby has it: a
    ruleset of ``rulesets`` (``default_ruleset`` when none), 1 … :data:`MAX_DEALS` deals
    (``default_deals(ruleset)`` when none), the first dealer one of the game's ``seats``
    (0 …), the seed (:func:`table_seed`) and whether hints are on; ConfigError naming the
    field.

    >>> table_config({"deals": "2"}, ["a", "b"], "b", lambda r: 8)["deals"]
    2
    >>> table_config({"first_dealer": 4}, ["a"], "a", lambda r: 8)
    Traceback (most recent call last):
    ...
    stolik.web.play.game.ConfigError: the first dealer is a seat 0–3, not 4
    """
    rs_id = config.get("ruleset") or default_ruleset
    if not isinstance(rs_id, str) or rs_id not in rulesets:
        raise ConfigError(Msg("err-cfg-ruleset", "unknown ruleset {rs!r}: rulesets are "
                              "{known}", rs=str(rs_id)[:40], known=", ".join(rulesets)))
    raw = config.get("deals")
    deals = whole_number(raw, "deals") if raw not in (None, "") else default_deals(rs_id)
    if not 1 <= deals <= MAX_DEALS:
        raise ConfigError(Msg("err-cfg-deals", "a series has 1 to {max} deals, not {deals}",
                              max=MAX_DEALS, deals=deals))
    first = whole_number(config.get("first_dealer") or 0, "first_dealer")
    if first not in range(seats):
        raise ConfigError(Msg("err-cfg-dealer", "the first dealer is a seat 0–{last}, not "
                              "{first}", first=first, last=seats - 1))
    return {"ruleset": rs_id, "deals": deals, "seed": table_seed(config.get("seed")),
            "first_dealer": first, "hints": bool(config.get("hints", False))}


class BotSeats:
    """The seats of a :class:`Match` as every game keeps them: ``names`` and ``bots`` (a
    bot kind, or None for a person) by seat."""

    names: list[str]
    bots: list[str | None]
    FAST_BOTS = ("random", "heuristic")
    """The bot kinds that answer in well under a millisecond (no thread needed)."""

    def set_name(self, seat: int, name: str) -> None:
        """Rename a person's seat."""
        self.names[seat] = name

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat``."""
        return self.bots[seat] is not None

    def bot_is_fast(self, seat: int) -> bool:
        """Whether the seat's bot is one of :attr:`FAST_BOTS`."""
        return self.bots[seat] in self.FAST_BOTS


def check_seats(seats: list[SeatSpec], count: int, bots: list[str], wrong: Msg) -> None:
    """ConfigError unless there are ``count`` seats (``wrong`` says so) and every bot's
    kind is one of ``bots``."""
    if len(seats) != count:
        raise ConfigError(wrong)
    for spec in seats:
        if spec.bot is not None and spec.bot not in bots:
            raise ConfigError(Msg("err-cfg-bot", "unknown bot {bot!r}: bots are {known}",
                                  bot=spec.bot, known=", ".join(bots)))


def serve_meta(seed: int | str, over: bool, bots: list[str | None]
               ) -> tuple[tuple[str, str], ...]:
    """The tags of a web table's record: the event, and a comment naming the bots and —
    once the series is over, so that nobody learns the hands early — the table's seed.

    >>> serve_meta(7, True, [None, "random", "random"])
    (('event', 'stolik serve'), ('comment', 'stolik serve, seed 7, bots random'))
    """
    comment = "stolik serve" + (f", seed {seed}" if over else "")
    kinds = sorted({b for b in bots if b})
    if kinds:
        comment += ", bots " + ", ".join(kinds)
    return (("event", "stolik serve"), ("comment", comment))


def forced_move(match: Match, seat: int) -> str | None:
    """A person's forced move at ``seat`` (issue 25.9): his only legal move, when it is a
    pass or "nothing to announce" — what the terminal's Enter alone takes — which the table
    makes for him, as a bot's, so that he never clicks the one button every deal. A match
    says it through its own ``forced_move(seat)`` (Mariáš's: MARIAS §4); a game without
    one has none."""
    hook = getattr(match, "forced_move", None)
    if not callable(hook):
        return None
    move: str | None = hook(seat)
    return move


def first_dealer_for(kind: GameKind, seat: int) -> int | None:
    """The first dealer a lobby's table gets when the person who sets it takes ``seat``
    (issue 25.9): the game's own ``first_dealer_for(seat)`` (Mariáš: the seat right of
    his, so that he chooses trumps in the first deal, MARIAS §4.1), None where the game
    keeps its default."""
    hook = getattr(kind, "first_dealer_for", None)
    if not callable(hook):
        return None
    dealer: int | None = hook(seat)
    return dealer


class Registry:
    """Game kinds by name: every game of the registry (:mod:`stolik.games`) that offers a
    ``web`` part, looked up each time it is asked, so a game registered after this module
    was imported (``STOLIK_EXTRA_GAMES``, :func:`stolik.games.register`) has its tables too;
    and the kinds added here by name, which come before a game's own."""

    def __init__(self) -> None:
        self._kinds: dict[str, Callable[[], GameKind]] = {}

    def register(self, name: str, factory: Callable[[], GameKind]) -> None:
        """Add a game kind."""
        self._kinds[name] = factory

    def _all(self) -> dict[str, Callable[[], GameKind]]:
        found = {spec.id: _web_kind(spec) for spec in games() if spec.has_part("web")}
        return {**found, **self._kinds}

    def names(self) -> list[str]:
        """The games with a web table, sorted."""
        return sorted(self._all())

    def get(self, name: str) -> GameKind:
        """The game kind ``name``; ConfigError if unknown."""
        kinds = self._all()
        if name not in kinds:
            raise ConfigError(Msg("err-cfg-game", "unknown game {name!r}: games are {known}",
                                  name=name, known=", ".join(sorted(kinds))))
        return kinds[name]()


def _web_kind(spec: GameSpec) -> Callable[[], GameKind]:
    """The factory of a game's table kind: its ``web`` part's ``Kind``, imported when the
    first table of the game is set."""
    def make() -> GameKind:
        kind: GameKind = spec.part("web").Kind()
        return kind
    return make


GAMES = Registry()  # every registered game that offers a web table (issue 10 §1)


def warm_up() -> None:
    """Import every game's table kind and bots now (what its lobby choices name): the
    first table of a game otherwise pays it — about 1.5 s, the bots' solvers — when it is
    made or loaded. A server that may take tables over (``--hub``) calls it before it
    starts, off its event loop: a killed process's tables were all held up behind the
    first one's imports (the take-over's first load took 1.4 s of the 2.9 s)."""
    for name in GAMES.names():
        GAMES.get(name).options()
