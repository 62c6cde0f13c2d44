"""The corpus of what users see, made by the code on ``sys.path`` (issue 26: "behaviour
unchanged, proven"). For every game: a seeded simulated series of each shipped ruleset
(its records as TOML and JSON, ``--json``, the summary and the score sheet in each of the
game's languages, plain and ``--ascii``), replayed and checked; ``stolik arena`` (JSON and
tables); a terminal session of ``stolik play`` from a fixed stdin (moves, a refused word,
hint, sheet, help, the end of the series; and a quit and an end of input mid-deal), its
record replayed; a recorded WebSocket session at a web table of three deals (a refused
move, a hint, a claim out of turn, every move, the review after each deal, the next deal:
every server message, one JSON line each), its record replayed; the simulated record
broken in six ways and replayed in each language (the refusals). Besides: the shipped
examples and the records of ``tests/data`` replayed and checked, ``stolik rules list`` and
``show``. The sessions are stored gzipped (``play.txt.gz``, ``web-session.jsonl.gz``).

Everything is driven through the public front ends only — the Typer app
(:data:`stolik.cli.app`) and the web app (:func:`stolik.web.app.create_app`) — so the
corpus means the same before and after code moves inside the package.

Masked, because it is not deterministic by nature (and only that):

- the speed of ``stolik simulate`` and ``stolik arena`` (``2 deals in 0.001 s — 13,061
  deals per second``, ``453 decisions in 0.1 s (3,638 per second)`` and the JSON keys
  ``seconds``, ``deals_per_second``) — see :func:`mask_text`, :func:`mask_json`;
- at the web table the table's random id and the player's session token (``<table>``,
  ``<token>``) and ISO timestamps (``<time>``);
- the date a Baśka record names is the goldens' day, whatever the day (:func:`golden_day`
  sets the session's clock).

Goldens are made from the pre-refactor commit only, never to make a test pass::

    .venv/bin/python tests/corpus_make.py --make tests/corpus --from-commit 4ed97f7

(``--from-commit`` extracts that commit's ``src`` with ``git archive`` into a temporary
folder and runs this file again with it first on ``PYTHONPATH``; the examples are read
from ``../shared/examples``.) ``tests/test_corpus_identical.py`` makes the corpus again
with the current code and compares it byte for byte. A game registered since
(:data:`LATER`) has its goldens made once, apart, from the commit it names (``since``)::

    .venv/bin/python tests/corpus_make.py --make tests/corpus-later --later --from-commit 01833b7
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import itertools
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO.parent / "shared" / "examples"

ENV: dict[str, str | None] = {"STOLIK_LANG": None, "COLUMNS": "110", "LINES": "50",
                              "NO_COLOR": "1", "TERM": "dumb", "FORCE_COLOR": None,
                              "TZ": "UTC"}
"""The environment every command runs in (None: unset)."""

SPEED = re.compile(r"\d+[.,]\d+ s (—|\() ?[\d\s,.\u00a0\u202f]*\d")
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?")

GAMES: dict[str, dict[str, Any]] = {
    "baska": {"rulesets": ("pucka-2019", "linia", "mester-sport"), "langs": ("en", "pl"),
              "deals": 6, "seed": 11, "bots": ["heuristic", "random", "heuristic"],
              "play": ("1\nzz\nhint\n1\n1\nsheet\nhelp\n" + "1\n2\n" * 40 + "quit\n"),
              "web_first_dealer": 2, "play_lang": ("pl", False), "opponents": "heuristic",
              "web_lang": "en"},
    "marias": {"rulesets": ("ctyrka",), "langs": ("en", "pl", "cs"), "deals": 6, "seed": 11,
               "bots": ["heuristic", "random", "heuristic"],
               "play": ("1\nzz\nhint\n1\n1\nsheet\nhelp\n" + "1\n2\n" * 60 + "quit\n"),
               "web_first_dealer": 3, "play_lang": ("cs", False),
               "opponents": "heuristic,random,heuristic", "web_lang": "pl"},
    "betel": {"rulesets": ("gps-2022",), "langs": ("en", "pl"), "deals": 6, "seed": 11,
              "bots": ["heuristic", "random"],
              "play": ("1\nzz\nhint\n1\n5\nsheet\nhelp\n" + "1\n5\n" * 80 + "quit\n"),
              "web_first_dealer": 0, "play_lang": ("en", True),
              "opponents": "heuristic,random", "web_lang": "pl"},
}
"""Per game: its shipped rulesets, its languages, the simulated series and the sessions."""

LATER: dict[str, dict[str, Any]] = {
    "licitovany": {"rulesets": ("licitovany",), "langs": ("en", "pl", "cs"), "deals": 6,
                   "seed": 11, "bots": ["heuristic", "random"],
                   "play": "1\nzz\nhint\n1 2\nsheet\nhelp\n" + "1\n" * 160 + "quit\n",
                   "web_first_dealer": 0, "play_lang": ("cs", False),
                   "opponents": "heuristic,random", "web_lang": "cs", "since": "01833b7"},
}
"""Games registered after the goldens' commit (licitovaný mariáš, issue 28), each with the
commit its own goldens are made from (``since``, in ``tests/corpus-later/<game>``): the
same corpus as a game of :data:`GAMES` — its series, sessions, arena and refusals, and
``stolik rules show`` of its rulesets — made with the whole registry."""

SPECS: dict[str, dict[str, Any]] = {**GAMES, **LATER}
"""Every game the corpus holds."""


def mask_text(text: str) -> str:
    """``text`` with the speed of a simulation masked (the clock's, not the code's).

    >>> mask_text("2 deals in 0.003 s — 13,061 deals per second")
    '2 deals in <s> s — <n> deals per second'
    >>> mask_text("453 decisions in 0.1 s (3,638 per second)")
    '453 decisions in <s> s (<n> per second)'
    >>> mask_text("rozdání: 2 za 0,000 s — 15\u00a0240 rozdání za sekundu")
    'rozdání: 2 za <s> s — <n> rozdání za sekundu'
    """
    return SPEED.sub(lambda m: f"<s> s {m[1]}{' ' if m[1] == '—' else ''}<n>", text)


def mask_json(value: Any) -> Any:
    """A JSON value with the clock's keys masked.

    >>> mask_json({"seconds": 0.1, "deals_per_second": 9.0, "deals": 3})
    {'seconds': '<masked>', 'deals_per_second': '<masked>', 'deals': 3}
    """
    if isinstance(value, dict):
        return {k: "<masked>" if k in ("seconds", "deals_per_second") else mask_json(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [mask_json(v) for v in value]
    return value


# ---------------------------------------------------------------- the command line


def run_cli(out: Path, name: str, args: Sequence[str], stdin: str | None = None,
            env: dict[str, str | None] | None = None) -> None:
    """Run ``stolik ARGS`` in ``out`` (relative paths name files there) and write what it
    printed, masked, to ``out/name``: the command, its exit code, stdout and stderr."""
    from typer.testing import CliRunner

    from stolik.cli import app

    with contextlib.chdir(out):
        result = CliRunner().invoke(app, list(args), input=stdin, env={**ENV, **(env or {})})
    stderr = result.stderr if result.stderr_bytes is not None else ""
    exc = "" if result.exception is None or isinstance(result.exception, SystemExit) \
        else f"--- exception\n{type(result.exception).__name__}: {result.exception}\n"
    text = (f"$ stolik {' '.join(args)}\n[exit {result.exit_code}]\n--- stdout\n"
            f"{result.stdout}--- stderr\n{stderr}{exc}")
    (out / name).write_text(mask_text(text), encoding="utf-8")


def pack(path: Path) -> None:
    """Gzip a large output (``path.gz`` instead; the comparison unpacks it)."""
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(path.read_bytes(), mtime=0))
    path.unlink()


def make_simulated(out: Path, game: str) -> None:
    """The seeded series of each ruleset: records, JSON, summaries and sheets."""
    spec = SPECS[game]
    for rs in spec["rulesets"]:
        base = ["simulate", "-r", rs, "-n", str(spec["deals"]), "-s", str(spec["seed"])]
        run_cli(out, f"sim-{rs}-toml.txt", [*base, "-o", f"sim-{rs}.toml"])
        run_cli(out, f"sim-{rs}-json-out.txt", [*base, "-o", f"sim-{rs}.json"])
        run_cli(out, f"sim-{rs}-json.txt", [*base, "--json"])
        masked_json(out / f"sim-{rs}-json.txt")
        for lang in spec["langs"]:
            for ascii_ in (False, True):
                flags = ["--ascii"] if ascii_ else []
                tag = f"{lang}{'-ascii' if ascii_ else ''}"
                run_cli(out, f"sim-{rs}-sheet-{tag}.txt",
                        [*base, "--sheet", "--lang", lang, *flags,
                         *(["--players", "Ala,Bolek,Cyryl" + ("" if game in (
                             "betel", "licitovany") else ",Dorota")]
                           if ascii_ else [])])
        replayed(out, f"sim-{rs}.toml", spec["langs"])
        replayed(out, f"sim-{rs}.json", spec["langs"], sheets=False)


def masked_json(path: Path) -> None:
    """The JSON a command printed to ``path`` (by :func:`run_cli`) with the clock masked."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("--- stdout\n")
    body, _, tail = rest.partition("--- stderr\n")
    body = json.dumps(mask_json(json.loads(body)), ensure_ascii=False, indent=1) + "\n"
    path.write_text(f"{head}--- stdout\n{body}--- stderr\n{tail}", encoding="utf-8")


