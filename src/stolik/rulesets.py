"""Reading a club's own ruleset file, for every game (its TOML is then read by the game's
``parse_ruleset``): bounded in size and refused in one line before anything is read when it
is not a regular file (``/dev/zero``, a pipe, a folder), too large or not UTF-8.

>>> MAX_RULESET_BYTES // 1024
256
"""

from __future__ import annotations

import difflib
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from stolik.errors import RecordError, RulesetError, os_reason
from stolik.i18n import Msg
from stolik.records import Document, loads_document

if TYPE_CHECKING:
    from rich.console import Console

MAX_RULESET_BYTES = 256 * 1024
"""Largest ruleset file read (the shipped ones are under 8 KiB)."""


def read_ruleset_file(path: Path) -> str:
    """A ruleset file's text; a device, a pipe, a folder or a file over
    :data:`MAX_RULESET_BYTES` is refused in one line before anything is read.

    >>> read_ruleset_file(Path("/dev/zero"))
    Traceback (most recent call last):
    stolik.errors.RulesetError: /dev/zero: not a regular file
    """
    file, kib = str(path), MAX_RULESET_BYTES // 1024
    try:
        info = path.stat()  # before opening: opening a named pipe would wait
        if not stat.S_ISREG(info.st_mode):
            raise RulesetError(Msg("err-rs-not-regular", "{file}: not a regular file",
                                   file=file))
        if info.st_size > MAX_RULESET_BYTES:
            raise RulesetError(Msg("err-rs-file-size", "{file}: {size} bytes: a ruleset file "
                                   "has at most {kib} KiB", file=file, size=info.st_size,
                                   kib=kib))
        with path.open("rb") as f:
            data = f.read(MAX_RULESET_BYTES + 1)  # bounded even if it grew meanwhile
    except OSError as e:  # its reason in the reader's words, else the system's
        raise RulesetError(Msg("err-rs-unreadable", "{file}: cannot read ruleset file ({why})",
                               file=file, why=os_reason(e))) from None
    if len(data) > MAX_RULESET_BYTES:
        raise RulesetError(Msg("err-rs-file-larger", "{file}: a ruleset file has at most {kib} "
                               "KiB", file=file, kib=kib))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(Msg("err-rs-not-utf8", "{file}: not UTF-8 text", file=file)) from None


def document_refusal(e: RecordError) -> RulesetError:
    """A ruleset file that is no document (:func:`stolik.records.loads_document`'s
    refusal, naming the file): the same line, said in the reader's language.

    >>> from stolik.i18n import translate
    >>> from stolik.records import loads_document
    >>> try:
    ...     loads_document("id = ", "toml", source="k.toml")
    ... except RecordError as e:
    ...     error = document_refusal(e)
    >>> str(error)
    'k.toml: not valid TOML (Invalid value (at end of document))'
    >>> translate(error, "pl")
    'k.toml: to nie jest poprawny TOML (dokument kończy się za wcześnie)'
    """
    if isinstance(e.message, Msg) and e.source:
        return RulesetError(Msg("err-rs-at", "{file}: {why}", file=e.source, why=e.message))
    return RulesetError(str(e))


def key_refusal(source: str, key: str, problem: str) -> RulesetError:
    """``source: key 'key' problem``, a ruleset file's refusal of one key: said in the
    reader's language where ``problem`` is a :class:`~stolik.i18n.Msg` (else in English,
    the whole line, not half of it).

    >>> str(key_refusal("k.toml", "tariff.hra", missing_key("hra", ["hrra"])))
    "k.toml: key 'tariff.hra' is missing (is 'hrra' a misspelling of it?)"
    """
    if isinstance(problem, Msg):
        return RulesetError(Msg("err-rs-key", "{file}: key '{key}' {why}", file=source,
                                key=key, why=problem))
    return RulesetError(f"{source}: key '{key}' {problem}")


def missing_key(key: str, present: Iterable[object], cutoff: float = 0.7) -> Msg:
    """Why a required key is refused: it is missing, perhaps misspelt as one of
    ``present`` (the keys the table has)."""
    close = difflib.get_close_matches(key, [str(k) for k in present], 1, cutoff)
    if close:
        return Msg("err-rs-missing-like", "is missing (is '{like}' a misspelling of it?)",
                   like=close[0])
    return Msg("err-rs-missing", "is missing")


def unknown_key(key: str, asked: Iterable[str], game_name: str | None = None) -> Msg:
    """Why a key nobody asked for is refused: no key of a ruleset (of the game called
    ``game_name``), with the nearest of ``asked`` as a hint."""
    what = Msg("err-rs-not-game-key", "is not a {game} ruleset key", game=game_name) \
        if game_name else Msg("err-rs-not-key", "is not a ruleset key")
    close = difflib.get_close_matches(key, sorted(asked), 1, 0.7)
    if close:
        return Msg("err-rs-did-you-mean", "{what} — did you mean '{like}'?", what=what,
                   like=close[0])
    return Msg("err-rs-misspelt", "{what} (misspelt?)", what=what)


