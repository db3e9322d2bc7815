"""Supervised execution: claims run in forked workers; the supervisor owns every result and the order."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from claims import Witness, check
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.config import Config
from claims._internal.kinds import Verdict
from claims._internal.running.discovery import Discovery
from claims._internal.running.many_claims import Execution, Options, execute
from claims._internal.running.one_claim import Settings
from claims._internal.running.session import Session


def admit(size: int) -> int:
    return size


def session(tmp_path: Path) -> Session:
    config = Config(root=tmp_path, witnesses=(), typecheck=(), mutations=(), ledger=tmp_path / "ledger", timeout=5.0)
    return Session(config=config, profile="ci", discovery=Discovery((), ()), import_reach=ImportReach({}, {}))


def run(tmp_path: Path, w: Witness, timeout: float = 5.0, **options: object) -> Execution:
    settings = Settings(timeout=timeout, snapshots=tmp_path / "snapshots")
    chosen = Options(**{"workers": 1, "read_cache": False, "write_cache": False, **options})  # type: ignore[arg-type]
    return execute(session(tmp_path), w.claims, settings, chosen)


def verdicts(execution: Execution) -> dict[str, Verdict]:
    return {r.claim.name: r.verdict for r in execution.results}


def hostile_witness() -> Witness:
    w = Witness("t.hostile")

    @w.positive("The claim passes.", rules=[admit])
    def before() -> None:
        check.equal("size", admit(2), 2)

    @w.positive("The claim ends its process with os._exit(0).", rules=[admit])
    def underscore_exit() -> None:
        os._exit(0)

    @w.positive("The claim calls sys.exit(0).", rules=[admit])
    def sys_exit() -> None:
        sys.exit(0)

    @w.positive("The claim dies of a signal.", rules=[admit])
    def killed() -> None:
        os.kill(os.getpid(), signal.SIGSEGV)

    @w.positive("The claim blocks the alarm and spins, as a call stuck in C would.", rules=[admit])
    def stuck() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
        while True:
            pass

    @w.positive("The claim prints and then fails.", rules=[admit])
    def loud() -> None:
        print("hello from the claim")
        os.write(2, b"raw stderr\n")
        check.equal("size", admit(2), 3)

    @w.positive("The claim passes after the others.", rules=[admit])
    def after() -> None:
        check.equal("size", admit(3), 3)

    return w


def test_a_claim_that_ends_its_worker_is_an_error_and_the_rest_still_run(tmp_path: Path) -> None:
    execution = run(tmp_path, hostile_witness(), timeout=0.5)
    seen = verdicts(execution)
    assert seen == {
        "before": Verdict.PASS,
        "underscore_exit": Verdict.ERROR,
        "sys_exit": Verdict.ERROR,
        "killed": Verdict.ERROR,
        "stuck": Verdict.ERROR,
        "loud": Verdict.FAIL,
        "after": Verdict.PASS,
    }
    by_name = {r.claim.name: r for r in execution.results}
    assert "exited with status 0" in (by_name["underscore_exit"].observed or "")
    assert "sys.exit(0)" in (by_name["sys_exit"].observed or "")
    assert "killed by SIGSEGV" in (by_name["killed"].observed or "")
    assert "Fatal Python error" in by_name["killed"].detail  # faulthandler's dump, read from the dead worker
    assert "was killed" in (by_name["stuck"].observed or "") and by_name["stuck"].error_type == "timeout"
    assert "hello from the claim" in by_name["loud"].output and "raw stderr" in by_name["loud"].output


def test_results_keep_the_claim_order_whatever_the_workers_and_the_order(tmp_path: Path) -> None:
    w = Witness("t.order")
    for n in range(12):

        def claim(n: int = n) -> None:
            time.sleep(0.01 * (n % 3))
            check.equal("n", admit(n) % 5 == 0, n % 5 == 0)

        claim.__name__ = f"claim_{n:02d}"
        w.positive(f"Claim {n} holds.", rules=[admit])(claim)
    one = run(tmp_path, w)
    two = run(tmp_path, w, workers=2)
    shuffled = run(tmp_path, w, workers=2, seed=7)
    names = [r.claim.name for r in one.results]
    assert names == sorted(names)
    for other in (two, shuffled):
        assert [(r.claim.name, r.verdict) for r in other.results] == [(r.claim.name, r.verdict) for r in one.results]


def test_exitfirst_stops_after_the_first_red_claim(tmp_path: Path) -> None:
    w = Witness("t.first")

    @w.positive("The first claim fails.", rules=[admit])
    def first() -> None:
        check.equal("size", admit(2), 0)

    @w.positive("The second claim passes.", rules=[admit])
    def second() -> None:
        check.equal("size", admit(2), 2)

    execution = run(tmp_path, w, exitfirst=True)
    assert [r.claim.name for r in execution.results] == ["first"] and execution.stopped


def test_no_worker_is_left_behind(tmp_path: Path) -> None:
    run(tmp_path, hostile_witness(), timeout=0.5, workers=2)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # no child of this process remains, not even a zombie


def test_a_claims_reach_through_a_converters_cached_dispatch_is_its_own_whatever_ran_before(tmp_path: Path) -> None:
    import cattrs

    from claims._internal.caching import reach

    converter = cattrs.Converter()

    def is_size(kind: object) -> bool:
        reach.table()["toy:is_size:1"] = 1  # what the loader's instrumentation stores for a rule's statement
        return kind is complex

    converter.register_structure_hook_func(is_size, lambda value, kind: complex(value))
    w = Witness("t.dispatch")
    for n in range(4):

        def claim(n: int = n) -> None:
            check.equal("structured", converter.structure(n, complex), complex(n))

        claim.__name__ = f"claim_{n}"
        w.positive(f"Claim {n} structures a size.", rules=[admit])(claim)
    for execution in (run(tmp_path, w), run(tmp_path, w, workers=2, seed=3)):
        # Without the reset only the first claim of each worker would have run the predicate.
        assert all("toy:is_size:1" in keys for keys in execution.reach.values()), execution.reach
