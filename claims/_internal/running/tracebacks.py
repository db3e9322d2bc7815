"""Format tracebacks without the framework's own frames, so a red claim shows the user's code."""

from __future__ import annotations

import traceback
from pathlib import Path

_FRAMEWORK = str(Path(__file__).resolve().parents[2])  # claims/


def _own(filename: str) -> bool:
    return filename.startswith(_FRAMEWORK) or filename.startswith("<frozen importlib")


def user_traceback(exc: BaseException) -> str:
    """Return the exception's traceback, dropping framework and import-machinery frames."""
    summary = traceback.extract_tb(exc.__traceback__)
    kept = traceback.StackSummary.from_list([frame for frame in summary if not _own(frame.filename)])
    lines = ["Traceback (most recent call last):\n", *kept.format()] if kept else []
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)


def type_check_failure(exc: BaseException) -> str | None:
    """Say, for typeguard's error at a rule's entry or return, whose check failed and how to opt out (a line added
    to the claim's ERROR).

    None for any other exception.  The check runs inside the function it guards: the innermost frame outside
    typeguard and the framework is that function.
    """
    if type(exc).__name__ != "TypeCheckError" or not type(exc).__module__.startswith("typeguard"):
        return None
    frame = None
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_globals.get("__name__", "")
        if not name.startswith(("typeguard", "claims.")) and not _own(tb.tb_frame.f_code.co_filename):
            frame = tb.tb_frame
        tb = tb.tb_next
    if frame is None:
        return "a run-time type check failed (only the type check: the code itself did not crash)"
    module = frame.f_globals.get("__name__", "?")
    function = getattr(frame.f_code, "co_qualname", frame.f_code.co_name)
    return (
        f"only the run-time type check of {module}.{function} failed, against its annotation; if the code is right "
        f'and the annotation stricter than it, turn the checks off for that module: [tool.claims].typecheck_exclude = ["{module}"]'
    )
