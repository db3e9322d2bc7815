"""What a claim's verdict under a mutant depends on besides the mutant itself, in four parts the ledger records.

A recorded row's fingerprint covers each covering claim's inputs:

- `own`: the claim's own function (its statement, rules, examples);
- `reads`: the skeletons (constants, tables, imports) of the modules its
  witness can import (`caching.readable_modules`);
- `runs`: which functions it executed on the original code (its reach);
- `code`: the source of each of those functions (rules, fixtures,
  stand-ins, strategies).

The ledger keeps each claim's parts as recorded (`claim-inputs.jsonl`), so
when a row's fingerprint no longer matches, the gate can say which part
moved: a code change (`own`, `reads`, `code`) may change what kills a
mutant; `runs` alone moving, with no code changed, means the same code
executed other functions (the dependencies drew other examples, or the
reach depends on something it must not).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from attrs import frozen

from claims._internal.caching import reach
from claims._internal.caching.fingerprint import Sources
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.declare import Claim
from claims._internal.mutation.evidence import digest
from claims._internal.mutation.recorded import PART_NAMES

if TYPE_CHECKING:
    from claims._internal.mutation.plan import Baseline

PARTS = PART_NAMES
PART_WORDS = {
    "own": "the claim {claim} itself",
    "reads": "the constants and tables {claim} can read",
    "runs": "which functions {claim} executes",
    "code": "a function {claim} executes",
}
CODE_PARTS = frozenset({"own", "reads", "code"})


@frozen
class ClaimInputs:
    """One claim's inputs, each part a short digest."""

    own: str
    reads: str
    runs: str
    code: str

    def digest(self) -> str:
        """Return the digest a row's fingerprint covers for this claim."""
        return digest(self.own, self.reads, self.runs, self.code)

    def parts(self) -> tuple[str, ...]:
        """Return the parts in `PARTS` order, as the ledger records them."""
        return (self.own, self.reads, self.runs, self.code)

    def moved(self, recorded: tuple[str, ...]) -> tuple[str, ...]:
        """Name the parts that differ from a recorded reading, in `PARTS` order."""
        return tuple(part for part, now, then in zip(PARTS, self.parts(), recorded, strict=True) if now != then)


MISSING = ClaimInputs("missing", "missing", "missing", "missing")
"""The inputs of a claim no longer declared: no recorded row can match them."""


class ClaimDigests:
    """Read, once per claim, what its verdict under a mutant depends on besides the mutant (see the module).

    A mutant's row covers the digest of each covering claim, so a change to a fixture a claim runs (a stand-in
    that gains an `encoding`) reruns the rows it could turn, instead of leaving a kill recorded that the claim no
    longer makes.
    """

    def __init__(self, by_id: Mapping[str, Claim], sources: Sources, baseline: Baseline, imported: ImportReach) -> None:
        self.by_id, self.sources, self.baseline, self.imported = by_id, sources, baseline, imported
        self._inputs: dict[str, ClaimInputs] = {}
        self._digests: dict[str, str] = {}
        self._skeletons: dict[str, str] = {}

    def inputs(self, claim_id: str) -> ClaimInputs:
        """Return one claim's inputs (`MISSING` for a claim no longer declared)."""
        found = self._inputs.get(claim_id)
        if found is None:
            found = self._inputs[claim_id] = self._read(claim_id)
        return found

    def of(self, claim_id: str) -> str:
        """Return the digest of one claim's inputs."""
        found = self._digests.get(claim_id)
        if found is None:
            found = self._digests[claim_id] = self.inputs(claim_id).digest()
        return found

    def _read(self, claim_id: str) -> ClaimInputs:
        claim = self.by_id.get(claim_id)
        if claim is None:
            return MISSING
        if claim.witness not in self._skeletons:
            self._skeletons[claim.witness] = self.imported.skeletons_for([claim.witness], self.sources)
        keys = sorted(self.baseline.executed.get(claim_id, frozenset()))
        own = self.sources.function(reach.function_key(getattr(claim.fn, "__module__", "?"), claim.name))
        return ClaimInputs(
            own=digest(own),
            reads=digest(self._skeletons[claim.witness]),
            runs=digest(*keys),
            code=digest(*(f"{key}={self.sources.function(key)}" for key in keys)),
        )
