"""The games stolik hosts, found through one registry (issue 10 §1).

Each game lives in its own package ``stolik/games/<id>/`` and describes itself there as
data, in ``game.toml`` (a :class:`GameSpec`): its id (what records write as ``game =
"…"``), its names, its number of seats, its default ruleset; its shipped rulesets are the
``rulesets/*.toml`` files beside it. The registry reads those files and imports no game:
a game's engine is imported only when one of its rulesets or records is used
(:meth:`GameSpec.engine`). The generic layers (records, the CLI, the arena, the web,
tournaments) ask this registry for a game instead of importing a particular one.

Ruleset ids are unique across games, so a ruleset id alone selects its game (``--ruleset
ctyrka`` is Mariáš); a club's ruleset file names its game by its ``game`` key, else by the
tables only that game's rulesets have (``ruleset_keys`` in ``game.toml``):
:func:`game_of_ruleset_ref`, :func:`find_ruleset`. A record without a ``game`` key is a
Baśka record (every record written before there were other games).

A game's plug-in parts are its submodules under conventional names
(:meth:`GameSpec.part`); the generic layers call only these:

- ``ruleset``: ``DEFAULT_RULESET``, ``available_rulesets()``, ``load_ruleset(ref)``,
  ``parse_ruleset(text, source=, path=)``.
- ``record``: ``parse_record(doc, ruleset=None, source=None)``, ``replay(record)`` (its
  result has ``results`` and ``to_json()``), ``series_record(rs, deals, players)``,
  ``dumps_record(record, fmt)``.
- ``simulate``: ``simulate(rs, deals, seed=, first_dealer=, keep_records=, progress=)``
  and ``default_deals(rs)``.
- ``sheet``: ``render_sheet(series, console, ascii=, title=, lang=)`` (``lang``: the
  sheet's words, ``en``, ``pl``, or ``cs``; each game has its own default),
  ``render_summary(result, console, bots=, ascii=, lang=)`` (``stolik simulate``'s summary
  in ``lang``), ``summary_json(result)`` (the same figures for ``--json``, language-free).
- ``rules``: ``LIST_COLUMNS``, ``list_row(rs)`` (``stolik rules list``) and
  ``render_ruleset(rs, console, ascii=)`` (``stolik rules show``).
- ``arena``: ``run_arena(kinds, deals, ruleset=, seed=, on_illegal=, progress=,
  factory=)`` → a :class:`stolik.arena.ArenaResult` (the game-free duplicate machinery is
  :mod:`stolik.arena`); ``bots``: ``available_bots()``, ``make_bot(kind, seed=, ruleset=,
  **options)``.
- ``terminal``: ``play(rs, opponents=, deals=, seed=, seat=, name=, out=, ascii=, lang=,
  analysis=, delay=, samples=)`` (``stolik play``).
- ``web``: ``Kind`` (a :class:`stolik.web.play.game.GameKind`: the game at a web table).

A game without a part is refused in one line (``… has no arena yet``).

A game may also live outside this package (issue 26.4: a test's toy game, a club's own
game): :func:`register` adds a package by its import name, and ``STOLIK_EXTRA_GAMES``
lists such packages (separated by commas) for a whole process, e.g. ``stolik play``. A
game found that way is treated exactly like a shipped one: its ``game.toml``, its
``rulesets/*.toml`` and its parts are looked up in its own package (``docs/adding-a-game.md``).

>>> [g.id for g in games()]
['baska', 'betel', 'licitovany', 'marias']
>>> game_of_ruleset("ctyrka").id, game_of_ruleset("linia").id
('marias', 'baska')
>>> game("baska").seats, game("marias").name("cs")
(4, 'Mariáš čtyřka')
>>> game("chess")
Traceback (most recent call last):
...
stolik.games.UnknownGame: no game 'chess' — stolik hosts baska, betel, licitovany, marias
"""

from __future__ import annotations

import importlib
import os
import tomllib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import ModuleType
from typing import Any

from stolik.errors import RecordError, RulesetError, StolikError
from stolik.i18n import N_, Msg, Named, Term
from stolik.records import loads_document
from stolik.rulesets import read_ruleset_file

DEFAULT_GAME = "baska"
"""The game of a record or a command that names none (records written before others)."""


class UnknownGame(StolikError):
    """A game id, or a ruleset id, that no registered game has."""