BOX = tuple("+|┏┃┗━│└┘┌┐├┤╭╰╮╯─┡┩┓┛╇┠┨")
"""How a line of a table (plain or ``--ascii``) begins."""


def unwrap_summary(path: Path) -> None:
    """The lines a command printed after its last table, joined into one: where Rich
    wraps them depends on how many digits the masked speed had (a fixed width off a
    terminal), not on the code."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("--- stdout\n")
    body, _, tail = rest.partition("--- stderr\n")
    lines = body.splitlines()
    last = max((i for i, line in enumerate(lines) if line.startswith(BOX)), default=-1)
    summary = " ".join(" ".join(lines[last + 1:]).split())
    body = "".join(f"{line}\n" for line in [*lines[:last + 1], *([summary] if summary else [])])
    path.write_text(f"{head}--- stdout\n{body}--- stderr\n{tail}", encoding="utf-8")


def make_arena(out: Path, game: str) -> None:
    """``stolik arena`` of the heuristic and the random bot on every ruleset: JSON, and the
    table (plain and ASCII) on the first."""
    spec = SPECS[game]
    for i, rs in enumerate(spec["rulesets"]):
        base = ["arena", "-b", "heuristic,random", "-n", "2", "-r", rs, "-s", "5"]
        run_cli(out, f"arena-{rs}-json.txt", [*base, "--json"])
        masked_json(out / f"arena-{rs}-json.txt")
        if i == 0:  # the summary unwrapped: the speed's digits move where a line wraps
            run_cli(out, f"arena-{rs}.txt", base)
            run_cli(out, f"arena-{rs}-ascii.txt", [*base, "--ascii"])
            unwrap_summary(out / f"arena-{rs}.txt")
            unwrap_summary(out / f"arena-{rs}-ascii.txt")


BROKEN: tuple[tuple[str, str, str], ...] = (
    ("card", r'(?s)(\[\[deal\]\].*?\[\[deal\]\].*?play = \["\d )\S+?"', r'\1XX"'),
    ("dealer", r'(?s)(\[\[deal\]\].*?\[\[deal\]\]\s*dealer = )\d', r"\g<1>7"),
    ("rotation", r'(?s)(\[\[deal\]\].*?\[\[deal\]\]\s*dealer = )\d', r"\g<1>0"),
    ("key", r'(?s)(\[\[deal\]\].*?\[\[deal\]\]\n)', r'\1colour = "red"\n'),
    ("order", r'(?s)(\[\[deal\]\].*?\[\[deal\]\].*?play = \[)("[^"]*"), ("[^"]*")',
     r"\1\3, \2"),
    ("toml", r"(?s)^(.{300}).*", r"\1"),
)
"""Ways to break a record (a name, a pattern, its replacement) in its second deal: a card
that is none, a dealer who is no seat, a dealer out of turn (the series is dealt from seat
0), an unknown key, two cards swapped, a file cut short."""


def make_refusals(out: Path, record: str, langs: Sequence[str]) -> None:
    """``record`` (TOML, in ``out``) broken in each way of :data:`BROKEN`, replayed in
    each language and checked: the refusals' words."""
    text = (out / record).read_text(encoding="utf-8")
    stem = record.removesuffix(".toml")
    for name, pattern, repl in BROKEN:
        broken = f"{stem}-broken-{name}.toml"
        (out / broken).write_text(re.sub(pattern, repl, text, count=1), encoding="utf-8")
        for lang in langs:
            run_cli(out, f"replay-{broken}-{lang}.txt", ["replay", broken, "--lang", lang])
        run_cli(out, f"check-{broken}.txt", ["check", broken])
    cut = f"{stem}-broken.json"
    (out / cut).write_text(json.dumps({"game": "nope", "deal": [1]}), encoding="utf-8")
    run_cli(out, f"replay-{cut}.txt", ["replay", cut, "--lang", langs[-1]])


