"""Run a planned sweep with its progress shown: the probe's bar, then the run's, with the rate at the end."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from claims._internal.mutation import sweep
from claims._internal.mutation.evidence import Observation
from claims._internal.mutation.jobs import Job
from claims._internal.mutation.workspace import Workspace
from claims._internal.progress import Progress


def run_shown(
    ws: Workspace, plan: sweep.Plan, workers: int, phase: str, args: argparse.Namespace
) -> tuple[dict[str, Observation], bool, float]:
    observed: dict[str, Observation] = {}
    counts = {"killed": 0, "survived": 0}
    cache = sweep.ObservationCache(ws.config.caches.observed) if phase == "sweep" else None
    probing = bool(plan.jobs) and probing_asked(ws, args)
    # The probe has a bar of its own; the run's starts when the probe ends, so its rate and ETA are the run's.
    bars = [
        Progress("probe", claims_to_probe(plan), unit="claims", quiet=args.quiet)
        if probing
        else Progress(phase, len(plan.jobs), quiet=args.quiet)
    ]

    def on_probed(left: Sequence[Job]) -> None:
        bars[-1].finish()
        said_probed(plan, left, args.quiet)
        bars.append(Progress(phase, len(plan.jobs), quiet=args.quiet, done=len(plan.jobs) - len(left)))

    def on_observed(ident: str, seen: Observation) -> None:
        observed[ident] = seen
        counts["killed" if seen.killers else "survived"] += 1
        if cache is not None:
            cache.put(plan.keys[ident], seen)
        bars[-1].update(len(observed), counts)

    def tick() -> None:
        bars[-1].update(bars[-1].done)  # a redraw: the time and the ETA move on while a long claim runs

    start = time.monotonic()
    interrupted = (
        sweep.run(
            ws,
            plan,
            workers,
            on_observed=on_observed,
            tick=tick,
            probe=probing,
            on_probe=lambda settled: bars[-1].update(settled),
            on_probed=on_probed,
        )
        if plan.jobs
        else False
    )
    elapsed = time.monotonic() - start
    rate = f"{len(observed) / elapsed:.1f}/s on {workers} worker(s)" if elapsed > 0 and observed else ""
    rate += ", probe included" if rate and probing else ""
    bars[-1].finish(("interrupted; " if interrupted else "") + rate)
    return observed, interrupted, elapsed


def claims_to_probe(plan: sweep.Plan) -> int:
    """Count the claims a probe runs: each covering claim once, however many subjects it covers."""
    return len({claim_id for job in plan.jobs for claim_id, _ in job.claims})


def probing_asked(ws: Workspace, args: argparse.Namespace) -> bool:
    """Probe first when asked to, or, unless told not to, when the configuration lists this kind of run."""
    if args.probe is not None:
        return bool(args.probe)
    return ("auto" if args.auto else "declared") in ws.config.probe


def said_probed(plan: sweep.Plan, left: Sequence[Job], quiet: bool) -> None:
    if quiet:
        return
    before = sum(len(j.claims) for j in plan.jobs)
    after = sum(len(j.claims) for j in left)
    print(
        f"probe: {len(left)} of {len(plan.jobs)} can change a claim's run; {after} of {before} claim runs remain",
        file=sys.stderr,
    )
