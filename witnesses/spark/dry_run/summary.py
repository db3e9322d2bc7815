"""Witness the report's first screen: the summary table, the fit wall under it, one command line per host, and a refused report's reasons first.

The summary's oracle is the witnesses' own reader of each host's rendered
argv (`witnesses.spark.fixtures.read_create_argv`): a row must say what that
host's container runs, read back from the argv the report also shows.
"""

from __future__ import annotations

import re
import shlex

import attrs
from hypothesis import example, given, settings

from claims import check
from domain.spark import dry_run
from domain.spark.apply_steps import spark_native_arm_steps_of
from domain.spark.authority_log import HostHeld
from domain.spark.launcher import ArmLaunchPlan, ArmMount
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark import strategies as gen
from witnesses.spark.dry_run import witness
from witnesses.spark.fixtures import (
    DIGEST,
    HELD_B,
    READ_AT,
    admitting_log,
    authority_log,
    glm_plan,
    read_create_argv,
    v41_inputs,
    v41_plan,
)

COMMANDS_TITLE = "## docker create, one command line per host (paste one into a shell to run that host's argv exactly)"
CELL = re.compile(r"\S+(?: \S+)*")
"""A cell of the table: words one space apart; two or more spaces end it."""

FIT_LINES = {
    "v41-group-a": "fit wall: 384 GiB × 5/4 = 480 GiB ≤ 484 GiB, margin 4 GiB (weights 287 GiB + allowance 97 GiB) at 8000 bp (0.8)",
    "glm-group-b": "fit wall: 332 GiB × 5/4 = 415 GiB ≤ 484 GiB, margin 69 GiB (weights 332 GiB + allowance 0 GiB) at 8500 bp (0.85)",
}

V41_MOUNTS = (
    "ro /srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a",
    "ro /srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a",
    "ro /srv/gunbc/engram/manifests/gunbc-v41-tp4",
    "rw /srv/gunbc/engram/touch-receipts/gunbc-v41-tp4",
)


def _cells(line: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in CELL.finditer(line)]


def _read_table(lines: tuple[str, ...]) -> list[tuple[list[str], list[str]]]:
    """Read a summary table back: each row's six cells and its mount lines; every cell under its column's title."""
    titles = _cells(lines[0])
    rows: list[tuple[list[str], list[str]]] = []
    for line in lines[1:]:
        cells = _cells(line)
        if line.startswith(" "):  # a further mount of the row above, under the mounts column
            check.equal(f"columns of {line!r}", [start for start, _ in cells], [titles[-1][0]])
            rows[-1][1].append(cells[0][1])
            continue
        check.equal(f"columns of {line!r}", [start for start, _ in cells], [start for start, _ in titles])
        rows.append(([cell for _, cell in cells[:-1]], [cells[-1][1]]))
    return rows


def _said_mount(volume: str) -> str:
    source, target, mode = volume.rsplit(":", 2)
    return f"{mode} {source}" if source == target else f"{mode} {source} -> {target}"


@witness.positive(
    "The V4.1 summary says, in node-rank order, each host's rank, role, image, API port (the head's alone), the head's rendezvous and its mounts with ro or rw, listed once and then as on srv5, under titled columns.",
    rules=[dry_run.summary_table, dry_run.host_sections, dry_run.role_of, dry_run.mount_words],
)
def the_v41_summary_says_what_each_rank_runs() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    pad = " " * (6 + 6 + 15 + len(DIGEST) + 2 + 10 + 17)
    check.equal(
        "table",
        dry_run.summary_table(report.hosts),
        (
            "rank  host  role           image" + " " * (len(DIGEST) - 3) + "api port  rendezvous       mounts",
            f"0     srv5  serving head   {DIGEST}  8000      10.77.0.5:29511  {V41_MOUNTS[0]}",
            *(pad + mount for mount in V41_MOUNTS[1:]),
            f"1     srv6  headless rank  {DIGEST}  -         10.77.0.5:29511  as on srv5",
            f"2     srv7  headless rank  {DIGEST}  -         10.77.0.5:29511  as on srv5",
            f"3     srv8  headless rank  {DIGEST}  -         10.77.0.5:29511  as on srv5",
        ),
    )


