"""Hostile files given to the command line (issue 9.15–16): mutated deal records (RULES §11),
rulesets and tournament files (with their paper-sheet lines), and files that are not files
at all. Whatever the file holds, the command either succeeds or fails with exactly one line
on stderr naming the file, exit status 1, no traceback, nothing written, in bounded time
and memory.

The CLI runs in-process (Typer's ``CliRunner``), so hundreds of cases take seconds. CI runs
a bounded sample (``STOLIK_FUZZ_EXAMPLES``, default 100 per test); ``make fuzz`` runs the long
campaign (20,000 per test) and prints the counts of cases and outcomes.
"""

from __future__ import annotations

import collections
import json
import math
import os
import resource
import stat
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stolik.cli import app
from stolik.records import MAX_FILE_BYTES

DATA = Path(__file__).parent / "data"
RECORDS = [*sorted((DATA / "examples").glob("*.toml")), DATA / "linia-bok.toml"]
PLAIN_RECORD = DATA / "examples" / "plain-bez-bitki.toml"
TOURNAMENT = DATA / "tournament-sample.toml"
RULESETS = sorted((Path(__file__).parents[1] / "src/stolik/games/baska/rulesets").glob("*.toml"))

EXAMPLES = int(os.environ.get("STOLIK_FUZZ_EXAMPLES", "100"))
"""Cases per fuzz test: a bounded sample in CI, ``make fuzz`` sets 20000."""

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 100,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
"""CI's sample is derandomized (the same cases every run, never flaky); the long run
explores. Time is checked per case below rather than by Hypothesis's deadline."""

SECONDS = 20.0
"""Most wall-clock time one command may take on any input (typical: well under 1 s)."""

GROWTH_KB = 1_500_000
"""Most the process's peak memory may grow over the whole module (kB)."""

runner = CliRunner()
COUNTS: collections.Counter[str] = collections.Counter()
_RSS0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


@pytest.fixture(scope="module", autouse=True)
def _report_counts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Print the cases run and their outcomes (``make fuzz`` quotes them)."""
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and COUNTS:
        with capture.global_and_fixture_disabled():
            reporter.write_line("\nfuzz files: " + ", ".join(
                f"{k} {v}" for k, v in sorted(COUNTS.items())))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A private laid-down cache: mutated rulesets must not fill the user's."""
    return str(tmp_path_factory.mktemp("cache"))


# ---------------------------------------------------------------- running and judging


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str
    seconds: float


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    out = {}
    for p in folder.rglob("*"):
        st_ = p.lstat()
        out[str(p.relative_to(folder))] = (st_.st_size, st_.st_mtime_ns)
    return out


def run_cli(args: list[str], folder: Path, cache: str) -> Outcome:
    """Run ``stolik ARGS`` in-process inside ``folder``; any exception other than the
    exit is a failure, reported with its traceback."""
    before = listing(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    start = time.perf_counter()
    try:
        result = runner.invoke(app, args, env={"STOLIK_CACHE_DIR": cache, "STOLIK_DB": None,
                                               "COLUMNS": "200"})
    finally:
        os.chdir(cwd)
    seconds = time.perf_counter() - start
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"stolik {args}: traceback instead of one line") \
            from result.exception
    assert listing(folder) == before, f"stolik {args} wrote files"
    assert seconds < SECONDS, f"stolik {args} took {seconds:.1f} s"
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - _RSS0
    assert grown < GROWTH_KB, f"stolik {args}: peak memory grew by {grown} kB"
    return Outcome(result.exit_code, result.stdout, result.stderr, seconds)


def judge(o: Outcome, name: str, what: str) -> None:
    """Success, or one line on stderr naming the file, exit status 1, nothing on stdout."""
    if o.code == 0:
        COUNTS[f"{what} ok"] += 1
        return
    COUNTS[f"{what} refused"] += 1
    assert o.code == 1, (o.code, o.err)
    lines = o.err.splitlines()
    assert len(lines) == 1, o.err
    assert lines[0].startswith("stolik: "), o.err
    assert name in lines[0], o.err
    assert "Traceback" not in o.err
    assert lines[0].isprintable(), o.err
    assert o.out == "", o.out


# ---------------------------------------------------------------- writing documents


@dataclass(frozen=True)
class Raw:
    """Text written verbatim into a document (what no serializer would write)."""

    text: str


