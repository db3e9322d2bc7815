"""The project's own CI installs one locked dependency set: every package the test extra needs, pinned with hashes.

The evidence in ledger/ is observed under the versions installed (a
hypothesis release draws other examples, and with them other reach), so
`.ci/run` and the README's commands install `requirements.lock`, which
`bash .ci/lock` refreshes; the framework's own requirements stay ranges.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from claims._internal.caching.environment import installed_closure, normalised

ROOT = Path(__file__).resolve().parents[1]


def locked() -> dict[str, tuple[str, list[str]]]:
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8").replace("\\\n", " ")
    found = {}
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9._-]+)==(\S+)\s*(.*)$", line)
        if match:
            name, version, rest = match.groups()
            found[normalised(name)] = (version, re.findall(r"--hash=sha256:([0-9a-f]{64})", rest))
    return found


def test_every_package_is_pinned_with_a_hash() -> None:
    pins = locked()
    assert pins and all(hashes for _, hashes in pins.values()), [n for n, (_, h) in pins.items() if not h]


def test_the_lock_covers_everything_the_test_extra_installs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    roots = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    names = [re.match(r"[A-Za-z0-9._-]+", r).group(0) for r in roots]  # type: ignore[union-attr]
    closure = installed_closure(names)
    missing = sorted(set(closure) - set(locked()))
    assert not missing, f"requirements.lock lacks {missing}: run `bash .ci/lock`"


def test_ci_and_the_readme_install_the_lock() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python -m pip install --no-compile -r requirements.lock" in ci
    assert readme.count("python -m pip install -r requirements.lock && python -m pip install --no-deps -e .") >= 2
    assert "bash .ci/lock" in readme
