"""Witness the report file's I/O in a temporary folder: `--out` inspected without touching it, the report written atomically, nothing left on failure."""

from __future__ import annotations

import os
from pathlib import Path

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.edges.out_path import OutPathRefused
from domain.edges.report_file import ReportUnwritten, checked_out_path, write_report
from witnesses.edges.fixtures import in_folder, listing, written

witness = Witness("edges.report_file")

REPORT = "# launch dry run: v41-group-a — ADMITTED\n≤ 484 GiB\n"


@witness.positive(
    "A new path under missing directories and an existing regular file are admitted as --out.", rules=[checked_out_path]
)
def a_new_path_and_a_regular_file_are_admitted(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", "{}\n")
    old = written(tmp_path, "report.txt", "yesterday")
    new = str(tmp_path / "new" / "deeper" / "report.txt")
    check.equal("new path", checked_out_path(new, {"authority log": str(log)}), Admitted(new))
    check.equal("regular file", checked_out_path(str(old), {"authority log": str(log)}), Admitted(str(old)))
    check.equal("nothing created", sorted(listing(tmp_path)), ["log.jsonl", "report.txt"])


@witness.refusal(
    "A directory at --out is refused as a directory, and left as it was.",
    rules=[checked_out_path],
    reasons=[because(OutPathRefused, at="--out TMP/reports", saying="got a directory; it is left as it was")],
)
def a_directory_is_refused(tmp_path: Path):
    (tmp_path / "reports").mkdir()
    written(tmp_path / "reports", "old.txt", "old")
    before = listing(tmp_path)
    outcome = checked_out_path(str(tmp_path / "reports"), {})
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A symbolic link at --out is refused naming its target, even one pointing at a regular file, which stays untouched.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/report.txt",
            saying="got a symbolic link to 'target.txt'; it is left as it was",
        )
    ],
)
def a_symbolic_link_is_refused(tmp_path: Path):
    written(tmp_path, "target.txt", "keep me")
    (tmp_path / "report.txt").symlink_to("target.txt")
    before = listing(tmp_path)
    outcome = checked_out_path(str(tmp_path / "report.txt"), {})
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A hard link to the authority log is refused as the same file, however it is spelled.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/sub/alias.jsonl",
            saying="got the same file as the authority log (TMP/log.jsonl)",
        )
    ],
)
def a_hard_link_to_the_log_is_refused(tmp_path: Path):
    log = written(tmp_path, "log.jsonl", "{}\n")
    (tmp_path / "sub").mkdir()
    os.link(log, tmp_path / "sub" / "alias.jsonl")
    dotted = checked_out_path(str(tmp_path / "sub" / ".." / "log.jsonl"), {"authority log": str(log)})
    check.contains("dotted spelling refused", "same file as the authority log", check.refused(dotted)[0].why)
    return in_folder(checked_out_path(str(tmp_path / "sub" / "alias.jsonl"), {"authority log": str(log)}), tmp_path)


@witness.refusal(
    "A path under a regular file is refused naming that file, and nothing is created.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/afile/deeper/r.txt",
            saying="got a path under TMP/afile, which is a regular file",
        )
    ],
)
def a_path_under_a_file_is_refused(tmp_path: Path):
    written(tmp_path, "afile", "x")
    return in_folder(checked_out_path(str(tmp_path / "afile" / "deeper" / "r.txt"), {}), tmp_path)


@witness.positive(
    "A report under missing directories is written with exactly its bytes, and no temp file is left.",
    rules=[write_report],
)
def a_report_is_written_whole(tmp_path: Path) -> None:
    out = str(tmp_path / "new" / "deeper" / "report.txt")
    check.equal("outcome", write_report(out, REPORT), Admitted(out))
    check.equal(
        "folder",
        listing(tmp_path),
        {
            "new": ("other", None),
            "new/deeper": ("other", None),
            "new/deeper/report.txt": ("file", REPORT.encode("utf-8")),
        },
    )


@witness.positive(
    "Replacing a report renames a new file over it, so a hard link to the old report keeps the old bytes, never half of the new ones.",
    rules=[write_report],
)
def a_report_is_replaced_atomically(tmp_path: Path) -> None:
    old = written(tmp_path, "report.txt", "yesterday's report")
    os.link(old, tmp_path / "reader-holds-the-old.txt")
    check.admitted(write_report(str(old), REPORT))
    check.equal("new report", old.read_text(encoding="utf-8"), REPORT)
    check.equal(
        "the old file, as a reader holding it sees it",
        (tmp_path / "reader-holds-the-old.txt").read_text(),
        "yesterday's report",
    )
    check.equal("files", sorted(listing(tmp_path)), ["reader-holds-the-old.txt", "report.txt"])


@witness.refusal(
    "A report the file system cannot name is refused, and the directories made for it and its temp file are removed.",
    rules=[write_report],
    reasons=[
        because(
            ReportUnwritten,
            at="--out TMP/new/deeper/" + "r" * 300,
            saying=["while renaming the report into place", "File name too long"],
        )
    ],
)
def an_unwritable_report_leaves_nothing_behind(tmp_path: Path):
    outcome = write_report(str(tmp_path / "new" / "deeper" / ("r" * 300)), REPORT)
    check.equal("nothing left", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)
