"""Run a sweep's planned jobs with its progress told to the caller: the probe's bar, then the run's, with the rate at the end.

The engine prints nothing: each progress display is made by the caller's
`Listener`, and every line a run has to say goes to its `note`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from attrs import evolve, frozen

from claims._internal.mutation import sweep
from claims._internal.mutation.evidence import Observation
from claims._internal.mutation.jobs import Job
from claims._internal.mutation.workspace import Workspace

Note = Callable[[str], None]


class Bar(Protocol):
    """One phase's progress display, as the caller draws it (`claims._internal.progress.Progress` is one)."""

    done: int

    def update(self, done: int, counts: Mapping[str, int] | None = None) -> None:
        """Record how many items are done (and any counts)."""

    def finish(self, note: str = "") -> None:
        """End the phase, with a closing note."""


class Bars(Protocol):
    """Make a phase's progress display: its name, its total, its unit, and how many are done as it starts."""

    def __call__(self, phase: str, total: int, *, unit: str = "", done: int = 0) -> Bar:
        """Start the display of one phase."""
        ...


@frozen
class Listener:
    """Where a run says what it does: `note` takes one line to say, `bar` makes a phase's progress display."""

    note: Note
    bar: Bars


@frozen
class Watching:
    """How to follow a run: the phase its bar is named, whether it probes first, whether it keeps quiet."""

    phase: str
    workers: int
    probing: bool
    quiet: bool


class _Watch:
    """Follow one run: what it observed, how many were killed and survived, and the bar now shown."""

    def __init__(
        self, plan: sweep.Plan, how: Watching, listener: Listener, cache: sweep.ObservationCache | None
    ) -> None:
        self.plan, self.how, self.listener, self.cache = plan, how, listener, cache
        self.observed: dict[str, Observation] = {}
        self.counts = {"killed": 0, "survived": 0}
        # The probe has a bar of its own; the run's starts when the probe ends, so its rate and ETA are the run's.
        first = (
            listener.bar("probe", claims_to_probe(plan), unit="claims")
            if how.probing
            else listener.bar(how.phase, len(plan.jobs))
        )
        self.bars = [first]

    def probed(self, left: Sequence[Job]) -> None:
        """End the probe's bar, say what it narrowed, and start the run's."""
        self.bars[-1].finish()
        if not self.how.quiet:
            self.listener.note(probed_line(self.plan, left))
        total = len(self.plan.jobs)
        self.bars.append(self.listener.bar(self.how.phase, total, done=total - len(left)))

    def settled(self, settled: int) -> None:
        """Show how many claims the probe has settled."""
        self.bars[-1].update(settled)

    def seen(self, ident: str, seen: Observation) -> None:
        """Keep one observation (in the cache too, on a sweep) and count it."""
        self.observed[ident] = seen
        self.counts["killed" if seen.killers else "survived"] += 1
        if self.cache is not None:
            self.cache.put(self.plan.keys[ident], seen)
        self.bars[-1].update(len(self.observed), self.counts)

    def tick(self) -> None:
        """Redraw: the time and the ETA move on while a long claim runs."""
        self.bars[-1].update(self.bars[-1].done)


def observe(ws: Workspace, plan: sweep.Plan, how: Watching, listener: Listener) -> tuple[dict[str, Observation], bool]:
    """Run the plan's jobs (the probe first, when `how` says so); return what was observed and whether interrupted."""
    cache = sweep.ObservationCache(ws.config.caches.observed) if how.phase == "sweep" else None
    how = evolve(how, probing=bool(plan.jobs) and how.probing)
    watch = _Watch(plan, how, listener, cache)
    start = time.monotonic()
    interrupted = _ran(ws, plan, how, watch)
    elapsed = time.monotonic() - start
    rate = rate_note(len(watch.observed), elapsed, how)
    watch.bars[-1].finish(("interrupted; " if interrupted else "") + rate)
    return watch.observed, interrupted


def _ran(ws: Workspace, plan: sweep.Plan, how: Watching, watch: _Watch) -> bool:
    """Run the jobs; say whether the run was interrupted (a plan with nothing to run never is)."""
    if not plan.jobs:
        return False
    return sweep.run(
        ws,
        plan,
        how.workers,
        on_observed=watch.seen,
        tick=watch.tick,
        probe=how.probing,
        on_probe=watch.settled,
        on_probed=watch.probed,
    )


def rate_note(observed: int, elapsed: float, how: Watching) -> str:
    """Say how fast the run observed, on how many workers (nothing when it observed nothing)."""
    if not (elapsed > 0 and observed):
        return ""
    return f"{observed / elapsed:.1f}/s on {how.workers} worker(s)" + (", probe included" if how.probing else "")


def claims_to_probe(plan: sweep.Plan) -> int:
    """Count the claims a probe runs: each covering claim once, however many subjects it covers."""
    return len({claim_id for job in plan.jobs for claim_id, _ in job.claims})


def probed_line(plan: sweep.Plan, left: Sequence[Job]) -> str:
    """Say what the probe narrowed: the subjects that can change a claim's run, and the claim runs left."""
    before = sum(len(j.claims) for j in plan.jobs)
    after = sum(len(j.claims) for j in left)
    return f"probe: {len(left)} of {len(plan.jobs)} can change a claim's run; {after} of {before} claim runs remain"
