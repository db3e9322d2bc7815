"""Read `[tool.claims]` from the project's pyproject.toml.

The table names the witness packages, the packages type-checked at run time,
the declared-defect packages, the ledger folder, the per-claim timeout and
which mutation runs probe first, so the framework can be pointed at any
project's own domain.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from attrs import frozen

from claims._internal.special_files import check_folder
from claims.errors import ConfigError

DEFAULT_TIMEOUT = 20.0
PROBE_KINDS = ("declared", "auto")


@frozen
class Config:
    """Hold what `[tool.claims]` says, with the project root it was read from."""

    root: Path
    witnesses: tuple[str, ...]
    typecheck: tuple[str, ...]
    mutations: tuple[str, ...]
    ledger: Path
    timeout: float
    immutable: tuple[str, ...] = ()
    mutable_allowed: tuple[str, ...] = ()
    hypothesis_plugins: bool = True
    probe: tuple[str, ...] = ()  # the kinds of mutation run (`declared`, `auto`) that probe first by default
    mutate: tuple[str, ...] = ()
    """The modules and packages `mutate --auto` mutates; empty: every module of the `typecheck` packages."""
    typecheck_exclude: tuple[str, ...] = ()
    """Modules and packages of the `typecheck` packages whose run-time type checks are off (reach is still kept)."""

    def mutated(self, module: str) -> bool:
        """Say whether `mutate --auto` mutates a module: within the mutation scope."""
        return _within(module, self.mutate or self.typecheck)

    def checked(self, module: str) -> bool:
        """Say whether a module's public functions are type-checked at run time."""
        return _within(module, self.typecheck) and not _within(module, self.typecheck_exclude)

    @property
    def snapshots(self) -> Path:
        """Return the folder holding byte-identity snapshots."""
        return self.ledger / "snapshots"

    @property
    def cache(self) -> Path:
        """Return the folder of machine-local caches (never committed): results, bytecode, mutants."""
        return self.root / ".claims-cache"

    @property
    def caches(self) -> CachePaths:
        """Return every cache file and folder under `.claims-cache/`, each named in one place."""
        return CachePaths(self.cache)


@frozen
class CachePaths:
    """Every file and folder under `.claims-cache/`, named once: what each command may reuse on this machine."""

    folder: Path

    @property
    def results(self) -> Path:
        """The passes a run may reuse, with their fingerprints (`caching.passes`)."""
        return self.folder / "results.json"

    @property
    def sources(self) -> Path:
        """The digests of the modules' sources, kept beside the results (`fingerprint`)."""
        return self.folder / "sources.json"

    @property
    def bytecode(self) -> Path:
        """The import hook's transformed code (`loader`)."""
        return self.folder / "bytecode"

    @property
    def catalogue(self) -> Path:
        """What importing each witness module ran (`catalogue`)."""
        return self.folder / "catalogue.json"

    @property
    def witness_index(self) -> Path:
        """Which witness module declares which claims (`witness_index`)."""
        return self.folder / "witness-index.json"

    @property
    def mutant_tree(self) -> Path:
        """The generated tree of trampolined modules and their mutants (`mutation.generate`)."""
        return self.folder / "mutants" / "tree"

    @property
    def observed(self) -> Path:
        """Finished mutant observations by fingerprint, so Ctrl-C loses nothing (`mutation.sweep`)."""
        return self.folder / "mutants" / "observed.jsonl"


def _within(module: str, scope: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in scope)


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
        "run from the project root, add one (docs/commands.md: Configuration), or scaffold a project with `claim_batch init DIR`"
    )


def _names(
    table: dict[str, object], key: str, default: tuple[str, ...], problems: list[str], path: Path
) -> tuple[str, ...]:
    value = table.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        problems.append(f"{path}: [tool.claims].{key}: expected a list of package names, got {value!r}")
        return default
    return tuple(value)


def project_paths(root: Path) -> list[Path]:
    """Return the folders a project's packages import from: its root, and `src/` in a src layout."""
    return [root / "src", root] if (root / "src").is_dir() else [root]


def put_first(folders: list[Path]) -> None:
    """Put the project's folders first on sys.path (as pytest does its rootdir), so its packages win over installed ones."""
    for folder in reversed(folders):
        text = str(folder)
        while text in sys.path:
            sys.path.remove(text)
        sys.path.insert(0, text)


