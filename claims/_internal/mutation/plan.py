"""Plan mutation runs from the green baseline: which claims each mutant or defect must run, their limits, fingerprints.

The baseline is each claim's reach (the statements it executed) and clean
duration, taken from the result cache the gate (or any run) wrote, so the
claims run once per CI job.  A mutant runs only the claims that executed
its mutated statement; a defect, the claims that executed a statement its
patch changes, or one of its rules for a wrapper (within its scope).  A
claim gets ten times its clean duration (at least a second, at most the
configured timeout).
"""

from __future__ import annotations

import fnmatch
import hashlib
import inspect
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from attrs import field, frozen

from claims._internal import dotted
from claims._internal.caching import reach
from claims._internal.caching.fingerprint import Sources
from claims._internal.declare import Claim
from claims._internal.mutation.defects import Defect, Seeded
from claims._internal.mutation.evidence import ENGINE, FunctionRow, claim_key, digest
from claims._internal.mutation.generate import GENERATOR
from claims._internal.mutation.inputs import ClaimDigests
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.patched_lines import patched_statements
from claims._internal.select import matches


@frozen
class Baseline:
    """Each green claim's clean duration and reach, indexed by statement and by function."""

    durations: dict[str, float]
    by_statement: dict[str, frozenset[str]]
    by_function: dict[str, frozenset[str]]
    executed: dict[str, frozenset[str]] = field(factory=dict)  # claim id -> the functions (`module:qualname`) it ran

    @classmethod
    def of(cls, durations: Mapping[str, float], reached: Mapping[str, Sequence[str]]) -> Baseline:
        statements: dict[str, set[str]] = {}
        functions: dict[str, set[str]] = {}
        for claim_id, keys in reached.items():
            for key in keys:
                statements.setdefault(key, set()).add(claim_id)
                functions.setdefault(key.rpartition(":")[0], set()).add(claim_id)
        return cls(
            dict(durations),
            {k: frozenset(v) for k, v in statements.items()},
            {k: frozenset(v) for k, v in functions.items()},
            {claim_id: reach.functions_of(keys) for claim_id, keys in reached.items()},
        )

    def covering_function(self, module: str, function: str) -> frozenset[str]:
        """Return the claims that executed any statement of a function."""
        return self.by_function.get(reach.function_key(module, function), frozenset())

    def covering_mutant(self, mutant: Mutant) -> frozenset[str]:
        """Return the claims that executed the mutated statement (the whole function for a signature-line mutant)."""
        if mutant.offset <= 0:
            return self.covering_function(mutant.module, mutant.function)
        return self.by_statement.get(reach.statement_key(mutant.module, mutant.function, mutant.offset), frozenset())


def claim_limit(duration: float, ceiling: float) -> float:
    """Give a claim ten times its clean duration (at least a second), never more than the configured timeout."""
    return min(ceiling, max(1.0, 10 * duration + 0.5))


def function_row(module: str, function: str, baseline: Baseline, sources: Sources) -> FunctionRow:
    """Return the current function row: its source digest and covering claims (sorted by key)."""
    covering = sorted(baseline.covering_function(module, function), key=claim_key)
    return FunctionRow(module, function, sources.function(reach.function_key(module, function))[:12], tuple(covering))


@frozen
class Prints:
    """A row's two fingerprints.

    `row` is what the row records: what the row is about (the mutated function's source and the mutation, or a
    defect's rules, patch or wrapper and scope), the operator, the engine, and which claims cover it.  Each
    covering claim's inputs (`ClaimDigests`) are recorded once, in the claims' table, not in every row they
    cover, so an edit restamps the claims it changed, not the thousands of rows those claims cover: a row holds
    while its own fingerprint and its covering claims' recorded inputs both do (`holds`).  `key` covers both at
    once: it names an observation in the cache and in shard files, where no table stands beside it.
    """

    row: str
    key: str


def mutant_prints(
    module: str,
    name: str,
    function: str,
    operator: str,
    covering: Iterable[str],
    claims: ClaimDigests,
    sources: Sources,
    change: str,
) -> Prints:
    """Fingerprint what produced a mutant's row: its function's source, the mutation itself (`Mutant.change`), the
    operator, the engine, the covering claims (and, in the key, their inputs).

    The row records the change, so the gate recomputes these without generating anything; a sweep, which
    generates, computes them from the mutant actually made.
    """
    source = sources.function(reach.function_key(module, function))
    own = (ENGINE, GENERATOR, module, name, operator, change, source)
    ids = sorted(covering)
    return Prints(digest(*own, *ids), digest(*own, *(f"{claim_id}={claims.of(claim_id)}" for claim_id in ids)))


def holds(
    recorded: str, prints: Prints, covering: Iterable[str], inputs: Mapping[str, tuple[str, ...]], claims: ClaimDigests
) -> bool:
    """Say whether a recorded row's fingerprint still holds: its own, and each covering claim's recorded inputs.

    A row whose fingerprint is the key was recorded before the claims' inputs were kept apart: it holds as well.
    """
    if recorded == prints.key:
        return True
    return recorded == prints.row and all(inputs.get(c) == claims.inputs(c).parts() for c in covering)


