"""Option values read whole: the directory, a utilization of four places, the frontiers named in the order given."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from witnesses.edges.dry_run_command import OUT, v41, witness
from witnesses.edges.fixtures import ADMITTING_LOG


@witness.property(
    "Without --out the arm's default goes under the named directory whatever its last name ends in: slashes, a space, a non-ASCII letter.",
    rules=[cmd.report_path],
)
@settings(max_examples=20)
@given(st.from_regex(r"/?[A-Za-z0-9._ -]{1,8}(/[A-Za-z0-9._ -]{1,8})?/{0,2}", fullmatch=True))
@example("/srv/BOX")
@example("/srv/work-X/")
@example("/")
@example("//")
@example("/srv/reports ")
@example("/srv/my reports/ ")
@example("/srv/é/")
def the_directory_is_kept_whole(directory: str) -> None:
    path = cmd.report_path(v41(out=None), directory)
    check.equal("under the directory", path, directory.rstrip("/") + "/target/v41-group-a-launch-dry-run.txt")


@witness.property(
    "A four-place utilization is admitted exactly when it is above 0 and at most 1: 0.0001 and 1.0000 are, 0.0000 and 1.0001 are not.",
    rules=[cmd.utilization_bp],
)
@settings(max_examples=25)
@given(st.integers(min_value=0, max_value=99_999))
@example(0)
@example(1)
@example(10_000)
@example(10_001)
@example(99_999)
def a_four_place_utilization_is_admitted_exactly_within_0_and_1(bp: int) -> None:
    text = f"{bp // 10_000}.{bp % 10_000:04d}"
    if 1 <= bp <= 10_000:
        check.equal(text, cmd.utilization_bp(text), Admitted(bp))
    else:
        check.equal(
            text,
            cmd.utilization_bp(text),
            Refused((BadArgument("--gpu-memory-utilization", f"expected a share in (0, 1], got {text!r}"),)),
        )


@witness.refusal(
    "GLM given several --open values names each frontier as the operator gave them, in that order, in one reason.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(BadArgument, at="--open", saying="glm-group-b declares no frontiers, got wet-runner, #12371, #12351")
    ],
)
def glm_names_every_open_frontier_in_the_order_given():
    opened = ("wet-runner", "12371", "#12351")
    return cmd.dry_run_report(v41(arm="glm-group-b", opened=opened), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.refusal(
    "GLM given one frontier twice (as 12371 and as #12371) names it as often as given, never folding the repeat away.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(BadArgument, at="--open", saying="glm-group-b declares no frontiers, got #12371, #12371, wet-runner")
    ],
)
def glm_names_a_repeated_open_frontier_as_often_as_given():
    opened = ("12371", "#12371", "wet-runner")
    return cmd.dry_run_report(v41(arm="glm-group-b", opened=opened), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.positive(
    "A numeric frontier is named with or without its one leading #; a doubled #, a # after the number, a # before a word key or a space after the # names no frontier.",
    rules=[cmd.frontier_key],
)
def a_frontier_takes_at_most_one_leading_hash() -> None:
    for text, key in (("12371", "#12371"), ("#12371", "#12371"), ("#12351", "#12351"), ("wet-runner", "wet-runner")):
        check.equal(f"{text!r}", cmd.frontier_key(text), Admitted(key))
    for text in ("##12371", "###12359", "12371#", "#wet-runner", "# 12371", "#"):
        check.holds(f"{text!r} refused", cmd.frontier_key(text).refused, cmd.frontier_key(text))
