"""Mutants in code review: scope a run to a diff, and say its survivors where a reviewer looks (SARIF).

`mutant_scope` and `defect_scope` narrow a run to what `--since REF` found changed (see `since`); the
findings are the run's surviving mutants on changed lines (an error, a warning when admitted untriaged)
and the explanations added since the base (a note with the reason), each at the mutation's place.
"""

from __future__ import annotations

import subprocess
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from claims._internal.caching.fingerprint import package_files
from claims._internal.config import Config
from claims._internal.declare import Claim
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, MutantRow
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.since import Scope
from claims._internal.mutation.survivors import equivalent_path
from claims._internal.reports.sarif import Finding

CLAIMS_NAMED = 5


def module_files(packages: Iterable[str], root: Path) -> list[tuple[str, Path]]:
    """Return every module of the packages with its file."""
    return [item for package in packages for item in package_files(package, root)]


def scoped_mutants(mutants: Sequence[Mutant], scope: Scope) -> list[Mutant]:
    """Keep the mutants of changed function-likes that sit on a changed line."""
    return [m for m in mutants if scope.holds_lines(m.module, m.function, m.line, m.end_line)]


def _split(target: str, modules: Iterable[str]) -> tuple[str, str] | None:
    """Split a dotted target into its module (the longest known one) and its qualified name."""
    known = sorted((m for m in modules if target.startswith(m + ".")), key=len, reverse=True)
    return (known[0], target[len(known[0]) + 1 :]) if known else None


def scoped_defects(seeded: Sequence[Seeded], claims: Mapping[str, Claim], scope: Scope) -> list[Seeded]:
    """Keep the defects whose targets, declarations or named claims (must_red, must_green) changed."""
    modules = list(scope.changed)
    return [one for one in seeded if _changed_for(one, claims, scope, modules)]


def _changed_for(one: Seeded, claims: Mapping[str, Claim], scope: Scope, modules: Sequence[str]) -> bool:
    """Decide whether a defect's targets, its declaration or a claim it names is among the changes."""
    return (
        _targets_changed(one, scope, modules)
        or any(scope.holds_unit(module, one.id) for module in modules)
        or _named_claims_changed(one, claims, scope)
    )


def _targets_changed(one: Seeded, scope: Scope, modules: Sequence[str]) -> bool:
    """Decide whether one of a defect's targets is a changed unit."""
    targets = [_split(t, modules) for t in one.targets]
    return any(t is not None and scope.holds_unit(*t) for t in targets)


def _named_claims_changed(one: Seeded, claims: Mapping[str, Claim], scope: Scope) -> bool:
    """Decide whether a claim a defect names (must_red, must_green) changed."""
    named = [claims[c] for c in sorted(one.must_red | one.must_green) if c in claims]
    return any(scope.holds_unit(c.fn.__module__, c.fn.__qualname__) for c in named)


def explained_at(root: Path, base: str, path: Path) -> frozenset[str]:
    """Return the mutant ids the explanations file held at the base commit (none when it did not exist)."""
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, text=True)
    if top.returncode != 0:
        return frozenset()
    relative = path.resolve().relative_to(Path(top.stdout.strip()).resolve()).as_posix()
    shown = subprocess.run(["git", "show", f"{base}:{relative}"], cwd=root, capture_output=True, text=True)
    if shown.returncode != 0:
        return frozenset()
    try:
        entries = tomllib.loads(shown.stdout).get("equivalent", [])
    except tomllib.TOMLDecodeError:
        return frozenset()
    return frozenset(e["mutant"] for e in entries if isinstance(e, dict) and isinstance(e.get("mutant"), str))


def _covering(evidence: Evidence, mutant: Mutant) -> str:
    row = evidence.functions.get(f"{mutant.module}:{mutant.function}")
    claims = sorted(row.claims) if row else []
    if not claims:
        return "no claim executes it"
    named = ", ".join(claims[:CLAIMS_NAMED])
    more = f" and {len(claims) - CLAIMS_NAMED} more" if len(claims) > CLAIMS_NAMED else ""
    return f"covered by {len(claims)} claim(s): {named}{more}"


def findings(
    mutants: Sequence[Mutant],
    rows: Mapping[str, MutantRow],
    evidence: Evidence,
    paths: Mapping[str, str],
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
    explained_before: frozenset[str] | None,
) -> list[Finding]:
    """Return a finding per surviving mutant (an error, or a warning when admitted untriaged) and per newly explained one.

    `paths` gives each module's file relative to the repository's root; `explained_before` the explanations at
    the base (None: no base, so no explanation counts as new).
    """
    found = []
    for mutant in mutants:
        row = rows.get(mutant.id)
        if row is None or row.status == "killed" or mutant.module not in paths:
            continue
        said = _said(mutant, row, evidence, equivalent, untriaged, explained_before)
        if said is not None:
            found.append(_finding(mutant, *said, paths[mutant.module]))
    return found


def _said(
    mutant: Mutant,
    row: MutantRow,
    evidence: Evidence,
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
    explained_before: frozenset[str] | None,
) -> tuple[str, str] | None:
    """Decide a surviving mutant's finding level and text, or None when it is explained and not newly so."""
    diff = f"`{mutant.original}` -> `{mutant.replacement}`"
    if mutant.id in equivalent:
        if explained_before is None or mutant.id in explained_before:
            return None
        return "note", f"{diff} survives, explained: {equivalent[mutant.id]}"
    level = "warning" if mutant.id in untriaged else "error"
    admitted = " (admitted untriaged)" if mutant.id in untriaged else ""
    return level, f"{diff} {row.status}{admitted}: no claim turned red; {_covering(evidence, mutant)}"


def _finding(mutant: Mutant, level: str, text: str, path: str) -> Finding:
    """Place a mutant's finding at its mutation in the file, in SARIF's terms."""
    return Finding(
        rule=mutant.operator,
        rule_text=f"a mutant made by {mutant.operator} that no claim detects",
        level=level,
        message=f"{mutant.id}: {text}",
        path=path,
        line=mutant.line,
        column=mutant.column + 1,  # SARIF counts columns from 1, the generator from 0
        end_line=mutant.end_line,
        end_column=mutant.end_column + 1,
        identity=mutant.id,
    )


def repository_paths(modules: Iterable[tuple[str, Path]], root: Path) -> dict[str, str]:
    """Return each module's file relative to the repository's root (the project's root outside git)."""
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, text=True)
    base = Path(top.stdout.strip()).resolve() if top.returncode == 0 else root.resolve()
    out = {}
    for module, path in modules:
        resolved = path.resolve()
        if resolved.is_relative_to(base):
            out[module] = resolved.relative_to(base).as_posix()
    return out


def review_findings(
    config: Config,
    scope: Scope | None,
    mutants: Sequence[Mutant],
    rows: Mapping[str, MutantRow],
    evidence: Evidence,
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
) -> list[Finding]:
    """Return a run's findings, its explanations counted new against the base of `--since` (none without it)."""
    modules = module_files(config.typecheck, config.root)
    before = explained_at(config.root, scope.base, equivalent_path(config)) if scope else None
    return findings(mutants, rows, evidence, repository_paths(modules, config.root), equivalent, untriaged, before)
