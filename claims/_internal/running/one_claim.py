"""Run one claim in this process, under a deadline, to a Result (`result`); judging is in `judge`.

Whatever the claim does short of ending the process (raising, timing out,
calling `sys.exit`), one Result comes back.  Ending the process (`os._exit`,
a segfault, a hang inside one C call) is the supervisor's business: claims
run in worker processes it watches (see `supervisor`).
"""

from __future__ import annotations

import shutil
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from claims._internal.declare import Claim
from claims._internal.kinds import Kind, Verdict
from claims._internal.result import Result, Settings
from claims._internal.running.difference import hidden_difference, shown
from claims._internal.running.judge import judge, judge_raised
from claims._internal.running.tracebacks import type_check_failure, user_traceback
from claims.check import Mismatch

__all__ = ["ClaimTimeout", "FirstFailure", "Result", "Settings", "deadline", "run_claim"]


class ClaimTimeout(BaseException):
    """Interrupt a claim that ran past its deadline (a BaseException so claims cannot swallow it)."""


class FirstFailure(BaseException):
    """Carry a property claim's first failing example's error straight out of hypothesis (mutation mode).

    A BaseException, so hypothesis neither records, replays nor reports it; `run_claim` judges the error it
    carries as if the claim had raised it (see `mutation.apply.mutation_budgets`).
    """

    def __init__(self, error: BaseException) -> None:
        super().__init__(error)
        self.error = error


def _call(claim: Claim, folder: Path | None) -> object:
    try:
        return claim.fn(tmp_path=folder) if folder is not None else claim.fn()
    except FirstFailure as first:
        raise first.error from first.error.__cause__


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise ClaimTimeout in the main thread after `seconds`; elsewhere run without a deadline."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise ClaimTimeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _folder(claim: Claim) -> Iterator[Path | None]:
    """Give a claim that names `tmp_path` a fresh empty folder, removed afterwards whatever happened."""
    if not claim.wants_tmp_path:
        yield None
        return
    folder = tempfile.mkdtemp(prefix="claim-")
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _notes(exc: BaseException) -> str:
    # Hypothesis attaches the shrunk falsifying example as a note.
    return "\n".join(getattr(exc, "__notes__", ()) or ())


def _failed(claim: Claim, exc: AssertionError, duration: float) -> Result:
    notes = _notes(exc)
    if isinstance(exc, Mismatch):
        hidden = hidden_difference(exc.expected, exc.observed)
        return Result(
            claim,
            Verdict.FAIL,
            duration,
            expected=f"{exc.what}: {shown(exc.expected)}",
            observed=f"{exc.what}: {shown(exc.observed)}"
            + (f"\n{hidden}" if hidden else "")
            + (f"\n{notes}" if notes else ""),
        )
    observed = (str(exc) or type(exc).__name__) + (f"\n{notes}" if notes else "")
    return Result(
        claim, Verdict.FAIL, duration, expected="the assertion holds", observed=observed, detail=user_traceback(exc)
    )


def _all_assertions(group: BaseExceptionGroup[BaseException]) -> bool:
    return all(
        isinstance(e, AssertionError) or (isinstance(e, BaseExceptionGroup) and _all_assertions(e))
        for e in group.exceptions
    )


def _exit_words(exc: SystemExit) -> str:
    return f"called sys.exit({exc.code!r}), which would have ended the run; a claim returns or raises instead"


def run_claim(
    claim: Claim, settings: Settings, timeout: float | None = None, *, isolated: bool = False, explain: bool = True
) -> Result:
    """Run one claim to a Result; `sys.exit` raised by the claim is an ERROR too.

    In a worker (`isolated`), where Ctrl-C is the supervisor's, a KeyboardInterrupt
    can only come from the claim, and is its ERROR; in-process (under pytest) it
    propagates, so Ctrl-C still stops the session.  Without `explain` (a mutation
    run keeps only the verdict and the error's type) no traceback is formatted and
    a failed assertion's expected and observed values are not rendered.
    """

    def traced(exc: BaseException) -> str:
        return user_traceback(exc) if explain else ""

    limit = timeout or claim.timeout or settings.timeout
    start = time.perf_counter()
    try:
        with deadline(limit), _folder(claim) as folder:
            value = _call(claim, folder)
    except ClaimTimeout as exc:
        return Result(
            claim,
            Verdict.ERROR,
            time.perf_counter() - start,
            observed=f"timed out after {limit:g} s",
            detail=traced(exc),
            error_type="timeout",
        )
    except AssertionError as exc:
        if claim.raises is not None and isinstance(exc, claim.raises.kind) and not isinstance(exc, Mismatch):
            return judge_raised(claim, exc, time.perf_counter() - start, traced(exc))
        if not explain:
            return Result(claim, Verdict.FAIL, time.perf_counter() - start)
        return _failed(claim, exc, time.perf_counter() - start)
    except BaseExceptionGroup as group:
        verdict = Verdict.FAIL if _all_assertions(group) else Verdict.ERROR
        detail = "".join(traceback.format_exception(group)) if explain else ""
        return Result(
            claim,
            verdict,
            time.perf_counter() - start,
            observed=f"{len(group.exceptions)} distinct failures",
            detail=detail,
            error_type=None if verdict is Verdict.FAIL else type(group).__name__,
        )
    except SystemExit as exc:
        return Result(
            claim,
            Verdict.ERROR,
            time.perf_counter() - start,
            observed=_exit_words(exc),
            detail=traced(exc),
            error_type="SystemExit",
        )
    except KeyboardInterrupt:
        if not isolated:
            raise
        return Result(
            claim,
            Verdict.ERROR,
            time.perf_counter() - start,
            observed="raised KeyboardInterrupt",
            error_type="KeyboardInterrupt",
        )
    except BaseException as exc:
        if claim.raises is not None and isinstance(exc, Exception):
            return judge_raised(claim, exc, time.perf_counter() - start, traced(exc))
        crashed = "crashed instead of refusing" if claim.kind is Kind.REFUSAL else "crashed"
        checked = type_check_failure(exc) if explain else None
        return Result(
            claim,
            Verdict.ERROR,
            time.perf_counter() - start,
            observed=f"{crashed}: {type(exc).__name__}: {exc}" + (f"\n{checked}" if checked else ""),
            detail=traced(exc),
            error_type=type(exc).__name__,
        )
    return judge(claim, value, settings, time.perf_counter() - start)