def number_problem(value: object, lo: int | None = None, hi: int | None = None, *,
                   not_whole: Msg | None = None) -> Msg | None:
    """Why ``value`` is no whole number from ``lo`` to ``hi`` (``None``: unbounded), or
    ``None``; ``not_whole`` says it for a key whose unit needs saying.

    >>> number_problem(3, 1, 9), number_problem(0.5), number_problem(12, 1, 9)
    (None, 'must be a whole number, not 0.5', 'must be at most 9, not 12')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return not_whole or Msg("err-rs-whole", "must be a whole number, not {value!r}",
                                value=value)
    if lo is not None and value < lo:
        return Msg("err-rs-at-least", "must be at least {lo}, not {value}", lo=lo, value=value)
    if hi is not None and value > hi:
        return Msg("err-rs-at-most", "must be at most {hi}, not {value}", hi=hi, value=value)
    return None


def bool_problem(value: object) -> Msg | None:
    """Why ``value`` is not ``true`` or ``false``, or ``None``."""
    if isinstance(value, bool):
        return None
    return Msg("err-rs-bool", "must be true or false, not {value!r}", value=value)


def line_problem(value: object, longest: int) -> Msg | None:
    """Why ``value`` is not one line of text of at most ``longest`` characters, or
    ``None``."""
    if isinstance(value, str) and value.strip() and value.isprintable() and \
            len(value) <= longest:
        return None
    return Msg("err-rs-line", "must be one line of text (at most {longest} characters), not "
               "{value!r}", longest=longest, value=value)


def bad_id(value: str) -> Msg:
    """Why a ruleset's ``id`` is refused: only letters, digits, ``-``, ``_``, ``.``."""
    return Msg("err-rs-id", "must be letters, digits, '-', '_' or '.', not {value!r}",
               value=value)


def other_game(game_id: str, game_name: str, value: object) -> Msg:
    """Why a ruleset file's ``game`` key is refused by the game ``game_id`` (called
    ``game_name``)."""
    return Msg("err-rs-game", "must be \"{game}\" in a {name} ruleset, not {value!r}",
               game=game_id, name=game_name, value=value)


def not_a_table(source: str, key: str, value: object = ...) -> RulesetError:
    """A ruleset file whose ``key`` (empty: the file itself) is not a table; ``value``
    (what it is) named when given."""
    if not key:
        return RulesetError(Msg("err-rs-file-table", "{file}: the file must be a table of "
                                "keys", file=source))
    if value is ...:
        return RulesetError(Msg("err-rs-table", "{file}: key '{key}' must be a table",
                                file=source, key=key))
    return RulesetError(Msg("err-rs-table-not", "{file}: key '{key}' must be a table, not "
                            "{value}", file=source, key=key, value=repr(value)))


def shipped_rulesets(package: str) -> list[str]:
    """The ids of the rulesets a game's ``package`` ships: its ``rulesets/*.toml``, sorted.

    >>> from stolik.games import games
    >>> all(shipped_rulesets(g.package) == list(g.rulesets()) for g in games())
    True
    """
    folder = resources.files(package) / "rulesets"
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                  if p.name.endswith(".toml"))


def shipped_text(package: str, ruleset_id: str) -> str:
    """The text of the ruleset ``ruleset_id`` shipped by a game's ``package``."""
    return (resources.files(package) / "rulesets" / f"{ruleset_id}.toml").read_text("utf-8")


def club_ruleset_text(ref: str, *, shipped: list[str], game_name: str | None) -> str:
    """The text of a club's ruleset file ``ref`` (one that is no shipped id): a path ending
    ``.toml`` or naming a file is read (:func:`read_ruleset_file`); anything else is one
    line naming the ``shipped`` ids of the game called ``game_name`` (``None``: the
    default game, whose refusals name no game).

    >>> club_ruleset_text("nope", shipped=["a", "b"], game_name="Demo")
    Traceback (most recent call last):
    stolik.errors.RulesetError: unknown Demo ruleset 'nope': use a, b or the path of a \
ruleset .toml file
    >>> club_ruleset_text("nope", shipped=["a", "b"], game_name=None)
    Traceback (most recent call last):
    stolik.errors.RulesetError: unknown ruleset 'nope': use one of a, b or the path of a \
ruleset .toml file
    """
    if "\0" in ref or len(ref) > 4096:  # no file has such a name (ValueError)
        raise RulesetError(
            Msg("err-rs-unknown-game-name", "unknown {game} ruleset {ref!r}", game=game_name,
                ref=ref[:80]) if game_name else
            Msg("err-rs-unknown-name", "unknown ruleset {ref!r}: no file has such a name",
                ref=ref[:80]))
    path = Path(ref)
    try:
        exists = path.exists()
    except OSError:  # a name too long for the file system
        exists = False
    if path.suffix.lower() == ".toml" or exists:
        return read_ruleset_file(path)
    raise RulesetError(
        Msg("err-rs-unknown-game", "unknown {game} ruleset {ref!r}: use {shipped} or the path "
            "of a ruleset .toml file", game=game_name, ref=ref, shipped=", ".join(shipped))
        if game_name else
        Msg("err-rs-unknown", "unknown ruleset {ref!r}: use one of {shipped} or the path of a "
            "ruleset .toml file", ref=ref, shipped=", ".join(shipped)))


