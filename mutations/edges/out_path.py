"""Declare the seeded defects of deciding which `--out` may take a report: a link or an input taken for a place to write."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import out_path

W = "edges.out_path"

symbolic_link_taken_for_a_file = Defect(
    id="edges.symbolic_link_taken_for_a_file",
    target=out_path.out_path_admitted,
    intent="Admit a symbolic link at --out as if it were a regular file, so the report replaces the link (or a rename lands on what it points at).",
    patch=(
        "if seen.entry is not Entry.REGULAR_FILE:",
        "if seen.entry not in (Entry.REGULAR_FILE, Entry.SYMBOLIC_LINK):",
    ),
    must_red={
        f"{W}.a_symbolic_link_is_refused_naming_its_target",
        "edges.report_file.a_symbolic_link_is_refused",
        "edges.launch_dry_run.a_symbolic_link_at_out_is_left_alone",
    },
    must_green={f"{W}.a_new_path_or_a_regular_file_is_admitted"},
)

input_taken_for_the_report = Defect(
    id="edges.input_taken_for_the_report",
    target=out_path.out_path_admitted,
    intent="Admit an --out that is the authority log itself, so the report replaces the command's own input.",
    patch=("if seen.same_as is not None:", "if False:"),
    must_red={
        f"{W}.the_authority_log_is_refused",
        "edges.report_file.a_hard_link_to_the_log_is_refused",
        "edges.launch_dry_run.the_authority_log_is_never_the_report",
    },
)

path_under_a_file_admitted = Defect(
    id="edges.path_under_a_file_admitted",
    target=out_path.out_path_admitted,
    intent="Admit a path under a regular file, leaving the write to fail half way instead of refusing before anything is written.",
    patch=("if seen.under is not None:", "if False:"),
    must_red={f"{W}.a_path_under_a_file_is_refused", "edges.report_file.a_path_under_a_file_is_refused"},
)

regular_file_refused = Defect(
    id="edges.regular_file_refused",
    target=out_path.out_path_admitted,
    intent="Refuse every existing regular file at --out, so yesterday's report can never be replaced by today's.",
    patch=("if seen.same_as is not None:", "if seen.entry is Entry.REGULAR_FILE:"),
    must_red={
        f"{W}.a_new_path_or_a_regular_file_is_admitted",
        "edges.report_file.a_new_path_and_a_regular_file_are_admitted",
    },
)

directory_path_admitted = Defect(
    id="edges.directory_path_admitted",
    target=out_path.out_path_admitted,
    intent="Admit an --out ending in a slash, leaving the write to fail or to name a hidden file instead of refusing a directory path.",
    patch=('if posixpath.basename(out) in ("", ".", ".."):', 'if posixpath.basename(out) in (".", ".."):'),
    must_red={f"{W}.a_directory_path_is_refused"},
)

empty_out_unnamed = Defect(
    id="edges.empty_out_unnamed",
    target=out_path.out_path_admitted,
    intent="Let an empty --out fall through to the directory-path refusal, located at `--out ` with no path to show.",
    patch=("if not out:", "if False:"),
    must_red={f"{W}.an_empty_out_is_refused"},
)

uninspectable_path_admitted = Defect(
    id="edges.uninspectable_path_admitted",
    target=out_path.out_path_admitted,
    intent="Admit a path that could not be inspected as if it were new, writing where nothing was checked.",
    patch=("if seen.uninspectable is not None:", "if False:"),
    must_red={f"{W}.an_uninspectable_path_is_refused"},
)

fifo_ancestor_named_a_regular_file = Defect(
    id="edges.fifo_ancestor_named_a_regular_file",
    target=out_path.out_path_admitted,
    intent="Name a FIFO above --out a regular file, so the refusal misleads for that one kind of ancestor.",
    patch=(
        "kind = (seen.under_entry or Entry.SPECIAL).value",
        "kind = (seen.under_entry or Entry.SPECIAL).value if seen.under_entry is not Entry.FIFO else 'a regular file'",
    ),
    must_red={"edges.out_path.every_verdict_carries_out_and_what_was_seen_as_given"},
)

blank_out_refused_as_empty = Defect(
    id="edges.blank_out_refused_as_empty",
    target=out_path.out_path_admitted,
    intent="Refuse a blank --out (a file named by spaces) as if it were empty, though it is a file path.",
    patch=("    if not out:\n", "    if not out.strip():\n"),
    must_red={"edges.out_path.every_verdict_carries_out_and_what_was_seen_as_given"},
)

long_directory_path_admitted = Defect(
    id="edges.long_directory_path_admitted",
    target=out_path.out_path_admitted,
    intent="Check for a directory spelling only on paths shorter than 64 characters, so a long `reports/.../` is taken as a file path.",
    patch=(
        'if posixpath.basename(out) in ("", ".", ".."):',
        'if posixpath.basename(out) in ("", ".", "..") and len(out) < 64:',
    ),
    must_red={"edges.out_path.every_verdict_carries_out_and_what_was_seen_as_given"},
)
