"""Format tracebacks without the framework's own frames, so a red claim shows the user's code."""

from __future__ import annotations

import traceback
from pathlib import Path

_FRAMEWORK = str(Path(__file__).resolve().parent.parent)


def _own(filename: str) -> bool:
    return filename.startswith(_FRAMEWORK) or filename.startswith("<frozen importlib")


def user_traceback(exc: BaseException) -> str:
    """Return the exception's traceback, dropping framework and import-machinery frames."""
    summary = traceback.extract_tb(exc.__traceback__)
    kept = traceback.StackSummary.from_list([frame for frame in summary if not _own(frame.filename)])
    lines = ["Traceback (most recent call last):\n", *kept.format()] if kept else []
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)