def replayed(out: Path, record: str, langs: Sequence[str], sheets: bool = True) -> None:
    """``record`` (a file in ``out``) replayed and checked: JSON, and (``sheets``) the
    sheet in each language and in ASCII."""
    run_cli(out, f"replay-{record}-json.txt", ["replay", record, "--json"])
    run_cli(out, f"check-{record}.txt", ["check", record])
    if sheets:
        for lang in langs:
            run_cli(out, f"replay-{record}-{lang}.txt", ["replay", record, "--lang", lang])
        run_cli(out, f"replay-{record}-ascii.txt", ["replay", record, "--ascii", "--lang", "en"])


def make_examples(out: Path) -> None:
    """The shipped examples (Baśka's records) and the records in ``tests/data`` (every
    game's: bok-rounds, renonce, a forgotten choice, …), replayed and checked."""
    data = REPO / "tests" / "data"
    for path in [*sorted(EXAMPLES.glob("*.toml")), data / "linia-bok.toml",
                 *sorted((data / "fuzz").glob("*.toml"))]:
        (out / path.name).write_bytes(path.read_bytes())
        replayed(out, path.name, ("en", "pl", "cs") if "marias" in path.name else ("en", "pl"))


def make_rules(out: Path) -> None:
    """``stolik rules list`` and ``show`` of every shipped ruleset, plain and ASCII."""
    run_cli(out, "rules-list.txt", ["rules", "list"])
    for spec in GAMES.values():
        for rs in spec["rulesets"]:
            run_cli(out, f"rules-show-{rs}.txt", ["rules", "show", rs])
            run_cli(out, f"rules-show-{rs}-ascii.txt", ["rules", "show", rs, "--ascii"])


