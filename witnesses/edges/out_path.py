"""Witness which `--out` may take a report: a new path or a regular file that is no input, and nothing else, each refusal located."""

from __future__ import annotations

import itertools
import posixpath

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted, Refused
from domain.edges.out_path import Entry, OutPathRefused, OutPathSeen, out_path_admitted

witness = Witness("edges.out_path")


@witness.positive(
    "A new path and a regular file that is none of the inputs are admitted as given.", rules=[out_path_admitted]
)
def a_new_path_or_a_regular_file_is_admitted() -> None:
    check.equal("new path", out_path_admitted("target/report.txt", OutPathSeen()), Admitted("target/report.txt"))
    check.equal(
        "regular file", out_path_admitted("report.txt", OutPathSeen(entry=Entry.REGULAR_FILE)), Admitted("report.txt")
    )


@witness.refusal(
    "An empty --out is refused as no file path at all.",
    rules=[out_path_admitted],
    reasons=[because(OutPathRefused, at="--out", saying="expected a file path, got an empty string")],
)
def an_empty_out_is_refused():
    return out_path_admitted("", OutPathSeen())


@witness.refusal(
    "An --out ending in a slash is refused as a directory path before anything is inspected.",
    rules=[out_path_admitted],
    reasons=[because(OutPathRefused, at="--out reports/", saying="expected a file path, got a directory path")],
)
def a_directory_path_is_refused():
    return out_path_admitted("reports/", OutPathSeen())


@witness.refusal(
    "A symbolic link at --out is refused naming its target, and left as it was.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out report.txt",
            saying="expected a regular file or a new path, got a symbolic link to 'target.txt'; it is left as it was",
        )
    ],
)
def a_symbolic_link_is_refused_naming_its_target():
    return out_path_admitted("report.txt", OutPathSeen(entry=Entry.SYMBOLIC_LINK, link_target="target.txt"))


@witness.refusal(
    "A regular file that is the authority log is refused, naming it.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out log.jsonl",
            saying="expected a path other than the authority log, got the same file as the authority log (log.jsonl); it is left as it was",
        )
    ],
)
def the_authority_log_is_refused():
    return out_path_admitted(
        "log.jsonl", OutPathSeen(entry=Entry.REGULAR_FILE, same_as="authority log", same_path="log.jsonl")
    )


@witness.refusal(
    "A path under a regular file is refused, naming that file.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out afile/deeper/r.txt",
            saying="expected a path under directories, got a path under /w/afile, which is a regular file",
        )
    ],
)
def a_path_under_a_file_is_refused():
    return out_path_admitted("afile/deeper/r.txt", OutPathSeen(under="/w/afile", under_entry=Entry.REGULAR_FILE))


@witness.refusal(
    "A path that cannot be inspected is refused, saying why.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out locked/r.txt",
            saying="expected a path this process can inspect, got PermissionError: Permission denied",
        )
    ],
)
def an_uninspectable_path_is_refused():
    return out_path_admitted("locked/r.txt", OutPathSeen(uninspectable="PermissionError: Permission denied"))


@witness.property(
    "Any existing entry but a regular file is refused naming its kind, even one the inputs do not share.",
    rules=[out_path_admitted],
)
@settings(max_examples=20)
@given(st.sampled_from([e for e in Entry if e is not Entry.REGULAR_FILE]), st.sampled_from(["r.txt", "/srv/out/r.txt"]))
def every_entry_but_a_regular_file_is_refused(entry: Entry, out: str) -> None:
    reasons = check.refused(out_path_admitted(out, OutPathSeen(entry=entry)))
    check.equal("where", [r.where for r in reasons], [f"--out {out}"])
    check.contains("kind named", f"got {entry.value}; it is left as it was", reasons[0].why)


