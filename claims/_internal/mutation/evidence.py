"""The kill evidence: what every declared defect and automatic mutant turned red, as committed rows.

`ledger/evidence/<module path>.jsonl` mirrors each rule module
(`domain/fit_wall.py` -> `ledger/evidence/domain/fit_wall.jsonl`), one JSON
object per line, in a fixed order:

    {"fn": "serving_arm_admits_under", "src": "<source digest>", "claims": ["k3v9qa", ...]}
    {"mutant": "serving_arm_admits_under.number_3f0c9a1d", "op": "mutmut.number", "fp": "...", "n": 5,
     "chg": "<mutation digest>", "F": [0, 4], "E": [2], "TC": [2]}
    {"defect": "spark.zero_engram_allowance", "targets": ["domain.fit_wall.x"], "fp": "...", "F": ["k3v9qa"]}

A function row lists the claims covering that function by their short key
(`claim_key`); a mutant row says how many claims executed its statement
(`n`; 0 means uncovered) and names its killers by index into that list: F
failed by assertion, E errored (crashed), TC of those the type contract, TO
timed out, X ended their worker.  A defect row names its killers by key.
A mutant is named within its module by its function and what it changes
(`identity`), so its name survives an edit elsewhere; `chg` digests the
mutant's whole copy of its function, which any edit of the function moves.
`fp` is the row's fingerprint: what produced it (the mutated function's
source, the mutation, the covering claims' sources, the operator or the
patch, the engine version).  Only `claim_batch mutate --update` writes these files.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from attrs import evolve, field, frozen

from claims._internal.caching.environment import Environment

ENGINE = "claims-evidence/4"
"""Part of every row's fingerprint: a change to how observations are made invalidates every recorded row.

2: hypothesis harvests a rule module's literals from its original source, not from its mutated copies.
3: hypothesis draws no module's literals at all, so a claim's examples never depend on what else is loaded.
4: a covering claim counts by its four recorded inputs (`inputs`), and mutants by stable ids (`identity`).
"""
KINDS = ("F", "E", "TC", "TO", "X")
KIND_WORDS = {"F": "FAIL", "E": "ERROR", "TC": "ERROR by the type contract", "TO": "timeout", "X": "worker ended"}


def claim_key(claim_id: str) -> str:
    """Return a claim's short, stable evidence key (6 base32 characters of its id's sha256)."""
    return base64.b32encode(hashlib.sha256(claim_id.encode("utf-8")).digest()).decode("ascii")[:6].lower()


def digest(*parts: str) -> str:
    """Return a 16-hex-digit fingerprint of the parts."""
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:16]


@frozen
class Observation:
    """What running the claims under one mutant or defect showed, by claim id."""

    failed: frozenset[str] = frozenset()
    errored: frozenset[str] = frozenset()
    typed: frozenset[str] = frozenset()
    timeout: frozenset[str] = frozenset()
    crashed: frozenset[str] = frozenset()
    problem: str | None = None

    @property
    def killers(self) -> frozenset[str]:
        """Return every claim that turned red, however."""
        return self.failed | self.errored | self.timeout | self.crashed

    def how(self, claim_id: str) -> str:
        """Say how one claim turned red."""
        for kind, ids in (
            ("TC", self.typed),
            ("F", self.failed),
            ("E", self.errored),
            ("TO", self.timeout),
            ("X", self.crashed),
        ):
            if claim_id in ids:
                return KIND_WORDS[kind]
        return "stayed green"

    def by_kind(self) -> dict[str, frozenset[str]]:
        """Return the claim sets under their row keys."""
        return {"F": self.failed, "E": self.errored, "TC": self.typed, "TO": self.timeout, "X": self.crashed}


@frozen
class FunctionRow:
    """A rule function: its source digest and the claims that cover it (ids, sorted by key)."""

    module: str
    name: str
    source: str
    claims: tuple[str, ...]


@frozen
class MutantRow:
    """One automatic mutant's recorded evidence."""

    module: str
    name: str
    function: str
    operator: str
    fingerprint: str
    observation: Observation
    ran: int = 0
    change: str = ""
    """The mutation the row was observed on (`Mutant.change`), so its fingerprint can be checked without generating."""

    @property
    def status(self) -> str:
        """Return killed, survived, or uncovered (no claim executes the mutated statement)."""
        if self.observation.killers:
            return "killed"
        return "survived" if self.ran else "uncovered"

    @property
    def id(self) -> str:
        return f"{self.module}.{self.name}"


@frozen
class DefectRow:
    """One declared defect's recorded evidence."""

    id: str
    module: str
    targets: tuple[str, ...]
    fingerprint: str
    observation: Observation


@frozen
class Evidence:
    """All recorded rows, by module; what each kind's covering claims read when recorded; the environment."""

    functions: dict[str, FunctionRow] = field(factory=dict)
    mutants: dict[str, MutantRow] = field(factory=dict)
    defects: dict[str, DefectRow] = field(factory=dict)
    inputs: dict[str, dict[str, tuple[str, ...]]] = field(factory=dict)
    """Per kind of row (`auto`, `declared`), each claim's inputs as its rows were recorded (see `inputs.PARTS`)."""
    environment: Environment | None = None
    """What the rows were observed under (the last `--update`'s); None for a ledger from before it was kept."""

    def but(self, **changes: Any) -> Evidence:
        """Return a copy whose tables are fresh dicts (rows shared), with the given fields replaced."""
        copied = Evidence(
            dict(self.functions),
            dict(self.mutants),
            dict(self.defects),
            {kind: dict(rows) for kind, rows in self.inputs.items()},
            self.environment,
        )
        return evolve(copied, **changes) if changes else copied

    def modules(self) -> list[str]:
        """Return every module with a row."""
        rows: list[FunctionRow | MutantRow | DefectRow] = [
            *self.functions.values(),
            *self.mutants.values(),
            *self.defects.values(),
        ]
        return sorted({r.module for r in rows})


def is_legacy(mutant_name: str) -> bool:
    """Say whether a mutant's name is a number in source order, from before ids were stable (`x_rule__mutmut_3`)."""
    return "." not in mutant_name and "__mutmut_" in mutant_name


def function_of(mutant_name: str) -> str:
    """Return the function a mutant's name within its module belongs to (`rule.min_max_3f0c9a1d` -> `rule`).

    A row from before names were stable (`x_rule__mutmut_3`) is read too: its id can match no mutant generated
    now, so the next full run of its kind replaces it.
    """
    if is_legacy(mutant_name):
        return mutant_name.rpartition("__mutmut_")[0].removeprefix("x_")
    return mutant_name.rpartition(".")[0]
