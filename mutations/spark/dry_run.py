"""Declare the seeded defects of the dry run's fold and report (seed A4: it admits only when the plan rendered and admission holds)."""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.spark import dry_run
from domain.spark.authority_log import AuthorityLog
from domain.spark.dry_run import DryRunReport
from domain.spark.profile import ServingLaunchProfile
from domain.spark.v41_group_a_launch import V41LaunchInputs


def _admitted_once_rendered(report: DryRunReport) -> DryRunReport:
    # The hosts render only when the plan admitted; this verdict forgets the admission conjunct.
    if report.hosts and isinstance(report.admission, Refused):
        return attrs.evolve(report, verdict=Admitted(f"the {report.arm} plan rendered and admission holds"))
    return report


def v41_dry_run_without_admission(
    log: AuthorityLog, at: int, inputs: V41LaunchInputs, engram_bets: bool = False
) -> DryRunReport:
    """Fold the V4.1 dry run, admitting it once the plan rendered, whatever admission says."""
    return _admitted_once_rendered(original(dry_run.v41_group_a_launch_dry_run)(log, at, inputs, engram_bets))


def glm_dry_run_without_admission(log: AuthorityLog, at: int, profile: ServingLaunchProfile) -> DryRunReport:
    """Fold the GLM dry run, admitting it once the plan rendered, whatever admission says."""
    return _admitted_once_rendered(original(dry_run.glm_group_b_launch_dry_run)(log, at, profile))


def report_without_staging(report: DryRunReport) -> str:
    """Render the report with every host's Engram staging left out."""
    bare = attrs.evolve(report, hosts=tuple(attrs.evolve(h, staging=()) for h in report.hosts))
    return str(original(dry_run.render_dry_run_report)(bare))


v41_dry_run_ignores_admission = Defect(
    id="spark.v41_dry_run_ignores_admission",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Admit the V4.1 dry run once the plan rendered, whatever admission says (seed A4: exit 0 only when the plan rendered and admission holds).",
    replacement=v41_dry_run_without_admission,
    must_red={"spark.dry_run.a_rendered_v41_plan_is_still_refused_by_admission"},
    must_green={"spark.dry_run.a_refused_dry_run_reports_every_reason"},
)

supplied_shape_reported_open = Defect(
    id="spark.supplied_shape_reported_open",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Forget to discharge #12371 by the launch shape supplied at the plan's interface, so the report lists it OPEN while every rank renders it.",
    patch=(
        "    if inputs.launch_shape is not None:\n        discharged[LAUNCH_SHAPE.key] = inputs.launch_shape.source\n",
        "",
    ),
    must_red={"spark.dry_run.supplied_values_discharge_their_frontiers"},
)

glm_dry_run_ignores_admission = Defect(
    id="spark.glm_dry_run_ignores_admission",
    target=dry_run.glm_group_b_launch_dry_run,
    intent="Admit the GLM dry run once the plan rendered, whatever admission says, so a host Group B does not hold is launched on.",
    replacement=glm_dry_run_without_admission,
    must_red={"spark.dry_run.the_glm_dry_run_refuses_an_unheld_host"},
    must_green={"spark.dry_run.the_glm_dry_run_admits"},
)

report_without_its_staging = Defect(
    id="spark.report_without_its_staging",
    target=dry_run.render_dry_run_report,
    intent="Leave each host's Engram staging out of the rendered report, so the operator never reads the three steps that run before preflight (seed A4).",
    replacement=report_without_staging,
    must_red={"spark.dry_run.each_host_section_carries_its_own_rank_scripts"},
)

staging_rendered_after_the_preflight = Defect(
    id="spark.staging_rendered_after_the_preflight",
    target=dry_run.render_dry_run_report,
    intent="Render each V4.1 host's Engram staging after its preflight script, though seed A4 stages the directories before the preflight that requires every mount source to exist.",
    patch=(
        '        if section.staging:\n            lines += _section(\n                f"Engram staging ({len(section.staging)} typed steps)",\n                "\\n".join(f"{n}. {s}" for n, s in enumerate(section.staging, 1)),\n            )\n        lines += _section("preflight script", section.preflight_script)',
        '        lines += _section("preflight script", section.preflight_script)\n        if section.staging:\n            lines += _section(\n                f"Engram staging ({len(section.staging)} typed steps)",\n                "\\n".join(f"{n}. {s}" for n, s in enumerate(section.staging, 1)),\n            )',
    ),
    must_red={"spark.dry_run.each_v41_host_stages_its_engram_directories_before_its_preflight"},
)

