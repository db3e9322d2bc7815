"""Fold a launch dry run into one report value, and render it as text (pure: no I/O).

Seed A4 (`v41_group_a_launch_dry_run`): the report holds each host's create
argv and unit text, its Engram staging, preflight and apply scripts, the fit
figures, the admission verdict and the frontiers; the dry run admits only
when the plan rendered and admission holds.  Nothing here lands on a host.

The text puts first what a person planning the launch asks first (issue
48): the verdict, with every reason when refused; a summary table (each
host's node rank, role, image, ports and mounts) and the fit wall; then one
shell command line per host that runs exactly its `docker create` argv.  The
full per-host sections follow.  Times are said in ISO 8601 UTC with the
epoch second; the log is named once, in the header.  `domain.spark.
dry_run_json` writes the same report as JSON.
"""

from __future__ import annotations

from typing import TypeVar

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused, reason_line
from domain.core.sizes import format_bp, format_gib
from domain.core.utc_time import iso_utc_with_epoch
from domain.spark.admission import LaunchAdmitted
from domain.spark.apply_steps import ApplyStep, ArmApplySteps, render_step_script, spark_native_arm_steps_of
from domain.spark.authority_log import AuthorityLog
from domain.spark.capacity import v41_engram_bet_lines
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A
from domain.spark.frontiers import ENGRAM_MANIFEST, LAUNCH_SHAPE, PRODUCED_IMAGE, V41_DECLARED_FRONTIERS
from domain.spark.glm_group_b_launch import glm_group_b_launch_admission, plan_glm_group_b_launch
from domain.spark.launcher import ArmLaunchPlan, ArmMount
from domain.spark.profile import ServingLaunchProfile
from domain.spark.remote_steps import render_remote_step
from domain.spark.render import docker_create_argv, render_unit, shell_command_line
from domain.spark.v41_group_a_launch import (
    V41EngramStaging,
    V41LaunchInputs,
    plan_v41_group_a_launch,
    v41_group_a_launch_admission,
    v41_launch_profile,
)

P = TypeVar("P")


@frozen
class HostSection:
    """Carry one host's rendered pieces: what its rank runs (image, ports, mounts), create argv, unit, Engram staging, preflight and apply."""

    host: str = field(validator=vf.name_token)
    node_rank: int = field(validator=vf.non_negative_int)
    image: str = field(validator=vf.non_empty_str)
    # The API port the rank serves on; None for a headless rank, which serves none.
    api_port: int | None = field(validator=vf.optional(vf.port))
    # Where every rank meets for the mp rendezvous: the head's fabric-rail address and the --master-port.
    rendezvous_address: str = field(validator=vf.non_empty_str)
    rendezvous_port: int = field(validator=vf.port)
    mounts: tuple[ArmMount, ...] = field(validator=vf.tuple_of(ArmMount, min_len=1))
    create_argv: tuple[str, ...] = field(validator=vf.tuple_of(str, min_len=1))
    unit_name: str = field(validator=vf.name_token)
    unit_text: str = field(validator=vf.non_empty_str)
    staging: tuple[str, ...] = field(validator=vf.tuple_of(str))
    preflight_script: str = field(validator=vf.non_empty_str)
    apply_script: str = field(validator=vf.non_empty_str)


@frozen
class DryRunReport:
    """Carry a dry run's whole result: hosts, fit, admission, frontiers and the verdict."""

    arm: str = field(validator=vf.non_empty_str)
    authority_source: str = field(validator=vf.non_empty_str)
    at: int = field(validator=vf.non_negative_int)
    utilization_bp: int | None = field(validator=vf.optional(vf.basis_points))
    hosts: tuple[HostSection, ...] = field(validator=vf.tuple_of(HostSection))
    fit: FitFigures | None = field(validator=vf.optional(vf.instance_of(FitFigures)))
    admission: Admitted[LaunchAdmitted] | Refused = field(validator=vf.instance_of((Admitted, Refused)))
    frontiers: tuple[str, ...] = field(validator=vf.tuple_of(str))
    verdict: Admitted[str] | Refused = field(validator=vf.instance_of((Admitted, Refused)))
    engram_bets: tuple[str, ...] = field(default=(), validator=vf.tuple_of(str))