@dataclass(frozen=True)
class ClubRuleset:
    """What every game's ``Ruleset`` (a frozen dataclass that subclasses this one) shares:
    its ``id`` and the ``path`` of the club's file it was read from (``None``: a shipped
    one; a keyword of the constructor, last whatever the game's fields), and :attr:`ref`.

    >>> @dataclass(frozen=True)
    ... class Rs(ClubRuleset):
    ...     id: str
    ...     deals: int
    >>> Rs("club", 3).ref, Rs("club", 3, path="k.toml").ref
    ('club', 'k.toml')
    """

    id: str
    path: str | None = field(default=None, kw_only=True)

    @property
    def ref(self) -> str:
        """What a record's ``ruleset`` key says: the id, or a club file's path."""
        return self.path or self.id


RULESET_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
"""A ruleset id, in every game: what a record's ``ruleset`` key names."""


class KeyTable:
    """One TOML table of a ruleset file, for every game: each refusal names ``file: key
    'table.key'``, and :meth:`done` refuses the keys nobody asked for. A game subclasses
    it to set :attr:`game_name` (named when a key is unknown), :attr:`cutoff` (how alike
    a misspelt key must be to be named) and its own readers of values.

    >>> t = KeyTable({"hra": 20, "sto": True}, "tariff", "k.toml")
    >>> t.whole("hra", lo=1), t.flag("sto"), t.line("name", "x")
    (20, True, 'x')
    >>> t.table("fleky")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'tariff.fleky' is missing
    >>> KeyTable({"hra": 20, "hrra": 1}, "tariff", "k.toml").done()
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'tariff.hra' is not a ruleset key (misspelt?)
    """

    game_name: ClassVar[str | None] = None
    cutoff: ClassVar[float] = 0.7
    names_value: ClassVar[bool] = False
    """Whether a key that is no table is refused naming what it is."""

    def __init__(self, data: Any, where: str, source: str) -> None:
        if not isinstance(data, dict):
            raise not_a_table(source, where, data) if self.names_value else \
                not_a_table(source, where)
        self.data: dict[str, Any] = data
        self.where = where
        self.source = source
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        """The key's full name (``tariff.hra``)."""
        return f"{self.where}.{name}" if self.where else name

    def fail(self, name: str, problem: str) -> RulesetError:
        """The refusal of key ``name`` of this table."""
        return key_refusal(self.source, self.key(name), problem)

    def has(self, name: str) -> bool:
        """Whether the table holds ``name``."""
        return name in self.data

    def raw(self, name: str, default: Any = ...) -> Any:
        """The value of ``name`` as written, ``default`` if absent; missing and no
        default: refused, naming a key it may be misspelt as."""
        self.used.add(name)
        if name not in self.data:
            if default is ...:
                raise self.fail(name, missing_key(name, self.data, self.cutoff))
            return default
        return self.data[name]

    def line(self, name: str, default: Any = ..., *, longest: int = 200) -> str:
        """One line of text (:func:`line_problem`)."""
        v = self.raw(name, default)
        if problem := line_problem(v, longest):
            raise self.fail(name, problem)
        return str(v)

    def whole(self, name: str, default: Any = ..., *, lo: int | None = 0,
              hi: int | None = None, not_whole: Msg | None = None) -> int:
        """A whole number from ``lo`` to ``hi`` (:func:`number_problem`)."""
        v = self.raw(name, default)
        if problem := number_problem(v, lo, hi, not_whole=not_whole):
            raise self.fail(name, problem)
        return int(v)

    def flag(self, name: str, default: Any = ...) -> bool:
        """``true`` or ``false``."""
        v = self.raw(name, default)
        if problem := bool_problem(v):
            raise self.fail(name, problem)
        return bool(v)

    def table(self, name: str) -> Self:
        """The table under ``name``, read alike."""
        return type(self)(self.raw(name), self.key(name), self.source)

    def done(self) -> None:
        """Refuse the first key (in order) nobody asked for."""
        unknown = sorted(str(k) for k in set(self.data) - self.used)
        if unknown:
            raise self.fail(unknown[0], unknown_key(unknown[0], self.used, self.game_name))


