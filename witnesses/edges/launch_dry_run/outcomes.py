"""Witness what a launch_dry_run run does with each world: its exit code, what it prints, and what it writes or leaves alone."""

from __future__ import annotations

import contextlib
import errno
import json
import time
from pathlib import Path

import attrs

from claims import check
from domain.edges import launch_dry_run
from witnesses.core.fixtures import utc_said
from witnesses.edges.fixtures import (
    ADMITTING_LOG,
    AT,
    DUPLICATE_KEY_LOG,
    EXPIRED_LOG,
    ClosedPipe,
    listing,
    log_text,
    ran,
    shown,
    terminal,
    written,
)
from witnesses.edges.launch_dry_run import ADMITTED_LINE, BAD_INPUT, READ_AS_OF, dry_run, witness
from witnesses.spark.fixtures import ACTIVE, HELD_A, HELD_B, IMAGE, READING, SUSPENSION


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


@witness.positive(
    "An option one character off (an underscore for a dash, a letter changed, added or dropped) or cut short is a usage error naming it: exit 2, nothing on stdout, and nothing written.",
    rules=[launch_dry_run.main],
)
def an_option_one_character_off_is_a_usage_error(tmp_path: Path) -> None:
    for extra, said in (
        (("--engram_bets",), "unrecognized arguments: --engram_bets"),
        (("--gpu-memory-utilisation", "0.8"), "unrecognized arguments: --gpu-memory-utilisation 0.8"),
        (("--opem", "12359"), "unrecognized arguments: --opem 12359"),
        (("--outs", "x"), "unrecognized arguments: --outs x"),
        (("--at-", "1"), "unrecognized arguments: --at- 1"),
        (("--engram",), "unrecognized arguments: --engram"),  # a prefix of --engram-bets is not it
    ):
        code, out, err = dry_run(tmp_path, ADMITTING_LOG, *extra)
        check.equal(f"{extra[0]}: exit code and stdout", (code, out), (2, ""))
        check.equal(f"{extra[0]}: last stderr line", err.splitlines()[-1:], [f"launch_dry_run: error: {said}"])
        check.equal(f"{extra[0]}: files", sorted(listing(tmp_path)), ["log.jsonl"])


class GoneReader:
    """Stand in for stdout whose reader went away: a plain object (no io finalizer) whose every write and flush raises BrokenPipeError."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


@witness.positive(
    "--help to a reader that closed stdout early exits 141, not 0, writing nothing.",
    rules=[launch_dry_run.main],
)
def help_to_a_closed_reader_exits_141(tmp_path: Path) -> None:
    with terminal(GoneReader()):  # type: ignore[arg-type]
        code = launch_dry_run.main(["--help"], default_dir=str(tmp_path))
    check.equal("exit code", code, 141)
    check.equal("files", listing(tmp_path), {})


@witness.positive(
    "Without --at the log is read at the current epoch second: a lease live for another hour admits, one expired a minute ago refuses, and the report names the second it read at, in ISO 8601 UTC with its epoch second.",
    rules=[launch_dry_run.main],
)
def without_at_the_log_is_read_at_the_current_second(tmp_path: Path) -> None:
    for ahead, expected in ((3600, 0), (-60, 1)):
        before = int(time.time())
        suspension = attrs.evolve(SUSPENSION, lease_expires_at=before + ahead)
        log = written(tmp_path, "log.jsonl", log_text(ACTIVE, *HELD_A, IMAGE, READING, suspension))
        report = tmp_path / "report.txt"
        code, _, err = ran(
            launch_dry_run.main,
            "v41-group-a",
            "--authority-log",
            str(log),
            "--out",
            str(report),
            default_dir=str(tmp_path),
        )
        after = int(time.time())
        check.equal(f"lease {ahead:+} s: exit code", code, expected)
        check.equal(f"lease {ahead:+} s: stderr", err, "")
        said = READ_AS_OF.search(report.read_text(encoding="utf-8"))
        read_at = int(said.group(2)) if said and said.group(1) == utc_said(int(said.group(2))) else None
        check.holds(
            f"lease {ahead:+} s: read at a second from {before} to {after}",
            read_at is not None and before <= read_at <= after,
            read_at,
        )


@witness.positive(
    "With --json each world keeps its exit code and printed lines and writes its report as JSON: the admitting world 0 and ADMITTED, the expired lease 1 and REFUSED naming its reason, bad input 2 and nothing written.",
    rules=[launch_dry_run.main],
)
def json_runs_keep_their_exit_codes_and_write_json(tmp_path: Path) -> None:
    runs = (("admitted", ADMITTING_LOG, 0, "ADMITTED"), ("refused", EXPIRED_LOG, 1, "REFUSED"))
    for title, log, expected, outcome in runs:
        folder = tmp_path / title
        folder.mkdir()
        text_code, text_out, _ = dry_run(folder, log, out=str(folder / "report.txt"))
        code, out, err = dry_run(folder, log, "--json", out=str(folder / "report.json"))
        check.equal(f"{title}: exit code", code, expected)
        check.equal(f"{title}: the text run's", (text_code, text_out.replace("report.txt", "report.json")), (code, out))
        check.equal(f"{title}: stderr", err, "")
        document = json.loads((folder / "report.json").read_text(encoding="utf-8"))
        check.equal(
            f"{title}: schema and verdict",
            (document["schema"], document["verdict"]["outcome"]),
            ("launch-dry-run/1", outcome),
        )
    reasons = json.loads((tmp_path / "refused" / "report.json").read_text(encoding="utf-8"))["verdict"]["reasons"]
    check.equal(
        "the refused reason",
        [(r["kind"], r["where"]) for r in reasons],
        [("SuccessorMayNotLaunch", "pair_serving_successor_may_launch")],
    )
    bad = tmp_path / "bad"
    bad.mkdir()
    code, out, _ = dry_run(bad, DUPLICATE_KEY_LOG, "--json", out=str(bad / "report.json"))
    check.equal("bad input: exit code and stdout", (code, out), (2, ""))
    check.equal("bad input: files", sorted(listing(bad)), ["log.jsonl"])


@witness.positive(
    "Without --out, --json writes each arm's report to target/<arm>-launch-dry-run.json under the named directory, and nothing where the command ran.",
    rules=[launch_dry_run.main],
)
def json_without_out_writes_the_json_default(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", ADMITTING_LOG + log_text(*HELD_B))
    home, working = tmp_path / "home", tmp_path / "working"
    home.mkdir()
    working.mkdir()
    with contextlib.chdir(working):
        for arm in ("v41-group-a", "glm-group-b"):
            code, out, _ = ran(
                launch_dry_run.main, arm, "--authority-log", str(log), "--at", AT, "--json", default_dir=str(home)
            )
            report = home / "target" / f"{arm}-launch-dry-run.json"
            check.equal(f"{arm}: exit code and line", (code, out.endswith(f"report written to {report}\n")), (0, True))
            check.equal(f"{arm}: arm", json.loads(report.read_text(encoding="utf-8"))["arm"], arm)
    check.equal("working directory", listing(working), {})
    check.equal(
        "named directory",
        sorted(listing(home)),
        ["target", *(f"target/{a}-launch-dry-run.json" for a in ("glm-group-b", "v41-group-a"))],
    )
