"""The dependency locks agree with pyproject.toml (issue 24.1).

`make venv`/`make test` install requirements/dev.lock and `make run` requirements/run.lock,
both with pip's --require-hashes; `make lock` (scripts/lock.py) writes them. These tests fail
when pyproject.toml changes without `make lock`, when a lock pins a version its requirement
refuses, or when the two locks disagree.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def _lock_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stolik_lock", ROOT / "scripts" / "lock.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_lock(text: str) -> dict[str, list[tuple[Version, Marker | None, int]]]:
    """Each package's pins: version, marker and number of hashes.

    >>> read_lock("a-b==1.0 \\\\\\n    --hash=sha256:00\\n")
    {'a-b': [(<Version('1.0')>, None, 1)]}
    """
    pins: dict[str, list[tuple[Version, Marker | None, int]]] = {}
    current: tuple[str, Version, Marker | None] | None = None
    hashes = 0

    def close() -> None:
        if current is not None:
            name, version, marker = current
            pins.setdefault(name, []).append((version, marker, hashes))

    for line in text.splitlines():
        m = _PIN.match(line)
        if m:
            close()
            marker = Marker(m.group(3)) if m.group(3) else None
            current, hashes = (canonicalize_name(m.group(1)), Version(m.group(2)), marker), 0
        elif line.strip().startswith("--hash=sha256:"):
            hashes += 1
    close()
    return pins


def _pin_here(pins: dict[str, list[tuple[Version, Marker | None, int]]], name: str) -> Version:
    """The version a lock installs on this machine's Python and platform."""
    found = [v for v, marker, _ in pins.get(canonicalize_name(name), [])
             if marker is None or marker.evaluate()]
    assert len(found) == 1, f"{name}: {len(found)} pins apply here"
    return found[0]


def _requirements(extras: tuple[str, ...]) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    for extra in extras:
        reqs += [Requirement(r) for r in project["optional-dependencies"][extra]]
    build = (ROOT / "requirements" / "build.in").read_text("utf-8").splitlines()
    reqs += [Requirement(r) for r in build if r.strip() and not r.startswith("#")]
    return [r for r in reqs if r.marker is None or r.marker.evaluate()]


@pytest.mark.parametrize("lock", ["dev.lock", "run.lock"])
def test_lock_fingerprint_is_pyprojects(lock: str) -> None:
    """A lock names the fingerprint of the pyproject.toml it was made from: any change to
    the dependency lists, the extras or requires-python needs `make lock`."""
    first = (ROOT / "requirements" / lock).read_text("utf-8").splitlines()[0]
    module = _lock_module()
    assert first == module.FINGERPRINT_PREFIX + module.fingerprint(ROOT), (
        f"requirements/{lock} was made from another pyproject.toml: run `make lock`")


def test_fingerprint_changes_with_a_dependency(tmp_path: Path) -> None:
    """The fingerprint can fail: a changed version range gives another one."""
    module = _lock_module()
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "build.in").write_text("setuptools>=69\n")
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    (tmp_path / "pyproject.toml").write_text(text)
    same = module.fingerprint(tmp_path)
    (tmp_path / "pyproject.toml").write_text(text.replace('"typer>=0.12"', '"typer>=0.13"'))
    assert module.fingerprint(tmp_path) != same


@pytest.mark.parametrize(("lock", "extras"), [
    ("dev.lock", ("dev", "openspiel", "ray")),
    ("run.lock", ()),
])
def test_every_requirement_is_pinned_within_its_range(lock: str, extras: tuple[str, ...]) -> None:
    pins = read_lock((ROOT / "requirements" / lock).read_text("utf-8"))
    for req in _requirements(extras):
        version = _pin_here(pins, req.name)
        assert req.specifier.contains(version, prereleases=True), (
            f"requirements/{lock} pins {req.name} {version}, pyproject.toml asks {req}")


def test_every_pin_has_hashes() -> None:
    for lock in ("dev.lock", "run.lock"):
        pins = read_lock((ROOT / "requirements" / lock).read_text("utf-8"))
        assert pins
        for name, entries in pins.items():
            assert all(n > 0 for _, _, n in entries), f"{lock}: {name} has no hash"


def test_run_lock_is_the_dev_lock_without_the_extras() -> None:
    """The server's lock pins each package at the dev lock's version, and holds none of
    what only the tests, OpenSpiel or Ray need."""
    dev = read_lock((ROOT / "requirements" / "dev.lock").read_text("utf-8"))
    run = read_lock((ROOT / "requirements" / "run.lock").read_text("utf-8"))
    for name, entries in run.items():
        assert {v for v, _, _ in entries} <= {v for v, _, _ in dev[name]}, name
    for heavy in ("mypy", "playwright", "ray", "open-spiel", "pytest", "hypothesis"):
        assert heavy not in run and heavy in dev


def test_makefile_installs_from_the_locks_with_hashes() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    assert "--require-hashes -r requirements/run.lock" in makefile
    assert "--require-hashes -r requirements/dev.lock" in makefile
    assert "pip install -e" not in makefile.replace("--no-deps --no-build-isolation ", "")
