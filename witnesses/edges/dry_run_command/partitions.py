"""Witness the command line across the partitions of its inputs: any set of --open in any order, with or without a utilization; every whole part; epoch second 0; a bare frontier number padded; a zone-less time at any second."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.core.outcome import Admitted
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from domain.spark.frontiers import ObligationOpen
from witnesses.core import strategies as core_gen
from witnesses.edges.dry_run_command import OUT, v41, witness
from witnesses.edges.fixtures import ADMITTING_LOG

BARE_KEYS = tuple(key.removeprefix("#") for key in cmd.OPENABLE if key.startswith("#"))


@witness.property(
    "Any set of openable frontiers, given in any order, leaves exactly those frontiers open and refuses the report for each; a utilization beside them is refused at its option exactly when #12371 is among them, wherever it stands.",
    rules=[cmd.dry_run_report],
)
@settings(max_examples=25)
@given(st.lists(st.sampled_from(cmd.OPENABLE), min_size=1, max_size=4, unique=True), st.booleans())
@example(["#12371", "#12359"], False)
@example(["#12359", "#12371"], True)
@example(["wet-runner", "#12351"], False)
def any_frontiers_in_any_order_are_left_open(keys: list[str], utilization: bool) -> None:
    call = v41(opened=tuple(keys), utilization="0.90" if utilization else None)
    outcome = cmd.dry_run_report(call, Admitted(ADMITTING_LOG), OUT, now=0)
    if utilization and "#12371" in keys:
        check.equal(
            f"{keys} with a utilization",
            [(type(r), r.where) for r in check.refused(outcome)],
            [(BadArgument, "--gpu-memory-utilization")],
        )
        return
    report = check.admitted(outcome)
    check.equal(
        f"{keys} refused for",
        sorted(r.where for r in check.refused(report.verdict) if isinstance(r, ObligationOpen)),
        sorted(keys),
    )
    check.equal(f"{keys} open", sorted(f.split(",", 1)[0] for f in report.frontiers if ": OPEN; " in f), sorted(keys))
    check.equal("launch shape", report.utilization_bp, None if "#12371" in keys else (9000 if utilization else 8000))


@witness.property(
    "A utilization with five or more decimal places is refused at --gpu-memory-utilization whatever its whole part (0, 1, 00 or 01), even when its value is a share in (0, 1].",
    rules=[cmd.utilization_bp],
)
@settings(max_examples=25)
@given(st.sampled_from(["0", "1", "00", "01"]), st.from_regex(r"[0-9]{5,9}", fullmatch=True))
@example("1", "00000")
@example("0", "80000")
def more_than_four_places_are_refused_whatever_the_whole_part(whole: str, places: str) -> None:
    text = f"{whole}.{places}"
    check.equal(
        text,
        [(type(r), r.where) for r in check.refused(cmd.utilization_bp(text))],
        [(BadArgument, "--gpu-memory-utilization")],
    )


@witness.property(
    "Every epoch second from 0 reads as itself, and an ISO time with no zone is refused at --at at any second, fraction or minute.",
    rules=[cmd.read_time],
)
@settings(max_examples=25)
@given(st.integers(min_value=0, max_value=10**12), st.integers(0, 59), st.sampled_from(["", ".5", ".000001"]))
@example(0, 0, "")
@example(1, 5, "")
@example(59, 59, ".5")
def every_epoch_second_reads_and_no_zone_less_time_does(epoch: int, second: int, fraction: str) -> None:
    check.equal(f"epoch {epoch}", cmd.read_time(str(epoch)), Admitted(epoch))
    for text in (f"2026-01-01T01:00:{second:02d}{fraction}", "2026-01-01T01:00"):
        check.equal(
            f"{text!r} without a zone",
            [(type(r), r.where) for r in check.refused(cmd.read_time(text))],
            [(BadArgument, "--at")],
        )


@witness.property(
    "A frontier's bare number names it exactly: padded with a space, tab or newline before or after, or with any other near miss, it is refused at --open.",
    rules=[cmd.frontier_key],
)
@settings(max_examples=25)
@given(core_gen.sampled_then(BARE_KEYS, lambda key: st.tuples(st.just(key), core_gen.near_misses(key))))
@example(("12371", "12371 "))
@example(("12359", " 12359"))
@example(("12351", "12351\t"))
@example(("12371", "12371\n"))
def a_bare_frontier_number_admits_only_itself(drawn: tuple[str, str]) -> None:
    key, miss = drawn
    check.equal(f"{key!r} itself", cmd.frontier_key(key), Admitted(f"#{key}"))
    check.equal(
        f"{miss!r}", [(type(r), r.where) for r in check.refused(cmd.frontier_key(miss))], [(BadArgument, "--open")]
    )
