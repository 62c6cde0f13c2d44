"""Hostile Mariáš and Betel files given to the command line (issue 24.10): mutated deal
records (MARIAS §11, BETEL §6) and club ruleset files (MARIAS §11, BETEL §2–§6), as
``tests/test_fuzz_files.py`` does for Baśka's. Whatever the file holds, ``stolik check``,
``replay`` and ``rules show`` either succeed or fail with exactly one line on stderr naming
the file, exit status 1, no traceback, nothing written, in bounded time and memory.

The records are mutated structurally (a key replaced, removed, wrapped, doubled, added) and
byte by byte; the rulesets too, and each accepted ruleset must serve a replay (its meaning
was checked: a rule the engine cannot play is refused when the file is read, not midway).
A club ruleset is given both as ``--ruleset`` and beside a record that names it.

CI runs a bounded sample (``STOLIK_FUZZ_EXAMPLES``, default 100 per test); ``make fuzz``
runs the long campaign (20,000 per test) and prints the counts of cases and outcomes.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_fuzz_files import (
    COUNTS,
    FUZZ,
    Outcome,
    hostile_file,
    judge,
    load_toml,
    mutated_bytes,
    mutated_document,
    run_cli,
    to_json,
    to_toml,
    write,
)

DATA = Path(__file__).parent / "data" / "fuzz"
SRC = Path(__file__).parents[1] / "src/stolik/games"
RECORDS = {"marias": [DATA / "marias-ctyrka.toml", DATA / "marias-renonc.toml"],
           "betel": [DATA / "betel-gps.toml", DATA / "betel-seed.toml"]}
"""Each game's base records: simulated deals, and hand-made ones of its odd corners (a
renonc, a forgotten choice; the seed's auction with looks, exchanges and kontras)."""
RULESETS = {"marias": SRC / "marias/rulesets/ctyrka.toml",
            "betel": SRC / "betel/rulesets/gps-2022.toml"}
REPLAYED = {"marias": RECORDS["marias"][0], "betel": RECORDS["betel"][0]}
"""The record an accepted ruleset must replay (``stolik check --ruleset``)."""

OWN: collections.Counter[str] = collections.Counter()
"""This module's outcomes (``COUNTS`` is shared with the Baśka fuzz module)."""


@pytest.fixture(scope="module", autouse=True)
def _report_counts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Print this module's cases and outcomes (``make fuzz`` quotes them)."""
    before = collections.Counter(COUNTS)
    yield
    OWN.update(COUNTS - before)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and OWN:
        with capture.global_and_fixture_disabled():
            reporter.write_line("\nfuzz files (Mariáš, Betel): " + ", ".join(
                f"{k} {v}" for k, v in sorted(OWN.items())))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A private laid-down cache: mutated rulesets must not fill the user's."""
    return str(tmp_path_factory.mktemp("cache"))


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


COMMANDS = st.sampled_from([["check"], ["replay"], ["replay", "--json"], ["replay", "--ascii"],
                            ["check", "--lang", "pl"], ["replay", "--lang", "cs"]])


@FUZZ
@given(game=st.sampled_from(sorted(RECORDS)), data=st.data(), command=COMMANDS)
def test_fuzz_marias_and_betel_records(work: Callable[[], Path], cache_dir: str, game: str,
                                       data: st.DataObject, command: list[str]) -> None:
    """A damaged Mariáš or Betel record (MARIAS §11, BETEL §6): replayed, or refused in one
    line naming the file, in the language asked for too."""
    folder = work()
    name, raw = data.draw(hostile_file(RECORDS[game]))
    path = write(folder, name, raw)
    judge(run_cli([*command, str(path)], folder, cache_dir), str(path), f"{game} record")


def check_replay(o: Outcome, path: Path, record: Path, game: str) -> Outcome | None:
    """``stolik check --ruleset`` of an accepted ruleset may still refuse the record (a
    changed rule it breaks): one line naming the record, counted; else the outcome to
    judge. A refusal naming neither file, or a traceback, fails in ``judge``."""
    if o.code == 1 and str(path) not in o.err and str(record) in o.err:
        COUNTS[f"{game} ruleset replay refused"] += 1
        assert len(o.err.splitlines()) == 1 and o.out == "", o.err
        return None
    return Outcome(o.code, "" if o.code else o.out, o.err, o.seconds)


@FUZZ
@given(game=st.sampled_from(sorted(RULESETS)), data=st.data(),
       command=st.sampled_from(["show", "check"]))
def test_fuzz_marias_and_betel_rulesets(work: Callable[[], Path], cache_dir: str, game: str,
                                        data: st.DataObject, command: str) -> None:
    """A damaged club ruleset file (MARIAS §11, BETEL §2–§6): shown and used, or refused
    in one line naming it. An accepted ruleset must serve a replay of a record."""
    folder = work()
    name, raw = data.draw(hostile_file([RULESETS[game]]))
    path = write(folder, name.replace("doc.json", "doc.toml"), raw)
    if command == "show":
        o = run_cli(["rules", "show", str(path)], folder, cache_dir)
    else:
        record = REPLAYED[game]
        checked = check_replay(run_cli(["check", "--ruleset", str(path), str(record)], folder,
                                       cache_dir), path, record, game)
        if checked is None:
            return
        o = checked
    judge(o, str(path), f"{game} ruleset")


@st.composite
def club_beside_record(draw: st.DrawFn, game: str) -> tuple[str, bytes]:
    """The bytes of a damaged club ruleset ``klub.toml`` (its structure, or its text)."""
    base = RULESETS[game]
    if draw(st.booleans()):
        return "klub.toml", draw(mutated_bytes(base.read_text(encoding="utf-8")))
    doc = draw(mutated_document(load_toml(base), False))
    text = to_toml(doc if isinstance(doc, dict) else {"x": doc})
    return "klub.toml", text.encode("utf-8", "surrogatepass")


@FUZZ
@given(game=st.sampled_from(sorted(RULESETS)), data=st.data(), command=COMMANDS)
def test_fuzz_a_club_ruleset_beside_its_record(work: Callable[[], Path], cache_dir: str,
                                               game: str, data: st.DataObject,
                                               command: list[str]) -> None:
    """A record naming its club's ruleset file beside it (``ruleset = "klub.toml"``,
    MARIAS §11, BETEL §6), the club file damaged: replayed, or refused in one line naming
    the record (and, where the club file is at fault, the club file too)."""
    folder = work()
    name, raw = data.draw(club_beside_record(game))
    write(folder, name, raw)
    doc = load_toml(REPLAYED[game])
    doc["ruleset"] = "klub.toml"
    fmt = data.draw(st.sampled_from(["toml", "json"]))
    text = to_json(doc) if fmt == "json" else to_toml(doc)
    path = write(folder, f"zapis.{fmt}", text.encode("utf-8"))
    o = run_cli([*command, str(path)], folder, cache_dir)
    judge(o, str(path), f"{game} club beside")
    if o.code:
        COUNTS[f"{game} club beside names klub.toml"] += "klub.toml" in o.err
