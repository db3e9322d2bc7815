"""Measure the suite's speed against baselines measured in the same run, side by side (a script, not a timed test).

    python bench/speed.py                 # claims cold/warm vs pytest, mutation vs mutmut, declared defects
    python bench/speed.py --runs 5        # more interleaved runs per comparison
    python bench/speed.py --ci            # also time the phases of .ci/run (after its install step)
    python bench/speed.py --only xdist    # one comparison (claims, xdist, mutation or declared; repeatable)

Everything runs in a temporary copy of the repository's tracked files, so an
edit made to measure a warm run never touches the checkout.  Ratios, not
seconds, are the figures that travel between machines: each comparison runs
both sides interleaved and reports medians.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
MODULE = "domain/spark/fit_wall.py"
PARTS = ("claims", "xdist", "mutation", "declared")


def copy_repo(target: Path) -> Path:
    """Copy the tracked files of the checkout (working-tree contents) into `target`."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, files):
        source, dest = ROOT / name.decode(), target / name.decode()
        if source.is_file():
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(source.read_bytes())
    return target


def timed(argv: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run a command; return wall seconds and the finished process.

    Both sides of every comparison run without CI set and without hypothesis's entry-point plugins: the test
    extra's selenium brings trio, whose plugin costs every process about 0.3 s here, and a user's install of the
    framework has no such plugin.  Both write bytecode as they import.
    """
    # Bytecode is written as modules import, as on a user's machine and in .ci/run (a PYTHONDONTWRITEBYTECODE
    # inherited from this shell would have every process compile every module again).
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONDONTWRITEBYTECODE")}
    env["HYPOTHESIS_NO_PLUGINS"] = "1"
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, proc


def interleaved(commands: list[tuple[str, list[str]]], cwd: Path, runs: int) -> list[float]:
    """Run the commands in turn, `runs` rounds; print each run; return each command's median, in order."""
    times: list[list[float]] = [[] for _ in commands]
    for n in range(runs):
        for (label, argv), taken in zip(commands, times, strict=True):
            seconds, proc = timed(argv, cwd)
            taken.append(seconds)
            print(
                f"  run {n + 1}/{runs}  {label:<34} {seconds:7.2f} s  exit {proc.returncode}",
                file=sys.stderr,
                flush=True,
            )
    return [statistics.median(taken) for taken in times]


def decomposed(theirs: float, alone: float, cold: float, workers: int) -> str:
    """Say the cold ratio (pytest / `workers` workers) as pytest / one worker, times one worker / `workers`."""
    return (
        f"  {theirs / cold:.2f}x = {theirs / alone:.2f}x (pytest / one worker: the same claims' code either way)"
        f" x {alone / cold:.2f}x (one worker / {workers}: at most {workers}x)"
    )


def claims_vs_pytest(repo: Path, runs: int, workers: int) -> None:
    """claim_batch cold (no cache) and warm after a one-function change, against pytest over the same claims.

    With more than one worker, a one-worker cold run is timed alongside: the cold ratio is then printed as the
    product of what one worker does against pytest (both run the same claims' code, so this stays near 1x) and
    what the extra workers add (at most the worker count), which says where a shortfall lies.
    """
    py = sys.executable
    pytest = [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "witnesses"]
    # Both load the rules and witnesses through the same import hook, which keeps their transformed code under
    # .claims-cache/bytecode: one untimed listing makes it, so neither side's first run pays for both.
    timed([py, "-m", "claims.cli", "--list"], repo)
    commands = [
        ("claim_batch --no-cache", [py, "-m", "claims.cli", "--no-cache", "-n", str(workers)]),
        ("pytest witnesses", pytest),
    ]
    if workers > 1:
        commands.append(("claim_batch --no-cache -n 1", [py, "-m", "claims.cli", "--no-cache", "-n", "1"]))
    cold, theirs, *alone = interleaved(commands, repo, runs)
    print(f"claim_batch cold ({workers} workers, no cache)   median {cold:6.2f} s")
    print(f"python -m pytest witnesses            median {theirs:6.2f} s")
    print(f"  ratio pytest / claim_batch cold = {theirs / cold:.2f}x")
    for one in alone:  # timed only with more than one worker
        print(f"claim_batch cold (1 worker, no cache)     median {one:6.2f} s")
        print(decomposed(theirs, one, cold, workers))
    for label, module, docstring in WARM_EDITS:
        warm_after_one_edit(repo, runs, workers, theirs, label, module, docstring)
    warm_unchanged(repo, runs, workers, theirs)


def warm_unchanged(repo: Path, runs: int, workers: int, theirs: float) -> None:
    """claim_batch with nothing changed since the last run (it imports no witness), against pytest's median."""
    py = sys.executable
    timed([py, "-m", "claims.cli"], repo)
    warm = [timed([py, "-m", "claims.cli", "-n", str(workers)], repo)[0] for _ in range(runs)]
    print(f"claim_batch warm, nothing changed   median {statistics.median(warm):6.2f} s")
    print(f"  ratio pytest / claim_batch warm (nothing changed) = {theirs / statistics.median(warm):.1f}x")


# Two one-function edits: a rule some witness modules run at import time (their claims rerun, and the claims that
# executed it) and a rule nothing runs at import (only the claims that executed it rerun).
WARM_EDITS = (
    ("a rule run at import", MODULE, "Return the pool share"),
    ("a rule not run at import", "domain/spark/capacity.py", "Return the stress model's per-rank bets"),
)


def warm_after_one_edit(
    repo: Path, runs: int, workers: int, theirs: float, label: str, module: str, docstring: str
) -> None:
    """claim_batch after a comment is added inside one function's body, against pytest's median."""
    py = sys.executable
    source = repo / module
    original = source.read_text()
    toggle = [0]

    def change_one_function() -> None:
        # A comment line inside one rule's body changes that function's source, and so the fingerprints of its claims.
        toggle[0] += 1
        edited = re.sub(
            rf"(\n    \"\"\"{re.escape(docstring)}[^\n]*\n)", rf"\1    # bench edit {toggle[0]}\n", original, count=1
        )
        assert edited != original, f"bench: no docstring {docstring!r} in {module}"
        source.write_text(edited)

    timed([py, "-m", "claims.cli"], repo)
    warm: list[float] = []
    for n in range(runs):
        change_one_function()
        seconds, proc = timed([py, "-m", "claims.cli", "-n", str(workers)], repo)
        reused = re.search(r"(\d+) of (\d+) results reused", proc.stdout + proc.stderr)
        warm.append(seconds)
        print(
            f"  run {n + 1}/{runs}  claim_batch warm ({label})   {seconds:7.2f} s  {reused.group(0) if reused else '0 results reused'}",
            file=sys.stderr,
            flush=True,
        )
    source.write_text(original)
    timed([py, "-m", "claims.cli"], repo)  # the cache back at the unedited source for what follows
    print(f"claim_batch warm, one function changed ({label}) median {statistics.median(warm):6.2f} s")
    print(f"  ratio pytest / claim_batch warm ({label}) = {theirs / statistics.median(warm):.1f}x")


DETECTED_STRYKER = {"Killed", "Timeout", "RuntimeError"}
"""The Stryker statuses of a detected mutant in `--report-json` (a failing claim, a timeout, a crash)."""
MUTMUT_DETECTED = {"killed", "timeout", "caught by type check", "segfault"}


def ours_detected(report: Path, module: str) -> tuple[set[str], set[str]]:
    """Return (every mutant, the detected ones) of a module from a `--report-json` written by `mutate --auto`."""
    data = json.loads(report.read_text(encoding="utf-8"))
    every, detected = set(), set()
    for entry in data.get("files", {}).values():
        for mutant in entry.get("mutants", []):
            name = mutant.get("id", "")
            if name.startswith(module + "."):
                every.add(name)
                if mutant.get("status") in DETECTED_STRYKER:
                    detected.add(name)
    return every, detected


def killers_recorded(report: Path, module: str) -> tuple[int, int]:
    """Return (killing claims recorded, detected mutants) over a module's mutants in a `--report-json`."""
    data = json.loads(report.read_text(encoding="utf-8"))
    killers = detected = 0
    for entry in data.get("files", {}).values():
        for mutant in entry.get("mutants", []):
            if mutant.get("id", "").startswith(module + ".") and mutant.get("status") in DETECTED_STRYKER:
                detected += 1
                killers += len(mutant.get("killedBy", []))
    return killers, detected


def mutmut_results(stdout: str) -> dict[str, str]:
    """Return each mutant's status from the results `mutmut run NAMES` prints after its run (one emoji and name a line)."""
    from mutmut.stats import emoji_by_status  # the statuses and emoji of the installed mutmut, not a copy of them

    status_of = {emoji: status for status, emoji in emoji_by_status.items()}
    out = {}
    lines = stdout.replace("\r", "\n").splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "Mutant results"), len(lines))
    for line in lines[start + 1 :]:
        emoji, _, name = line.strip().partition(" ")
        if emoji in status_of and name:
            out[name] = status_of[emoji]
    return out


