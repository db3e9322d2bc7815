"""Witness what launch_dry_run reads from its command line: --help, each option reaching the run, and the inputs it names when they fail."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from claims import check
from domain.edges import launch_dry_run
from witnesses.edges.fixtures import (
    ADMITTING_LOG,
    AT,
    EXPIRED_LOG,
    deep_folder,
    helped,
    listing,
    log_text,
    ran,
    written,
)
from witnesses.edges.launch_dry_run import BAD_INPUT, dry_run, witness
from witnesses.spark.fixtures import HELD_B

HELP = """\
usage: launch_dry_run [-h] --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                      [--open FRONTIER] [--engram-bets] [--json] [--out FILE]
                      {glm-group-b,v41-group-a}

Plan a serving arm's launch as a dry run: render every host's argv, unit and scripts, fold
admission over the authority log, and write a report. Nothing lands on a host.

positional arguments:
  {glm-group-b,v41-group-a}
                        the arm to plan

options:
  -h, --help            show this help message and exit
  --authority-log FILE  the authority log (JSON Lines), the only live read; a FIFO waits for a
                        writer 10 seconds at most
  --at TIME             read the log as of this time: epoch seconds or ISO 8601 with a zone
                        (default: now)
  --gpu-memory-utilization U
                        override the utilization axis, e.g. 0.80 (exact, at most 4 places)
  --open FRONTIER       leave a frontier open instead of discharging it with its fixture (#12371,
                        #12359, #12351, wet-runner); v41-group-a only
  --engram-bets         also report each staircase step's Engram bet against the per-rank
                        allowance; v41-group-a only
  --json                write the report as JSON (schema launch-dry-run/1) instead of text; the
                        same exit codes
  --out FILE            where to write the report (default: target/<arm>-launch-dry-run.txt, or
                        .json with --json)

Exit codes: 0 the plan rendered and admission holds; 1 refused (report written, saying REFUSED); 2
bad input (nothing written).
"""


@witness.positive(
    "--help prints, 100 columns wide, exactly the usage, every option with its metavar and help, and the exit codes, on stdout only.",
    rules=[launch_dry_run.main],
)
def help_prints_every_option_and_the_exit_codes(tmp_path: Path) -> None:
    code, out, err = helped(launch_dry_run.main, default_dir=str(tmp_path))
    check.equal("exit code", code, 0)
    for number, (seen, expected) in enumerate(zip(out.splitlines(), HELP.splitlines(), strict=False), 1):
        check.equal(f"line {number}", seen, expected)
    check.equal("stdout", out, HELP)
    check.equal("stderr", err, "")


@witness.positive(
    "A run without --authority-log is a usage error naming it: exit 2, and nothing written.",
    rules=[launch_dry_run.main],
)
def a_run_without_the_authority_log_is_a_usage_error(tmp_path: Path) -> None:
    code, out, err = ran(
        launch_dry_run.main, "v41-group-a", "--at", AT, "--out", str(tmp_path / "r.txt"), default_dir=str(tmp_path)
    )
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal(
        "last stderr line",
        err.splitlines()[-1:],
        ["launch_dry_run: error: the following arguments are required: --authority-log"],
    )
    check.equal("files", listing(tmp_path), {})


@witness.positive(
    "A missing authority log exits 2, saying on stderr it expected a readable UTF-8 authority log at that path, and writes nothing.",
    rules=[launch_dry_run.main],
)
def a_missing_log_exits_2_naming_the_authority_log(tmp_path: Path) -> None:
    absent = tmp_path / "absent.jsonl"
    code, out, err = ran(
        launch_dry_run.main,
        "v41-group-a",
        "--authority-log",
        str(absent),
        "--at",
        AT,
        "--out",
        str(tmp_path / "r.txt"),
        default_dir=str(tmp_path),
    )
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal(
        "stderr",
        err,
        f"{absent}: expected a readable UTF-8 authority log, got FileNotFoundError: "
        f"[Errno 2] No such file or directory: '{absent}'\n{BAD_INPUT}\n",
    )
    check.equal("files", listing(tmp_path), {})


@witness.positive(
    "--engram-bets adds the Engram residency bets to the written report, and a run without it leaves them out.",
    rules=[launch_dry_run.main],
)
def engram_bets_reach_the_report(tmp_path: Path) -> None:
    report = tmp_path / "out" / "report.txt"
    check.equal("exit code", dry_run(tmp_path, ADMITTING_LOG)[0], 0)
    check.absent("without", "## Engram residency bets", report.read_text(encoding="utf-8"))
    check.equal("exit code", dry_run(tmp_path, ADMITTING_LOG, "--engram-bets")[0], 0)
    check.contains("with", "\n## Engram residency bets\n", report.read_text(encoding="utf-8"))


@witness.positive(
    "A report that cannot be written exits 2 with the located write failure and the bad-input trailer, printing no verdict.",
    rules=[launch_dry_run.main],
)
def an_unwritable_report_exits_2(tmp_path: Path) -> None:
    deep = _unwritable_report_exits_2(tmp_path, ADMITTING_LOG)
    check.equal("nothing left in the folder", list(deep.iterdir()), [])


def _unwritable_report_exits_2(tmp_path: Path, log: str) -> Path:
    # A report under a folder whose path is too long to create: exit 2, the located failure, no verdict.
    deep = deep_folder(tmp_path)
    code, out, err = dry_run(tmp_path, log, out=str(deep / "r"))
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal(
        "stderr",
        err,
        f"--out {deep / 'r'}: expected a path this process can create and write, "
        f"got OSError while writing in {deep}: File name too long\n{BAD_INPUT}\n",
    )
    return deep


@witness.positive(
    "The utilization given on the command line reaches the plan: 0.50 exits 1 naming the Engram allowance it overflows, and 0.80 exits 0.",
    rules=[launch_dry_run.main],
)
def the_utilization_given_reaches_the_plan(tmp_path: Path) -> None:
    report = tmp_path / "out" / "report.txt"
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, "--gpu-memory-utilization", "0.50")
    check.equal("0.50: exit code", code, 1)
    lines = out.splitlines()
    check.equal("0.50: head", lines[:1], [f"v41-group-a: REFUSED (1 reason); report written to {report}"])
    check.equal("0.50: one reason", len(lines), 2)
    check.holds(
        "0.50: the allowance named",
        lines[1].startswith("  EngramAllowanceOverflowsPool @ $.row.resident_beyond_weights: ")
        and "242 GiB declared Engram page-cache allowance at 5000 bp (0.5) utilization" in lines[1],
        lines[1:],
    )
    check.equal("0.50: stderr", err, "")
    check.equal("0.80: exit code", dry_run(tmp_path, ADMITTING_LOG, "--gpu-memory-utilization", "0.80")[0], 0)


def _open_lines(out: str) -> list[str]:
    return [line.split(":", 1)[0] for line in out.splitlines()[1:]]


@witness.positive(
    "Every --open given leaves its frontier open: one --open withholds one, and two withhold both, each its own reason.",
    rules=[launch_dry_run.main],
)
def every_open_given_is_left_open(tmp_path: Path) -> None:
    report = tmp_path / "out" / "report.txt"
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, "--open", "12359")
    check.equal("one: exit code", code, 1)
    check.equal("one: head", out.splitlines()[:1], [f"v41-group-a: REFUSED (1 reason); report written to {report}"])
    check.equal("one: reasons", _open_lines(out), ["  ObligationOpen @ #12359"])
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, "--open", "12359", "--open", "#12371")
    check.equal("two: exit code", code, 1)
    check.equal("two: head", out.splitlines()[:1], [f"v41-group-a: REFUSED (2 reasons); report written to {report}"])
    check.equal("two: reasons", _open_lines(out), ["  ObligationOpen @ #12371", "  ObligationOpen @ #12359"])
    check.equal("two: stderr", err, "")


@witness.positive(
    "Every bad --open is its own bad-input line, in the order given, a repeat included: exit 2, nothing written.",
    rules=[launch_dry_run.main],
)
def every_bad_open_is_said_in_the_order_given(tmp_path: Path) -> None:
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, "--open", "zz", "--open", "aa", "--open", "zz")
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    said = [line.rsplit(", got ", 1)[1] for line in err.splitlines() if line.startswith("--open: ")]
    check.equal("bad values, in order", said, ["'zz'", "'aa'", "'zz'"])
    check.equal("trailer", err.splitlines()[-1:], [BAD_INPUT])
    check.equal("nothing written", (tmp_path / "out").exists(), False)


@witness.positive(
    "The authority log however spelled, through ./ or a hard link, is never the report: exit 2, located at --out, naming the log's own path.",
    rules=[launch_dry_run.main],
)
def the_authority_log_however_spelled_is_never_the_report(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    os.link(written(tmp_path, "log.jsonl", ADMITTING_LOG), tmp_path / "hard.jsonl")
    for out in (f"{tmp_path}/./log.jsonl", str(tmp_path / "hard.jsonl")):
        code, stdout, err = dry_run(tmp_path, ADMITTING_LOG, out=out)
        check.equal(f"{out}: exit code", code, 2)
        check.equal(f"{out}: stdout", stdout, "")
        check.equal(
            f"{out}: stderr",
            err,
            f"--out {out}: expected a path other than the authority log, got the same file as the authority log "
            f"({log}); it is left as it was\n{BAD_INPUT}\n",
        )
    check.equal("log", log.read_text(encoding="utf-8"), ADMITTING_LOG)
    check.equal("files", sorted(listing(tmp_path)), ["hard.jsonl", "log.jsonl"])


@witness.positive(
    "A report that cannot be written exits 2 even when admission was refused, printing no verdict.",
    rules=[launch_dry_run.main],
)
def an_unwritable_refused_report_exits_2(tmp_path: Path) -> None:
    _unwritable_report_exits_2(tmp_path, EXPIRED_LOG)


@witness.positive(
    "The arm named is the arm planned: glm-group-b over a log where Group B holds its hosts exits 0 and writes GLM's report.",
    rules=[launch_dry_run.main],
)
def the_arm_named_is_the_arm_planned(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", log_text(*HELD_B))
    report = tmp_path / "glm.txt"
    code, out, err = ran(
        launch_dry_run.main,
        "glm-group-b",
        "--authority-log",
        str(log),
        "--at",
        AT,
        "--out",
        str(report),
        default_dir=str(tmp_path),
    )
    check.equal("exit code", code, 0)
    check.equal(
        "stdout",
        out,
        f"glm-group-b: ADMITTED (the glm-group-b plan rendered and admission holds); report written to {report}\n",
    )
    check.equal("stderr", err, "")
    check.equal(
        "report head",
        report.read_text(encoding="utf-8").splitlines()[:2],
        [
            "# launch dry run: glm-group-b — ADMITTED",
            f"authority log: {log}, read as of 2026-01-01T01:00:00Z (epoch 1767229200)",
        ],
    )


@witness.positive(
    "An empty --out is bad input located at --out, never the arm's default path: exit 2, no verdict, and nothing written anywhere.",
    rules=[launch_dry_run.main],
)
def an_empty_out_is_bad_input_never_the_default(tmp_path: Path) -> None:
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, out="")
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal("stderr", err, f"--out: expected a file path, got an empty string\n{BAD_INPUT}\n")
    # Without --out the default goes under default_dir (tmp_path/target/...): nothing may appear there either.
    check.equal("files", sorted(listing(tmp_path)), ["log.jsonl"])


@witness.positive(
    "Without --out each arm's report is written under the directory the shell names (target/<arm>-launch-dry-run.txt there), never under the working directory.",
    rules=[launch_dry_run.main],
)
def without_out_the_report_goes_under_the_named_directory(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", ADMITTING_LOG + log_text(*HELD_B))
    home, working = tmp_path / "home", tmp_path / "working"
    home.mkdir()
    working.mkdir()
    # Run from a working directory inside tmp_path: a run that ignored default_dir writes there, never outside the claim.
    with contextlib.chdir(working):
        for arm, verdict in (("v41-group-a", "ADMITTED"), ("glm-group-b", "ADMITTED")):
            code, out, err = ran(
                launch_dry_run.main, arm, "--authority-log", str(log), "--at", AT, default_dir=str(home)
            )
            report = home / "target" / f"{arm}-launch-dry-run.txt"
            check.equal(f"{arm} exit code", code, 0)
            check.equal(f"{arm} stderr", err, "")
            check.equal(f"{arm} stdout names the report", out.endswith(f"report written to {report}\n"), True)
            check.equal(
                f"{arm} report head",
                report.read_text(encoding="utf-8").splitlines()[:1],
                [f"# launch dry run: {arm} — {verdict}"],
            )
    check.equal("working directory", listing(working), {})
    check.equal(
        "named directory",
        sorted(listing(home)),
        ["target", *(f"target/{a}-launch-dry-run.txt" for a in ("glm-group-b", "v41-group-a"))],
    )


@witness.positive(
    "With neither --out nor default_dir the report is written under the working directory (target/v41-group-a-launch-dry-run.txt there), and nothing else is written.",
    rules=[launch_dry_run.main],
)
def without_out_or_default_dir_the_report_goes_under_the_working_directory(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", ADMITTING_LOG)
    working = tmp_path / "working"
    working.mkdir()
    # The working directory is inside tmp_path: a run that put the report anywhere relative still writes only there.
    with contextlib.chdir(working):
        code, out, err = ran(launch_dry_run.main, "v41-group-a", "--authority-log", str(log), "--at", AT)
    report = Path("target") / "v41-group-a-launch-dry-run.txt"
    check.equal("exit code", code, 0)
    check.equal("stderr", err, "")
    check.equal("stdout names the report", out.endswith(f"report written to {report}\n"), True)
    check.equal("working directory", sorted(listing(working)), ["target", str(report)])
    check.equal(
        "beside the log",
        sorted(listing(tmp_path)),
        ["log.jsonl", "working", *(f"working/{n}" for n in ("target", str(report)))],
    )