def load_config(start: Path | None = None) -> Config:
    """Load the configuration (every problem listed, located), and put the project first on sys.path."""
    override = os.environ.get("CLAIMS_PYPROJECT")
    path = Path(override).resolve() if override else find_pyproject(Path.cwd() if start is None else start)
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))["tool"]["claims"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise ConfigError(
            f"{path}: expected a readable TOML file with a [tool.claims] table, got {type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.claims] must be a table")
    problems: list[str] = []
    known = {
        "witnesses",
        "typecheck",
        "mutations",
        "ledger",
        "timeout",
        "immutable",
        "mutable_allowed",
        "hypothesis_plugins",
        "probe",
        "mutate",
        "typecheck_exclude",
    }
    unknown = sorted(set(table) - known)
    if unknown:
        problems.append(
            f"{path}: [tool.claims]: unknown key(s) {', '.join(unknown)}; expected some of {', '.join(sorted(known))}"
        )
    ledger = table.get("ledger", "ledger")
    if not isinstance(ledger, str) or not ledger:
        problems.append(f"{path}: [tool.claims].ledger: expected a folder name, got {ledger!r}")
        ledger = "ledger"
    timeout = table.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < float("inf"):
        problems.append(f"{path}: [tool.claims].timeout: expected a positive number of seconds, got {timeout!r}")
        timeout = DEFAULT_TIMEOUT
    plugins = table.get("hypothesis_plugins", True)
    if not isinstance(plugins, bool):
        problems.append(f"{path}: [tool.claims].hypothesis_plugins: expected true or false, got {plugins!r}")
        plugins = True
    probe = table.get("probe", [])
    if not isinstance(probe, list) or not set(probe) <= set(PROBE_KINDS) or len(set(probe)) != len(probe):
        problems.append(
            f"{path}: [tool.claims].probe: expected a list of distinct mutation kinds among "
            f"{', '.join(map(repr, PROBE_KINDS))}, got {probe!r}"
        )
        probe = []
    typecheck = _names(table, "typecheck", (), problems, path)
    narrowed = {key: _names(table, key, (), problems, path) for key in ("mutate", "typecheck_exclude")}
    for key, names in narrowed.items():
        outside = [n for n in names if not _within(n, typecheck)]
        if outside:
            problems.append(
                f"{path}: [tool.claims].{key}: {', '.join(map(repr, outside))} is not a module or package of the "
                f"rule packages [tool.claims].typecheck = {list(typecheck)!r}, where code is instrumented"
            )
    config = Config(
        root=path.parent.resolve(),
        witnesses=_names(table, "witnesses", ("witnesses",), problems, path),
        typecheck=typecheck,
        mutations=_names(table, "mutations", (), problems, path),
        ledger=path.parent.resolve() / ledger,
        timeout=float(timeout),
        immutable=_names(table, "immutable", typecheck, problems, path),
        mutable_allowed=_names(table, "mutable_allowed", (), problems, path),
        hypothesis_plugins=plugins,
        probe=tuple(probe),
        mutate=narrowed["mutate"],
        typecheck_exclude=narrowed["typecheck_exclude"],
    )
    if problems:
        raise ConfigError("\n".join(problems))
    # Every command writes its caches there: a file or a dangling link in the way is said once, here, not as a traceback.
    check_folder(config.cache, "the folder of machine-local caches")
    put_first(project_paths(config.root))
    return config


def check_witness_packages(config: Config) -> None:
    """Refuse witness packages that do not exist in this project: never run somebody else's claims."""
    import importlib.util

    problems = []
    inside = [folder.resolve() for folder in project_paths(config.root)]
    for package in config.witnesses:
        try:
            spec = importlib.util.find_spec(package)
        except (ImportError, ValueError):
            spec = None
        locations = [Path(p).resolve() for p in (spec.submodule_search_locations or [])] if spec else []
        if spec is None or (spec.origin is None and not locations):
            problems.append(
                f"[tool.claims].witnesses names {package!r}, which is not a package of this project (no {package.replace('.', '/')}/__init__.py under {config.root})"
            )
            continue
        where = locations or [Path(spec.origin or "").resolve()]
        if not any(folder == base or base in folder.parents for folder in where for base in inside):
            problems.append(
                f"[tool.claims].witnesses names {package!r}, which resolves to {where[0]}, outside this project ({config.root}); rename your package or fix the table"
            )
    if problems:
        raise ConfigError("\n".join(problems))


def shown_path(path: str | Path, root: Path) -> str:
    """Show a path in messages and rows: relative to the project root with forward slashes, else as given.

    The one place a path is shown: every command names a file the same way whatever the working folder.
    """
    found = Path(path)
    for candidate, base in ((found, root), (found.resolve(), root.resolve())):
        if candidate.is_absolute() == base.is_absolute() and candidate.is_relative_to(base):
            return candidate.relative_to(base).as_posix()
    return found.as_posix() if isinstance(path, Path) else str(path)
