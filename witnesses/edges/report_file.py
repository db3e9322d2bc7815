"""Witness the report file's I/O in a temporary folder: `--out` inspected without touching it, the report written atomically, nothing left on failure."""

from __future__ import annotations

import os
from pathlib import Path

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.edges.out_path import OutPathRefused
from domain.edges.report_file import ReportUnwritten, checked_out_path, write_report
from witnesses.edges.fixtures import (
    Interrupted,
    TempNames,
    deep_folder,
    disk_calls,
    file_mode,
    in_folder,
    listing,
    umask,
    written,
)

witness = Witness("edges.report_file")

REPORT = "# launch dry run: v41-group-a — ADMITTED\n≤ 484 GiB\n"

TAKEN = tuple(f".taken-{n:02d}.tmp" for n in range(100))
"""A hundred temp names a claim plants before the write tries them."""


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


@witness.positive(
    "Every byte of a report is fsynced before the report is renamed into place, so a crash leaves the old report or the whole new one.",
    rules=[write_report],
)
def a_report_is_on_disk_before_it_is_renamed(tmp_path: Path) -> None:
    # A text longer than the write buffer (8 KiB) goes through to the file; a short one stays in it until flushed.
    for name, text in (("empty.txt", ""), ("report.txt", REPORT), ("large.txt", REPORT * 400)):
        out = tmp_path / name
        written(tmp_path, name, "yesterday's report")
        with disk_calls() as calls:
            check.admitted(write_report(str(out), text))
        report = os.stat(out).st_ino
        check.equal(
            f"{name}: synced, then renamed",
            calls,
            [("fsync file", report, len(text.encode("utf-8"))), ("replace", report, name)],
        )


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


@witness.positive(
    "An input that does not exist is the same file as no --out, so an existing regular file is still admitted beside it.",
    rules=[checked_out_path],
)
def a_missing_input_is_never_the_same_file(tmp_path: Path) -> None:
    old = written(tmp_path, "report.txt", "yesterday")
    absent = str(tmp_path / "absent.jsonl")
    check.equal("admitted", checked_out_path(str(old), {"authority log": absent}), Admitted(str(old)))


@witness.refusal(
    "An --out behind a symbolic-link loop cannot be inspected and is refused naming the system's reason, leaving the loop as it was.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/loop/report.txt",
            saying="expected a path this process can inspect, got OSError: Too many levels of symbolic links",
        )
    ],
)
def an_out_behind_a_link_loop_is_refused(tmp_path: Path):
    (tmp_path / "loop").symlink_to("loop")
    outcome = checked_out_path(str(tmp_path / "loop" / "report.txt"), {})
    check.equal("left as it was", listing(tmp_path), {"loop": ("link", "loop")})
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "An --out holding a NUL byte cannot be inspected and is refused naming the ValueError.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/re\x00port.txt",
            saying="expected a path this process can inspect, got ValueError: embedded null byte",
        )
    ],
)
def an_out_holding_a_nul_byte_is_refused(tmp_path: Path):
    outcome = checked_out_path(str(tmp_path / "re\x00port.txt"), {})
    check.equal("nothing created", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A new report's mode is 0666 narrowed by the umask, as open() would make it, and a replaced report gets the same.",
    rules=[write_report],
)
def a_report_mode_follows_the_umask(tmp_path: Path) -> None:
    for mask, mode in ((0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o000, 0o666)):
        out = tmp_path / f"report-{mask:03o}.txt"
        with umask(mask):
            check.admitted(write_report(str(out), REPORT))
            check.equal(f"new under umask {mask:03o}", oct(file_mode(out)), oct(mode))
            out.chmod(0o400)
            check.admitted(write_report(str(out), REPORT))
            check.equal(f"replaced under umask {mask:03o}", oct(file_mode(out)), oct(mode))


@witness.positive(
    "A report holding an undecodable argv byte (a surrogate escape) is written with it backslash-escaped.",
    rules=[write_report],
)
def an_undecodable_byte_is_written_escaped(tmp_path: Path) -> None:
    out = tmp_path / "report.txt"
    check.admitted(write_report(str(out), "--out /srv/r\udcff.txt ≤\n"))
    check.equal("bytes", out.read_bytes(), "--out /srv/r\\udcff.txt ≤\n".encode())
    check.equal("files", sorted(listing(tmp_path)), ["report.txt"])