@witness.positive(
    "The GLM summary says Group B's ranks on its pinned image, srv1 serving on 8000, every rank meeting srv1's rail at 29501, and the one read-only checkpoint mount.",
    rules=[dry_run.summary_table, dry_run.host_sections],
)
def the_glm_summary_says_what_each_rank_runs() -> None:
    report = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE)
    check.equal(
        "table",
        dry_run.summary_table(report.hosts),
        (
            "rank  host  role           image                          api port  rendezvous       mounts",
            "0     srv1  serving head   nvcr.io/nvidia/vllm:25.10-py3  8000      10.77.1.1:29501  ro /srv/gunbc/checkpoints/Glm46Fp8",
            "1     srv2  headless rank  nvcr.io/nvidia/vllm:25.10-py3  -         10.77.1.1:29501  as on srv1",
            "2     srv3  headless rank  nvcr.io/nvidia/vllm:25.10-py3  -         10.77.1.1:29501  as on srv1",
            "3     srv4  headless rank  nvcr.io/nvidia/vllm:25.10-py3  -         10.77.1.1:29501  as on srv1",
        ),
    )


def _sections(plan: ArmLaunchPlan) -> tuple[dry_run.HostSection, ...]:
    return dry_run.host_sections(plan, spark_native_arm_steps_of(plan), ())


@witness.property(
    "For any planned arm (any group, image, container and mounts), every summary cell sits under its column's title and each row says what that host's own argv runs: its node rank, role, image, API port, rendezvous and mounts, a later host's same mounts as on the first host.",
    rules=[dry_run.summary_table, dry_run.host_sections, dry_run.role_of, dry_run.mount_words],
)
@settings(max_examples=25)
@given(gen.planned_arms)
@example(v41_plan().arm)
@example(glm_plan())
def every_summary_row_says_what_its_hosts_argv_runs(plan: ArmLaunchPlan) -> None:
    sections = _sections(plan)
    rows = _read_table(dry_run.summary_table(sections))
    first = sections[0].host
    for section, (cells, mounts) in zip(sections, rows, strict=True):
        argv = read_create_argv(section.create_argv)
        api = argv["api"]
        check.equal(
            f"{section.host}: cells",
            cells,
            [
                str(argv["node_rank"]),
                section.host,
                "serving head" if argv["node_rank"] == 0 else "headless rank",
                argv["image"],
                "-" if api is None else str(api[1]),
                f"{argv['master'][0]}:{argv['master'][1]}",
            ],
        )
        said = [_said_mount(volume) for volume in argv["volumes"]]
        check.equal(f"{section.host}: mounts", mounts, said if section.host == first else [f"as on {first}"])


@witness.positive(
    "Mounts are listed whole the first time a set appears and pointed back to its first host after: with srv6 alone binding another set, srv5 and srv6 each list theirs, and srv7 and srv8 both say as on srv5.",
    rules=[dry_run.summary_table],
)
def each_set_of_mounts_is_listed_once_then_pointed_back_to() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    other = (ArmMount(source="/srv/other", target="/srv/other", read_only=False),)
    hosts = tuple(attrs.evolve(h, mounts=other) if h.node_rank == 1 else h for h in report.hosts)
    mounts = [m for _, m in _read_table(dry_run.summary_table(hosts))]
    check.equal("mounts by row", mounts, [list(V41_MOUNTS), ["rw /srv/other"], ["as on srv5"], ["as on srv5"]])