_PART_WORDS = {"league": N_("w-part-league"), "tournament": N_("w-part-tournament")}
"""The parts a referee or organiser may find missing, said in words in a refusal (the
licitovaný referee's deal entry page said "brak części league")."""


@dataclass(frozen=True)
class GameSpec:
    """What the generic layers know of a game before its engine is loaded (its
    ``game.toml``). The engine, ``stolik.games.<id>``, offers at least
    ``load_ruleset(ref)``, ``available_rulesets()`` and ``DEFAULT_RULESET``."""

    id: str
    names: Mapping[str, str]
    """The game's name by language code (``pl``, ``en``, ``cs``)."""
    seats: int
    default_ruleset: str
    rules: str
    """The specification the engine follows (e.g. ``RULES.md``)."""
    ruleset_keys: tuple[str, ...] = field(default=())
    """Top-level keys that only this game's ruleset files hold: how a club's file without
    a ``game`` key is known (:func:`game_of_ruleset_ref`)."""
    live_record_hides_cards: bool = False
    """Whether a settled deal's record holds cards its table never showed every seat (a
    Mariáš deal thrown in for want of re, MARIAS §4.5; Betel's dubel as dealt and the cards
    laid back, BETEL §3): a live web table then serves its record only once the series is
    over (:mod:`stolik.web.play.routes`). ``game.toml``'s ``live_record_hides_cards``.

    >>> [g.id for g in games() if g.live_record_hides_cards]
    ['betel', 'licitovany', 'marias']
    """
    lang: str = "pl"
    """The language its screens speak when nobody chose one: its players' (``game.toml``'s
    ``lang``; Mariáš and licitovaný Czech, Baśka and Betel Polish).

    >>> {g.id: g.lang for g in games()}
    {'baska': 'pl', 'betel': 'pl', 'licitovany': 'cs', 'marias': 'cs'}
    """
    home: str | None = None
    """The package of a game registered from outside ``stolik.games`` (:func:`register`);
    None for a shipped game."""

    @property
    def package(self) -> str:
        """The game's package."""
        return self.home or f"{__name__}.{self.id}"

    def folder(self) -> Traversable:
        """The game's folder; a shipped game's is found without importing it."""
        return _folder(self.home, self.id)

    def name(self, lang: str = "en") -> str:
        """The game's name in ``lang`` (else English, else the id)."""
        return self.names.get(lang) or self.names.get("en") or self.id

    def named(self) -> Named:
        """The game's name as a message parameter, said in the reader's language
        (:class:`stolik.i18n.Named`)."""
        return Named(self.names, self.name())

    def engine(self) -> ModuleType:
        """The game's package, imported now."""
        return importlib.import_module(self.package)

    def part(self, name: str) -> ModuleType:
        """The game's plug-in part ``name``, imported now: the submodule
        ``stolik.games.<id>.<name>`` (``record``, ``ruleset``, ``simulate``, ``bots``,
        ``tournament``, …). Every game offers its parts under the same names, so a generic
        layer asks for a part instead of naming a game; a game without that part is refused
        in one line.

        >>> game("marias").part("record").__name__
        'stolik.games.marias.record'
        >>> game("marias").part("nonsense")
        Traceback (most recent call last):
        ...
        stolik.games.UnknownGame: Mariáš (four players) has no nonsense yet
        """
        module = f"{self.package}.{name}"
        try:
            return importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            word = _PART_WORDS.get(name)
            raise UnknownGame(Msg("err-game-no-part", "{game} has no {part} yet",
                                  game=self.named(),
                                  part=Term(word, name) if word else name)) from None

    def has_part(self, name: str) -> bool:
        """Whether the game offers the part ``name``, known without importing anything of
        the game (its package's files are looked at).

        >>> game("baska").has_part("terminal"), game("marias").has_part("terminal")
        (True, True)
        >>> game("marias").has_part("nonsense")
        False
        """
        folder = self.folder()
        return (folder.joinpath(f"{name}.py").is_file()
                or folder.joinpath(name, "__init__.py").is_file())

    def rulesets(self) -> tuple[str, ...]:
        """The ids of the rulesets shipped with the game (its ``rulesets/*.toml``), sorted;
        nothing of the game is imported, and the folder is listed once."""
        return _shipped_rulesets(self.home, self.id)


def _folder(home: str | None, game_id: str) -> Traversable:
    return resources.files(home) if home else resources.files(__name__).joinpath(game_id)


