"""RULES §11: the example records replay to their expected results.

Each example is a record ``NAME.toml`` (or ``NAME.json``) beside ``NAME.expected.json``.
Every field the expected JSON holds is compared — per deal (contract, declarer, level, mult,
points, tricks, winners, payout and any other field present), the totals, the place points
(floats approximately) and any other top-level key. An expected ``error`` (a text) says the
record must be refused with a message containing it.

The examples are copied into ``tests/data/examples`` so that CI does not depend on the shared
folder; when ``../shared/examples`` exists beside the repository, its records are checked too.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from stolik.errors import StolikError
from stolik.games.baska.record import dumps_record, load_record, parse_record, replay
from stolik.records import loads_document

ROOT = Path(__file__).resolve().parents[1]
LOCAL = ROOT / "tests" / "data" / "examples"
SHARED = ROOT.parent / "shared" / "examples"


def _records(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.suffix in (".toml", ".json") and not p.name.endswith(".expected.json")
                  and _expected_path(p).exists())


def _expected_path(record: Path) -> Path:
    return record.with_name(record.name.rsplit(".", 1)[0] + ".expected.json")


def _cases() -> list[Any]:
    cases = [pytest.param(p, id=f"local/{p.name}") for p in _records(LOCAL)]
    cases += [pytest.param(p, id=f"shared/{p.name}") for p in _records(SHARED)]
    return cases


def assert_matches(expected: Any, got: Any, where: str = "result") -> None:
    """Every field present in ``expected`` equals the one in ``got`` (numbers approximately,
    so 1.3333333333333333 == 4/3); lists must have the same length."""
    if isinstance(expected, dict):
        assert isinstance(got, dict), f"{where}: expected a table, got {got!r}"
        for key, value in expected.items():
            assert key in got, f"{where}: the result has no field {key!r}"
            assert_matches(value, got[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(got, list | tuple), f"{where}: expected a list, got {got!r}"
        assert len(got) == len(expected), f"{where}: {len(got)} items, expected {len(expected)}"
        for i, (e, g) in enumerate(zip(expected, got, strict=True)):
            assert_matches(e, g, f"{where}[{i}]")
    elif isinstance(expected, bool) or expected is None or isinstance(expected, str):
        assert type(got) is type(expected) and got == expected, \
            f"{where}: {got!r} != expected {expected!r}"
    elif isinstance(expected, int | float):
        assert isinstance(got, int | float) and not isinstance(got, bool), \
            f"{where}: {got!r} is not a number"
        assert math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9), \
            f"{where}: {got!r} != expected {expected!r}"
    else:  # pragma: no cover - JSON has no other types
        raise AssertionError(f"{where}: unexpected value {expected!r}")


def test_local_examples_are_present() -> None:
    assert len(_records(LOCAL)) >= 4


@pytest.mark.parametrize("path", _cases())
def test_example_replays_to_expected(path: Path) -> None:
    expected = json.loads(_expected_path(path).read_text(encoding="utf-8"))
    if isinstance(expected, dict) and "error" in expected:
        with pytest.raises(StolikError) as info:
            replay(load_record(path))
        assert str(expected["error"]) in str(info.value)
        return
    result = replay(load_record(path)).to_json()
    assert len(result["deals"]) == len(expected["deals"])
    assert_matches(expected, result)


@pytest.mark.parametrize("path", _cases())
def test_example_round_trips_and_replays_alike(path: Path) -> None:
    """Written back as TOML and as JSON, each example reads as the same record and replays to
    the same result (RULES §11: the same keys as JSON are accepted)."""
    expected = json.loads(_expected_path(path).read_text(encoding="utf-8"))
    if isinstance(expected, dict) and "error" in expected:
        pytest.skip("a record that must be refused")
    record = load_record(path)
    first = replay(record).to_json()
    for fmt in ("toml", "json"):
        again = parse_record(loads_document(dumps_record(record, fmt), fmt))
        assert again == record
        assert replay(again).to_json() == first


def test_comparison_is_strict_where_it_must_be() -> None:
    assert_matches({"place_points": [8.0, 4 / 3]}, {"place_points": [8, 1.3333333333333333]})
    assert_matches({"deals": [{"contract": None}]}, {"deals": [{"contract": None, "x": 1}]})
    for expected, got in [
        ({"totals": [1, 2]}, {"totals": [1, 3]}),
        ({"totals": [1, 2]}, {"totals": [1, 2, 0]}),
        ({"tie": False}, {"tie": 0}),
        ({"contract": "zolo"}, {"contract": None}),
        ({"category": "bez_bitki"}, {}),
    ]:
        with pytest.raises(AssertionError):
            assert_matches(expected, got)
