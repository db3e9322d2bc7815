"""Execute a selection of claims: reuse cached passes, run the rest on supervised workers, keep the order.

Collect, run and report are separate steps with data between them: this
module turns claims into Results (and each claim's reach), handing each
witness to a callback as soon as it and every witness before it are
complete, so the report streams in the same order whatever the worker
count or the execution order.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, fields, frozen

from claims._internal.caching import reach
from claims._internal.caching.catalogue import stands_in
from claims._internal.caching.fingerprint import Sources, claim_fingerprint, meta_digest
from claims._internal.caching.passes import Entry, ResultsCache
from claims._internal.declare import Claim
from claims._internal.kinds import Kind, Verdict
from claims._internal.result import Result, Settings
from claims._internal.running import loader
from claims._internal.running.hermetic import Caches
from claims._internal.running.one_claim import run_claim
from claims._internal.running.profiles import plugins_in_force
from claims._internal.running.session import Session
from claims._internal.running.shared_state import SharedState
from claims._internal.running.workers import Channel, Ended, Supervisor
from claims._internal.snapshots import digest, snapshot_path

_CARRIED = [f.name for f in fields(Result) if f.name not in ("claim", "output", "cached")]


@frozen
class Options:
    """Say how to execute: workers, order, stop at the first red, and the result cache."""

    workers: int = 1
    seed: int | None = None
    exitfirst: bool = False
    read_cache: bool = True
    write_cache: bool = True


@frozen
class Execution:
    """Hold what a run produced: results in claim order, each claim's reach, and how the run ended."""

    results: tuple[Result, ...]
    reach: dict[str, tuple[str, ...]]
    interrupted: bool = False
    stopped: bool = False
    cached: int = 0


def default_workers() -> int:
    """Return the number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def _handler(
    claims: Sequence[Claim], settings: Settings, packages: Sequence[str], allowed: Sequence[str] = ()
) -> Callable[[Any, Channel], None]:
    table = reach.table()
    caches = Caches(packages)
    caches.find()  # here, before the workers fork: each inherits what was found
    shared = SharedState(packages, allowed)
    shared.read()  # the state every claim must find, read once, before the workers fork

    def handle(job: tuple[int, float], channel: Channel) -> None:
        index, limit = job
        claim = claims[index]
        channel.expect(limit, claim.id)
        caches.reset()  # so the claim's reach is its own, whatever this worker ran before it
        table.clear()
        result = run_claim(claim, settings, limit, isolated=True)
        changed = shared.changes()  # and put back, for the claims that follow
        if changed:
            result = _changed_shared_state(result, changed)
        output = channel.capture.take()
        carried = {name: getattr(result, name) for name in _CARRIED}
        channel.send((index, carried, output, sorted(table)))

    return handle


def _changed_shared_state(result: Result, changed: Sequence[str]) -> Result:
    """Turn a claim that changed the state its modules share into its ERROR, naming what changed."""
    return evolve(
        result,
        verdict=Verdict.ERROR,
        observed="changed the state the modules share with every other claim, so claims would pass or fail by "
        "the order they run in: " + "; ".join(changed) + " (put back for the claims that follow)",
        error_type="shared-state",
    )


def ended_result(claim: Claim, ended: Ended) -> Result:
    """Turn a worker that ended while running a claim into that claim's ERROR."""
    if ended.timed_out:
        observed = f"timed out: the worker {ended.how}"
    else:
        observed = f"the worker running this claim {ended.how}; the claim ended its process instead of returning"
    return Result(
        claim,
        Verdict.ERROR,
        ended.seconds,
        observed=observed,
        detail=ended.output.rstrip(),
        error_type="timeout" if ended.timed_out else "worker-ended",
        output=ended.output,
    )


