"""Judge what a claim returned, by its control kind: a pure function of the value (and the stored snapshot)."""

from __future__ import annotations

from typing import Any

from claims._internal.declare import Claim
from claims._internal.kinds import Kind, Verdict
from claims._internal.result import Result, Settings
from claims._internal.running.difference import SHORT
from claims._internal.running.outcome import describe_reason, describe_reasons, read_reasons, unmatched
from claims._internal.snapshots import diff_lines, digest, snapshot_path


def judge(claim: Claim, value: Any, settings: Settings, duration: float) -> Result:
    """Turn what a claim returned into a verdict, by its control kind."""
    reasons = read_reasons(value)
    shown = tuple(describe_reason(r) for r in reasons or ())
    if claim.kind is Kind.REFUSAL:
        return _judge_refusal(claim, value, reasons, shown, duration)
    if claim.kind is Kind.SNAPSHOT:
        return _judge_snapshot(claim, value, settings, duration)
    return _judge_admission(claim, reasons, shown, duration)


def _judge_refusal(
    claim: Claim, value: Any, reasons: tuple[Any, ...] | None, shown: tuple[str, ...], duration: float
) -> Result:
    """Judge a refusal claim: it returned instead of raising, admitted, or refused for other reasons than declared."""
    if claim.raises is not None:
        observed = "returned without raising" + (f": {SHORT.repr(value)}" if value is not None else "")
        return Result(claim, Verdict.FAIL, duration, expected=claim.raises.describe(), observed=observed, reasons=shown)
    expected = "refused: " + "; ".join(b.describe() for b in claim.reasons)
    if reasons is None:
        return Result(claim, Verdict.FAIL, duration, expected=expected, observed=f"admitted: {SHORT.repr(value)}")
    missing, extra = unmatched(claim.reasons, reasons)
    if missing or (claim.exact_reasons and extra):
        return Result(
            claim,
            Verdict.FAIL,
            duration,
            expected=expected,
            observed=f"refused: {describe_reasons(reasons)}",
            reasons=shown,
        )
    return Result(claim, Verdict.PASS, duration, reasons=shown)


def _judge_admission(claim: Claim, reasons: tuple[Any, ...] | None, shown: tuple[str, ...], duration: float) -> Result:
    """Judge a claim that expects admission: it fails if the value is a refusal."""
    if reasons is not None:
        return Result(
            claim,
            Verdict.FAIL,
            duration,
            expected="admitted",
            observed=f"refused: {describe_reasons(reasons)}",
            reasons=shown,
        )
    return Result(claim, Verdict.PASS, duration)


def judge_raised(claim: Claim, exc: BaseException, duration: float, detail: str) -> Result:
    """Judge an exception a refusal-by-exception claim's rule raised: its type, its message, its location."""
    assert claim.raises is not None
    expected = claim.raises.describe()
    observed = f"raised {type(exc).__name__}: {exc}"
    if not isinstance(exc, claim.raises.kind):
        # Another exception is a crash, not the refusal: shown with its traceback, never a pass.
        return Result(
            claim,
            Verdict.ERROR,
            duration,
            expected=expected,
            observed=f"crashed instead of refusing: {type(exc).__name__}: {exc}",
            detail=detail,
            error_type=type(exc).__name__,
        )
    misses = claim.raises.misses(exc)
    if misses:
        return Result(claim, Verdict.FAIL, duration, expected=expected, observed=f"{observed} ({'; '.join(misses)})")
    return Result(claim, Verdict.PASS, duration, reasons=(observed,))


def _judge_snapshot(claim: Claim, value: Any, settings: Settings, duration: float) -> Result:
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not isinstance(value, bytes):
        return Result(
            claim,
            Verdict.ERROR,
            duration,
            observed=f"a snapshot claim returns bytes or str, got {type(value).__name__}",
            error_type="TypeError",
        )
    path = snapshot_path(settings.snapshots, claim)
    observed = digest(value)
    if not path.is_file():
        return Result(
            claim,
            Verdict.FAIL,
            duration,
            expected=f"stored snapshot {path}",
            observed=f"no snapshot stored ({len(value)} bytes rendered, sha256 {observed}); run `claim_batch snapshots --update {claim.id}`",
            digest=observed,
            payload=value,
        )
    stored = path.read_bytes()
    if stored != value:
        return Result(
            claim,
            Verdict.FAIL,
            duration,
            expected=f"{len(stored)} bytes, sha256 {digest(stored)}",
            observed=f"{len(value)} bytes, sha256 {observed}",
            detail="\n".join(diff_lines(stored, value, settings.diff_limit)),
            digest=observed,
            payload=value,
        )
    return Result(claim, Verdict.PASS, duration, digest=observed, payload=value)
