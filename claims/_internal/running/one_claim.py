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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import frozen

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

    run = _Run(claim, timeout or claim.timeout or settings.timeout, time.perf_counter(), isolated, explain)
    try:
        with deadline(run.limit), _folder(claim) as folder:
            value = _call(claim, folder)
    except BaseException as exc:
        result = _raised(run, exc)
        if result is None:
            raise
        return result
    return judge(claim, value, settings, run.elapsed())


@frozen
class _Run:
    """One run of a claim, as its exception handlers need it: the claim, its limit, its start, how to report."""

    claim: Claim
    limit: float
    start: float
    isolated: bool
    explain: bool

    def elapsed(self) -> float:
        """Return the seconds since the claim started."""
        return time.perf_counter() - self.start

    def traced(self, exc: BaseException) -> str:
        """Return the user's traceback of an exception, or nothing without `explain`."""
        return user_traceback(exc) if self.explain else ""


def _timed_out(run: _Run, exc: ClaimTimeout) -> Result:
    """Judge a claim that ran past its deadline: an ERROR."""
    return Result(
        run.claim,
        Verdict.ERROR,
        run.elapsed(),
        observed=f"timed out after {run.limit:g} s",
        detail=run.traced(exc),
        error_type="timeout",
    )


def _asserted(run: _Run, exc: AssertionError) -> Result:
    """Judge a failed assertion: the refusal a claim expects raised, else a FAIL (its values shown with `explain`)."""
    claim = run.claim
    if claim.raises is not None and isinstance(exc, claim.raises.kind) and not isinstance(exc, Mismatch):
        return judge_raised(claim, exc, run.elapsed(), run.traced(exc))
    if not run.explain:
        return Result(claim, Verdict.FAIL, run.elapsed())
    return _failed(claim, exc, run.elapsed())


def _grouped(run: _Run, group: BaseExceptionGroup[BaseException]) -> Result:
    """Judge a group of failures: a FAIL when every one is a failed assertion, else an ERROR."""
    verdict = Verdict.FAIL if _all_assertions(group) else Verdict.ERROR
    detail = "".join(traceback.format_exception(group)) if run.explain else ""
    return Result(
        run.claim,
        verdict,
        run.elapsed(),
        observed=f"{len(group.exceptions)} distinct failures",
        detail=detail,
        error_type=None if verdict is Verdict.FAIL else type(group).__name__,
    )


def _exited(run: _Run, exc: SystemExit) -> Result:
    """Judge a claim that called `sys.exit`: an ERROR, never the end of the run."""
    return Result(
        run.claim,
        Verdict.ERROR,
        run.elapsed(),
        observed=_exit_words(exc),
        detail=run.traced(exc),
        error_type="SystemExit",
    )


def _interrupted(run: _Run, exc: KeyboardInterrupt) -> Result | None:
    """Judge a KeyboardInterrupt: the claim's ERROR in a worker, else None (it stops the session)."""
    if not run.isolated:
        return None
    return Result(
        run.claim,
        Verdict.ERROR,
        run.elapsed(),
        observed="raised KeyboardInterrupt",
        error_type="KeyboardInterrupt",
    )


def _crashed(run: _Run, exc: BaseException) -> Result:
    """Judge any other exception: the refusal a refusal-by-exception claim expects, else a crash (an ERROR)."""
    claim = run.claim
    if claim.raises is not None and isinstance(exc, Exception):
        return judge_raised(claim, exc, run.elapsed(), run.traced(exc))
    crashed = "crashed instead of refusing" if claim.kind is Kind.REFUSAL else "crashed"
    checked = type_check_failure(exc) if run.explain else None
    return Result(
        claim,
        Verdict.ERROR,
        run.elapsed(),
        observed=f"{crashed}: {type(exc).__name__}: {exc}" + (f"\n{checked}" if checked else ""),
        detail=run.traced(exc),
        error_type=type(exc).__name__,
    )


_HANDLERS: tuple[tuple[type[BaseException], Callable[[_Run, Any], Result | None]], ...] = (
    (ClaimTimeout, _timed_out),
    (AssertionError, _asserted),
    (BaseExceptionGroup, _grouped),
    (SystemExit, _exited),
    (KeyboardInterrupt, _interrupted),
)
"""How a claim that raised is judged, by the first kind its exception is (anything else: `_crashed`)."""


def _raised(run: _Run, exc: BaseException) -> Result | None:
    """Decide what an exception the claim raised makes of it, by its kind; None when it must propagate."""
    handler = next((judged for kind, judged in _HANDLERS if isinstance(exc, kind)), _crashed)
    return handler(run, exc)
