"""Write files atomically: a temp file in the same folder, fsync, then rename.

A reader never sees a half-written ledger, snapshot or report; an
interrupted write leaves the old file intact.  The writer, and the check of
what the path may be, live in `claims._internal.destination`, the one
module every file writer calls; this module re-exports the writer.
"""

from claims._internal.destination import write_atomically

__all__ = ["write_atomically"]
