"""Declare the seeded defects of the report file's I/O: `--out` never inspected, a direct write instead of an atomic rename, leftovers after a failure."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import report_file

W = "edges.report_file"

out_never_inspected = Defect(
    id="edges.out_never_inspected",
    target=report_file.checked_out_path,
    intent="Decide on --out without inspecting it, as if every path were new, so a directory, a link or the log itself is written over.",
    patch=("return out_path_admitted(out, _seen(out, inputs))", "return out_path_admitted(out, OutPathSeen())"),
    must_red={
        f"{W}.a_directory_is_refused",
        f"{W}.a_symbolic_link_is_refused",
        "edges.launch_dry_run.the_authority_log_is_never_the_report",
    },
    must_green={f"{W}.a_new_path_and_a_regular_file_are_admitted"},
)

report_written_in_place = Defect(
    id="edges.report_written_in_place",
    target=report_file.write_report,
    intent="Write the report straight into --out (truncate, then write) instead of renaming a complete temp file over it, so a reader can see half a report.",
    patch=(
        "fd, temp = _exclusive_temp(os.path.dirname(target), temp_name)",
        "fd, temp = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666), target",
    ),
    must_red={f"{W}.a_report_is_replaced_atomically"},
    must_green={f"{W}.a_report_is_written_whole"},
)

replaced_report_takes_the_umask = Defect(
    id="edges.replaced_report_takes_the_umask",
    target=report_file.write_report,
    intent="Give a report that replaces one the umask's mode, so a 0444 or 0600 report comes back 0644 and readable by all.",
    patch=("            os.fchmod(fd, kept)\n", "            pass\n"),
    must_red={f"{W}.a_report_mode_follows_the_umask_or_the_file_it_replaces"},
    must_green={f"{W}.a_report_is_written_whole"},
)

failed_write_leaves_its_temp = Defect(
    id="edges.failed_write_leaves_its_temp",
    target=report_file.write_report,
    intent="Leave the temp file and the directories made for a report whose write failed.",
    patch=("        _undo(made)\n        why =", "        why ="),
    must_red={f"{W}.an_unwritable_report_leaves_nothing_behind"},
)

missing_directories_not_made = Defect(
    id="edges.missing_directories_not_made",
    target=report_file.write_report,
    intent="Write a report without making its missing directories, so the default `target/…` fails on a fresh checkout.",
    patch=("            os.mkdir(directory)\n", "            pass\n"),
    must_red={f"{W}.a_report_is_written_whole"},
)

dangling_link_taken_as_missing = Defect(
    id="edges.dangling_link_taken_as_missing",
    target=report_file.missing_directories,
    intent="Find the directories to create with os.path.exists, which follows links, so a dangling symbolic link on the way to --out is taken for a missing directory and mkdir is tried in its place.",
    patch=("    while not os.path.lexists(directory):", "    while not os.path.exists(directory):"),
    must_red={f"{W}.a_report_under_a_dangling_link_makes_no_directory"},
    must_green={f"{W}.a_report_is_written_whole"},
)

unwritten_report_located_at_its_absolute_path = Defect(
    id="edges.unwritten_report_located_at_its_absolute_path",
    target=report_file.write_report,
    intent="Locate a report that could not be written at the absolute path it was written to, not at --out as the user spelled it.",
    patch=('ReportUnwritten(f"--out {out}", why)', 'ReportUnwritten(f"--out {target}", why)'),
    must_red={f"{W}.a_report_is_located_at_out_as_spelled"},
)

two_missing_directories_at_most = Defect(
    id="edges.two_missing_directories_at_most",
    target=report_file.missing_directories,
    intent="List at most the two outermost missing directories, so a report three or more levels under a new folder is never written.",
    patch=("    return missing[::-1]", "    return missing[::-1][:2]"),
    must_red={"edges.report_file.a_report_under_any_depth_of_missing_directories_is_written"},
)

deeper_directories_made_private = Defect(
    id="edges.deeper_directories_made_private",
    target=report_file.write_report,
    intent="Make every missing directory after the first 0700, so only the outermost follows the umask.",
    patch=("            os.mkdir(directory)", "            os.mkdir(directory, 0o777 if not made else 0o700)"),
    must_red={"edges.report_file.a_report_under_any_depth_of_missing_directories_is_written"},
)