def ruleset_document(text: str, source: str) -> Document:
    """A ruleset file's TOML text as a table: a byte-order mark is skipped; huge numbers,
    NaN, deep nesting and bad syntax are one :class:`RulesetError` naming the file."""
    try:
        return loads_document(text, "toml", source=source)
    except RecordError as e:
        raise document_refusal(e) from None


Table = TypeVar("Table", bound=KeyTable)


def ruleset_head(table: type[Table], text: str, source: str, game_id: str,
                 game_name: str) -> tuple[Table, str, str, str]:
    """The top of a ruleset file of the game ``game_id`` (called ``game_name``), read by
    ``table``'s readers: the table itself, its ``id``, ``name`` (the id by default) and
    ``source`` (empty by default); an optional ``game`` key naming another game is
    refused.

    >>> top, rid, name, src = ruleset_head(KeyTable, 'id = "k"\\ngame = "x"', "k.toml",
    ...                                    "demo", "Demo")
    Traceback (most recent call last):
    stolik.errors.RulesetError: k.toml: key 'game' must be "demo" in a Demo ruleset, not 'x'
    """
    top = table(ruleset_document(text, source), "", source)
    rid = top.line("id", longest=64)
    if not RULESET_ID.fullmatch(rid):
        raise top.fail("id", bad_id(rid))
    name = top.line("name", rid)
    src = top.line("source", "", longest=500) if top.has("source") else ""
    game = top.raw("game", game_id)  # optional: how stolik.games knows a club's file
    if game != game_id:
        raise top.fail("game", other_game(game_id, game_name, game))
    return top, rid, name, src


R = TypeVar("R", covariant=True)


class ParseRuleset(Protocol[R]):
    """A game's reader of a ruleset file's text (``source``: the file named in refusals;
    ``path``: what a record says of a club's file, ``None`` for a shipped ruleset)."""

    def __call__(self, text: str, *, source: str, path: str | None) -> R: ...


class RulesetShelf(Generic[R]):
    """A game's rulesets: those its package ships (``rulesets/*.toml``, each parsed once)
    and a club's own file by path. ``parse(text, source=, path=)`` is the game's reader;
    ``clubs`` club files are kept parsed (by their text) when above zero.

    >>> from stolik.games import games
    >>> shelf = RulesetShelf(games()[0].package, "x", None, lambda t, *, source, path: source)
    >>> shelf.ids() == shipped_rulesets(games()[0].package), shelf.load(shelf.ids()[0])[-5:]
    (True, '.toml')
    """

    def __init__(self, package: str, default: str, game_name: str | None,
                 parse: ParseRuleset[R], *, clubs: int = 0) -> None:
        self.package, self.default, self.game_name = package, default, game_name
        self._parse = parse
        self._shipped: dict[str, R] = {}
        self._club = lru_cache(maxsize=clubs)(self._parse_club) if clubs else self._parse_club

    def ids(self) -> list[str]:
        """The ids of the shipped rulesets, sorted."""
        return shipped_rulesets(self.package)

    def text(self, ruleset_id: str | None = None) -> str:
        """The text of a shipped ruleset (the default one for ``None``)."""
        return shipped_text(self.package, ruleset_id or self.default)

    def load(self, ref: str | Path | None = None) -> R:
        """A shipped ruleset by id (the default one for ``None``), or a club's file."""
        text_ref = self.default if ref is None else str(ref)
        shipped = self.ids()
        if text_ref in shipped:
            if text_ref not in self._shipped:
                self._shipped[text_ref] = self._parse(
                    self.text(text_ref), source=f"{text_ref}.toml", path=None)
            return self._shipped[text_ref]
        text = club_ruleset_text(text_ref, shipped=shipped, game_name=self.game_name)
        return self._club(text, text_ref)

    def _parse_club(self, text: str, path: str) -> R:
        return self._parse(text, source=path, path=path)


Shown = TypeVar("Shown")


@dataclass(frozen=True)
class Described(Generic[Shown]):
    """A game's ``render_ruleset`` (``stolik rules show``) that prints its ruleset as the
    game's ``describe`` writes it, as is; ``ascii`` changes nothing (the text has no suit
    pictures or borders).

    >>> import io
    >>> from rich.console import Console
    >>> console = Console(file=io.StringIO(), width=40, color_system=None)
    >>> Described(lambda n: f"[{n}] deals")(3, console)
    >>> console.file.getvalue()
    '[3] deals\\n'
    """

    describe: Callable[[Shown], str]

    def __call__(self, rs: Shown, console: Console, *, ascii: bool = False) -> None:
        console.print(self.describe(rs), markup=False, highlight=False)
