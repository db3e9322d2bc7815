"""The runner judges each control kind: pass, fail, error, timeout, and refusals read rightly."""

from __future__ import annotations

import time
from pathlib import Path

import attrs
import pytest

from claims import Witness, because, check
from claims._internal.kinds import Verdict
from claims._internal.running.one_claim import Settings, run_claim


@attrs.frozen
class Reason:
    where: str
    why: str


class TooBig(Reason):
    pass


class TooSmall(Reason):
    pass


@attrs.frozen
class Refused:
    reasons: tuple[Reason, ...]
    refused = True


@attrs.frozen
class Admitted:
    value: int
    refused = False


def admit(size: int) -> Admitted | Refused:
    reasons: list[Reason] = []
    if size > 10:
        reasons.append(TooBig("$.size", f"size {size} exceeds 10"))
    if size % 2:
        reasons.append(TooSmall("$.parity", f"size {size} is odd"))
    return Refused(tuple(reasons)) if reasons else Admitted(10 - size)


def settings(tmp_path: Path, timeout: float = 5.0) -> Settings:
    return Settings(timeout=timeout, snapshots=tmp_path / "snapshots")


def only(witness: Witness):  # type: ignore[no-untyped-def]
    (claim,) = witness.claims
    return claim


def test_a_positive_claim_passes(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("Four is admitted with margin six.", rules=[admit])
    def four_admits() -> None:
        check.equal("margin", check.admitted(admit(4)), 6)

    assert run_claim(only(w), settings(tmp_path)).verdict is Verdict.PASS


def test_a_mismatch_fails_showing_expected_and_observed(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("Four is admitted with margin five (wrong).", rules=[admit])
    def four_admits() -> None:
        check.equal("margin", check.admitted(admit(4)), 5)

    result = run_claim(only(w), settings(tmp_path))
    assert result.verdict is Verdict.FAIL
    assert result.expected == "margin: 5"
    assert result.observed == "margin: 6"


def test_a_positive_claim_returning_a_refusal_fails_with_its_reasons(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("Twelve is admitted (wrong).", rules=[admit])
    def twelve_admits():  # type: ignore[no-untyped-def]
        return admit(12)

    result = run_claim(only(w), settings(tmp_path))
    assert result.verdict is Verdict.FAIL
    assert result.reasons == ("TooBig @ $.size: size 12 exceeds 10",)


def test_a_crash_is_an_error_with_its_traceback(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("The claim crashes.", rules=[admit])
    def crashes() -> None:
        raise KeyError("missing")

    result = run_claim(only(w), settings(tmp_path))
    assert result.verdict is Verdict.ERROR
    assert result.error_type == "KeyError"
    assert "crashes" in result.detail and "claims/runner.py" not in result.detail


def test_a_hung_claim_times_out_as_an_error(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("The claim hangs.", rules=[admit])
    def hangs() -> None:
        while True:
            time.sleep(0.01)

    started = time.monotonic()
    result = run_claim(only(w), settings(tmp_path, timeout=0.3))
    assert result.verdict is Verdict.ERROR
    assert result.observed == "timed out after 0.3 s"
    assert time.monotonic() - started < 5


def test_a_claim_that_swallows_exceptions_still_times_out(tmp_path: Path) -> None:
    w = Witness("t.runner")

    @w.positive("The claim hangs and swallows every Exception.", rules=[admit])
    def hangs_stubbornly() -> None:
        while True:
            try:
                time.sleep(0.01)
            except Exception:
                pass

    assert run_claim(only(w), settings(tmp_path, timeout=0.2)).observed == "timed out after 0.2 s"


def refusal_witness(expected: list, exact: bool = True, size: int = 12) -> Witness:  # type: ignore[type-arg]
    w = Witness("t.refusal")

    @w.refusal("The size is refused.", rules=[admit], reasons=expected, exact=exact)
    def refuses():  # type: ignore[no-untyped-def]
        return admit(size)

    return w


def test_a_refusal_for_the_expected_located_reason_passes(tmp_path: Path) -> None:
    w = refusal_witness([because(TooBig, at="$.size", saying="exceeds 10")])
    result = run_claim(only(w), settings(tmp_path))
    assert result.verdict is Verdict.PASS
    assert result.reasons == ("TooBig @ $.size: size 12 exceeds 10",)


@pytest.mark.parametrize(
    "expected",
    [
        [because(TooSmall, at="$.size")],  # wrong kind
        [because(TooBig, at="$.elsewhere")],  # wrong location
        [because(TooBig, at="$.size", saying="exceeds 11")],  # wrong words
    ],
)
def test_a_refusal_for_another_reason_fails(tmp_path: Path, expected: list) -> None:  # type: ignore[type-arg]
    result = run_claim(only(refusal_witness(expected)), settings(tmp_path))
    assert result.verdict is Verdict.FAIL
    assert result.observed == "refused: TooBig @ $.size: size 12 exceeds 10"


def test_an_admit_is_not_a_refusal(tmp_path: Path) -> None:
    result = run_claim(only(refusal_witness([because(TooBig, at="$.size")], size=4)), settings(tmp_path))
    assert result.verdict is Verdict.FAIL
    assert result.observed == "admitted: Admitted(value=6)"


def test_a_crash_is_not_a_refusal(tmp_path: Path) -> None:
    w = Witness("t.refusal")

    @w.refusal("The size is refused.", rules=[admit], reasons=[because(TooBig, at="$.size")])
    def refuses():  # type: ignore[no-untyped-def]
        raise ValueError("not a refusal")

    result = run_claim(only(w), settings(tmp_path))
    assert result.verdict is Verdict.ERROR
    assert result.observed == "crashed instead of refusing: ValueError: not a refusal"


def test_extra_reasons_fail_an_exact_refusal_but_not_a_partial_one(tmp_path: Path) -> None:
    expected = [because(TooBig, at="$.size")]
    exact = run_claim(only(refusal_witness(expected, size=13)), settings(tmp_path))
    partial = run_claim(only(refusal_witness(expected, exact=False, size=13)), settings(tmp_path))
    assert exact.verdict is Verdict.FAIL and partial.verdict is Verdict.PASS


def test_every_expected_reason_must_be_matched_one_to_one(tmp_path: Path) -> None:
    twice = [because(TooBig, at="$.size"), because(TooBig, at="$.size")]
    assert run_claim(only(refusal_witness(twice)), settings(tmp_path)).verdict is Verdict.FAIL
    both = [because(TooSmall, at="$.parity"), because(TooBig, at="$.size")]
    assert run_claim(only(refusal_witness(both, size=13)), settings(tmp_path)).verdict is Verdict.PASS


def snapshot_witness(body: bytes | str) -> Witness:
    w = Witness("t.snap")

    @w.snapshot("The unit renders byte for byte.", rules=[admit])
    def unit():  # type: ignore[no-untyped-def]
        return body

    return w


def test_a_missing_snapshot_fails_and_writes_nothing(tmp_path: Path) -> None:
    result = run_claim(only(snapshot_witness("a\n")), settings(tmp_path))
    assert result.verdict is Verdict.FAIL
    assert "claim_batch snapshots --update t.snap.unit" in (result.observed or "")
    assert not (tmp_path / "snapshots").exists()


def test_a_snapshot_compares_raw_bytes(tmp_path: Path) -> None:
    stored = tmp_path / "snapshots" / "t.snap" / "unit.txt"
    stored.parent.mkdir(parents=True)
    stored.write_bytes(b"a\n")
    assert run_claim(only(snapshot_witness("a\n")), settings(tmp_path)).verdict is Verdict.PASS
    crlf = run_claim(only(snapshot_witness(b"a\r\n")), settings(tmp_path))
    assert crlf.verdict is Verdict.FAIL
    assert "line endings" in crlf.detail


def test_a_snapshot_diff_is_capped(tmp_path: Path) -> None:
    stored = tmp_path / "snapshots" / "t.snap" / "unit.txt"
    stored.parent.mkdir(parents=True)
    stored.write_bytes(b"".join(b"%d\n" % i for i in range(500)))
    result = run_claim(
        only(snapshot_witness("changed\n")), Settings(timeout=5, snapshots=tmp_path / "snapshots", diff_limit=10)
    )
    assert len(result.detail.splitlines()) == 11
    assert "diff cut at 10 lines" in result.detail


def test_a_property_claim_reports_the_shrunk_counterexample(tmp_path: Path) -> None:
    from hypothesis import given
    from hypothesis import settings as hsettings
    from hypothesis import strategies as st

    w = Witness("t.prop")

    @w.property("Every even size up to ten is admitted (wrongly claimed for all sizes).", rules=[admit])
    @hsettings(database=None, derandomize=True)
    @given(st.integers(min_value=0, max_value=100))
    def all_admit(size: int) -> None:
        check.admitted(admit(size))

    result = run_claim(only(w), settings(tmp_path, timeout=30))
    assert result.verdict is Verdict.FAIL
    # The minimal counterexample is the smallest odd size.
    assert "all_admit(\n    size=1,\n)" in (result.observed or "")


def test_a_claim_naming_tmp_path_gets_a_fresh_folder_removed_afterwards(tmp_path: Path) -> None:
    w = Witness("t.io")
    seen: list[Path] = []

    @w.positive("A file written in the claim's folder reads back.", rules=[admit])
    def writes(tmp_path: Path) -> None:
        seen.append(tmp_path)
        check.equal("entries before", list(tmp_path.iterdir()), [])
        (tmp_path / "packet.json").write_text("{}")
        check.equal("read back", (tmp_path / "packet.json").read_text(), "{}")

    assert run_claim(only(w), settings(tmp_path)).verdict is Verdict.PASS
    assert seen and not seen[0].exists()


def test_a_difference_the_shortened_values_hide_is_named_by_its_path(tmp_path: Path) -> None:
    w = Witness("t.hidden")
    names = [f"check_{i}" for i in range(12)]

    @w.positive("Twelve names, the tenth misspelt.", rules=[admit])
    def long_list() -> None:
        check.equal("names", [*names[:9], "check_9s", *names[10:]], names)

    @w.positive("A mapping whose fifth entry differs in a nested list.", rules=[admit])
    def nested() -> None:
        expected = {f"k{i}": [0] * 8 for i in range(6)}
        check.equal("table", {**expected, "k4": [0] * 7 + [1]}, expected)

    @w.positive("A short list differs where it shows: no extra line.", rules=[admit])
    def short() -> None:
        check.equal("pair", [1, 2], [1, 3])

    @w.positive("A list one item short of twelve.", rules=[admit])
    def shorter() -> None:
        check.equal("names", names[:11], names)

    config = settings(tmp_path)
    long_list_result, nested_result, short_result, shorter_result = (run_claim(c, config) for c in w.claims)
    assert long_list_result.verdict is Verdict.FAIL
    assert long_list_result.observed.splitlines()[-1] == "first difference at [9]: expected check_9, observed check_9s"
    assert nested_result.observed.splitlines()[-1] == "first difference at ['k4'][7]: expected 0, observed 1"
    assert short_result.observed == "pair: [1, 2]"
    assert shorter_result.observed.splitlines()[-1] == "lengths at the top: expected 12 items, observed 11"