def _replacement_source(value: object) -> str:
    try:
        return hashlib.sha256(inspect.getsource(value).encode("utf-8")).hexdigest()  # type: ignore[arg-type]
    except (OSError, TypeError):
        return f"{getattr(value, '__module__', '?')}.{getattr(value, '__qualname__', repr(value))}"


def target_parts(target: str, is_module: Collection[str] | Callable[[str], bool]) -> tuple[str, str]:
    """Return a defect target's module and qualified name (`pkg.version.Version.parse` -> `pkg.version`,
    `Version.parse`), the module being the longest leading part that is one."""
    found = dotted.split(target, is_module)
    if found is None:
        module, _, function = target.rpartition(".")
        return module, function
    return found


def defect_prints(seeded: Seeded, covering: Iterable[str], claims: ClaimDigests, sources: Sources) -> Prints:
    """Fingerprint what produced a defect's row: its rules' sources, its patch or wrapper, its scope, the engine,
    the covering claims (and, in the key, their inputs: their source, what they executed, what they can read)."""
    parts = [ENGINE, seeded.id, *seeded.scope]
    for defect in seeded.defects:
        module, function = target_parts(defect.target, sources.modules)
        parts += [defect.target, sources.function(reach.function_key(module, function))]
        parts += list(defect.patch) if defect.patch else [_replacement_source(defect.replacement)]
    ids = sorted(covering)
    return Prints(digest(*parts, *ids), digest(*parts, *(f"{claim_id}={claims.of(claim_id)}" for claim_id in ids)))


def defect_covering(
    seeded: Seeded, baseline: Baseline, claims: Sequence[Claim], text_of: Callable[[str], str | None]
) -> frozenset[str]:
    """Return the claims a defect runs: those that executed one of its rules, within its scope.

    For a textual patch, only those that executed a statement it changes (`patched_lines`; `text_of` gives a
    module's current source, None when it cannot be read): a claim that never ran a changed line runs the rule
    exactly as the original does.  A wrapper, a patch that touches the signature or that does not apply, and a
    rule whose source cannot be read keep every claim that executed the rule.
    """
    found: set[str] = set()
    for defect in seeded.defects:
        found |= _member_covering(defect, baseline, text_of)
    if seeded.scope:
        found = {c.id for c in claims if c.id in found and any(matches(c, p) for p in seeded.scope)}
    return frozenset(found)


def _member_covering(defect: Defect, baseline: Baseline, text_of: Callable[[str], str | None]) -> set[str]:
    """Decide the claims one member of a defect runs: those that executed a statement its patch changes, or, when
    that cannot be told, every claim that executed its rule."""
    module, function = target_parts(defect.target, lambda m: text_of(m) is not None)
    offsets = _patched_offsets(defect, module, function, text_of)
    if offsets is None:
        return set(baseline.covering_function(module, function))
    found: set[str] = set()
    for offset in offsets:
        found |= baseline.by_statement.get(reach.statement_key(module, function, offset), frozenset())
    return found


def _patched_offsets(
    defect: Defect, module: str, function: str, text_of: Callable[[str], str | None]
) -> frozenset[int] | None:
    """Decide the statements a member's textual patch changes; None for a wrapper, an unreadable module or a patch
    that cannot be placed (`patched_statements`)."""
    text = text_of(module) if defect.patch is not None else None
    return None if text is None or defect.patch is None else patched_statements(text, function, *defect.patch)


def selects(mutant_id: str, pattern: str) -> bool:
    """Say whether a pattern selects a mutant: its id, a glob, its module (`domain.fit_wall`) or its rule's name
    (`domain.fit_wall.serving_arm_fits`, whose mutants are `domain.fit_wall.serving_arm_fits.<operator>_<digest>`)."""
    return mutant_id == pattern or mutant_id.startswith(pattern + ".") or fnmatch.fnmatchcase(mutant_id, pattern)


def may_select(module: str, patterns: Sequence[str]) -> bool:
    """Say whether any of the patterns can select a mutant of `module`, whose ids all start with `module.`.

    Each way `selects` matches needs the id to start with the pattern's text before its first wildcard, so a
    module whose prefix and that text disagree has no mutant any pattern selects.
    """
    stem = module + "."
    for pattern in patterns:
        literal = re.split(r"[*?\[]", pattern, maxsplit=1)[0]
        if literal.startswith(stem) or stem.startswith(literal):
            return True
    return False


def selected(ids: Sequence[str], patterns: Sequence[str]) -> list[str]:
    """Return the ids the patterns select (all of them without patterns)."""
    return [i for i in ids if not patterns or any(i == p or fnmatch.fnmatchcase(i, p) for p in patterns)]
