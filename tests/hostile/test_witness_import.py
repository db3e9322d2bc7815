"""A witness module that ends, kills or hangs the process importing it is an ERROR naming it, never a green.

Before, `demo_claims/zz_exit.py` holding `import os; os._exit(0)` made
`CI=1 claim_batch gate` print nothing and exit 0; `sys.exit(0)` did the
same, `--json` printed 0 bytes and pytest exited 0; a SIGKILL at import
gave a silent 137, and a sleep hung the gate with no timeout.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, write_files

PROJECT = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["hw"]
        typecheck = ["hd"]
        ledger = "ledger"
        timeout = 3
        """,
    "hd/__init__.py": "",
    "hd/rules.py": '''
        def double(n: int) -> int:
            """Double a count."""
            return n * 2
        ''',
    "hw/__init__.py": "",
    "hw/rules.py": """
        from claims import Witness, check
        from hd import rules

        witness = Witness("rules", never_refuses=[rules.double])


        @witness.positive("Two doubled is four.", rules=[rules.double])
        def two_doubled() -> None:
            check.equal("double", rules.double(2), 4)
        """,
}
ENDINGS = {
    "os._exit(0)": ("import os\nos._exit(0)\n", "ended its process (exit 0) while importing"),
    "sys.exit(0)": ("import sys\nsys.exit(0)\n", "SystemExit: 0"),
    "a SIGKILL": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "was killed by SIGKILL while importing"),
    "a sleep": ("import time\ntime.sleep(60)\n", "did not finish importing within 3 s"),
}


@pytest.fixture(params=list(ENDINGS))
def project(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    code, said = ENDINGS[request.param]
    root = write_files(tmp_path / "p", PROJECT)
    (root / "hw" / "zz_exit.py").write_text(code)
    return root, said


@pytest.mark.parametrize("command", [(), ("gate",), ("--json",)])
def test_claim_batch_names_the_module_and_fails(project: tuple[Path, str], command: tuple[str, ...]) -> None:
    root, said = project
    done = run_cli(root, *command, env={"CI": "1"}, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    shown = done.stdout + done.stderr
    assert "hw.zz_exit" in shown and said in shown, shown
    if command == ("--json",):
        document = json.loads(done.stdout)
        assert document["import_errors"] and document["import_errors"][0]["module"] == "hw.zz_exit"
    else:
        assert "1 passed" in shown.splitlines()[-1 if command == () else -2], shown  # the closing line still comes


def test_mutate_names_the_module_and_fails(project: tuple[Path, str]) -> None:
    root, said = project
    done = run_cli(root, "mutate", "--auto", "-q", timeout=300)
    assert done.returncode != 0 and "hw.zz_exit" in done.stdout + done.stderr, done.stdout + done.stderr


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "two xdist workers sharing a probe"])
def test_the_pytest_plugin_names_the_module_and_fails(project: tuple[Path, str], workers: tuple[str, ...]) -> None:
    root, said = project
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "hw", "-q", "-p", "no:cacheprovider", *workers],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0, done.stdout + done.stderr
    assert "hw.zz_exit" in done.stdout and (said in done.stdout or "called sys.exit(0)" in done.stdout), done.stdout