def mutation_vs_mutmut(repo: Path, workers: int, runs: int) -> None:
    """`mutate --auto` on one module (mutmut's operators, every killer recorded) against `mutmut run` on the same mutants.

    The two run interleaved, `runs` times each; the ratios are of the medians (mutmut's own rate moves with the
    machine as much as ours does).
    """
    py = sys.executable
    module = MODULE[:-3].replace("/", ".")
    report = repo / ".bench-mutants.json"
    timed([py, "-m", "claims.cli"], repo)  # the baseline comes from the result cache, as in CI after the gate
    ours_cmd = [py, "-m", "claims.cli", "mutate", "--auto", f"{module}.*", "--operators", "mutmut", "--rebuild"]
    ours_cmd += ["-n", str(workers), "--report-json", str(report)]
    rates: list[float] = []
    their_rates: list[float] = []
    ours_times: list[float] = []
    their_times: list[float] = []
    every: set[str] = set()
    detected: set[str] = set()
    statuses: dict[str, str] = {}
    for n in range(runs):
        ours_s, ours = timed(ours_cmd, repo)
        rate = re.findall(r"([\d.]+)/s on", ours.stderr)
        found = ours_detected(report, module) if report.is_file() else (set(), set())
        shutil.rmtree(repo / "mutants", ignore_errors=True)  # mutmut's own tree and results: each run starts afresh
        theirs_s, theirs = timed([py, "-m", "mutmut", "run", f"{module}*", "--max-children", str(workers)], repo)
        their_rate = re.findall(r"([\d.]+) mutations/second", theirs.stdout)
        seen = mutmut_results(theirs.stdout)
        if n and (found != (every, detected) or seen != statuses):
            print("  the detected sets differ between runs: the last run's are compared below")
        every, detected, statuses = found[0], found[1], seen
        ours_times.append(ours_s)
        their_times.append(theirs_s)
        rates += [float(rate[-1])] if rate else []
        their_rates += [float(their_rate[-1])] if their_rate else []
        print(
            f"  run {n + 1}/{runs}  ours {rate[-1] if rate else '?'} mutants/s, {ours_s:.1f} s;  "
            f"mutmut {their_rate[-1] if their_rate else '?'} mutants/s, {theirs_s:.1f} s"
        )
    their_detected = {name for name, status in statuses.items() if status in MUTMUT_DETECTED}
    ours_rate = f"{statistics.median(rates):.2f}" if rates else "?"
    theirs_rate = f"{statistics.median(their_rates):.2f}" if their_rates else "?"
    print(
        f"mutate --auto {MODULE} ({workers} workers, mutmut operators, every killer)  median {ours_rate} mutants/s; "
        f"{len(detected)} of {len(every)} detected; {statistics.median(ours_times):.1f} s end to end"
    )
    print(
        f"mutmut run on the same module ({workers} children, first killer only)      median {theirs_rate} mutants/s; "
        f"{len(their_detected)} of {len(statuses)} detected; {statistics.median(their_times):.1f} s end to end"
    )
    if rates and their_rates:
        ratio = statistics.median(rates) / statistics.median(their_rates)
        print(f"  ratio ours / mutmut (mutants/s while testing) = {ratio:.2f}x")
        print(
            f"  ratio ours / mutmut (end to end) = {statistics.median(their_times) / statistics.median(ours_times):.2f}x"
        )
    if report.is_file():
        killers, found_by_ours = killers_recorded(report, module)
        if found_by_ours:
            print(
                f"  work behind the rates: ours recorded {killers} killing claims for {found_by_ours} detected mutants "
                f"({killers / found_by_ours:.1f} each, every one run to its verdict); mutmut stops at the first"
            )
    if every != set(statuses):
        print(
            f"  the two runs tested different mutants: {len(every - set(statuses))} only ours, {len(set(statuses) - every)} only mutmut's"
        )
    only_ours, only_theirs = sorted(detected - their_detected), sorted(their_detected - detected)
    print(
        "  detected sets: "
        + (
            "the same"
            if not only_ours and not only_theirs
            else f"{len(only_ours)} detected only by ours, {len(only_theirs)} only by mutmut"
        )
    )
    for name in only_theirs[:10]:
        print(f"    only mutmut detected {name} ({statuses[name]})")