class Fingerprints:
    """Compute claim fingerprints lazily: parsing every module costs only runs that use the cache."""

    def __init__(self, session: Session, settings: Settings, store: Path | None) -> None:
        self.session, self.settings, self.store = session, settings, store
        self._sources: Sources | None = None
        self._meta: str | None = None

    def sources(self) -> Sources:
        if self._sources is None:
            config = self.session.config
            self._sources = Sources((*config.typecheck, *config.witnesses), config.root, store=self.store)
            self._meta = meta_digest(f"{self.session.profile}; timeout={self.settings.timeout}; {plugins_in_force()}")
        return self._sources

    def imported(self, claim: Claim) -> frozenset[str]:
        """Return the functions run at import whose work the claim can read (see `caching.readable_modules`)."""
        return self.session.import_reach.functions_for(claim.witness, self.sources())

    def of(self, claim: Claim, functions: Sequence[str]) -> str:
        sources = self.sources()
        assert self._meta is not None
        stored = None
        if claim.kind is Kind.SNAPSHOT:
            path = snapshot_path(self.settings.snapshots, claim)
            stored = digest(path.read_bytes()) if path.is_file() else "absent"
        key = reach.function_key(getattr(claim.fn, "__module__", "?"), claim.name)
        skeletons = self.session.import_reach.skeletons_for([claim.witness], sources)
        return claim_fingerprint(key, functions, sources, skeletons, self._meta, stored)


def execute(
    session: Session,
    claims: Sequence[Claim],
    settings: Settings,
    options: Options,
    on_witness: Callable[[str, list[Result]], None] | None = None,
    on_result: Callable[[Result], None] | None = None,
    tick: Callable[[], None] | None = None,
) -> Execution:
    """Run the claims (reusing cached passes), calling back witness by witness in claim order."""
    cache, prints = _caches(session, settings, options)
    writing = cache if options.write_cache else None
    done, reached, to_run = _reused(claims, cache if options.read_cache else None, prints)
    cached = len(done)
    progress = _Progress(claims, done, reached, writing, prints, on_witness, on_result)
    progress.flush()
    interrupted = _run(session, claims, settings, options, _run_order(to_run, claims, cache, options), progress, tick)
    if writing is not None:
        _save(writing)
    finished = tuple(done[i] for i in sorted(done))
    stopped = options.exitfirst and progress.red and len(done) < len(claims)
    return Execution(finished, reached, interrupted=interrupted, stopped=stopped, cached=cached)


def _caches(session: Session, settings: Settings, options: Options) -> tuple[ResultsCache | None, Fingerprints]:
    """Decide which caches the run reads and writes: the results, and the modules' digests kept beside them."""
    cache = ResultsCache.load(session.config.caches.results) if (options.read_cache or options.write_cache) else None
    # The modules' digests are kept beside the results, and trusted only where the results are.
    prints = Fingerprints(session, settings, session.config.caches.sources if options.read_cache else None)
    if cache is not None and options.write_cache:
        prints.sources()  # read now, before any claim runs: a result is filed under the code as it was then
    return cache, prints


class _Progress:
    """Take each result as it comes: file it, and hand on each witness once it and every one before it are done."""

    def __init__(
        self,
        claims: Sequence[Claim],
        done: dict[int, Result],
        reached: dict[str, tuple[str, ...]],
        writing: ResultsCache | None,
        prints: Fingerprints,
        on_witness: Callable[[str, list[Result]], None] | None,
        on_result: Callable[[Result], None] | None,
    ) -> None:
        self.claims, self.done, self.reached, self.writing, self.prints = claims, done, reached, writing, prints
        self.on_witness, self.on_result = on_witness, on_result
        self.witnesses = list(dict.fromkeys(c.witness for c in claims))
        self.members = {w: [i for i, c in enumerate(claims) if c.witness == w] for w in self.witnesses}
        self.shown = 0
        self.red = False

    def flush(self) -> None:
        """Hand on, in claim order, every witness whose claims are all done, up to the first that is not."""
        while self.shown < len(self.witnesses) and self._complete(self.witnesses[self.shown]):
            if self.on_witness is not None:
                witness = self.witnesses[self.shown]
                self.on_witness(witness, [self.done[i] for i in self.members[witness]])
            self.shown += 1

    def _complete(self, witness: str) -> bool:
        """Say whether every claim of a witness is done."""
        return all(i in self.done for i in self.members[witness])

    def finish(self, index: int, result: Result, keys: Sequence[str]) -> None:
        """Take one claim's result: note a red one, file it, keep a pass's reach, and hand it on."""
        self.done[index] = result
        claim = self.claims[index]
        if result.verdict.red:
            self.red = True
        if self.writing is not None:
            _record(self.writing, self.prints, claim, result, keys)
        if result.verdict is Verdict.PASS:
            self.reached[claim.id] = tuple(keys)
        if self.on_result is not None:
            self.on_result(result)
        self.flush()

    def on_message(self, job: tuple[int, float], message: tuple[int, dict[str, Any], str, list[str]]) -> None:
        """Take the result a worker sent."""
        index, carried, output, keys = message
        self.finish(index, Result(self.claims[index], output=output, **carried), keys)

    def on_end(self, job: tuple[int, float], ended: Ended) -> None:
        """Take a worker that ended while running a claim as that claim's ERROR."""
        self.finish(job[0], ended_result(self.claims[job[0]], ended), ())