def to_json(v: Any) -> str:
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {to_json(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(to_json(x) for x in v) + "]"
    if isinstance(v, float):
        return "NaN" if math.isnan(v) else "Infinity" if v == math.inf else \
            "-Infinity" if v == -math.inf else repr(v)
    if hasattr(v, "isoformat"):
        return json.dumps(v.isoformat())
    return json.dumps(v)


def toml_value(v: Any) -> str:
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return '""'
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}"
                                for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, float):
        return "nan" if math.isnan(v) else "inf" if v == math.inf else \
            "-inf" if v == -math.inf else repr(v)
    if isinstance(v, int):
        return str(v)
    if hasattr(v, "isoformat"):
        return str(v.isoformat())
    return json.dumps(v)


def to_toml(doc: dict[str, Any]) -> str:
    """Every key as ``key = value`` with inline tables (arrays of tables included)."""
    return "".join(f"{json.dumps(str(k))} = {toml_value(v)}\n" for k, v in doc.items())


# ---------------------------------------------------------------- hostile values

CARD_WORDS = ["AH", "TD", "10h", "q♣", "\u212aH", "K\u212a", "A\uff28", "\u017fS", "AH\ufe0f",
              "A\u0000H", "AH\u202e", "１０H", "AS AS", "", " ", "A", "H", "ah,td"]
CALL_WORDS = ["pass", "pas", "kontra", "rekontra", "hirsch", "bok", "gran", "zolo", "zolo-du",
              "gran-du", "wesele", "baszka", "mester", "Zoło du", "\u212aontra", "pass pass",
              "ĸontra", "gran\u0000", "du"]
SEATS = ["0", "1", "2", "3", "4", "-1", "٣", "𝟑", "00", "3.0", " 3", "", "9" * 30]
BIG_DIGITS = ["9" * 5000, "9" * 4301, "9" * 200, "9223372036854775808", "-9223372036854775809",
              "1" + "0" * 19, "1e400", "-1e400", "0x7fffffffffffffffff", "1_000_000"]


