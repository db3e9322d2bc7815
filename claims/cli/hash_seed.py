"""Run every command under one string-hash seed: what a claim reaches must not depend on the machine's seed.

A set of strings iterates in an order the seed decides, so a rule that walks
one reaches what its first item leads to, and a defect that drops a
`sorted()` turns red the claims whose sets happen to come out unsorted.  A
claim's reach feeds the result cache, the claims each mutant runs and every
evidence fingerprint the gate recomputes; under another seed the same commit
would record other rows.  Pinned, every machine records the same.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

HASH_SEED = "0"
PINNED = "CLAIMS_HASH_SEED_PINNED"


def pin_hash_seed(command: Sequence[str]) -> None:
    """Re-execute this command once with PYTHONHASHSEED=0, unless it already runs under it.

    Only a command typed as such is re-executed (not `main(argv)` called from other code, whose process is not
    ours to replace), and only once.
    """
    if os.environ.get("PYTHONHASHSEED") == HASH_SEED or os.environ.get(PINNED):
        return
    if sys.flags.ignore_environment or not sys.executable or list(sys.argv[1:]) != list(command):
        print(
            "claim_batch: string hashing is not pinned (set PYTHONHASHSEED=0); "
            "what a claim reaches, and what kills a mutant, may then differ from the recorded evidence",
            file=sys.stderr,
        )
        return
    sys.stdout.flush()
    sys.stderr.flush()
    environment = {**os.environ, "PYTHONHASHSEED": HASH_SEED, PINNED: "1"}
    os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], environment)