def _run_order(to_run: list[int], claims: Sequence[Claim], cache: ResultsCache | None, options: Options) -> list[int]:
    """Decide the order the claims left run in: as declared under -x without a seed, else shuffled or longest first."""
    # -x means "the first red in claim order": one worker, the declared order, so it is the same claim every time.
    if options.exitfirst and options.seed is None:
        return list(to_run)
    return _order(to_run, claims, cache, options.seed)


def _run(
    session: Session,
    claims: Sequence[Claim],
    settings: Settings,
    options: Options,
    order: list[int],
    progress: _Progress,
    tick: Callable[[], None] | None,
) -> bool:
    """Run the claims in order on supervised workers (one under -x); return whether Ctrl-C cut the run short."""
    if not order:
        return False
    limits = {i: claims[i].timeout or settings.timeout for i in order}
    workers = 1 if options.exitfirst else min(options.workers, len(order))
    packages = (*session.config.typecheck, *session.config.witnesses)
    handler = _handler(claims, settings, packages, session.config.mutable_allowed)
    supervisor = Supervisor(handler, workers=workers)
    return supervisor.run(
        [(i, limits[i]) for i in order],
        progress.on_message,
        progress.on_end,
        stop=lambda: options.exitfirst and progress.red,
        tick=tick,
    )


def _reused(
    claims: Sequence[Claim], cache: ResultsCache | None, prints: Fingerprints
) -> tuple[dict[int, Result], dict[str, tuple[str, ...]], list[int]]:
    """Answer from the cache every claim whose recorded fingerprint still holds; return (done, reached, to run)."""
    done: dict[int, Result] = {}
    reached: dict[str, tuple[str, ...]] = {}
    to_run: list[int] = []
    for index, claim in enumerate(claims):
        entry = cache.entries.get(claim.id) if cache is not None else None
        # A catalogued stand-in was verified when the session opened (`warm`): its module was not even imported.
        if entry is not None and (stands_in(claim) or prints.of(claim, entry.functions) == entry.fingerprint):
            done[index] = Result(claim, Verdict.PASS, entry.duration, digest=entry.digest, cached=True)
            reached[claim.id] = entry.reach
        else:
            to_run.append(index)
    return done, reached, to_run


def _record(cache: ResultsCache, prints: Fingerprints, claim: Claim, result: Result, keys: Sequence[str]) -> None:
    """File a passing result under its fingerprint (forget a red one), with its duration either way."""
    functions = tuple(sorted(reach.functions_of(keys) | prints.imported(claim)))
    entry = (
        Entry(prints.of(claim, functions), functions, tuple(keys), result.duration, result.digest)
        if result.verdict is Verdict.PASS
        else None
    )
    cache.record(claim.id, entry, result.duration)


def _save(cache: ResultsCache) -> None:
    """Save the results, unless a source file changed while the claims ran (then nothing of this run is reused)."""
    moved = loader.changed_since_compiled()
    if moved:  # the code that ran is not the code on disk: no result of this run may be reused for it
        named = ", ".join(Path(m).name for m in moved[:3]) + (" ..." if len(moved) > 3 else "")
        print(
            f"claim_batch: {len(moved)} source file(s) changed while the claims ran ({named}); "
            "this run's results are not cached",
            file=sys.stderr,
        )
    else:
        cache.save()


def _order(indices: list[int], claims: Sequence[Claim], cache: ResultsCache | None, seed: int | None) -> list[int]:
    """Shuffle by the seed, or start the longest claims first (by recorded duration) to balance the workers."""
    if seed is not None:
        shuffled = list(indices)
        random.Random(seed).shuffle(shuffled)
        return shuffled
    known = cache.durations if cache is not None else {}
    # Unknown durations go first: a new claim may be the slowest.
    return sorted(indices, key=lambda i: -known.get(claims[i].id, float("inf")))