@cache
def _shipped_rulesets(home: str | None, game_id: str) -> tuple[str, ...]:
    folder = _folder(home, game_id).joinpath("rulesets")
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def _spec(folder: Traversable, home: str | None = None) -> GameSpec:
    """The :class:`GameSpec` of a game's folder, from its ``game.toml`` (``home``: the
    package of a game from outside, whose id need not be its folder's name)."""
    where = f"{home or 'stolik/games/' + folder.name}/game.toml"
    data = tomllib.loads(folder.joinpath("game.toml").read_text("utf-8"))
    try:
        names = data["names"]
        spec = GameSpec(id=data["id"], names=dict(names), seats=int(data["seats"]),
                        default_ruleset=data["default_ruleset"], rules=data["rules"],
                        ruleset_keys=tuple(str(k) for k in data.get("ruleset_keys", ())),
                        live_record_hides_cards=_flag(data, "live_record_hides_cards"),
                        lang=str(data.get("lang", "pl")), home=home)
    except (KeyError, TypeError, ValueError) as e:
        raise TypeError(f"{where}: missing or wrong key {e}") from None
    if home is None and spec.id != folder.name:
        raise TypeError(f"{where}: id must be {folder.name!r}, the folder's name")
    if spec.default_ruleset not in spec.rulesets():
        raise TypeError(f"{where}: default_ruleset {spec.default_ruleset!r} is not shipped")
    return spec


