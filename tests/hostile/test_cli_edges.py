"""The small edges the fault run found: a worker count past the CPUs, abbreviated options, a cache folder that is not one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TOY, run_cli, write_files

from claims.cli import SUBCOMMANDS

BUSY = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["busy"]
        timeout = 30
    """,
    "busy/__init__.py": "",
    "busy/claims.py": """
        import time

        from claims import Witness, check

        witness = Witness("busy")


        def interval() -> None:
            start = time.time()
            time.sleep(0.4)
            check.equal("interval", f"{start} {time.time()}", "")  # red on purpose: the report carries the interval
    """
    + "".join(
        f"""

        @witness.positive("Claim {n} runs for a while.", rules=["time.sleep"])
        def claim_{n}() -> None:
            interval()
        """
        for n in range(4)
    ),
}


def _most_at_once(intervals: list[tuple[float, float]]) -> int:
    edges = sorted([(start, 1) for start, _ in intervals] + [(end, -1) for _, end in intervals])
    running = most = 0
    for _, step in edges:
        running += step
        most = max(most, running)
    return most


def test_workers_beyond_the_cpus_are_capped_with_a_note(tmp_path: Path) -> None:
    write_files(tmp_path, BUSY)
    one_cpu = min(os.sched_getaffinity(0))
    done = subprocess.run(
        [sys.executable, "-m", "claims.cli", "--json", "--no-cache", "--workers", "10000"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={k: v for k, v in os.environ.items() if k not in {"CI", "CLAIMS_PYPROJECT"}},
        preexec_fn=lambda: os.sched_setaffinity(0, {one_cpu}),
    )
    claims = json.loads(done.stdout)["claims"]
    intervals = [tuple(float(x) for x in c["observed"].split(": ", 1)[1].strip("'").split()) for c in claims]
    assert len(intervals) == 4 and _most_at_once(intervals) == 1  # type: ignore[arg-type]
    assert "claim_batch: --workers 10000 capped at 1, the CPUs this process may use" in done.stderr


COMMANDS = [
    ((), "--jso"),
    ((), "--no-c"),
    (("gate",), "--no-c"),
    (("snapshots",), "--upd"),
    (("ledger", "--check"), "--wri"),
    (("mutate",), "--aut"),
    (("mutate", "show", "an_id"), "--oper"),
    (("mutate", "survivors"), "--admit"),
    (("explain", "a.claim"), "--he"),
    (("where", "a.rule"), "--he"),
    (("init",), "--no-l"),
]


def test_every_subcommand_is_covered() -> None:
    assert {c[0] for c, _ in COMMANDS if c} == set(SUBCOMMANDS)


@pytest.mark.parametrize(
    ("command", "abbreviation"), COMMANDS, ids=lambda x: " ".join(x) if isinstance(x, tuple) else x
)
def test_no_option_may_be_abbreviated(tmp_path: Path, command: tuple[str, ...], abbreviation: str) -> None:
    done = run_cli(tmp_path, *command, abbreviation)
    assert done.returncode == 2 and f"unrecognized arguments: {abbreviation}" in done.stderr


@pytest.mark.parametrize("make", ["a regular file", "a dangling link"])
def test_a_cache_folder_that_is_not_a_folder_is_exit_2_named(tmp_path: Path, make: str) -> None:
    root = tmp_path / "toy"
    subprocess.run(["cp", "-r", str(TOY), str(root)], check=True)
    cache = root / ".claims-cache"
    if make == "a regular file":
        cache.write_text("not a folder")
        said = "got a regular file"
    else:
        cache.symlink_to(tmp_path / "nowhere")
        said = f"got a symbolic link to '{tmp_path / 'nowhere'}', which is not a folder"
    for args in (("toy.good",), ("ledger", "--check"), ("mutate", "--list")):
        done = run_cli(root, *args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert (
            f"claim_batch: {cache}: expected the folder of machine-local caches" in done.stderr and said in done.stderr
        )