fit_line_without_its_utilization = Defect(
    id="spark.fit_line_without_its_utilization",
    target=dry_run.render_dry_run_report,
    intent="Drop the utilization that set the allowance from the fit wall line, so a reader cannot tell at which share the wall was judged.",
    patch=('(f" at {format_bp(report.utilization_bp)}" if report.utilization_bp else "")', '""'),
    must_red={"spark.dry_run.the_v41_fit_wall_says_its_sum_at_its_utilization"},
)

head_unit_in_every_section = Defect(
    id="spark.head_unit_in_every_section",
    target=dry_run.host_sections,
    intent="Render the head's unit text in every host section, so a follower's section shows a unit that serves the API instead of its own headless one.",
    patch=("unit_text=render_unit(arm, rank),", "unit_text=render_unit(arm, arm.ranks[0]),"),
    must_red={"spark.dry_run.each_host_section_carries_its_own_ranks_argv_and_unit"},
)

head_argv_in_every_section = Defect(
    id="spark.head_argv_in_every_section",
    target=dry_run.host_sections,
    intent="Render the head's docker create argv in every host section, so each follower's section names node rank 0 and the head's fabric address.",
    patch=("create_argv=docker_create_argv(arm, rank),", "create_argv=docker_create_argv(arm, arm.ranks[0]),"),
    must_red={"spark.dry_run.each_host_section_carries_its_own_ranks_argv_and_unit"},
)

section_rank_by_position = Defect(
    id="spark.section_rank_by_position",
    target=dry_run.host_sections,
    intent="Label each host section by its position in the plan instead of its node rank, so a plan listing followers first calls srv8 the serving head.",
    patch=("node_rank=rank.node_rank,", "node_rank=index,"),
    must_red={"spark.dry_run.host_sections_are_labelled_by_node_rank_not_position"},
)

discharge_note_replaces_the_shape = Defect(
    id="spark.discharge_note_replaces_the_shape",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Let a caller's discharge note for #12371 stand in the report though the launch shape was supplied, so the frontier line names the note instead of the value's source.",
    patch=(
        "discharged[LAUNCH_SHAPE.key] = inputs.launch_shape.source",
        "discharged[LAUNCH_SHAPE.key] = next((d.by for d in inputs.discharges if d.key == LAUNCH_SHAPE.key), inputs.launch_shape.source)",
    ),
    must_red={"spark.dry_run.a_discharge_note_never_replaces_a_supplied_value"},
)

discharge_note_without_its_value_discharges = Defect(
    id="spark.discharge_note_without_its_value_discharges",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Let a caller's note for #12353, #12371 or #12359 discharge that frontier in the report without its value, so the report says 'discharged by' the note while the verdict refuses the same frontier as open (seed A4).",
    patch=(
        "discharged = {d.key: d.by for d in inputs.discharges if d.key not in carried}",
        "discharged = {d.key: d.by for d in inputs.discharges}",
    ),
    must_red={"spark.dry_run.a_discharge_note_without_its_value_leaves_the_frontier_open"},
)

fit_line_floors_its_requirement = Defect(
    id="spark.fit_line_floors_its_requirement",
    target=dry_run.fit_wall_line,
    intent="Floor the requirement the fit wall line says to whole GiB, so at 8100 bp the report reads 473 GiB where the plan's exact requirement is 473.75 GiB (seed A3: exact arithmetic, no rounding).",
    patch=("= {format_gib(fit.requirement_gib)} ≤", "= {format_gib(int(fit.requirement_gib))} ≤"),
    must_red={"spark.dry_run.the_v41_fit_wall_says_a_fractional_requirement_exactly"},
)