def _passed(stdout: str) -> str:
    """Return pytest's closing counts (`1034 passed`), to say both runs found the same."""
    found = re.findall(r"(\d+ (?:passed|failed|skipped|errors?))", stdout)
    return ", ".join(found) or "no counts"


def xdist(repo: Path, runs: int, workers: int) -> None:
    """Claims as pytest items with pytest-xdist against one process, interleaved (goal: at most 0.6 of the time on
    two cores), and whether both found the same."""
    py = sys.executable
    one = [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "witnesses"]
    timed([py, "-m", "claims.cli", "--list"], repo)  # the import hook's bytecode, made once for both sides
    single, spread = interleaved(
        [("pytest witnesses", one), (f"pytest witnesses -n {workers}", [*one, "-n", str(workers)])], repo, runs
    )
    counts = [_passed(timed(argv, repo)[1].stdout) for argv in (one, [*one, "-n", str(workers)])]
    print(f"python -m pytest witnesses            median {single:6.2f} s  ({counts[0]})")
    print(f"python -m pytest witnesses -n {workers}       median {spread:6.2f} s  ({counts[1]})")
    print(f"  ratio -n {workers} / one process = {spread / single:.2f} (goal: at most 0.60 on two cores)")
    # The floor pytest-xdist itself sets here: plain tests of the claims' own costs, with nothing to import.
    twin = plain_twin(repo, one, repo.parent / "twin")
    plain = [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
    alone, shared = interleaved(
        [("plain twin", plain), (f"plain twin -n {workers}", [*plain, "-n", str(workers), "--dist", "worksteal"])],
        repo.parent / "twin",
        runs,
    )
    print(f"plain twin ({twin} plain tests)      median {alone:6.2f} s")
    print(f"plain twin -n {workers}                    median {shared:6.2f} s")
    print(
        f"  ratio -n {workers} / one process = {shared / alone:.2f} for plain tests that each spin the CPU as long as"
        " their claim took, and import nothing: pytest-xdist's own overhead at these costs"
    )


def plain_twin(repo: Path, argv: list[str], folder: Path) -> int:
    """Write under `folder` a plain pytest suite with the claims' per-test costs; return how many tests it has.

    One run of `argv` in one process times each claim (`--junitxml`: setup, call and teardown, to the
    millisecond); the twin has a file per witness file and, for each claim, a test that spins the CPU that long.
    It imports nothing (no rule, witness or hypothesis), so it costs less to start than the claims do.
    """
    report = folder.parent / "claims-junit.xml"
    timed([*argv, "--junitxml", str(report)], repo)
    return write_twin(junit_costs(report), folder)


def junit_costs(report: Path) -> dict[str, list[float]]:
    """Read each test's seconds from a JUnit XML report, grouped by its class name (its file), in report order."""
    files: dict[str, list[float]] = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        files.setdefault(case.get("classname", ""), []).append(float(case.get("time", "0")))
    return files


def write_twin(files: dict[str, list[float]], folder: Path) -> int:
    """Write one test file per group, one test per cost that spins the CPU that long; return the number of tests."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pytest.ini").write_text("[pytest]\n")
    spin = "import time\n\n\ndef _spin(seconds):\n    end = time.process_time() + seconds\n    while time.process_time() < end:\n        pass\n"
    for number, costs in enumerate(files.values()):
        tests = "".join(f"\n\ndef test_{k}():\n    _spin({cost!r})\n" for k, cost in enumerate(costs))
        (folder / f"test_{number:03d}.py").write_text(spin + tests)
    return sum(map(len, files.values()))


def declared(repo: Path, workers: int) -> None:
    """Wall time of the whole declared-defect set, rerun from scratch (as configured, and without the probe) and
    incrementally (as CI runs it)."""
    # As in CI: the gate's run left every claim's result in the cache (the baseline), and the mutation tree was made
    # ahead (`.ci/run` lists it in the background). The step before made a tree of mutmut's operators only.
    timed([sys.executable, "-m", "claims.cli"], repo)
    timed([sys.executable, "-m", "claims.cli", "mutate", "--auto", "--list", "-q"], repo)
    # The goal is in seconds, and this shared machine's speed drifts by a fifth within the hour: a cold claim run
    # timed alongside is the yardstick that tells a slower machine from a slower run.
    yardstick, _ = timed([sys.executable, "-m", "claims.cli", "--no-cache", "-n", str(workers)], repo)
    print(f"yardstick: claim_batch cold ({workers} workers, no cache) {yardstick:.1f} s")
    for label, extra in (
        ("every defect (--rebuild)", ["--rebuild"]),
        ("every defect, no probe (--rebuild --no-probe)", ["--rebuild", "--no-probe"]),
        ("incremental, nothing changed", []),
    ):
        seconds, proc = timed([sys.executable, "-m", "claims.cli", "mutate", "-q", "-n", str(workers), *extra], repo)
        summary = [line for line in proc.stdout.splitlines() if line.split(" ")[0].isdigit() and "defects:" in line]
        print(
            f"declared defects, {label}: {seconds:.1f} s = {seconds / yardstick:.1f} cold claim runs "
            f"({summary[-1] if summary else proc.stdout.splitlines()[-1:]})"
        )
        if extra == ["--rebuild"]:
            print(
                f"  ratio to the goal: {seconds:.1f} s / 60 s = {seconds / 60:.2f} (goal: at most 1.00 on two workers)"
            )


def ci_phases(repo: Path) -> None:
    """Time each command of .ci/run after its install step, with CI set as CI sets it."""
    phases = []
    for line in (ROOT / ".ci" / "run").read_text().splitlines():
        # A command .ci/run runs in the background, at the lowest priority, is timed alone here like the others.
        line = line.strip().removeprefix("nice -n 19 ")
        # The commands proper; the shell's plumbing (the background Chromium install and its wait) is not a phase.
        if not line.startswith(("python", "(python", "CLAIMS_E2E", "claim_batch", "mypy", "ruff")):
            continue
        # The README's test command installs first: time each of its other commands as a phase of its own.
        parts = [p.strip().strip("()").strip() for p in line.split("&&")]
        phases += [p for p in parts if p and "pip install" not in p]
    # As .ci/run does: CI set, and bytecode written as modules import.
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "CI": "true"}
    total = 0.0
    for phase in phases:
        start = time.perf_counter()
        proc = subprocess.run(["bash", "-c", phase], cwd=repo, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        total += seconds
        print(f"  {seconds:7.1f} s  exit {proc.returncode}  {phase}")
    print(f".ci/run phases after install, one at a time: {total:.1f} s (.ci/run overlaps the nice'd ones)")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False
    )
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs per comparison (default 3)")
    parser.add_argument(
        "--workers", type=int, default=2, help="workers for claim_batch and children for mutmut (default 2)"
    )
    parser.add_argument("--ci", action="store_true", help="also time the phases of .ci/run")
    parser.add_argument(
        "--only",
        choices=PARTS,
        action="append",
        help="run only this comparison (repeatable): claims (cold and warm vs pytest), xdist (pytest -n N vs one process), mutation (vs mutmut), declared",
    )
    args = parser.parse_args()
    parts = set(args.only or PARTS)
    with tempfile.TemporaryDirectory(prefix="claims-bench-") as tmp:
        repo = copy_repo(Path(tmp) / "repo")
        print(f"machine: {os.cpu_count()} CPUs; Python {sys.version.split()[0]}; copy of {ROOT} at {repo}")
        print(
            "both sides of each comparison: CI unset, HYPOTHESIS_NO_PLUGINS=1 (no entry-point plugins, as in a user's install)"
        )
        if "claims" in parts:
            claims_vs_pytest(repo, args.runs, args.workers)
        if "xdist" in parts:
            xdist(repo, args.runs, args.workers)
        if "mutation" in parts:
            mutation_vs_mutmut(repo, args.workers, args.runs)
        if "declared" in parts:
            declared(repo, args.workers)
        if args.ci:
            ci_phases(repo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
