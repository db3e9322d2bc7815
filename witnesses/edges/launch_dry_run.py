"""Witness the launch_dry_run command end to end in a temporary folder: its exit codes, what it prints, and what it writes or leaves alone.

Every run passes `--out` inside `tmp_path` and `default_dir=tmp_path`, so no
run writes outside the claim's folder, even under a mutant that drops `--out`.
Where the report goes without `--out` is the pure rule
`dry_run_command.report_path`, claimed without writing anything.
"""

from __future__ import annotations

from pathlib import Path

from claims import Witness, check
from domain.edges import launch_dry_run
from witnesses.edges.fixtures import (
    ADMITTING_LOG,
    AT,
    DUPLICATE_KEY_LOG,
    EXPIRED_LOG,
    ClosedPipe,
    deep_folder,
    helped,
    listing,
    ran,
    shown,
    terminal,
    written,
)

witness = Witness("edges.launch_dry_run", never_refuses=[launch_dry_run.main])

ADMITTED_LINE = "v41-group-a: ADMITTED (the v41-group-a plan rendered and admission holds); report written to {out}"
BAD_INPUT = "launch_dry_run: bad input; nothing written"


def dry_run(folder: Path, log: str, *extra: str, out: str | None = None) -> tuple[int, str, str]:
    """Run the V4.1 dry run on `log` written into `folder`, reporting to `out` (default `folder/out/report.txt`)."""
    path = written(folder, "log.jsonl", log)
    report = out if out is not None else str(folder / "out" / "report.txt")
    return ran(
        launch_dry_run.main,
        "v41-group-a",
        "--authority-log",
        str(path),
        "--at",
        AT,
        "--out",
        report,
        *extra,
        default_dir=str(folder),
    )


@witness.positive(
    "The admitting world exits 0, writes the admitted report to --out, and prints one line saying where.",
    rules=[launch_dry_run.main],
)
def the_admitting_world_exits_0_and_writes_the_report(tmp_path: Path) -> None:
    code, out, err = dry_run(tmp_path, ADMITTING_LOG)
    report = tmp_path / "out" / "report.txt"
    check.equal("exit code", code, 0)
    check.equal("stdout", out, ADMITTED_LINE.format(out=report) + "\n")
    check.equal("stderr", err, "")
    check.holds(
        "report says ADMITTED",
        report.read_text(encoding="utf-8").startswith("# launch dry run: v41-group-a — ADMITTED"),
        report.read_text()[:80],
    )
    check.equal("files", sorted(listing(tmp_path)), ["log.jsonl", "out", "out/report.txt"])


@witness.positive(
    "A refused world exits 1, still writes the report saying REFUSED, and prints the located reason.",
    rules=[launch_dry_run.main],
)
def a_refused_world_exits_1_and_still_writes_the_report(tmp_path: Path) -> None:
    code, out, _ = dry_run(tmp_path, EXPIRED_LOG)
    check.equal("exit code", code, 1)
    check.contains("reason printed", "SuccessorMayNotLaunch @ pair_serving_successor_may_launch", out)
    check.holds(
        "report says REFUSED",
        (tmp_path / "out" / "report.txt")
        .read_text(encoding="utf-8")
        .startswith("# launch dry run: v41-group-a — REFUSED"),
    )


@witness.positive(
    "A malformed log exits 2, prints its located line and the trailer on stderr only, and writes nothing, not even --out's directory.",
    rules=[launch_dry_run.main],
)
def bad_input_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    code, out, err = dry_run(tmp_path, DUPLICATE_KEY_LOG)
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal(
        "stderr",
        err,
        f"{tmp_path / 'log.jsonl'}:1: $.at: expected unique keys, got duplicate key 'at' (2 times)\n{BAD_INPUT}\n",
    )
    check.equal("files", sorted(listing(tmp_path)), ["log.jsonl"])


@witness.positive("Bad input leaves an existing report exactly as it was.", rules=[launch_dry_run.main])
def bad_input_leaves_the_old_report(tmp_path: Path) -> None:
    old = written(tmp_path, "report.txt", "yesterday's report")
    code, _, _ = dry_run(tmp_path, ADMITTING_LOG, "--gpu-memory-utilization", "0.80001", out=str(old))
    check.equal("exit code", code, 2)
    check.equal("old report", old.read_text(), "yesterday's report")


