"""Name the environment evidence is observed under: the Python minor version and the installed dependency set.

A row's fingerprint covers the project's code, not the installed versions:
a new release of a dependency leaves most rows exactly as they were, and
restamping every row for it would bury the few that moved.  But the
versions do decide some of what a claim executes (hypothesis draws other
examples from release to release), so the ledger records the set it was
observed under (`recorded-under.json`) and the gate compares it with what
is installed: when rows moved with no code changed, one line names the
packages whose versions differ instead of listing hundreds of rows.

The set is the closure of the framework's requirements and the project's
own (`[project].dependencies` in its pyproject.toml), as installed.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from attrs import frozen

FRAMEWORK = "typed-claims"
FALLBACK = ("attrs", "cattrs", "hypothesis", "typeguard", "mutmut", "pytest")
"""The framework's requirements when it runs from a source tree with no distribution installed."""


@frozen
class Environment:
    """A Python minor version and the versions of a dependency set, by normalised distribution name.

    Recorded beside evidence, `sources` is also the digest of the rule and witness modules some claim can read, as
    they were then (`Sources.tree`): when it still holds, no code changed since, so rows that moved moved with
    what the code executes alone.
    """

    python: str
    packages: Mapping[str, str]
    sources: str = ""

    def plain(self) -> dict[str, object]:
        return {"python": self.python, "packages": dict(sorted(self.packages.items())), "sources": self.sources}


def python_version() -> str:
    """Return the interpreter and its minor version (`cpython-3.11`): a patch release changes no evidence."""
    return f"{sys.implementation.name}-{sys.version_info.major}.{sys.version_info.minor}"


def normalised(name: str) -> str:
    """Return a distribution name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement(text: str) -> str | None:
    """Return the name a requirement string installs, or None for one only an extra asks for or this Python skips."""
    try:
        from packaging.requirements import InvalidRequirement, Requirement
    except ImportError:  # pragma: no cover - packaging comes with pytest
        if "extra ==" in text or "extra==" in text:
            return None
        found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", text)
        return found.group(1) if found else None
    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        return None
    if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
        return None
    return requirement.name


def _requires(name: str) -> list[str]:
    try:
        listed = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return [n for n in (_requirement(r) for r in listed) if n]


def installed_closure(roots: Iterable[str]) -> dict[str, str]:
    """Return the installed version of every distribution the roots require, transitively ("absent" when not)."""
    found: dict[str, str] = {}
    queue = [normalised(r) for r in roots]
    while queue:
        name = queue.pop()
        if name in found:
            continue
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found[name] = "absent"
            continue
        queue.extend(normalised(r) for r in _requires(name))
    return found


def project_requirements(root: Path) -> list[str]:
    """Return the names the project's pyproject.toml lists in `[project].dependencies` (none when it has no table)."""
    try:
        data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    listed = data.get("project", {}).get("dependencies", []) if isinstance(data.get("project"), dict) else []
    return [n for n in (_requirement(r) for r in listed if isinstance(r, str)) if n]


def current(root: Path) -> Environment:
    """Return the environment this process runs in, for the project at `root`."""
    try:
        importlib.metadata.version(FRAMEWORK)
        roots = [FRAMEWORK]
    except importlib.metadata.PackageNotFoundError:
        roots = list(FALLBACK)
    packages = installed_closure([*roots, *project_requirements(root)])
    packages.pop(FRAMEWORK, None)  # the framework's own source is the project's code, fingerprinted as such
    return Environment(python_version(), packages)


def differences(recorded: Environment, now: Environment) -> list[str]:
    """Say, one item per difference, how the current environment differs from a recorded one."""
    found = []
    if recorded.python != now.python:
        found.append(f"Python {recorded.python} -> {now.python}")
    for name in sorted(set(recorded.packages) | set(now.packages)):
        before, after = recorded.packages.get(name, "absent"), now.packages.get(name, "absent")
        if before != after:
            found.append(f"{name} {before} -> {after}")
    return found