def nested(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


def hostile_scalar(json_only: bool) -> st.SearchStrategy[Any]:
    values: list[st.SearchStrategy[Any]] = [
        st.integers(min_value=-(2**70), max_value=2**70),
        st.integers(min_value=-5, max_value=20),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.text(max_size=30),
        st.text(st.characters(codec="utf-8", categories=["Cc", "Cf", "Zl", "Zp", "Co"]),
                max_size=8),
        st.sampled_from(CARD_WORDS),
        st.builds(lambda s, w: f"{s} {w}", st.sampled_from(SEATS),
                  st.sampled_from(CARD_WORDS + CALL_WORDS)),
        st.sampled_from(BIG_DIGITS).map(Raw),
        st.sampled_from([17, 40, 1000, 60_000]).map(nested),
        st.sampled_from(["x" * 100_000, "A" * 5000 + "H"]),
        st.sampled_from(["nan", "inf", "-inf"]).map(Raw) if not json_only
        else st.sampled_from(["NaN", "Infinity", "-Infinity"]).map(Raw),
    ]
    if json_only:
        values += [st.none(),
                   st.sampled_from(['"\\ud800"', '"AH\\udc00"', '"\\ud83d"', '{"a": 1, "a": 2}'])
                   .map(Raw)]
    else:
        values += [st.sampled_from(["1979-05-27T07:32:00Z", "07:32:00", "2026-13-40",
                                    "'''\nmulti\n'''", "{}", "[{}]"]).map(Raw)]
    return st.one_of(values)


def paths_of(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document (dict keys, list indices)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths_of(v, (*prefix, i))
    return out


def mutate_at(doc: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``doc`` with the node at ``path`` replaced, removed, wrapped, doubled, or
    ``value`` added beside it."""
    if not path:
        return value if how == "replace" else doc
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        new = dict(doc)
        if rest:
            new[head] = mutate_at(doc[head], rest, how, value)
        elif how == "replace":
            new[head] = value
        elif how == "remove":
            del new[head]
        elif how == "wrap":
            new[head] = [doc[head]]
        elif how == "add":
            new[f"{head}_"] = value
        else:
            new[head] = doc[head]
        return new
    new_list = list(doc)
    if rest:
        new_list[head] = mutate_at(doc[head], rest, how, value)
    elif how == "replace":
        new_list[head] = value
    elif how == "remove":
        del new_list[head]
    elif how == "wrap":
        new_list[head] = [doc[head]]
    elif how == "add":
        new_list.insert(head, value)
    else:
        new_list.insert(head, doc[head])
    return new_list


@st.composite
def mutated_document(draw: st.DrawFn, doc: dict[str, Any], json_only: bool) -> Any:
    """``doc`` after one to three structural mutations at random places."""
    for _ in range(draw(st.integers(1, 3))):
        places = paths_of(doc)
        path = draw(st.sampled_from(places[1:] or places))
        how = draw(st.sampled_from(["replace", "replace", "remove", "wrap", "add", "double"]))
        doc = mutate_at(doc, path, how, draw(hostile_scalar(json_only)))
    return doc


@st.composite
def mutated_bytes(draw: st.DrawFn, text: str) -> bytes:
    """Serialized text after byte-level damage: a BOM, another encoding, cut, spliced or
    overwritten spans, stray bytes."""
    data = text.encode("utf-8")
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["bom", "latin1", "utf16", "cut", "insert", "overwrite",
                                   "duplicate", "delete"]))
        pos = draw(st.integers(0, len(data)))
        if op == "bom":
            data = b"\xef\xbb\xbf" + data
        elif op == "latin1":
            data = data.decode("utf-8", "replace").encode("latin-1", "replace")
        elif op == "utf16":
            data = data.decode("utf-8", "replace").encode("utf-16")
        elif op == "cut":
            data = data[:pos]
        elif op == "insert":
            data = data[:pos] + draw(st.binary(min_size=1, max_size=8)) + data[pos:]
        elif op == "overwrite":
            blob = draw(st.binary(min_size=1, max_size=4))
            data = data[:pos] + blob + data[pos + len(blob):]
        elif op == "duplicate":
            end = draw(st.integers(pos, min(len(data), pos + 200)))
            data = data[:end] + data[pos:end] + data[end:]
        else:
            end = draw(st.integers(pos, min(len(data), pos + 50)))
            data = data[:pos] + data[end:]
    return data


def load_toml(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@st.composite
def hostile_file(draw: st.DrawFn, bases: list[Path]) -> tuple[str, bytes]:
    """A file name and the bytes of a damaged document made from one of ``bases``."""
    base = draw(st.sampled_from(bases))
    fmt = draw(st.sampled_from(["toml", "json", "text"]))
    if fmt == "text":  # the original text, damaged byte by byte
        name = "doc.toml"
        data = draw(mutated_bytes(base.read_text(encoding="utf-8")))
    else:
        doc = draw(mutated_document(load_toml(base), fmt == "json"))
        text = to_json(doc) if fmt == "json" else to_toml(doc if isinstance(doc, dict) else
                                                           {"x": doc})
        name = f"doc.{fmt}"
        data = draw(mutated_bytes(text)) if draw(st.booleans()) else text.encode(
            "utf-8", "surrogatepass")
    return name, data


def write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], Path]:
    """A fresh empty folder per case (Hypothesis calls a test many times per fixture)."""
    root = tmp_path_factory.mktemp("fuzz")
    counter = iter(range(10**9))

    def fresh() -> Path:
        folder = root / str(next(counter))
        folder.mkdir()
        return folder
    return fresh


# ---------------------------------------------------------------- the fuzz tests


@FUZZ
@given(case=hostile_file(RECORDS), command=st.sampled_from(
    [["check"], ["replay"], ["replay", "--json"], ["replay", "--ascii"]]))
def test_fuzz_records(work: Callable[[], Path], cache_dir: str, case: tuple[str, bytes],
                      command: list[str]) -> None:
    """A damaged deal record (RULES §11): replayed, or refused in one line."""
    folder = work()
    name, data = case
    path = write(folder, name, data)
    judge(run_cli([*command, str(path)], folder, cache_dir), str(path), "record")


@FUZZ
@given(case=hostile_file(RULESETS), command=st.sampled_from(["show", "check"]))
def test_fuzz_rulesets(work: Callable[[], Path], cache_dir: str, case: tuple[str, bytes],
                       command: str) -> None:
    """A damaged ruleset file: shown and used, or refused in one line naming it. An
    accepted ruleset must serve a replay too (every key's meaning was checked)."""
    folder = work()
    name, data = case
    path = write(folder, name.replace("doc.json", "doc.toml"), data)
    if command == "show":
        o = run_cli(["rules", "show", str(path)], folder, cache_dir)
    else:
        o = run_cli(["check", "--ruleset", str(path), str(PLAIN_RECORD)], folder, cache_dir)
        if o.code == 1 and str(path) not in o.err:  # the record broke a changed rule
            COUNTS["ruleset replay refused"] += 1
            assert str(PLAIN_RECORD) in o.err and len(o.err.splitlines()) == 1, o.err
            return
        o = Outcome(o.code, "" if o.code else o.out, o.err, o.seconds)
    judge(o, str(path), "ruleset")


def sheet_mutations() -> st.SearchStrategy[Any]:
    """Sheet-line values (``src/stolik/games/baska/tournament.py``): right keys, wrong values."""
    keys = st.sampled_from(["contract", "declarer", "starzy", "partner", "level", "points",
                            "tricks", "revoke", "first_double", "bogus"])
    values = st.one_of(hostile_scalar(False), st.integers(-2, 105),
                       st.sampled_from(["zwykla", "cicha", "gran", "zolo", "wesele", "baszka",
                                        "gran-du", "opposing", "declaring", "\u212aontra"]),
                       st.lists(st.integers(-1, 4), max_size=3))
    return st.dictionaries(keys, values, max_size=6)


@st.composite
def hostile_tournament(draw: st.DrawFn) -> tuple[str, bytes]:
    """The sample tournament with damaged sheet lines (and sometimes damaged elsewhere)."""
    doc = load_toml(TOURNAMENT)
    sheets = [p for p in paths_of(doc) if p and p[-1] == "sheet"]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(sheets))
        node: Any = doc
        for step in where:
            node = node[step]
        index = draw(st.integers(0, len(node)))
        line = draw(sheet_mutations())
        if index < len(node) and draw(st.booleans()):
            line = {**node[index], **line}
        doc = mutate_at(doc, (*where, min(index, len(node) - 1)),
                        draw(st.sampled_from(["replace", "add"])), line)
    if draw(st.integers(0, 3)) == 0:
        doc = draw(mutated_document(doc, False))
    fmt = draw(st.sampled_from(["toml", "json"]))
    text = to_json(doc) if fmt == "json" else to_toml(doc)
    return f"t.{fmt}", text.encode("utf-8", "surrogatepass")


@FUZZ
@given(case=hostile_tournament())
def test_fuzz_tournament_files(work: Callable[[], Path], cache_dir: str,
                               case: tuple[str, bytes]) -> None:
    """A tournament file with damaged sheet lines: reported, or refused in one line."""
    folder = work()
    path = write(folder, *case)
    judge(run_cli(["tournament", "report", str(path)], folder, cache_dir), str(path),
          "tournament")


# ---------------------------------------------------------------- not files at all


def special_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """Paths that must be refused before anything much is read."""
    big = folder / "big.toml"
    with big.open("wb") as f:  # sparse: 50 MB on paper, nothing on disk
        f.truncate(50 * 1024 * 1024)
    yield "50 MB file", big
    yield "/dev/zero", Path("/dev/zero")
    yield "a folder", folder
    yield "missing", folder / "missing.toml"
    fifo = folder / "fifo.toml"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        yield "a pipe with no writer", fifo
    over = folder / "over.json"
    over.write_bytes(b"{" + b" " * MAX_FILE_BYTES + b"}")
    yield "just over the limit", over


@pytest.mark.parametrize("command", [["check"], ["replay"], ["rules", "show"],
                                     ["tournament", "report"]])
def test_files_that_are_not_records(tmp_path: Path, cache_dir: str, command: list[str]
                                    ) -> None:
    """/dev/zero, a 50 MB file, a folder, a pipe: one line, quickly (issue 9.15: was a hang
    past 10 s and over 2 GB)."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    for what, path in special_files(inputs):
        folder = tmp_path / what.replace(" ", "-").replace("/", "")
        folder.mkdir()
        o = run_cli([*command, str(path)], folder, cache_dir)
        assert o.seconds < 5, (what, o.seconds)
        assert o.code == 1, (what, o.out, o.err)
        judge(o, str(path), "special")
    assert stat.S_ISFIFO((inputs / "fifo.toml").lstat().st_mode) or not hasattr(os, "mkfifo")