@witness.positive(
    "An --out that is a symbolic link exits 2, and the link and the file it points at are left as they were.",
    rules=[launch_dry_run.main],
)
def a_symbolic_link_at_out_is_left_alone(tmp_path: Path) -> None:
    written(tmp_path, "target.txt", "keep me")
    (tmp_path / "report.txt").symlink_to("target.txt")
    before = listing(tmp_path)
    code, _, err = dry_run(tmp_path, ADMITTING_LOG, out=str(tmp_path / "report.txt"))
    check.equal("exit code", code, 2)
    check.contains("refusal", "got a symbolic link to 'target.txt'; it is left as it was", err)
    check.equal("folder", listing(tmp_path), {**before, "log.jsonl": ("file", ADMITTING_LOG.encode())})


@witness.positive(
    "An --out that is the authority log itself exits 2, and the log is left byte for byte.", rules=[launch_dry_run.main]
)
def the_authority_log_is_never_the_report(tmp_path: Path) -> None:
    code, _, err = dry_run(tmp_path, ADMITTING_LOG, out=str(tmp_path / "log.jsonl"))
    check.equal("exit code", code, 2)
    check.contains("refusal", "expected a path other than the authority log", err)
    check.equal("log", (tmp_path / "log.jsonl").read_text(), ADMITTING_LOG)


@witness.positive("A usage error exits 2 and --help exits 0, writing nothing.", rules=[launch_dry_run.main])
def a_usage_error_exits_2_and_help_exits_0(tmp_path: Path) -> None:
    code, _, err = ran(
        launch_dry_run.main,
        "v41-group-b",
        "--authority-log",
        str(tmp_path / "log.jsonl"),
        "--out",
        str(tmp_path / "r.txt"),
        default_dir=str(tmp_path),
    )
    check.equal("usage error", code, 2)
    check.contains("usage", "invalid choice: 'v41-group-b'", err)
    check.equal("--help", ran(launch_dry_run.main, "--help", default_dir=str(tmp_path))[0], 0)
    check.equal("files", listing(tmp_path), {})


@witness.positive(
    "A reader that closed stdout early makes the command exit 141, after the report was written.",
    rules=[launch_dry_run.main],
)
def a_closed_reader_exits_141_after_writing(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", ADMITTING_LOG)
    with terminal(ClosedPipe()):
        code = launch_dry_run.main(
            ["v41-group-a", "--authority-log", str(log), "--at", AT, "--out", str(tmp_path / "r.txt")],
            default_dir=str(tmp_path),
        )
    check.equal("exit code", code, 141)
    check.holds("report written", (tmp_path / "r.txt").is_file())


@witness.snapshot(
    "What launch_dry_run prints and returns for an admitted, a refused, a malformed and a frontier-withholding run stays byte-identical, as a regression control.",
    rules=[launch_dry_run.main],
)
def launch_dry_run_runs_are_byte_identical(tmp_path: Path) -> str:
    runs = [
        ("admitted", ADMITTING_LOG, ()),
        ("refused: the lease expired", EXPIRED_LOG, ()),
        ("malformed log", DUPLICATE_KEY_LOG, ()),
        ("--open 12359 and --engram-bets", ADMITTING_LOG, ("--open", "12359", "--engram-bets")),
    ]
    results = [(title, *dry_run(tmp_path, log, *extra)) for title, log, extra in runs]
    return "".join(shown(title, code, out.splitlines(), err.splitlines()) for title, code, out, err in results).replace(
        str(tmp_path), "TMP"
    )


HELP = """\
usage: launch_dry_run [-h] --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                      [--open FRONTIER] [--engram-bets] [--out FILE]
                      {glm-group-b,v41-group-a}

Plan a serving arm's launch as a dry run: render every host's argv, unit and scripts, fold
admission over the authority log, and write a report. Nothing lands on a host.

positional arguments:
  {glm-group-b,v41-group-a}
                        the arm to plan

options:
  -h, --help            show this help message and exit
  --authority-log FILE  the authority log (JSON Lines), the only live read
  --at TIME             read the log as of this time: epoch seconds or ISO 8601 with a zone
                        (default: now)
  --gpu-memory-utilization U
                        override the utilization axis, e.g. 0.80 (exact, at most 4 places)
  --open FRONTIER       leave a frontier open instead of discharging it with its fixture (#12371,
                        #12359, #12351, wet-runner); v41-group-a only
  --engram-bets         also report each staircase step's Engram bet against the per-rank
                        allowance; v41-group-a only
  --out FILE            where to write the report (default: target/<arm>-launch-dry-run.txt)

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
    deep = deep_folder(tmp_path)
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, out=str(deep / "r"))
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal(
        "stderr",
        err,
        f"--out {deep / 'r'}: expected a path this process can create and write, "
        f"got OSError while writing in {deep}: File name too long\n{BAD_INPUT}\n",
    )
    check.equal("nothing left in the folder", list(deep.iterdir()), [])