staging_title_counts_three = Defect(
    id="spark.staging_title_counts_three",
    target=dry_run.render_dry_run_report,
    intent="Title every host's Engram staging as three typed steps whatever the section carries, so the count disagrees with the steps it numbers.",
    patch=('f"Engram staging ({len(section.staging)} typed steps)"', '"Engram staging (3 typed steps)"'),
    must_red={"spark.dry_run.the_staging_title_counts_the_steps_it_numbers"},
)

preflight_section_shows_the_apply = Defect(
    id="spark.preflight_section_shows_the_apply",
    target=dry_run.render_dry_run_report,
    intent="Render each host's apply script under its preflight title, so the report shows one stage's script as another's.",
    patch=(
        'lines += _section("preflight script", section.preflight_script)',
        'lines += _section("preflight script", section.apply_script)',
    ),
    must_red={"spark.dry_run.each_host_renders_its_own_preflight_and_apply_scripts"},
)

utilization_dropped_at_the_whole_pool = Defect(
    id="spark.dry_run_utilization_dropped_at_the_whole_pool",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Carry no utilization in the V4.1 report when the launch shape asks for exactly 10000 bp.",
    patch=(
        "utilization_bp=None if inputs.launch_shape is None else inputs.launch_shape.gpu_memory_utilization_bp,",
        "utilization_bp=None if inputs.launch_shape is None or inputs.launch_shape.gpu_memory_utilization_bp == 10000 else inputs.launch_shape.gpu_memory_utilization_bp,",
    ),
    must_red={"spark.dry_run.the_v41_report_says_its_shape_under_every_partition"},
)

bets_need_a_produced_image = Defect(
    id="spark.dry_run_bets_need_a_produced_image",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Report no Engram bets while the image is unproduced, though the bets depend on the launch shape alone.",
    patch=(
        "engram_bets=_engram_bets(inputs) if engram_bets else (),",
        "engram_bets=_engram_bets(inputs) if engram_bets and inputs.produced is not None else (),",
    ),
    must_red={"spark.dry_run.the_v41_report_says_its_shape_under_every_partition"},
)

glm_utilization_dropped_with_batched_tokens = Defect(
    id="spark.dry_run_glm_utilization_dropped_with_batched_tokens",
    target=dry_run.glm_group_b_launch_dry_run,
    intent="Carry no utilization in the GLM report when the profile names batched tokens.",
    patch=(
        "utilization_bp=profile.gpu_memory_utilization_bp,",
        "utilization_bp=profile.gpu_memory_utilization_bp if profile.max_num_batched_tokens is None else None,",
    ),
    must_red={"spark.dry_run.the_glm_report_says_its_profiles_utilization"},
)

zero_margin_says_none = Defect(
    id="spark.dry_run_zero_margin_says_none",
    target=dry_run.fit_wall_line,
    intent="Say a fit that fills the pool exactly has margin `none` instead of 0 GiB.",
    patch=("margin {format_gib(fit.margin_gib)}", "margin {format_gib(fit.margin_gib) if fit.margin_gib else 'none'}"),
    must_red={"spark.dry_run.a_report_renders_every_count_of_frontiers_and_a_zero_margin"},
)

whole_pool_utilization_unsaid = Defect(
    id="spark.dry_run_whole_pool_utilization_unsaid",
    target=dry_run.render_dry_run_report,
    intent="Leave the utilization off the fit line when it is exactly 10000 bp.",
    patch=(
        'if report.utilization_bp else "")',
        'if report.utilization_bp and report.utilization_bp < 10000 else "")',
    ),
    must_red={"spark.dry_run.the_v41_report_says_its_shape_under_every_partition"},
)

one_frontier_unrendered = Defect(
    id="spark.dry_run_one_frontier_unrendered",
    target=dry_run.render_dry_run_report,
    intent="Render the frontier section only for two or more frontiers, so a report with one loses it.",
    patch=("    if report.frontiers:\n", "    if len(report.frontiers) > 1:\n"),
    must_red={"spark.dry_run.a_report_renders_every_count_of_frontiers_and_a_zero_margin"},
)