def _step_for(steps: tuple[ApplyStep, ...], node_rank: int) -> ApplyStep:
    return next(step for step in steps if step.node_rank == node_rank)


def host_sections(
    arm: ArmLaunchPlan, steps: ArmApplySteps, staging: tuple[V41EngramStaging, ...]
) -> tuple[HostSection, ...]:
    """Render each rank's host section from the plan, its apply steps and (V4.1 only) its staging."""
    sections = []
    for index, rank in enumerate(arm.ranks):
        staged = staging[index] if staging else None
        lines = (
            ()
            if staged is None
            else tuple(render_remote_step(s) for s in (staged.manifest_dir, staged.receipt_dir, staged.manifest))
        )
        sections.append(
            HostSection(
                host=rank.host.name,
                node_rank=rank.node_rank,
                image=arm.request.image,
                api_port=None if rank.headless else arm.request.serve_port,
                rendezvous_address=arm.master_addr,
                rendezvous_port=arm.request.container.rendezvous_port,
                mounts=arm.mounts,
                create_argv=docker_create_argv(arm, rank),
                unit_name=rank.unit_name,
                unit_text=render_unit(arm, rank),
                staging=lines,
                preflight_script=render_step_script(_step_for(steps.preflight, rank.node_rank)),
                apply_script=render_step_script(_step_for(steps.apply, rank.node_rank)),
            )
        )
    return tuple(sections)


def _verdict(
    arm: str, plan: Admitted[P] | Refused, admission: Admitted[LaunchAdmitted] | Refused
) -> Admitted[str] | Refused:
    reasons: list[Reason] = []
    for outcome in (plan, admission):
        if isinstance(outcome, Refused):
            reasons.extend(outcome.reasons)
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(f"the {arm} plan rendered and admission holds")


def _engram_bets(inputs: V41LaunchInputs) -> tuple[str, ...]:
    # Seed A3: the allowance is a declared bet; the report says it under the plan's own launch shape.
    if inputs.launch_shape is None:
        return ("not reached: #12371's launch shape is open, so no utilization sets the allowance",)
    bets = v41_engram_bet_lines(v41_launch_profile(inputs.launch_shape), GROUP_A)
    return bets.value if isinstance(bets, Admitted) else tuple(_reason_lines(bets))


def v41_group_a_launch_dry_run(
    log: AuthorityLog, at: int, inputs: V41LaunchInputs, engram_bets: bool = False
) -> DryRunReport:
    """Fold the V4.1 plan and its admission, as the authority log reads at `at`, into one report (with its Engram bets if asked)."""
    plan = plan_v41_group_a_launch(inputs)
    admission = v41_group_a_launch_admission(log, at)
    # The image, the launch shape and the manifest are discharged by their values alone, as the plan counts them:
    # a caller's note naming one without its value leaves that frontier OPEN here too, never "discharged".
    carried = (PRODUCED_IMAGE.key, LAUNCH_SHAPE.key, ENGRAM_MANIFEST.key)
    discharged = {d.key: d.by for d in inputs.discharges if d.key not in carried}
    if inputs.produced is not None:
        discharged[PRODUCED_IMAGE.key] = (
            f"image {inputs.produced.artifact.config_digest}, admitted in the authority log"
        )
    if inputs.launch_shape is not None:
        discharged[LAUNCH_SHAPE.key] = inputs.launch_shape.source
    if inputs.engram_manifest is not None:
        discharged[ENGRAM_MANIFEST.key] = inputs.engram_manifest.source
    frontiers = tuple(
        f"{f.key}, owned by {f.owner}: "
        + (
            f"discharged by {discharged[f.key]}"
            if f.key in discharged
            else f"OPEN; today: {f.today}; TRIGGER: {f.trigger}"
        )
        for f in V41_DECLARED_FRONTIERS
    )
    hosts = () if isinstance(plan, Refused) else host_sections(plan.value.arm, plan.value.steps, plan.value.staging)
    return DryRunReport(
        arm="v41-group-a",
        authority_source=log.source,
        at=at,
        utilization_bp=None if inputs.launch_shape is None else inputs.launch_shape.gpu_memory_utilization_bp,
        hosts=hosts,
        fit=None if isinstance(plan, Refused) else plan.value.arm.fit,
        admission=admission,
        frontiers=frontiers,
        verdict=_verdict("v41-group-a", plan, admission),
        engram_bets=_engram_bets(inputs) if engram_bets else (),
    )