@witness.positive(
    "A mount says ro when read-only and rw when writable, and names its container path after an arrow whenever it is not exactly the host path, even one differing only in case, by a prefix, a suffix, a part or a space.",
    rules=[dry_run.mount_words],
)
def a_mount_says_its_mode_and_any_other_target() -> None:
    for read_only, mode in ((True, "ro"), (False, "rw")):
        check.equal(f"{mode}, same path", dry_run.mount_words(ArmMount("/a", "/a", read_only)), f"{mode} /a")
        check.equal(f"{mode}, moved", dry_run.mount_words(ArmMount("/a", "/b", read_only)), f"{mode} /a -> /b")
    for source, target in (
        ("/srv/a", "/srv/A"),  # case
        ("/srv/a/b", "/srv/a"),  # a prefix of the source
        ("/srv/a/b", "/a/b"),  # a suffix
        ("/srv/a/b/c", "/a/b"),  # a part
        ("/srv/a", "/srv/a "),  # a space
    ):
        check.equal(
            f"{target!r} for {source!r}",
            dry_run.mount_words(ArmMount(source, target, True)),
            f"ro {source} -> {target}",
        )


@witness.positive(
    "Node rank 0 is the serving head, and every other rank, from 1 up, a headless rank.",
    rules=[dry_run.role_of],
)
def only_rank_0_is_the_serving_head() -> None:
    check.equal("roles", [dry_run.role_of(rank) for rank in range(5)], ["serving head", *["headless rank"] * 4])


@witness.positive(
    "Both arms' reports open with the header, the summary table and its fit wall, then one command line per host in node-rank order, each under a comment naming its host, node rank and role, that shlex reads back as that host's argv; each host section repeats its line above the argv.",
    rules=[dry_run.render_dry_run_report, dry_run.summary_table],
)
def the_first_screen_gives_each_hosts_command_line() -> None:
    reports = (
        dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()),
        dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE),
    )
    for report in reports:
        lines = dry_run.render_dry_run_report(report).split("\n")
        table = dry_run.summary_table(report.hosts)
        start = lines.index("## summary") + 1
        check.equal(f"{report.arm}: the table", tuple(lines[start : start + len(table)]), table)
        check.equal(
            f"{report.arm}: after the table",
            lines[start + len(table) : start + len(table) + 3],
            [FIT_LINES[report.arm], "", COMMANDS_TITLE],
        )
        commands = lines[start + len(table) + 3 : start + len(table) + 3 + 2 * len(report.hosts)]
        for n, section in enumerate(report.hosts):
            role = "serving head" if section.node_rank == 0 else "headless rank"
            comment, line = commands[2 * n : 2 * n + 2]
            check.equal(f"{section.host}: comment", comment, f"# {section.host}: node rank {section.node_rank}, {role}")
            check.equal(f"{section.host}: read back", tuple(shlex.split(line)), section.create_argv)
            title = lines.index(f"=== {section.host} (node rank {section.node_rank}, {role}) ===")
            check.equal(
                f"{section.host}: its section",
                lines[title + 1 : title + 4],
                ["--- docker create, as one shell command line ---", line, "--- docker create argv ---"],
            )


@witness.positive(
    "A refused report lists every reason of its verdict right after the header, before the summary, counting one as 1 reason and more as reasons, and ends pointing back at them; an admitted report lists none.",
    rules=[dry_run.render_dry_run_report],
)
def a_refused_report_lists_its_reasons_first() -> None:
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    one = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B, taken), READ_AT, GLM_GROUP_B_PROFILE)
    many = dry_run.v41_group_a_launch_dry_run(authority_log(), READ_AT, v41_inputs(shape=None, manifest=None))
    for report, said in ((one, "1 reason"), (many, "5 reasons")):
        lines = dry_run.render_dry_run_report(report).split("\n")
        reasons = [f"  - {type(r).__name__} @ {r.where}: {r.why}" for r in check.refused(report.verdict)]
        check.equal(
            f"{said}: the top", lines[3 : 7 + len(reasons)], ["", f"## refused: {said}", *reasons, "", "## summary"]
        )
        check.equal(
            f"{said}: the end", lines[-3:], ["## verdict", f"REFUSED: the {said} under ## refused, at the top", ""]
        )
    admitted = dry_run.render_dry_run_report(dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()))
    check.absent("an admitted report", "## refused", admitted)