one_bet_line_unrendered = Defect(
    id="spark.dry_run_one_bet_line_unrendered",
    target=dry_run.render_dry_run_report,
    intent="Render the Engram bets only for two or more lines, so the one not-reached line (the shape open) is never said.",
    patch=("    if report.engram_bets:\n", "    if len(report.engram_bets) > 1:\n"),
    must_red={"spark.dry_run.the_v41_report_says_its_shape_under_every_partition"},
)

manifest_source_replaced_without_an_image = Defect(
    id="spark.manifest_source_replaced_without_an_image",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Name a generic source for #12359 whenever the image is still open, so the report stops saying which manifest discharged it.",
    patch=(
        "discharged[ENGRAM_MANIFEST.key] = inputs.engram_manifest.source",
        "discharged[ENGRAM_MANIFEST.key] = inputs.engram_manifest.source if inputs.produced is not None else 'the manifest given'",
    ),
    must_red={"spark.dry_run.each_frontier_follows_its_own_value_under_every_presence"},
)

read_second_zero_said_as_the_epoch = Defect(
    id="spark.read_second_zero_said_as_the_epoch",
    target=dry_run.render_dry_run_report,
    intent="Say 'the epoch' instead of its time for a log read at second 0, so the header no longer states the second it read at.",
    patch=(
        "read as of {iso_utc_with_epoch(report.at)}",
        "read as of {iso_utc_with_epoch(report.at) if report.at else 'the epoch'}",
    ),
    must_red={"spark.dry_run.the_header_says_any_read_second"},
)

long_log_source_shortened = Defect(
    id="spark.long_log_source_shortened",
    target=dry_run.v41_group_a_launch_dry_run,
    intent="Name a log source past 60 characters by its file name only, so the V4.1 report no longer says which log it read.",
    patch=(
        '        arm="v41-group-a",\n        authority_source=log.source,',
        "        arm=\"v41-group-a\",\n        authority_source=log.source if len(log.source) <= 60 else log.source.rsplit('/', 1)[-1],",
    ),
    must_red={"spark.dry_run.the_report_names_the_logs_whole_source"},
)

glm_admission_read_at_one_for_zero = Defect(
    id="spark.glm_admission_read_at_one_for_zero",
    target=dry_run.glm_group_b_launch_dry_run,
    intent="Read GLM's admission at second 1 when the dry run reads at 0, so holdings logged at second 1 admit a read that precedes them.",
    patch=(
        "    admission = glm_group_b_launch_admission(log, at)\n    hosts",
        "    admission = glm_group_b_launch_admission(log, at or 1)\n    hosts",
    ),
    must_red={"spark.dry_run.the_glm_dry_run_reads_holdings_at_any_second"},
)

header_read_second_as_a_bare_epoch = Defect(
    id="spark.header_read_second_as_a_bare_epoch",
    target=dry_run.render_dry_run_report,
    intent="Say the second the log was read at as a bare epoch, as the report did before issue 48, though --at was given as an ISO time.",
    patch=("read as of {iso_utc_with_epoch(report.at)}", "read as of {report.at}"),
    must_red={"spark.dry_run.the_header_says_any_read_second", "spark.dry_run.a_refused_report_keeps_every_section"},
)

reasons_listed_last_only = Defect(
    id="spark.reasons_listed_last_only",
    target=dry_run.render_dry_run_report,
    intent="List a refused report's reasons nowhere before the summary, so the person planning the launch reads hundreds of lines before learning why it is refused.",
    patch=(
        'lines += ["", f"## refused: {_reasons_said(len(verdict.reasons))}", *_reason_lines(verdict)]',
        "pass",
    ),
    must_red={
        "spark.dry_run.a_refused_report_lists_its_reasons_first",
        "spark.dry_run.a_refused_report_keeps_every_section",
    },
)

command_line_for_the_head_only = Defect(
    id="spark.command_line_for_the_head_only",
    target=dry_run.render_dry_run_report,
    intent="Give only the serving head a command line on the first screen, so a follower's exact command must be dug out of its section.",
    patch=(
        '        for section in report.hosts:\n            lines += [\n                f"# {section.host}:',
        '        for section in report.hosts[:1]:\n            lines += [\n                f"# {section.host}:',
    ),
    must_red={"spark.dry_run.the_first_screen_gives_each_hosts_command_line"},
)

