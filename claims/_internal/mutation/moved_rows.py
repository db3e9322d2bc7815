"""Say, for recorded rows whose fingerprints no longer hold, which of their inputs moved: code, or only reach.

A row moved with code when a function, a claim or a module's constants it
covers changed (named, so the gate can say which); it moved with reach
alone when no code changed and only which functions its covering claims
execute did (`staleness` says why that differs, and words it for the gate).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from attrs import frozen

from claims._internal.caching.fingerprint import Sources
from claims._internal.declare import Claim
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence
from claims._internal.mutation.inputs import CODE_PARTS, PART_WORDS, ClaimDigests
from claims._internal.mutation.plan import (
    Baseline,
    defect_covering,
    defect_prints,
    function_row,
    holds,
    mutant_prints,
)


@frozen
class Moved:
    """Why one row's fingerprint moved: code it covers (named), and claims whose reach alone moved."""

    subject: str
    kind: str
    code: tuple[str, ...]
    runs: frozenset[str]


class Inputs:
    """Compare each covering claim's inputs now with those its kind's rows were recorded under.

    When no module changed since the evidence was recorded (`Environment.sources`), whatever moved moved with what
    the claims execute alone: the source of a function a claim now executes is new to its digest, not changed.
    """

    def __init__(self, evidence: Evidence, digests: ClaimDigests) -> None:
        self.evidence, self.digests = evidence, digests
        recorded = evidence.environment.sources if evidence.environment is not None else ""
        readable = digests.imported.readable_by_any(digests.sources)
        self.untouched = bool(recorded) and recorded == digests.sources.tree(readable)

    def moved(self, kind: str, covering: Iterable[str]) -> tuple[list[str], set[str]]:
        """Return (what code moved, in words; the claims whose executed functions alone moved)."""
        recorded = self.evidence.inputs.get(kind, {})
        code: list[str] = []
        runs: set[str] = set()
        for claim_id in sorted(covering):
            then = recorded.get(claim_id)
            if then is None:
                continue  # no inputs recorded for it: the covering set, or an older ledger, says why
            parts = self.digests.inputs(claim_id).moved(then)
            changed = self._code_parts(parts)
            code += self._code_words(claim_id, changed)
            if parts and not changed:
                runs.add(claim_id)
        return code, runs

    def _code_parts(self, parts: Sequence[str]) -> list[str]:
        """Decide which of a claim's moved parts are code (none when no module changed since recording)."""
        return [] if self.untouched else [p for p in parts if p in CODE_PARTS]

    def _code_words(self, claim_id: str, changed: Sequence[str]) -> list[str]:
        """Say in words what code moved under a claim: each changed rule's source, else the part itself."""
        words: list[str] = []
        for part in changed:
            rules = self.changed_rules(claim_id) if part == "code" else []
            words += rules or [PART_WORDS[part].format(claim=claim_id)]
        return words

    def changed_rules(self, claim_id: str) -> list[str]:
        """Name the recorded rules a claim executes whose source changed since they were recorded."""
        found = []
        for key in sorted(self.digests.baseline.executed.get(claim_id, frozenset())):
            row = self.evidence.functions.get(key)
            if row is not None and self.digests.sources.function(key)[:12] != row.source:
                found.append(f"the source of {key}")
        return found


def moved_mutants(
    evidence: Evidence,
    baseline: Baseline,
    sources: Sources,
    digests: ClaimDigests,
    inputs: Inputs,
    only: set[str] | None = None,
) -> Iterable[Moved]:
    """Say, for each automatic mutant row (of `only`, if given) whose fingerprint no longer holds, what moved."""
    for mutant_id, mutant in sorted(evidence.mutants.items()):
        if only is not None and mutant_id not in only:
            continue
        covering = baseline.covering_function(mutant.module, mutant.function)
        made = mutant_prints(
            mutant.module, mutant.name, mutant.function, mutant.operator, covering, digests, sources, mutant.change
        )
        if holds(mutant.fingerprint, made, covering, evidence.inputs.get("auto", {}), digests):
            continue
        code, runs = inputs.moved("auto", covering)
        row = evidence.functions.get(f"{mutant.module}:{mutant.function}")
        now = function_row(mutant.module, mutant.function, baseline, sources)
        if row is None or row.source != now.source:
            code.insert(0, f"the source of {mutant.module}:{mutant.function}")
        elif set(row.claims) != set(now.claims):
            if inputs.untouched:  # no code changed: other claims reach it now
                runs |= set(row.claims) ^ set(now.claims)
            else:
                code.insert(0, f"the claims covering {mutant.module}:{mutant.function}")
        yield Moved(mutant_id, "auto", tuple(code), frozenset(runs))


def moved_defects(
    evidence: Evidence,
    declared: Mapping[str, Seeded],
    baseline: Baseline,
    claims: Mapping[str, Claim],
    sources: Sources,
    digests: ClaimDigests,
    inputs: Inputs,
    only: set[str] | None = None,
) -> Iterable[Moved]:
    """Say, for each declared defect's row (of `only`, if given) whose fingerprint no longer holds, what moved."""
    every = list(claims.values())
    for defect_id, row in sorted(evidence.defects.items()):
        one = declared.get(defect_id)
        if one is None or (only is not None and defect_id not in only):
            continue
        covering = defect_covering(one, baseline, every, sources.text)
        made = defect_prints(one, covering, digests, sources)
        if holds(row.fingerprint, made, covering, evidence.inputs.get("declared", {}), digests):
            continue
        code, runs = inputs.moved("declared", covering)
        if not code and not runs:
            code = ["its rule, its patch or wrapper, or which claims it runs"]
        yield Moved(defect_id, "declared", tuple(code), frozenset(runs))
