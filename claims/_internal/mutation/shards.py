"""Split an automatic sweep into N shards for a CI matrix, and merge their observation files back.

Shards balance by recorded cost, not by count: a mutant costs the number of claims its recorded row ran
(a new mutant, the claims recorded as covering its function; at least 1).  The mutants to run, heaviest
first, each go to the lightest shard so far (ties to the lower shard, then by id), so every shard computes
the same partition from the same commit and ledger, whatever machine it runs on.  A shard plans without the
local result cache for the same reason.

Each shard file says which shard it is (`K/N`) and whether its run finished.  The merge refuses, naming
them, a missing shard, a shard given twice, shards of different N, and a shard whose run was cut short, and
then needs an observation for every mutant it must run, at its current fingerprint.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from claims._internal.mutation.evidence import Evidence, Observation
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.sweep import Plan
from claims.errors import InputError, UsageError

SHARD_SCHEMA = "claims-observations/2"
KINDS = ("F", "E", "TC", "TO", "X")


def parse_shard(text: str) -> tuple[int, int]:
    """Read `K/N` (shard K of N, 1 ≤ K ≤ N)."""
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise UsageError(f"--shard expects K/N such as 2/4, got {text!r}") from None
    if not 1 <= k <= n:
        raise UsageError(f"--shard {text}: K must be between 1 and N")
    return k, n


def balanced(costs: Mapping[str, int], n: int) -> dict[str, int]:
    """Assign each id a shard 1..N: heaviest first, each to the lightest shard so far (ties: lower shard)."""
    loads = [0] * n
    assigned: dict[str, int] = {}
    for ident, cost in sorted(costs.items(), key=lambda item: (-item[1], item[0])):
        lightest = min(range(n), key=lambda k: (loads[k], k))
        loads[lightest] += max(cost, 1)
        assigned[ident] = lightest + 1
    return assigned


def plain(seen: Observation) -> dict[str, Any]:
    """Return an observation as a shard file holds it."""
    out: dict[str, Any] = {k: sorted(v) for k, v in seen.by_kind().items() if v}
    if seen.problem:
        out["problem"] = seen.problem
    return out


def shard_text(shard: str | None, complete: bool, observations: Mapping[str, Observation]) -> bytes:
    """Return a shard file: which shard (None: a whole run), whether it finished, the observations by fingerprint."""
    document = {
        "schema": SHARD_SCHEMA,
        "shard": shard,
        "complete": complete,
        "observations": {key: plain(seen) for key, seen in sorted(observations.items())},
    }
    return (json.dumps(document, sort_keys=True, indent=1) + "\n").encode("utf-8")


@frozen
class ShardFile:
    """One shard file as read: its name, which shard it is, whether it finished, its observations."""

    name: str
    shard: tuple[int, int] | None
    complete: bool
    observations: dict[str, Observation]


def _how_to_write() -> str:
    return "write one with `claim_batch mutate --auto --shard K/N --out FILE`"


def read_shard(name: str) -> ShardFile:
    """Read one shard file; refuse, naming it, one that is not."""
    try:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("schema") != SHARD_SCHEMA:
            found = data.get("schema") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"expected schema {SHARD_SCHEMA}, got {found!r}")
        shard = parse_shard(data["shard"]) if data.get("shard") is not None else None
        observations = {}
        for key, raw in data["observations"].items():
            sets = {kind: frozenset(raw.get(kind, ())) for kind in KINDS}
            observations[key] = Observation(
                failed=sets["F"],
                errored=sets["E"],
                typed=sets["TC"],
                timeout=sets["TO"],
                crashed=sets["X"],
                problem=raw.get("problem"),
            )
        return ShardFile(name, shard, bool(data["complete"]), observations)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, UsageError) as exc:
        raise InputError(f"{name}: not a shard observations file ({exc}); {_how_to_write()}") from None


def merged(names: Sequence[str]) -> dict[str, Observation]:
    """Read shard files and check they make one whole run: every shard of one N, once, each finished."""
    files = [read_shard(name) for name in names]
    _refuse_unfinished(files)
    sharded = [f for f in files if f.shard is not None]
    n = _shard_count(sharded)
    if n is not None:
        by_k: dict[int, list[str]] = {}
        for f in sharded:
            assert f.shard is not None
            by_k.setdefault(f.shard[0], []).append(f.name)
        _refuse_twice(by_k, n)
        _refuse_missing(by_k, n)
    known: dict[str, Observation] = {}
    for f in files:
        known.update(f.observations)
    return known


def _refuse_unfinished(files: Sequence[ShardFile]) -> None:
    """Refuse, naming them, shard files from a run that did not finish."""
    unfinished = [f.name for f in files if not f.complete]
    if unfinished:
        raise InputError(f"shard file(s) from a run that did not finish: {', '.join(unfinished)}; rerun those shards")


def _shard_count(sharded: Sequence[ShardFile]) -> int | None:
    """Decide the N the shard files split the run into (None: no file is a shard); refuse files that disagree."""
    counts = sorted({f.shard[1] for f in sharded if f.shard})
    if len(counts) > 1:
        raise InputError(f"the shard files split the run in different ways (N = {', '.join(map(str, counts))})")
    return counts[0] if counts else None


def _refuse_twice(by_k: Mapping[int, list[str]], n: int) -> None:
    """Refuse, naming the files, a shard given more than once."""
    twice = [f"{k}/{n} ({', '.join(names)})" for k, names in sorted(by_k.items()) if len(names) > 1]
    if twice:
        raise InputError(f"shard given more than once: {'; '.join(twice)}")


def _refuse_missing(by_k: Mapping[int, list[str]], n: int) -> None:
    """Refuse, naming them, the shards of 1..N no file holds."""
    missing = [f"{k}/{n}" for k in range(1, n + 1) if k not in by_k]
    if missing:
        raise InputError(
            f"missing shard(s) {', '.join(missing)}: no file given holds them; run each with "
            f"`claim_batch mutate --auto --shard K/{n} --out FILE` and pass every file to --merge"
        )


def costs_of(idents: Iterable[str], ran: Mapping[str, int], covering: Mapping[str, int]) -> dict[str, int]:
    """Return each mutant's cost: the claims its recorded row ran, else the claims covering its function, at least 1."""
    return {i: max(ran.get(i) or covering.get(i) or 1, 1) for i in idents}


