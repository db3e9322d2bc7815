"""Witness a launch_dry_run run across the partitions of its world and options: every kind of refusal, an empty option, and each option on each arm."""

from __future__ import annotations

import time
from pathlib import Path

from claims import check
from domain.edges import launch_dry_run
from witnesses.core.fixtures import utc_said
from witnesses.edges.fixtures import ADMITTING_LOG, AT, EXPIRED_LOG, listing, log_text, ran, written
from witnesses.edges.launch_dry_run import BAD_INPUT, READ_AS_OF, dry_run, witness
from witnesses.spark.fixtures import ACTIVE, HELD_A, HELD_B, READING, SUSPENSION

UNPRODUCED_LOG = log_text(ACTIVE, *HELD_A, READING, SUSPENSION)
"""Group A suspended for the candidate with its hosts held, but no image admitted: the plan refuses (#12353)."""


@witness.positive(
    "Every kind of refused world (the plan refused for #12371 or #12359 left open or for an unproduced image, or admission refused for an expired lease) exits 1 and still writes its REFUSED report.",
    rules=[launch_dry_run.main],
)
def every_refused_world_writes_its_report(tmp_path: Path) -> None:
    for name, log, extra in (
        ("shape open", ADMITTING_LOG, ("--open", "12371")),
        ("manifest open", ADMITTING_LOG, ("--open", "12359")),
        ("image unproduced", UNPRODUCED_LOG, ()),
        ("lease expired", EXPIRED_LOG, ()),
    ):
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        code, _, err = dry_run(folder, log, *extra)
        check.equal(f"{name}: exit code", code, 1)
        check.equal(f"{name}: stderr", err, "")
        report = folder / "out" / "report.txt"
        check.holds(
            f"{name}: report written saying REFUSED",
            report.exists()
            and report.read_text(encoding="utf-8").startswith("# launch dry run: v41-group-a — REFUSED"),
            sorted(listing(folder)),
        )


@witness.positive(
    "Each option reaches the rule as typed on either arm: an empty --at is bad input, never now; GLM's --gpu-memory-utilization sets its fit line; --engram-bets beside an --open still reports the bets; and GLM without --at reads the log at the current second.",
    rules=[launch_dry_run.main],
)
def each_option_reaches_the_rule_as_typed(tmp_path: Path) -> None:
    code, out, err = dry_run(tmp_path, ADMITTING_LOG, "--at", "", out=str(tmp_path / "empty-at" / "r.txt"))
    check.equal("empty --at: exit code", code, 2)
    check.contains("empty --at: located", "--at: expected", err)
    check.contains("empty --at: trailer", BAD_INPUT, err)
    check.holds("empty --at: nothing written", not (tmp_path / "empty-at").exists(), sorted(listing(tmp_path)))

    code, _, _ = dry_run(tmp_path, ADMITTING_LOG, "--engram-bets", "--open", "12359", out=str(tmp_path / "bets.txt"))
    check.equal("bets beside --open: exit code", code, 1)
    check.contains(
        "bets beside --open", "\n## Engram residency bets\n", (tmp_path / "bets.txt").read_text(encoding="utf-8")
    )

    glm_log = written(tmp_path, "glm.jsonl", log_text(*HELD_B))
    glm_report = tmp_path / "glm.txt"
    argv = ("glm-group-b", "--authority-log", str(glm_log), "--out", str(glm_report))
    code, _, _ = ran(
        launch_dry_run.main, *argv, "--at", AT, "--gpu-memory-utilization", "0.90", default_dir=str(tmp_path)
    )
    check.equal("GLM utilization: exit code", code, 0)
    check.contains("GLM utilization", " at 9000 bp (0.9)\n", glm_report.read_text(encoding="utf-8"))

    before = int(time.time())
    code, _, _ = ran(launch_dry_run.main, *argv, default_dir=str(tmp_path))
    after = int(time.time())
    said = READ_AS_OF.search(glm_report.read_text(encoding="utf-8"))
    read_at = int(said.group(2)) if said and said.group(1) == utc_said(int(said.group(2))) else None
    check.equal("GLM without --at: exit code", code, 0)
    check.holds(
        f"GLM without --at: read at a second from {before} to {after}",
        read_at is not None and before <= read_at <= after,
        read_at,
    )


@witness.positive(
    "Each option the shell hands on is the text typed, on either arm: GLM's --engram-bets is bad input, a utilization with a space before or after it is bad input, and without --out an authority log lying at the default report path is refused and left as it was.",
    rules=[launch_dry_run.main],
)
def each_option_is_handed_on_untrimmed_and_checked(tmp_path: Path) -> None:
    glm_log = written(tmp_path, "glm.jsonl", log_text(*HELD_B))
    for name, argv in (
        ("GLM --engram-bets", ("glm-group-b", "--authority-log", str(glm_log), "--at", AT, "--engram-bets")),
        (
            "leading space",
            ("glm-group-b", "--authority-log", str(glm_log), "--at", AT, "--gpu-memory-utilization=  0.80"),
        ),
        (
            "trailing space",
            ("v41-group-a", "--authority-log", str(glm_log), "--at", AT, "--gpu-memory-utilization", "0.80 "),
        ),
    ):
        folder = tmp_path / name.replace(" ", "-")
        code, _, err = ran(launch_dry_run.main, *argv, "--out", str(folder / "r.txt"), default_dir=str(tmp_path))
        check.equal(f"{name}: exit code", code, 2)
        check.contains(f"{name}: trailer", BAD_INPUT, err)
        check.holds(f"{name}: nothing written", not folder.exists(), sorted(listing(tmp_path)))
    for arm in ("v41-group-a", "glm-group-b"):
        home = tmp_path / f"home-{arm}"
        (home / "target").mkdir(parents=True)
        log = written(
            home / "target", f"{arm}-launch-dry-run.txt", ADMITTING_LOG if arm == "v41-group-a" else log_text(*HELD_B)
        )
        before = log.read_bytes()
        code, _, err = ran(launch_dry_run.main, arm, "--authority-log", str(log), "--at", AT, default_dir=str(home))
        check.equal(f"{arm} log at the default path: exit code", code, 2)
        check.contains(f"{arm} log at the default path: trailer", BAD_INPUT, err)
        check.equal(f"{arm} log at the default path: left as it was", log.read_bytes(), before)
