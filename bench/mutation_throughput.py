"""Compare mutants/s of `claim_batch mutate --auto` with `mutmut run` on the same source and claims, in one run.

    python bench/mutation_throughput.py                 # a green copy of the toy project
    python bench/mutation_throughput.py --project .     # any project with [tool.claims] and [tool.mutmut]

Both run on a fresh copy of the project (no caches).  Our engine records
every killing claim per mutant; mutmut stops at the first failing test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOY = HERE.parent / "tests" / "fixtures" / "toy"

MUTMUT_TABLE = """
[tool.mutmut]
source_paths = ["{source}"]
also_copy = ["{witnesses}", "ledger"]
pytest_add_cli_args_test_selection = ["{witnesses}"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]
"""


def toy_copy(folder: Path) -> Path:
    """Copy the toy project and make it green (its red and broken witnesses are there on purpose)."""
    project = folder / "toy"
    shutil.copytree(TOY, project, ignore=shutil.ignore_patterns("__pycache__"))
    (project / "toy_witnesses" / "mixed.py").unlink()
    (project / "toy_witnesses" / "broken.py").unlink()
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(text + MUTMUT_TABLE.format(source="toy_domain", witnesses="toy_witnesses"))
    return project


def timed(argv: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, proc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project", type=Path, help="project to copy (default: a green toy project)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.project:
            project = Path(tmp) / "project"
            shutil.copytree(args.project, project, ignore=shutil.ignore_patterns("__pycache__", "mutants", ".claims-cache", ".git"))
        else:
            project = toy_copy(Path(tmp))
        ours_s, ours = timed([sys.executable, "-m", "claims.cli", "mutate", "--auto", "--fresh", "--no-progress", "--workers", str(args.workers), "--out", "ours.json"], project)
        if not (project / "ours.json").is_file():
            print(ours.stdout + ours.stderr)
            return 1
        auto = json.loads((project / "ours.json").read_text())["auto"]
        ran = sum(1 for e in auto.values() if e["covering"])
        killers = sum(len(e["killers"]) for e in auto.values())
        theirs_s, theirs = timed([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.workers)], project)
        stats = [line for line in theirs.stdout.splitlines() if "mutations/second" in line]
        if theirs.returncode != 0 and not stats:
            print(theirs.stdout[-3000:] + theirs.stderr[-3000:])
        print(f"{'engine':<22} {'mutants':>8} {'seconds':>8} {'mutants/s':>10}  notes")
        print(f"{'claim_batch --auto':<22} {len(auto):>8} {ours_s:>8.2f} {len(auto) / ours_s:>10.1f}  {ran} run, {killers} (mutant, killer) pairs recorded")
        print(f"{'mutmut run':<22} {len(auto):>8} {theirs_s:>8.2f} {len(auto) / theirs_s:>10.1f}  first killer only; mutmut's own figure: {stats[-1].strip() if stats else '?'}")
        print(f"ratio (wall clock, end to end, generation and startup included): {theirs_s / ours_s:.1f}x")
        ours_rate = next((line.split("(")[-1].split()[0] for line in ours.stderr.splitlines() if line.startswith("ran ")), None)
        theirs_rate = stats[-1].split()[0] if stats else None
        if ours_rate and theirs_rate:
            print(f"ratio (steady state, mutants/s while testing): {ours_rate} vs {theirs_rate} = {float(ours_rate) / float(theirs_rate):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
