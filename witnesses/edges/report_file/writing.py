"""Witness how the report is written in a temporary folder: whole, atomically, fsynced before the rename, with the umask's mode, and nothing left on failure."""

from __future__ import annotations

import os
from pathlib import Path

from claims import because, check
from domain.core.outcome import Admitted
from domain.edges.report_file import ReportUnwritten, write_report
from witnesses.edges.disk_faults import disk_calls
from witnesses.edges.fixtures import Interrupted, TempNames, deep_folder, file_mode, in_folder, listing, umask, written
from witnesses.edges.report_file import REPORT, TAKEN, witness


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
    "A new report's mode is 0666 narrowed by the umask, as open() would make it; a report that replaces one keeps that file's mode (0444, 0600, 0640, 0755 alike), whatever the umask.",
    rules=[write_report],
)
def a_report_mode_follows_the_umask_or_the_file_it_replaces(tmp_path: Path) -> None:
    for mask, mode in ((0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o000, 0o666)):
        with umask(mask):
            for kept in (0o444, 0o600, 0o640, 0o755, mode):
                out = tmp_path / f"report-{mask:03o}-{kept:03o}.txt"
                check.admitted(write_report(str(out), REPORT))
                check.equal(f"new under umask {mask:03o}", oct(file_mode(out)), oct(mode))
                out.chmod(kept)
                check.admitted(write_report(str(out), REPORT))
                check.equal(f"{kept:04o} replaced under umask {mask:03o}", oct(file_mode(out)), oct(kept))
                check.equal(f"{kept:04o} replaced: its bytes", out.read_bytes(), REPORT.encode("utf-8"))


@witness.positive(
    "A report written over what is not a regular file (a symbolic link, whose own mode is 0777) takes the umask's mode, never the link's: only a regular file's mode is kept.",
    rules=[write_report],
)
def a_report_over_a_link_takes_the_umask_never_the_links_mode(tmp_path: Path) -> None:
    for mask, mode in ((0o022, 0o644), (0o077, 0o600)):
        with umask(mask):
            target = tmp_path / f"private-{mask:03o}.txt"
            target.write_text("kept\n")
            target.chmod(0o600)
            out = tmp_path / f"link-{mask:03o}.txt"
            out.symlink_to(target.name)
            check.admitted(write_report(str(out), REPORT))
            check.equal(f"the link replaced under umask {mask:03o}", oct(file_mode(out)), oct(mode))
            check.equal(
                "the link's target untouched", (target.read_text(), oct(file_mode(target))), ("kept\n", oct(0o600))
            )


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


@witness.refusal(
    "A rename that fails in an existing folder is refused while renaming the report into place, and its temp file is removed, whatever stood at --out left as it was.",
    rules=[write_report],
    reasons=[
        because(
            ReportUnwritten,
            at="--out TMP/reports",
            saying="got IsADirectoryError while renaming the report into place: Is a directory",
        )
    ],
)
def a_failed_rename_removes_its_temp_file(tmp_path: Path):
    (tmp_path / "reports").mkdir()
    written(tmp_path / "reports", "kept.txt", "someone else's")
    before = listing(tmp_path)
    outcome = write_report(str(tmp_path / "reports"), REPORT)
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


class Unencodable(str):
    """Stand in for a report text whose encoding is interrupted, after the temp file was made (a plain str, no stream)."""

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        raise Interrupted("while encoding the report")


@witness.positive(
    "An interruption while the temp file is being written propagates, and the temp file and the directories made for the report are removed.",
    rules=[write_report],
)
def an_interruption_after_the_temp_file_leaves_nothing_behind(tmp_path: Path) -> None:
    raised: BaseException | None = None
    try:
        write_report(str(tmp_path / "new" / "deeper" / "report.txt"), Unencodable(REPORT))
    except Interrupted as exc:
        raised = exc
    check.equal("raised", repr(raised), repr(Interrupted("while encoding the report")))
    check.equal("nothing left", listing(tmp_path), {})


@witness.refusal(
    "A report under a dangling symbolic link is refused while writing in the link's path: the link counts as there, so no directory is made in its place, and the link is left as it was.",
    rules=[write_report],
    reasons=[
        because(
            ReportUnwritten,
            at="--out TMP/dangling/report.txt",
            saying="got FileNotFoundError while writing in TMP/dangling: No such file or directory",
        )
    ],
)
def a_report_under_a_dangling_link_makes_no_directory(tmp_path: Path):
    os.symlink(tmp_path / "gone", tmp_path / "dangling")
    outcome = write_report(str(tmp_path / "dangling" / "report.txt"), REPORT)
    check.equal("left as it was", listing(tmp_path), {"dangling": ("link", str(tmp_path / "gone"))})
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A report is admitted and refused at --out as the user spelled it (relative, with `..`), never at the absolute path it was written to.",
    rules=[write_report],
)
def a_report_is_located_at_out_as_spelled(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    written(tmp_path, "afile", "x")
    folder = os.path.relpath(tmp_path)
    dotted = os.path.join(folder, "sub", "..", "report.txt")
    check.equal("admitted as spelled", write_report(dotted, REPORT), Admitted(dotted))
    check.equal("written", (tmp_path / "report.txt").read_text(encoding="utf-8"), REPORT)
    under_a_file = os.path.join(folder, "sub", "..", "afile", "r.txt")
    check.equal(
        "refused as spelled",
        [r.where for r in check.refused(write_report(under_a_file, REPORT))],
        [f"--out {under_a_file}"],
    )


@witness.positive(
    "A report under one to five missing directories is written whole, each directory made at every depth with 0777 narrowed by the umask, and no temp file left.",
    rules=[write_report],
)
def a_report_under_any_depth_of_missing_directories_is_written(tmp_path: Path) -> None:
    for depth in range(1, 6):
        for mask, mode in ((0o022, 0o755), (0o077, 0o700)):
            base = tmp_path / f"d{depth}-{mask:03o}"
            folders = [base / "/".join(f"m{n}" for n in range(1, level + 1)) for level in range(1, depth + 1)]
            out = str(folders[-1] / "report.txt")
            with umask(mask):
                check.equal(f"depth {depth}, umask {mask:03o}: outcome", write_report(out, REPORT), Admitted(out))
            check.equal(
                f"depth {depth}, umask {mask:03o}: modes",
                [oct(file_mode(folder)) for folder in folders],
                [oct(mode)] * depth,
            )
            check.equal(
                f"depth {depth}, umask {mask:03o}: what is there",
                listing(folders[-1]),
                {"report.txt": ("file", REPORT.encode("utf-8"))},
            )