every_mount_said_read_only = Defect(
    id="spark.every_mount_said_read_only",
    target=dry_run.mount_words,
    intent="Say every mount is read-only, so the summary hides that the touch-receipt directory is writable (seed A4: row stores and manifest read-only, receipts writable).",
    patch=('mode = "ro" if mount.read_only else "rw"', 'mode = "ro"'),
    must_red={
        "spark.dry_run.a_mount_says_its_mode_and_any_other_target",
        "spark.dry_run.the_v41_summary_says_what_each_rank_runs",
    },
)

moved_mount_said_at_its_source = Defect(
    id="spark.moved_mount_said_at_its_source",
    target=dry_run.mount_words,
    intent="Say a mount by its host path alone, so one bound elsewhere in the container reads as bound at the same path.",
    patch=(
        'return f"{mode} {mount.source}" if mount.source == mount.target else f"{mode} {mount.source} -> {mount.target}"',
        'return f"{mode} {mount.source}"',
    ),
    must_red={
        "spark.dry_run.a_mount_says_its_mode_and_any_other_target",
        "spark.dry_run.every_summary_row_says_what_its_hosts_argv_runs",
    },
)

rendezvous_at_each_hosts_own_address = Defect(
    id="spark.rendezvous_at_each_hosts_own_address",
    target=dry_run.host_sections,
    intent="Say each rank meets at its own fabric address, though every follower dials the head's (seed A1: --master-addr is the head's rail address).",
    patch=("rendezvous_address=arm.master_addr,", "rendezvous_address=rank.host.fabric_address,"),
    must_red={
        "spark.dry_run.the_v41_summary_says_what_each_rank_runs",
        "spark.dry_run.every_summary_row_says_what_its_hosts_argv_runs",
    },
)

api_port_on_every_rank = Defect(
    id="spark.api_port_on_every_rank",
    target=dry_run.host_sections,
    intent="Give every rank the API port, though only rank 0 serves the API and ranks 1..3 run headless (seed A2).",
    patch=("api_port=None if rank.headless else arm.request.serve_port,", "api_port=arm.request.serve_port,"),
    must_red={
        "spark.dry_run.the_v41_summary_says_what_each_rank_runs",
        "spark.dry_run.every_summary_row_says_what_its_hosts_argv_runs",
    },
)

mounts_pointed_at_the_row_above = Defect(
    id="spark.mounts_pointed_at_the_row_above",
    target=dry_run.summary_table,
    intent="Point a host's repeated mounts at the row above, though that row may itself only point back, so srv7 says as on srv6 where srv6 lists nothing.",
    patch=(
        'rows.append((cells, (f"as on {listed_by}",)))',
        'rows.append((cells, (f"as on {listed_by}",)))\n            first_with[h.mounts] = h.host',
    ),
    must_red={
        "spark.dry_run.the_v41_summary_says_what_each_rank_runs",
        "spark.dry_run.each_set_of_mounts_is_listed_once_then_pointed_back_to",
    },
)

columns_sized_by_their_cells = Defect(
    id="spark.summary_columns_sized_by_their_cells",
    target=dry_run.summary_table,
    intent="Size each column by its cells alone, so a title longer than every cell (api port over 8000) pushes the header out of line with the rows.",
    patch=("max([len(title), *(len(cells[i]) for cells, _ in rows)])", "max(len(cells[i]) for cells, _ in rows)"),
    must_red={
        "spark.dry_run.the_v41_summary_says_what_each_rank_runs",
        "spark.dry_run.every_summary_row_says_what_its_hosts_argv_runs",
    },
)

rank_1_called_a_head = Defect(
    id="spark.rank_1_called_a_head",
    target=dry_run.role_of,
    intent="Call node rank 1 a serving head too, though only node rank 0 serves the API (seed A2: head means node_rank == 0).",
    patch=("if node_rank == 0 else", "if node_rank <= 1 else"),
    must_red={"spark.dry_run.only_rank_0_is_the_serving_head"},
)