def shard_plan(plan: Plan, mutants: Sequence[Mutant], recorded: Evidence, text: str) -> tuple[Plan, list[Mutant]]:
    """Keep shard K of N of the mutants to run, balanced by recorded cost; the others are other shards' work."""
    k, n = parse_shard(text)
    to_run = [job.ident for job in plan.jobs]
    costs = costs_of(to_run, _recorded_ran(to_run, recorded), _recorded_covering(mutants, recorded))
    mine = {i for i, shard in balanced(costs, n).items() if shard == k}
    return evolve(plan, jobs=tuple(j for j in plan.jobs if j.ident in mine)), [m for m in mutants if m.id in mine]


def _recorded_covering(mutants: Sequence[Mutant], recorded: Evidence) -> dict[str, int]:
    """Decide, for each mutant whose function has a recorded row, how many claims that row says cover it."""
    return {m.id: len(row.claims) for m in mutants if (row := recorded.functions.get(f"{m.module}:{m.function}"))}


def _recorded_ran(to_run: Sequence[str], recorded: Evidence) -> dict[str, int]:
    """Decide, for each mutant to run that has a recorded row, how many claims that row ran."""
    return {i: seen.ran for i in to_run if (seen := recorded.mutants.get(i))}


def observations_for(files: Sequence[str], plan: Plan) -> dict[str, Observation]:
    """Take observations from shard files (every shard, once, finished) for every planned mutant at its fingerprint."""
    known = merged(files)
    missing = [j.ident for j in plan.jobs if plan.keys[j.ident] not in known]
    if missing:
        raise InputError(
            f"the shard files hold no observation for {len(missing)} mutant(s) at their current fingerprint "
            f"(first: {missing[0]}); rerun the shards"
        )
    return {j.ident: known[plan.keys[j.ident]] for j in plan.jobs}