def _flag(data: Mapping[str, object], key: str) -> bool:
    """A true/false key of ``game.toml`` (absent: false); TypeError for anything else."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise TypeError(f"{key} must be true or false, not {value!r}")
    return value


EXTRA_GAMES_ENV = "STOLIK_EXTRA_GAMES"
"""The environment variable listing the packages of games from outside (commas between)."""

_registered: list[str] = []
"""The packages :func:`register` added, in order."""


def register(package: str) -> GameSpec:
    """Add the game whose package is ``package`` (an import name, its folder holding
    ``game.toml`` and ``rulesets/``) to the registry, as if it were shipped; its spec.
    ``STOLIK_EXTRA_GAMES`` does the same for a whole process. Registering it again changes
    nothing; :func:`unregister` takes it away again."""
    if package not in _registered:
        _registered.append(package)
        _registry.cache_clear()
    spec = next((g for g in games() if g.home == package), None)
    if spec is None:  # pragma: no cover - the registry's own errors come first
        raise UnknownGame(f"no game in {package!r}")
    return spec


def unregister(package: str) -> None:
    """Take the game :func:`register` added from ``package`` away again."""
    if package in _registered:
        _registered.remove(package)
        _registry.cache_clear()


def _extra_packages() -> list[str]:
    listed = os.environ.get(EXTRA_GAMES_ENV, "")
    found = [p.strip() for p in listed.split(",") if p.strip()]
    return found + [p for p in _registered if p not in found]


@cache
def _registry() -> dict[str, GameSpec]:
    """Every game's spec, by id (the shipped ones, then those from outside); ruleset ids
    checked unique across games."""
    found: dict[str, GameSpec] = {}
    here = resources.files(__name__)
    for folder in sorted(here.iterdir(), key=lambda f: f.name):
        if folder.is_dir() and folder.joinpath("game.toml").is_file():
            spec = _spec(folder)
            found[spec.id] = spec
    for package in _extra_packages():
        try:
            folder = resources.files(package)
        except ModuleNotFoundError:
            raise TypeError(f"{EXTRA_GAMES_ENV}: no package {package!r} to import") from None
        if not folder.joinpath("game.toml").is_file():
            raise TypeError(f"{package}: a game's package holds game.toml")
        spec = _spec(folder, package)
        if spec.id in found:
            raise TypeError(f"{package}: game id {spec.id!r} is taken by {found[spec.id].package}")
        found[spec.id] = spec
    owner: dict[str, str] = {}
    for spec in found.values():
        for rid in spec.rulesets():
            if rid in owner:
                raise TypeError(f"ruleset id {rid!r} is shipped by both {owner[rid]} and "
                                f"{spec.id}: ruleset ids must be unique across games")
            owner[rid] = spec.id
    return found


def games() -> tuple[GameSpec, ...]:
    """Every registered game, by id."""
    return tuple(_registry().values())


def game(game_id: str) -> GameSpec:
    """The game ``game_id``; :class:`UnknownGame` naming the games there are."""
    spec = _registry().get(game_id)
    if spec is None:
        raise UnknownGame(Msg("err-game-unknown", "no game {game!r} — stolik hosts {games}",
                              game=game_id[:40], games=", ".join(_registry())))
    return spec


def game_of_ruleset(ruleset_id: str) -> GameSpec:
    """The game that ships the ruleset ``ruleset_id``; :class:`UnknownGame` if none does."""
    for spec in _registry().values():
        if ruleset_id in spec.rulesets():
            return spec
    raise UnknownGame(Msg("err-game-no-ruleset", "no shipped ruleset {ref!r} — the shipped "
                          "ones are {shipped}", ref=ruleset_id[:80], shipped=_shipped()))


def _shipped() -> str:
    """Every shipped ruleset id, game by game (as a refusal lists them)."""
    return ", ".join(r for g in _registry().values() for r in g.rulesets())


def game_of_document(doc: Mapping[str, object]) -> GameSpec:
    """The game a record document is for: its ``game`` key, else Baśka (records written
    before there were other games). A ``ruleset`` id shipped by another game than that is
    refused in one line.

    >>> game_of_document({"ruleset": "linia", "deal": []}).id
    'baska'
    >>> game_of_document({"game": "marias", "ruleset": "linia"})
    Traceback (most recent call last):
    ...
    stolik.games.UnknownGame: game = "marias": ruleset 'linia' is a baska ruleset
    >>> game_of_document({"ruleset": "ctyrka"})
    Traceback (most recent call last):
    ...
    stolik.games.UnknownGame: ruleset 'ctyrka' is a marias ruleset: the record needs game = "marias"
    """
    gid = doc.get("game", DEFAULT_GAME)
    if not isinstance(gid, str):
        raise UnknownGame(Msg("err-game-id", "'game' must be a game id such as {default!r}, "
                              "not {game!r}", default=DEFAULT_GAME, game=gid))
    spec = game(gid)
    rid = doc.get("ruleset")
    if isinstance(rid, str) and not rid.endswith(".toml") and "/" not in rid:
        try:
            owner = game_of_ruleset(rid)
        except UnknownGame:
            return spec            # the game's own reader names the unknown ruleset
        if owner.id != spec.id and "game" in doc:
            raise UnknownGame(Msg("err-game-other-ruleset", 'game = "{game}": ruleset {ref!r} '
                                  "is a {owner} ruleset", game=gid, ref=rid, owner=owner.id))
        if owner.id != spec.id:
            raise UnknownGame(Msg("err-game-needs-game", "ruleset {ref!r} is a {owner} ruleset: "
                                  'the record needs game = "{owner}"', ref=rid, owner=owner.id))
    return spec


def game_of_ruleset_ref(ref: str | None) -> GameSpec:
    """The game of ``--ruleset ref``: a shipped id's game; for a file, the game its ``game``
    key names, else the game whose ``ruleset_keys`` it holds, else Baśka (whose reader
    then names what is wrong); ``None``: the default game. Only the game's spec is
    looked up here, no engine is imported; an id nobody ships is one line naming them all.

    >>> game_of_ruleset_ref("ctyrka").id, game_of_ruleset_ref(None).id
    ('marias', 'baska')
    >>> game_of_ruleset_ref("nope")
    Traceback (most recent call last):
    ...
    stolik.errors.RulesetError: unknown ruleset 'nope': use one of linia, mester-sport, \