def glm_group_b_launch_dry_run(log: AuthorityLog, at: int, profile: ServingLaunchProfile) -> DryRunReport:
    """Fold Group B's GLM plan and its admission into one report (GLM has no Engram staging)."""
    plan = plan_glm_group_b_launch(profile)
    admission = glm_group_b_launch_admission(log, at)
    hosts = () if isinstance(plan, Refused) else host_sections(plan.value, spark_native_arm_steps_of(plan.value), ())
    return DryRunReport(
        arm="glm-group-b",
        authority_source=log.source,
        at=at,
        utilization_bp=profile.gpu_memory_utilization_bp,
        hosts=hosts,
        fit=None if isinstance(plan, Refused) else plan.value.fit,
        admission=admission,
        frontiers=(),
        verdict=_verdict("glm-group-b", plan, admission),
    )


def fit_wall_line(fit: FitFigures) -> str:
    """Say the fit wall's figures: `384 GiB × 5/4 = 480 GiB ≤ 484 GiB, margin 4 GiB`."""
    return (
        f"{format_gib(fit.resident_gib)} × 5/4 = {format_gib(fit.requirement_gib)} ≤ {format_gib(fit.pool_gib)}, "
        f"margin {format_gib(fit.margin_gib)} (weights {format_gib(fit.weights_gib)} + allowance {format_gib(fit.allowance_gib)})"
    )


def role_of(node_rank: int) -> str:
    """Name a rank's role: node rank 0 is the serving head, every other rank headless (seed A2)."""
    return "serving head" if node_rank == 0 else "headless rank"


def mount_words(mount: ArmMount) -> str:
    """Say one mount as `ro /path` (read-only) or `rw /path` (writable), with `-> /target` when the container path differs."""
    mode = "ro" if mount.read_only else "rw"
    return f"{mode} {mount.source}" if mount.source == mount.target else f"{mode} {mount.source} -> {mount.target}"


SUMMARY_COLUMNS = ("rank", "host", "role", "image", "api port", "rendezvous", "mounts")


def _padded(cells: list[str], widths: list[int], last: str) -> str:
    # Each cell padded to its column's width, two spaces apart; the last column runs to the line's end.
    return "  ".join([*(cell.ljust(widths[i]) for i, cell in enumerate(cells)), last])


def summary_table(hosts: tuple[HostSection, ...]) -> tuple[str, ...]:
    """Render one row per host, aligned: node rank, host, role, image, API port, rendezvous, and its mounts one a line.

    Mounts an earlier row already listed are said once: a later host with the same mounts says `as on srv5`.
    """
    first_with: dict[tuple[ArmMount, ...], str] = {}
    rows: list[tuple[list[str], tuple[str, ...]]] = []
    for h in hosts:
        cells = [
            str(h.node_rank),
            h.host,
            role_of(h.node_rank),
            h.image,
            "-" if h.api_port is None else str(h.api_port),
            f"{h.rendezvous_address}:{h.rendezvous_port}",
        ]
        listed_by = first_with.get(h.mounts)
        if listed_by is None:
            first_with[h.mounts] = h.host
            rows.append((cells, tuple(mount_words(m) for m in h.mounts)))
        else:
            rows.append((cells, (f"as on {listed_by}",)))
    titles = list(SUMMARY_COLUMNS[:-1])
    widths = [max([len(title), *(len(cells[i]) for cells, _ in rows)]) for i, title in enumerate(titles)]
    # A row's further mounts go on lines of their own, under the mounts column.
    indent = " " * (sum(widths) + 2 * len(widths))
    lines = [_padded(titles, widths, SUMMARY_COLUMNS[-1])]
    for cells, mounts in rows:
        lines += [_padded(cells, widths, mounts[0]), *(indent + more for more in mounts[1:])]
    return tuple(lines)