@witness.property(
    "Every spelling of a directory, a trailing slash, . or .. as the last component, is refused with exactly one reason, whatever is there.",
    rules=[out_path_admitted],
)
@settings(max_examples=20)
@given(
    st.sampled_from(["reports/", ".", "..", "reports/.", "reports/..", "/srv/out/./", "/"]),
    st.sampled_from([OutPathSeen(), OutPathSeen(entry=Entry.REGULAR_FILE), OutPathSeen(entry=Entry.DIRECTORY)]),
)
@example(".", OutPathSeen())
@example("..", OutPathSeen())
@example("reports/..", OutPathSeen(entry=Entry.REGULAR_FILE))
def every_directory_spelling_is_refused_exactly(out: str, seen: OutPathSeen) -> None:
    check.equal(
        out,
        out_path_admitted(out, seen),
        Refused((OutPathRefused(f"--out {out}", "expected a file path, got a directory path"),)),
    )


@witness.positive(
    "A file name made of dots or starting or ending with one is still a file path, and admitted as given.",
    rules=[out_path_admitted],
)
def names_with_dots_are_file_paths() -> None:
    for out in ("...", ".report", "report.", "reports/...", "reports/.hidden", "./r.txt", "../r.txt"):
        check.equal(out, out_path_admitted(out, OutPathSeen()), Admitted(out))


@witness.positive(
    "An empty --out is refused with exactly one reason, at --out, saying no more than that it is no file path.",
    rules=[out_path_admitted],
)
def an_empty_out_is_refused_exactly() -> None:
    check.equal(
        "empty",
        out_path_admitted("", OutPathSeen(entry=Entry.REGULAR_FILE)),
        Refused((OutPathRefused("--out", "expected a file path, got an empty string"),)),
    )


@witness.refusal(
    "A path under an ancestor whose kind was not seen is refused naming it a special file, never a regular one.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out odd/r.txt",
            saying="expected a path under directories, got a path under /w/odd, which is a special file",
        )
    ],
)
def a_path_under_an_unknown_kind_is_refused_as_under_a_special_file():
    return out_path_admitted("odd/r.txt", OutPathSeen(under="/w/odd"))


# The decision order the rule documents: it stops at the first refusal that applies, so the operator
# reads the one thing to fix first (a path that is no file path at all, then one that cannot be looked
# at, then what is above it, then what is at it, then which input it is).
ORDER = ("empty", "directory path", "uninspectable", "under a file", "not a regular file", "an input")
SAID = {
    "empty": ("--out", "expected a file path, got an empty string"),
    "directory path": ("--out reports/", "expected a file path, got a directory path"),
    "uninspectable": (
        "--out r.txt",
        "expected a path this process can inspect, got PermissionError: Permission denied",
    ),
    "under a file": (
        "--out r.txt",
        "expected a path under directories, got a path under /w/afile, which is a regular file",
    ),
    "not a regular file": (
        "--out r.txt",
        "expected a regular file or a new path, got a directory; it is left as it was",
    ),
    "an input": (
        "--out r.txt",
        "expected a path other than the authority log, got the same file as the authority log (log.jsonl); it is left as it was",
    ),
}


def _applying(conditions: frozenset[str]) -> tuple[str, OutPathSeen]:
    """Return an --out and what was seen there such that exactly `conditions` apply."""
    out = "" if "empty" in conditions else "reports/" if "directory path" in conditions else "r.txt"
    entry = Entry.DIRECTORY if "not a regular file" in conditions else Entry.REGULAR_FILE
    seen = OutPathSeen(
        entry=entry if {"not a regular file", "an input"} & conditions else None,
        under="/w/afile" if "under a file" in conditions else None,
        under_entry=Entry.REGULAR_FILE if "under a file" in conditions else None,
        same_as="authority log" if "an input" in conditions else None,
        same_path="log.jsonl" if "an input" in conditions else None,
        uninspectable="PermissionError: Permission denied" if "uninspectable" in conditions else None,
    )
    return out, seen


@witness.positive(
    "When several refusals apply to --out, exactly one is said, the first in the order empty, directory path, uninspectable, under a non-directory, not a regular file, an input.",
    rules=[out_path_admitted],
)
def the_first_refusal_in_the_documented_order_wins() -> None:
    for size in range(1, len(ORDER) + 1):
        for chosen in itertools.combinations(ORDER, size):
            out, seen = _applying(frozenset(chosen))
            where, why = SAID[chosen[0]]
            check.equal(" + ".join(chosen), out_path_admitted(out, seen), Refused((OutPathRefused(where, why),)))