pucka-2019, gps-2022, licitovany, ctyrka or the path of a ruleset .toml file
    """
    if ref is None:
        return game(DEFAULT_GAME)
    try:
        return game_of_ruleset(ref)
    except UnknownGame:
        pass
    path = Path(ref) if "\0" not in ref and len(ref) <= 4096 else None
    try:
        is_file = path is not None and path.exists()
    except OSError:                  # a name too long for the file system
        is_file = False
    if path is None or not (is_file or path.suffix.lower() == ".toml"):
        raise RulesetError(Msg("err-rs-unknown", "unknown ruleset {ref!r}: use one of "
                               "{shipped} or the path of a ruleset .toml file", ref=ref[:80],
                               shipped=_shipped()))
    if not is_file:
        return game(DEFAULT_GAME)    # the reader names the missing file
    try:  # bounded as every document (huge numbers, deep nesting)
        data = loads_document(read_ruleset_file(path), "toml", source=ref)
    except RecordError:
        return game(DEFAULT_GAME)    # the game's reader names what is wrong
    gid = data.get("game")
    if gid is not None:
        if not isinstance(gid, str):
            raise RulesetError(Msg("err-game-rs-key", "{file}: key 'game' must be a game id "
                                   "such as {default!r}, not {game!r}", file=ref,
                                   default=DEFAULT_GAME, game=gid))
        try:
            return game(gid)
        except UnknownGame as e:
            raise RulesetError(Msg("err-game-rs-unknown", "{file}: key 'game': {why}",
                                   file=ref, why=e.message)) from None
    for spec in _registry().values():
        if spec.ruleset_keys and any(k in data for k in spec.ruleset_keys):
            return spec
    return game(DEFAULT_GAME)


def beside_record(ref: str, source: str | None, shipped: Collection[str]) -> Path | None:
    """The club ruleset file a record names by a relative path, when it lies beside the
    record (``source``, the record's file): a record and its club's ruleset travel together
    (RULES §11, as Mariáš's and Betel's, MARIAS §11, BETEL §6). ``None`` for a shipped id,
    an absolute path, a record read from no file, or no such file there: the game's reader
    then looks the ref up as it is (from the working directory).

    >>> beside_record("linia", "liga/r.toml", ("linia",)) is None
    True
    >>> beside_record("no-such-club.toml", "liga/r.toml", ()) is None
    True
    """
    if source is None or ref in shipped or len(ref) > 4096 or not ref.isprintable() \
            or Path(ref).is_absolute():
        return None
    beside = Path(source).parent / ref
    try:
        return beside if beside.is_file() else None
    except OSError:  # a name too long for the file system
        return None


def bot_kind(kind: str, bots: Sequence[str], *, game_name: str) -> str:
    """``kind`` when the game has that bot kind (``bots``, two at least); else one line in
    the reader's language (:class:`Msg`) naming the kinds there are. A game whose bots
    are all of one kind (Baśka) checks ``--opponents`` whole with it.

    >>> bot_kind("random", ["random", "heuristic"], game_name="Baśka")
    'random'
    >>> bot_kind("random,random", ["heuristic", "random", "pimc"], game_name="Baśka")
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: no Baśka bot 'random,random': choose --opponents heuristic, \
random or pimc
    """
    if kind not in bots:
        raise StolikError(Msg("err-opp-bot", "no {game} bot {kind!r}: choose --opponents "
                              "{kinds} or {last}", game=game_name, kind=kind[:40],
                              kinds=", ".join(bots[:-1]), last=bots[-1]))
    return kind


def bot_kinds(text: str, bots: Sequence[str], count: int, *, game_name: str) -> tuple[str, ...]:
    """``stolik play --opponents text`` at a table of ``count`` bot seats: one bot kind for
    every bot seat, or ``count`` kinds separated by commas (clockwise from the person's
    left); ``bots``: the kinds the game has (two at least: each game ships ``random`` and
    ``heuristic``). A kind it lacks, or another number of kinds, is one line in the reader's
    language (:class:`Msg`), naming the kinds there are.

    >>> bot_kinds("random", ["random", "heuristic"], 2, game_name="Betel")
    ('random', 'random')
    >>> bot_kinds("heuristic, random", ["random", "heuristic"], 2, game_name="Betel")
    ('heuristic', 'random')
    >>> bot_kinds("chess", ["random", "heuristic", "pimc"], 3, game_name="Mariáš")
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: no Mariáš bot 'chess': choose --opponents random, heuristic or pimc
    >>> bot_kinds("random,random", ["random", "heuristic"], 3, game_name="Mariáš")
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: --opponents names one bot kind or 3 (one per bot seat), not 2
    """
    kinds = [bot_kind(k.strip(), bots, game_name=game_name) for k in text.split(",")]
    if len(kinds) == 1:
        return tuple(kinds * count)
    if len(kinds) != count:
        raise StolikError(Msg("err-opp-count", "--opponents names one bot kind or {count} "
                              "(one per bot seat), not {n}", count=count, n=len(kinds)))
    return tuple(kinds)


def find_ruleset(ref: str | None) -> tuple[GameSpec, Any]:
    """The game of ``--ruleset ref`` (:func:`game_of_ruleset_ref`) and the ruleset, read by
    that game's ``ruleset`` part; ``None``: the default game's default ruleset.

    >>> spec, rs = find_ruleset("ctyrka")
    >>> spec.id, rs.id
    ('marias', 'ctyrka')
    """
    spec = game_of_ruleset_ref(ref)
    return spec, spec.part("ruleset").load_ruleset(ref)
