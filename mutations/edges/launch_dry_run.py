"""Declare the seeded defects of the launch_dry_run shell: a report written despite bad input, `--out` unchecked, a closed reader ignored."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import launch_dry_run

W = "edges.launch_dry_run"

report_written_despite_bad_input = Defect(
    id="edges.report_written_despite_bad_input",
    target=launch_dry_run.main,
    intent="Write a report whenever the plan can be folded, even when --out was refused, so a link or the authority log is replaced (exit 2 must write nothing).",
    patch=('checked = checked_out_path(out, {"authority log": call.authority_log})', "checked = Admitted(out)"),
    must_red={f"{W}.a_symbolic_link_at_out_is_left_alone", f"{W}.the_authority_log_is_never_the_report"},
    must_green={f"{W}.the_admitting_world_exits_0_and_writes_the_report"},
)

closed_reader_exits_with_the_verdict = Defect(
    id="edges.closed_reader_exits_with_the_verdict",
    target=launch_dry_run.main,
    intent="Return the verdict's exit code though the reader closed stdout before it was printed, instead of 141.",
    patch=(
        "return exit_code_once_printed(output, emit(output.out, output.err))",
        "emit(output.out, output.err)\n    return output.code",
    ),
    must_red={f"{W}.a_closed_reader_exits_141_after_writing"},
)

help_exits_2 = Defect(
    id="edges.dry_run_help_exits_2",
    target=launch_dry_run.main,
    intent="Exit 2 after --help, treating argparse's every exit as a usage error.",
    patch=("CommandOutput(usage_exit_code(exc.code))", "CommandOutput(2)"),
    must_red={f"{W}.a_usage_error_exits_2_and_help_exits_0"},
)

now_read_in_milliseconds = Defect(
    id="edges.now_read_in_milliseconds",
    target=launch_dry_run.main,
    intent="Read the log without --at at the current time in milliseconds, a wrong unit that puts the read centuries ahead, so every live lease reads as expired.",
    patch=("checked, int(time.time()))", "checked, int(time.time() * 1000))"),
    must_red={f"{W}.without_at_the_log_is_read_at_the_current_second"},
    must_green={f"{W}.the_admitting_world_exits_0_and_writes_the_report"},
)

open_values_deduplicated_and_sorted = Defect(
    id="edges.open_values_deduplicated_and_sorted",
    target=launch_dry_run.main,
    intent="Read the --open values as a sorted set, so bad values are said out of the order given and a repeated one only once.",
    patch=("opened=tuple(args.open),", "opened=tuple(sorted(set(args.open))),"),
    must_red={f"{W}.every_bad_open_is_said_in_the_order_given"},
)

default_dir_ignored = Defect(
    id="edges.default_dir_ignored",
    target=launch_dry_run.main,
    intent="Place a report without --out under the working directory instead of the directory the shell names, so the default lands wherever the command ran.",
    patch=("out = report_path(call, default_dir)", 'out = report_path(call, "")'),
    must_red={f"{W}.without_out_the_report_goes_under_the_named_directory"},
)

plan_refused_report_unwritten = Defect(
    id="edges.plan_refused_report_unwritten",
    target=launch_dry_run.main,
    intent="Write the report only when it rendered hosts, so a world whose plan refuses exits 1 saying a report was written that never was.",
    patch=(
        "if isinstance(report, Admitted) else None",
        "if isinstance(report, Admitted) and report.value.hosts else None",
    ),
    must_red={"edges.launch_dry_run.every_refused_world_writes_its_report"},
)

empty_at_read_as_now = Defect(
    id="edges.shell_empty_at_read_as_now",
    target=launch_dry_run.main,
    intent="Pass an empty --at as absent, so `--at ''` reads the log now instead of being bad input.",
    patch=("at=args.at,", "at=args.at or None,"),
    must_red={"edges.launch_dry_run.each_option_reaches_the_rule_as_typed"},
)

glm_utilization_ignored = Defect(
    id="edges.glm_utilization_ignored",
    target=launch_dry_run.main,
    intent="Pass --gpu-memory-utilization only for the V4.1 arm, so GLM's override is silently dropped.",
    patch=(
        "utilization=args.gpu_memory_utilization,",
        "utilization=args.gpu_memory_utilization if args.arm == 'v41-group-a' else None,",
    ),
    must_red={"edges.launch_dry_run.each_option_reaches_the_rule_as_typed"},
)

bets_dropped_beside_open = Defect(
    id="edges.bets_dropped_beside_open",
    target=launch_dry_run.main,
    intent="Drop --engram-bets whenever an --open is given.",
    patch=("engram_bets=args.engram_bets,", "engram_bets=args.engram_bets and not args.open,"),
    must_red={"edges.launch_dry_run.each_option_reaches_the_rule_as_typed"},
)

glm_read_at_second_zero = Defect(
    id="edges.glm_read_at_second_zero",
    target=launch_dry_run.main,
    intent="Read GLM's log at second 0 instead of now when --at is absent.",
    patch=("int(time.time())", "int(time.time()) if args.arm == 'v41-group-a' else 0"),
    must_red={"edges.launch_dry_run.each_option_reaches_the_rule_as_typed"},
)

glm_engram_bets_silently_dropped = Defect(
    id="edges.glm_engram_bets_silently_dropped",
    target=launch_dry_run.main,
    intent="Drop --engram-bets on the GLM arm before the rule sees it, so an option GLM refuses is silently ignored instead of bad input.",
    patch=("engram_bets=args.engram_bets,", 'engram_bets=args.engram_bets and args.arm == "v41-group-a",'),
    must_red={"edges.launch_dry_run.each_option_is_handed_on_untrimmed_and_checked"},
)

default_out_unchecked_against_the_log = Defect(
    id="edges.default_out_unchecked_against_the_log",
    target=launch_dry_run.main,
    intent="Check the report path against the authority log only when --out is given, so without it a log lying at the default path is overwritten by its own report.",
    patch=(
        'checked = checked_out_path(out, {"authority log": call.authority_log})',
        'checked = checked_out_path(out, {"authority log": call.authority_log} if call.out is not None else {})',
    ),
    must_red={"edges.launch_dry_run.each_option_is_handed_on_untrimmed_and_checked"},
)

utilization_trimmed_by_the_shell = Defect(
    id="edges.utilization_trimmed_by_the_shell",
    target=launch_dry_run.main,
    intent="Trim --gpu-memory-utilization in the shell, so ' 0.80' is read as 0.80 instead of being refused as typed.",
    patch=(
        "utilization=args.gpu_memory_utilization,",
        "utilization=None if args.gpu_memory_utilization is None else args.gpu_memory_utilization.strip(),",
    ),
    must_red={"edges.launch_dry_run.each_option_is_handed_on_untrimmed_and_checked"},
)

json_dropped_by_the_shell = Defect(
    id="edges.json_dropped_by_the_shell",
    target=launch_dry_run.main,
    intent="Drop --json before the rule sees it, so the command writes text where a script asked for JSON.",
    patch=("json=args.json,", "json=False,"),
    must_red={f"{W}.json_runs_keep_their_exit_codes_and_write_json", f"{W}.json_without_out_writes_the_json_default"},
)