@witness.refusal(
    "An input that is not a regular file at --out is refused for its kind, never for being that input.",
    rules=[out_path_admitted],
    reasons=[
        because(
            OutPathRefused,
            at="--out /w/logs",
            saying="expected a regular file or a new path, got a directory; it is left as it was",
        )
    ],
)
def a_non_regular_input_is_refused_for_its_kind():
    return out_path_admitted(
        "/w/logs", OutPathSeen(entry=Entry.DIRECTORY, same_as="authority log", same_path="/w/logs")
    )


LONG = "reports/" + "deep-" * 30 + "r.txt"
"""A path longer than any fixture's (158 characters)."""


def _file_path(out: str) -> bool:
    return bool(out) and posixpath.basename(out) not in ("", ".", "..")


@witness.property(
    "Whatever text --out and what was seen there hold (blank, padded, non-ASCII, long, with slashes or quotes), each verdict carries them as given: a new path or regular file admitted as spelled, a directory spelling refused, and each refusal naming the ancestor's kind, the link's target, the input and its path exactly.",
    rules=[out_path_admitted],
)
@settings(max_examples=40, deadline=None)
@given(st.text(max_size=200).filter(_file_path), st.text(max_size=120))
@example(" ", "/w/a file")
@example("r.txt ", "/abs/target.txt")
@example(" r.txt", "../up/target")
@example("répertoire/rapport.txt", "/w/répertoire/log ü.jsonl")
@example(LONG, "/" + "long-" * 30)
@example("r.txt", "")
def every_verdict_carries_out_and_what_was_seen_as_given(out: str, seen_text: str) -> None:
    where = f"--out {out}"
    check.equal("new path", out_path_admitted(out, OutPathSeen()), Admitted(out))
    check.equal("regular file", out_path_admitted(out, OutPathSeen(entry=Entry.REGULAR_FILE)), Admitted(out))
    for spelling in (f"{out}/", f"{out}/.", f"{out}/.."):
        check.equal(
            f"directory spelling {spelling!r}",
            out_path_admitted(spelling, OutPathSeen()),
            Refused((OutPathRefused(f"--out {spelling}", "expected a file path, got a directory path"),)),
        )
    for under_entry in (*Entry, None):
        kind = (under_entry or Entry.SPECIAL).value
        check.equal(
            f"under {kind}",
            out_path_admitted(out, OutPathSeen(under=seen_text, under_entry=under_entry)),
            Refused(
                (
                    OutPathRefused(
                        where, f"expected a path under directories, got a path under {seen_text}, which is {kind}"
                    ),
                )
            ),
        )
    for entry in (e for e in Entry if e is not Entry.REGULAR_FILE):
        for target in (None, seen_text):
            shown = entry.value + ("" if target is None else f" to {target!r}")
            check.equal(
                f"{entry.value}, target {target!r}",
                out_path_admitted(out, OutPathSeen(entry=entry, link_target=target)),
                Refused(
                    (
                        OutPathRefused(
                            where, f"expected a regular file or a new path, got {shown}; it is left as it was"
                        ),
                    )
                ),
            )
    for name in ("authority log", "packet", seen_text or "log"):
        check.equal(
            f"the input {name!r}",
            out_path_admitted(out, OutPathSeen(entry=Entry.REGULAR_FILE, same_as=name, same_path=seen_text)),
            Refused(
                (
                    OutPathRefused(
                        where,
                        f"expected a path other than the {name}, got the same file as the {name} ({seen_text}); it is left as it was",
                    ),
                )
            ),
        )
    check.equal(
        "uninspectable",
        out_path_admitted(out, OutPathSeen(uninspectable=seen_text)),
        Refused((OutPathRefused(where, f"expected a path this process can inspect, got {seen_text}"),)),
    )
