"""`claim_batch mutate --auto`: sweep mutmut's mutants over the typecheck packages, recording every killing claim."""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
import time
from pathlib import Path
from typing import Any

from claims.atomic import write_atomically
from claims._internal.config import Config, load_config
from claims.errors import InputError, UsageError
from claims._internal.mutate.auto_report import entry, progress_line, table_lines, uncovered
from claims._internal.mutate.cache import ResultCache
from claims._internal.mutate.generate import Mutant, generate
from claims._internal.mutate.kills_file import render, write_section
from claims._internal.mutate.plan import SLACK_SECONDS, claim_limit, covering, fingerprint, in_shard, parse_shard
from claims._internal.mutate.pool import Job, Pool, WorkerFailed
from claims._internal.mutate.survivors import SURVIVED, explain_survivors, read_equivalent

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
SHARD_SCHEMA = "claims-kills-shard/1"


def equivalent_path(config: Config) -> Path:
    """Return mutations/equivalent.toml inside the first mutations package (or ./mutations)."""
    package = config.mutations[0] if config.mutations else "mutations"
    return config.root / package.replace(".", "/") / "equivalent.toml"


def cache_folder(config: Config) -> Path:
    return config.root / ".claims-cache" / "mutate"


def read_shards(paths: list[str]) -> dict[str, Any]:
    """Union shard result files; the same mutant with two different results is an InputError."""
    merged: dict[str, Any] = {}
    for name in paths:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("schema") != SHARD_SCHEMA or not isinstance(data.get("auto"), dict):
            raise InputError(f"{name}: not a shard result file (schema {SHARD_SCHEMA}); write one with `claim_batch mutate --auto --shard K/N --out FILE`")
        for mutant_id, e in data["auto"].items():
            if mutant_id in merged and merged[mutant_id] != e:
                raise InputError(f"{name} @ $.auto.{mutant_id}: differs from an earlier shard's result for the same mutant")
            merged[mutant_id] = e
    return merged


def sweep(config: Config, mutants: list[Mutant], args: argparse.Namespace) -> tuple[dict[str, Any], bool] | int:
    """Baseline in a worker, then run every uncached mutant; return (entries, interrupted) or an exit code."""
    folder = cache_folder(config)
    pool = Pool(max(1, args.workers), folder / "tree", config.root, folder / "workers.log")
    try:
        baseline = pool.request(pool.procs[0], {"op": "baseline"}, timeout=3600)
    except BaseException:
        pool.close()
        raise
    red = [i for i, c in sorted(baseline["claims"].items()) if c["verdict"] != "PASS"] + [f"{m} (did not import)" for m in baseline["failures"]]
    if red:
        pool.close()
        print("claim_batch mutate: refusing: the baseline is not green, so no mutant could be judged; red without any mutant:", file=sys.stderr)
        print("\n".join(f"  - {r}" for r in red), file=sys.stderr)
        return EXIT_RED
    claims = baseline["claims"]
    cover = covering(claims)
    limits_all = {i: claim_limit(c["duration"], config.timeout) for i, c in claims.items()}
    cache = ResultCache(folder / "results.jsonl", fresh=args.fresh)
    entries: dict[str, Any] = {}
    jobs: list[Job] = []
    prints: dict[str, str] = {}
    memo: dict[str, str] = {}
    by_id = {m.id: m for m in mutants}
    for mutant in mutants:
        ids = cover.get(mutant.function, [])
        if not ids:
            entries[mutant.id] = uncovered(mutant)
            continue
        prints[mutant.id] = fingerprint(mutant, ids, claims, memo)
        cached = cache.get(mutant.id, prints[mutant.id])
        if cached is not None:
            entries[mutant.id] = cached
            continue
        limits = {i: limits_all[i] for i in ids}
        jobs.append(Job(mutant.id, tuple(ids), limits, 2 * sum(limits.values()) + SLACK_SECONDS))
    print(f"baseline: {len(claims)} claims green; {len(mutants)} mutants, {len(entries)} cached or uncovered, {len(jobs)} to run on {len(pool.procs)} worker(s)", file=sys.stderr)
    counts: dict[str, int] = {}
    start, last = time.monotonic(), 0.0
    tty = sys.stderr.isatty() and not args.no_progress

    def done(job: Job, reply: dict[str, Any]) -> None:
        nonlocal last
        e = entry(by_id[job.mutant], job.claims, reply)
        entries[job.mutant] = e
        cache.put(job.mutant, prints[job.mutant], e)
        counts[e["status"]] = counts.get(e["status"], 0) + 1
        now = time.monotonic()
        finished = sum(counts.values())
        if not args.no_progress and (tty or now - last > 10 or finished == len(jobs)):
            last = now
            line = progress_line(finished, len(jobs), counts, now - start)
            print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    interrupted = False
    try:
        pool.run(jobs, done)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        cache.close()
    if tty:
        print(file=sys.stderr)
    elapsed = time.monotonic() - start
    if jobs and elapsed > 0:
        print(f"ran {sum(counts.values())} mutants in {elapsed:.1f} s ({sum(counts.values()) / elapsed:.1f} mutants/s)", file=sys.stderr)
    return entries, interrupted


def run_auto(args: argparse.Namespace) -> int:
    """Run (or merge) an automatic sweep, print the per-module table, check survivors, write what was asked."""
    config = load_config()
    partial = bool(args.patterns or args.shard)
    if args.write and partial:
        raise UsageError("--write records the full sweep; drop the patterns and --shard (merge shards with --merge FILES --write)")
    equivalent = read_equivalent(equivalent_path(config))
    interrupted = False
    if args.merge:
        auto = read_shards(args.merge)
    else:
        mutants = generate(config.typecheck, config.root, cache_folder(config) / "tree")
        if args.patterns:
            mutants = [m for m in mutants if any(fnmatch.fnmatchcase(m.id, p) for p in args.patterns)]
        if args.shard:
            k, n = parse_shard(args.shard)
            mutants = [m for m in mutants if in_shard(m.id, k, n)]
        if args.list:
            print("\n".join(m.id for m in mutants))
            return EXIT_PASS
        try:
            outcome = sweep(config, mutants, args)
        except WorkerFailed as exc:
            print(f"claim_batch mutate: a worker could not start:\n{exc}", file=sys.stderr)
            return EXIT_RED
        if isinstance(outcome, int):
            return outcome
        auto, interrupted = outcome
    print("\n".join(table_lines(auto, equivalent)))
    problems = explain_survivors(auto, equivalent)
    if partial or interrupted:
        # Stale explanations can only be judged against the full set of mutants.
        problems = [p for p in problems if p.startswith("unexplained")]
    for problem in problems:
        print(problem)
    if args.out:
        write_atomically(Path(args.out), render({"schema": SHARD_SCHEMA, "shard": args.shard or "1/1", "auto": auto}))
        print(f"wrote {args.out} ({len(auto)} mutants)")
    if interrupted:
        print("interrupted: finished mutants are cached; rerun to resume", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.write:
        path = config.ledger / "kills.json"
        write_section(path, "auto", auto)
        print(f"wrote {path.relative_to(config.root)} (auto: {len(auto)} mutants)")
    survivors = sum(1 for e in auto.values() if e["status"] == SURVIVED)
    print(f"{len(auto)} mutants: {len(auto) - survivors} detected, {survivors} survived ({survivors - sum(1 for p in problems if p.startswith('unexplained'))} explained)")
    return EXIT_RED if problems else EXIT_PASS