def _reason_lines(outcome: Admitted[P] | Refused) -> list[str]:
    if isinstance(outcome, Admitted):
        return []
    return [f"  - {reason_line(r)}" for r in outcome.reasons]


def _section(title: str, body: str) -> list[str]:
    return [f"--- {title} ---", body.rstrip("\n")]


def _reasons_said(count: int) -> str:
    return f"{count} reason{'' if count == 1 else 's'}"


def render_dry_run_report(report: DryRunReport) -> str:
    """Render the report: header, reasons when refused, summary and fit wall, one command line per host, each host's pieces, admission, frontiers, verdict."""
    verdict = report.verdict
    lines = [
        f"# launch dry run: {report.arm} — {'ADMITTED' if isinstance(verdict, Admitted) else 'REFUSED'}",
        f"authority log: {report.authority_source}, read as of {iso_utc_with_epoch(report.at)}",
        "nothing in this dry run lands on a host",
    ]
    # A refused report says why before anything else.
    if isinstance(verdict, Refused):
        lines += ["", f"## refused: {_reasons_said(len(verdict.reasons))}", *_reason_lines(verdict)]
    lines += [
        "",
        "## summary",
        *(summary_table(report.hosts) if report.hosts else ("no host rendered: the plan refused",)),
    ]
    lines.append(
        f"fit wall: {fit_wall_line(report.fit)}"
        + (f" at {format_bp(report.utilization_bp)}" if report.utilization_bp else "")
        if report.fit
        else "fit wall: not reached, the plan refused"
    )
    if report.engram_bets:
        lines += ["", "## Engram residency bets", *report.engram_bets]
    if report.hosts:
        lines += [
            "",
            "## docker create, one command line per host (paste one into a shell to run that host's argv exactly)",
        ]
        for section in report.hosts:
            lines += [
                f"# {section.host}: node rank {section.node_rank}, {role_of(section.node_rank)}",
                shell_command_line(section.create_argv),
            ]
    lines += ["", f"## hosts ({len(report.hosts)})"]
    if not report.hosts:
        lines.append("none rendered: the plan refused")
    for section in report.hosts:
        lines += ["", f"=== {section.host} (node rank {section.node_rank}, {role_of(section.node_rank)}) ==="]
        lines += _section("docker create, as one shell command line", shell_command_line(section.create_argv))
        lines += _section("docker create argv", "\n".join(section.create_argv))
        lines += _section(f"unit {section.unit_name}", section.unit_text)
        if section.staging:
            lines += _section(
                f"Engram staging ({len(section.staging)} typed steps)",
                "\n".join(f"{n}. {s}" for n, s in enumerate(section.staging, 1)),
            )
        lines += _section("preflight script", section.preflight_script)
        lines += _section("apply script", section.apply_script)
    lines += [
        "",
        "## admission",
        "ADMITTED" if isinstance(report.admission, Admitted) else "REFUSED",
        *_reason_lines(report.admission),
    ]
    if report.frontiers:
        lines += ["", "## declared frontiers", *(f"  - {line}" for line in report.frontiers)]
    lines += [
        "",
        "## verdict",
        f"ADMITTED: {verdict.value}"
        if isinstance(verdict, Admitted)
        else f"REFUSED: the {_reasons_said(len(verdict.reasons))} under ## refused, at the top",
        "",
    ]
    return "\n".join(lines)
