"""Refresh the dependency locks (`make lock`): requirements/dev.lock and requirements/run.lock.

The locks pin the whole dependency set, transitive packages included, with the hashes of
every file PyPI serves for each pinned version (pip installs them with --require-hashes).
They are written by uv's pip-compatible resolver (`uv pip compile --universal`), so one lock
serves every platform and Python from 3.11 on. `make venv` / `make test` install from
dev.lock (runtime, dev, openspiel and ray extras), `make run` from run.lock (what the server
needs); run.lock is resolved under dev.lock as a constraint, so the two never pin one package
at two versions.

Each lock starts with the fingerprint of what it was made from (pyproject.toml's dependency
lists and requirements/build.in); tests/test_lock.py fails when they disagree, so a change to
pyproject.toml without `make lock` is caught.

    python scripts/lock.py           # refresh both locks with today's releases
    python scripts/lock.py --print   # print the fingerprint of the current pyproject.toml
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQ = ROOT / "requirements"
DEV_LOCK = REQ / "dev.lock"
RUN_LOCK = REQ / "run.lock"
BUILD_IN = REQ / "build.in"
#: The extras the dev lock (and `make test`) installs; `make run` installs none.
DEV_EXTRAS = ("dev", "openspiel", "ray")
FINGERPRINT_PREFIX = "# lock-fingerprint: "
PYTHON_VERSION = "3.11"


def fingerprint(root: Path = ROOT) -> str:
    """The sha256 of what the locks are made from: the project's dependency lists and extras,
    and the build requirements of the editable install."""
    project = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["project"]
    build = (root / "requirements" / "build.in").read_text("utf-8")
    lines = [ln.strip() for ln in build.splitlines() if ln.strip() and not ln.startswith("#")]
    basis = {
        "dependencies": project.get("dependencies", []),
        "optional-dependencies": project.get("optional-dependencies", {}),
        "requires-python": project.get("requires-python", ""),
        "build": lines,
    }
    blob = json.dumps(basis, sort_keys=True, ensure_ascii=True).encode()
    return hashlib.sha256(blob).hexdigest()


def _compile(out: Path, extras: tuple[str, ...], constraint: Path | None) -> None:
    uv = Path(sys.executable).parent / "uv"
    cmd = [str(uv) if uv.exists() else "uv", "pip", "compile", "pyproject.toml",
           "requirements/build.in", "--universal", "--python-version", PYTHON_VERSION,
           "--generate-hashes", "--quiet", "--no-header", "-o", str(out.relative_to(ROOT))]
    for extra in extras:
        cmd += ["--extra", extra]
    if constraint is not None:
        cmd += ["--constraint", str(constraint.relative_to(ROOT))]
    subprocess.run(cmd, cwd=ROOT, check=True)
    head = (f"{FINGERPRINT_PREFIX}{fingerprint()}\n"
            f"# Written by `make lock` (scripts/lock.py); do not edit by hand.\n")
    out.write_text(head + out.read_text("utf-8"), "utf-8")


def main(argv: list[str]) -> int:
    if argv[1:] == ["--print"]:
        print(fingerprint())
        return 0
    _compile(DEV_LOCK, DEV_EXTRAS, None)
    _compile(RUN_LOCK, (), DEV_LOCK)
    print(f"wrote {DEV_LOCK.relative_to(ROOT)} and {RUN_LOCK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
