"""Stop a command with SIGINT or SIGTERM wherever it is: the report of what finished, 130 or 143, never a swallowed interrupt."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import TOY, write_files

# Deliver the signal while a garbage collection's callback runs, once the command handles signals: a Ctrl-C that
# lands there (in the reach recorder's _CollectionGuard, in any finalizer) raises where Python can only print
# "Exception ignored in: ..." and go on, and `ledger --write` then finished its write and exited 0.
IN_A_COLLECTION = textwrap.dedent(
    """
    import gc, signal, sys
    from claims.cli import main

    armed = [True]

    def deliver_inside_a_collection(phase, info):
        if armed[0] and phase == "start" and signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            armed[0] = False
            signal.raise_signal(getattr(signal, sys.argv[1]))
            sum(range(3))  # a call: the handler runs here, inside the callback

    gc.callbacks.insert(0, deliver_inside_a_collection)
    sys.exit(main(sys.argv[2:]))
    """
)


def _environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in {"CI", "CLAIMS_PYPROJECT"}}


def _default_signals() -> None:
    # Start it as a terminal would (an xdist worker may hand down SIGINT ignored).
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM])


@pytest.mark.parametrize(("name", "code", "said"), [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated")])
def test_a_signal_inside_a_collection_stops_ledger_write(tmp_path: Path, name: str, code: int, said: str) -> None:
    root = tmp_path / "toy"
    shutil.copytree(TOY, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "toy_witnesses" / "broken.py").unlink()
    (root / "deliver.py").write_text(IN_A_COLLECTION)
    done = subprocess.run(
        [sys.executable, "deliver.py", name, "ledger", "--write"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        env=_environment(),
        preexec_fn=_default_signals,
    )
    assert (done.returncode, done.stdout) == (code, ""), done.stdout + done.stderr
    assert "Exception ignored" not in done.stderr and f"claim_batch: {said}" in done.stderr
    assert not (root / "ledger" / "claims.json").exists()


SLOW = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["slow_witnesses"]
        timeout = 60
    """,
    "slow_witnesses/__init__.py": "",
    "slow_witnesses/slow.py": """
        import time

        from claims import Witness

        witness = Witness("slow.rules")


        @witness.positive("The first claim is quick.", rules=["time.sleep"])
        def quick():
            pass


        @witness.positive("The second claim is slow.", rules=["time.sleep"])
        def slow():
            open("started", "w").close()
            time.sleep(30)
    """,
}


def test_sigterm_reports_what_finished_and_exits_143(tmp_path: Path) -> None:
    write_files(tmp_path, SLOW)
    # One worker, so the quick claim has finished when the slow one starts (it signals by a file: output is captured).
    proc = subprocess.Popen(
        [sys.executable, "-m", "claims.cli", "-n", "1", "--random-order=0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_environment(),
        preexec_fn=_default_signals,
    )
    deadline = time.monotonic() + 20
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 143, out + err
    assert "interrupted: 1 of 2 claims finished" in out
    assert out.splitlines()[-1] == "1 passed, 0 failed, 1 not run"


def test_a_claim_that_sends_its_worker_sigterm_is_still_its_error(tmp_path: Path) -> None:
    files = {
        **SLOW,
        "slow_witnesses/slow.py": """
            import os
            import signal

            from claims import Witness

            witness = Witness("slow.rules")


            @witness.positive("The claim ends its own worker.", rules=["os.kill"])
            def ends_its_worker():
                os.kill(os.getpid(), signal.SIGTERM)
        """,
    }
    write_files(tmp_path, files)
    done = subprocess.run(
        [sys.executable, "-m", "claims.cli", "-n", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env=_environment(),
        preexec_fn=_default_signals,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the worker running this claim killed by SIGTERM" in done.stdout
