"""Evaluate claims in-process, each isolated, each under a deadline.

One claim raising never stops the others; a hung claim becomes ERROR
"timed out after N s"; every result records its duration.  Judging a
claim's value is separate from running it: see `judge`.
"""

from __future__ import annotations

import reprlib
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import field, frozen

from claims.check import Mismatch
from claims._internal.declare import Claim
from claims._internal.kinds import Kind, Verdict
from claims._internal.outcome import describe_reason, describe_reasons, read_reasons, unmatched
from claims._internal.tracebacks import user_traceback
from claims._internal.snapshot import DEFAULT_DIFF_LINES, diff_lines, digest, snapshot_path

_short = reprlib.Repr()
_short.maxstring = 300
_short.maxother = 300


@frozen
class Result:
    """Say how one claim ended: verdict, expected against observed, located reasons, time."""

    claim: Claim
    verdict: Verdict
    duration: float
    expected: str | None = None
    observed: str | None = None
    reasons: tuple[str, ...] = ()
    detail: str = ""
    error_type: str | None = None
    digest: str | None = None
    payload: bytes | None = field(default=None, eq=False, repr=False)


@frozen
class Settings:
    """Hold what the runner needs besides the claims."""

    timeout: float
    snapshots: Path
    diff_limit: int = DEFAULT_DIFF_LINES


class ClaimTimeout(BaseException):
    """Interrupt a claim that ran past its deadline (a BaseException so claims cannot swallow it)."""


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


def _notes(exc: BaseException) -> str:
    # Hypothesis attaches the shrunk falsifying example as a note.
    return "\n".join(getattr(exc, "__notes__", ()) or ())


def _failed(claim: Claim, exc: AssertionError, duration: float) -> Result:
    notes = _notes(exc)
    if isinstance(exc, Mismatch):
        observed = _short.repr(exc.observed) if not isinstance(exc.observed, str) else exc.observed
        expected = _short.repr(exc.expected) if not isinstance(exc.expected, str) else exc.expected
        return Result(claim, Verdict.FAIL, duration, expected=f"{exc.what}: {expected}", observed=f"{exc.what}: {observed}" + (f"\n{notes}" if notes else ""))
    return Result(claim, Verdict.FAIL, duration, expected="the assertion holds", observed=(str(exc) or type(exc).__name__) + (f"\n{notes}" if notes else ""), detail=user_traceback(exc))


def _all_assertions(group: BaseExceptionGroup[BaseException]) -> bool:
    return all(isinstance(e, AssertionError) or (isinstance(e, BaseExceptionGroup) and _all_assertions(e)) for e in group.exceptions)


def run_claim(claim: Claim, settings: Settings) -> Result:
    """Run one claim to a Result; only KeyboardInterrupt escapes."""
    limit = claim.timeout or settings.timeout
    start = time.perf_counter()
    try:
        with deadline(limit):
            value = claim.fn()
    except ClaimTimeout:
        return Result(claim, Verdict.ERROR, time.perf_counter() - start, observed=f"timed out after {limit:g} s", error_type="timeout")
    except AssertionError as exc:
        return _failed(claim, exc, time.perf_counter() - start)
    except BaseExceptionGroup as group:
        if isinstance(group, KeyboardInterrupt):
            raise
        verdict = Verdict.FAIL if _all_assertions(group) else Verdict.ERROR
        return Result(claim, verdict, time.perf_counter() - start, observed=f"{len(group.exceptions)} distinct failures", detail="".join(traceback.format_exception(group)), error_type=None if verdict is Verdict.FAIL else type(group).__name__)
    except Exception as exc:
        crashed = "crashed instead of refusing" if claim.kind is Kind.REFUSAL else "crashed"
        return Result(claim, Verdict.ERROR, time.perf_counter() - start, observed=f"{crashed}: {type(exc).__name__}: {exc}", detail=user_traceback(exc), error_type=type(exc).__name__)
    return judge(claim, value, settings, time.perf_counter() - start)


def judge(claim: Claim, value: Any, settings: Settings, duration: float) -> Result:
    """Turn what a claim returned into a verdict, by its control kind."""
    reasons = read_reasons(value)
    shown = tuple(describe_reason(r) for r in reasons or ())
    if claim.kind is Kind.REFUSAL:
        expected = "refused: " + "; ".join(b.describe() for b in claim.reasons)
        if reasons is None:
            return Result(claim, Verdict.FAIL, duration, expected=expected, observed=f"admitted: {_short.repr(value)}")
        missing, extra = unmatched(claim.reasons, reasons)
        if missing or (claim.exact_reasons and extra):
            return Result(claim, Verdict.FAIL, duration, expected=expected, observed=f"refused: {describe_reasons(reasons)}", reasons=shown)
        return Result(claim, Verdict.PASS, duration, reasons=shown)
    if claim.kind is Kind.SNAPSHOT:
        return _judge_snapshot(claim, value, settings, duration)
    if reasons is not None:
        return Result(claim, Verdict.FAIL, duration, expected="admitted", observed=f"refused: {describe_reasons(reasons)}", reasons=shown)
    return Result(claim, Verdict.PASS, duration)


def _judge_snapshot(claim: Claim, value: Any, settings: Settings, duration: float) -> Result:
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not isinstance(value, bytes):
        return Result(claim, Verdict.ERROR, duration, observed=f"a snapshot claim returns bytes or str, got {type(value).__name__}", error_type="TypeError")
    path = snapshot_path(settings.snapshots, claim)
    observed = digest(value)
    if not path.is_file():
        return Result(claim, Verdict.FAIL, duration, expected=f"stored snapshot {path}", observed=f"no snapshot stored ({len(value)} bytes rendered, sha256 {observed}); run `claim_batch snapshots --update {claim.id}`", digest=observed, payload=value)
    stored = path.read_bytes()
    if stored != value:
        return Result(claim, Verdict.FAIL, duration, expected=f"{len(stored)} bytes, sha256 {digest(stored)}", observed=f"{len(value)} bytes, sha256 {observed}", detail="\n".join(diff_lines(stored, value, settings.diff_limit)), digest=observed, payload=value)
    return Result(claim, Verdict.PASS, duration, digest=observed, payload=value)


@frozen
class Run:
    """Hold the results of a run and whether Ctrl-C cut it short."""

    results: tuple[Result, ...]
    interrupted: bool = False
    stopped_early: bool = False


def run_claims(
    claims: Iterable[Claim],
    settings: Settings,
    *,
    exitfirst: bool = False,
    on_result: Callable[[Result], None] | None = None,
) -> Run:
    """Run claims in order; keep what finished if interrupted; stop at the first red with exitfirst."""
    results: list[Result] = []
    try:
        for claim in claims:
            result = run_claim(claim, settings)
            results.append(result)
            if on_result is not None:
                on_result(result)
            if exitfirst and result.verdict.red:
                return Run(tuple(results), stopped_early=True)
    except KeyboardInterrupt:
        return Run(tuple(results), interrupted=True)
    return Run(tuple(results))
