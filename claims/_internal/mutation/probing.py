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


def probe_jobs(jobs: Sequence[Job], workers: int, ceiling: float) -> list[Job]:
    """Turn the planned jobs into probe jobs: each covering claim once, watching every subject that runs it.

    The claims are dealt into about six jobs per worker of similar total limit, longest first, so the workers
    finish together and a probe worker that dies costs little.
    """
    watch: dict[str, list[str]] = {}
    limits: dict[str, float] = {}
    for job in jobs:
        for claim_id, limit in job.claims:
            watch.setdefault(claim_id, []).append(job.ident)
            limits[claim_id] = min(ceiling, PROBE_SLOWDOWN * limit)
    ordered = sorted(watch, key=lambda c: (-limits[c], c))
    count = max(1, min(len(ordered), 6 * workers))
    bins: list[list[str]] = [[] for _ in range(count)]
    totals = [0.0] * count
    for claim_id in ordered:
        lightest = totals.index(min(totals))
        bins[lightest].append(claim_id)
        totals[lightest] += limits[claim_id]
    return [
        Job(
            "probe", f"probe-{n}", tuple((c, limits[c]) for c in chosen), tuple(tuple(sorted(watch[c])) for c in chosen)
        )
        for n, chosen in enumerate(bins)
        if chosen
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
) -> list[Job] | None:
    """Probe the jobs' claims, settle every subject that reached none, and return the rest narrowed (None: Ctrl-C)."""
    reached, interrupted = engine.probe(probe_jobs(jobs, workers, ceiling), tick, on_probe)
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