def make_play(out: Path, game: str) -> None:
    """A terminal session of ``stolik play``: two deals from a fixed stdin."""
    spec = SPECS[game]
    lang, ascii_ = spec["play_lang"]
    run_cli(out, "play.txt",
            ["play", "--game", game, "--deals", "2", "--opponents", spec["opponents"],
             "--seed", str(spec["seed"]), "--lang", lang, "--no-analysis", "--samples", "8",
             *(["--ascii"] if ascii_ else []), "--out", "play.toml"],
            stdin=spec["play"])
    pack(out / "play.txt")
    replayed(out, "play.toml", spec["langs"])
    for name, stdin in (("quit", "1\nquit\n"), ("eof", "1\n")):
        run_cli(out, f"play-{name}.txt",
                ["play", "--game", game, "--deals", "3", "--opponents", spec["opponents"],
                 "--seed", "2", "--lang", spec["langs"][-1], "--no-analysis", "--name", "Ola",
                 "--out", f"play-{name}.toml"], stdin=stdin)


# ---------------------------------------------------------------- the web table


def make_web(out: Path, game: str) -> None:
    """A recorded WebSocket session at a table of ``game``: one person (seat 0, to act
    first, so nothing happens before the client is connected) and bots, two deals."""
    from fastapi.testclient import TestClient

    from stolik.db import open_database
    from stolik.web.app import create_app

    spec = SPECS[game]
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(f"sqlite:///{tmp}/web.db", migrate=True)
        # no message limit: the client answers each state at once, so how many messages a
        # second it sends depends on the machine's speed, not on the code
        app = create_app(db, bot_delay=0, client_seeds=True, rate=1e9, burst=10**9)
        with TestClient(app) as c:
            body = {"game": game, "name": "Ala", "deals": 3, "seed": spec["seed"],
                    "hints": True, "bots": [None, *spec["bots"]],
                    "first_dealer": spec["web_first_dealer"]}
            r = c.post("/play/api/tables", json=body)
            if r.status_code != 200:
                raise RuntimeError(r.text)
            tid, token = str(r.json()["id"]), str(r.json()["token"])

            def mask(msg: Any) -> str:
                text = json.dumps(msg, ensure_ascii=False, sort_keys=True)
                text = text.replace(tid, "<table>").replace(token, "<token>")
                return ISO_TIME.sub("<time>", text)

            lines.append(mask({"created": r.json()}))
            c.cookies.set("stolik_player", token)
            with c.websocket_connect(f"/play/ws/{tid}?lang={spec['web_lang']}") as ws:
                lines.extend(mask(m) for m in web_session(ws))
            rec = c.get(f"/play/t/{tid}/record.toml")
            lines.append(mask({"record.toml": rec.status_code}))
            (out / "web-record.toml").write_text(rec.text.replace(tid, "<table>"),
                                                 encoding="utf-8")
        db.dispose()
    (out / "web-session.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    pack(out / "web-session.jsonl")


def web_session(ws: Any) -> Iterator[Any]:
    """Play seat 0 through the table's WebSocket, yielding every message received: before
    the first move a refused move and a hint; each turn the legal move at a place that
    walks through the list (a pick of cards: the hand's first ones the rules let go, in
    order); after each deal the review, then the next deal."""
    got: queue.Queue[Any] = queue.Queue()

    def pump() -> None:  # the messages, then the exception that ended them
        msg = None
        while not isinstance(msg, BaseException):
            msg = receive_or_error(ws)
            got.put(msg)

    threading.Thread(target=pump, daemon=True).start()

    def receive() -> Any:
        try:
            msg = got.get(timeout=300)
        except queue.Empty:
            raise RuntimeError(f"no message in 300 s after request {ident}") from None
        if isinstance(msg, BaseException):
            raise RuntimeError(f"the connection ended after request {ident}") from msg
        return msg

    ident, turns, asked = 0, 0, False
    picks: list[str] = []  # the other cards a refused pick may try, in the hand's order
    waiting: int | None = None  # the id of the request whose answer is awaited
    first = True
    while True:
        msg = receive()
        yield msg
        if first and msg.get("type") == "state":
            first = False
            if msg.get("seq") != 0 or (msg.get("deal") or {}).get("to_act") != 0:
                raise RuntimeError("seat 0 must act first (set web_first_dealer)")
        if waiting is not None:
            if msg.get("ack") != waiting:
                continue
            waiting = None
            if msg.get("type") == "error" and picks:  # those cards may not go: the next ones
                ident += 1
                ws.send_json({"type": "move", "move": picks.pop(0), "id": ident})
                waiting = ident
                continue
        if msg.get("type") != "state":
            continue
        if msg.get("over"):
            ident += 1
            ws.send_json({"type": "review", "id": ident})
            yield from until_ack(receive, ident)
            return
        deal = msg.get("deal") or {}
        if msg.get("waiting_next"):
            ident += 1
            ws.send_json({"type": "review", "id": ident})
            yield from until_ack(receive, ident)
            ident += 1
            ws.send_json({"type": "next", "id": ident})
            waiting = ident
            continue
        legal = deal.get("legal") or []
        if deal.get("to_act") != 0 or not legal:
            continue
        if not asked:
            asked = True
            for extra in ({"type": "move", "move": "banana"}, {"type": "hint"},
                          {"type": "claim"}):
                ident += 1
                ws.send_json({**extra, "id": ident})
                yield from until_ack(receive, ident)
        offered = legal[(turns * 7) % len(legal)]
        move = str(offered["move"])
        picks = []
        if "pick" in offered:  # Betel's lay, licitovaný's discard: the page picks the cards
            picks = [f"{move} {' '.join(c)}"
                     for c in itertools.combinations(deal["hand"], int(offered["pick"]))]
            move = picks.pop(0)
        turns += 1
        ident += 1
        ws.send_json({"type": "move", "move": move, "id": ident})
        waiting = ident


def receive_or_error(ws: Any) -> Any:
    """The next message of ``ws``, or the exception that ended it."""
    try:
        return ws.receive_json()
    except Exception as e:
        return e


def until_ack(receive: Any, ident: int) -> Iterator[Any]:
    """The messages up to and including the answer to request ``ident``."""
    while True:
        msg = receive()
        yield msg
        if msg.get("ack") == ident:
            return


# ---------------------------------------------------------------- all of it


@contextlib.contextmanager
def golden_games() -> Iterator[None]:
    """The registry as the goldens' commit knew it: only the games of :data:`GAMES`. A game
    registered since (licitovaný mariáš, issue 28) is new behaviour, not changed behaviour,
    yet it would add itself to ``stolik rules list`` and to the refusal that names the games
    stolik hosts; the corpus keeps proving the games it was made for. (Code older than the
    registry's ``_registry`` has nothing to hide.)"""
    from unittest import mock

    import stolik.games as registry

    full = getattr(registry, "_registry", None)
    if full is None:
        yield
        return
    with mock.patch.object(registry, "_registry",
                           lambda: {k: v for k, v in full().items() if k in GAMES}):
        yield


GOLDEN_DAY = (2026, 12, 7)
"""The day the goldens were made: a Baśka ``stolik play`` or web-table record names the
day it was played (``date = "2026-12-07"``), so the corpus is made on that day's clock."""


@contextlib.contextmanager
def golden_day() -> Iterator[None]:
    """The Baśka session's clock set to noon UTC of :data:`GOLDEN_DAY`, so that the
    records' date is the goldens' whatever the day the corpus is made (a record's date is
    the clock's, not the code's). Code without that clock has nothing to set."""
    import datetime
    import types
    from unittest import mock

    try:
        from stolik.games.baska import session
    except ImportError:  # pragma: no cover - a commit without the module
        yield
        return
    if getattr(session, "datetime", None) is not datetime:
        yield
        return

    class Day(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> Day:
            return cls(*GOLDEN_DAY, 12, tzinfo=tz)

    with mock.patch.object(session, "datetime",
                           types.SimpleNamespace(datetime=Day, UTC=datetime.UTC)):
        yield


def make(out: Path, games: Sequence[str] = tuple(GAMES)) -> None:
    """The whole corpus into ``out`` (made if missing): a folder per game, ``examples``
    and ``rules``, with the registry of the goldens' games (:func:`golden_games`), on the
    goldens' day (:func:`golden_day`)."""
    with golden_games(), golden_day():
        _make(out, games)


def _make(out: Path, games: Sequence[str]) -> None:
    for sub in ("examples", "rules", *games):
        (out / sub).mkdir(parents=True, exist_ok=True)
    make_examples(out / "examples")
    make_rules(out / "rules")
    for game in games:
        make_game(out / game, game)


def make_game(out: Path, game: str) -> None:
    """One game's part of the corpus into ``out``: its simulated series, its terminal and
    web sessions with their records replayed, its arena and its broken records."""
    spec = SPECS[game]
    out.mkdir(parents=True, exist_ok=True)
    make_simulated(out, game)
    make_play(out, game)
    make_web(out, game)
    replayed(out, "web-record.toml", spec["langs"])
    make_arena(out, game)
    make_refusals(out, f"sim-{spec['rulesets'][0]}.toml", spec["langs"])


def make_later(out: Path, games: Sequence[str] = tuple(LATER)) -> None:
    """The corpus of the games of :data:`LATER` into ``out/<game>``, with the whole
    registry; besides its part (:func:`make_game`), ``stolik rules show`` of each of its
    rulesets, plain and ASCII."""
    for game in games:
        make_game(out / game, game)
        for rs in SPECS[game]["rulesets"]:
            run_cli(out / game, f"rules-show-{rs}.txt", ["rules", "show", rs])
            run_cli(out / game, f"rules-show-{rs}-ascii.txt", ["rules", "show", rs, "--ascii"])


def from_commit(out: Path, rev: str, later: bool = False) -> None:
    """Make the corpus (``later``: of the games of :data:`LATER`) with commit ``rev``'s
    ``src`` (``git archive``), not the tree's."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": f"{tmp}/src"}
        subprocess.run([sys.executable, __file__, "--make", str(out.resolve()),
                        "--expect-src", f"{tmp}/src", *(["--later"] if later else [])],
                       check=True, env=env)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--make", type=Path, required=True, help="the folder to fill")
    parser.add_argument("--from-commit", help="make it with this commit's src")
    parser.add_argument("--later", action="store_true",
                        help="the games registered since the goldens' commit (LATER)")
    parser.add_argument("--expect-src", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.from_commit:
        from_commit(args.make, args.from_commit, args.later)
        return
    import stolik

    if args.expect_src and not Path(stolik.__file__).is_relative_to(args.expect_src):
        raise SystemExit(f"stolik imported from {stolik.__file__}, not {args.expect_src}")
    if args.later:
        make_later(args.make)
    else:
        make(args.make)


if __name__ == "__main__":
    main()
