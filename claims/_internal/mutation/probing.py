"""Narrow a sweep by a probe first: deal the covering claims into probe jobs, then keep only what each subject reached.

A probe runs each covering claim once on the original code, watching every
subject that runs it (`infection`); a subject then runs only the claims it
reached, and one that reached none survives unrun.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from claims._internal.mutation.evidence import Observation
from claims._internal.mutation.jobs import Engine, Job

PROBE_SLOWDOWN = 4
"""How many times its limit a claim may take in a probe, where each call of a watched rule also runs its variants."""

SUBJECT_COST = 0.002
"""Seconds one watched subject adds to a claim's probe, about (its variants answer each call of its rule)."""

CLAIM_COST = 0.01
"""Seconds a probe spends on a claim besides running it, about (watching, resetting caches, reporting)."""

SHRINK = 2
"""Each probe job takes about 1/(SHRINK x workers) of the estimated work still to deal."""

SMALLEST = 0.3
"""The estimated seconds below which no probe job is cut: a fork and its probes cost some 0.03 s."""


def probe_jobs(
    jobs: Sequence[Job], workers: int, ceiling: float, durations: Mapping[str, float] | None = None
) -> list[Job]:
    """Turn the planned jobs into probe jobs: each covering claim once, watching every subject that runs it.

    A claim's probe is estimated at its clean duration, plus a little per subject it is watched for and per
    claim (a claim with no clean duration counts as the longest).  The claims are dealt longest first into jobs
    that shrink with the work left to deal (guided self-scheduling), so the first jobs are long and the last
    are short, and the workers finish together however far the estimate is off for one claim.  Dealt into a
    dozen jobs of equal limits, the probe left one worker idle for 0.5 to 1 s at its end.
    """
    watch: dict[str, list[str]] = {}
    limits: dict[str, float] = {}
    for job in jobs:
        for claim_id, limit in job.claims:
            watch.setdefault(claim_id, []).append(job.ident)
            limits[claim_id] = min(ceiling, PROBE_SLOWDOWN * limit)
    known = durations or {}
    longest = max(known.values(), default=0.0)

    def cost(claim_id: str) -> float:
        return known.get(claim_id, longest) + SUBJECT_COST * len(watch[claim_id]) + CLAIM_COST

    ordered = sorted(watch, key=lambda c: (-cost(c), c))
    work = sum(cost(c) for c in ordered)
    dealt: list[list[str]] = []
    at = 0
    while at < len(ordered):
        target = max(SMALLEST, work / (SHRINK * max(1, workers)))
        chosen: list[str] = []
        size = 0.0
        while at < len(ordered) and (not chosen or size < target * (1 - 1e-9)):  # sums of floats: a hair under
            chosen.append(ordered[at])
            size += cost(ordered[at])
            at += 1
        work -= size
        dealt.append(chosen)
    return [
        Job(
            "probe", f"probe-{n}", tuple((c, limits[c]) for c in chosen), tuple(tuple(sorted(watch[c])) for c in chosen)
        )
        for n, chosen in enumerate(dealt)
    ]


def probed(
    engine: Engine,
    jobs: Sequence[Job],
    workers: int,
    ceiling: float,
    tick: Callable[[], None] | None,
    on_probe: Callable[[int], None],
    on_probed: Callable[[Sequence[Job]], None] | None,
    on_observed: Callable[[str, Observation], None],
    durations: Mapping[str, float] | None = None,
) -> list[Job] | None:
    """Probe the jobs' claims, settle every subject that reached none, and return the rest narrowed (None: Ctrl-C)."""
    reached, interrupted = engine.probe(probe_jobs(jobs, workers, ceiling, durations), tick, on_probe)
    if interrupted:
        return None
    narrowed, unreached = _narrowed(jobs, reached)
    if on_probed is not None:
        on_probed(narrowed)
    for ident in unreached:
        on_observed(ident, Observation())  # it answered every call like the original: all its claims stay green
    return narrowed


def _narrowed(jobs: Sequence[Job], reached: Mapping[str, set[str]]) -> tuple[list[Job], list[str]]:
    """Decide each job's claims from what its subject reached: (the jobs left to run, the subjects that reached none)."""
    narrowed, unreached = [], []
    for job in jobs:
        keep = tuple(item for item in job.claims if item[0] in reached.get(job.ident, ()))
        if keep:
            narrowed.append(Job(job.kind, job.ident, keep))
        else:
            unreached.append(job.ident)
    return narrowed, unreached
