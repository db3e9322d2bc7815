"""Run mutants and declared defects on supervised workers, one fresh fork per job, recording every killer.

A job is one mutant or defect with the claims it must run.  Its worker is a
fresh fork of the supervisor (which imported the trampolined tree but never
ran a claim), so no state crosses from one mutant to the next, and the kill
matrix is the same whatever the worker count.  Every claim runs, not just
up to the first kill.  A worker that dies or hangs on a claim records that
claim as a killer (crash or timeout) and a fresh worker runs the rest.  A
job killed by timeouts alone (and a declared defect's job with any
timeout, since each of its killers is named evidence) runs each of those
claims again, alone, with a longer limit (`confirming_limit`): a claim over
ten times its clean run may only have met a loaded machine, and neither an
explained equivalent's verdict nor a defect's killers may change for that.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from claims._internal.declare import Claim
from claims._internal.kinds import Verdict
from claims._internal.mutation.apply import (
    apply_defect,
    apply_mutant,
    install_probes,
    mutation_budgets,
    mutation_mode,
)
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Observation
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.patches import prebuild_patches
from claims._internal.mutation.trampoline import go_direct
from claims._internal.running.hermetic import Caches
from claims._internal.running.one_claim import Settings, run_claim
from claims._internal.running.profiles import draw_no_local_constants
from claims._internal.running.workers import Channel, Ended, Supervisor


@frozen
class Job:
    """One mutant (`kind` "mutant") or declared defect ("defect") and the claims it runs, each with its limit.

    A probe (`kind` "probe") runs its claims on the original code, each watching the subjects in `watch`
    (aligned with `claims`), and reports which of them reached it (see `infection`).
    """

    kind: str
    ident: str
    claims: tuple[tuple[str, float], ...]
    watch: tuple[tuple[str, ...], ...] = ()


def confirming_limit(limit: float, ceiling: float) -> float:
    """Give a claim that timed out its second run: four times its first limit, at least five seconds, at most the
    configured timeout."""
    return min(ceiling, max(5.0, 4 * limit))


def _unconfirmed(tally: _Tally, kind: str) -> bool:
    """Say whether a finished job's timeouts must run again before they kill.

    A mutant's, when they are its only kills (its other killers already decide it killed); a declared defect's
    always, since each of its killers is named in the evidence and compared with the next run's.
    """
    alone = not (tally.failed | tally.errored | tally.crashed)
    return bool(tally.timeout) and not tally.confirmed and (alone or kind == "defect") and tally.problem is None


@define
class _Tally:
    failed: set[str] = field(factory=set)
    errored: set[str] = field(factory=set)
    typed: set[str] = field(factory=set)
    timeout: set[str] = field(factory=set)
    crashed: set[str] = field(factory=set)
    problem: str | None = None
    open_jobs: int = 0
    confirmed: bool = False

    def observation(self) -> Observation:
        return Observation(
            frozenset(self.failed),
            frozenset(self.errored),
            frozenset(self.typed),
            frozenset(self.timeout),
            frozenset(self.crashed),
            self.problem,
        )


def _handler(
    claims: Mapping[str, Claim],
    mutants: Mapping[str, Mutant],
    defects: Mapping[str, Seeded],
    settings: Settings,
    source_of: Callable[[str], tuple[Path, str]],
    caches: Caches,
) -> Callable[[Job, Channel], None]:
    def handle(job: Job, channel: Channel) -> None:
        caches.reset()
        if job.kind == "probe":
            probe(job, channel)
            return
        try:
            if job.kind == "mutant":
                apply_mutant(mutants[job.ident])
            else:
                apply_defect(defects[job.ident], source_of)
        except LookupError as exc:
            channel.send(("problem", str(exc)))
            return
        for claim_id, limit in job.claims:
            channel.expect(limit, claim_id)
            result = run_claim(claims[claim_id], settings, limit, isolated=True, explain=False)
            channel.capture.take()
            channel.send(("claim", claim_id, result.verdict.value, result.error_type))

    def probe(job: Job, channel: Channel) -> None:
        subjects = sorted({s for watched in job.watch for s in watched})
        probes, unprobed = install_probes(subjects, mutants, defects, source_of)
        for (claim_id, limit), watched in zip(job.claims, job.watch, strict=True):
            for one in probes:
                one.watch(watched)
            caches.reset()  # each claim builds its own caches, so the probe sees every call it makes
            channel.expect(limit, claim_id)
            result = run_claim(claims[claim_id], settings, limit, isolated=True, explain=False)
            channel.capture.take()
            if result.verdict is Verdict.PASS:
                reached = set(unprobed).union(*(one.reached for one in probes)) & set(watched)
            else:
                reached = set(watched)  # not green on the original code: nothing can be proven from this run
            channel.send(("reached", claim_id, sorted(reached)))

    return handle


def ready_to_fork(claims: Iterable[Claim] = ()) -> None:
    """Pay, once in the supervisor, what every fresh fork would otherwise pay again on its first property claim.

    Hypothesis registers its global PRNG on first use, with a full `gc.collect()`, and loads its table of
    Unicode categories (a compressed file) the first time a claim draws text; doing both before forking
    changes no draw. The judge, which `run_claim` imports on its first claim (the judge imports the runner),
    is imported here too. Each property claim's strategies are validated: validating a strategy unwraps its
    lazy parts (`st.text()` computes its alphabet from that table) and caches what it finds, which no draw
    reads differently; a strategy that fails to validate is left to the fork, where the claim meets the same
    error. A strategy the witnesses defer (`st.deferred`) is thereby built before any mutant is active, as
    every strategy a witness module builds at import is.

    No fork draws a module's literals (`profiles.draw_no_local_constants`): a rule module is imported from
    the generated tree, whose mutant copies hold altered literals (a boundary moved by one, a string
    changed), so a claim could otherwise kill a mutant with the mutant's own constant, and which claims kill
    it would depend on which copies a run happened to generate.
    """
    draw_no_local_constants()
    importlib.import_module("claims._internal.running.judge")
    try:
        from hypothesis.internal.charmap import categories
        from hypothesis.internal.entropy import deterministic_PRNG
    except ImportError:  # pragma: no cover - another hypothesis layout: the forks pay it themselves
        return
    with deterministic_PRNG():
        pass
    categories()
    for claim in claims:
        handle = getattr(claim.fn, "hypothesis", None)
        for strategy in getattr(handle, "_given_kwargs", {}).values():
            with contextlib.suppress(Exception):
                strategy.validate()


class Engine:
    """Run jobs and hand back one Observation per mutant or defect as soon as all its claims are judged."""

    def __init__(
        self,
        claims: Mapping[str, Claim],
        mutants: Mapping[str, Mutant],
        defects: Mapping[str, Seeded],
        settings: Settings,
        packages: Sequence[str],
        source_of: Callable[[str], tuple[Path, str]],
        workers: int,
    ) -> None:
        self.caches = Caches(packages)
        self.claims = claims
        self.defects, self.source_of = defects, source_of
        self.handler = _handler(claims, mutants, defects, settings, source_of, self.caches)
        self.workers = workers
        self.ceiling = settings.timeout  # a claim that timed out is confirmed under at most this limit

    @functools.cached_property
    def budgets(self) -> tuple[tuple[Any, dict[str, Any], Any], ...]:
        """Every property claim's mutation budget: built once, in force while the supervisor forks."""
        return mutation_budgets(self.claims.values())

    def _ready_to_fork(self) -> None:
        ready_to_fork(self.claims.values())
        self.budgets  # noqa: B018 - built here, while the patches compile on the other cores
        self.caches.find()  # what ready_to_fork imported: or every fresh fork would look for caches again
        go_direct()  # each fork switches back only the rules its mutant, defect or probe replaces

    def probe(
        self,
        jobs: Sequence[Job],
        tick: Callable[[], None] | None = None,
        on_settled: Callable[[int], None] = lambda settled: None,
    ) -> tuple[dict[str, set[str]], bool]:
        """Run probe jobs; return, for each subject, the claims it reached, and whether Ctrl-C cut the run short.

        `on_settled` is handed the number of claims probed so far each time one is (a claim a dead or hung worker
        was running counts once it is settled as reaching every subject it watched).
        """
        reached: dict[str, set[str]] = {}
        done: dict[int, set[str]] = {}
        settled = 0
        # Every probe fork installs every watched defect's variant: compile each once, before forking.
        watched = {s for job in jobs for subjects in job.watch for s in subjects}
        compiled = prebuild_patches(
            (self.defects[s] for s in sorted(watched) if s in self.defects), self.source_of, self.workers
        )
        try:
            self._ready_to_fork()
        finally:
            compiled()
        supervisor = Supervisor(self.handler, workers=self.workers, fresh=True)

        def on_message(job: Job, message: Any) -> None:
            nonlocal settled
            _, claim_id, subjects = message
            done.setdefault(id(job), set()).add(claim_id)
            for subject in subjects:
                reached.setdefault(subject, set()).add(claim_id)
            settled += 1
            on_settled(settled)

        def on_end(job: Job, ended: Ended) -> None:
            nonlocal settled
            # A probe worker that died or hung proves nothing: every watched subject reached what it was running.
            items = list(zip(job.claims, job.watch, strict=True))
            finished = done.get(id(job), set())
            for (claim_id, _), watched in items:
                if claim_id not in finished and (ended.label is None or claim_id == ended.label):
                    for subject in watched:
                        reached.setdefault(subject, set()).add(claim_id)
                    settled += 1
            on_settled(settled)
            rest = [item for item in items if item[0][0] not in finished | {ended.label}]
            if ended.label is not None and rest:
                supervisor.submit(Job("probe", job.ident, tuple(c for c, _ in rest), tuple(w for _, w in rest)))

        interrupted = self._supervised(supervisor, jobs, on_message, on_end, tick=tick)
        return reached, interrupted

    def run(
        self,
        jobs: Sequence[Job],
        on_observed: Callable[[Job, Observation], None],
        tick: Callable[[], None] | None = None,
    ) -> bool:
        """Run every job; return True when Ctrl-C cut the run short (what finished was already handed back)."""
        tallies: dict[tuple[str, str], _Tally] = {}
        originals: dict[tuple[str, str], Job] = {}
        seen: dict[int, set[str]] = {}
        self._ready_to_fork()
        supervisor = Supervisor(self.handler, workers=self.workers, fresh=True)

        def key(job: Job) -> tuple[str, str]:
            return (job.kind, job.ident)

        def close(job: Job) -> None:
            tally = tallies[key(job)]
            tally.open_jobs -= 1
            if tally.open_jobs == 0 and _unconfirmed(tally, job.kind):
                # Killed by timeouts alone, each over a limit of ten times its clean run: on a loaded machine a
                # claim can be that slow with no mutant to blame.  Each runs again, alone and with a longer limit,
                # and only what times out again (or fails) kills.
                tally.confirmed = True
                tally.open_jobs = len(tally.timeout)
                again = sorted(tally.timeout)
                tally.timeout.clear()
                limits = dict(originals[key(job)].claims)
                for claim_id in again:
                    longer = confirming_limit(limits.get(claim_id, self.ceiling), self.ceiling)
                    supervisor.submit(Job(job.kind, job.ident, ((claim_id, longer),)), waits=True)
            elif tally.open_jobs == 0:
                on_observed(originals[key(job)], tally.observation())

        def on_message(job: Job, message: Any) -> None:
            tally = tallies[key(job)]
            if message[0] == "problem":
                tally.problem = message[1]
                return
            _, claim_id, verdict, error_type = message
            seen.setdefault(id(job), set()).add(claim_id)
            if verdict == Verdict.FAIL.value:
                tally.failed.add(claim_id)
            elif error_type == "timeout":
                tally.timeout.add(claim_id)
            elif verdict == Verdict.ERROR.value:
                tally.errored.add(claim_id)
                if error_type == "TypeCheckError":
                    tally.typed.add(claim_id)

        def on_end(job: Job, ended: Ended) -> None:
            tally = tallies[key(job)]
            if ended.label is None:
                tally.problem = f"the worker {ended.how} while applying the {job.kind}"
            else:
                (tally.timeout if ended.timed_out else tally.crashed).add(ended.label)
                done = seen.get(id(job), set()) | {ended.label}
                rest = tuple(item for item in job.claims if item[0] not in done)
                if rest:
                    # The rest still run, on a fresh worker: every killer is recorded, not just this one.
                    follow = Job(job.kind, job.ident, rest)
                    tally.open_jobs += 1
                    supervisor.submit(follow)
            close(job)

        for job in jobs:
            tallies[key(job)] = _Tally(open_jobs=1)
            originals[key(job)] = job
        return self._supervised(supervisor, jobs, on_message, on_end, on_done=close, tick=tick)

    def _supervised(self, supervisor: Supervisor, jobs: Sequence[Job], *callbacks: Any, **options: Any) -> bool:
        """Run the jobs with every property claim in mutation mode, which each fork inherits; put it back after."""
        put_back = mutation_mode(self.budgets)
        try:
            return supervisor.run(jobs, *callbacks, **options)
        finally:
            put_back()
