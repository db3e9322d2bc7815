"""Read `[tool.claims]` from the project's pyproject.toml.

The table names the witness packages, the packages type-checked at run time,
the declared-defect packages, the ledger folder and the per-claim timeout, so
the framework can be pointed at any project's own domain.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from attrs import frozen

from claims.errors import ConfigError

DEFAULT_TIMEOUT = 20.0


@frozen
class Config:
    """Hold what `[tool.claims]` says, with the project root it was read from."""

    root: Path
    witnesses: tuple[str, ...]
    typecheck: tuple[str, ...]
    mutations: tuple[str, ...]
    ledger: Path
    timeout: float

    @property
    def snapshots(self) -> Path:
        """Return the folder holding byte-identity snapshots."""
        return self.ledger / "snapshots"

    @property
    def cache(self) -> Path:
        """Return the folder of machine-local caches (never committed): results, bytecode, mutants."""
        return self.root / ".claims-cache"


def find_pyproject(start: Path) -> Path:
    """Return the nearest pyproject.toml at or above `start` that has a `[tool.claims]` table."""
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as exc:
                raise ConfigError(f"{candidate}: not valid TOML: {exc}") from exc
            if "claims" in data.get("tool", {}):
                return candidate
    raise ConfigError(
        f"no pyproject.toml with a [tool.claims] table at or above {start}; "
        "run from the project root or add one (see README: Configuration)"
    )


def _names(table: dict[str, object], key: str, default: tuple[str, ...], path: Path) -> tuple[str, ...]:
    value = table.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{path}: [tool.claims].{key}: expected a list of package names, got {value!r}")
    return tuple(value)


def load_config(start: Path | None = None) -> Config:
    """Load the configuration, and put the project root on sys.path so its packages import."""
    override = os.environ.get("CLAIMS_PYPROJECT")
    path = Path(override) if override else find_pyproject(Path.cwd() if start is None else start)
    table = tomllib.loads(path.read_text(encoding="utf-8"))["tool"]["claims"]
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.claims] must be a table")
    known = {"witnesses", "typecheck", "mutations", "ledger", "timeout"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(f"{path}: [tool.claims]: unknown key(s) {', '.join(unknown)}; expected some of {', '.join(sorted(known))}")
    ledger = table.get("ledger", "ledger")
    if not isinstance(ledger, str) or not ledger:
        raise ConfigError(f"{path}: [tool.claims].ledger: expected a folder name, got {ledger!r}")
    timeout = table.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise ConfigError(f"{path}: [tool.claims].timeout: expected a positive number of seconds, got {timeout!r}")
    root = path.parent.resolve()
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return Config(
        root=root,
        witnesses=_names(table, "witnesses", ("witnesses",), path),
        typecheck=_names(table, "typecheck", (), path),
        mutations=_names(table, "mutations", (), path),
        ledger=root / ledger,
        timeout=float(timeout),
    )