@witness.refusal(
    "A directory the file system cannot create is refused naming it, and the directories made before it are removed.",
    rules=[write_report],
    reasons=[
        because(
            ReportUnwritten,
            at="--out TMP/new/" + "d" * 300 + "/report.txt",
            saying="got OSError while creating directory TMP/new/" + "d" * 300 + ": File name too long",
        )
    ],
)
def an_uncreatable_directory_leaves_nothing_behind(tmp_path: Path):
    outcome = write_report(str(tmp_path / "new" / ("d" * 300) / "report.txt"), REPORT)
    check.equal("nothing left", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A folder too deep for the temp file's name is refused while writing in it, and nothing is left there.",
    rules=[write_report],
    reasons=[because(ReportUnwritten, at="--out TMP/r", saying="got OSError while writing in TMP: File name too long")],
)
def a_temp_file_that_cannot_be_made_leaves_nothing(tmp_path: Path):
    deep = deep_folder(tmp_path)
    outcome = write_report(str(deep / "r"), REPORT)
    check.equal("nothing left", os.listdir(deep), [])
    return in_folder(outcome, deep)  # TMP spells the deep folder here


@witness.positive(
    "A taken temp name, a file or a symbolic link, is never opened: the write tries the next name, 99 taken in a row included, and leaves what was there untouched.",
    rules=[write_report],
)
def a_taken_temp_name_is_never_opened(tmp_path: Path) -> None:
    written(tmp_path, "victim.txt", "someone else's")
    (tmp_path / TAKEN[0]).symlink_to("victim.txt")
    for name in TAKEN[1:99]:
        written(tmp_path, name, "someone else's")
    before = listing(tmp_path)
    names = TempNames(*TAKEN[:99], ".fresh.tmp")
    out = str(tmp_path / "report.txt")
    check.equal("outcome", write_report(out, REPORT, temp_name=names), Admitted(out))
    check.equal("names tried", names.given, [*TAKEN[:99], ".fresh.tmp"])
    check.equal("folder", listing(tmp_path), {**before, "report.txt": ("file", REPORT.encode("utf-8"))})


@witness.refusal(
    "A hundred taken temp names in a row refuse the report, saying no unused temporary name was found, and leave the folder as it was.",
    rules=[write_report],
    reasons=[
        because(
            ReportUnwritten,
            at="--out TMP/report.txt",
            saying="got FileExistsError while writing in TMP: no unused temporary name",
        )
    ],
)
def a_hundred_taken_temp_names_refuse_the_report(tmp_path: Path):
    for name in TAKEN:
        written(tmp_path, name, "someone else's")
    before = listing(tmp_path)
    names = TempNames(*TAKEN, ".fresh.tmp")
    outcome = write_report(str(tmp_path / "report.txt"), REPORT, temp_name=names)
    check.equal("names tried", names.given, list(TAKEN))
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.positive(
    "An interruption that is not an OSError (here raised while naming the temp file) propagates, and the directories made for the report are removed.",
    rules=[write_report],
)
def an_interrupted_write_leaves_nothing_behind(tmp_path: Path) -> None:
    def interrupted() -> str:
        raise Interrupted("while naming the temp file")

    raised: BaseException | None = None
    try:
        write_report(str(tmp_path / "new" / "deeper" / "report.txt"), REPORT, temp_name=interrupted)
    except Interrupted as exc:
        raised = exc
    check.equal("raised", repr(raised), repr(Interrupted("while naming the temp file")))
    check.equal("nothing left", listing(tmp_path), {})


@witness.positive(
    "A new path under a symbolic link to a directory is admitted, as the directory it names; under a link to a regular file it is refused naming that file's kind.",
    rules=[checked_out_path],
)
def a_link_to_a_directory_is_a_directory_for_the_path_under_it(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to("real")
    under_link = str(tmp_path / "linked" / "deeper" / "r.txt")
    check.equal("under a link to a directory", checked_out_path(under_link, {}), Admitted(under_link))
    written(tmp_path, "afile", "x")
    (tmp_path / "to-file").symlink_to("afile")
    check.equal(
        "under a link to a regular file",
        [
            (r.where, r.why)
            for r in check.refused(in_folder(checked_out_path(str(tmp_path / "to-file" / "r.txt"), {}), tmp_path))
        ],
        [
            (
                "--out TMP/to-file/r.txt",
                "expected a path under directories, got a path under TMP/to-file, which is a regular file",
            )
        ],
    )
    check.equal("nothing created", sorted(listing(tmp_path)), ["afile", "linked", "real", "to-file"])


@witness.refusal(
    "An --out that is the second of two inputs is refused naming that input, never the first.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/packet.json",
            saying="expected a path other than the packet, got the same file as the packet (TMP/packet.json); it is left as it was",
        )
    ],
)
def the_second_of_two_inputs_is_refused_by_its_name(tmp_path: Path):
    log = written(tmp_path, "log.jsonl", "{}\n")
    packet = written(tmp_path, "packet.json", "{}")
    outcome = checked_out_path(str(packet), {"authority log": str(log), "packet": str(packet)})
    check.equal("left as it was", packet.read_text(), "{}")
    return in_folder(outcome, tmp_path)
