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
from importlib.machinery import ModuleSpec
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


_KNOWN_KEYS = frozenset(
    {
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
)


def _read_table(path: Path) -> dict[str, object]:
    """Decide the `[tool.claims]` table of a pyproject file, refusing a file that has no readable one."""
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))["tool"]["claims"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise ConfigError(
            f"{path}: expected a readable TOML file with a [tool.claims] table, got {type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.claims] must be a table")
    return table


def _unknown_keys(table: dict[str, object], problems: list[str], path: Path) -> None:
    """Decide whether the table holds keys the framework does not know (a problem noted if so)."""
    unknown = sorted(set(table) - _KNOWN_KEYS)
    if unknown:
        problems.append(
            f"{path}: [tool.claims]: unknown key(s) {', '.join(unknown)}; "
            f"expected some of {', '.join(sorted(_KNOWN_KEYS))}"
        )


def _ledger(table: dict[str, object], problems: list[str], path: Path) -> str:
    """Decide the ledger folder's name: a non-empty string, else `ledger` (a problem noted)."""
    ledger = table.get("ledger", "ledger")
    if not isinstance(ledger, str) or not ledger:
        problems.append(f"{path}: [tool.claims].ledger: expected a folder name, got {ledger!r}")
        return "ledger"
    return ledger


def _timeout(table: dict[str, object], problems: list[str], path: Path) -> float:
    """Decide the per-claim timeout: a positive finite number of seconds, else the default (a problem noted)."""
    timeout = table.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < float("inf"):
        problems.append(f"{path}: [tool.claims].timeout: expected a positive number of seconds, got {timeout!r}")
        return DEFAULT_TIMEOUT
    return float(timeout)


def _plugins(table: dict[str, object], problems: list[str], path: Path) -> bool:
    """Decide whether hypothesis plugins load: a boolean, else true (a problem noted)."""
    plugins = table.get("hypothesis_plugins", True)
    if not isinstance(plugins, bool):
        problems.append(f"{path}: [tool.claims].hypothesis_plugins: expected true or false, got {plugins!r}")
        return True
    return plugins


def _probe(table: dict[str, object], problems: list[str], path: Path) -> tuple[str, ...]:
    """Decide which mutation kinds probe first: distinct known kinds, else none (a problem noted)."""
    probe = table.get("probe", [])
    if not isinstance(probe, list) or not set(probe) <= set(PROBE_KINDS) or len(set(probe)) != len(probe):
        problems.append(
            f"{path}: [tool.claims].probe: expected a list of distinct mutation kinds among "
            f"{', '.join(map(repr, PROBE_KINDS))}, got {probe!r}"
        )
        return ()
    return tuple(probe)


def _narrowed(
    table: dict[str, object], typecheck: tuple[str, ...], problems: list[str], path: Path
) -> dict[str, tuple[str, ...]]:
    """Decide the `mutate` and `typecheck_exclude` scopes, noting names outside the `typecheck` packages."""
    narrowed = {key: _names(table, key, (), problems, path) for key in ("mutate", "typecheck_exclude")}
    for key, names in narrowed.items():
        outside = [n for n in names if not _within(n, typecheck)]
        if outside:
            problems.append(
                f"{path}: [tool.claims].{key}: {', '.join(map(repr, outside))} is not a module or package of the "
                f"rule packages [tool.claims].typecheck = {list(typecheck)!r}, where code is instrumented"
            )
    return narrowed


def _config_path(start: Path | None) -> Path:
    """Decide which pyproject.toml configures the run: `CLAIMS_PYPROJECT`, else the nearest with a table."""
    override = os.environ.get("CLAIMS_PYPROJECT")
    return Path(override).resolve() if override else find_pyproject(Path.cwd() if start is None else start)


def _parse_config(path: Path, table: dict[str, object], problems: list[str]) -> Config:
    """Decide the configuration a table describes, noting each problem (in the table's order) as it goes."""
    _unknown_keys(table, problems, path)
    ledger = _ledger(table, problems, path)
    timeout = _timeout(table, problems, path)
    plugins = _plugins(table, problems, path)
    probe = _probe(table, problems, path)
    typecheck = _names(table, "typecheck", (), problems, path)
    narrowed = _narrowed(table, typecheck, problems, path)
    return Config(
        root=path.parent.resolve(),
        witnesses=_names(table, "witnesses", ("witnesses",), problems, path),
        typecheck=typecheck,
        mutations=_names(table, "mutations", (), problems, path),
        ledger=path.parent.resolve() / ledger,
        timeout=timeout,
        immutable=_names(table, "immutable", typecheck, problems, path),
        mutable_allowed=_names(table, "mutable_allowed", (), problems, path),
        hypothesis_plugins=plugins,
        probe=probe,
        mutate=narrowed["mutate"],
        typecheck_exclude=narrowed["typecheck_exclude"],
    )


def load_config(start: Path | None = None) -> Config:
    """Load the configuration (every problem listed, located), and put the project first on sys.path."""
    path = _config_path(start)
    problems: list[str] = []
    config = _parse_config(path, _read_table(path), problems)
    if problems:
        raise ConfigError("\n".join(problems))
    # Every command writes its caches there: a file or a dangling link in the way is said once, here, not as a traceback.
    check_folder(config.cache, "the folder of machine-local caches")
    put_first(project_paths(config.root))
    return config


def _find_spec(package: str) -> ModuleSpec | None:
    """Decide the import spec of a package, or none when it cannot be found (or its name is not importable)."""
    import importlib.util

    try:
        return importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None


def _package_locations(package: str) -> tuple[bool, list[Path]]:
    """Decide whether a witness package is found, and where: its folders, else the file it comes from."""
    spec = _find_spec(package)
    locations = [Path(p).resolve() for p in (spec.submodule_search_locations or [])] if spec else []
    if spec is None or (spec.origin is None and not locations):
        return False, []
    return True, locations or [Path(spec.origin or "").resolve()]


def _within_project(where: list[Path], inside: list[Path]) -> bool:
    """Decide whether any of a package's locations lies in one of the project's import folders."""
    return any(folder == base or base in folder.parents for folder in where for base in inside)


def _witness_package_problem(package: str, config: Config, inside: list[Path]) -> str | None:
    """Decide what is wrong with one witness package, if anything: missing, or outside this project."""
    found, where = _package_locations(package)
    if not found:
        return f"[tool.claims].witnesses names {package!r}, which is not a package of this project (no {package.replace('.', '/')}/__init__.py under {config.root})"
    if not _within_project(where, inside):
        return f"[tool.claims].witnesses names {package!r}, which resolves to {where[0]}, outside this project ({config.root}); rename your package or fix the table"
    return None


def check_witness_packages(config: Config) -> None:
    """Refuse witness packages that do not exist in this project: never run somebody else's claims."""
    inside = [folder.resolve() for folder in project_paths(config.root)]
    problems = [
        problem
        for package in config.witnesses
        if (problem := _witness_package_problem(package, config, inside)) is not None
    ]
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
